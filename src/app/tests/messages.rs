//! Feedback that says what is so: the disabled Adjudicate button in tγ mode, the alignment
//! numbers of "not done", the inspector while adjudicating on a small window.

use super::*;
use crate::app::adjudication::panel::adjudication_blocker;
use egui::accesskit::Role;
use egui_kittest::kittest::NodeT;

#[test]
fn in_text_gamma_mode_the_adjudicate_button_says_to_choose_gamma() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cora");
    let files = vec![
        fixtures.join("p2_segtext_A.xml"),
        fixtures.join("p2_segtext_B.xml"),
    ];
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    assert_eq!(adjudication_blocker(&h.state().state), None);
    h.state_mut().state.open_files(&files, &Default::default());
    step_until(&mut h, has_result);
    h.state_mut().state.measure.settings.measure =
        crate::app::measure::settings::AgreementMeasure::TextGamma;
    h.state_mut().state.settings_changed();
    step_until(&mut h, |app| {
        app.state.measure.run.status == Status::Done && app.state.current_text_outcome().is_some()
    });
    let blocker = adjudication_blocker(&h.state().state).expect("disabled");
    assert!(blocker.contains("choose γ as the measure"), "{blocker}");
    assert!(
        !blocker.contains("wait"),
        "the alignment is shown: {blocker}"
    );
    assert!(
        h.get_by_role_and_label(Role::Button, "Adjudicate this document")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn not_done_names_the_alignment_as_the_panel_does() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    // An alignment where the first annotator has no unit: key 1 cannot pick it.
    let index = {
        let adjudication = h.state().state.adjudicating().unwrap().adjudication();
        (adjudication.proposals().iter())
            .position(|p| p.slots[0].is_none())
            .expect("the demo has one")
    };
    h.state_mut().state.select_alignment(index);
    h.run_steps(2);
    h.key_press(egui::Key::Num1);
    h.run_steps(2);
    let heading = format!("Alignment {} — open", index + 1);
    h.get_by_label_contains(&heading);
    let name = &h.state().state.document().unwrap().continuum().annotators[0].name;
    let message = format!("not done: {name} has no unit in alignment {}", index + 1);
    assert_eq!(
        h.state().state.adjudicating().unwrap().message.as_deref(),
        Some(message.as_str())
    );
    h.get_by_label(&message);
}

#[test]
fn the_inspector_keeps_its_lines_while_adjudicating_at_1024_by_700() {
    let mut h = harness_of_size(
        app(Launch::default(), ScriptedDialog::default()),
        [1024.0, 700.0],
    );
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    h.key_press(egui::Key::N);
    h.run_steps(3);
    let index = h.state().state.documents.selection.alignment.unwrap();
    let count = h.state().state.shown().unwrap().len();
    let heading = h
        .get_by_label(&format!("Unitary alignment {} of {count}", index + 1))
        .rect();
    let share = h.get_by_label_contains("% of the total").rect();
    let list = h.get_by_label("Unitary alignments").rect();
    assert!(share.top() >= heading.bottom(), "{heading:?} {share:?}");
    assert!(
        share.bottom() <= list.top(),
        "the inspector's lines are above the list, not clipped: {share:?} {list:?}"
    );
    assert!(list.top() - heading.top() >= 100.0, "{heading:?} {list:?}");
}
