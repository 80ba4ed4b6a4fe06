//! Coding studies in the app: a wide CSV opened through File → Open (the open dialog's shape
//! choice), Krippendorff's α and its two intervals as the core computes them (α = 0.743, the
//! published value), three items decided by keys, undo, the autosaved session, the gold table
//! exported; a folder of tables as a dashboard whose rows are each table's own figures (a
//! hand-computed κ and π, Fleiss's 1971 π), a study opened from it, N across tables, and the
//! project saved and reopened.

use super::{app, harness, step_until};
use crate::app::files::dialog::ScriptedDialog;
use crate::app::shell::Mode;
use crate::app::{GammaStudioApp, Launch};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gamma_core::bootstrap::BootstrapOptions;
use gamma_core::coding::intervals::{IntervalOptions, bootstrap_interval, measure};
use gamma_core::coding::{CodingStudy, CoefficientChoice};
use std::path::{Path, PathBuf};

/// A fixture of `tests/fixtures/coding`.
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/coding")
        .join(name)
}

/// The study as the core reads it.
fn read(path: &Path) -> CodingStudy {
    let options = gamma_formats::coding_table::CodingReadOptions::default();
    gamma_formats::coding_table::read_coding_study(&[path.to_path_buf()], &options)
        .unwrap()
        .0
}

fn click_menu(h: &mut Harness<'static, GammaStudioApp>, entry: &str) {
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label(entry).click();
    h.run_steps(2);
}

/// Whether the study shown has its coefficients and every bootstrap interval.
fn measured(app: &GammaStudioApp) -> bool {
    let coding = &app.state.coding;
    let Some(study) = coding.shown() else {
        return false;
    };
    let agreement = &coding.agreement;
    agreement.results_of(&study.fingerprint).is_some()
        && (agreement.drawn_of(&study.fingerprint))
            .is_some_and(|d| d.intervals.iter().all(Option::is_some))
        && !app.state.coding_is_running()
}

#[test]
fn a_wide_csv_is_measured_adjudicated_by_keys_and_its_gold_exported() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("study")).unwrap();
    let table = dir.path().join("study").join("ratings.csv");
    std::fs::copy(fixture("krippendorff2011.csv"), &table).unwrap();
    let gold = dir.path().join("ratings-gold.csv");
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![table.clone()]));
    dialog.answers.push_back(Some(vec![gold.clone()]));
    let data = dir.path().join("data");
    let launch = Launch {
        data_folder: Some(data.clone()),
        ..Launch::default()
    };
    let mut h = harness(app(launch, dialog));
    h.step();
    click_menu(&mut h, "Open…");
    // A ratings CSV is not a span CSV: the coding table's dialog, its shape detected.
    h.get_by_label("Open a coding table");
    h.get_by_label("Wide table (a row per item, a column per coder)");
    h.get_by_label("detect it from the header");
    h.get_by_label("Open this table").click();
    step_until(&mut h, measured);
    assert_eq!(h.state().state.shell.mode, Mode::Coding);

    // α as the core computes it, and as Krippendorff published it.
    let study = read(&table);
    let alpha = CoefficientChoice::parse("alpha", None).unwrap();
    let expected = measure(&study, &alpha, &IntervalOptions::default()).unwrap();
    assert!(
        (expected.value.value - 0.743).abs() < 5e-4,
        "{:?}",
        expected.value
    );
    h.get_by_label("Krippendorff's α");
    h.get_all_by_label(&format!("{:.4}", expected.value.value))
        .next()
        .expect("α's value is shown");
    let span = crate::app::coding::agreement_panel::span;
    let analytic = expected.analytic.unwrap();
    h.get_all_by_label(&span(&analytic))
        .next()
        .expect("its analytic interval");
    let options = BootstrapOptions {
        replicates: 1000,
        level: 0.95,
        seed: 1,
    };
    let drawn = bootstrap_interval(&study, &alpha, &options).unwrap();
    h.get_all_by_label(&span(&drawn))
        .next()
        .expect("its bootstrap interval, as the core draws it with seed 1");
    h.get_by_label("95 % confidence intervals; bootstrap: 1000 draws over the items, seed 1");
    h.get_all_by_label("analytic CI").next().expect("named");
    h.get_all_by_label("bootstrap CI").next().expect("named");

    // Three items decided by keys: the disagreements, the most divided first (unit 6: 1 2 3 4,
    // then units 2 and 8, three of four agreeing).
    h.key_press(egui::Key::N);
    h.run_steps(2);
    assert_eq!(h.state().state.coding.shown().unwrap().selected, Some(5));
    h.key_press(egui::Key::Num2); // B's label: 2
    h.run_steps(2);
    assert_eq!(
        h.state().state.coding.shown().unwrap().selected,
        Some(1),
        "advanced"
    );
    h.key_press(egui::Key::A); // the majority's label: 2
    h.run_steps(2);
    h.key_press(egui::Key::Num3); // C's label of unit 8: 2
    h.run_steps(2);
    {
        let study = h.state().state.coding.shown().unwrap();
        let gold: Vec<(&str, Option<&str>)> = study.adjudication.gold();
        assert_eq!(gold[5], ("6", Some("2")));
        assert_eq!(gold[1], ("2", Some("2")));
        assert_eq!(gold[7], ("8", Some("2")));
        assert_eq!(study.adjudication.progress().decided, 3);
    }
    h.get_by_label("no open disagreement left");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    let session_path = {
        let study = h.state().state.coding.shown().unwrap();
        assert_eq!(study.adjudication.decision(7), None, "undone");
        assert_eq!(study.selected, Some(7), "the item undone is selected");
        study.save_path.clone().unwrap()
    };
    assert!(session_path.starts_with(data.join("coding-sessions")));
    let saved = gamma_formats::coding_table::write::read_session(&session_path).unwrap();
    assert_eq!(saved.decisions.len(), 2, "autosaved after the undo");

    // The gold table: suggested beside the study's folder, never inside it.
    assert_eq!(h.state().state.coding_output("ratings-gold.csv"), gold);
    h.get_by_label("Export the gold table…").click();
    step_until(&mut h, |app| {
        !app.state.coding_is_running() && gold.is_file()
    });
    assert_eq!(
        std::fs::read_to_string(&gold).unwrap(),
        "item,gold\n1,\n2,2\n3,\n4,\n5,\n6,2\n7,\n8,\n9,\n10,\n11,\n12,\n"
    );

    // The same table opened again (at launch) resumes its session.
    let launch = Launch {
        files: vec![table.clone()],
        data_folder: Some(data),
        ..Launch::default()
    };
    let mut again = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut again, measured);
    let study = again.state().state.coding.shown().unwrap();
    assert_eq!(study.adjudication.progress().decided, 2, "resumed");
}

/// A folder of three tables: Krippendorff's (wide), Fleiss's (long) and a hand-computed pair.
fn write_tables(folder: &Path) {
    std::fs::create_dir_all(folder).unwrap();
    std::fs::copy(
        fixture("krippendorff2011.csv"),
        folder.join("krippendorff.csv"),
    )
    .unwrap();
    std::fs::copy(fixture("fleiss1971.csv"), folder.join("fleiss.csv")).unwrap();
    // p_o 3/4; Cohen's chance 1/2 · 1/4 + 1/2 · 3/4 = 1/2: κ = 0.5; Scott's (3/8)² + (5/8)² =
    // 17/32: π = (3/4 − 17/32) / (15/32) = 7/15.
    std::fs::write(
        folder.join("pair.csv"),
        "item,ann,bob\n1,x,x\n2,x,y\n3,y,y\n4,y,y\n",
    )
    .unwrap();
}

fn dashboard_read(app: &GammaStudioApp) -> bool {
    let Some(dashboard) = &app.state.coding.dashboard else {
        return false;
    };
    !app.state.coding_is_running() && dashboard.rows.iter().all(|r| r.summary.is_some())
}

#[test]
fn a_folder_of_tables_is_a_coding_dashboard_and_a_project() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables");
    write_tables(&tables);
    let project = dir.path().join("coding.json");
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![tables.clone()]));
    dialog.answers.push_back(Some(vec![project.clone()]));
    let mut h = harness(app(Launch::default(), dialog));
    h.step();
    click_menu(&mut h, "Open folder…");
    step_until(&mut h, dashboard_read);
    assert_eq!(h.state().state.shell.mode, Mode::Coding);
    let lines = h.state().state.coding_lines();
    let names: Vec<&str> = lines.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["fleiss.csv", "krippendorff.csv", "pair.csv"]);
    // Each row is the table's own summary (the default coefficients: percentage, κ, π, α,
    // AC1).
    let value = |line: usize, name: &str| {
        let summary = lines[line].summary.as_ref().unwrap();
        let (_, value) = (summary.values.iter()).find(|(n, _)| n == name).unwrap();
        *value.as_ref().unwrap()
    };
    assert!((value(0, "pi") - 0.430).abs() < 5e-4, "Fleiss 1971");
    assert!(
        (value(1, "alpha") - 0.743).abs() < 5e-4,
        "Krippendorff 2011"
    );
    assert!((value(2, "kappa") - 0.5).abs() < 1e-12);
    assert!((value(2, "pi") - 7.0 / 15.0).abs() < 1e-12);
    let summary = lines[1].summary.as_ref().unwrap();
    assert_eq!(
        (summary.items, summary.coders, summary.disagreements),
        (12, 4, 3)
    );
    h.get_all_by_label("0.500").next().expect("κ of the pair");
    h.get_all_by_label("0.467").next().expect("π of the pair");
    h.get_all_by_label("0.743")
        .next()
        .expect("α of Krippendorff's table");

    // Sorted by α, lowest first.
    h.get_by_label("alpha").click();
    h.run_steps(2);
    let sorted: Vec<String> = (h.state().state.coding_lines().iter())
        .map(|l| l.name.clone())
        .collect();
    let alphas: Vec<f64> = (h.state().state.coding_lines().iter())
        .map(|l| l.value(3).unwrap())
        .collect();
    assert!(
        alphas.windows(2).all(|w| w[0] <= w[1]),
        "{sorted:?} {alphas:?}"
    );

    // A row opens its study; N goes on to the next table with an open disagreement.
    h.get_by_label("pair.csv").click();
    step_until(&mut h, measured);
    assert_eq!(h.state().state.coding.shown().unwrap().name(), "pair");
    h.key_press(egui::Key::N);
    h.run_steps(2);
    h.key_press(egui::Key::Num1); // ann's x for item 2
    h.run_steps(2);
    step_until(&mut h, measured);
    let shown = h.state().state.coding.shown().unwrap();
    assert_ne!(shown.name(), "pair", "on to the next table's disagreements");
    assert!(shown.selected.is_some());

    // The project keeps the folder and the decisions, and reopens them.
    click_menu(&mut h, "Save project as…");
    assert!(project.is_file(), "{:?}", h.state().state.shell.messages);
    let launch = Launch {
        files: vec![project.clone()],
        ..Launch::default()
    };
    let mut reopened = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut reopened, |app| {
        dashboard_read(app) && app.state.coding.project_path.is_some()
    });
    let state = &reopened.state().state;
    let pair = (state.coding.studies.iter())
        .find(|s| s.name() == "pair")
        .unwrap();
    assert_eq!(pair.adjudication.gold()[1], ("2", Some("x")));
    assert_eq!(
        state.coding.project_path.as_deref(),
        Some(project.as_path())
    );
}
