//! An adjudication with its annotators in another order, so that a document opened with its
//! files in another order goes on with the same decisions.

use super::Adjudication;
use super::history::Change;
use super::model::{Choice, Decision, RelationChoice, RelationDecision};

impl Adjudication {
    /// This adjudication with the annotators in the order of `names` (the same names, each
    /// once): the proposals' slots, the picks of the decisions and of the undo history follow
    /// their annotators. `None` when `names` are not the annotators' names in some order.
    pub fn in_annotator_order(&self, names: &[String]) -> Option<Adjudication> {
        let current = self.continuum.annotator_names();
        if names.len() != current.len() {
            return None;
        }
        // order[new position] = old position.
        let order: Vec<usize> = (names.iter())
            .map(|name| current.iter().position(|c| c == name))
            .collect::<Option<_>>()?;
        let mut new_position = vec![usize::MAX; order.len()];
        for (new, &old) in order.iter().enumerate() {
            if new_position[old] != usize::MAX {
                return None;
            }
            new_position[old] = new;
        }
        let mut reordered = self.clone();
        reordered.continuum.annotators = (order.iter())
            .map(|&old| self.continuum.annotators[old].clone())
            .collect();
        if !self.left_out.is_empty() {
            reordered.left_out = (order.iter())
                .map(|&old| self.left_out[old].clone())
                .collect();
        }
        for proposal in &mut reordered.proposals {
            proposal.slots = order.iter().map(|&old| proposal.slots[old]).collect();
        }
        let follow = |decision: &mut Decision| {
            if let Decision::Decided {
                choice: Choice::Pick { annotator },
                ..
            } = decision
            {
                *annotator = new_position[*annotator];
            }
        };
        reordered.decisions.iter_mut().for_each(follow);
        for proposal in &mut reordered.relation_proposals {
            proposal.members = order.iter().map(|&old| proposal.members[old]).collect();
        }
        let follow_relation = |decision: &mut RelationDecision| {
            if let RelationDecision::Decided {
                choice: RelationChoice::Pick { annotator },
                ..
            } = decision
            {
                *annotator = new_position[*annotator];
            }
        };
        reordered
            .relation_decisions
            .iter_mut()
            .for_each(follow_relation);
        for step in reordered.undo.iter_mut().chain(reordered.redo.iter_mut()) {
            for change in &mut step.changes {
                match change {
                    Change::Decision { before, after, .. } => {
                        follow(before);
                        follow(after);
                    }
                    Change::Relation { before, after, .. } => {
                        follow_relation(before);
                        follow_relation(after);
                    }
                    Change::Gold { .. } => {}
                }
            }
        }
        Some(reordered)
    }
}
