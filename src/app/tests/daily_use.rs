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
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![out.clone()]));
    let launch = Launch {
        data_folder: Some(dir.path().join("data")),
        ..Launch::default()
    };
    let mut h = harness(app(launch, dialog));
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
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
