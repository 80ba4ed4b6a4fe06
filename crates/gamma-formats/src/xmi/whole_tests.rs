//! The whole gold `.xmi` ([`super::whole`]) of a span layer attached to tokens: INCEpTION's
//! parts of speech (`pos` of each token) and a dependency between two tokens.

use crate::format::ReadOptions;
use crate::gold_export::write_whole_gold;
use crate::read_documents;
use crate::webanno_tsv::LayerChoice;
use gamma_core::gold::{Adjudication, RelationChoice};
use gamma_core::relation::Endpoint;

/// INCEpTION's own file: "This" POS1 (9), "is" POS2 (10), a dependency from "This" to "is"
/// (11) between their tokens (3, 4), whose `pos` names them.
const INCEPTION: &str =
    include_str!("../../../../tests/fixtures/webanno-tsv/testDependencyWithValues.xmi");

/// INCEpTION's file with a comment on the sentence about the second part of speech (not
/// measured: a layer of its own, whose `about` names the part of speech).
fn ann() -> String {
    INCEPTION
        .replace(
            "    <cas:Sofa",
            "    <custom:Comment xmi:id=\"20\" sofa=\"2\" begin=\"0\" end=\"16\" about=\"10\"/>\n    <cas:Sofa",
        )
        .replace("9 10 11\"", "9 10 11 20\"")
}

/// bob tags "a" (token 5) POS2 instead of "is", and the dependency goes to it.
fn bob() -> String {
    ann()
        .replace("begin=\"5\" end=\"7\" pos=\"10\"", "begin=\"5\" end=\"7\"")
        .replace(
            "begin=\"8\" end=\"9\"/>",
            "begin=\"8\" end=\"9\" pos=\"10\"/>",
        )
        .replace(
            "xmi:id=\"10\" sofa=\"2\" begin=\"5\" end=\"7\"",
            "xmi:id=\"10\" sofa=\"2\" begin=\"8\" end=\"9\"",
        )
        .replace(
            "begin=\"5\" end=\"7\" Governor=\"3\" Dependent=\"4\"",
            "begin=\"8\" end=\"9\" Governor=\"3\" Dependent=\"5\"",
        )
}

/// "This" is unanimous; ann's "is" is rejected and bob's "a" picked (its gold unit has no unit
/// of ann to take the id of: a fresh one, 21), and bob's dependency to it is picked. The gold,
/// from ann: token 4 no longer names a part of speech, token 5 names the new one, bob's
/// dependency is between tokens 3 and 5 with a fresh id (22), ann's to the rejected "is" is
/// listed, and so are ann's comment's reference to it (removed) and the comments, which name
/// different parts of speech. It reads back with the dependency between the parts of speech.
/// The parts of speech read, their tag the category.
fn options() -> ReadOptions {
    ReadOptions {
        layer: LayerChoice {
            layer: Some("POS".into()),
            category_feature: Some("PosValue".into()),
        },
        ..ReadOptions::default()
    }
}

/// ann's and bob's files in `dir`, read and adjudicated with the unanimous rule.
fn adjudicated(dir: &std::path::Path, bob: &str) -> (Adjudication, crate::Document) {
    let mut paths = Vec::new();
    for (name, content) in [("ann", ann()), ("bob", bob.to_string())] {
        let path = dir.join(format!("{name}.xmi"));
        std::fs::write(&path, content).unwrap();
        paths.push(path);
    }
    let (mut documents, _) = read_documents(&paths, &options()).unwrap();
    let document = documents.remove(0);
    let aligned =
        gamma_core::gamma::DocumentAlignment::of(&document.continuum, &Default::default()).unwrap();
    let mut adjudication = Adjudication::new(
        document.continuum.clone(),
        &aligned.problem,
        &aligned.alignment,
        "tester",
    );
    adjudication.apply_rule("unanimous").unwrap();
    (adjudication, document)
}

#[test]
fn a_dependency_goes_into_the_gold_through_the_tokens_of_the_gold_units() {
    let dir = tempfile::tempdir().unwrap();
    let (mut adjudication, document) = adjudicated(dir.path(), &bob());
    let options = options();
    let of = |a: &Adjudication, annotator: usize, start: f64| {
        (0..a.proposals().len())
            .find(|&i| (a.members(i).iter()).any(|(x, u)| *x == annotator && u.start == start))
            .unwrap()
    };
    adjudication.reject(of(&adjudication, 0, 5.0)).unwrap();
    adjudication.pick(of(&adjudication, 1, 8.0), 1).unwrap();
    let bobs = (0..adjudication.relation_proposals().len())
        .find(|&i| (adjudication.relation_members(i).into_iter()).any(|(a, _, _)| a == 1))
        .unwrap();
    let pick = RelationChoice::Pick { annotator: 1 };
    adjudication.decide_relation(bobs, pick).unwrap();
    let out = dir.path().join("gold.xmi");
    let source = Some(&document.source);
    let (_, notes) = write_whole_gold(&adjudication, &out, source, &options, false, 0).unwrap();
    assert_eq!(
        notes,
        [
            "Comment [0, 16) of ann (carried into the gold, not measured): bob has none like it",
            "Comment [0, 16) of bob (not in the gold, not measured): ann has none like it",
            "relation \"11\" (*) of ann is not in the gold: 10 has no gold unit",
            "Comment xmi:id \"20\" of ann: its about named unit \"10\", which has no gold unit: \
             the reference is not in the gold",
        ]
    );
    let gold = std::fs::read_to_string(&out).unwrap();
    for line in [
        "<type5:Token xmi:id=\"3\" sofa=\"2\" begin=\"0\" end=\"4\" pos=\"9\"/>",
        "<type5:Token xmi:id=\"4\" sofa=\"2\" begin=\"5\" end=\"7\"/>",
        "<type5:Token xmi:id=\"5\" sofa=\"2\" begin=\"8\" end=\"9\" pos=\"21\"/>",
        "<pos:POS xmi:id=\"9\" sofa=\"2\" begin=\"0\" end=\"4\" PosValue=\"POS1\"/>",
        "<pos:POS xmi:id=\"21\" sofa=\"2\" begin=\"8\" end=\"9\" PosValue=\"POS2\"/>",
        "<dependency:Dependency xmi:id=\"22\" sofa=\"2\" begin=\"8\" end=\"9\" Governor=\"3\" \
         Dependent=\"5\"/>",
        "<custom:Comment xmi:id=\"20\" sofa=\"2\" begin=\"0\" end=\"16\"/>",
        "<cas:View sofa=\"2\" members=\"1 3 4 5 6 7 8 9 20 21 22\"/>",
    ] {
        assert!(gold.contains(line), "{line}\n{gold}");
    }
    assert!(
        !gold.contains("xmi:id=\"10\"") && !gold.contains("xmi:id=\"11\""),
        "{gold}"
    );
    let (again, warnings) = read_documents(std::slice::from_ref(&out), &options).unwrap();
    let said: Vec<&str> = warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        said,
        [
            "its other layers (Comment 1 annotation) are not measured and are carried into the \
          gold (from the base annotator's file)"
        ]
    );
    let gold = &again[0].continuum.annotators[0];
    let relation = &gold.relations[0];
    assert_eq!(gold.relations.len(), 1);
    assert_eq!(
        (&relation.source, &relation.target),
        (&Endpoint::Unit("9".into()), &Endpoint::Unit("21".into()))
    );
}

/// A base annotator whose text is not the document's (bob's last character differs): its file
/// cannot hold the gold's positions, so the gold is made of the gold units and their relations
/// alone (the dependency between the tokens of the parts of speech), and the report says so.
#[test]
fn a_base_with_another_text_gives_the_gold_units_and_relations_alone() {
    let dir = tempfile::tempdir().unwrap();
    let bob = ann().replace(
        "sofaString=\"This is a test .\"",
        "sofaString=\"This is a test !\"",
    );
    let (adjudication, document) = adjudicated(dir.path(), &bob);
    let out = dir.path().join("gold.xmi");
    let source = Some(&document.source);
    let (_, notes) = write_whole_gold(&adjudication, &out, source, &options(), false, 1).unwrap();
    assert_eq!(
        notes[0],
        "the text of bob is not the document's: its file is not carried into the gold, which \
         holds the gold units and their relations only"
    );
    let gold = std::fs::read_to_string(&out).unwrap();
    assert!(
        !gold.contains("Comment") && gold.contains("sofaString=\"This is a test .\""),
        "{gold}"
    );
    let (again, _) = read_documents(std::slice::from_ref(&out), &options()).unwrap();
    let gold = &again[0].continuum.annotators[0];
    let tags: Vec<&str> = gold.units.iter().map(|u| u.category.as_str()).collect();
    assert_eq!(tags, ["POS1", "POS2"]);
    assert_eq!(gold.relations.len(), 1, "This → is, between their tokens");
}
