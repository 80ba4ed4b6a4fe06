//! UI tests of the autosaved session: it is found by the document's content, whatever the order
//! the files are opened in.

use super::{app, harness, has_result, step_until};
use crate::app::files::dialog::ScriptedDialog;
use crate::app::{GammaStudioApp, Launch};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gamma_core::gold::{Choice, Decision};
use gamma_formats::ReadOptions;
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/glozz")
        .join(name)
}

/// The annotator whose unit alignment `index` took, by name.
fn picked(app: &crate::app::GammaStudioApp, index: usize) -> Option<String> {
    let adjudication = app.state.adjudicating()?.adjudication();
    match adjudication.decision(index)? {
        Decision::Decided {
            choice: Choice::Pick { annotator },
            ..
        } => Some(adjudication.continuum().annotators[*annotator].name.clone()),
        _ => None,
    }
}

/// The app with a data folder in `dir`, alice.aa and bob.aa open (with their text) and their
/// adjudication started; the options they were read with.
fn adjudicating_the_pair(dir: &std::path::Path) -> (Harness<'static, GammaStudioApp>, ReadOptions) {
    let launch = Launch {
        data_folder: Some(dir.join("data")),
        ..Launch::default()
    };
    let options = ReadOptions {
        text: Some(fixture("doc.ac")),
        ..ReadOptions::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.state_mut()
        .state
        .open_files(&[fixture("alice.aa"), fixture("bob.aa")], &options);
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    (h, options)
}

#[test]
fn a_session_resumes_when_the_same_files_are_opened_in_the_other_order() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, options) = adjudicating_the_pair(dir.path());
    // Alignment 1: bob's unit (key 2), autosaved.
    h.state_mut().state.select_alignment(0);
    h.run_steps(1);
    h.key_press(egui::Key::Num2);
    h.run_steps(2);
    assert_eq!(picked(h.state(), 0).as_deref(), Some("bob"));
    let saved = h
        .state()
        .state
        .adjudicating()
        .unwrap()
        .save_path
        .clone()
        .unwrap();
    assert!(
        saved
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("doc."),
        "named after the document: {}",
        saved.display()
    );
    h.state_mut().state.stop_adjudication();
    h.run_steps(1);

    // bob first: the same annotations, the session resumes bob's pick.
    h.state_mut()
        .state
        .open_files(&[fixture("bob.aa"), fixture("alice.aa")], &options);
    step_until(&mut h, has_result);
    assert_eq!(
        h.state()
            .state
            .document()
            .unwrap()
            .continuum()
            .annotator_names(),
        ["bob", "alice"]
    );
    let adjudication = h.state().state.adjudicating().unwrap().adjudication();
    assert_eq!(adjudication.continuum().annotator_names(), ["bob", "alice"]);
    assert_eq!(adjudication.progress().decided, 1);
    assert_eq!(picked(h.state(), 0).as_deref(), Some("bob"));
}

#[test]
fn the_saved_adjudications_are_listed_by_document_and_open_their_files() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = adjudicating_the_pair(dir.path());
    h.state_mut().state.select_alignment(0);
    h.run_steps(1);
    h.key_press(egui::Key::Num2);
    h.run_steps(2);
    h.state_mut().state.stop_adjudication();
    h.state_mut()
        .open_demo(crate::app::files::demo::Demo::NamedEntities);
    step_until(&mut h, has_result);

    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Saved adjudications…").click();
    h.run_steps(2);
    h.get_by_label("doc");
    h.get_by_label("alice, bob");
    let total = {
        let listed = gamma_formats::session::saved_sessions(&dir.path().join("data"));
        assert_eq!(listed.len(), 1);
        listed[0].progress.total
    };
    h.get_by_label(&format!("decided 1 of {total}"));
    h.get_by_label("Open").click();
    h.run_steps(2);
    step_until(&mut h, has_result);
    assert_eq!(
        h.state()
            .state
            .document()
            .unwrap()
            .continuum()
            .annotator_names(),
        ["alice", "bob"]
    );
    let resumed = h.state().state.adjudicating().expect("resumed");
    assert_eq!(resumed.adjudication().progress().decided, 1);
}
