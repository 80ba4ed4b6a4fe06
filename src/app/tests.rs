//! UI tests with egui_kittest: no display, no GPU. The app is driven through its widgets (found
//! by their labels) and its state is checked against the core computed directly.

use super::file_dialog::ScriptedDialog;
use super::state::Status;
use super::{GammaStudioApp, Launch, demo_document};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Sampling to this relative precision at 95 %, at most 5,000 samples.
fn precision(precision: f64) -> gamma_studio::gamma::SampleCount {
    gamma_studio::gamma::SampleCount::Precision {
        precision,
        confidence: 0.95,
        max_samples: 5000,
    }
}

fn app(launch: Launch, dialog: ScriptedDialog) -> GammaStudioApp {
    GammaStudioApp::new(Arc::new(|| {}), Box::new(dialog), launch)
}

fn harness(app: GammaStudioApp) -> Harness<'static, GammaStudioApp> {
    // The fonts before the first frame, as the real window does (∅, δ, ſ need DejaVu).
    Harness::builder()
        .with_size([1200.0, 800.0])
        .with_context_setup(super::install_fonts)
        .build_ui_state(|ui, app: &mut GammaStudioApp| app.draw(ui), app)
}

/// Steps the UI until `done` holds (the worker runs in its own thread).
fn step_until(
    harness: &mut Harness<'static, GammaStudioApp>,
    done: impl Fn(&GammaStudioApp) -> bool,
) {
    let start = Instant::now();
    while !done(harness.state()) {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "timed out; status {:?}",
            harness.state().state.status
        );
        std::thread::sleep(Duration::from_millis(10));
        harness.step();
    }
    harness.step();
}

fn has_result(app: &GammaStudioApp) -> bool {
    app.state.status == Status::Done && app.state.current_outcome().is_some()
}

#[test]
fn opens_the_demo_and_shows_the_gamma_of_the_core() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    let settings = h.state().state.settings.clone();
    let expected = gamma_studio::gamma(
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
    let worst = h.state().state.ordered_alignments()[0];
    let count = h.state().state.current_outcome().unwrap().result.documents[0]
        .alignment
        .unitary_alignments
        .len();
    h.get_all_by_label_contains("δ ")
        .next()
        .expect("the list")
        .click();
    h.run_steps(2);
    assert_eq!(h.state().state.selected_alignment, Some(worst));
    h.get_by_label(&format!("Unitary alignment {} of {count}", worst + 1));
    h.get_by_label_contains("% of the total");
}

#[test]
fn changing_alpha_recomputes_and_the_run_can_be_cancelled() {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    // A document big enough, and a precision fine enough, that the run lasts until cancelled.
    let big =
        gamma_studio::synthetic::noisy_copies(4, 300, gamma_studio::synthetic::Density::Sparse, 5);
    h.state_mut()
        .state
        .set_documents(vec![gamma_studio::io::Document {
            continuum: big,
            source: gamma_studio::io::Source::Csv("synthetic.csv".into()),
        }]);
    step_until(&mut h, has_result);
    let first = h.state().state.current_outcome().unwrap().result.gamma;
    h.get_by_label("Settings").click();
    h.run_steps(20); // the header's opening animation
    h.state_mut().state.settings.gamma.samples = precision(0.0005);
    let slider = h.get_by_role_and_label(egui::accesskit::Role::Slider, "α (positional)");
    slider.scroll_to_me();
    slider.set_value_accesskit(3.0);
    for _ in 0..20 {
        h.step();
        if h.state().state.settings.gamma.dissimilarity.alpha == 3.0 {
            break;
        }
    }
    h.run_steps(2);
    assert_eq!(h.state().state.settings.gamma.dissimilarity.alpha, 3.0);
    assert!(h.state().state.is_running(), "{:?}", h.state().state.status);
    assert!(
        h.state().state.outcome_is_stale,
        "the old result is marked stale"
    );
    h.get_by_label("(stale: settings changed)");
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    assert_eq!(h.state().state.status, Status::Cancelled);
    h.get_by_label("Computation cancelled.");
    h.state_mut().state.settings.gamma.samples = precision(0.02);
    h.get_by_label("Compute").click();
    step_until(&mut h, has_result);
    let second = h.state().state.current_outcome().unwrap();
    assert_eq!(second.settings.gamma.dissimilarity.alpha, 3.0);
    assert_ne!(second.result.gamma, first);
    assert!(!h.state().state.outcome_is_stale);
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
    h.get_by_label("Open 2 file(s)");
    let names = h.get_all_by_role(egui::accesskit::Role::TextInput).count() - fields_before;
    assert_eq!(names, 2, "one name per annotator file");
    h.get_by_label("Open these files").click();
    h.run_steps(2);
    open(&mut h);
    let state = &h.state().state;
    assert_eq!(state.documents.len(), 1);
    let names: Vec<&str> = state.documents[0]
        .continuum()
        .annotators
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["p1_pos_A", "p1_pos_B"], "the CorA pair is open");
    assert!(
        state
            .errors
            .iter()
            .any(|e| e.contains("does-not-exist.csv: cannot read")),
        "{:?}",
        state.errors
    );
    h.get_by_label_contains("does-not-exist.csv: cannot read");
}

#[test]
fn adjudicating_the_demo_with_keys_undo_redo_and_export() {
    use gamma_studio::gold::{Choice, Decision, Direction, Filter};
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
            &adjudicating.order(true),
            None,
            Direction::Next,
            &filter,
        )
    }
    .expect("the demo has disagreements");
    h.key_press(egui::Key::N);
    h.run_steps(2);
    assert_eq!(h.state().state.selected_alignment, Some(expected));
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
    let saved = gamma_studio::gold::session::Session::load(&session_path).unwrap();
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
            h.state().state.errors
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
fn an_autosaved_adjudication_is_offered_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let launch = Launch {
        data_folder: Some(dir.path().to_path_buf()),
        ..Launch::default()
    };
    let mut h = harness(app(launch.clone(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    assert!(h.state().state.resume_offer.is_none());
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

    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    assert!(
        h.state().state.adjudicating().is_none(),
        "never resumed unasked"
    );
    h.get_by_label_contains(&format!("(decided {decided} of"));
    h.get_by_label("Resume").click();
    h.run_steps(2);
    let resumed = h.state().state.adjudicating().expect("resumed");
    assert_eq!(resumed.adjudication().progress().decided, decided);
    assert_eq!(
        resumed.adjudication().undo_label(),
        Some(format!("decide the unanimous alignments ({decided})").as_str())
    );
}

#[test]
fn recent_files_are_kept_in_the_data_folder_across_runs() {
    let dir = tempfile::tempdir().unwrap();
    let csv = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pygamma/h6_three_annot.csv");
    let state = |folder: Option<std::path::PathBuf>| {
        super::state::AppState::new(Arc::new(|| {})).with_data_folder(folder)
    };
    let mut first = state(Some(dir.path().to_path_buf()));
    first.open_files(std::slice::from_ref(&csv), &Default::default());
    assert_eq!(first.recent_files, vec![vec![csv.clone()]]);
    let second = state(Some(dir.path().to_path_buf()));
    assert_eq!(second.recent_files, vec![vec![csv]], "read back at start");
    assert!(state(None).recent_files.is_empty());
}

#[test]
fn text_gamma_mode_measures_a_cora_pair_and_lists_its_alignment() {
    use gamma_studio::textgamma::{AlignmentOptions, annotations_of, observed};
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
        app.state.status == Status::Done && app.state.current_text_outcome().is_some()
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
    assert_eq!(state.shown_alignment_count(), 11);
    // "vander" of B alone: its slot points at B's unit with that text.
    let continuum = state.document().unwrap().continuum();
    let vander = (0..11)
        .filter_map(|i| state.shown_alignment(i))
        .find(|(slots, _)| {
            slots[0].is_none()
                && slots[1].is_some_and(|u| {
                    continuum
                        .covered_text(1, &continuum.annotators[1].units[u])
                        .as_deref()
                        == Some("vander")
                })
        });
    assert!(vander.is_some_and(|(_, d)| d == 1.0));
    h.get_by_label(&format!("tγ = {:.4}", result.tgamma));
    h.get_all_by_label_contains("δ 1.000")
        .next()
        .expect("the list");
}

#[test]
fn the_bundled_demos_open_and_the_glozz_demo_matches_the_csv_one() {
    use super::demo::Demo;
    let glozz = Demo::NamedEntities.documents().unwrap().remove(0);
    let csv_path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/demo/named-entities.csv");
    let (mut csv, _) = gamma_studio::io::read_documents(&[csv_path], &Default::default()).unwrap();
    let csv = csv.remove(0).continuum;
    assert_eq!(glozz.continuum.text, csv.text, "the .ac is the .txt");
    assert_eq!(glozz.continuum.annotators.len(), 3);
    for (g, c) in glozz.continuum.annotators.iter().zip(&csv.annotators) {
        assert_eq!(g.name, c.name);
        let spans = |units: &[gamma_studio::Unit]| {
            units
                .iter()
                .map(|u| (u.start, u.end, u.category.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(spans(&g.units), spans(&c.units), "{}", g.name);
    }
    assert!(matches!(
        glozz.source,
        gamma_studio::io::Source::Glozz { model: Some(_), .. }
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
        app.state.status == Status::Done && app.state.current_text_outcome().is_some()
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
    let icon = super::window_icon().expect("the bundled PNG is RGBA");
    assert_eq!((icon.width, icon.height), (256, 256));
    assert_eq!(icon.rgba.len(), 256 * 256 * 4);
    // Transparent corners (rounded square), opaque centre.
    assert_eq!(icon.rgba[3], 0);
    assert_eq!(icon.rgba[(128 * 256 + 128) * 4 + 3], 255);
}

#[test]
fn the_shuffling_tool_sweeps_in_the_background_plots_and_exports_the_curves() {
    use gamma_studio::shuffle::{self, ErrorKind, ReferenceModel};
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("curves.csv");
    let dialog = ScriptedDialog {
        answers: vec![Some(vec![csv.clone()])].into(),
        asked: Vec::new(),
    };
    let mut h = harness(app(Launch::default(), dialog));
    step_until(&mut h, has_result);
    h.get_by_label("Shuffling tool").click();
    h.step();
    assert_eq!(h.state().state.mode, super::state::Mode::Shuffling);
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
        super::shuffling::ReferenceChoice::Annotator(1);
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
    use gamma_studio::shuffle::{self, ErrorKind, SweepOptions};
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
