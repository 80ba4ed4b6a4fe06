//! Keys act where the focus is (issue 41, items 6 and 7): no key acts behind the Guide,
//! Evaluate or the Shuffling tool; Escape closes each dialog; N visits every open disagreement
//! of a document before leaving it; undo selects what it undid.

use super::campaign::{SHIFTED, dashboard_done, write_documents};
use super::dialogs::{adjudicating_the_demo, decisions};
use super::*;
use crate::app::commands::Command;
use crate::app::shell::Mode;
use egui_kittest::kittest::NodeT;

/// The adjudication keys, each pressed once.
fn press_every_key(h: &mut Harness<'static, GammaStudioApp>) {
    for key in [
        egui::Key::N,
        egui::Key::Num1,
        egui::Key::Num2,
        egui::Key::A,
        egui::Key::R,
        egui::Key::S,
        egui::Key::P,
        egui::Key::Delete,
    ] {
        h.key_press(key);
        h.run_steps(1);
    }
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
}

/// Opens Help → `page`.
fn open_help(h: &mut Harness<'static, GammaStudioApp>, page: &str) {
    h.get_by_label("Help").click();
    h.run_steps(2);
    h.get_by_label(page).click();
    h.run_steps(2);
}

#[test]
fn keys_pressed_in_the_guide_evaluate_or_the_shuffling_tool_change_nothing_behind_them() {
    let mut h = adjudicating_the_demo();
    let before = decisions(h.state());
    // The Guide: just opened, then clicked.
    open_help(&mut h, "Guide");
    press_every_key(&mut h);
    assert_eq!(decisions(h.state()), before, "Guide just opened");
    h.get_all_by_label("Guide").last().unwrap().click();
    h.run_steps(2);
    press_every_key(&mut h);
    assert_eq!(decisions(h.state()), before, "Guide clicked");
    // A click on the document behind: the keys are the document's again.
    h.get_by_label("Adjudication").click();
    h.run_steps(2);
    h.key_press(egui::Key::S);
    h.run_steps(2);
    let skipped = decisions(h.state());
    assert_eq!(skipped.progress.skipped, before.progress.skipped + 1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    let before = decisions(h.state());
    h.key_press(egui::Key::Escape);
    h.run_steps(2);

    // Evaluate, opened from the View menu, then clicked.
    h.get_by_label("View").click();
    h.run_steps(2);
    h.get_by_label("Evaluate against a reference…").click();
    h.run_steps(2);
    assert!(h.state().state.evaluate.open);
    press_every_key(&mut h);
    assert_eq!(decisions(h.state()), before, "Evaluate");
    h.get_by_label("Evaluate against a reference").click();
    h.run_steps(2);
    press_every_key(&mut h);
    assert_eq!(decisions(h.state()), before, "Evaluate clicked");
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.state().state.evaluate.open, "Escape closed it");

    // The Shuffling tool fills the window: the document's keys are not its keys.
    h.get_by_label("Shuffling tool").click();
    h.run_steps(2);
    assert_eq!(h.state().state.shell.mode, Mode::Shuffling);
    press_every_key(&mut h);
    assert_eq!(decisions(h.state()), before, "Shuffling tool");
}

#[test]
fn escape_closes_each_dialog_one_at_a_time() {
    let mut h = adjudicating_the_demo();
    let before = decisions(h.state());
    for page in ["Guide", "Keys and mouse", "About Gamma Studio"] {
        open_help(&mut h, page);
        assert!(h.state().help.is_some(), "{page}");
        h.key_press(egui::Key::Escape);
        h.run_steps(2);
        assert!(h.state().help.is_none(), "{page} closed");
    }
    // The saved adjudications, the open dialog, the in-app browser, a new gold unit's
    // category, the overwrite question: each closes, the others stay as they were.
    h.state_mut().state.campaign.saved_sessions = Some(Vec::new());
    h.run_steps(2);
    h.get_by_label("Saved adjudications");
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.state().state.campaign.saved_sessions.is_none());
    let glozz = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/demo/glozz");
    h.state_mut().request_open(vec![
        glozz.join("ana/named-entities.aa"),
        glozz.join("ben/named-entities.aa"),
    ]);
    h.run_steps(3);
    assert!(h.state().state.files.pending_open.is_some());
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(
        h.state().state.files.pending_open.is_none(),
        "open dialog closed"
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run_steps(3);
    assert!(h.state().dialog.is_open(), "the in-app browser");
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.state().dialog.is_open(), "in-app browser closed");
    h.state_mut().state.documents.reading.pending_gold = Some((0.0, 4.0));
    h.run_steps(2);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.state().state.documents.reading.pending_gold.is_none());
    (h.state_mut().state.adjudicating_mut().unwrap()).confirm_overwrite =
        Some(crate::app::adjudication::adjudicating::PendingExport {
            kind: crate::app::adjudication::adjudicating::ExportKind::Gold,
            path: "input.aa".into(),
        });
    h.run_steps(2);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(
        h.state()
            .state
            .adjudicating()
            .unwrap()
            .confirm_overwrite
            .is_none()
    );
    assert_eq!(decisions(h.state()), before, "Escape decided nothing");
}

#[test]
fn n_visits_an_earlier_open_disagreement_before_leaving_the_document() {
    let folder = tempfile::tempdir().unwrap();
    write_documents(folder.path(), &SHIFTED);
    let launch = Launch {
        files: vec![folder.path().to_path_buf()],
        ..Launch::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, dashboard_done);
    let first = h.state().state.documents.open[0].id;
    h.state_mut().state.apply(Command::OpenDocument(first));
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    // d1 in the list's order: the first (the worst) left open, the others decided; the last
    // selected.
    let order = {
        let state = &h.state().state;
        (state.adjudicating().unwrap().shown).ordered(state.documents.selection.order)
    };
    assert_eq!(order.len(), 3);
    let (worst, last) = (order[0], order[2]);
    assert!(h.state_mut().state.adjudicate(|a| {
        a.reject(order[1])?;
        a.reject(last)?;
        Ok("rejected".into())
    }));
    h.state_mut().state.select_alignment(last);
    h.run_steps(1);
    h.key_press(egui::Key::N);
    h.run_steps(2);
    let state = &h.state().state;
    assert_eq!(state.document().unwrap().continuum().name, "d1", "still d1");
    assert_eq!(state.documents.selection.alignment, Some(worst));
    // Decided, N goes on to d2.
    h.key_press(egui::Key::R);
    h.run_steps(3);
    assert_eq!(h.state().state.document().unwrap().continuum().name, "d2");
}

#[test]
fn undo_and_redo_select_what_they_change() {
    let mut h = adjudicating_the_demo();
    let decided = h.state().state.documents.selection.alignment.unwrap();
    h.key_press(egui::Key::R);
    h.run_steps(2);
    let elsewhere = h.state().state.documents.selection.alignment.unwrap();
    assert_ne!(elsewhere, decided, "went on to the next");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(h.state().state.documents.selection.alignment, Some(decided));
    h.get_by_label_contains(&format!("Alignment {} — open", decided + 1));
    h.state_mut().state.select_alignment(elsewhere);
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run_steps(2);
    assert_eq!(h.state().state.documents.selection.alignment, Some(decided));
    // A gold unit's edit undone: the unit is selected again.
    let id = {
        let adjudication = h.state().state.adjudicating().unwrap().adjudication();
        adjudication.gold().first().map(|(id, _)| *id)
    };
    if let Some(id) = id {
        assert!(h.state_mut().state.adjudicate(|a| {
            a.set_category(id, "OTHER")?;
            Ok("recategorised".into())
        }));
        h.state_mut()
            .state
            .adjudicating_mut()
            .unwrap()
            .selected_gold = None;
        h.state_mut().state.apply(Command::Undo);
        h.run_steps(2);
        assert_eq!(
            h.state().state.adjudicating().unwrap().selected_gold,
            Some(id)
        );
    }
    let _ = h.get_by_label("Adjudication").accesskit_node();
}
