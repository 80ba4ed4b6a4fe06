//! Adjudicating relations: each set of corresponding relations of the annotators (a
//! [`RelationProposal`]) is decided like a unitary alignment — keep one annotator's relation,
//! relabel it, or have none — and the gold relations connect gold units.
//!
//! Relations correspond as [`crate::relations`] measures them: their endpoints lie in the same
//! unitary alignments of the best alignment (for a group, the alignments of its members), in the
//! same direction. Within such a place, relations with the same label are put in one proposal
//! first (each annotator at most once); the others then fill the proposals where their annotator
//! has none, and what remains makes proposals of its own. With two annotators this is the
//! one-to-one matching of the agreement measure, so a proposal with two relations is a matched
//! pair and a proposal with one is "only on one side".
//!
//! A gold relation's endpoints follow the unit decisions: an endpoint is the gold units that
//! decide its alignments. When one of those alignments has no gold unit, the relation has
//! nowhere to go ([`Adjudication::lost_endpoints`]): while the alignment is open or skipped it
//! waits for it; once the alignment is rejected the relation is
//! [flagged](Adjudication::flagged_relations). Either way it is shown to the adjudicator and
//! listed in the report of the gold — never silently dropped.

use super::Adjudication;
use super::damage::{Damage, DamagedAdjudication, Place};
use super::history::{Change, check_relation_decision};
use super::model::{
    Decision, GoldError, GoldId, GoldRelation, LostEndpoint, Progress, Proposal, RelationChoice,
    RelationDecision, RelationProposal, Rule, now,
};
use crate::continuum::Continuum;
use crate::relation::Endpoint;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// An annotator's relation: (annotator, index in its relations).
pub(crate) type AnnotatorRelation = (usize, usize);

/// An annotator's relation kept in the gold: (annotator, index in its relations, gold label).
pub(crate) type KeptRelation = (usize, usize, String);

/// The relation proposals of `continuum`, whose unitary alignments are `proposals`.
pub(super) fn relation_proposals(
    continuum: &Continuum,
    proposals: &[Proposal],
) -> Vec<RelationProposal> {
    let mut alignment_of: HashMap<(usize, usize), usize> = HashMap::new();
    for (index, proposal) in proposals.iter().enumerate() {
        for (annotator, slot) in proposal.slots.iter().enumerate() {
            if let Some(unit) = slot {
                alignment_of.insert((annotator, *unit), index);
            }
        }
    }
    let n = continuum.n_annotators();
    // (directed, source image, target image) → for each annotator, its relations there.
    type Place = (bool, Vec<usize>, Vec<usize>);
    let mut places: BTreeMap<Place, Vec<Vec<usize>>> = BTreeMap::new();
    for (a, annotator) in continuum.annotators.iter().enumerate() {
        let unit_of: HashMap<&str, usize> = (annotator.units.iter().enumerate())
            .filter_map(|(i, u)| Some((u.source_id.as_deref()?, i)))
            .collect();
        let image = |endpoint: &Endpoint| -> Option<Vec<usize>> {
            let ids: Vec<&String> = match endpoint {
                Endpoint::Unit(id) => vec![id],
                Endpoint::Group { members, .. } => members.iter().collect(),
            };
            let image: BTreeSet<usize> = (ids.into_iter())
                .map(|id| alignment_of.get(&(a, *unit_of.get(id.as_str())?)).copied())
                .collect::<Option<_>>()?;
            (!image.is_empty()).then(|| image.into_iter().collect())
        };
        for (index, relation) in annotator.relations.iter().enumerate() {
            let (Some(mut source), Some(mut target)) =
                (image(&relation.source), image(&relation.target))
            else {
                continue;
            };
            if !relation.directed && target < source {
                std::mem::swap(&mut source, &mut target);
            }
            places
                .entry((relation.directed, source, target))
                .or_insert_with(|| vec![Vec::new(); n])[a]
                .push(index);
        }
    }
    let mut out = Vec::new();
    for ((directed, source, target), relations) in places {
        for members in group_by_label(continuum, relations) {
            out.push(RelationProposal {
                members,
                source: source.clone(),
                target: target.clone(),
                directed,
            });
        }
    }
    out.sort_by(|a, b| (&a.source, &a.target).cmp(&(&b.source, &b.target)));
    out
}

/// The relations of one place (for each annotator, its relations there) grouped into proposals:
/// equal labels together first, then the rest filling the proposals where their annotator has
/// none, in file order.
fn group_by_label(
    continuum: &Continuum,
    mut relations: Vec<Vec<usize>>,
) -> Vec<Vec<Option<usize>>> {
    let label = |a: usize, r: usize| continuum.annotators[a].relations[r].label.as_str();
    let n = relations.len();
    let mut labels: Vec<&str> = Vec::new();
    for (a, mine) in relations.iter().enumerate() {
        for &r in mine {
            if !labels.contains(&label(a, r)) {
                labels.push(label(a, r));
            }
        }
    }
    let mut groups: Vec<Vec<Option<usize>>> = Vec::new();
    for wanted in labels {
        let having = |relations: &[Vec<usize>]| {
            (relations.iter().enumerate())
                .filter(|(a, mine)| mine.iter().any(|&r| label(*a, r) == wanted))
                .count()
        };
        while having(&relations) >= 2 {
            let mut group = vec![None; n];
            for (a, mine) in relations.iter_mut().enumerate() {
                if let Some(at) = mine.iter().position(|&r| label(a, r) == wanted) {
                    group[a] = Some(mine.remove(at));
                }
            }
            groups.push(group);
        }
    }
    for (a, mine) in relations.iter_mut().enumerate() {
        for group in groups.iter_mut().filter(|g| g[a].is_none()) {
            if mine.is_empty() {
                break;
            }
            group[a] = Some(mine.remove(0));
        }
    }
    // What is left: k-th remaining relation of every annotator together.
    while relations.iter().any(|r| !r.is_empty()) {
        groups.push(
            (relations.iter_mut())
                .map(|mine| (!mine.is_empty()).then(|| mine.remove(0)))
                .collect(),
        );
    }
    groups
}

impl Adjudication {
    /// Every relation proposal, by position of its source.
    pub fn relation_proposals(&self) -> &[RelationProposal] {
        &self.relation_proposals
    }

    /// The decision of every relation proposal.
    pub fn relation_decisions(&self) -> &[RelationDecision] {
        &self.relation_decisions
    }

    /// Relation proposal `index`, or why there is none.
    pub fn relation_proposal(&self, index: usize) -> Result<&RelationProposal, GoldError> {
        (self.relation_proposals.get(index)).ok_or(GoldError::NoSuchRelation(index))
    }

    /// The relations of proposal `index`, as (annotator, relation index, label).
    pub fn relation_members(&self, index: usize) -> Vec<(usize, usize, &str)> {
        self.relation_proposals
            .get(index)
            .map_or_else(Vec::new, |p| {
                (p.members.iter().enumerate())
                    .filter_map(|(a, r)| {
                        let r = (*r)?;
                        Some((
                            a,
                            r,
                            self.continuum.annotators[a].relations[r].label.as_str(),
                        ))
                    })
                    .collect()
            })
    }

    /// The relation proposals with an endpoint in unitary alignment `alignment`.
    pub fn relations_at(&self, alignment: usize) -> Vec<usize> {
        (self.relation_proposals.iter().enumerate())
            .filter(|(_, p)| p.source.contains(&alignment) || p.target.contains(&alignment))
            .map(|(i, _)| i)
            .collect()
    }

    /// Every annotator has a relation in proposal `index`, all with the same label.
    pub fn is_relation_unanimous(&self, index: usize) -> bool {
        let members = self.relation_members(index);
        members.len() == self.continuum.n_annotators()
            && members.windows(2).all(|pair| pair[0].2 == pair[1].2)
    }

    /// The suggested decision: none when more annotators have no relation there than have one;
    /// else the relation of the label most of them gave (the first annotator's of a tie).
    pub(crate) fn relation_suggestion(&self, index: usize) -> RelationChoice {
        let members = self.relation_members(index);
        if members.is_empty() || self.continuum.n_annotators() - members.len() > members.len() {
            return RelationChoice::Reject;
        }
        let mut counts: Vec<(&str, usize, usize)> = Vec::new();
        for (a, _, label) in &members {
            match counts.iter_mut().find(|(l, _, _)| l == label) {
                Some((_, n, _)) => *n += 1,
                None => counts.push((label, 1, *a)),
            }
        }
        let best = counts.iter().map(|c| c.1).max().unwrap_or(0);
        let (_, _, annotator) = counts.into_iter().find(|c| c.1 == best).expect("a member");
        RelationChoice::Pick { annotator }
    }

    /// The label relation proposal `index` puts in the gold when decided with `choice`.
    pub fn relation_label(&self, index: usize, choice: &RelationChoice) -> Option<String> {
        match choice {
            RelationChoice::Pick { annotator } => {
                let relation = self
                    .relation_proposals
                    .get(index)?
                    .members
                    .get(*annotator)?;
                Some(
                    self.continuum.annotators[*annotator].relations[(*relation)?]
                        .label
                        .clone(),
                )
            }
            RelationChoice::Relabel { label } => Some(label.clone()),
            RelationChoice::Reject => None,
        }
    }

    /// Decides relation proposal `index` with `choice`, as one undoable step.
    pub fn decide_relation(
        &mut self,
        index: usize,
        choice: RelationChoice,
    ) -> Result<(), GoldError> {
        let proposal = self.relation_proposal(index)?;
        let label = match &choice {
            RelationChoice::Pick { annotator } => {
                let member = *proposal
                    .members
                    .get(*annotator)
                    .ok_or(GoldError::NoSuchAnnotator(*annotator))?;
                if member.is_none() {
                    return Err(GoldError::NoRelation {
                        relation: index,
                        annotator: self.continuum.annotators[*annotator].name.clone(),
                    });
                }
                let name = &self.continuum.annotators[*annotator].name;
                format!("keep {name}'s relation {}", index + 1)
            }
            RelationChoice::Relabel { label } if label.trim().is_empty() => {
                return Err(GoldError::EmptyLabel);
            }
            RelationChoice::Relabel { label } => {
                format!("relabel relation {} as {label}", index + 1)
            }
            RelationChoice::Reject => format!("no relation {} in the gold", index + 1),
        };
        let decision = RelationDecision::Decided {
            choice,
            rule: Rule::Manual,
            by: self.adjudicator.clone(),
            at: now(),
            reason: None,
            note: None,
        };
        let mut changes = Vec::new();
        self.set_relation_decision(&mut changes, index, decision);
        self.commit(label, changes);
        Ok(())
    }

    /// Leaves relation proposal `index` for later.
    pub fn skip_relation(&mut self, index: usize) -> Result<(), GoldError> {
        self.relation_proposal(index)?;
        let skipped = RelationDecision::Skipped {
            by: self.adjudicator.clone(),
            at: now(),
        };
        let mut changes = Vec::new();
        self.set_relation_decision(&mut changes, index, skipped);
        self.commit(format!("skip relation {}", index + 1), changes);
        Ok(())
    }

    /// Makes relation proposal `index` open again.
    pub fn reopen_relation(&mut self, index: usize) -> Result<(), GoldError> {
        self.relation_proposal(index)?;
        let mut changes = Vec::new();
        self.set_relation_decision(&mut changes, index, RelationDecision::Open);
        self.commit(format!("reopen relation {}", index + 1), changes);
        Ok(())
    }

    /// Decides every open unanimous relation proposal into `changes` (the unanimous bulk rule's
    /// step); returns how many.
    pub(super) fn decide_unanimous_relations(&mut self, changes: &mut Vec<Change>) -> usize {
        let chosen: Vec<usize> = (0..self.relation_proposals.len())
            .filter(|&i| self.relation_decisions[i].is_open() && self.is_relation_unanimous(i))
            .collect();
        for &index in &chosen {
            let decision = RelationDecision::Decided {
                choice: RelationChoice::Pick { annotator: 0 },
                rule: Rule::Unanimous,
                by: self.adjudicator.clone(),
                at: now(),
                reason: None,
                note: None,
            };
            self.set_relation_decision(changes, index, decision);
        }
        chosen.len()
    }

    /// Decides every open relation proposal with its suggestion into `changes`.
    pub(super) fn suggest_open_relations(&mut self, changes: &mut Vec<Change>) {
        for index in 0..self.relation_proposals.len() {
            if self.relation_decisions[index].is_open() {
                let decision = RelationDecision::Decided {
                    choice: self.relation_suggestion(index),
                    rule: Rule::Threshold {
                        max_disorder: f64::INFINITY,
                        min_majority: 1,
                    },
                    by: self.adjudicator.clone(),
                    at: now(),
                    reason: None,
                    note: None,
                };
                self.set_relation_decision(changes, index, decision);
            }
        }
    }

    pub(super) fn set_relation_decision(
        &mut self,
        changes: &mut Vec<Change>,
        relation: usize,
        after: RelationDecision,
    ) {
        let before = std::mem::replace(&mut self.relation_decisions[relation], after.clone());
        changes.push(Change::Relation {
            relation,
            before,
            after,
        });
    }

    /// How many relation proposals are decided, skipped and open.
    pub fn relation_progress(&self) -> Progress {
        let mut progress = Progress {
            total: self.relation_decisions.len(),
            ..Progress::default()
        };
        for decision in &self.relation_decisions {
            match decision {
                RelationDecision::Open => progress.open += 1,
                RelationDecision::Skipped { .. } => progress.skipped += 1,
                RelationDecision::Decided { .. } => progress.decided += 1,
            }
        }
        progress
    }

    /// The alignments of relation proposal `index`'s endpoints that have no gold unit: a
    /// relation decided into the gold there cannot be written (see the module documentation).
    pub fn lost_endpoints(&self, index: usize) -> Vec<LostEndpoint> {
        self.lost_endpoints_given(index, &self.gold_by_alignment())
    }

    /// The gold units of each decided alignment that has some, by alignment.
    fn gold_by_alignment(&self) -> BTreeMap<usize, Vec<GoldId>> {
        let mut by_alignment: BTreeMap<usize, Vec<GoldId>> = BTreeMap::new();
        for (&id, gold) in &self.gold {
            if let Some(alignment) = gold.proposal {
                by_alignment.entry(alignment).or_default().push(id);
            }
        }
        by_alignment
    }

    /// [`Self::lost_endpoints`] given the gold units by alignment (made once for many).
    fn lost_endpoints_given(
        &self,
        index: usize,
        gold: &BTreeMap<usize, Vec<GoldId>>,
    ) -> Vec<LostEndpoint> {
        let Some(proposal) = self.relation_proposals.get(index) else {
            return Vec::new();
        };
        let alignments: BTreeSet<usize> = proposal
            .source
            .iter()
            .chain(&proposal.target)
            .copied()
            .collect();
        (alignments.into_iter())
            .filter(|alignment| !gold.contains_key(alignment))
            .map(|alignment| LostEndpoint {
                alignment,
                rejected: matches!(
                    self.decisions.get(alignment),
                    Some(Decision::Decided { .. })
                ),
            })
            .collect()
    }

    /// The gold relations: every relation proposal decided into the gold whose endpoints all
    /// have gold units (see [`Self::lost_endpoints`] and [`Self::flagged_relations`] for the
    /// others).
    pub fn gold_relations(&self) -> Vec<GoldRelation> {
        let gold = self.gold_by_alignment();
        let gold_of = |alignments: &[usize]| -> Vec<GoldId> {
            let mut ids: Vec<GoldId> = (alignments.iter())
                .flat_map(|a| gold.get(a).into_iter().flatten().copied())
                .collect();
            ids.sort_unstable();
            ids
        };
        let mut out = Vec::new();
        for (index, decision) in self.relation_decisions.iter().enumerate() {
            let RelationDecision::Decided { choice, .. } = decision else {
                continue;
            };
            let Some(label) = self.relation_label(index, choice) else {
                continue;
            };
            if !self.lost_endpoints_given(index, &gold).is_empty() {
                continue;
            }
            let proposal = &self.relation_proposals[index];
            out.push(GoldRelation {
                proposal: index,
                label,
                source: gold_of(&proposal.source),
                target: gold_of(&proposal.target),
                directed: proposal.directed,
                from: self.relation_source_annotator(index, choice),
            });
        }
        out
    }

    /// The relation proposals decided into the gold with an endpoint whose alignment was
    /// rejected: they cannot be in the gold unless the adjudicator changes one decision or the
    /// other. (An endpoint whose alignment is still open is waiting, not flagged.)
    pub fn flagged_relations(&self) -> Vec<(usize, Vec<LostEndpoint>)> {
        let gold = self.gold_by_alignment();
        (self.relation_decisions.iter().enumerate())
            .filter(|(_, d)| match d {
                RelationDecision::Decided { choice, .. } => *choice != RelationChoice::Reject,
                _ => false,
            })
            .map(|(i, _)| (i, self.lost_endpoints_given(i, &gold)))
            .filter(|(_, lost)| lost.iter().any(|l| l.rejected))
            .collect()
    }

    /// The annotator whose relation a decision keeps: the picked one, or for a relabelling
    /// the first annotator with a relation there.
    pub(crate) fn relation_source_annotator(&self, index: usize, choice: &RelationChoice) -> usize {
        match choice {
            RelationChoice::Pick { annotator } => *annotator,
            _ => (self.relation_proposals.get(index))
                .and_then(|p| p.members.iter().position(Option::is_some))
                .unwrap_or(0),
        }
    }

    /// The annotators' relations (annotator, relation index) that the gold holds as decided,
    /// each with its gold label — the `base` annotator's where it has one with that label (or
    /// one at all, for a relabelling), so
    /// that a writer keeps the base's own relation (its id, what links to it) —; and every
    /// relation of a decided proposal, kept or not. A writer carrying the base annotator's
    /// relations leaves the decided ones to this list.
    pub fn decided_relations(&self, base: usize) -> (Vec<KeptRelation>, Vec<AnnotatorRelation>) {
        let mut kept = Vec::new();
        let mut decided = Vec::new();
        for (index, decision) in self.relation_decisions.iter().enumerate() {
            let RelationDecision::Decided { choice, .. } = decision else {
                continue;
            };
            let members = self.relation_members(index);
            decided.extend(members.iter().map(|&(a, r, _)| (a, r)));
            let Some(label) = self.relation_label(index, choice) else {
                continue;
            };
            let chosen = self.relation_source_annotator(index, choice);
            let relabelled = matches!(choice, RelationChoice::Relabel { .. });
            let base_alike =
                (members.iter()).find(|(a, _, l)| *a == base && (*l == label || relabelled));
            let kept_member = base_alike.or_else(|| members.iter().find(|(a, _, _)| *a == chosen));
            if let Some(&(a, r, _)) = kept_member {
                kept.push((a, r, label));
            }
        }
        (kept, decided)
    }

    /// Checks the relation proposals and decisions of a deserialised adjudication (see
    /// [`Self::validate`]).
    pub(super) fn validate_relations(&self) -> Result<(), DamagedAdjudication> {
        let n = self.continuum.n_annotators();
        if self.relation_decisions.len() != self.relation_proposals.len() {
            let damage = Damage::RelationDecisionCount {
                decisions: self.relation_decisions.len(),
                relations: self.relation_proposals.len(),
            };
            return Err(damage.at(Place::Whole));
        }
        for (i, (proposal, decision)) in
            (self.relation_proposals.iter().zip(&self.relation_decisions)).enumerate()
        {
            let at = |damage: Damage| damage.at(Place::Relation(i));
            if proposal.members.len() != n {
                return Err(at(Damage::MemberCount {
                    members: proposal.members.len(),
                    annotators: n,
                }));
            }
            for (a, member) in proposal.members.iter().enumerate() {
                if member.is_some_and(|r| r >= self.continuum.annotators[a].relations.len()) {
                    return Err(at(Damage::NoSuchRelation(a)));
                }
            }
            if (proposal.source.iter().chain(&proposal.target)).any(|&p| p >= self.proposals.len())
            {
                return Err(at(Damage::EndpointOutside));
            }
            check_relation_decision(decision, n).map_err(at)?;
            if let RelationDecision::Decided {
                choice: RelationChoice::Pick { annotator },
                ..
            } = decision
                && proposal.members[*annotator].is_none()
            {
                return Err(at(Damage::NoRelationThere(*annotator)));
            }
        }
        Ok(())
    }

    /// Recomputes the relation proposals of an adjudication saved before relations were
    /// adjudicated (its session holds none): every relation proposal open.
    pub fn restore_relation_proposals(&mut self) {
        if self.relation_proposals.is_empty() && self.relation_decisions.is_empty() {
            self.relation_proposals = relation_proposals(&self.continuum, &self.proposals);
            self.relation_decisions = vec![RelationDecision::Open; self.relation_proposals.len()];
        }
    }
}

#[cfg(test)]
mod tests;
