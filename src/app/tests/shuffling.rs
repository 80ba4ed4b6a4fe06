//! UI tests of the Corpus Shuffling Tool: sweeps and calibrations in the background.

use super::{app, harness, has_result, step_until};
use crate::app::files::dialog::ScriptedDialog;
use crate::app::{Launch, demo_document};
use egui_kittest::kittest::Queryable;

#[test]
fn the_shuffling_tool_sweeps_in_the_background_plots_and_exports_the_curves() {
    use gamma_core::shuffle::{self, ErrorKind, ReferenceModel};
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("curves.csv");
    let dialog = ScriptedDialog {
        answers: vec![Some(vec![csv.clone()])].into(),
        ..ScriptedDialog::default()
    };
    let mut h = harness(app(Launch::default(), dialog));
    step_until(&mut h, has_result);
    h.get_by_label("Shuffling tool").click();
    h.step();
    assert_eq!(
        h.state().state.shell.mode,
        crate::app::shell::Mode::Shuffling
    );
    {
        let settings = &mut h.state_mut().state.shuffling.settings;
        settings.sweep.sets = 3;
        settings.sweep.step = 0.25;
    }
    h.step();
    // Category mistakes come after the shift already chosen (the order they are applied in).
    h.get_by_label("category").click();
    h.step();
    assert_eq!(
        h.state().state.shuffling.settings.sweep.errors,
        vec![
            ErrorKind::Shift { keep_apart: true },
            ErrorKind::Category {
                prevalence: false,
                overlapping: false
            }
        ]
    );
    h.get_by_label("Run the sweep").click();
    h.step();
    assert!(h.state().state.shuffling.is_running(), "runs in the worker");
    step_until(&mut h, |app| !app.state.shuffling.is_running());
    let sweep = h.state().state.shuffling.sweep.clone().expect("a sweep");
    let reference = ReferenceModel::default_model().generate(1).unwrap();
    let rows = shuffle::sweep(&reference, &sweep.settings.sweep).unwrap();
    assert_eq!(
        sweep.rows, rows,
        "the core's sweep with the same settings and seed"
    );
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[0].means[0], Some(1.0));
    h.get_by_label_contains("Agreement against the magnitude of shift-no-overlap + category");
    h.get_by_label("Export the curves…").click();
    h.step();
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        shuffle::sweep_csv(&sweep.settings.sweep.measures, &rows)
    );

    // The second annotator of the open document as the reference.
    h.state_mut().state.shuffling.settings.reference =
        crate::app::shuffling::ReferenceChoice::Annotator(1);
    h.step();
    h.get_by_label("Run the sweep").click();
    h.step();
    step_until(&mut h, |app| !app.state.shuffling.is_running());
    let from_ben = h.state().state.shuffling.sweep.clone().unwrap();
    assert_eq!(from_ben.reference, "annotator ben");
    let reference = shuffle::Reference::from_annotator(&demo_document().continuum, 1).unwrap();
    assert_eq!(
        from_ben.rows,
        shuffle::sweep(&reference, &from_ben.settings.sweep).unwrap()
    );
}

#[test]
fn calibrating_the_open_document_marks_its_gamma_on_each_curve() {
    use gamma_core::shuffle::{self, ErrorKind, SweepOptions};
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.get_by_label("Shuffling tool").click();
    h.step();
    {
        let shuffling = &mut h.state_mut().state.shuffling;
        shuffling.calibration_kinds = vec![ErrorKind::FalseNegative];
        shuffling.calibration_sets = 1;
    }
    h.step();
    h.get_by_label_contains("Calibrate γ of").click();
    h.step();
    step_until(&mut h, |app| !app.state.shuffling.is_running());
    let outcome = h
        .state()
        .state
        .shuffling
        .calibration
        .clone()
        .unwrap_or_else(|| panic!("{:?}", h.state().state.shuffling.error));
    let continuum = demo_document().continuum;
    let references = shuffle::each_annotator_as_reference(&continuum).unwrap();
    let options = SweepOptions {
        sets: 1,
        step: 0.1,
        seed: 1,
        ..SweepOptions::default()
    };
    let expected = shuffle::calibrate_against(
        &continuum,
        &references,
        &[ErrorKind::FalseNegative],
        &options,
        Default::default(),
    )
    .unwrap();
    assert_eq!(outcome.calibration, expected);
    assert_eq!(outcome.references, "each annotator in turn");
    let magnitude = expected.kinds[0].1.expect("missed units bring γ that low");
    h.get_by_label_contains(&format!(
        "γ = {:.3} of {} is about the γ of annotators making",
        expected.gamma, continuum.name
    ));
    h.get_by_label(&format!("• missed units of magnitude {magnitude:.2}"));
}

#[test]
fn the_papers_preset_and_the_segmentation_model_are_chosen_in_the_panel() {
    use gamma_core::shuffle::{self, ErrorKind, ReferenceModel, SweepPreset};
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.get_by_label("Shuffling tool").click();
    h.step();
    // The default sweep is pygamma-agreement's γ; the papers' preset is one choice away.
    h.get_by_value("pygamma").click();
    h.step();
    h.step();
    h.get_by_label("papers").click();
    h.step();
    let sweep = &h.state().state.shuffling.settings.sweep;
    assert_eq!(SweepPreset::matching(sweep), Some(SweepPreset::Papers));
    assert_eq!(sweep.gamma.dissimilarity.alpha, 3.0);
    h.get_by_value("default").click();
    h.step();
    h.step();
    h.get_by_label("segmentation").click();
    h.step();
    {
        let settings = &mut h.state_mut().state.shuffling.settings;
        assert_eq!(settings.model, ReferenceModel::segmentation_model());
        settings.sweep.errors = vec![ErrorKind::Shift { keep_apart: true }];
        settings.sweep.sets = 2;
        settings.sweep.step = 0.5;
    }
    h.step();
    h.get_by_label("Run the sweep").click();
    h.step();
    step_until(&mut h, |app| !app.state.shuffling.is_running());
    let outcome = h.state().state.shuffling.sweep.clone().expect("a sweep");
    assert_eq!(
        outcome.reference,
        "the built-in model segmentation (100 units)"
    );
    let reference = ReferenceModel::segmentation_model().generate(1).unwrap();
    assert_eq!(
        outcome.rows,
        shuffle::sweep(&reference, &outcome.settings.sweep).unwrap()
    );
    assert_eq!(
        SweepPreset::matching(&outcome.settings.sweep),
        Some(SweepPreset::Papers)
    );
}
