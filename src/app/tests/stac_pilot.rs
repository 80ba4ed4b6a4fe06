//! Issue 43 from the app on STAC document 12 (SILVER and hjoseph, read from ../shared; skipped
//! with a notice when absent): the anatomy's confusion clicked selects exactly its alignments,
//! a decision takes a reason and a note with the keys, and the feedback pages carry them.

use super::*;
use egui_kittest::kittest::Queryable;

#[test]
fn stac_document_12_anatomy_reason_and_feedback_from_the_app() {
    let discourse = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpora/glozz/stac-s1-league2-game1/discourse");
    if !discourse.is_dir() {
        println!("notice: ../shared/corpora/glozz is absent; the STAC pilot test is skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("feedback");
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![out.clone()]));
    let files: Vec<std::path::PathBuf> = ["SILVER", "hjoseph"]
        .iter()
        .map(|a| discourse.join(a).join("s1-league2-game1_12.aa"))
        .collect();
    let launch = Launch {
        data_folder: Some(dir.path().join("data")),
        ..Launch::default()
    };
    let mut h = harness(app(launch, dialog));
    step_until(&mut h, has_result);
    super::cockpit::offer(&mut h, &files, &["Dialogue", "Turn", "paragraph"]);
    super::cockpit::open_these(&mut h);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    h.state_mut().state.adjudicating_mut().unwrap().advance = false;

    // The anatomy: the discourse layer is all Segment; its confusion is a Segment one
    // annotator has and the other not, clicked.
    h.state_mut().state.diagnostics.open = true;
    h.run_steps(2);
    step_until(&mut h, |app| {
        app.state.diagnostics.anatomy.left_out.is_some()
    });
    let anatomy = (h.state().state.diagnostics.anatomy.anatomy.clone()).unwrap();
    assert_eq!(anatomy.annotators, ["SILVER", "hjoseph"]);
    let alone = anatomy
        .confusion("Segment", None)
        .expect("a Segment alone")
        .clone();
    assert_eq!(alone.pairs, 2);
    h.get_by_label("Segment with ∅").click_accesskit();
    h.run_steps(2);
    let expected: Vec<usize> = {
        let a = adjudication_of(&h);
        (0..a.proposals().len())
            .filter(|&i| a.members(i).len() < 2)
            .collect()
    };
    assert!(!expected.is_empty());
    let focus = h.state().state.diagnostics.focus.clone().unwrap();
    assert_eq!(focus.alignments, expected);
    let index = expected[0];
    assert_eq!(h.state().state.documents.selection.alignment, Some(index));

    // Decided by its suggestion (A), given the first reason (W, 1) and a note.
    h.state_mut().state.diagnostics.open = false;
    h.run_steps(2);
    h.key_press(egui::Key::A);
    h.run_steps(2);
    h.key_press(egui::Key::W);
    h.run_steps(2);
    h.state_mut()
        .state
        .adjudication
        .reasons
        .picker
        .as_mut()
        .unwrap()
        .note = "a Segment of its own: see the guideline's examples".to_string();
    h.key_press(egui::Key::Num1);
    h.run_steps(2);
    let why = adjudication_of(&h).rationale(index);
    assert_eq!(why.reason.as_deref(), Some("annotator-error"));
    let note = "a Segment of its own: see the guideline's examples";
    assert_eq!(why.note.as_deref(), Some(note));

    // The feedback: the page of the annotator the gold differs from holds the decision, its
    // reason and note, once.
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Export feedback for each annotator…")
        .click();
    h.run_steps(4);
    let pages: Vec<String> = ["SILVER", "hjoseph"]
        .iter()
        .map(|a| std::fs::read_to_string(out.join(format!("feedback-{a}.md"))).unwrap())
        .collect();
    let counts: Vec<usize> = pages.iter().map(|p| p.matches(note).count()).collect();
    assert_eq!(counts.iter().sum::<usize>(), 1, "{counts:?}");
    let page = &pages[counts.iter().position(|&n| n == 1).unwrap()];
    assert!(page.contains("annotator error"), "{page}");
    assert!(out.join("feedback-SILVER.html").is_file());
}
