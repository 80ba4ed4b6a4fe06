//! The campaign dashboard on a generated folder of CSV documents: the folder opens as a corpus
//! (File → Open folder…, and at launch), every row's γ is the document's own γ, the table sorts
//! by a clicked column, and a row opens its document.

use super::{app, harness, precision, step_until};
use crate::app::campaign::dashboard_panel;
use crate::app::files::dialog::ScriptedDialog;
use crate::app::shell::Mode;
use crate::app::{GammaStudioApp, Launch};
use eframe::egui;
use egui_kittest::kittest::Queryable;
use gamma_core::Corpus;
use std::path::Path;

/// Three documents, two annotators each: `agreed` (identical), `shifted` (every unit moved a
/// little), `scattered` (units far apart and of other categories); `scattered` has the most
/// units.
fn write_corpus(folder: &Path) {
    let header = "annotator,category,start,end\n";
    let agreed = "a,x,0,10\na,y,20,30\na,x,40,50\nb,x,0,10\nb,y,20,30\nb,x,40,50\n";
    let shifted = "a,x,0,10\na,y,20,30\na,x,40,50\nb,x,2,12\nb,y,23,31\nb,x,41,52\n";
    let scattered = "a,x,0,10\na,y,20,30\na,x,40,50\na,y,60,64\n\
                     b,y,5,8\nb,x,33,38\nb,y,52,70\nb,x,80,90\n";
    for (name, body) in [
        ("agreed", agreed),
        ("shifted", shifted),
        ("scattered", scattered),
    ] {
        std::fs::write(
            folder.join(format!("{name}.csv")),
            format!("{header}{body}"),
        )
        .unwrap();
    }
}

fn dashboard_done(app: &GammaStudioApp) -> bool {
    let dashboard = &app.state.campaign.dashboard;
    !dashboard.is_running()
        && dashboard.pairwise.is_some()
        && dashboard.rows.len() == app.state.documents.open.len()
        && dashboard.rows.iter().all(Option::is_some)
}

fn name_of(app: &GammaStudioApp, index: usize) -> String {
    app.state.documents.open[index].continuum().name.clone()
}

#[test]
fn a_folder_opens_as_a_corpus_from_the_file_menu() {
    let folder = tempfile::tempdir().unwrap();
    write_corpus(folder.path());
    let mut dialog = ScriptedDialog::default();
    dialog
        .answers
        .push_back(Some(vec![folder.path().to_path_buf()]));
    let mut h = harness(app(Launch::default(), dialog));
    h.step();
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Open folder…").click();
    h.run_steps(2);
    let state = &h.state().state;
    let mut names: Vec<String> = (0..3).map(|i| name_of(h.state(), i)).collect();
    names.sort();
    assert_eq!(names, ["agreed", "scattered", "shifted"]);
    assert_eq!(
        state.shell.mode,
        Mode::Dashboard,
        "a corpus opens on its dashboard"
    );
    assert!(
        (state.shell.messages.iter()).any(|m| m.contains("3 documents (one file per document")),
        "Messages says the layout: {:?}",
        state.shell.messages
    );
}

#[test]
fn the_dashboard_measures_each_document_sorts_by_a_column_and_opens_a_row() {
    let folder = tempfile::tempdir().unwrap();
    write_corpus(folder.path());
    let launch = Launch {
        files: vec![folder.path().to_path_buf()],
        ..Launch::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    h.state_mut().state.measure.settings.gamma.samples = precision(0.02);
    h.state_mut().state.settings_changed();
    step_until(&mut h, dashboard_done);
    assert_eq!(h.state().state.shell.mode, Mode::Dashboard);

    // Each row is the document measured alone, with the same options.
    let options = h.state().state.measure.settings.gamma_options();
    let mut alone = Vec::new();
    for (i, document) in h.state().state.documents.open.iter().enumerate() {
        let expected = gamma_core::gamma(document.continuum(), &options, Default::default())
            .unwrap()
            .gamma;
        let row = h.state().state.campaign.dashboard.rows[i]
            .clone()
            .unwrap()
            .unwrap();
        assert_eq!(row.gamma, expected, "document {i}");
        alone.push(expected);
    }
    let agreed = (0..3).find(|&i| name_of(h.state(), i) == "agreed").unwrap();
    assert_eq!(alone[agreed], 1.0, "identical annotations");
    // The corpus γ equals the core's on the same corpus.
    let corpus = Corpus::new(
        (h.state().state.documents.open.iter())
            .map(|d| d.continuum().clone())
            .collect(),
    );
    let pooled = gamma_core::corpus_gamma(
        &corpus,
        &gamma_core::GammaOptions {
            categorical_gammas: true,
            ..options.clone()
        },
        Default::default(),
    )
    .unwrap();
    let shown = h
        .state()
        .state
        .campaign
        .dashboard
        .corpus
        .clone()
        .unwrap()
        .unwrap();
    assert_eq!(shown.gamma, pooled.gamma);
    // γ-k of each category over the corpus, from the same run.
    let gamma_k = pooled.gamma_k.unwrap();
    assert_eq!(gamma_k.keys().collect::<Vec<_>>(), ["x", "y"]);
    assert_eq!(shown.gamma_k, gamma_k);
    h.get_by_label(&format!("{:.3}", gamma_k["x"]));

    // Worst γ first by default.
    let order = dashboard_panel::order(&h.state().state);
    let gammas: Vec<f64> = order.iter().map(|&i| alone[i]).collect();
    assert!(gammas.windows(2).all(|w| w[0] <= w[1]), "{gammas:?}");
    assert_eq!(*order.last().unwrap(), agreed);

    // Units: 6, 6, 8 — the scattered document last, then first on a second click.
    h.get_by_label("Units").click();
    h.run_steps(2);
    let order = dashboard_panel::order(&h.state().state);
    assert_eq!(name_of(h.state(), order[2]), "scattered");
    h.get_by_label("Units ▲").click();
    h.run_steps(2);
    let order = dashboard_panel::order(&h.state().state);
    assert_eq!(name_of(h.state(), order[0]), "scattered");

    // A row opens its document.
    h.get_by_label("shifted").click();
    h.run_steps(2);
    let state = &h.state().state;
    assert_eq!(state.shell.mode, Mode::Annotations);
    assert_eq!(state.document().unwrap().continuum().name, "shifted");
}

#[test]
fn without_a_system_dialog_the_in_app_browser_picks_the_folder() {
    let folder = tempfile::tempdir().unwrap();
    write_corpus(folder.path());
    let dialog = ScriptedDialog {
        missing: true,
        ..ScriptedDialog::default()
    };
    let mut h = harness(app(Launch::default(), dialog));
    h.step();
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Open folder…").click();
    h.run_steps(2);
    let field = || egui::accesskit::Role::TextInput;
    h.get_by_role_and_label(field(), "Chosen folder").focus();
    h.run_steps(1);
    h.get_by_role_and_label(field(), "Chosen folder")
        .type_text(&folder.path().display().to_string());
    h.run_steps(2);
    h.get_by_label("Choose this folder").click();
    h.run_steps(3);
    let state = &h.state().state;
    assert_eq!(state.documents.open.len(), 3, "{:?}", state.shell.messages);
    assert_eq!(state.shell.mode, Mode::Dashboard);
}
