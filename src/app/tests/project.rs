//! The project file: a corpus, its settings, view and every adjudication saved in one file,
//! autosaved after every change, reopened — even after the whole folder was moved.

use super::{app, harness, has_result, step_until};
use crate::app::commands::Command;
use crate::app::files::dialog::ScriptedDialog;
use crate::app::shell::Mode;
use crate::app::{GammaStudioApp, Launch};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};

const DOCUMENTS: [(&str, &str); 2] = [
    (
        "d1",
        "a,x,0,10\na,y,20,30\na,x,40,50\nb,x,0,10\nb,y,20,30\nb,x,42,55\n",
    ),
    ("d2", "a,x,0,10\na,y,20,30\nb,x,0,10\nb,y,24,33\n"),
];

fn decided(app: &GammaStudioApp) -> Vec<Option<usize>> {
    (app.state.documents.open.iter())
        .map(|d| {
            (app.state.adjudication.by_document.get(&d.id))
                .map(|a| a.adjudication().progress().decided)
        })
        .collect()
}

pub(super) fn opened(launch: Launch) -> Harness<'static, GammaStudioApp> {
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, |app| {
        app.state.documents.open.len() == 2
            && app
                .state
                .campaign
                .dashboard
                .rows
                .iter()
                .all(Option::is_some)
    });
    h
}

/// The campaign folder under `root` (a corpus of [`DOCUMENTS`]) opened, both documents
/// adjudicated (the unanimous alignments decided) and saved to `campaign/projects/stac.json`.
pub(super) fn adjudicated_and_saved(root: &Path) -> (Harness<'static, GammaStudioApp>, PathBuf) {
    let campaign = root.join("campaign");
    let corpus = campaign.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    for (name, rows) in DOCUMENTS {
        let body = format!("annotator,category,start,end\n{rows}");
        std::fs::write(corpus.join(format!("{name}.csv")), body).unwrap();
    }
    let project = campaign.join("projects/stac.json");
    std::fs::create_dir_all(project.parent().unwrap()).unwrap();

    let mut h = opened(Launch {
        files: vec![corpus],
        ..Launch::default()
    });
    let first = h.state().state.documents.open[0].id;
    h.state_mut().state.apply(Command::OpenDocument(first));
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    // Below the fold of the adjudication's scrolled part: clicked through AccessKit.
    h.get_by_label("Decide every unanimous alignment")
        .click_accesskit();
    h.run_steps(2);
    assert_eq!(decided(h.state()), [Some(2), Some(1)]);
    h.state_mut().state.save_project(&project).unwrap();
    (h, project)
}

#[test]
fn a_hostile_project_is_said_by_file_and_document_never_a_panic() {
    let root = tempfile::tempdir().unwrap();
    let (h, project) = adjudicated_and_saved(root.path());
    drop(h);
    let mut json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&project).unwrap()).unwrap();
    // d1's adjudication names a unit annotator a does not have (it panicked the alignments
    // panel); d2 is given d1's adjudication (another document's, restored silently before).
    let d1 = json["documents"][0]["adjudication"].clone();
    json["documents"][0]["adjudication"]["proposals"][0]["slots"][0] = 99.into();
    json["documents"][1]["adjudication"] = d1;
    std::fs::write(&project, serde_json::to_vec(&json).unwrap()).unwrap();

    let mut h = opened(Launch {
        files: vec![project.clone()],
        ..Launch::default()
    });
    h.run_steps(2);
    assert_eq!(decided(h.state()), [None, None], "neither restored");
    let shown = project.display();
    h.get_by_label_contains(&format!(
        "{shown}: d1: damaged adjudication: alignment 1: annotator 0 has no unit 99; not restored"
    ));
    h.get_by_label_contains(&format!(
        "{shown}: d2: its adjudication is of another document (\"d1\"); not restored"
    ));
    // The documents can still be adjudicated afresh.
    let first = h.state().state.documents.open[0].id;
    h.state_mut().state.apply(Command::OpenDocument(first));
    step_until(&mut h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    assert_eq!(decided(h.state())[0], Some(0));
}

#[test]
fn a_project_saves_the_campaign_and_reopens_it_after_the_folder_moved() {
    let root = tempfile::tempdir().unwrap();
    let campaign = root.path().join("campaign");
    let (mut h, project) = adjudicated_and_saved(root.path());

    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&project).unwrap()).unwrap();
    assert_eq!(json["format"], "gamma-studio project");
    assert_eq!(
        json["inputs"]["folder"], "../corpus",
        "relative to the project file"
    );
    assert_eq!(json["shown"], "d1");
    assert_eq!(json["documents"].as_array().unwrap().len(), 2);

    // A decision after the save: autosaved into the project.
    let open = {
        let adjudication = h.state().state.adjudicating().unwrap().adjudication();
        (0..adjudication.proposals().len())
            .find(|&i| adjudication.decision(i).unwrap().is_open())
            .unwrap()
    };
    h.state_mut()
        .state
        .adjudicate(|a| a.reject(open).map(|()| "rejected".to_string()));
    h.run_steps(2);
    assert_eq!(decided(h.state()), [Some(3), Some(1)]);
    drop(h);

    // The whole campaign folder moved elsewhere: the project still finds its corpus.
    let moved = root.path().join("moved");
    std::fs::rename(&campaign, &moved).unwrap();
    let project = moved.join("projects/stac.json");
    let mut h = opened(Launch {
        files: vec![project.clone()],
        ..Launch::default()
    });
    assert_eq!(decided(h.state()), [Some(3), Some(1)]);
    assert_eq!(h.state().state.document().unwrap().continuum().name, "d1");
    assert_eq!(h.state().state.shell.mode, Mode::Annotations);
    assert_eq!(
        h.state().state.files.project_path.as_deref(),
        Some(project.as_path())
    );
    h.get_by_label_contains("project: 2 adjudications restored");
    // One undo takes back the rejection restored with its history.
    h.state_mut().state.apply(Command::Undo);
    h.run_steps(2);
    assert_eq!(decided(h.state()), [Some(2), Some(1)]);
    let saved: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&project).unwrap()).unwrap();
    let decisions = saved["documents"][0]["adjudication"]["decisions"]
        .as_array()
        .unwrap();
    let saved_decided = decisions
        .iter()
        .filter(|d| d["status"] == "decided")
        .count();
    assert_eq!(saved_decided, 2, "autosaved after the undo");
    assert!(Path::new(&project).is_file());
}
