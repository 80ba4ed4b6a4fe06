//! Keys typed into a dialog are the dialog's: a file name typed into every dialog (its first
//! field focused when it opens) decides nothing in the document behind. Decisions made with
//! keys are echoed (the alignment flashes, Messages names them) and are one undo step each.

use super::*;
use crate::app::adjudication::adjudicating::{ExportKind, PendingExport};
use crate::app::adjudication::{DECISION_PREFIX, DecisionEcho};
use crate::app::files::dialog::ScriptedDialog;
use egui::accesskit::Role;
use gamma_core::gold::Progress;

/// A file name whose letters are adjudication keys: S skip, R reject, 1 and 2 an annotator's
/// unit, N the next alignment, A the suggestion, P the previous.
const NAME: &str = "sr12s-nap";

/// Types `text` as a keyboard does: Ctrl+A first (select all), then for each character its
/// key down, its text, its key up, one frame each.
fn type_like_a_user(h: &mut Harness<'static, GammaStudioApp>, text: &str) {
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run_steps(1);
    for c in text.chars() {
        let key = egui::Key::from_name(&c.to_string());
        if let Some(key) = key {
            h.key_down(key);
        }
        h.event(egui::Event::Text(c.to_string()));
        if let Some(key) = key {
            h.key_up(key);
        }
        h.run_steps(1);
    }
    h.run_steps(1);
}

/// What opens a dialog (a click, a shortcut).
type Opener = dyn Fn(&mut Harness<'static, GammaStudioApp>);

/// What a key could have changed: the decisions, the last action, the selection.
#[derive(Debug, PartialEq)]
pub(super) struct Decisions {
    pub progress: Progress,
    gold: usize,
    last_action: Option<String>,
    selected: Option<usize>,
}

pub(super) fn decisions(app: &GammaStudioApp) -> Decisions {
    let adjudication = app.state.adjudicating().unwrap().adjudication();
    Decisions {
        progress: adjudication.progress(),
        gold: adjudication.gold().len(),
        last_action: adjudication.undo_label().map(str::to_string),
        selected: app.state.documents.selection.alignment,
    }
}

/// The demo, adjudicating, an open alignment selected; no system file dialog.
pub(super) fn adjudicating_the_demo() -> Harness<'static, GammaStudioApp> {
    let dialog = ScriptedDialog {
        missing: true,
        ..ScriptedDialog::default()
    };
    let mut h = harness(app(Launch::default(), dialog));
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    h.key_press(egui::Key::N);
    h.run_steps(2);
    assert!(h.state().state.documents.selection.alignment.is_some());
    h
}

/// The text of the focused text field.
fn focused_text(h: &Harness<'static, GammaStudioApp>) -> String {
    let focused = h
        .get_all_by_role(Role::TextInput)
        .find(|n| n.is_focused())
        .expect("a text field has the keyboard");
    focused.value().unwrap_or_default()
}

#[test]
fn a_name_typed_into_every_dialog_decides_nothing_behind_it() {
    let mut h = adjudicating_the_demo();
    let before = decisions(h.state());
    // The in-app browser of each export and of the session, by button and by shortcut.
    let openers: [(&str, Box<Opener>); 5] = [
        (
            "Export the gold",
            Box::new(|h| h.get_by_label("Export the gold…").click()),
        ),
        (
            "Export the report",
            Box::new(|h| h.get_by_label("Export the report…").click()),
        ),
        (
            "Save the adjudication session",
            Box::new(|h| h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S)),
        ),
        (
            "Export the gold (Ctrl+E)",
            Box::new(|h| h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E)),
        ),
        (
            "Open annotation files",
            Box::new(|h| h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O)),
        ),
    ];
    for (title, open) in openers {
        h.get_by_label("Export the gold…").scroll_to_me();
        h.run_steps(3);
        open(&mut h);
        h.run_steps(3);
        assert!(
            h.state().dialog.is_open(),
            "{title}: the browser is open; {:?} {:?}",
            h.state().state.shell.messages,
            h.state().state.adjudicating().unwrap().message
        );
        type_like_a_user(&mut h, NAME);
        assert_eq!(
            focused_text(&h),
            NAME,
            "{title}: the name went to its field"
        );
        assert_eq!(decisions(h.state()), before, "{title}: nothing decided");
        h.get_by_label("Cancel").click();
        h.run_steps(2);
        assert!(!h.state().dialog.is_open(), "{title}: closed");
    }
    let messages = (h.state().state.shell.messages.iter())
        .filter(|m| m.contains("no system file dialog"))
        .count();
    assert_eq!(messages, 1, "said once per session");

    // The open dialog: its first name field has the keyboard.
    let glozz = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/demo/glozz");
    h.state_mut().request_open(vec![
        glozz.join("ana/named-entities.aa"),
        glozz.join("ben/named-entities.aa"),
    ]);
    h.run_steps(3);
    type_like_a_user(&mut h, NAME);
    assert_eq!(focused_text(&h), NAME, "the first annotator's name");
    assert_eq!(decisions(h.state()), before, "open dialog: nothing decided");
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    assert!(h.state().state.files.pending_open.is_none());

    // Dialogs without a text field: the overwrite question and a new gold unit's category.
    h.state_mut()
        .state
        .adjudicating_mut()
        .unwrap()
        .confirm_overwrite = Some(PendingExport {
        kind: ExportKind::Gold,
        path: "input.aa".into(),
    });
    h.run_steps(2);
    type_like_a_user(&mut h, NAME);
    assert_eq!(decisions(h.state()), before, "overwrite question");
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    h.state_mut().state.documents.reading.pending_gold = Some((0.0, 4.0));
    h.run_steps(2);
    type_like_a_user(&mut h, NAME);
    assert_eq!(decisions(h.state()), before, "new gold unit");
    h.get_by_label("Cancel").click();
    h.run_steps(2);

    // No dialog: the same keys decide again.
    h.key_press(egui::Key::S);
    h.run_steps(2);
    assert_eq!(
        decisions(h.state()).progress.skipped,
        before.progress.skipped + 1
    );
}

#[test]
fn a_decision_by_key_flashes_is_named_in_messages_and_undone_in_one_step() {
    let mut h = adjudicating_the_demo();
    let before = decisions(h.state());
    let index = before.selected.unwrap();
    h.key_press(egui::Key::S);
    h.run_steps(1);
    let echo = h
        .state()
        .state
        .adjudication
        .last_decision
        .clone()
        .expect("echoed");
    assert_eq!(echo.alignment, Some(index), "the decided alignment flashes");
    assert!(DecisionEcho::strength(Some(&echo), index) > 0.0);
    assert_eq!(DecisionEcho::strength(Some(&echo), index + 1), 0.0);
    let skipped = format!("{DECISION_PREFIX}alignment {}: skipped", index + 1);
    assert_eq!(
        h.state().state.shell.messages.last().map(|m| &m.text),
        Some(&skipped)
    );
    h.get_by_label(&skipped);
    // A second decision replaces the line: Messages keeps warnings in view.
    h.state_mut().state.select_alignment(index);
    h.key_press(egui::Key::R);
    h.run_steps(2);
    let echoes: Vec<&String> = (h.state().state.shell.messages.iter())
        .filter(|m| m.starts_with(DECISION_PREFIX))
        .map(|m| &m.text)
        .collect();
    let rejected = format!("{DECISION_PREFIX}alignment {}: rejected", index + 1);
    assert_eq!(echoes, [&rejected]);
    // One Ctrl+Z undoes the rejection, the next the skip: one undo step each.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    let after_one = decisions(h.state());
    assert_eq!(after_one.progress.skipped, before.progress.skipped + 1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    let after_two = decisions(h.state());
    assert_eq!(after_two.progress, before.progress);
    assert_eq!(after_two.last_action, before.last_action);
}
