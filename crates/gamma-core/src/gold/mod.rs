//! Adjudication: turning the best alignment into a consensus gold standard.
//!
//! The γ paper (§7) observes that the best alignment lists every place where the annotators
//! must be reconciled: each unitary alignment is a [`Proposal`] that the adjudicator decides
//! (picks one annotator's unit, accepts the [suggestion](Adjudication::suggestion), rejects it)
//! or skips. The decided units form the gold, which the adjudicator may then edit, split, merge,
//! or complete with units no annotator made. Bulk rules decide the easy proposals at once.
//! A decision may carry a reason from the campaign's list and a note (`reasons`).
//!
//! Every action is one undoable [`Step`] made of reversible changes, so that undo and redo
//! need no snapshots and a bulk decision of thousands of proposals is one step. The whole
//! state is serialisable: `gamma_formats::session` saves it after every change; `gamma_formats::gold_export` writes the gold
//! and a report of the decisions.

mod actions;
mod bulk_rules;
mod damage;
mod history;
mod model;
mod navigation;
mod reasons;
mod relations;
mod reorder;
mod tokens;

pub use bulk_rules::OpenAlignments;
pub use damage::{Damage, DamagedAdjudication, History, Place};
pub use history::Step;
pub use model::{
    Choice, Decision, Direction, Filter, GoldError, GoldId, GoldRelation, GoldUnit, LostEndpoint,
    Progress, Proposal, RelationChoice, RelationDecision, RelationProposal, Rule, now, parse_rule,
};
pub use reasons::{Rationale, Reason, ReasonCount, ReasonList, reason_counts, reason_key};
pub(crate) use tokens::snap_to_token;

use crate::alignment::{Alignment, AlignmentProblem};
use crate::continuum::{Annotator, Continuum};
use crate::unit::Unit;
use history::{Bounds, check_decision, check_gold_unit, check_history};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tokens::TextChars;

/// The adjudication of one document: proposals, their decisions, the gold, the history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Adjudication {
    continuum: Continuum,
    proposals: Vec<Proposal>,
    decisions: Vec<Decision>,
    gold: BTreeMap<GoldId, GoldUnit>,
    #[serde(default)]
    relation_proposals: Vec<RelationProposal>,
    #[serde(default)]
    relation_decisions: Vec<RelationDecision>,
    next_id: GoldId,
    /// The units of the categories left out of γ (a pre-segmentation, a layer under
    /// construction), by annotator: neither aligned nor decided; the gold carries the base
    /// annotator's (`gamma_formats::gold_export`). Empty when nothing was left out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    left_out: Vec<Vec<Unit>>,
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// Recorded with every decision.
    pub adjudicator: String,
    #[serde(skip)]
    text_chars: TextChars,
    #[serde(skip)]
    gold_by_proposal: actions::GoldByProposal,
}

impl Adjudication {
    /// Every unitary alignment of `alignment` (the best alignment of `continuum`, whose
    /// problem is `problem`) becomes an open proposal, in the alignment's order (by position).
    pub fn new(
        continuum: Continuum,
        problem: &AlignmentProblem,
        alignment: &Alignment,
        adjudicator: impl Into<String>,
    ) -> Adjudication {
        let proposals: Vec<Proposal> = (0..alignment.unitary_alignments.len())
            .map(|i| Proposal {
                slots: alignment.slots(problem, i),
                disorder: alignment.unitary_alignments[i].disorder,
            })
            .collect();
        let relation_proposals = relations::relation_proposals(&continuum, &proposals);
        Adjudication {
            decisions: vec![Decision::Open; proposals.len()],
            relation_decisions: vec![RelationDecision::Open; relation_proposals.len()],
            relation_proposals,
            proposals,
            continuum,
            gold: BTreeMap::new(),
            next_id: 1,
            left_out: Vec::new(),
            undo: Vec::new(),
            redo: Vec::new(),
            adjudicator: adjudicator.into(),
            text_chars: TextChars::default(),
            gold_by_proposal: actions::GoldByProposal::default(),
        }
    }

    /// A boundary moved to `position` lands on the nearest token start (or end) when the
    /// document has a text, else on a whole position.
    pub fn snap(&self, position: f64, is_start: bool) -> f64 {
        match &self.continuum.text {
            Some(text) => {
                let chars = self.text_chars.0.get_or_init(|| text.chars().collect());
                snap_to_token(chars, position, is_start)
            }
            None => position.round(),
        }
    }

    /// The adjudication of `measured` (a document without the units of the categories left out
    /// of γ, as [`Continuum::filter_categories`] makes it), whose left-out units are `left_out`
    /// (annotator by annotator, in `measured`'s order): see [`Adjudication::left_out`].
    pub fn set_left_out(&mut self, left_out: Vec<Vec<Unit>>) {
        self.left_out = if left_out.iter().all(Vec::is_empty) {
            Vec::new()
        } else {
            left_out
        };
    }

    /// The units of annotator `annotator` in the categories left out of γ: not aligned, not
    /// decided, carried into the gold when `annotator` is the gold's base.
    pub fn left_out(&self, annotator: usize) -> &[Unit] {
        self.left_out.get(annotator).map_or(&[], Vec::as_slice)
    }

    /// The document being adjudicated.
    pub fn continuum(&self) -> &Continuum {
        &self.continuum
    }

    /// Every proposal, in the best alignment's order.
    pub fn proposals(&self) -> &[Proposal] {
        &self.proposals
    }

    /// Proposal `index`, or why there is none.
    pub fn proposal(&self, index: usize) -> Result<&Proposal, GoldError> {
        self.proposals
            .get(index)
            .ok_or(GoldError::NoSuchProposal(index))
    }

    /// The decision of proposal `index`.
    pub fn decision(&self, index: usize) -> Option<&Decision> {
        self.decisions.get(index)
    }

    /// The decision of every proposal, in the proposals' order.
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }

    /// The units of a proposal, as (annotator, unit).
    pub fn members(&self, index: usize) -> Vec<(usize, &Unit)> {
        self.proposals.get(index).map_or_else(Vec::new, |p| {
            p.slots
                .iter()
                .enumerate()
                .filter_map(|(a, slot)| Some((a, &self.continuum.annotators[a].units[(*slot)?])))
                .collect()
        })
    }

    /// The proposal holding unit `unit` of annotator `annotator`.
    pub fn proposal_of_unit(&self, annotator: usize, unit: usize) -> Option<usize> {
        self.proposals
            .iter()
            .position(|p| p.slots.get(annotator).copied().flatten() == Some(unit))
    }

    /// Every annotator has a unit in proposal `index`, all with the same category and the same
    /// span (not a disagreement).
    pub fn is_unanimous(&self, index: usize) -> bool {
        let members = self.members(index);
        members.len() == self.continuum.n_annotators()
            && members.windows(2).all(|pair| {
                let (a, b) = (pair[0].1, pair[1].1);
                a.category == b.category && a.start == b.start && a.end == b.end
            })
    }

    /// The gold units, by position.
    pub fn gold(&self) -> Vec<(GoldId, &GoldUnit)> {
        let mut units: Vec<(GoldId, &GoldUnit)> =
            self.gold.iter().map(|(&id, u)| (id, u)).collect();
        units.sort_by(|a, b| {
            (a.1.unit.start, a.1.unit.end)
                .partial_cmp(&(b.1.unit.start, b.1.unit.end))
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.0.cmp(&b.0))
        });
        units
    }

    /// The gold unit `id`, if it exists.
    pub fn gold_unit(&self, id: GoldId) -> Option<&GoldUnit> {
        self.gold.get(&id)
    }

    /// The gold units that decide proposal `index`.
    pub fn gold_of(&self, index: usize) -> Vec<(GoldId, &GoldUnit)> {
        self.gold()
            .into_iter()
            .filter(|(_, u)| u.proposal == Some(index))
            .collect()
    }

    /// The gold as an annotator named `name`.
    pub fn gold_annotator(&self, name: &str) -> Annotator {
        Annotator {
            name: name.to_string(),
            units: self
                .gold()
                .into_iter()
                .map(|(_, g)| g.unit.clone())
                .collect(),
            own_text: None,
            relations: Vec::new(),
        }
    }

    /// How many proposals are decided, skipped and open.
    pub fn progress(&self) -> Progress {
        let mut progress = Progress {
            total: self.decisions.len(),
            ..Progress::default()
        };
        for decision in &self.decisions {
            match decision {
                Decision::Open => progress.open += 1,
                Decision::Skipped { .. } => progress.skipped += 1,
                Decision::Decided { .. } => progress.decided += 1,
            }
        }
        progress
    }

    /// The suggested gold unit, always a unit an annotator made: `None` (reject) when more
    /// annotators have no unit in proposal `index` than have one; else, among the units of the
    /// category most annotators gave, the one closest to the others — whose dissimilarities to
    /// the other annotators' units (§4.4 with α = β = 1, nominal categories) sum to the least —
    /// the first annotator's of equals. A tie between categories goes to the one whose best unit
    /// is closest to the others. The unit keeps its own features.
    pub fn suggestion(&self, index: usize) -> Option<Unit> {
        let members = self.members(index);
        let without_unit = self.continuum.n_annotators() - members.len();
        if members.is_empty() || without_unit > members.len() {
            return None;
        }
        let counts = category_counts(members.iter().map(|(_, u)| u.category.as_str()));
        let best_count = counts.iter().map(|(_, n)| *n).max()?;
        let in_majority = |unit: &Unit| {
            counts
                .iter()
                .any(|(c, n)| *n == best_count && *c == unit.category.as_str())
        };
        let distance_to_others = |(a, unit): &(usize, &Unit)| -> f64 {
            members
                .iter()
                .filter(|(b, _)| b != a)
                .map(|(_, other)| paper_dissimilarity(unit, other))
                .sum()
        };
        let mut best: Option<(f64, &Unit)> = None;
        for member in members.iter().filter(|(_, u)| in_majority(u)) {
            let distance = distance_to_others(member);
            if best.is_none_or(|(d, _)| distance < d) {
                best = Some((distance, member.1));
            }
        }
        best.map(|(_, unit)| Unit {
            source_id: None,
            ..unit.clone()
        })
    }

    /// The median suggestion (the named rule `median:T:K`): the category most annotators gave
    /// (a tie goes to the first annotator's), with the median start and median end of the units
    /// of that category (when the units are on whole positions: rounded outwards, and moved to
    /// the nearest token start and end of the text if there is one), and for each feature the
    /// value most of them have. Its span may be one that no annotator made.
    pub(crate) fn median_suggestion(&self, index: usize) -> Option<Unit> {
        let members = self.members(index);
        let (category, _) = majority(members.iter().map(|(_, u)| u.category.as_str()))?;
        let chosen: Vec<&Unit> = members
            .iter()
            .map(|(_, u)| *u)
            .filter(|u| u.category == category)
            .collect();
        let whole = chosen
            .iter()
            .all(|u| u.start.fract() == 0.0 && u.end.fract() == 0.0);
        let mut start = median(chosen.iter().map(|u| u.start).collect());
        let mut end = median(chosen.iter().map(|u| u.end).collect());
        if whole {
            start = start.floor();
            end = end.ceil();
            let (snapped_start, snapped_end) = (self.snap(start, true), self.snap(end, false));
            if snapped_start < snapped_end {
                (start, end) = (snapped_start, snapped_end);
            }
        }
        let mut features = BTreeMap::new();
        let keys: std::collections::BTreeSet<&String> =
            chosen.iter().flat_map(|u| u.features.keys()).collect();
        for key in keys {
            let values: Vec<&str> = chosen
                .iter()
                .filter_map(|u| u.features.get(key).map(String::as_str))
                .collect();
            if values.len() * 2 > chosen.len() {
                let (value, _) = majority(values.into_iter()).expect("not empty");
                features.insert(key.clone(), value.to_string());
            }
        }
        Unit::new(start, end, category)
            .ok()
            .map(|u| u.with_features(features))
    }

    /// The largest number of annotators of proposal `index` that agree on a category.
    pub(crate) fn category_majority(&self, index: usize) -> usize {
        majority(self.members(index).iter().map(|(_, u)| u.category.as_str())).map_or(0, |(_, n)| n)
    }

    /// Annotator `annotator` against the gold so far, as a two-annotator continuum: the
    /// annotator's units in decided proposals, and every gold unit. Its γ is the live agreement
    /// of that annotator with the gold.
    pub fn annotator_against_gold(&self, annotator: usize) -> Continuum {
        let source = &self.continuum.annotators[annotator];
        let units = self
            .proposals
            .iter()
            .zip(&self.decisions)
            .filter(|(_, d)| d.is_decided())
            .filter_map(|(p, _)| p.slots[annotator])
            .map(|i| source.units[i].clone())
            .collect();
        Continuum {
            name: format!("{} vs gold", source.name),
            text: self.continuum.text.clone(),
            annotators: vec![
                Annotator {
                    name: source.name.clone(),
                    units,
                    own_text: source.own_text.clone(),
                    relations: Vec::new(),
                },
                self.gold_annotator("gold"),
            ],
        }
    }

    /// Checks what a deserialised adjudication must satisfy (a session file may be edited by
    /// hand or damaged): one decision per proposal, slots pointing at existing units, valid
    /// spans, gold units pointing at existing proposals, and an undo and redo history whose
    /// changes point at existing proposals, annotators and gold ids.
    pub fn validate(&self) -> Result<(), DamagedAdjudication> {
        let n = self.continuum.n_annotators();
        if self.decisions.len() != self.proposals.len() {
            let damage = Damage::DecisionCount {
                decisions: self.decisions.len(),
                alignments: self.proposals.len(),
            };
            return Err(damage.at(Place::Whole));
        }
        for (a, annotator) in self.continuum.annotators.iter().enumerate() {
            for unit in &annotator.units {
                Unit::new(unit.start, unit.end, "").map_err(|e| {
                    Damage::InvalidUnit(e).at(Place::Annotator {
                        index: a,
                        name: annotator.name.clone(),
                    })
                })?;
            }
        }
        if !self.left_out.is_empty() && self.left_out.len() != n {
            let damage = Damage::LeftOutCount {
                lists: self.left_out.len(),
                annotators: n,
            };
            return Err(damage.at(Place::Whole));
        }
        for (a, units) in self.left_out.iter().enumerate() {
            for unit in units {
                Unit::new(unit.start, unit.end, "").map_err(|e| {
                    Damage::InvalidUnit(e).at(Place::Annotator {
                        index: a,
                        name: self.continuum.annotators[a].name.clone(),
                    })
                })?;
            }
        }
        for (i, proposal) in self.proposals.iter().enumerate() {
            let at = |damage: Damage| damage.at(Place::Alignment(i));
            if proposal.slots.len() != n {
                return Err(at(Damage::SlotCount {
                    slots: proposal.slots.len(),
                    annotators: n,
                }));
            }
            for (a, slot) in proposal.slots.iter().enumerate() {
                if let Some(u) = slot
                    && *u >= self.continuum.annotators[a].units.len()
                {
                    return Err(at(Damage::NoUnit {
                        annotator: a,
                        unit: *u,
                    }));
                }
            }
            check_decision(&self.decisions[i], n).map_err(at)?;
        }
        self.check_each_unit_aligned_once()?;
        if self.next_id > MAX_GOLD_ID {
            return Err(Damage::NextIdTooLarge(self.next_id).at(Place::Whole));
        }
        for (id, gold) in &self.gold {
            check_gold_unit(*id, gold, self.proposals.len())?;
            if *id >= self.next_id {
                return Err(Damage::IdNotBelowNext(self.next_id).at(Place::GoldUnit(*id)));
            }
        }
        self.validate_relations()?;
        let bounds = Bounds {
            proposals: self.proposals.len(),
            relations: self.relation_proposals.len(),
            annotators: n,
            next_id: self.next_id,
        };
        check_history(History::Undo, &self.undo, &bounds)?;
        check_history(History::Redo, &self.redo, &bounds)?;
        Ok(())
    }
}

/// The largest next id a session may hold: 2⁵³, the largest integer every JSON reader keeps
/// exactly. An adjudication hands out one id per gold unit made, so no real session comes near
/// it, and ids counted from it can never wrap (a hand-edited `u64::MAX` would give 0 next).
pub const MAX_GOLD_ID: GoldId = 1 << 53;

/// The most frequent value and its count; a tie goes to the value seen first.
fn majority<'a>(values: impl Iterator<Item = &'a str>) -> Option<(&'a str, usize)> {
    let counts = category_counts(values);
    let best = counts.iter().map(|(_, n)| *n).max()?;
    counts.into_iter().find(|(_, n)| *n == best)
}

/// How many times each value occurs, in order of first occurrence.
fn category_counts<'a>(values: impl Iterator<Item = &'a str>) -> Vec<(&'a str, usize)> {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for value in values {
        match counts.iter_mut().find(|(v, _)| *v == value) {
            Some((_, n)) => *n += 1,
            None => counts.push((value, 1)),
        }
    }
    counts
}

/// The γ paper's combined dissimilarity with its defaults (§4.4: α = β = Δ∅ = 1, nominal
/// categories): `((|Δstart| + |Δend|) / (l_u + l_v))² + [categories differ]`.
fn paper_dissimilarity(u: &Unit, v: &Unit) -> f64 {
    let positional = ((u.start - v.start).abs() + (u.end - v.end).abs())
        / ((u.end - u.start) + (v.end - v.start));
    positional * positional + f64::from(u8::from(u.category != v.category))
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

#[cfg(test)]
mod tests;
