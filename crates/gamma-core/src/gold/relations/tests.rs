//! Relation adjudication on constructed discourses counted by hand: a copy, a copy minus a
//! relation, a relation relabelled, an endpoint moved, three annotators, a lost endpoint.

use super::*;
use crate::gamma::{DocumentAlignment, GammaOptions};
use crate::relation::Relation;
use crate::relations::fixtures::{discourse, segments};

fn adjudication(discourses: Vec<Vec<Relation>>) -> Adjudication {
    let mut c = Continuum::new("doc");
    let names = ["A", "B", "C"];
    for (a, relations) in discourses.into_iter().enumerate() {
        segments(&mut c, names[a]);
        c.annotators[a].relations = relations;
    }
    let aligned = DocumentAlignment::of(&c, &GammaOptions::default()).unwrap();
    Adjudication::new(c, &aligned.problem, &aligned.alignment, "tester")
}

/// A relation proposal's source and target alignments, and its members.
type Layout = (Vec<usize>, Vec<usize>, Vec<Option<usize>>);

/// The members of every relation proposal, with its place (source and target alignments).
fn layout(a: &Adjudication) -> Vec<Layout> {
    (a.relation_proposals().iter())
        .map(|p| (p.source.clone(), p.target.clone(), p.members.clone()))
        .collect()
}

fn labels(a: &Adjudication) -> Vec<(String, Vec<GoldId>, Vec<GoldId>)> {
    (a.gold_relations().into_iter())
        .map(|r| (r.label, r.source, r.target))
        .collect()
}

#[test]
fn a_copy_is_four_unanimous_proposals_that_the_unanimous_rule_decides() {
    let mut a = adjudication(vec![discourse(), discourse()]);
    assert_eq!(
        layout(&a),
        vec![
            (vec![0], vec![1], vec![Some(0), Some(0)]),
            (vec![1], vec![2], vec![Some(1), Some(1)]),
            (vec![2], vec![3], vec![Some(2), Some(2)]),
            (vec![3], vec![4], vec![Some(3), Some(3)]),
        ]
    );
    assert!((0..4).all(|i| a.is_relation_unanimous(i)));
    assert_eq!(a.decide_unanimous(), 5);
    assert_eq!(a.relation_progress().decided, 4);
    assert_eq!(
        a.undo_label(),
        Some("decide the unanimous alignments and 4 unanimous relations (5)")
    );
    // Gold units 1…5 decide alignments 0…4 (one per segment, in order).
    assert_eq!(
        labels(&a),
        vec![
            ("Elaboration".into(), vec![1], vec![2]),
            ("Comment".into(), vec![2], vec![3]),
            ("Question-answer_pair".into(), vec![3], vec![4]),
            ("Elaboration".into(), vec![4], vec![5]),
        ]
    );
    a.undo();
    assert_eq!(a.relation_progress().open, 4);
    assert!(a.gold_relations().is_empty());
}

#[test]
fn a_missing_relation_is_a_proposal_of_one_that_the_suggestion_keeps() {
    let mut second = discourse();
    second.remove(1);
    let a = adjudication(vec![discourse(), second]);
    assert_eq!(a.relation_proposals().len(), 4);
    assert_eq!(a.relation_proposals()[1].members, vec![Some(1), None]);
    assert_eq!(a.relation_proposals()[2].members, vec![Some(2), Some(1)]);
    assert!(!a.is_relation_unanimous(1));
    // One annotator of two has it: not fewer with it than without, so it is kept.
    assert_eq!(
        a.relation_suggestion(1),
        RelationChoice::Pick { annotator: 0 }
    );
}

#[test]
fn a_relabelled_relation_is_decided_by_pick_or_relabel_and_undone() {
    let mut second = discourse();
    second[1].label = "Acknowledgement".into();
    let mut a = adjudication(vec![discourse(), second]);
    assert_eq!(
        a.relation_members(1),
        vec![(0, 1, "Comment"), (1, 1, "Acknowledgement")]
    );
    assert!(!a.is_relation_unanimous(1));
    a.decide_unanimous();
    assert_eq!(a.relation_progress().open, 1);
    a.decide_relation(1, RelationChoice::Pick { annotator: 1 })
        .unwrap();
    assert_eq!(a.undo_label(), Some("keep B's relation 2"));
    assert_eq!(labels(&a)[1].0, "Acknowledgement");
    a.decide_relation(
        1,
        RelationChoice::Relabel {
            label: "Contrast".into(),
        },
    )
    .unwrap();
    assert_eq!(labels(&a)[1], ("Contrast".into(), vec![2], vec![3]));
    a.undo();
    assert_eq!(labels(&a)[1].0, "Acknowledgement");
    a.undo();
    assert!(a.relation_decisions()[1].is_open());
    assert_eq!(labels(&a).len(), 3);
    assert_eq!(
        a.decide_relation(1, RelationChoice::Relabel { label: " ".into() }),
        Err(GoldError::EmptyLabel)
    );
    assert_eq!(
        a.decide_relation(9, RelationChoice::Reject),
        Err(GoldError::NoSuchRelation(9))
    );
}

#[test]
fn an_endpoint_moved_to_another_segment_makes_two_proposals_of_one() {
    let mut second = discourse();
    second[0].target = Endpoint::Unit("s3".into());
    let a = adjudication(vec![discourse(), second]);
    assert_eq!(
        layout(&a)[..2],
        [
            (vec![0], vec![1], vec![Some(0), None]),
            (vec![0], vec![2], vec![None, Some(0)]),
        ]
    );
    assert_eq!(a.relation_proposals().len(), 5);
}

#[test]
fn three_annotators_share_one_proposal_where_two_agree_on_the_label() {
    let mut third = discourse();
    third[0].label = "Comment".into();
    let a = adjudication(vec![discourse(), discourse(), third]);
    assert_eq!(a.relation_proposals().len(), 4);
    assert_eq!(
        a.relation_members(0),
        vec![
            (0, 0, "Elaboration"),
            (1, 0, "Elaboration"),
            (2, 0, "Comment")
        ]
    );
    assert_eq!(
        a.relation_suggestion(0),
        RelationChoice::Pick { annotator: 0 }
    );
    assert_eq!(a.relations_at(1), vec![0, 1]);
}

#[test]
fn a_relation_whose_endpoint_was_rejected_is_flagged_not_dropped() {
    let mut a = adjudication(vec![discourse(), discourse()]);
    a.decide_unanimous();
    // Alignment 1 (s2) is rejected after the fact: Elaboration s1→s2 and Comment s2→s3 lose
    // an endpoint.
    a.reject(1).unwrap();
    assert_eq!(
        a.lost_endpoints(0),
        vec![LostEndpoint {
            alignment: 1,
            rejected: true
        }]
    );
    let flagged: Vec<usize> = a.flagged_relations().into_iter().map(|(i, _)| i).collect();
    assert_eq!(flagged, vec![0, 1]);
    assert_eq!(labels(&a).len(), 2);
    // Deciding "none" is a decision, not a flag.
    a.decide_relation(0, RelationChoice::Reject).unwrap();
    let flagged: Vec<usize> = a.flagged_relations().into_iter().map(|(i, _)| i).collect();
    assert_eq!(flagged, vec![1]);
    // An open alignment is not "rejected": the relation waits for it, unflagged.
    a.reopen(1).unwrap();
    assert!(!a.lost_endpoints(1)[0].rejected);
    assert!(a.flagged_relations().is_empty());
    assert_eq!(labels(&a).len(), 2);
}

#[test]
fn reordering_the_annotators_follows_members_and_picks() {
    let mut second = discourse();
    second[1].label = "Acknowledgement".into();
    let mut a = adjudication(vec![discourse(), second]);
    a.decide_relation(1, RelationChoice::Pick { annotator: 1 })
        .unwrap();
    let swapped = a.in_annotator_order(&["B".into(), "A".into()]).unwrap();
    assert_eq!(
        swapped.relation_proposals()[1].members,
        vec![Some(1), Some(1)]
    );
    assert_eq!(swapped.relation_members(1)[0].2, "Acknowledgement");
    assert_eq!(
        swapped.relation_label(1, &RelationChoice::Pick { annotator: 0 }),
        Some("Acknowledgement".into())
    );
    assert!(matches!(
        &swapped.relation_decisions()[1],
        RelationDecision::Decided {
            choice: RelationChoice::Pick { annotator: 0 },
            ..
        }
    ));
    swapped.validate().unwrap();
    let mut undone = swapped.clone();
    undone.undo();
    undone.redo();
    assert_eq!(undone.relation_decisions(), swapped.relation_decisions());
}

#[test]
fn a_session_without_relations_gets_them_back_and_damaged_ones_are_refused() {
    let a = adjudication(vec![discourse(), discourse()]);
    let mut json = serde_json::to_value(&a).unwrap();
    let object = json.as_object_mut().unwrap();
    object.remove("relation_proposals");
    object.remove("relation_decisions");
    let mut old: Adjudication = serde_json::from_value(json.clone()).unwrap();
    assert!(old.relation_proposals().is_empty());
    old.restore_relation_proposals();
    assert_eq!(old.relation_proposals(), a.relation_proposals());

    let mut damaged = serde_json::to_value(&a).unwrap();
    damaged["relation_decisions"][0] = serde_json::json!({"status": "decided", "choice": {"kind": "pick", "annotator": 5},
            "rule": {"kind": "manual"}, "by": "x", "at": "y"});
    let damaged: Adjudication = serde_json::from_value(damaged).unwrap();
    let error = damaged.validate().unwrap_err();
    assert_eq!(
        (&error.place, &error.damage),
        (&Place::Relation(0), &Damage::NoAnnotator(5))
    );
    assert_eq!(error.to_string(), "relation 1: no annotator 5");
}
