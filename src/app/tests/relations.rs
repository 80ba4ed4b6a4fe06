//! UI tests of relation adjudication on two brat files made by hand: four segments, which
//! both annotators link alike once (Elaboration), differently once (Contrast or Comment), and
//! which only the first links a third time (Narration).

use super::{app, harness, has_result, step_until};
use crate::app::Launch;
use crate::app::files::dialog::ScriptedDialog;
use eframe::egui;
use egui_kittest::kittest::Queryable;
use gamma_core::gold::{RelationChoice, RelationDecision};
use std::path::Path;

const TEXT: &str = "Alice left. Bob stayed. Carol came. Dan went.";
const SEGMENTS: &str = "T1\tSeg 0 11\tAlice left.\nT2\tSeg 12 23\tBob stayed.\n\
                        T3\tSeg 24 35\tCarol came.\nT4\tSeg 36 45\tDan went.\n";

pub(super) fn write_pair(dir: &Path) -> Vec<std::path::PathBuf> {
    let relations = [
        "R1\tElaboration Arg1:T1 Arg2:T2\nR2\tContrast Arg1:T2 Arg2:T3\nR3\tNarration Arg1:T3 Arg2:T4\n",
        "R1\tElaboration Arg1:T1 Arg2:T2\nR2\tComment Arg1:T2 Arg2:T3\n",
    ];
    ["ann", "bob"]
        .iter()
        .zip(relations)
        .map(|(name, relations)| {
            std::fs::write(dir.join(format!("{name}.txt")), TEXT).unwrap();
            let ann = dir.join(format!("{name}.ann"));
            std::fs::write(&ann, format!("{SEGMENTS}{relations}")).unwrap();
            ann
        })
        .collect()
}

fn relation_decision(
    h: &egui_kittest::Harness<'static, crate::app::GammaStudioApp>,
    index: usize,
) -> RelationDecision {
    let adjudicating = h.state().state.adjudicating().expect("adjudicating");
    adjudicating.adjudication().relation_decisions()[index].clone()
}

/// `text` is shown somewhere (the panel and Messages may both show a message).
fn shown(h: &egui_kittest::Harness<'static, crate::app::GammaStudioApp>, text: &str) {
    assert!(
        h.query_all_by_label_contains(text).next().is_some(),
        "{text:?} is not shown"
    );
}

#[test]
fn deciding_a_relation_undoing_it_and_flagging_a_rejected_endpoint() {
    let dir = tempfile::tempdir().unwrap();
    let files = write_pair(dir.path());
    let launch = Launch {
        files,
        data_folder: Some(dir.path().join("data")),
        ..Launch::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    {
        let adjudication = h.state().state.adjudicating().unwrap().adjudication();
        assert_eq!(adjudication.continuum().annotator_names(), ["ann", "bob"]);
        assert_eq!(adjudication.relation_proposals().len(), 3);
        assert_eq!(adjudication.relations_at(1), vec![0, 1]);
    }
    h.get_by_label_contains("relations: decided 0 of 3");

    // "Bob stayed." (alignment 2): the Elaboration both drew to it, the relation they label
    // differently from it.
    h.state_mut().state.select_alignment(1);
    h.run_steps(2);
    h.get_by_label("Relations at alignment 2: 2");
    h.get_by_label("Relation 1 (agreed) — open");
    h.get_by_label("Relation 2 (disagreement) — open");
    h.get_by_label("bob: Comment").click_accesskit();
    h.run_steps(2);
    assert!(matches!(
        relation_decision(&h, 1),
        RelationDecision::Decided {
            choice: RelationChoice::Pick { annotator: 1 },
            ..
        }
    ));
    h.get_by_label("Relation 2 (disagreement) — in the gold as Comment");
    shown(&h, "relation 2: Comment in the gold");
    let session_path = (h.state().state.adjudicating().unwrap().save_path.clone()).unwrap();
    let saved = gamma_formats::session::Session::load(&session_path).unwrap();
    assert!(
        saved.adjudication.relation_decisions()[1].is_decided(),
        "autosaved"
    );

    // Undo: the relation is open again, in the app and in the autosave.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert!(relation_decision(&h, 1).is_open());
    h.get_by_label("Relation 2 (disagreement) — open");
    let saved = gamma_formats::session::Session::load(&session_path).unwrap();
    assert!(
        saved.adjudication.relation_decisions()[1].is_open(),
        "autosaved"
    );

    // Relabelled through the menu, then the alignment of its target is rejected: the relation
    // is flagged in the message, the progress line and its own line; it stays decided.
    h.get_by_label("relabel relation 2").click_accesskit();
    h.run_steps(2);
    h.get_by_label("Narration").click_accesskit();
    h.run_steps(2);
    h.get_by_label("Relation 2 (disagreement) — in the gold as Narration");
    h.state_mut().state.adjudicating_mut().unwrap().advance = false;
    h.state_mut().state.select_alignment(2);
    h.run_steps(2);
    h.get_by_label("R reject").click_accesskit();
    h.run_steps(2);
    shown(
        &h,
        "alignment 3: rejected — ⚠ 1 relation decided into the gold now with an endpoint rejected",
    );
    shown(&h, "⚠ 1 decided into the gold with an endpoint rejected");
    h.state_mut().state.select_alignment(1);
    h.run_steps(2);
    shown(
        &h,
        "⚠ alignment 2 is not decided, alignment 3 is rejected: this relation, decided into",
    );
    assert!(relation_decision(&h, 1).is_decided());
    let adjudication = h.state().state.adjudicating().unwrap().adjudication();
    assert_eq!(adjudication.flagged_relations().len(), 1);
    assert!(
        adjudication.gold_relations().is_empty(),
        "nothing decided has both ends"
    );
}

#[test]
fn a_label_typed_in_the_relabel_menu_decides_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let launch = Launch {
        files: write_pair(dir.path()),
        data_folder: Some(dir.path().join("data")),
        ..Launch::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    h.state_mut().state.select_alignment(1);
    h.run_steps(2);
    h.get_by_label("relabel relation 2").click_accesskit();
    h.run_steps(2);
    // "Result" holds R, S and A: the keys that reject, skip and accept an alignment.
    let field = || egui::accesskit::Role::TextInput;
    h.get_by_role_and_label(field(), "other label").focus();
    h.run_steps(1);
    h.get_by_role_and_label(field(), "other label")
        .type_text("Result");
    h.run_steps(2);
    {
        let adjudication = h.state().state.adjudicating().unwrap().adjudication();
        assert_eq!(adjudication.progress().decided, 0, "no alignment decided");
        assert_eq!(adjudication.relation_progress().decided, 0);
    }
    h.get_by_label("relabel").click_accesskit();
    h.run_steps(2);
    assert!(
        matches!(
            relation_decision(&h, 1),
            RelationDecision::Decided { choice: RelationChoice::Relabel { ref label }, .. }
                if label == "Result"
        ),
        "{:?}",
        relation_decision(&h, 1)
    );
    assert_eq!(
        h.state()
            .state
            .adjudicating()
            .unwrap()
            .adjudication()
            .progress()
            .decided,
        0
    );
}

#[test]
fn the_discourse_demo_measures_segments_and_relabels_with_a_type_of_its_model() {
    let dir = tempfile::tempdir().unwrap();
    let launch = Launch {
        data_folder: Some(dir.path().join("data")),
        ..Launch::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.state_mut()
        .open_demo(crate::app::files::demo::Demo::DiscourseRelations);
    step_until(&mut h, has_result);
    {
        let document = h.state().state.document().unwrap();
        // The turns, the same in both files, are carried, not measured.
        assert_eq!(document.category_counts, [("Segment".to_string(), 15)]);
    }
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    // 7 and 6 relations: 3 with the same label, 2 with another, 2 only ana's, 1 only ben's.
    let (proposal, alignment) = {
        let adjudication = h.state().state.adjudicating().unwrap().adjudication();
        let proposals = adjudication.relation_proposals();
        assert_eq!(proposals.len(), 8);
        let labels = |p: &gamma_core::gold::RelationProposal| -> Vec<Option<String>> {
            (p.members.iter().enumerate())
                .map(|(a, m)| {
                    m.map(|r| {
                        adjudication.continuum().annotators[a].relations[r]
                            .label
                            .clone()
                    })
                })
                .collect()
        };
        let index = (proposals.iter())
            .position(|p| labels(p) == [Some("Elaboration".into()), Some("Explanation".into())])
            .expect("ana's Elaboration is ben's Explanation");
        (index, proposals[index].source[0])
    };
    h.state_mut().state.select_alignment(alignment);
    h.run_steps(2);
    let relabel = format!("relabel relation {}", proposal + 1);
    h.get_by_label(&relabel).click_accesskit();
    h.run_steps(2);
    // "Result" is a relation type of the model that neither annotator used.
    h.get_by_label("Result").click_accesskit();
    h.run_steps(2);
    assert!(matches!(
        relation_decision(&h, proposal),
        RelationDecision::Decided {
            choice: RelationChoice::Relabel { label },
            ..
        } if label == "Result"
    ));
}

/// Issue 41: the bulk decision counts in the singular where there is one ("1 unanimous
/// relation", not "1 unanimous relations"): the four segments both drew alike, and the one
/// relation (Elaboration) both drew alike.
#[test]
fn deciding_the_unanimous_alignments_counts_one_relation_in_the_singular() {
    let dir = tempfile::tempdir().unwrap();
    let launch = Launch {
        files: write_pair(dir.path()),
        data_folder: Some(dir.path().join("data")),
        ..Launch::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    h.get_by_label("Decide all unanimous alignments").click();
    h.run_steps(2);
    shown(
        &h,
        "decided 4 unanimous alignments and 1 unanimous relation",
    );
    assert!(
        h.query_all_by_label_contains("1 unanimous relations")
            .next()
            .is_none()
    );
}
