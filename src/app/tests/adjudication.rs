//! UI tests of adjudication: keys, undo and redo, exports, the autosaved session.

use super::{app, harness, has_result, step_until};
use crate::app::Launch;
use crate::app::files::dialog::ScriptedDialog;
use eframe::egui;
use egui_kittest::kittest::Queryable;

#[test]
fn adjudicating_the_demo_with_keys_undo_redo_and_export() {
    use gamma_core::gold::{Choice, Decision, Direction, Filter};
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("gold.csv");
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
    let session_path = {
        let adjudicating = h.state().state.adjudicating().expect("adjudicating");
        adjudicating.save_path.clone().expect("autosaved")
    };
    assert!(session_path.starts_with(dir.path().join("data").join("sessions")));
    assert!(session_path.is_file());

    // The next open disagreement where the second annotator has a unit (worst first).
    h.state_mut()
        .state
        .adjudicating_mut()
        .unwrap()
        .filter
        .annotator = Some(1);
    let expected = {
        let adjudicating = h.state().state.adjudicating().unwrap();
        let filter = Filter {
            annotator: Some(1),
            ..Filter::default()
        };
        adjudicating.adjudication().next_open(
            &adjudicating.shown.worst_first,
            None,
            Direction::Next,
            &filter,
        )
    }
    .expect("the demo has disagreements");
    h.key_press(egui::Key::N);
    h.run_steps(2);
    assert_eq!(
        h.state().state.documents.selection.alignment,
        Some(expected)
    );
    h.get_by_label_contains(&format!("Alignment {} — open", expected + 1));

    // Key 2: the second annotator's unit goes into the gold.
    h.key_press(egui::Key::Num2);
    h.run_steps(2);
    let picked = {
        let adjudication = h.state().state.adjudicating().unwrap().adjudication();
        assert!(matches!(
            adjudication.decision(expected),
            Some(Decision::Decided {
                choice: Choice::Pick { annotator: 1 },
                ..
            })
        ));
        let slot = adjudication.proposals()[expected].slots[1].unwrap();
        let unit = adjudication.continuum().annotators[1].units[slot].clone();
        let gold = adjudication.gold();
        assert_eq!(gold.len(), 1);
        assert_eq!(
            (
                gold[0].1.unit.start,
                gold[0].1.unit.end,
                &gold[0].1.unit.category
            ),
            (unit.start, unit.end, &unit.category)
        );
        unit
    };
    let saved = gamma_formats::session::Session::load(&session_path).unwrap();
    assert_eq!(saved.adjudication.progress().decided, 1, "autosaved");

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    {
        let adjudication = h.state().state.adjudicating().unwrap().adjudication();
        assert!(adjudication.gold().is_empty(), "undone");
        assert!(adjudication.decision(expected).unwrap().is_open());
    }
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run_steps(2);
    assert_eq!(
        h.state()
            .state
            .adjudicating()
            .unwrap()
            .adjudication()
            .gold()
            .len(),
        1,
        "redone"
    );

    h.get_by_label("Export the gold…").scroll_to_me();
    h.run_steps(3);
    h.get_by_label("Export the gold…").click();
    h.run_steps(2);
    let written = std::fs::read_to_string(&out).unwrap_or_else(|e| {
        panic!(
            "the gold was not exported ({e}): {:?} {:?}",
            h.state().state.adjudicating().unwrap().message,
            h.state().state.shell.messages
        )
    });
    assert_eq!(
        written,
        format!(
            "annotator,category,start,end\ngold,{},{},{}\n",
            picked.category, picked.start, picked.end
        )
    );
    h.get_by_label_contains("gold written (csv, 1 units)");
}

#[test]
fn an_autosaved_adjudication_is_resumed_at_the_next_start_and_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let launch = Launch {
        data_folder: Some(dir.path().to_path_buf()),
        ..Launch::default()
    };
    let mut h = harness(app(launch.clone(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    assert!(h.state().state.adjudication.resume_offer.is_none());
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    h.get_by_label("Decide all unanimous alignments").click();
    h.run_steps(2);
    let decided = h
        .state()
        .state
        .adjudicating()
        .unwrap()
        .adjudication()
        .progress()
        .decided;
    assert!(decided > 0);
    drop(h); // as if the app were killed: only the autosave remains

    // The next start resumes it at once (reading a session replaces nothing).
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    let resumed = h.state().state.adjudicating().expect("resumed at once");
    assert_eq!(resumed.adjudication().progress().decided, decided);
    assert_eq!(
        resumed.adjudication().undo_label(),
        Some(format!("decide the unanimous alignments ({decided})").as_str())
    );
    h.get_by_label_contains(&format!("resumed: decided {decided} of"));
    // Stopped, it is offered; "Adjudicate this document" would resume it, never replace it.
    h.state_mut().state.stop_adjudication();
    h.run_steps(2);
    h.get_by_label_contains(&format!("(decided {decided} of"));
    assert!(
        h.query_by_label("Start over").is_none(),
        "not beside Resume"
    );
    h.get_by_label("Resume").click();
    h.run_steps(2);
    let resumed = h.state().state.adjudicating().expect("resumed");
    assert_eq!(resumed.adjudication().progress().decided, decided);
    h.state_mut().state.stop_adjudication();
    h.state_mut().state.start_adjudication().unwrap();
    let resumed = h.state().state.adjudicating().expect("resumed");
    assert_eq!(resumed.adjudication().progress().decided, decided);
}
