//! What a daily user meets (issue 41, item 9): the Guide rendered, confirmations where she
//! looks, every option of Evaluate and the Shuffling tool explained on hover.

use super::*;

#[test]
fn the_guide_is_rendered_markdown_in_the_words_of_an_installed_app() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.get_by_label("Help").click();
    h.run_steps(2);
    h.get_by_label("Guide").click();
    h.run_steps(3);
    // The headings without their `#`, bold without `**`, the command of the installed app.
    h.get_by_label("Gamma Studio: a guided tour with the demo");
    h.get_by_label("1. Open");
    assert!(
        h.query_by_label_contains("# Gamma Studio").is_none(),
        "no raw Markdown heading"
    );
    assert!(h.query_by_label_contains("**").is_none(), "no raw bold");
    assert!(h.query_by_label_contains("cargo run").is_none());
    assert!(
        h.query_all_by_label_contains("gamma-studio")
            .next()
            .is_some()
    );
}

#[test]
fn a_saved_session_is_confirmed_by_a_toast_and_in_messages() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("demo-session.json");
    let mut h = adjudicating_the_demo_in(dir.path(), out.clone());
    assert!(h.state().toasts.is_empty());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run_steps(3);
    assert!(
        out.is_file(),
        "{:?} {:?}",
        h.state().state.shell.messages,
        h.state().state.adjudicating().map(|a| a.message.clone())
    );
    let said = format!(
        "session saved (and autosaved from now on): {}",
        out.display()
    );
    assert_eq!(h.state().toasts.len(), 1, "one toast");
    h.get_by_label_contains(&said);
    assert!(
        h.state()
            .state
            .shell
            .messages
            .iter()
            .any(|m| m.text == said),
        "and in Messages"
    );
    // Shown once: the next frames add none.
    h.run_steps(3);
    assert_eq!(h.state().toasts.len(), 1);
}

/// Hovers the widget labelled `label` until its tooltip shows (tooltips wait half a second).
fn hover_until_tip(h: &mut Harness<'static, GammaStudioApp>, label: &str, tip: &str) {
    h.get_by_label(label).hover();
    for _ in 0..60 {
        h.step();
        if h.query_by_label_contains(tip).is_some() {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("no tooltip {tip:?} over {label:?}");
}

#[test]
fn the_shuffling_tool_explains_its_error_kinds_and_magnitude_and_shows_calibration_progress_under_its_button()
 {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.get_by_label("Shuffling tool").click();
    h.run_steps(2);
    hover_until_tip(
        &mut h,
        "missed units",
        "each unit is dropped with probability m",
    );
    hover_until_tip(
        &mut h,
        "magnitude step",
        "from 0 (the simulated annotators copy",
    );
    // The calibration's progress bar and Cancel sit under the Calibrate button, none under
    // the sweep's Run button.
    h.state_mut().state.shuffling.calibration_sets = 100;
    h.get_by_label_contains("Calibrate γ of").click();
    h.run_steps(2);
    let button = h.get_by_label_contains("Calibrate γ of").rect();
    let bar = h.get_by_label_contains("runs ").rect();
    assert!(bar.top() >= button.bottom(), "{bar:?} under {button:?}");
    assert_eq!(h.query_all_by_label("Cancel").count(), 1);
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    step_until(&mut h, |app| !app.state.shuffling.is_running());
}

#[test]
fn evaluate_explains_its_schemes_on_hover() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.state_mut().state.evaluate.open = true;
    h.run_steps(2);
    step_until(&mut h, |app| {
        (app.state.evaluate.finished.as_ref()).is_some_and(|r| r.evaluation.is_ok())
    });
    h.run_steps(2);
    hover_until_tip(
        &mut h,
        "partial F1",
        "overlapping ones ½, whatever the category",
    );
}
