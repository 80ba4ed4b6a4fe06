//! The adjudication's vocabulary: the proposals to decide (alignments and relations), the
//! decisions, the gold units and relations, the bulk rules and what can go wrong. Plain data, serialisable as a session stores it.

use crate::unit::{InvalidUnit, Unit};
use serde::{Deserialize, Serialize};

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
    Pick {
        /// The annotator, by index.
        annotator: usize,
    },
    /// The suggestion: an annotator's unit of the majority category, the closest to the others
    /// (or, under the `median` rule, the majority category with the median boundaries).
    Suggestion,
    /// No unit in the gold.
    Reject,
}

/// Who or what made a decision.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Rule {
    /// The adjudicator, by hand.
    Manual,
    /// Bulk: every annotator has a unit, all with the same category and span.
    Unanimous,
    /// Bulk: disorder at most `max_disorder` and at least `min_majority` annotators agree on the
    /// category.
    Threshold {
        /// The largest disorder δ decided.
        max_disorder: f64,
        /// The fewest annotators agreeing on the category.
        min_majority: usize,
    },
    /// Bulk, as `Threshold`, with the median suggestion (median boundaries of the majority
    /// category's units: a span that no annotator may have made).
    Median {
        /// The largest disorder δ decided.
        max_disorder: f64,
        /// The fewest annotators agreeing on the category.
        min_majority: usize,
    },
}

/// The state of one proposal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Decision {
    /// Not decided yet.
    Open,
    /// Left for later.
    Skipped {
        /// The adjudicator.
        by: String,
        /// When (RFC 3339, UTC).
        at: String,
    },
    /// Decided: its gold units are in the gold.
    Decided {
        /// What went into the gold.
        choice: Choice,
        /// Who or what decided.
        rule: Rule,
        /// The adjudicator.
        by: String,
        /// When (RFC 3339, UTC).
        at: String,
        /// Why, as the key of a reason of the campaign's [`ReasonList`](crate::gold::ReasonList) (sessions before
        /// version 5 have none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
        /// The adjudicator's free note.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
}

impl Decision {
    /// Not decided and not skipped.
    pub fn is_open(&self) -> bool {
        matches!(self, Decision::Open)
    }

    /// Decided (by hand or by a bulk rule).
    pub fn is_decided(&self) -> bool {
        matches!(self, Decision::Decided { .. })
    }
}

/// Corresponding relations of the annotators, to be decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelationProposal {
    /// For each annotator, the index of its relation (in its
    /// [`relations`](crate::continuum::Annotator::relations)), or `None`.
    pub members: Vec<Option<usize>>,
    /// The unitary alignments (proposal indices) the relations' sources lie in.
    pub source: Vec<usize>,
    /// The unitary alignments their targets lie in.
    pub target: Vec<usize>,
    /// Whether source and target may not be swapped.
    pub directed: bool,
}

/// What a decided relation proposal put in the gold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RelationChoice {
    /// One annotator's relation, with its label.
    Pick {
        /// The annotator, by index.
        annotator: usize,
    },
    /// The relation between the same units, with this label.
    Relabel {
        /// The gold relation's label.
        label: String,
    },
    /// No relation in the gold.
    Reject,
}

/// The state of one relation proposal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum RelationDecision {
    /// Not decided yet.
    Open,
    /// Left for later.
    Skipped {
        /// The adjudicator.
        by: String,
        /// When (RFC 3339, UTC).
        at: String,
    },
    /// Decided.
    Decided {
        /// What went into the gold.
        choice: RelationChoice,
        /// Who or what decided ([`Rule::Manual`] or [`Rule::Unanimous`]).
        rule: Rule,
        /// The adjudicator.
        by: String,
        /// When (RFC 3339, UTC).
        at: String,
        /// Why, as the key of a reason of the campaign's [`ReasonList`](crate::gold::ReasonList).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
        /// The adjudicator's free note.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
}

impl RelationDecision {
    /// Not decided and not skipped.
    pub fn is_open(&self) -> bool {
        matches!(self, RelationDecision::Open)
    }

    /// Decided (by hand or by the unanimous rule).
    pub fn is_decided(&self) -> bool {
        matches!(self, RelationDecision::Decided { .. })
    }
}

/// A relation of the gold: its label, and its endpoints as gold units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoldRelation {
    /// The relation proposal it decides.
    pub proposal: usize,
    /// Its label.
    pub label: String,
    /// The gold units of its source (one, or the members of a group).
    pub source: Vec<GoldId>,
    /// The gold units of its target.
    pub target: Vec<GoldId>,
    /// Whether source and target may not be swapped.
    pub directed: bool,
    /// The annotator whose relation (and endpoints) it is.
    pub from: usize,
}

/// Why a relation that should be in the gold cannot be: an alignment of one of its endpoints
/// has no gold unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LostEndpoint {
    /// The unitary alignment (proposal index) without a gold unit.
    pub alignment: usize,
    /// Whether that alignment was rejected (else it is open or skipped).
    pub rejected: bool,
}

/// Identifier of a gold unit (stable across undo and redo, never reused).
pub type GoldId = u64;

/// A unit of the gold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GoldUnit {
    /// The unit as it is in the gold.
    pub unit: Unit,
    /// The proposal this unit decides; `None` for a unit the adjudicator added.
    pub proposal: Option<usize>,
    /// Changed by hand after it was chosen (boundaries, category, features, split, merge).
    pub edited: bool,
}

/// Why an action cannot be done (nothing changed).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GoldError {
    #[error("there is no unitary alignment {0}")]
    /// No proposal has this index.
    NoSuchProposal(usize),
    #[error("there is no annotator {0}")]
    /// No annotator has this index.
    NoSuchAnnotator(usize),
    /// The annotator has no unit in this proposal.
    #[error("annotator {annotator:?} has no unit in unitary alignment {proposal}")]
    EmptySlot {
        /// The proposal, by index.
        proposal: usize,
        /// The annotator's name.
        annotator: String,
    },
    #[error("there is no gold unit {0}")]
    /// No gold unit has this id.
    NoSuchUnit(GoldId),
    #[error("invalid unit: {0}")]
    /// The unit's span is not valid.
    InvalidUnit(#[from] InvalidUnit),
    /// A split point not strictly inside the unit.
    #[error("cannot split {unit} at {at}: the point must be strictly inside")]
    SplitOutside {
        /// The unit, as text.
        unit: String,
        /// The split point.
        at: f64,
    },
    #[error("merging needs two different gold units")]
    /// A unit cannot be merged with itself.
    MergeItself,
    #[error("there is no relation {}", .0 + 1)]
    /// No relation proposal has this index.
    NoSuchRelation(usize),
    /// The annotator has no relation in this relation proposal.
    #[error("annotator {annotator:?} has no relation in relation {}", .relation + 1)]
    NoRelation {
        /// The relation proposal, by index.
        relation: usize,
        /// The annotator's name.
        annotator: String,
    },
    #[error("a relation's label cannot be empty")]
    /// A relabelling with an empty label.
    EmptyLabel,
    #[error("bulk rule: {0}")]
    /// A bulk rule that cannot be read or applied.
    BadRule(String),
    /// A reason that is not in the campaign's list (the reason given, the keys of the list).
    #[error("{0:?} is not a reason of this campaign (its reasons are {1})")]
    UnknownReason(String, String),
    /// A reason or note for a proposal that is not decided (alignment, or relation).
    #[error("{} {} is not decided: only a decision has a reason", if *.relation { "relation" } else { "alignment" }, .index + 1)]
    NotDecided {
        /// The proposal, by index.
        index: usize,
        /// Whether it is a relation proposal.
        relation: bool,
    },
}

/// Decided / skipped / open counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Progress {
    /// Proposals decided.
    pub decided: usize,
    /// Proposals skipped.
    pub skipped: usize,
    /// Proposals still open.
    pub open: usize,
    /// All proposals.
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
    /// Forwards in the order.
    Next,
    /// Backwards in the order.
    Previous,
}

/// The current time as RFC 3339 (UTC, seconds), as decisions record it.
pub fn now() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}

/// Parses `unanimous` or `threshold:T:K` (T the largest disorder, K the smallest number of
/// annotators agreeing on the category).
pub fn parse_rule(rule: &str) -> Result<Rule, GoldError> {
    let bad = || {
        GoldError::BadRule(format!(
            "{rule:?} is not `unanimous`, `threshold:T:K` or `median:T:K` (e.g. threshold:0.3:2)"
        ))
    };
    let parts: Vec<&str> = rule.trim().split(':').collect();
    match parts.as_slice() {
        ["unanimous"] => Ok(Rule::Unanimous),
        [name @ ("threshold" | "median"), t, k] => {
            let max_disorder: f64 = t.parse().map_err(|_| bad())?;
            let min_majority: usize = k.parse().map_err(|_| bad())?;
            if max_disorder.is_nan() || max_disorder < 0.0 || min_majority == 0 {
                return Err(bad());
            }
            Ok(if *name == "median" {
                Rule::Median {
                    max_disorder,
                    min_majority,
                }
            } else {
                Rule::Threshold {
                    max_disorder,
                    min_majority,
                }
            })
        }
        _ => Err(bad()),
    }
}
