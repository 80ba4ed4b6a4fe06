//! Adjudication: turning the best alignment into a consensus gold standard.
//!
//! The γ paper (§7) observes that the best alignment lists every place where the annotators
//! must be reconciled: each unitary alignment is a [`Proposal`] that the adjudicator decides
//! (picks one annotator's unit, accepts the [suggestion](Adjudication::suggestion), rejects it)
//! or skips. The decided units form the gold, which the adjudicator may then edit, split, merge,
//! or complete with units no annotator made. Bulk rules decide the easy proposals at once.
//!
//! Every action is one undoable [`Step`] made of reversible changes, so that undo and redo
//! need no snapshots and a bulk decision of thousands of proposals is one step. The whole
//! state is serialisable: [`session`] saves it after every change; [`export`] writes the gold
//! and a report of the decisions.

pub mod export;
pub mod session;

use crate::alignment::{Alignment, AlignmentProblem};
use crate::continuum::{Annotator, Continuum};
use crate::unit::{InvalidUnit, Unit};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One unitary alignment of the best alignment, to be decided.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Proposal {
    /// For each annotator, the index of its unit (in its list), or `None` for an empty slot.
    pub slots: Vec<Option<usize>>,
    /// δ of the unitary alignment.
    pub disorder: f64,
}

/// What a decided proposal put in the gold.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Choice {
    /// One annotator's unit, as it is.
    Pick { annotator: usize },
    /// The suggestion: the majority category with the median boundaries of its units.
    Suggestion,
    /// No unit in the gold.
    Reject,
}

/// Who or what made a decision.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Rule {
    Manual,
    /// Bulk: every annotator has a unit, all with the same category and span.
    Unanimous,
    /// Bulk: disorder at most `max_disorder` and at least `min_majority` annotators agree on the
    /// category.
    Threshold {
        max_disorder: f64,
        min_majority: usize,
    },
}

/// The state of one proposal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Decision {
    Open,
    Skipped {
        by: String,
        at: String,
    },
    Decided {
        choice: Choice,
        rule: Rule,
        by: String,
        at: String,
    },
}

impl Decision {
    pub fn is_open(&self) -> bool {
        matches!(self, Decision::Open)
    }

    pub fn is_decided(&self) -> bool {
        matches!(self, Decision::Decided { .. })
    }
}

/// Identifier of a gold unit (stable across undo and redo, never reused).
pub type GoldId = u64;

/// A unit of the gold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GoldUnit {
    pub unit: Unit,
    /// The proposal this unit decides; `None` for a unit the adjudicator added.
    pub proposal: Option<usize>,
    /// Changed by hand after it was chosen (boundaries, category, features, split, merge).
    pub edited: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
enum Change {
    Decision {
        proposal: usize,
        before: Decision,
        after: Decision,
    },
    Gold {
        id: GoldId,
        before: Option<GoldUnit>,
        after: Option<GoldUnit>,
    },
}

/// One undoable action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub label: String,
    changes: Vec<Change>,
}

/// How many steps undo remembers.
pub const UNDO_DEPTH: usize = 1000;

/// Why an action cannot be done (nothing changed).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GoldError {
    #[error("there is no unitary alignment {0}")]
    NoSuchProposal(usize),
    #[error("there is no annotator {0}")]
    NoSuchAnnotator(usize),
    #[error("annotator {annotator:?} has no unit in unitary alignment {proposal}")]
    EmptySlot { proposal: usize, annotator: String },
    #[error("there is no gold unit {0}")]
    NoSuchUnit(GoldId),
    #[error("invalid unit: {0}")]
    InvalidUnit(#[from] InvalidUnit),
    #[error("cannot split {unit} at {at}: the point must be strictly inside")]
    SplitOutside { unit: String, at: f64 },
    #[error("merging needs two different gold units")]
    MergeItself,
    #[error("bulk rule: {0}")]
    BadRule(String),
}

/// Decided / skipped / open counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Progress {
    pub decided: usize,
    pub skipped: usize,
    pub open: usize,
    pub total: usize,
}

/// Which proposals navigation visits.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only proposals with a unit of this category.
    pub category: Option<String>,
    /// Only proposals where this annotator has a unit.
    pub annotator: Option<usize>,
}

/// Navigation direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Next,
    Previous,
}

/// The adjudication of one document: proposals, their decisions, the gold, the history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Adjudication {
    continuum: Continuum,
    proposals: Vec<Proposal>,
    decisions: Vec<Decision>,
    gold: BTreeMap<GoldId, GoldUnit>,
    next_id: GoldId,
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// Recorded with every decision.
    pub adjudicator: String,
    #[serde(skip)]
    text_chars: TextChars,
}

/// The current time as RFC 3339 (UTC, seconds), as decisions record it.
pub fn now() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
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
        Adjudication {
            decisions: vec![Decision::Open; proposals.len()],
            proposals,
            continuum,
            gold: BTreeMap::new(),
            next_id: 1,
            undo: Vec::new(),
            redo: Vec::new(),
            adjudicator: adjudicator.into(),
            text_chars: TextChars::default(),
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

    pub fn continuum(&self) -> &Continuum {
        &self.continuum
    }

    pub fn proposals(&self) -> &[Proposal] {
        &self.proposals
    }

    pub fn proposal(&self, index: usize) -> Result<&Proposal, GoldError> {
        self.proposals
            .get(index)
            .ok_or(GoldError::NoSuchProposal(index))
    }

    pub fn decision(&self, index: usize) -> Option<&Decision> {
        self.decisions.get(index)
    }

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

    /// Every annotator has a unit, all with the same category and the same span.
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
        }
    }

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

    /// The suggested gold unit: the category most annotators gave (a tie goes to the first
    /// annotator's), with the median start and median end of the units of that category
    /// (when the units are on whole positions: rounded outwards, and moved to the nearest token
    /// start and end of the text if there is one), and for each feature the value most of them
    /// have.
    pub fn suggestion(&self, index: usize) -> Option<Unit> {
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
    pub fn category_majority(&self, index: usize) -> usize {
        majority(self.members(index).iter().map(|(_, u)| u.category.as_str())).map_or(0, |(_, n)| n)
    }

    // ----- actions (each one undoable step) -----

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
        let unit = self.suggestion(index).into_iter().collect();
        let mut changes = Vec::new();
        self.decide(&mut changes, index, Choice::Suggestion, Rule::Manual, unit);
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
            let others = self.gold.values().any(|g| g.proposal == Some(index));
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

    /// Decides every open proposal where all annotators have the same unit (same category
    /// and span) with that unit. One step; returns how many were decided.
    pub fn decide_unanimous(&mut self) -> usize {
        let chosen: Vec<usize> = (0..self.proposals.len())
            .filter(|&i| self.decisions[i].is_open() && self.is_unanimous(i))
            .collect();
        self.decide_by_suggestion(&chosen, Rule::Unanimous, "decide the unanimous alignments")
    }

    /// Decides every open proposal whose disorder is at most `max_disorder` and where at least
    /// `min_majority` annotators agree on the category, with the suggestion. One step; returns
    /// how many were decided.
    pub fn decide_below_threshold(
        &mut self,
        max_disorder: f64,
        min_majority: usize,
    ) -> Result<usize, GoldError> {
        if max_disorder.is_nan() || max_disorder < 0.0 {
            return Err(GoldError::BadRule(format!(
                "the disorder threshold must be a number ≥ 0, got {max_disorder}"
            )));
        }
        if min_majority == 0 || min_majority > self.continuum.n_annotators() {
            return Err(GoldError::BadRule(format!(
                "the majority must be between 1 and the number of annotators ({}), got {min_majority}",
                self.continuum.n_annotators()
            )));
        }
        let chosen: Vec<usize> = (0..self.proposals.len())
            .filter(|&i| {
                self.decisions[i].is_open()
                    && self.proposals[i].disorder <= max_disorder
                    && self.category_majority(i) >= min_majority
            })
            .collect();
        Ok(self.decide_by_suggestion(
            &chosen,
            Rule::Threshold {
                max_disorder,
                min_majority,
            },
            &format!(
                "decide alignments with disorder ≤ {max_disorder} and {min_majority} agreeing"
            ),
        ))
    }

    /// Applies a bulk rule written as `unanimous` or `threshold:T:K`.
    pub fn apply_rule(&mut self, rule: &str) -> Result<usize, GoldError> {
        match parse_rule(rule)? {
            Rule::Unanimous => Ok(self.decide_unanimous()),
            Rule::Threshold {
                max_disorder,
                min_majority,
            } => self.decide_below_threshold(max_disorder, min_majority),
            Rule::Manual => unreachable!("parse_rule never returns Manual"),
        }
    }

    fn decide_by_suggestion(&mut self, chosen: &[usize], rule: Rule, label: &str) -> usize {
        let mut changes = Vec::new();
        for &index in chosen {
            let unit = self.suggestion(index).into_iter().collect();
            self.decide(&mut changes, index, Choice::Suggestion, rule, unit);
        }
        self.commit(format!("{label} ({})", chosen.len()), changes);
        chosen.len()
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// What undo would undo.
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|s| s.label.as_str())
    }

    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|s| s.label.as_str())
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

    // ----- navigation -----

    /// The next (or previous) open proposal after `current` in `order` (a permutation of the
    /// proposal indices, e.g. worst first), wrapping around, among those passing `filter`.
    /// Open disagreements come first; an open unanimous proposal is visited only when no open
    /// disagreement is left.
    pub fn next_open(
        &self,
        order: &[usize],
        current: Option<usize>,
        direction: Direction,
        filter: &Filter,
    ) -> Option<usize> {
        let n = order.len();
        if n == 0 {
            return None;
        }
        let here = current.and_then(|c| order.iter().position(|&i| i == c));
        let candidates = (1..=n).map(|step| match (here, direction) {
            (Some(h), Direction::Next) => order[(h + step) % n],
            (Some(h), Direction::Previous) => order[(h + n * 2 - step) % n],
            (None, Direction::Next) => order[step - 1],
            (None, Direction::Previous) => order[n - step],
        });
        let wanted: Vec<usize> = candidates
            .filter(|&i| {
                self.decisions.get(i).is_some_and(Decision::is_open) && self.passes(i, filter)
            })
            .collect();
        wanted
            .iter()
            .copied()
            .find(|&i| !self.is_unanimous(i))
            .or_else(|| wanted.first().copied())
    }

    fn passes(&self, index: usize, filter: &Filter) -> bool {
        let members = self.members(index);
        filter
            .category
            .as_ref()
            .is_none_or(|c| members.iter().any(|(_, u)| &u.category == c))
            && filter
                .annotator
                .is_none_or(|a| members.iter().any(|(b, _)| *b == a))
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
                },
                self.gold_annotator("gold"),
            ],
        }
    }

    // ----- internals -----

    fn manual(&self, choice: Choice) -> Decision {
        Decision::Decided {
            choice,
            rule: Rule::Manual,
            by: self.adjudicator.clone(),
            at: now(),
        }
    }

    fn new_id(&mut self) -> GoldId {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    fn decide(
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
        };
        self.set_decision(changes, index, decision);
    }

    fn clear_gold_of(&mut self, changes: &mut Vec<Change>, index: usize) {
        let ids: Vec<GoldId> = self
            .gold
            .iter()
            .filter(|(_, g)| g.proposal == Some(index))
            .map(|(&id, _)| id)
            .collect();
        for id in ids {
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
                match if forward { after } else { before } {
                    Some(unit) => self.gold.insert(*id, unit.clone()),
                    None => self.gold.remove(id),
                };
            }
        }
    }

    fn commit(&mut self, label: String, changes: Vec<Change>) {
        if changes.is_empty() {
            return;
        }
        self.undo.push(Step { label, changes });
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Checks what a deserialised adjudication must satisfy (a session file may be edited by
    /// hand or damaged): one decision per proposal, slots pointing at existing units, valid
    /// spans, gold units pointing at existing proposals.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.continuum.n_annotators();
        if self.decisions.len() != self.proposals.len() {
            return Err(format!(
                "{} decisions for {} alignments",
                self.decisions.len(),
                self.proposals.len()
            ));
        }
        for (a, annotator) in self.continuum.annotators.iter().enumerate() {
            for unit in &annotator.units {
                Unit::new(unit.start, unit.end, "")
                    .map_err(|e| format!("annotator {:?} ({a}): {e}", annotator.name))?;
            }
        }
        for (i, proposal) in self.proposals.iter().enumerate() {
            if proposal.slots.len() != n {
                return Err(format!(
                    "alignment {}: {} slots for {n} annotators",
                    i + 1,
                    proposal.slots.len()
                ));
            }
            for (a, slot) in proposal.slots.iter().enumerate() {
                if let Some(u) = slot
                    && *u >= self.continuum.annotators[a].units.len()
                {
                    return Err(format!(
                        "alignment {}: annotator {a} has no unit {u}",
                        i + 1
                    ));
                }
            }
            if let Decision::Decided {
                choice: Choice::Pick { annotator },
                ..
            } = self.decisions[i]
                && annotator >= n
            {
                return Err(format!("alignment {}: no annotator {annotator}", i + 1));
            }
        }
        for (id, gold) in &self.gold {
            Unit::new(gold.unit.start, gold.unit.end, "")
                .map_err(|e| format!("gold unit {id}: {e}"))?;
            if gold.proposal.is_some_and(|p| p >= self.proposals.len()) {
                return Err(format!("gold unit {id}: no such alignment"));
            }
            if *id >= self.next_id {
                return Err(format!(
                    "gold unit {id}: id not below next id {}",
                    self.next_id
                ));
            }
        }
        Ok(())
    }
}

/// Parses `unanimous` or `threshold:T:K` (T the largest disorder, K the smallest number of
/// annotators agreeing on the category).
pub fn parse_rule(rule: &str) -> Result<Rule, GoldError> {
    let bad = || {
        GoldError::BadRule(format!(
            "{rule:?} is not `unanimous` or `threshold:T:K` (e.g. threshold:0.3:2)"
        ))
    };
    let parts: Vec<&str> = rule.trim().split(':').collect();
    match parts.as_slice() {
        ["unanimous"] => Ok(Rule::Unanimous),
        ["threshold", t, k] => {
            let max_disorder: f64 = t.parse().map_err(|_| bad())?;
            let min_majority: usize = k.parse().map_err(|_| bad())?;
            if max_disorder.is_nan() || max_disorder < 0.0 || min_majority == 0 {
                return Err(bad());
            }
            Ok(Rule::Threshold {
                max_disorder,
                min_majority,
            })
        }
        _ => Err(bad()),
    }
}

/// The most frequent value and its count; a tie goes to the value seen first.
fn majority<'a>(values: impl Iterator<Item = &'a str>) -> Option<(&'a str, usize)> {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for value in values {
        match counts.iter_mut().find(|(v, _)| *v == value) {
            Some((_, n)) => *n += 1,
            None => counts.push((value, 1)),
        }
    }
    let best = counts.iter().map(|(_, n)| *n).max()?;
    counts.into_iter().find(|(_, n)| *n == best)
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

#[derive(PartialEq, Clone, Copy)]
enum CharClass {
    Space,
    Word,
    Punctuation,
}

fn char_class(c: char) -> CharClass {
    if c.is_whitespace() {
        CharClass::Space
    } else if c.is_alphanumeric() || matches!(c, '_' | '\'' | '’' | 'ſ') || is_combining(c) {
        CharClass::Word
    } else {
        CharClass::Punctuation
    }
}

/// Combining diacritics stay inside their word.
fn is_combining(c: char) -> bool {
    matches!(c as u32, 0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
}

/// Whether a token (a word, or one punctuation mark) starts at character `i`.
pub fn is_token_start(chars: &[char], i: usize) -> bool {
    let Some(&c) = chars.get(i) else {
        return false;
    };
    let class = char_class(c);
    class != CharClass::Space
        && (i == 0 || class == CharClass::Punctuation || char_class(chars[i - 1]) != class)
}

/// Whether a token ends just before character `i`.
pub fn is_token_end(chars: &[char], i: usize) -> bool {
    if i == 0 || i > chars.len() {
        return false;
    }
    let class = char_class(chars[i - 1]);
    class != CharClass::Space
        && (i == chars.len() || class == CharClass::Punctuation || char_class(chars[i]) != class)
}

/// How far [`snap_to_token`] looks on each side.
const SNAP_REACH: usize = 64;

/// The token start (`is_start`) or token end nearest to `position`; a tie goes outwards (the
/// earlier start, the later end). `position` rounded when no token edge is within reach.
pub fn snap_to_token(chars: &[char], position: f64, is_start: bool) -> f64 {
    let here = position.round().clamp(0.0, chars.len() as f64) as usize;
    let is_edge = |i: usize| {
        if is_start {
            is_token_start(chars, i)
        } else {
            is_token_end(chars, i)
        }
    };
    for distance in 0..=SNAP_REACH {
        let before = here.checked_sub(distance);
        let after = Some(here + distance).filter(|&i| i <= chars.len());
        let (first, second) = if is_start {
            (before, after)
        } else {
            (after, before)
        };
        for candidate in [first, second].into_iter().flatten() {
            if is_edge(candidate) {
                return candidate as f64;
            }
        }
    }
    here as f64
}

/// The characters of a text, computed once when first needed (never saved, never compared).
#[derive(Debug, Clone, Default)]
struct TextChars(std::sync::OnceLock<Vec<char>>);

impl PartialEq for TextChars {
    fn eq(&self, _: &TextChars) -> bool {
        true
    }
}

#[cfg(test)]
mod tests;
