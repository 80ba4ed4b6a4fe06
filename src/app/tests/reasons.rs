//! Reasons on decisions (issue 43, item 2) from the app: a reason and a note given with the
//! keys (W, then a digit) to an alignment, through the buttons to a relation, by a bulk rule;
//! saved in the session and the decision report; the campaign's list edited and kept in the
//! project file.

use super::*;
use crate::app::adjudication::adjudicating::ExportKind;
use crate::app::adjudication::reasons::ReasonEdit;
use crate::app::commands::Command;
use crate::app::files::demo::Demo;
use egui_kittest::kittest::Queryable;
use gamma_core::gold::Rationale;

/// The discourse demo being adjudicated (data folder in `dir`), advancing switched off.
pub(super) fn adjudicating_discourse(dir: &std::path::Path) -> Harness<'static, GammaStudioApp> {
    adjudicating_discourse_with(dir, ScriptedDialog::default())
}

/// [`adjudicating_discourse`], the file dialog answering as `dialog` says.
pub(super) fn adjudicating_discourse_with(
    dir: &std::path::Path,
    dialog: ScriptedDialog,
) -> Harness<'static, GammaStudioApp> {
    let launch = Launch {
        data_folder: Some(dir.join("data")),
        ..Launch::default()
    };
    let mut h = harness(app(launch, dialog));
    step_until(&mut h, has_result);
    h.state_mut().open_demo(Demo::DiscourseRelations);
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    h.state_mut().state.adjudicating_mut().unwrap().advance = false;
    h
}

fn rationale(h: &Harness<'static, GammaStudioApp>, index: usize) -> Rationale {
    adjudication_of(h).rationale(index)
}

#[test]
fn a_reason_and_a_note_by_the_keys_in_the_session_and_the_decision_report() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = adjudicating_discourse(dir.path());
    // The first open disagreement, decided with ana's unit (key 1).
    h.key_press(egui::Key::N);
    h.run_steps(2);
    let index = h.state().state.documents.selection.alignment.unwrap();
    // W on an open alignment says to decide it first, and opens nothing.
    h.key_press(egui::Key::W);
    h.run_steps(2);
    assert!(h.state().state.adjudication.reasons.picker.is_none());
    h.key_press(egui::Key::Num1);
    h.run_steps(2);
    assert!(adjudication_of(&h).decision(index).unwrap().is_decided());
    let decided = adjudication_of(&h).decisions().to_vec();

    // W, then 2: the second reason of the default list; no annotator is picked by the digit.
    h.key_press(egui::Key::W);
    h.run_steps(2);
    h.get_by_label_contains("press 1 … 9, 0 for none");
    h.key_press(egui::Key::Num2);
    h.run_steps(2);
    assert_eq!(
        rationale(&h, index).reason.as_deref(),
        Some("guideline-gap")
    );
    assert!(h.state().state.adjudication.reasons.picker.is_none());
    let after: Vec<bool> = (adjudication_of(&h).decisions())
        .iter()
        .map(|d| d.is_decided())
        .collect();
    assert_eq!(
        after,
        decided.iter().map(|d| d.is_decided()).collect::<Vec<_>>()
    );
    h.get_by_label("reason: guideline gap");

    // A note typed in the picker, kept with the reason.
    h.key_press(egui::Key::W);
    h.run_steps(2);
    let note = egui::accesskit::Role::TextInput;
    h.get_by_role_and_label(note, "note").focus();
    h.run_steps(1);
    (h.get_by_role_and_label(note, "note")).type_text("the segment ends at the comma");
    h.run_steps(2);
    h.get_by_label("Keep the reason, save the note")
        .click_accesskit();
    h.run_steps(2);
    let why = rationale(&h, index);
    assert_eq!(why.reason.as_deref(), Some("guideline-gap"));
    assert_eq!(why.note.as_deref(), Some("the segment ends at the comma"));
    h.get_by_label("reason: guideline gap · note: the segment ends at the comma");
    // One undo takes the note away, the reason stays.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(rationale(&h, index).note, None);
    assert_eq!(
        rationale(&h, index).reason.as_deref(),
        Some("guideline-gap")
    );
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run_steps(2);
    assert_eq!(rationale(&h, index), why, "redone");

    // Autosaved in the session, with the list; in the decision report (CSV).
    let session_path = (h.state().state.adjudicating().unwrap().save_path.clone()).unwrap();
    let saved = gamma_formats::session::Session::load(&session_path).unwrap();
    assert_eq!(saved.adjudication.rationale(index), why);
    assert_eq!(saved.reasons.label("guideline-gap"), "guideline gap");
    let report = dir.path().join("decisions.csv");
    h.state_mut().state.apply(Command::Export {
        kind: ExportKind::Report,
        path: report.clone(),
        confirmed: false,
    });
    let csv = std::fs::read_to_string(&report).unwrap();
    let row = (csv.lines())
        .find(|line| line.starts_with(&format!("{},", index + 1)))
        .unwrap();
    assert!(
        row.ends_with(",guideline-gap,the segment ends at the comma"),
        "{row}"
    );
}

#[test]
fn a_relation_and_a_bulk_rule_take_reasons_and_an_added_reason_is_offered() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = adjudicating_discourse(dir.path());
    // The list edited: "Metonymy" added at the end, sixth (key 6).
    h.get_by_label("Reasons for decisions").click();
    h.run_steps(4);
    let field = egui::accesskit::Role::TextInput;
    h.get_by_role_and_label(field, "new reason").focus();
    h.run_steps(1);
    h.get_by_role_and_label(field, "new reason")
        .type_text("Metonymy");
    h.run_steps(1);
    h.get_by_label("Add").click_accesskit();
    h.run_steps(2);
    let list = h.state().state.adjudication.reasons.list.clone();
    assert_eq!(list.reasons().len(), 6);
    assert_eq!(list.reasons()[5].key, "metonymy");

    // The bulk rule gives its decisions the reason chosen for it.
    h.state_mut().state.adjudication.reasons.for_rules = Some("annotator-error".into());
    let mut core = adjudication_of(&h).clone();
    let unanimous = core.decide_unanimous();
    h.get_by_label("Decide all unanimous alignments")
        .click_accesskit();
    h.run_steps(2);
    let a = adjudication_of(&h).clone();
    let decided: Vec<usize> = (0..a.proposals().len())
        .filter(|&i| a.decision(i).unwrap().is_decided())
        .collect();
    assert_eq!(decided.len(), unanimous);
    assert_eq!(
        unanimous, 6,
        "the discourse demo's segments both drew alike"
    );
    for &i in &decided {
        assert_eq!(
            a.rationale(i).reason.as_deref(),
            Some("annotator-error"),
            "{i}"
        );
    }
    assert!(
        (0..a.proposals().len())
            .all(|i| a.decision(i).unwrap().is_decided() || a.rationale(i).is_empty())
    );

    // A relation decided by hand, its reason given through its button: key 6, the new one.
    let relation = (a.relation_decisions().iter())
        .position(|d| d.is_open())
        .expect("a relation left open");
    let alignment = a.relation_proposals()[relation].source[0];
    h.state_mut().state.select_alignment(alignment);
    h.state_mut().state.apply(Command::Adjudicate(
        crate::app::adjudication::Edit::DecideRelation {
            relation,
            choice: gamma_core::gold::RelationChoice::Pick { annotator: 0 },
        },
    ));
    h.run_steps(2);
    h.get_by_label(&format!("Why relation {}…", relation + 1))
        .click_accesskit();
    h.run_steps(2);
    h.get_by_label_contains(&format!("Reason for relation {}", relation + 1));
    h.key_press(egui::Key::Num6);
    h.run_steps(2);
    let a = adjudication_of(&h);
    assert_eq!(
        a.relation_rationale(relation).reason.as_deref(),
        Some("metonymy")
    );
    assert_eq!(
        a.undo_label(),
        Some(format!("reason: Metonymy for relation {}", relation + 1).as_str())
    );
}

#[test]
fn the_list_of_reasons_is_kept_in_the_project_and_an_old_project_has_the_default() {
    let root = tempfile::tempdir().unwrap();
    let (mut h, project) = super::project::adjudicated_and_saved(root.path());
    let state = &mut h.state_mut().state;
    state.apply(Command::Reasons(ReasonEdit::Add("Nested entity".into())));
    state.apply(Command::Reasons(ReasonEdit::Rename {
        key: "guideline-gap".into(),
        label: "the guideline is silent".into(),
    }));
    state.apply(Command::Reasons(ReasonEdit::Remove("out-of-scope".into())));
    // A bad label is refused and said; the list stays.
    state.apply(Command::Reasons(ReasonEdit::Add("annotator error".into())));
    assert!((state.shell.messages.iter()).any(|m| m.contains("reasons:") && m.contains("twice")));
    state.autosave_project();
    let edited = state.adjudication.reasons.list.clone();
    drop(h);
    let labels: Vec<String> = (edited.reasons().iter())
        .map(|r| format!("{}={}", r.key, r.label))
        .collect();
    assert_eq!(
        labels,
        [
            "annotator-error=annotator error",
            "guideline-gap=the guideline is silent",
            "ambiguous-text=ambiguous text",
            "boundary-convention=boundary convention",
            "nested-entity=Nested entity"
        ]
    );
    // The command line reads the same list from the project.
    assert_eq!(
        gamma_formats::project::read_project(&project)
            .unwrap()
            .reasons,
        edited
    );
    let h = super::project::opened(Launch {
        files: vec![project.clone()],
        ..Launch::default()
    });
    assert_eq!(h.state().state.adjudication.reasons.list, edited);
    drop(h);
    // A project saved before reasons existed: the default list.
    let mut json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&project).unwrap()).unwrap();
    json.as_object_mut().unwrap().remove("reasons");
    std::fs::write(&project, serde_json::to_vec(&json).unwrap()).unwrap();
    let h = super::project::opened(Launch {
        files: vec![project],
        ..Launch::default()
    });
    assert_eq!(
        h.state().state.adjudication.reasons.list,
        gamma_core::gold::ReasonList::default()
    );
}
