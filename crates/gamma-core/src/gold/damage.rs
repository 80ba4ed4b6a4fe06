//! Why a deserialised adjudication cannot be used ([`super::Adjudication::validate`]): a session
//! file may be edited by hand or damaged, and an index pointing past the proposals would
//! otherwise panic at the first click or at Ctrl+Z. The error says where and what, with the
//! values found.

use super::model::GoldId;
use crate::unit::InvalidUnit;
use std::fmt;

/// A damaged adjudication: where it is wrong and what is wrong there.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{place}{damage}")]
pub struct DamagedAdjudication {
    /// Where.
    pub place: Place,
    /// What.
    pub damage: Damage,
}

/// Where a damaged adjudication is wrong (indices from 0).
#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    /// The adjudication as a whole (its counts of things).
    Whole,
    /// A unit of an annotator: the annotator's index and name.
    Annotator {
        /// The annotator's index.
        index: usize,
        /// Its name.
        name: String,
    },
    /// A proposal (an alignment of the best alignment).
    Alignment(usize),
    /// A gold unit.
    GoldUnit(GoldId),
    /// A relation proposal.
    Relation(usize),
    /// A change of a step of the undo or redo history, and where inside it.
    History {
        /// Which history.
        history: History,
        /// The step.
        step: usize,
        /// The steps of that history.
        steps: usize,
        /// The step's label.
        label: String,
        /// The change in the step.
        change: usize,
        /// Where the change is wrong.
        at: Box<Place>,
    },
}

/// The undo or the redo history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum History {
    /// What undo replays.
    Undo,
    /// What redo replays.
    Redo,
}

/// What is wrong, with the values found.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Damage {
    /// Not one decision per proposal.
    #[error("{decisions} decisions for {alignments} alignments")]
    DecisionCount {
        /// Decisions found.
        decisions: usize,
        /// Proposals (alignments).
        alignments: usize,
    },
    /// Not one relation decision per relation proposal.
    #[error("{decisions} relation decisions for {relations} relations")]
    RelationDecisionCount {
        /// Relation decisions found.
        decisions: usize,
        /// Relation proposals.
        relations: usize,
    },
    /// Not one list of units left out of γ per annotator.
    #[error("{lists} lists of units left out of γ for {annotators} annotators")]
    LeftOutCount {
        /// Lists found.
        lists: usize,
        /// Annotators of the document.
        annotators: usize,
    },
    /// A unit whose span is not one.
    #[error("{0}")]
    InvalidUnit(InvalidUnit),
    /// A proposal without one slot per annotator.
    #[error("{slots} slots for {annotators} annotators")]
    SlotCount {
        /// Slots found.
        slots: usize,
        /// Annotators of the document.
        annotators: usize,
    },
    /// A slot naming a unit the annotator does not have.
    #[error("annotator {annotator} has no unit {unit}")]
    NoUnit {
        /// The annotator's index.
        annotator: usize,
        /// The unit's index.
        unit: usize,
    },
    /// A decision naming an annotator the document does not have.
    #[error("no annotator {0}")]
    NoAnnotator(usize),
    /// A gold unit deciding a proposal the document does not have.
    #[error("no such alignment")]
    NoSuchAlignment,
    /// A gold id at or past the next id to hand out (the next id).
    #[error("id not below next id {0}")]
    IdNotBelowNext(GoldId),
    /// A relation proposal without one member per annotator.
    #[error("{members} members for {annotators} annotators")]
    MemberCount {
        /// Members found.
        members: usize,
        /// Annotators of the document.
        annotators: usize,
    },
    /// A member naming a relation the annotator does not have.
    #[error("annotator {0} has no such relation")]
    NoSuchRelation(usize),
    /// A relation endpoint in no proposal of the document.
    #[error("an endpoint in no alignment of the document")]
    EndpointOutside,
    /// A relation decision picking an annotator who has no relation there.
    #[error("annotator {0} has no relation there")]
    NoRelationThere(usize),
    /// A change of the history naming a proposal the document does not have.
    #[error("no alignment {} (the document has {alignments})", .alignment + 1)]
    NoAlignment {
        /// The proposal's index.
        alignment: usize,
        /// Proposals of the document.
        alignments: usize,
    },
    /// A change of the history naming a relation proposal the document does not have.
    #[error("no relation {} (the document has {relations})", .relation + 1)]
    NoRelation {
        /// The relation proposal's index.
        relation: usize,
        /// Relation proposals of the document.
        relations: usize,
    },
}

impl Damage {
    /// This damage at `place`.
    pub(super) fn at(self, place: Place) -> DamagedAdjudication {
        DamagedAdjudication {
            place,
            damage: self,
        }
    }
}

impl fmt::Display for History {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            History::Undo => "undo",
            History::Redo => "redo",
        })
    }
}

impl fmt::Display for Place {
    /// The place as the start of a message: empty for the whole, else ending with `: `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Whole => Ok(()),
            Place::Annotator { index, name } => write!(f, "annotator {name:?} ({index}): "),
            Place::Alignment(i) => write!(f, "alignment {}: ", i + 1),
            Place::GoldUnit(id) => write!(f, "gold unit {id}: "),
            Place::Relation(i) => write!(f, "relation {}: ", i + 1),
            Place::History {
                history,
                step,
                steps,
                label,
                change,
                at,
            } => write!(
                f,
                "{history} history, step {} of {steps} ({label:?}), change {}: {at}",
                step + 1,
                change + 1
            ),
        }
    }
}
