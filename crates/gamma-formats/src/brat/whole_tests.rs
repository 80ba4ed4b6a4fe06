//! The whole gold `.ann` ([`super::whole`]) of hand-made brat files of two annotators: the
//! Sentence units are not measured, the rest is.

use crate::format::ReadOptions;
use crate::gold_export::write_whole_gold;
use crate::read_documents;
use gamma_core::gold::{Adjudication, RelationChoice};

const TEXT: &str = "Sony bought Columbia Pictures in 1989. The deal was large.\n";

/// ann's file: units, two Sentences (not measured), a relation between units, a relation to
/// an event trigger, an event, an equivalence, attributes, a normalisation and notes.
const ANN: &str = "T1\tOrganization 0 4\tSony\n\
                   T2\tSentence 0 38\tSony bought Columbia Pictures in 1989.\n\
                   T3\tAcquisition 5 11\tbought\n\
                   T4\tOrganization 12 29\tColumbia Pictures\n\
                   T5\tDate 33 37\t1989\n\
                   T6\tDeal 39 47\tThe deal\n\
                   T7\tSentence 39 58\tThe deal was large.\n\
                   R1\tOwns Arg1:T1 Arg2:T4\n\
                   R2\tDated Arg1:T3 Arg2:T5\n\
                   E1\tAcquisition:T3 Buyer:T1 Bought:T4\n\
                   *\tCoref T3 T6\n\
                   A1\tConfidence T1 High\n\
                   A2\tSpeculation E1\n\
                   N1\tReference T1 Wikipedia:Sony\tSony\n\
                   #1\tAnnotatorNotes T4\tchecked\n\
                   #2\tAnnotatorNotes T2\tfirst sentence\n";

/// ann's file with other T ids (T1 → T11 …): the same annotation.
fn renumbered(ann: &str) -> String {
    let mut out = ann.to_string();
    for n in 1..=7 {
        out = out.replace(&format!("T{n}"), &format!("T@{}", n + 10));
    }
    out.replace("T@", "T")
}

/// Adjudicates ann's and bob's files (Sentences left out of the measure) with the unanimous
/// rule, then `decide`, and writes the gold from annotator `base`: the `.ann` and the notes.
fn gold(
    ann: &str,
    bob: &str,
    base: usize,
    decide: impl FnOnce(&mut Adjudication),
) -> (String, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for (name, content) in [("ann", ann), ("bob", bob)] {
        let folder = dir.path().join(name);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("doc.txt"), TEXT).unwrap();
        std::fs::write(folder.join("doc.ann"), content).unwrap();
        paths.push(folder.join("doc.ann"));
    }
    let options = ReadOptions::default();
    let (mut documents, _) = read_documents(&paths, &options).unwrap();
    let document = documents.remove(0);
    let measured = document.continuum.filter_categories(|c| c != "Sentence");
    let aligned = gamma_core::gamma::DocumentAlignment::of(&measured, &Default::default()).unwrap();
    let mut adjudication =
        Adjudication::new(measured, &aligned.problem, &aligned.alignment, "tester");
    adjudication.apply_rule("unanimous").unwrap();
    decide(&mut adjudication);
    let out = dir.path().join("gold.ann");
    let (_, notes) = write_whole_gold(
        &adjudication,
        &out,
        Some(&document.source),
        &options,
        false,
        base,
    )
    .unwrap();
    assert_eq!(
        std::fs::read_to_string(out.with_extension("txt")).unwrap(),
        TEXT
    );
    (std::fs::read_to_string(&out).unwrap(), notes)
}

/// The relation proposal holding annotator `a`'s relation `id`.
fn relation_proposal(adjudication: &Adjudication, a: usize, id: &str) -> usize {
    let relations = &adjudication.continuum().annotators[a].relations;
    (0..adjudication.relation_proposals().len())
        .find(|&i| {
            (adjudication.relation_members(i).iter())
                .any(|&(x, r, _)| x == a && relations[r].id == id)
        })
        .unwrap_or_else(|| panic!("no relation proposal holds {id} of annotator {a}"))
}

/// The unitary alignment holding annotator `a`'s unit `id`.
fn alignment(adjudication: &Adjudication, a: usize, id: &str) -> usize {
    let units = &adjudication.continuum().annotators[a].units;
    let unit = units
        .iter()
        .position(|u| u.source_id.as_deref() == Some(id))
        .unwrap();
    adjudication.proposal_of_unit(a, unit).unwrap()
}

#[test]
fn a_copy_gives_the_base_file_back() {
    let (ann, notes) = gold(ANN, ANN, 0, |_| {});
    assert_eq!(ann, ANN);
    assert_eq!(notes, Vec::<String>::new());
    // The same annotation under other ids: the gold is the base file, with its ids.
    let bob = renumbered(ANN);
    let (ann, notes) = gold(ANN, &bob, 0, |_| {});
    assert_eq!(ann, ANN);
    assert_eq!(notes, Vec::<String>::new());
    let (ann, notes) = gold(ANN, &bob, 1, |_| {});
    assert_eq!(ann, bob);
    assert_eq!(notes, Vec::<String>::new());
}

#[test]
fn content_not_measured_that_differs_is_listed_and_the_base_kept() {
    // bob's T7 (a Sentence) is missing; its attribute and note on measured units differ; its
    // note on the first Sentence is the same (the Sentence has another id in its file).
    let bob = renumbered(ANN)
        .replace("T17\tSentence 39 58\tThe deal was large.\n", "")
        .replace("Confidence T11 High", "Confidence T11 Low")
        .replace("T14\tchecked", "T14\tunsure");
    let (ann, notes) = gold(ANN, &bob, 0, |_| {});
    assert_eq!(ann, ANN);
    assert_eq!(
        notes,
        [
            "Sentence [39, 58) of ann (carried into the gold, not measured): bob has none like it",
            "attribute Confidence High on Organization [0, 4) of ann (carried into the gold, not measured): bob has none like it",
            "note AnnotatorNotes “checked” on Organization [12, 29) of ann (carried into the gold, not measured): bob has none like it",
            "attribute Confidence Low on Organization [0, 4) of bob (not in the gold, not measured): ann has none like it",
            "note AnnotatorNotes “unsure” on Organization [12, 29) of bob (not in the gold, not measured): ann has none like it",
        ]
    );
    // bob as the base: its attribute and note, with its own ids.
    let (ann, notes) = gold(ANN, &bob, 1, |_| {});
    assert!(ann.contains("A1\tConfidence T11 Low\n"), "{ann}");
    assert!(ann.contains("#1\tAnnotatorNotes T14\tunsure\n"), "{ann}");
    assert!(!ann.contains("Sentence 39 58"), "{ann}");
    assert_eq!(notes.len(), 5);
    assert!(notes[0].ends_with("of ann (not in the gold, not measured): bob has none like it"));
}

#[test]
fn what_names_a_rejected_unit_is_listed_and_left_out() {
    let (ann, notes) = gold(ANN, ANN, 0, |a| {
        let date = alignment(a, 0, "T5");
        a.reject(date).unwrap();
    });
    assert!(!ann.contains("\tDate "), "{ann}");
    assert!(!ann.contains("R2\t"), "{ann}");
    assert_eq!(
        notes,
        ["relation \"R2\" (Dated) of ann is not in the gold: T5 has no gold unit"]
    );
    // The trigger of the event rejected: the event, the relation from it, the attribute on
    // the event and the equivalence pair with it all go, each listed.
    let (ann, notes) = gold(ANN, ANN, 0, |a| {
        let trigger = alignment(a, 0, "T3");
        a.reject(trigger).unwrap();
    });
    assert_eq!(
        notes,
        [
            "relation \"R2\" (Dated) of ann is not in the gold: T3 has no gold unit",
            "event \"E1\" (Acquisition) of ann is not in the gold: T3 has no gold unit",
            "relation \"*1\" (Coref) of ann is not in the gold: T3 has no gold unit",
            "attribute \"A2\" (Speculation) of ann is not in the gold: E1 is not in it",
        ]
    );
    let lines: Vec<&str> = ann.lines().collect();
    assert_eq!(lines.len(), ANN.lines().count() - 5, "{ann}");
    assert!(lines.contains(&"R1\tOwns Arg1:T1 Arg2:T4"), "{ann}");
}

#[test]
fn relation_decisions_go_into_the_gold() {
    // bob also links Columbia Pictures to Sony by Competes, and has a Quality unit (linked
    // to the deal) that ann has not: both picked.
    let bob = format!(
        "{}T18\tQuality 52 57\tlarge\nR3\tCompetes Arg1:T14 Arg2:T11\nR4\tHas Arg1:T16 Arg2:T18\n",
        renumbered(ANN)
    );
    let (ann, notes) = gold(ANN, &bob, 0, |a| {
        let relabel = |label: &str| RelationChoice::Relabel {
            label: label.into(),
        };
        let owns = relation_proposal(a, 0, "R1");
        a.decide_relation(owns, relabel("Controls")).unwrap();
        let bought = relation_proposal(a, 0, "E1/2");
        a.decide_relation(bought, relabel("Acquisition:Target"))
            .unwrap();
        let buyer = relation_proposal(a, 0, "E1/1");
        a.decide_relation(buyer, relabel("Payer")).unwrap();
        let coref = relation_proposal(a, 0, "*1");
        a.decide_relation(coref, RelationChoice::Reject).unwrap();
        let quality = alignment(a, 1, "T18");
        a.pick(quality, 1).unwrap();
        for id in ["R3", "R4"] {
            let only_bob = relation_proposal(a, 1, id);
            a.decide_relation(only_bob, RelationChoice::Pick { annotator: 1 })
                .unwrap();
        }
    });
    assert_eq!(notes, Vec::<String>::new());
    let expected = ANN
        .replace("R1\tOwns", "R1\tControls")
        .replace(
            "E1\tAcquisition:T3 Buyer:T1 Bought:T4\n",
            "E1\tAcquisition:T3 Target:T4\nR3\tPayer Arg1:T3 Arg2:T1\n",
        )
        .replace("*\tCoref T3 T6\n", "")
        .replace(
            "T7\tSentence 39 58\tThe deal was large.\n",
            "T7\tSentence 39 58\tThe deal was large.\nT8\tQuality 52 57\tlarge\n",
        )
        + "R4\tCompetes Arg1:T4 Arg2:T1\nR5\tHas Arg1:T6 Arg2:T8\n";
    assert_eq!(ann, expected, "the unit ann has not takes a fresh id, T8");
}

/// An equivalence class of three, one of its pairs decided out: the members still linked are
/// written as a class.
#[test]
fn an_equivalence_keeps_the_members_still_linked() {
    let ann = ANN.replace("*\tCoref T3 T6\n", "*\tCoref T6 T1 T4\n");
    let (gold_ann, _) = gold(&ann, &ann, 0, |a| {
        let pair = relation_proposal(a, 0, "*2");
        a.decide_relation(pair, RelationChoice::Reject).unwrap();
    });
    let classes: Vec<&str> = gold_ann.lines().filter(|l| l.starts_with('*')).collect();
    assert_eq!(classes, ["*\tCoref T1 T4"]);
    let (gold_ann, _) = gold(&ann, &ann, 0, |_| {});
    let classes: Vec<&str> = gold_ann.lines().filter(|l| l.starts_with('*')).collect();
    assert_eq!(
        classes,
        ["*\tCoref T6 T1 T4"],
        "every pair kept: the line as it was"
    );
}
