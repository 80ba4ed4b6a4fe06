//! File → Export the agreement report…: the report of the open documents, gathered by a job,
//! holds the figures the app shows and the command line's report gives.

use super::{app, harness, has_result, step_until};
use crate::app::Launch;
use crate::app::files::dialog::ScriptedDialog;
use egui_kittest::kittest::Queryable;

#[test]
fn the_agreement_report_is_exported_with_the_figures_shown() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("agreement.json");
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![out.clone()]));
    dialog
        .answers
        .push_back(Some(vec![dir.path().join("agreement.pdf")]));
    let mut h = harness(app(Launch::default(), dialog));
    step_until(&mut h, has_result);
    let shown = h.state().state.current_outcome().unwrap().result.gamma;
    let export = |h: &mut egui_kittest::Harness<'static, crate::app::GammaStudioApp>| {
        h.get_by_label("File").click();
        h.run_steps(2);
        h.get_by_label("Export the agreement report…").click();
        h.run_steps(2);
    };
    export(&mut h);
    step_until(&mut h, |app| {
        app.state
            .shell
            .messages
            .iter()
            .any(|m| m.starts_with("agreement report written"))
    });
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(report["overall"]["gamma"].as_f64().unwrap(), shown);
    assert_eq!(
        report["annotators"],
        serde_json::json!(["ana", "ben", "chloe"])
    );
    assert!(report["overall"]["confidence_interval"]["Ok"]["gamma"].is_array());
    let rerun = report["method"]["rerun"].as_str().unwrap();
    assert!(rerun.starts_with("gamma-studio report"), "{rerun}");
    // A form the report is not written in: said, nothing written.
    export(&mut h);
    assert!(
        (h.state().state.shell.messages.iter()).any(|m| m.ends_with(
            "agreement.pdf: the agreement report is written as .html, .md, .tex or .json"
        )),
        "{:?}",
        h.state().state.shell.messages
    );
    assert!(!dir.path().join("agreement.pdf").exists());
}

#[test]
fn the_report_exported_with_what_gamma_means_holds_the_calibration() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("agreement.json");
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![out.clone()]));
    let mut h = harness(app(Launch::default(), dialog));
    step_until(&mut h, has_result);
    // A small document: the sweeps take seconds.
    let continuum =
        gamma_core::synthetic::noisy_copies(2, 8, gamma_core::synthetic::Density::Sparse, 3);
    h.state_mut()
        .state
        .set_documents(vec![gamma_formats::Document {
            continuum,
            source: gamma_formats::Source::Csv("small.csv".into()),
        }]);
    step_until(&mut h, has_result);
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("   with what γ means (Shuffling tool)")
        .click();
    h.run_steps(2);
    assert!(h.state().state.report.calibrate);
    if h.query_by_label("Export the agreement report…").is_none() {
        h.get_by_label("File").click();
        h.run_steps(2);
    }
    h.get_by_label("Export the agreement report…").click();
    h.run_steps(2);
    step_until(&mut h, |app| {
        app.state
            .shell
            .messages
            .iter()
            .any(|m| m.starts_with("agreement report written"))
    });
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let calibration = &report["calibration"]["Ok"];
    assert_eq!(calibration["gamma"], report["overall"]["gamma"]);
    assert_eq!(calibration["kinds"].as_array().unwrap().len(), 5);
    assert!(
        (report["method"]["rerun"].as_str().unwrap()).contains(" --calibrate -o "),
        "{}",
        report["method"]["rerun"]
    );
}

/// Gathering the report shows its progress and a Cancel that stops it: the job ends and
/// nothing is written.
#[test]
fn cancelling_the_report_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("agreement.html");
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    // A document of 300 units, with the calibration: the report takes many seconds, time to
    // click.
    let continuum =
        gamma_core::synthetic::noisy_copies(3, 300, gamma_core::synthetic::Density::Sparse, 5);
    h.state_mut()
        .state
        .set_documents(vec![gamma_formats::Document {
            continuum,
            source: gamma_formats::Source::Csv("large.csv".into()),
        }]);
    step_until(&mut h, has_result);
    h.state_mut().state.report.calibrate = true;
    (h.state_mut().state).export_report(out.clone());
    h.run_steps(2);
    assert!(h.state().state.report.progress.is_some());
    h.get_by_label("Gathering the agreement report");
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    let state = &h.state().state;
    assert!(!state.jobs.is_running(crate::app::jobs::JobKind::Report));
    assert!(state.report.progress.is_none());
    assert!(h.query_by_label("Gathering the agreement report").is_none());
    assert!(
        (state.shell.messages.iter())
            .any(|m| m.contains("the agreement report was cancelled: nothing written")),
        "{:?}",
        state.shell.messages
    );
    std::thread::sleep(std::time::Duration::from_millis(500));
    h.run_steps(2);
    assert!(!out.exists());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing written"
    );
}
