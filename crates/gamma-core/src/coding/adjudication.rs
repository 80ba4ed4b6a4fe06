//! The gold label of each item of a coding study, decided as γ's alignments are
//! ([`crate::gold`]): one item at a time (a coder's label, the suggestion, any label, or no
//! label), or by bulk rules over the items still open — `unanimous` (every rating of the item
//! the same, at least two) and `majority:T` (one label holds more than half of the item's
//! ratings and at least the share T). Every action is one step that [`CodingAdjudication::undo`]
//! takes back whole (a bulk rule too); [`CodingSession`] saves the decisions with the table's
//! fingerprint and restores them on the same table only.
//!
//! Navigation visits the disagreements first, the most divided first, then the items on which
//! the coders agree, each group in table order; a [`Filter`] keeps the items with a rating of a
//! category or by a coder.

use super::CodingStudy;
use crate::gold::{Direction, Filter, Progress};
use serde::{Deserialize, Serialize};

/// How a gold label was decided.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecidedBy {
    /// The `unanimous` rule.
    Unanimous,
    /// The `majority:T` rule (its threshold).
    Majority {
        /// The least share of the item's ratings the label had to hold.
        threshold: f64,
    },
    /// A coder's label, taken by the adjudicator.
    Coder(String),
    /// The suggestion (the label most coders gave), accepted.
    Suggestion,
    /// A label the adjudicator chose or typed.
    Adjudicator,
}

/// The gold of one item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GoldDecision {
    /// The gold label; none when the item is left out of the gold.
    pub label: Option<String>,
    /// How it was decided.
    pub decided_by: DecidedBy,
    /// Who decided (none for a bulk rule run without a name).
    pub adjudicator: Option<String>,
    /// When (RFC 3339).
    pub time: String,
}

/// A bulk rule over the open items.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BulkRule {
    /// Every rating the same, at least two.
    Unanimous,
    /// One label holds more than half of the item's ratings (at least two) and at least
    /// `threshold` of them.
    Majority {
        /// From 0.5 (a plain majority) to 1.
        threshold: f64,
    },
}

/// Why an adjudication action cannot be done.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CodingAdjudicationError {
    /// No item has this index.
    #[error("there is no item {}", .0 + 1)]
    NoSuchItem(usize),
    /// No coder has this index.
    #[error("there is no coder {}", .0 + 1)]
    NoSuchCoder(usize),
    /// The coder did not label the item.
    #[error("coder {coder:?} did not label item {item:?}")]
    NoLabel {
        /// The item.
        item: String,
        /// The coder.
        coder: String,
    },
    /// No label holds most of the item's ratings.
    #[error("item {0:?} has no majority label to suggest")]
    NoSuggestion(String),
    /// An empty label.
    #[error("a gold label cannot be empty")]
    EmptyLabel,
    /// A rule that cannot be read.
    #[error("{0:?} is not `unanimous`, `majority` or `majority:T` with T from 0.5 to 1")]
    BadRule(String),
    /// A session of another table.
    #[error("the session is of another table (fingerprint {found}, this table's is {expected})")]
    OtherTable {
        /// The session's fingerprint.
        found: String,
        /// This table's.
        expected: String,
    },
    /// A session that names an item the table does not have.
    #[error("the session decides item {0:?}, which the table does not have")]
    UnknownItem(String),
}

impl std::str::FromStr for BulkRule {
    type Err = CodingAdjudicationError;
    fn from_str(rule: &str) -> Result<BulkRule, CodingAdjudicationError> {
        let bad = || CodingAdjudicationError::BadRule(rule.to_string());
        match rule.trim().split_once(':') {
            None if rule.trim() == "unanimous" => Ok(BulkRule::Unanimous),
            None if rule.trim() == "majority" => Ok(BulkRule::Majority { threshold: 0.5 }),
            Some(("majority", t)) => {
                let threshold: f64 = t.trim().parse().map_err(|_| bad())?;
                if !(0.5..=1.0).contains(&threshold) {
                    return Err(bad());
                }
                Ok(BulkRule::Majority { threshold })
            }
            _ => Err(bad()),
        }
    }
}

impl std::fmt::Display for BulkRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BulkRule::Unanimous => f.write_str("unanimous"),
            BulkRule::Majority { threshold } => write!(f, "majority:{threshold}"),
        }
    }
}

/// The label most of an item's ratings give.
#[derive(Debug, Clone, PartialEq)]
pub struct Suggestion {
    /// The label.
    pub label: String,
    /// How many ratings give it.
    pub count: usize,
    /// Its share of the item's ratings.
    pub share: f64,
}

/// One undoable action: each item it changed, before and after.
#[derive(Debug, Clone, PartialEq)]
struct Step(Vec<(usize, Option<GoldDecision>, Option<GoldDecision>)>);

/// The adjudication of a coding study.
#[derive(Debug, Clone)]
pub struct CodingAdjudication {
    study: CodingStudy,
    decisions: Vec<Option<GoldDecision>>,
    undo: Vec<Step>,
    redo: Vec<Step>,
    adjudicator: Option<String>,
    order: Vec<usize>,
}

/// The decisions of an adjudication, as a session file keeps them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CodingSession {
    /// The table's fingerprint ([`CodingStudy::fingerprint`]).
    pub fingerprint: String,
    /// The study's name when saved.
    pub study: String,
    /// Each decided item's identifier and decision, in table order.
    pub decisions: Vec<(String, GoldDecision)>,
}

impl CodingAdjudication {
    /// Nothing decided yet; `adjudicator` is recorded with each decision.
    pub fn new(study: CodingStudy, adjudicator: Option<String>) -> CodingAdjudication {
        let order = visiting_order(&study);
        CodingAdjudication {
            decisions: vec![None; study.n_items()],
            study,
            undo: Vec::new(),
            redo: Vec::new(),
            adjudicator,
            order,
        }
    }

    /// The decisions of `session` on `study`, refused when the session is of another table.
    pub fn restore(
        study: CodingStudy,
        session: &CodingSession,
        adjudicator: Option<String>,
    ) -> Result<CodingAdjudication, CodingAdjudicationError> {
        let expected = study.fingerprint();
        if session.fingerprint != expected {
            return Err(CodingAdjudicationError::OtherTable {
                found: session.fingerprint.clone(),
                expected,
            });
        }
        let mut adjudication = CodingAdjudication::new(study, adjudicator);
        for (item, decision) in &session.decisions {
            let index = (adjudication.study.items.iter())
                .position(|i| i == item)
                .ok_or_else(|| CodingAdjudicationError::UnknownItem(item.clone()))?;
            adjudication.decisions[index] = Some(decision.clone());
        }
        Ok(adjudication)
    }

    /// The session to save.
    pub fn session(&self) -> CodingSession {
        CodingSession {
            fingerprint: self.study.fingerprint(),
            study: self.study.name.clone(),
            decisions: (self.decisions.iter().enumerate())
                .filter_map(|(i, d)| d.clone().map(|d| (self.study.items[i].clone(), d)))
                .collect(),
        }
    }

    /// The study adjudicated.
    pub fn study(&self) -> &CodingStudy {
        &self.study
    }

    /// The decision of item `item`, if any.
    pub fn decision(&self, item: usize) -> Option<&GoldDecision> {
        self.decisions.get(item).and_then(Option::as_ref)
    }

    /// The label most of the item's ratings give (more than any other; none on a tie).
    pub fn suggestion(&self, item: usize) -> Option<Suggestion> {
        let counts = self.study.counts(item);
        let rated: usize = counts.iter().sum();
        let best = *counts.iter().max()?;
        if best == 0 || counts.iter().filter(|&&c| c == best).count() > 1 {
            return None;
        }
        let k = counts.iter().position(|&c| c == best)?;
        Some(Suggestion {
            label: self.study.codings.categories[k].clone(),
            count: best,
            share: best as f64 / rated as f64,
        })
    }

    fn check_item(&self, item: usize) -> Result<(), CodingAdjudicationError> {
        if item < self.decisions.len() {
            Ok(())
        } else {
            Err(CodingAdjudicationError::NoSuchItem(item))
        }
    }

    fn record(&self, label: Option<String>, decided_by: DecidedBy) -> GoldDecision {
        GoldDecision {
            label,
            decided_by,
            adjudicator: self.adjudicator.clone(),
            time: crate::gold::now(),
        }
    }

    fn apply(&mut self, changes: Vec<(usize, Option<GoldDecision>)>) -> usize {
        let step: Vec<_> = (changes.into_iter())
            .map(|(item, after)| {
                let before = std::mem::replace(&mut self.decisions[item], after.clone());
                (item, before, after)
            })
            .collect();
        let changed = step.len();
        if changed > 0 {
            self.undo.push(Step(step));
            self.redo.clear();
        }
        changed
    }

    /// Decides `label` (none: the item is left out of the gold) for `item`.
    pub fn decide(
        &mut self,
        item: usize,
        label: Option<&str>,
        decided_by: DecidedBy,
    ) -> Result<(), CodingAdjudicationError> {
        self.check_item(item)?;
        let label = match label.map(str::trim) {
            Some("") => return Err(CodingAdjudicationError::EmptyLabel),
            other => other.map(str::to_string),
        };
        let decision = self.record(label, decided_by);
        self.apply(vec![(item, Some(decision))]);
        Ok(())
    }

    /// Takes coder `coder`'s label as the gold of `item` (keys 1…9).
    pub fn take_coder(&mut self, item: usize, coder: usize) -> Result<(), CodingAdjudicationError> {
        self.check_item(item)?;
        let name = (self.study.coders.get(coder).cloned())
            .ok_or(CodingAdjudicationError::NoSuchCoder(coder))?;
        let label = (self.study.label(item, coder).map(str::to_string)).ok_or_else(|| {
            CodingAdjudicationError::NoLabel {
                item: self.study.items[item].clone(),
                coder: name.clone(),
            }
        })?;
        self.decide(item, Some(&label), DecidedBy::Coder(name))
    }

    /// Accepts the suggestion of `item` (key A).
    pub fn accept_suggestion(&mut self, item: usize) -> Result<(), CodingAdjudicationError> {
        self.check_item(item)?;
        let suggestion = self
            .suggestion(item)
            .ok_or_else(|| CodingAdjudicationError::NoSuggestion(self.study.items[item].clone()))?;
        self.decide(item, Some(&suggestion.label), DecidedBy::Suggestion)
    }

    /// Takes back the decision of `item`.
    pub fn clear(&mut self, item: usize) -> Result<(), CodingAdjudicationError> {
        self.check_item(item)?;
        if self.decisions[item].is_some() {
            self.apply(vec![(item, None)]);
        }
        Ok(())
    }

    /// Applies `rule` to every open item, as one step; returns how many it decided.
    pub fn apply_rule(&mut self, rule: BulkRule) -> usize {
        let mut changes = Vec::new();
        for item in 0..self.decisions.len() {
            if self.decisions[item].is_some() {
                continue;
            }
            let counts = self.study.counts(item);
            let rated: usize = counts.iter().sum();
            if rated < 2 {
                continue;
            }
            let Some(suggestion) = self.suggestion(item) else {
                continue;
            };
            let decided_by = match rule {
                BulkRule::Unanimous if suggestion.count == rated => DecidedBy::Unanimous,
                BulkRule::Majority { threshold }
                    if 2 * suggestion.count > rated && suggestion.share >= threshold - 1e-12 =>
                {
                    DecidedBy::Majority { threshold }
                }
                _ => continue,
            };
            changes.push((item, Some(self.record(Some(suggestion.label), decided_by))));
        }
        self.apply(changes)
    }

    /// Takes back the last step; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(Step(step)) = self.undo.pop() else {
            return false;
        };
        for (item, before, _) in step.iter().rev() {
            self.decisions[*item] = before.clone();
        }
        self.redo.push(Step(step));
        true
    }

    /// Does again the last step undone; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(Step(step)) = self.redo.pop() else {
            return false;
        };
        for (item, _, after) in &step {
            self.decisions[*item] = after.clone();
        }
        self.undo.push(Step(step));
        true
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The items the next undo (or, with `redo`, redo) changes, in table order: the front end
    /// shows the item it takes back.
    pub fn next_step_items(&self, redo: bool) -> Vec<usize> {
        let stack = if redo { &self.redo } else { &self.undo };
        let mut items: Vec<usize> = (stack.last().into_iter())
            .flat_map(|Step(step)| step.iter().map(|(item, _, _)| *item))
            .collect();
        items.sort_unstable();
        items
    }

    /// The items in visiting order: disagreements first, the most divided first.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// Whether `item` passes `filter` (a category among its ratings, a coder who rated it).
    pub fn passes(&self, item: usize, filter: &Filter) -> bool {
        let row = &self.study.codings.items[item];
        let category = filter.category.as_ref().is_none_or(|c| {
            row.iter()
                .flatten()
                .any(|k| &self.study.codings.categories[*k] == c)
        });
        let coder = filter
            .annotator
            .is_none_or(|a| row.get(a).is_some_and(Option::is_some));
        category && coder
    }

    /// The next (or previous) undecided disagreement after `from` in visiting order, among the
    /// items `filter` keeps, going round; none when every such disagreement is decided.
    pub fn next_open(
        &self,
        from: Option<usize>,
        direction: Direction,
        filter: &Filter,
    ) -> Option<usize> {
        let n = self.order.len();
        let at = from.and_then(|f| self.order.iter().position(|&i| i == f));
        (1..=n)
            .map(|step| match (at, direction) {
                (None, Direction::Next) => (step - 1) % n,
                (None, Direction::Previous) => n - step,
                (Some(a), Direction::Next) => (a + step) % n,
                (Some(a), Direction::Previous) => (a + n * 2 - step) % n,
            })
            .map(|position| self.order[position])
            .find(|&i| {
                self.decisions[i].is_none()
                    && self.study.is_disagreement(i)
                    && self.passes(i, filter)
            })
    }

    /// Decided and open items (an item nobody rated twice counts as open until decided).
    pub fn progress(&self) -> Progress {
        let decided = self.decisions.iter().filter(|d| d.is_some()).count();
        Progress {
            decided,
            skipped: 0,
            open: self.decisions.len() - decided,
            total: self.decisions.len(),
        }
    }

    /// Each item's identifier and gold label (none: undecided or left out).
    pub fn gold(&self) -> Vec<(&str, Option<&str>)> {
        (self.study.items.iter().zip(&self.decisions))
            .map(|(item, d)| {
                let label = d.as_ref().and_then(|d| d.label.as_deref());
                (item.as_str(), label)
            })
            .collect()
    }

    /// Every decision with its item, in table order (for the decision report).
    pub fn decisions(&self) -> impl Iterator<Item = (usize, &GoldDecision)> {
        (self.decisions.iter().enumerate()).filter_map(|(i, d)| d.as_ref().map(|d| (i, d)))
    }
}

/// Disagreements first, the smallest share of the most common label first, then agreements;
/// table order within each.
fn visiting_order(study: &CodingStudy) -> Vec<usize> {
    let top_share = |item: usize| {
        let counts = study.counts(item);
        let rated: usize = counts.iter().sum();
        let best = counts.iter().max().copied().unwrap_or(0);
        if rated == 0 {
            1.0
        } else {
            best as f64 / rated as f64
        }
    };
    let mut order: Vec<(bool, f64, usize)> = (0..study.n_items())
        .map(|i| (!study.is_disagreement(i), top_share(i), i))
        .collect();
    order.sort_by(|a, b| (a.0, a.1, a.2).partial_cmp(&(b.0, b.1, b.2)).unwrap());
    order.into_iter().map(|(_, _, i)| i).collect()
}
