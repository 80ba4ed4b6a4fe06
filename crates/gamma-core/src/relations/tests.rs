//! Constructed cases counted by hand: a copy, a copy minus a relation, a relation relabelled,
//! an endpoint moved to another segment, the direction of the module's worked example, groups.

use super::*;
use crate::gamma::{DocumentAlignment, GammaOptions};
use crate::relation::Relation;
use fixtures::{discourse, relation, segments};

fn agreement(first: Vec<Relation>, second: Vec<Relation>) -> RelationAgreement {
    let mut c = Continuum::new("doc");
    segments(&mut c, "A");
    segments(&mut c, "B");
    c.annotators[0].relations = first;
    c.annotators[1].relations = second;
    let aligned = DocumentAlignment::of(&c, &GammaOptions::default()).unwrap();
    relation_agreement(&c, &aligned.problem, &aligned.alignment)
}

fn counts(p: &PairAgreement) -> [usize; 6] {
    [
        p.relations[0],
        p.relations[1],
        p.same_label,
        p.other_label,
        p.only_first,
        p.only_second,
    ]
}

#[test]
fn a_copy_agrees_fully() {
    let a = agreement(discourse(), discourse());
    let p = &a.pairs[0];
    assert_eq!(counts(p), [4, 4, 4, 0, 0, 0]);
    assert_eq!(
        (p.f1_unlabelled, p.f1_labelled, p.f1_attachment),
        (1.0, 1.0, 1.0)
    );
    assert_eq!(p.label_kappa, Some(1.0));
    assert!(a.unplaced.is_empty());
}

#[test]
fn a_copy_minus_a_relation_leaves_it_on_one_side() {
    let mut fewer = discourse();
    fewer.remove(1);
    let p = &agreement(discourse(), fewer).pairs[0];
    assert_eq!(counts(p), [4, 3, 3, 0, 1, 0]);
    // 2·3 / 7.
    assert_eq!(p.f1_labelled, 6.0 / 7.0);
    assert_eq!(p.f1_unlabelled, 6.0 / 7.0);
}

#[test]
fn a_relabelled_relation_is_matched_with_another_label() {
    let mut relabelled = discourse();
    relabelled[2].label = "Comment".into();
    let a = agreement(discourse(), relabelled);
    let p = &a.pairs[0];
    assert_eq!(counts(p), [4, 4, 3, 1, 0, 0]);
    assert_eq!(p.f1_unlabelled, 1.0);
    assert_eq!(p.f1_labelled, 0.75);
    // Matched labels (A, B): (Elab, Elab), (Comment, Comment), (QAP, Comment), (Elab, Elab):
    // p_o = 3/4; A: Elab 1/2, Comment 1/4, QAP 1/4; B: Elab 1/2, Comment 1/2;
    // p_e = 1/4 + 1/8 = 3/8; κ = (3/4 − 3/8) / (5/8) = 0.6.
    assert!((p.label_kappa.unwrap() - 0.6).abs() < 1e-12);
    let qap = a
        .labels
        .iter()
        .find(|l| l.label == "Question-answer_pair")
        .unwrap();
    assert_eq!((qap.relations, qap.same_label, qap.f1), ([1, 0], 0, 0.0));
    let comment = a.labels.iter().find(|l| l.label == "Comment").unwrap();
    assert_eq!(comment.relations, [1, 2]);
    assert_eq!(comment.same_label, 1);
}

#[test]
fn an_endpoint_moved_to_another_segment_matches_nothing() {
    let mut moved = discourse();
    moved[3].target = Endpoint::Unit("s1".into());
    let p = &agreement(discourse(), moved).pairs[0];
    assert_eq!(counts(p), [4, 4, 3, 0, 1, 1]);
    assert_eq!(p.f1_attachment, 0.75);
}

#[test]
fn the_worked_example_attaches_alike_in_opposite_directions() {
    let first = vec![
        relation("a1", "Elaboration", "s1", "s2"),
        relation("a2", "Comment", "s2", "s3"),
    ];
    let second = vec![
        relation("b1", "Elaboration", "s1", "s2"),
        relation("b2", "Comment", "s3", "s2"),
    ];
    let p = &agreement(first, second).pairs[0];
    assert_eq!(counts(p), [2, 2, 1, 0, 1, 1]);
    assert_eq!(
        (p.f1_unlabelled, p.f1_labelled, p.f1_attachment),
        (0.5, 0.5, 1.0)
    );
    // One matched pair, one label on both sides: κ undefined.
    assert_eq!(p.label_kappa, None);
}

#[test]
fn groups_correspond_by_their_members_and_missing_units_are_unplaced() {
    let group = |id: &str, members: &[&str]| Endpoint::Group {
        id: id.into(),
        kind: "Complex_discourse_unit".into(),
        members: members.iter().map(|m| m.to_string()).collect(),
    };
    let mut first = discourse();
    first.push(Relation {
        id: "r5".into(),
        label: "Continuation".into(),
        source: group("cdu1", &["s1", "s2"]),
        target: Endpoint::Unit("s3".into()),
        directed: true,
    });
    let mut second = discourse();
    second.push(Relation {
        id: "x5".into(),
        label: "Continuation".into(),
        source: group("cduX", &["s2", "s1"]),
        target: Endpoint::Unit("s3".into()),
        directed: true,
    });
    second.push(relation("x6", "Comment", "s9", "s1"));
    let a = agreement(first, second);
    assert_eq!(counts(&a.pairs[0]), [5, 5, 5, 0, 0, 0]);
    assert_eq!(
        a.unplaced,
        [Unplaced {
            annotator: "B".into(),
            relation: "x6".into(),
            missing: "s9".into()
        }]
    );
}

#[test]
fn three_annotators_sum_their_pairs() {
    let mut c = Continuum::new("doc");
    for name in ["A", "B", "C"] {
        segments(&mut c, name);
    }
    c.annotators[0].relations = discourse();
    c.annotators[1].relations = discourse();
    let mut relabelled = discourse();
    relabelled[0].label = "Comment".into();
    c.annotators[2].relations = relabelled;
    let aligned = DocumentAlignment::of(&c, &GammaOptions::default()).unwrap();
    let a = relation_agreement(&c, &aligned.problem, &aligned.alignment);
    assert_eq!(a.pairs.len(), 3);
    assert_eq!(counts(&a.pairs[1]), [4, 4, 3, 1, 0, 0], "A–C");
    assert_eq!(counts(&a.overall), [12, 12, 10, 2, 0, 0]);
    assert_eq!(a.overall.f1_labelled, 20.0 / 24.0);
}
