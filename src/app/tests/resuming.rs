//! A campaign over several days (issue 41, items 1 and 2): the app restarted on a corpus shows
//! every document's decisions at once, without a click; a project saved then carries every
//! document's adjudication, and restores them after its folder moved, on a computer whose data
//! folder knows none of them; Start over asks, naming what it discards, and undo takes it back.

use super::campaign::{SHIFTED, dashboard_done, write_documents};
use super::*;
use crate::app::commands::Command;
use crate::app::shell::Mode;
use std::path::Path;

/// The app on the corpus (or project) `input` with the data folder `data`, measured.
fn day(input: &Path, data: &Path) -> Harness<'static, GammaStudioApp> {
    let launch = Launch {
        files: vec![input.to_path_buf()],
        data_folder: Some(data.to_path_buf()),
        ..Launch::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, dashboard_done);
    h
}

/// Each open document's (name, decided), `None` where it is not adjudicated.
fn decided(app: &GammaStudioApp) -> Vec<(String, Option<usize>)> {
    (app.state.documents.open.iter())
        .map(|d| {
            let progress = (app.state.adjudication.by_document.get(&d.id))
                .map(|a| a.adjudication().progress().decided);
            (d.continuum().name.clone(), progress)
        })
        .collect()
}

/// Shows document `index` and decides its first `count` alignments (rejects them).
fn decide(h: &mut Harness<'static, GammaStudioApp>, index: usize, count: usize) {
    let id = h.state().state.documents.open[index].id;
    h.state_mut().state.apply(Command::OpenDocument(id));
    step_until(h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    assert!(h.state_mut().state.adjudicate(|a| {
        for i in 0..count {
            a.reject(i)?;
        }
        Ok("rejected".into())
    }));
    h.run_steps(1);
}

#[test]
fn a_restarted_campaign_shows_every_documents_decisions_and_its_project_keeps_them_all() {
    let root = tempfile::tempdir().unwrap();
    let campaign = root.path().join("campaign");
    let corpus = campaign.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    write_documents(&corpus, &SHIFTED);
    let data = root.path().join("data");

    // Day 1: d1 wholly decided (3 alignments), d3 in part; quit.
    let mut h = day(&corpus, &data);
    decide(&mut h, 0, 3);
    decide(&mut h, 2, 1);
    assert_eq!(
        decided(h.state()),
        [
            ("d1".into(), Some(3)),
            ("d2".into(), None),
            ("d3".into(), Some(1))
        ]
    );
    drop(h);

    // Day 2: the dashboard shows both at once; no click resumed them.
    let mut h = day(&corpus, &data);
    assert_eq!(h.state().state.shell.mode, Mode::Dashboard);
    assert_eq!(
        decided(h.state()),
        [
            ("d1".into(), Some(3)),
            ("d2".into(), None),
            ("d3".into(), Some(1))
        ]
    );
    h.get_by_label("3 / 3");
    h.get_by_label("1 / 2");
    h.get_by_label("0 / 2");
    h.get_by_label("adjudicated");
    h.get_by_label_contains("resumed the saved adjudication of 2 documents (decided 4 of 5)");
    // Resuming one document (showing it) and saving the project: all three in it.
    let project = campaign.join("stac.gsproj.json");
    let first = h.state().state.documents.open[0].id;
    h.state_mut().state.apply(Command::OpenDocument(first));
    step_until(&mut h, has_result);
    h.state_mut().state.save_project(&project).unwrap();
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&project).unwrap()).unwrap();
    let held: Vec<bool> = (json["documents"].as_array().unwrap().iter())
        .map(|d| !d["adjudication"].is_null())
        .collect();
    assert_eq!(held, [true, false, true], "d3, never shown today, is in it");
    drop(h);

    // A colleague: the campaign folder moved, another data folder, empty.
    let moved = root.path().join("elsewhere").join("campaign");
    std::fs::create_dir_all(moved.parent().unwrap()).unwrap();
    std::fs::rename(&campaign, &moved).unwrap();
    let h = day(
        &moved.join("stac.gsproj.json"),
        &root.path().join("colleague"),
    );
    assert_eq!(
        decided(h.state()),
        [
            ("d1".into(), Some(3)),
            ("d2".into(), None),
            ("d3".into(), Some(1))
        ]
    );
    h.get_by_label_contains("project: 2 adjudications restored");
}

#[test]
fn start_over_asks_naming_what_it_discards_and_undo_brings_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let launch = Launch {
        data_folder: Some(dir.path().to_path_buf()),
        ..Launch::default()
    };
    let mut h = harness(app(launch.clone(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    h.get_by_label("Decide all unanimous alignments").click();
    h.run_steps(2);
    let progress = |h: &Harness<'static, GammaStudioApp>| {
        (h.state().state.adjudicating().unwrap().adjudication()).progress()
    };
    let before = progress(&h).decided;
    assert!(before > 1);
    h.get_by_label("Start over…").scroll_to_me();
    h.run_steps(3);
    h.get_by_label("Start over…").click();
    // The click's command is applied at the end of its frame; the question's first frame sizes it.
    h.run_steps(3);
    h.get_by_label_contains(&format!(
        "This discards its {before} decisions ({before} decided) and its {before} gold units. \
         Undo (Ctrl+Z) brings them back."
    ));
    // A key pressed now is the question's, never the document's; Escape answers no.
    h.key_press(egui::Key::N);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.query_by_label("Start over?").is_none());
    assert_eq!(progress(&h).decided, before, "nothing discarded");

    h.get_by_label("Start over…").click();
    // The click's command is applied at the end of its frame; the question's first frame sizes it.
    h.run_steps(3);
    h.get_by_label(&format!("Discard {before} decisions"))
        .click();
    h.run_steps(2);
    assert_eq!(progress(&h).decided, 0);
    assert!(
        h.state()
            .state
            .adjudicating()
            .unwrap()
            .adjudication()
            .gold()
            .is_empty()
    );
    let said = format!("started over: {before} decisions discarded (Ctrl+Z brings them back)");
    assert_eq!(
        h.get_all_by_label_contains(&said).count(),
        2,
        "the panel and Messages"
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(progress(&h).decided, before, "undone");
    // Redone, then the app quit: the next day, undo still brings them back (the step is saved).
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run_steps(2);
    assert_eq!(progress(&h).decided, 0);
    drop(h);
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    assert_eq!(progress(&h).decided, 0, "resumed at once");
    h.state_mut().state.apply(Command::Undo);
    h.run_steps(2);
    assert_eq!(progress(&h).decided, before);
}
