//! UI tests with egui_kittest: no display, no GPU. The app is driven through its widgets (found
//! by their labels) and its state is checked against the core computed directly.

use super::{GammaStudioApp, Launch, demo_document};
use crate::app::files::dialog::{ScriptedDialog, WithFallback};
use crate::app::measure::gamma_run::Status;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Sampling to this relative precision at 95 %, at most 5,000 samples.
fn precision(precision: f64) -> gamma_core::gamma::SampleCount {
    gamma_core::gamma::SampleCount::Precision {
        precision,
        confidence: 0.95,
        max_samples: 5000,
    }
}

mod adjudication;
mod anatomy;
mod beside_inputs;
mod campaign;
mod categories;
mod cockpit;
mod coding;
mod coding_outputs;
mod curation;
mod daily_use;
mod dashboard;
mod dialogs;
mod feedback;
mod intervals;
mod keys;
mod laptop;
mod left_out;
mod messages;
mod panels;
mod project;
mod reading_view;
mod reasons;
mod recent;
mod relations;
mod report_export;
mod results;
mod resuming;
mod sessions;
mod shuffling;
mod stac_pilot;
mod text_gamma;

pub(super) fn app(launch: Launch, dialog: ScriptedDialog) -> GammaStudioApp {
    GammaStudioApp::new(Arc::new(|| {}), Box::new(WithFallback::new(dialog)), launch)
}

pub(super) fn harness(app: GammaStudioApp) -> Harness<'static, GammaStudioApp> {
    harness_of_size(app, [1200.0, 800.0])
}

/// The app in a window of `size` points.
pub(super) fn harness_of_size(
    app: GammaStudioApp,
    size: [f32; 2],
) -> Harness<'static, GammaStudioApp> {
    // The fonts before the first frame, as the real window does (∅, δ, ſ need DejaVu).
    Harness::builder()
        .with_size(size)
        .with_context_setup(super::install_fonts)
        .build_ui_state(|ui, app: &mut GammaStudioApp| app.draw(ui), app)
}

/// The demo being adjudicated, with its data folder in `dir` and the file dialog answering
/// `answer` to its first question.
pub(super) fn adjudicating_the_demo_in(
    dir: &std::path::Path,
    answer: std::path::PathBuf,
) -> Harness<'static, GammaStudioApp> {
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![answer]));
    let launch = Launch {
        data_folder: Some(dir.join("data")),
        ..Launch::default()
    };
    let mut h = harness(app(launch, dialog));
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    h
}

/// Steps the UI until `done` holds (the worker runs in its own thread).
pub(super) fn step_until(
    harness: &mut Harness<'static, GammaStudioApp>,
    done: impl Fn(&GammaStudioApp) -> bool,
) {
    let start = Instant::now();
    while !done(harness.state()) {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "timed out; status {:?}",
            harness.state().state.measure.run.status
        );
        std::thread::sleep(Duration::from_millis(10));
        harness.step();
    }
    harness.step();
}

/// The adjudication of the document shown (the test adjudicates it).
pub(super) fn adjudication_of<'h>(
    h: &'h Harness<'static, GammaStudioApp>,
) -> &'h gamma_core::gold::Adjudication {
    (h.state().state.adjudicating())
        .expect("adjudicating")
        .adjudication()
}

pub(super) fn has_result(app: &GammaStudioApp) -> bool {
    app.state.measure.run.status == Status::Done && app.state.current_outcome().is_some()
}

#[test]
fn opens_the_demo_and_shows_the_gamma_of_the_core() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    let settings = h.state().state.measure.settings.clone();
    let expected = gamma_core::gamma(
        &demo_document().continuum,
        &settings.gamma_options(),
        Default::default(),
    )
    .unwrap();
    let shown = h.state().state.current_outcome().unwrap().result.gamma;
    assert_eq!(shown, expected.gamma, "same seed, same γ");
    assert!(
        expected.gamma > 0.3 && expected.gamma < 0.95,
        "{}",
        expected.gamma
    );
    h.get_by_label(&format!("γ = {:.4}", expected.gamma));
    h.get_by_label_contains("Demo: Named entities (Glozz, 3 annotators)");
    step_until(&mut h, |app| {
        app.state
            .current_outcome()
            .is_some_and(|o| o.pairwise.len() == 3)
    });
}

#[test]
fn clicking_a_unitary_alignment_in_the_list_selects_and_inspects_it() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    let worst = h.state().state.shown().unwrap().worst_first[0];
    let count = h.state().state.current_outcome().unwrap().result.documents[0]
        .alignment
        .unitary_alignments
        .len();
    h.get_all_by_label_contains("δ ")
        .next()
        .expect("the list")
        .click();
    h.run_steps(2);
    assert_eq!(h.state().state.documents.selection.alignment, Some(worst));
    h.get_by_label(&format!("Unitary alignment {} of {count}", worst + 1));
    h.get_by_label_contains("% of the total");
}

#[test]
fn changing_alpha_recomputes_and_the_run_can_be_cancelled() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    // A document big enough, and a precision fine enough, that the run lasts until cancelled.
    let big =
        gamma_core::synthetic::noisy_copies(4, 300, gamma_core::synthetic::Density::Sparse, 5);
    h.state_mut()
        .state
        .set_documents(vec![gamma_formats::Document {
            continuum: big,
            source: gamma_formats::Source::Csv("synthetic.csv".into()),
        }]);
    step_until(&mut h, has_result);
    let first = h.state().state.current_outcome().unwrap().result.gamma;
    h.get_by_label("Settings").click();
    h.run_steps(20); // the header's opening animation
    h.state_mut().state.measure.settings.gamma.samples = precision(0.0005);
    let slider = h.get_by_role_and_label(egui::accesskit::Role::Slider, "α (positional)");
    slider.scroll_to_me();
    slider.set_value_accesskit(3.0);
    for _ in 0..20 {
        h.step();
        if h.state().state.measure.settings.gamma.dissimilarity.alpha == 3.0 {
            break;
        }
    }
    h.run_steps(2);
    assert_eq!(
        h.state().state.measure.settings.gamma.dissimilarity.alpha,
        3.0
    );
    assert!(
        h.state().state.is_running(),
        "{:?}",
        h.state().state.measure.run.status
    );
    assert!(
        h.state().state.measure.run.stale,
        "the old result is marked stale"
    );
    h.get_by_label("(stale: settings changed)");
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    assert_eq!(h.state().state.measure.run.status, Status::Cancelled);
    h.get_by_label("Computation cancelled.");
    h.state_mut().state.measure.settings.gamma.samples = precision(0.02);
    h.get_by_label("Compute").click();
    step_until(&mut h, has_result);
    let second = h.state().state.current_outcome().unwrap();
    assert_eq!(second.settings.gamma.dissimilarity.alpha, 3.0);
    assert_ne!(second.result.gamma, first);
    assert!(!h.state().state.measure.run.stale);
}

#[test]
fn file_open_goes_through_the_dialog_seam_and_errors_reach_the_panel() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![
        fixtures.join("cora/p1_pos_A.xml"),
        fixtures.join("cora/p1_pos_B.xml"),
    ]));
    dialog
        .answers
        .push_back(Some(vec![fixtures.join("does-not-exist.csv")]));
    let mut h = harness(app(Launch::default(), dialog));
    step_until(&mut h, has_result);
    let fields_before = h.get_all_by_role(egui::accesskit::Role::TextInput).count();
    let open = |h: &mut Harness<'static, GammaStudioApp>| {
        h.get_by_label("File").click();
        h.run_steps(2);
        h.get_by_label("Open…").click();
        h.run_steps(2);
    };
    open(&mut h);
    // CorA files: the open dialog asks for names and the layer first.
    h.get_by_label("Open 2 files");
    let names = h.get_all_by_role(egui::accesskit::Role::TextInput).count() - fields_before;
    assert_eq!(names, 2, "one name per annotator file");
    h.get_by_label("Open these files").click();
    h.run_steps(2);
    open(&mut h);
    let state = &h.state().state;
    assert_eq!(state.documents.open.len(), 1);
    let names: Vec<&str> = state.documents.open[0]
        .continuum()
        .annotators
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["p1_pos_A", "p1_pos_B"], "the CorA pair is open");
    assert!(
        state
            .shell
            .messages
            .iter()
            .any(|e| e.contains("does-not-exist.csv: cannot read")),
        "{:?}",
        state.shell.messages
    );
    h.get_by_label_contains("does-not-exist.csv: cannot read");
}

#[test]
fn recent_files_are_kept_in_the_data_folder_across_runs() {
    let dir = tempfile::tempdir().unwrap();
    let csv = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pygamma/h6_three_annot.csv");
    let state = |folder: Option<std::path::PathBuf>| {
        super::AppState::new(Arc::new(|| {})).with_data_folder(folder)
    };
    let mut first = state(Some(dir.path().to_path_buf()));
    first.open_files(std::slice::from_ref(&csv), &Default::default());
    assert_eq!(first.files.recent.lists(), vec![vec![csv.clone()]]);
    let second = state(Some(dir.path().to_path_buf()));
    assert_eq!(
        second.files.recent.lists(),
        vec![vec![csv]],
        "read back at start"
    );
    assert!(state(None).files.recent.lists().is_empty());
}

#[cfg(unix)]
#[test]
fn a_file_whose_name_is_not_utf8_opens_and_stays_in_the_recent_files() {
    use std::os::unix::ffi::OsStringExt;
    let dir = tempfile::tempdir().unwrap();
    // "café.csv" with a Latin-1 é: a valid Unix file name that is not UTF-8.
    let csv = dir
        .path()
        .join(std::ffi::OsString::from_vec(b"caf\xe9.csv".to_vec()));
    assert!(csv.to_str().is_none());
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pygamma/h6_three_annot.csv");
    std::fs::copy(fixture, &csv).unwrap();
    let folder = dir.path().join("data");
    let state = |folder: &std::path::Path| {
        super::AppState::new(Arc::new(|| {})).with_data_folder(Some(folder.to_path_buf()))
    };
    let mut first = state(&folder);
    first.open_files(std::slice::from_ref(&csv), &Default::default());
    assert!(
        first.shell.messages.is_empty(),
        "{:?}",
        first.shell.messages
    );
    assert_eq!(first.documents.open[0].continuum().n_annotators(), 3);
    assert_eq!(first.files.recent.lists(), vec![vec![csv.clone()]]);
    let second = state(&folder);
    assert_eq!(
        second.files.recent.lists(),
        vec![vec![csv]],
        "read back exactly"
    );
}

#[test]
fn a_superseded_run_never_shows_only_the_latest_settings_do() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    {
        let state = &mut h.state_mut().state;
        state.measure.settings.gamma.dissimilarity.alpha = 2.0;
        state.settings_changed();
        state.measure.settings.gamma.dissimilarity.alpha = 3.0;
        state.settings_changed();
        assert!(state.measure.run.stale && state.is_running());
    }
    step_until(&mut h, |app| {
        has_result(app) && !app.state.measure.run.stale
    });
    h.run_steps(5);
    let settings = h.state().state.measure.settings.clone();
    let expected = gamma_core::gamma(
        &demo_document().continuum,
        &settings.gamma_options(),
        Default::default(),
    )
    .unwrap();
    let outcome = h.state().state.current_outcome().unwrap();
    assert_eq!(outcome.settings.gamma.dissimilarity.alpha, 3.0);
    assert_eq!(outcome.result.gamma, expected.gamma);
    assert_eq!(
        h.state().state.documents.open[0].gamma,
        Some(expected.gamma)
    );
}

#[test]
fn text_gamma_mode_measures_a_cora_pair_and_lists_its_alignment() {
    use gamma_core::textgamma::{AlignmentOptions, annotations_of, observed};
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cora");
    let files = vec![
        fixtures.join("p2_segtext_A.xml"),
        fixtures.join("p2_segtext_B.xml"),
    ];
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.state_mut().state.open_files(&files, &Default::default());
    step_until(&mut h, has_result);
    h.get_by_label("Settings").click();
    h.run_steps(20);
    h.get_by_label("tγ").click();
    step_until(&mut h, |app| {
        app.state.measure.run.status == Status::Done && app.state.current_text_outcome().is_some()
    });
    let state = &h.state().state;
    let result = state.current_text_outcome().unwrap().result.clone();
    let annotations = annotations_of(state.document().unwrap().continuum(), "pos").unwrap();
    let expected = observed(&annotations, &AlignmentOptions::default()).unwrap();
    assert_eq!(result.observed.disorder, 0.875);
    assert_eq!(result.observed, expected);
    assert!(
        state.current_outcome().is_none(),
        "γ is not shown in tγ mode"
    );
    assert_eq!(state.shown().unwrap().len(), 11);
    // "vander" of B alone: its slot points at B's unit with that text.
    let continuum = state.document().unwrap().continuum();
    let shown = state.shown().unwrap();
    let vander = (0..11)
        .filter_map(|i| shown.get(i).map(|a| (&a.units, a.disorder, i)))
        .find(|(slots, _, _)| {
            slots[0].is_none()
                && slots[1].is_some_and(|u| {
                    continuum
                        .covered_text(1, &continuum.annotators[1].units[u])
                        .as_deref()
                        == Some("vander")
                })
        });
    let (slots, disorder, index) = vander.expect("B's token vander is alone");
    assert_eq!(disorder, 1.0);
    assert_eq!(
        shown.of_unit(1, slots[1].unwrap()),
        Some(index),
        "a click on the token finds its pair"
    );
    h.get_by_label(&format!("tγ = {:.4}", result.tgamma));
    h.get_all_by_label_contains("δ 1.000")
        .next()
        .expect("the list");
    // Each annotator's own words: B's "vander" has no counterpart in A.
    h.get_all_by_label_contains("“∅ | vander”")
        .next()
        .expect("the list shows each annotator's words");
}

#[test]
fn the_bundled_demos_open_and_the_glozz_demo_matches_the_csv_one() {
    use crate::app::files::demo::Demo;
    let glozz = Demo::NamedEntities.documents().unwrap().remove(0);
    let csv_path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/demo/named-entities.csv");
    let (mut csv, _) = gamma_formats::read_documents(&[csv_path], &Default::default()).unwrap();
    let csv = csv.remove(0).continuum;
    assert_eq!(glozz.continuum.text, csv.text, "the .ac is the .txt");
    assert_eq!(glozz.continuum.annotators.len(), 3);
    for (g, c) in glozz.continuum.annotators.iter().zip(&csv.annotators) {
        assert_eq!(g.name, c.name);
        let spans = |units: &[gamma_core::Unit]| {
            units
                .iter()
                .map(|u| (u.start, u.end, u.category.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(spans(&g.units), spans(&c.units), "{}", g.name);
    }
    assert!(matches!(
        glozz.source,
        gamma_formats::Source::Glozz { model: Some(_), .. }
    ));
    let cora = Demo::HistoricalText.documents().unwrap().remove(0);
    let names: Vec<&str> = cora
        .continuum
        .annotators
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["anna", "bernd"]);
    assert!(
        cora.continuum.annotators[1].own_text.is_some(),
        "bernd corrected the text"
    );
}

#[test]
fn the_historical_demo_opens_in_text_gamma_mode() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Open a demo").click();
    h.run_steps(2);
    h.get_by_label("Historical text (CorA-XML pair, tγ)")
        .click();
    step_until(&mut h, |app| {
        app.state.measure.run.status == Status::Done && app.state.current_text_outcome().is_some()
    });
    let result = h
        .state()
        .state
        .current_text_outcome()
        .unwrap()
        .result
        .clone();
    assert_eq!(result.observed.disorder, 0.875);
    h.get_by_label(&format!("tγ = {:.4}", result.tgamma));
}

#[test]
fn the_window_icon_decodes() {
    let icon = super::shell::window::window_icon().expect("the bundled PNG is RGBA");
    assert_eq!((icon.width, icon.height), (256, 256));
    assert_eq!(icon.rgba.len(), 256 * 256 * 4);
    // Transparent corners (rounded square), opaque centre.
    assert_eq!(icon.rgba[3], 0);
    assert_eq!(icon.rgba[(128 * 256 + 128) * 4 + 3], 255);
}
