//! The undo history: every action is one [`Step`] made of reversible [`Change`]s (a decision
//! or a gold unit, before and after), so that undo and redo need no snapshots and a bulk
//! decision of thousands of proposals is one step.

use super::damage::{Damage, DamagedAdjudication, History, Place};
use super::model::{Choice, Decision, GoldId, GoldUnit, RelationChoice, RelationDecision};
use crate::unit::Unit;
use serde::{Deserialize, Serialize};

/// One reversible change: a proposal's decision or a gold unit, before and after.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub(super) enum Change {
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
    Relation {
        relation: usize,
        before: RelationDecision,
        after: RelationDecision,
    },
}

/// One undoable action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// What the step did, as undo and redo name it ("reject alignment 3").
    pub label: String,
    pub(super) changes: Vec<Change>,
}

impl Step {
    /// The alignment (proposal index) the step is about: the first whose decision or gold
    /// units it changes; `None` for a step on units added by hand or on relations only.
    pub fn alignment(&self) -> Option<usize> {
        self.changes.iter().find_map(|change| match change {
            Change::Decision { proposal, .. } => Some(*proposal),
            Change::Gold { before, after, .. } => {
                (after.as_ref().or(before.as_ref())).and_then(|g| g.proposal)
            }
            Change::Relation { .. } => None,
        })
    }

    /// The gold units the step changes, by id, in order.
    pub fn gold_units(&self) -> Vec<GoldId> {
        (self.changes.iter())
            .filter_map(|change| match change {
                Change::Gold { id, .. } => Some(*id),
                _ => None,
            })
            .collect()
    }
}

/// How many steps undo remembers.
pub(crate) const UNDO_DEPTH: usize = 1000;

/// What the changes of a history may refer to: the document's proposals and annotators, and
/// the gold ids handed out so far.
pub(super) struct Bounds {
    pub proposals: usize,
    pub relations: usize,
    pub annotators: usize,
    pub next_id: GoldId,
}

/// Checks that undo or redo can replay every change of `steps` (the history `history`): a
/// session file may be edited by hand or damaged, and a change pointing past the proposals
/// would otherwise panic at Ctrl+Z.
pub(super) fn check_history(
    history: History,
    steps: &[Step],
    bounds: &Bounds,
) -> Result<(), DamagedAdjudication> {
    for (s, step) in steps.iter().enumerate() {
        for (c, change) in step.changes.iter().enumerate() {
            check_change(change, bounds).map_err(|e| DamagedAdjudication {
                place: Place::History {
                    history,
                    step: s,
                    steps: steps.len(),
                    label: step.label.clone(),
                    change: c,
                    at: Box::new(e.place),
                },
                damage: e.damage,
            })?;
        }
    }
    Ok(())
}

fn check_change(change: &Change, bounds: &Bounds) -> Result<(), DamagedAdjudication> {
    match change {
        Change::Decision {
            proposal,
            before,
            after,
        } => {
            if *proposal >= bounds.proposals {
                let damage = Damage::NoAlignment {
                    alignment: *proposal,
                    alignments: bounds.proposals,
                };
                return Err(damage.at(Place::Whole));
            }
            for decision in [before, after] {
                check_decision(decision, bounds.annotators).map_err(|d| d.at(Place::Whole))?;
            }
        }
        Change::Gold { id, before, after } => {
            if *id >= bounds.next_id {
                return Err(Damage::IdNotBelowNext(bounds.next_id).at(Place::GoldUnit(*id)));
            }
            for gold in [before, after].into_iter().flatten() {
                check_gold_unit(*id, gold, bounds.proposals)?;
            }
        }
        Change::Relation {
            relation,
            before,
            after,
        } => {
            if *relation >= bounds.relations {
                let damage = Damage::NoRelation {
                    relation: *relation,
                    relations: bounds.relations,
                };
                return Err(damage.at(Place::Whole));
            }
            for decision in [before, after] {
                check_relation_decision(decision, bounds.annotators)
                    .map_err(|d| d.at(Place::Whole))?;
            }
        }
    }
    Ok(())
}

/// A decision that picks an annotator's unit must name an existing annotator.
pub(super) fn check_decision(decision: &Decision, annotators: usize) -> Result<(), Damage> {
    match decision {
        Decision::Decided {
            choice: Choice::Pick { annotator },
            ..
        } if *annotator >= annotators => Err(Damage::NoAnnotator(*annotator)),
        _ => Ok(()),
    }
}

/// A relation decision that keeps an annotator's relation must name an existing annotator.
pub(super) fn check_relation_decision(
    decision: &RelationDecision,
    annotators: usize,
) -> Result<(), Damage> {
    match decision {
        RelationDecision::Decided {
            choice: RelationChoice::Pick { annotator },
            ..
        } if *annotator >= annotators => Err(Damage::NoAnnotator(*annotator)),
        _ => Ok(()),
    }
}

/// A gold unit must have a valid span and decide an existing proposal (if any).
pub(super) fn check_gold_unit(
    id: GoldId,
    gold: &GoldUnit,
    proposals: usize,
) -> Result<(), DamagedAdjudication> {
    Unit::new(gold.unit.start, gold.unit.end, "")
        .map_err(|e| Damage::InvalidUnit(e).at(Place::GoldUnit(id)))?;
    if gold.proposal.is_some_and(|p| p >= proposals) {
        return Err(Damage::NoSuchAlignment.at(Place::GoldUnit(id)));
    }
    Ok(())
}
