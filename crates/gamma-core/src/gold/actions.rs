//! The adjudicator's actions on the proposals and the gold (pick, accept, reject, skip, edit,
//! add, split, merge…), each recorded as one undoable step, and undo and redo themselves.

use super::Adjudication;
use super::history::{Change, Step, UNDO_DEPTH};
use super::model::{Choice, Decision, GoldError, GoldId, GoldUnit, RelationDecision, Rule, now};
use crate::unit::Unit;
use std::collections::{BTreeSet, HashMap};

/// The gold units' ids by the alignment they came from, so that deciding, skipping or
/// reopening an alignment does not scan the whole gold (a bulk rule over 100,000 alignments
/// would be quadratic). Built from the gold on first use (a read session has none), then kept
/// in step by every change of the gold, undo and redo included. Not part of the state: two
/// adjudications are equal whatever their indexes hold.
#[derive(Debug, Clone, Default)]
pub(super) struct GoldByProposal(Option<HashMap<usize, BTreeSet<GoldId>>>);

impl PartialEq for GoldByProposal {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl GoldByProposal {
    /// Moves `id` from the alignment of `before` to that of `after` (when the index is built).
    fn update(&mut self, id: GoldId, before: Option<&GoldUnit>, after: Option<&GoldUnit>) {
        let Some(map) = &mut self.0 else { return };
        if let Some(index) = before.and_then(|g| g.proposal)
            && let Some(ids) = map.get_mut(&index)
        {
            ids.remove(&id);
            if ids.is_empty() {
                map.remove(&index);
            }
        }
        if let Some(index) = after.and_then(|g| g.proposal) {
            map.entry(index).or_default().insert(id);
        }
    }
}

impl Adjudication {
    /// Puts annotator `annotator`'s unit of proposal `index` in the gold.
    pub fn pick(&mut self, index: usize, annotator: usize) -> Result<(), GoldError> {
        let proposal = self.proposal(index)?;
        let slot = *proposal
            .slots
            .get(annotator)
            .ok_or(GoldError::NoSuchAnnotator(annotator))?;
        let Some(unit) = slot else {
            return Err(GoldError::EmptySlot {
                proposal: index,
                annotator: self.continuum.annotators[annotator].name.clone(),
            });
        };
        let mut unit = self.continuum.annotators[annotator].units[unit].clone();
        unit.source_id = None;
        let name = &self.continuum.annotators[annotator].name;
        let label = format!("pick {name}'s unit for alignment {}", index + 1);
        let mut changes = Vec::new();
        self.decide(
            &mut changes,
            index,
            Choice::Pick { annotator },
            Rule::Manual,
            vec![unit],
        );
        self.commit(label, changes);
        Ok(())
    }

    /// Accepts the [suggestion](Self::suggestion) for proposal `index`.
    pub fn accept_suggestion(&mut self, index: usize) -> Result<(), GoldError> {
        self.proposal(index)?;
        let suggested = self.suggestion(index);
        let choice = if suggested.is_some() {
            Choice::Suggestion
        } else {
            Choice::Reject
        };
        let mut changes = Vec::new();
        let units = suggested.into_iter().collect();
        self.decide(&mut changes, index, choice, Rule::Manual, units);
        self.commit(
            format!("accept the suggestion for alignment {}", index + 1),
            changes,
        );
        Ok(())
    }

    /// Decides that proposal `index` has no unit in the gold.
    pub fn reject(&mut self, index: usize) -> Result<(), GoldError> {
        self.proposal(index)?;
        let mut changes = Vec::new();
        self.decide(
            &mut changes,
            index,
            Choice::Reject,
            Rule::Manual,
            Vec::new(),
        );
        self.commit(format!("reject alignment {}", index + 1), changes);
        Ok(())
    }

    /// Leaves proposal `index` for later (its gold units, if any, are removed).
    pub fn skip(&mut self, index: usize) -> Result<(), GoldError> {
        self.proposal(index)?;
        let mut changes = Vec::new();
        self.clear_gold_of(&mut changes, index);
        let skipped = Decision::Skipped {
            by: self.adjudicator.clone(),
            at: now(),
        };
        self.set_decision(&mut changes, index, skipped);
        self.commit(format!("skip alignment {}", index + 1), changes);
        Ok(())
    }

    /// Makes proposal `index` open again (its gold units are removed).
    pub fn reopen(&mut self, index: usize) -> Result<(), GoldError> {
        self.proposal(index)?;
        let mut changes = Vec::new();
        self.clear_gold_of(&mut changes, index);
        self.set_decision(&mut changes, index, Decision::Open);
        self.commit(format!("reopen alignment {}", index + 1), changes);
        Ok(())
    }

    /// Starts the adjudication over, as one step that undo takes back: every decision of an
    /// alignment or a relation (decided or skipped) open again, every gold unit removed (those
    /// added by hand too). Returns how many decisions were discarded (none: nothing changed).
    pub fn start_over(&mut self) -> usize {
        let mut changes = Vec::new();
        let ids: Vec<GoldId> = self.gold.keys().copied().collect();
        for id in ids {
            self.set_gold(&mut changes, id, None);
        }
        let mut discarded = 0;
        for index in 0..self.decisions.len() {
            if !self.decisions[index].is_open() {
                self.set_decision(&mut changes, index, Decision::Open);
                discarded += 1;
            }
        }
        for relation in 0..self.relation_decisions.len() {
            if !self.relation_decisions[relation].is_open() {
                let before = std::mem::replace(
                    &mut self.relation_decisions[relation],
                    RelationDecision::Open,
                );
                changes.push(Change::Relation {
                    relation,
                    before,
                    after: RelationDecision::Open,
                });
                discarded += 1;
            }
        }
        let label = match discarded {
            1 => "start over (1 decision discarded)".to_string(),
            n => format!("start over ({n} decisions discarded)"),
        };
        self.commit(label, changes);
        discarded
    }

    /// Replaces a gold unit (new boundaries, category or features).
    pub fn edit(&mut self, id: GoldId, unit: Unit) -> Result<(), GoldError> {
        let old = self.gold.get(&id).ok_or(GoldError::NoSuchUnit(id))?;
        Unit::new(unit.start, unit.end, "")?;
        let label = if old.unit.category != unit.category {
            format!("change the category to {}", unit.category)
        } else if (old.unit.start, old.unit.end) != (unit.start, unit.end) {
            format!("move the boundaries to [{}, {})", unit.start, unit.end)
        } else {
            "edit the features".to_string()
        };
        let edited = GoldUnit {
            unit,
            proposal: old.proposal,
            edited: true,
        };
        let mut changes = Vec::new();
        self.set_gold(&mut changes, id, Some(edited));
        self.commit(label, changes);
        Ok(())
    }

    /// Edits a copy of a gold unit with `change`, then [`edit`](Self::edit)s it.
    fn edit_with(&mut self, id: GoldId, change: impl FnOnce(&mut Unit)) -> Result<(), GoldError> {
        let mut unit = self
            .gold
            .get(&id)
            .ok_or(GoldError::NoSuchUnit(id))?
            .unit
            .clone();
        change(&mut unit);
        self.edit(id, unit)
    }

    /// Moves the boundaries of a gold unit.
    pub fn set_bounds(&mut self, id: GoldId, start: f64, end: f64) -> Result<(), GoldError> {
        self.edit_with(id, |unit| {
            unit.start = start;
            unit.end = end;
        })
    }

    /// Changes the category of a gold unit.
    pub fn set_category(&mut self, id: GoldId, category: &str) -> Result<(), GoldError> {
        self.edit_with(id, |unit| unit.category = category.to_string())
    }

    /// Sets (or with `None` removes) a feature of a gold unit.
    pub fn set_feature(
        &mut self,
        id: GoldId,
        key: &str,
        value: Option<&str>,
    ) -> Result<(), GoldError> {
        self.edit_with(id, |unit| {
            match value {
                Some(value) => unit.features.insert(key.to_string(), value.to_string()),
                None => unit.features.remove(key),
            };
        })
    }

    /// Adds a gold unit that no annotator made.
    pub fn add(&mut self, unit: Unit) -> Result<GoldId, GoldError> {
        Unit::new(unit.start, unit.end, "")?;
        let id = self.new_id();
        let label = format!("add {unit}");
        let mut changes = Vec::new();
        let added = GoldUnit {
            unit,
            proposal: None,
            edited: false,
        };
        self.set_gold(&mut changes, id, Some(added));
        self.commit(label, changes);
        Ok(id)
    }

    /// Removes a gold unit. A decided proposal left with no gold unit becomes rejected.
    pub fn remove(&mut self, id: GoldId) -> Result<(), GoldError> {
        let old = self.gold.get(&id).ok_or(GoldError::NoSuchUnit(id))?.clone();
        let mut changes = Vec::new();
        self.set_gold(&mut changes, id, None);
        if let Some(index) = old.proposal {
            let others = !self.gold_ids_of(index).is_empty();
            if !others && self.decisions[index].is_decided() {
                self.set_decision(&mut changes, index, self.manual(Choice::Reject));
            }
        }
        self.commit(format!("remove {}", old.unit), changes);
        Ok(())
    }

    /// Splits a gold unit at `at` (strictly inside it) into two with the same category and
    /// features. Returns the ids of the left and right parts.
    pub fn split(&mut self, id: GoldId, at: f64) -> Result<(GoldId, GoldId), GoldError> {
        let old = self.gold.get(&id).ok_or(GoldError::NoSuchUnit(id))?.clone();
        if !(at > old.unit.start && at < old.unit.end) {
            return Err(GoldError::SplitOutside {
                unit: old.unit.to_string(),
                at,
            });
        }
        let mut left = old.clone();
        left.unit.end = at;
        left.edited = true;
        let mut right = left.clone();
        right.unit.start = at;
        right.unit.end = old.unit.end;
        let right_id = self.new_id();
        let mut changes = Vec::new();
        self.set_gold(&mut changes, id, Some(left));
        self.set_gold(&mut changes, right_id, Some(right));
        self.commit(format!("split {} at {at}", old.unit), changes);
        Ok((id, right_id))
    }

    /// Merges two gold units into one covering both, with the category and features of the
    /// one that starts first; it keeps that unit's id.
    pub fn merge(&mut self, first: GoldId, second: GoldId) -> Result<GoldId, GoldError> {
        if first == second {
            return Err(GoldError::MergeItself);
        }
        let a = self
            .gold
            .get(&first)
            .ok_or(GoldError::NoSuchUnit(first))?
            .clone();
        let b = self
            .gold
            .get(&second)
            .ok_or(GoldError::NoSuchUnit(second))?
            .clone();
        let ((keep, mut merged), (drop, other)) =
            if (b.unit.start, b.unit.end) < (a.unit.start, a.unit.end) {
                ((second, b), (first, a))
            } else {
                ((first, a), (second, b))
            };
        let label = format!("merge {} with {}", merged.unit, other.unit);
        merged.unit.start = merged.unit.start.min(other.unit.start);
        merged.unit.end = merged.unit.end.max(other.unit.end);
        merged.edited = true;
        let mut changes = Vec::new();
        self.set_gold(&mut changes, drop, None);
        self.set_gold(&mut changes, keep, Some(merged));
        self.commit(label, changes);
        Ok(keep)
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an undone step to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// What undo would undo.
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|s| s.label.as_str())
    }

    /// What redo would redo.
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|s| s.label.as_str())
    }

    /// The step undo would take back.
    pub fn undo_step(&self) -> Option<&Step> {
        self.undo.last()
    }

    /// The step redo would do again.
    pub fn redo_step(&self) -> Option<&Step> {
        self.redo.last()
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self) -> Option<String> {
        let step = self.undo.pop()?;
        for change in step.changes.iter().rev() {
            self.apply(change, false);
        }
        let label = step.label.clone();
        self.redo.push(step);
        Some(label)
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self) -> Option<String> {
        let step = self.redo.pop()?;
        for change in &step.changes {
            self.apply(change, true);
        }
        let label = step.label.clone();
        self.undo.push(step);
        Some(label)
    }

    // ----- internals -----

    fn manual(&self, choice: Choice) -> Decision {
        Decision::Decided {
            choice,
            rule: Rule::Manual,
            by: self.adjudicator.clone(),
            at: now(),
            reason: None,
            note: None,
        }
    }

    fn new_id(&mut self) -> GoldId {
        let id = self.next_id;
        // Checked: a validated adjudication holds at most `MAX_GOLD_ID`, and one id per gold
        // unit made cannot count from there to `u64::MAX`.
        self.next_id = (self.next_id.checked_add(1)).expect("gold ids stay below 2^53");
        id
    }

    pub(super) fn decide(
        &mut self,
        changes: &mut Vec<Change>,
        index: usize,
        choice: Choice,
        rule: Rule,
        units: Vec<Unit>,
    ) {
        self.clear_gold_of(changes, index);
        for unit in units {
            let id = self.new_id();
            let gold = GoldUnit {
                unit,
                proposal: Some(index),
                edited: false,
            };
            self.set_gold(changes, id, Some(gold));
        }
        let decision = Decision::Decided {
            choice,
            rule,
            by: self.adjudicator.clone(),
            at: now(),
            reason: None,
            note: None,
        };
        self.set_decision(changes, index, decision);
    }

    /// The ids of the gold units that came from alignment `index`, in id order.
    fn gold_ids_of(&mut self, index: usize) -> Vec<GoldId> {
        let gold = &self.gold;
        let map = self.gold_by_proposal.0.get_or_insert_with(|| {
            let mut map: HashMap<usize, BTreeSet<GoldId>> = HashMap::new();
            for (&id, unit) in gold {
                if let Some(index) = unit.proposal {
                    map.entry(index).or_default().insert(id);
                }
            }
            map
        });
        map.get(&index)
            .map(|ids| ids.iter().copied().collect())
            .unwrap_or_default()
    }

    fn clear_gold_of(&mut self, changes: &mut Vec<Change>, index: usize) {
        for id in self.gold_ids_of(index) {
            self.set_gold(changes, id, None);
        }
    }

    fn set_decision(&mut self, changes: &mut Vec<Change>, proposal: usize, after: Decision) {
        let before = std::mem::replace(&mut self.decisions[proposal], after.clone());
        changes.push(Change::Decision {
            proposal,
            before,
            after,
        });
    }

    fn set_gold(&mut self, changes: &mut Vec<Change>, id: GoldId, after: Option<GoldUnit>) {
        let before = match &after {
            Some(unit) => self.gold.insert(id, unit.clone()),
            None => self.gold.remove(&id),
        };
        self.gold_by_proposal
            .update(id, before.as_ref(), after.as_ref());
        changes.push(Change::Gold { id, before, after });
    }

    fn apply(&mut self, change: &Change, forward: bool) {
        match change {
            Change::Decision {
                proposal,
                before,
                after,
            } => {
                self.decisions[*proposal] = if forward { after } else { before }.clone();
            }
            Change::Gold { id, before, after } => {
                let after = if forward { after } else { before };
                let before = match after {
                    Some(unit) => self.gold.insert(*id, unit.clone()),
                    None => self.gold.remove(id),
                };
                self.gold_by_proposal
                    .update(*id, before.as_ref(), after.as_ref());
            }
            Change::Relation {
                relation,
                before,
                after,
            } => {
                self.relation_decisions[*relation] = if forward { after } else { before }.clone();
            }
        }
    }

    pub(super) fn commit(&mut self, label: String, changes: Vec<Change>) {
        if changes.is_empty() {
            return;
        }
        self.undo.push(Step { label, changes });
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.redo.clear();
    }
}
