//! A system's relations scored against a reference's: the counts of a [`PairAgreement`] whose
//! first annotator is the reference, read as an evaluation reads them.
//!
//! Of the reference's n_ref relations and the system's n_sys, the one-to-one matching through
//! the best alignment (see [`crate::relations`]) pairs some with the same label (*correct*),
//! some with another label (*mislabelled*); the reference's others are *missed*, the system's
//! others *spurious*: `same_label + other_label + missed = n_ref` and
//! `same_label + other_label + spurious = n_sys`. Then, as for spans (SemEval-2013 9.1):
//! - **labelled**: precision = same_label / n_sys, recall = same_label / n_ref;
//! - **unlabelled** (the relation links the right units in the right direction): precision =
//!   matched / n_sys, recall = matched / n_ref, matched = same_label + other_label;
//! - **attachment** (the right units are linked, whatever the direction and label): precision
//!   = attached / n_sys, recall = attached / n_ref;
//!
//! each with F1 = 2·P·R / (P + R), so 2·k / (n_ref + n_sys) for k of them found. A precision
//! (recall) whose system (reference) has no relation is 0, and so is an F1 whose precision and
//! recall are 0, as for the span scores.
//!
//! Worked example (also a test): the reference links u1→u2 "Elaboration", u2→u3 "Comment",
//! u3→u4 "Result"; the system, whose units are aligned with the reference's one for one,
//! links the first alike, the second as "Question", and misses the third. n_ref = 3,
//! n_sys = 2, same_label 1, other_label 1, missed 1, spurious 0: labelled P = 1/2, R = 1/3,
//! F1 = 2/5; unlabelled P = 2/2, R = 2/3, F1 = 4/5.

use super::{PairAgreement, RelationAgreement, combine};
use serde::Serialize;

/// Precision, recall and F1 of one reading of the counts.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PrecisionRecall {
    /// Found / the system's relations.
    pub precision: f64,
    /// Found / the reference's relations.
    pub recall: f64,
    /// 2·P·R / (P + R).
    pub f1: f64,
}

impl PrecisionRecall {
    /// The scores of `found` relations out of `reference` and `system` ones.
    pub fn of(found: usize, reference: usize, system: usize) -> PrecisionRecall {
        let share = |of: usize| match of {
            0 => 0.0,
            of => found as f64 / of as f64,
        };
        let (precision, recall) = (share(system), share(reference));
        let f1 = if precision + recall > 0.0 {
            2.0 * precision * recall / (precision + recall)
        } else {
            0.0
        };
        PrecisionRecall {
            precision,
            recall,
            f1,
        }
    }
}

/// A system's relations against the reference's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RelationScores {
    /// The reference's relations (placed ones).
    pub reference: usize,
    /// The system's relations (placed ones).
    pub system: usize,
    /// Matched with the same label.
    pub same_label: usize,
    /// Matched with another label.
    pub other_label: usize,
    /// The reference's relations with no counterpart.
    pub missed: usize,
    /// The system's relations with no counterpart.
    pub spurious: usize,
    /// Relations matched when direction is ignored.
    pub attached: usize,
    /// Same label counts.
    pub labelled: PrecisionRecall,
    /// Any label counts.
    pub unlabelled: PrecisionRecall,
    /// Any label and direction count.
    pub attachment: PrecisionRecall,
    /// Relations of either side left out because an endpoint is not a measured unit.
    pub unplaced: usize,
}

impl RelationScores {
    /// The scores of `pair`, whose first annotator is the reference; `unplaced` relations of
    /// either side could not be placed.
    pub fn against_reference(pair: &PairAgreement, unplaced: usize) -> RelationScores {
        let [reference, system] = pair.relations;
        let matched = pair.same_label + pair.other_label;
        RelationScores {
            reference,
            system,
            same_label: pair.same_label,
            other_label: pair.other_label,
            missed: pair.only_first,
            spurious: pair.only_second,
            attached: pair.attached,
            labelled: PrecisionRecall::of(pair.same_label, reference, system),
            unlabelled: PrecisionRecall::of(matched, reference, system),
            attachment: PrecisionRecall::of(pair.attached, reference, system),
            unplaced,
        }
    }

    /// The scores of a system over several documents, from each document's agreement of the
    /// reference (first) and the system: the counts summed.
    pub(crate) fn over_documents(documents: &[RelationAgreement]) -> RelationScores {
        let combined = combine(documents);
        let pair = combined
            .pairs
            .first()
            .cloned()
            .unwrap_or_else(|| super::sum(&[]));
        RelationScores::against_reference(&pair, combined.unplaced.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuum::{Annotator, Continuum};
    use crate::gamma::{DocumentAlignment, GammaOptions};
    use crate::relation::{Endpoint, Relation};
    use crate::relations::relation_agreement;
    use crate::unit::Unit;

    fn annotator(name: &str, relations: &[(&str, &str, &str)]) -> Annotator {
        let units = (0..4)
            .map(|i| {
                Unit::new(10.0 * i as f64, 10.0 * i as f64 + 5.0, "seg")
                    .unwrap()
                    .with_source_id(format!("u{}", i + 1))
            })
            .collect();
        let relations = relations
            .iter()
            .enumerate()
            .map(|(i, (label, source, target))| Relation {
                id: format!("r{i}"),
                label: label.to_string(),
                source: Endpoint::Unit(source.to_string()),
                target: Endpoint::Unit(target.to_string()),
                directed: true,
            })
            .collect();
        Annotator {
            name: name.into(),
            units,
            own_text: None,
            relations,
        }
    }

    /// The module's worked example.
    #[test]
    fn a_system_missing_one_relation_and_relabelling_another() {
        let reference = annotator(
            "gold",
            &[
                ("Elaboration", "u1", "u2"),
                ("Comment", "u2", "u3"),
                ("Result", "u3", "u4"),
            ],
        );
        let system = annotator(
            "system",
            &[("Elaboration", "u1", "u2"), ("Question", "u2", "u3")],
        );
        let mut continuum = Continuum::new("d");
        continuum.annotators = vec![reference, system];
        let aligned = DocumentAlignment::of(&continuum, &GammaOptions::default()).unwrap();
        let agreement = relation_agreement(&continuum, &aligned.problem, &aligned.alignment);
        let scores = RelationScores::against_reference(&agreement.pairs[0], 0);
        assert_eq!(
            (
                scores.reference,
                scores.system,
                scores.same_label,
                scores.other_label,
                scores.missed,
                scores.spurious,
                scores.attached
            ),
            (3, 2, 1, 1, 1, 0, 2)
        );
        assert_eq!(scores.labelled.precision, 0.5);
        assert_eq!(scores.labelled.recall, 1.0 / 3.0);
        assert!((scores.labelled.f1 - 0.4).abs() < 1e-15);
        assert_eq!(scores.unlabelled.precision, 1.0);
        assert_eq!(scores.unlabelled.recall, 2.0 / 3.0);
        assert!((scores.unlabelled.f1 - 0.8).abs() < 1e-15);
        assert_eq!(scores.attachment, scores.unlabelled);
    }

    #[test]
    fn no_relation_on_a_side_scores_zero() {
        assert_eq!(
            PrecisionRecall::of(0, 0, 3),
            PrecisionRecall {
                precision: 0.0,
                recall: 0.0,
                f1: 0.0
            }
        );
        assert_eq!(PrecisionRecall::of(0, 2, 0).f1, 0.0);
    }
}
