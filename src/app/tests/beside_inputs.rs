//! Where the app writes (issue 41, item 5): the save and export dialogs open beside the
//! annotators' folders, never inside them; an export that would replace an input says whose
//! annotation it holds; File → Recent keeps corpus folders and projects, and the last one can
//! reopen at start.

use super::cockpit::glozz_pair;
use super::*;
use crate::app::adjudication::adjudicating::ExportKind;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

type Asked = Arc<Mutex<Vec<(String, Option<PathBuf>)>>>;

/// The app on `input` with the data folder `data`; the dialog's log of requests.
fn opened(input: Option<&Path>, data: &Path) -> (Harness<'static, GammaStudioApp>, Asked) {
    let dialog = ScriptedDialog::default();
    let asked = Arc::clone(&dialog.opened_in);
    let launch = Launch {
        files: input.map(Path::to_path_buf).into_iter().collect(),
        data_folder: Some(data.to_path_buf()),
        ..Launch::default()
    };
    let mut h = harness(app(launch, dialog));
    step_until(&mut h, has_result);
    (h, asked)
}

#[test]
fn saves_and_exports_open_beside_the_annotators_folders_and_name_whose_file_they_replace() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("stac").join("game");
    let files = glozz_pair(&corpus);
    let (mut h, asked) = opened(Some(&corpus), &dir.path().join("data"));
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    for button in [
        "Export the gold…",
        "Export the report…",
        "Save the session as…",
    ] {
        h.get_by_label(button).scroll_to_me();
        h.run_steps(3);
        h.get_by_label(button).click();
        h.run_steps(2);
    }
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Save project as…").click();
    h.run_steps(2);
    let beside = dir.path().join("stac").canonicalize().unwrap();
    let log = asked.lock().unwrap().clone();
    assert_eq!(
        log,
        [
            "Export the gold",
            "Export the report",
            "Save the adjudication session",
            "Save the project"
        ]
        .map(|title| (title.to_string(), Some(beside.clone()))),
        "beside the corpus folder, not among the annotators' folders"
    );

    // An export over ana's file: the question says it is her annotation; Cancel keeps it.
    let before = std::fs::read(&files[0]).unwrap();
    (h.state_mut().state).export(ExportKind::Gold, files[0].clone(), false);
    h.run_steps(2);
    h.get_by_label_contains(&format!(
        "{} holds ana's annotation: it is one of the files this document was read from.",
        files[0].display()
    ));
    h.get_by_label("Replace ana's annotation");
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    assert!(h.query_by_label("Replace ana's annotation").is_none());
    assert_eq!(std::fs::read(&files[0]).unwrap(), before, "untouched");
}

#[test]
fn the_demos_gold_has_a_plain_file_name() {
    assert_eq!(
        crate::app::files::file_stem("Demo: Named entities (Glozz, 3 annotators)"),
        "Demo-Named-entities-Glozz-3-annotators"
    );
    assert_eq!(
        crate::app::files::file_stem("s2-league1_game1.v2"),
        "s2-league1_game1.v2"
    );
    assert_eq!(crate::app::files::file_stem("../.."), "document");
}

#[test]
fn recent_keeps_folders_and_projects_and_the_last_one_can_reopen_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let corpus = dir.path().join("stac").join("game");
    glozz_pair(&corpus);
    let (mut h, _) = opened(Some(&corpus), &data);
    let project = dir.path().join("stac").join("campaign.json");
    h.state_mut().state.save_project(&project).unwrap();
    drop(h);

    // Another day, the demo first: File → Recent lists the project, then the folder.
    let (mut h, asked) = opened(None, &data);
    assert!(h.state().state.files.opened.is_none(), "the demo");
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Recent").click();
    h.run_steps(2);
    h.get_by_label("project campaign.json");
    h.get_by_label("folder game").click();
    h.run_steps(2);
    step_until(&mut h, has_result);
    assert_eq!(
        h.state().state.files.opened,
        Some(crate::app::files::OpenedInputs::Folder(corpus.clone()))
    );
    // The file dialogs open beside it from now on (not in the working directory).
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Open…").click();
    h.run_steps(2);
    let beside = dir.path().join("stac").canonicalize().unwrap();
    assert_eq!(asked.lock().unwrap().last().unwrap().1, Some(beside));
    // The last one reopens at start, once asked to.
    h.state_mut().state.open_recent(1);
    step_until(&mut h, has_result);
    assert_eq!(h.state().state.files.project_path, Some(project.clone()));
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Recent").click();
    h.run_steps(2);
    h.get_by_label("Reopen the last one at start").click();
    h.run_steps(2);
    drop(h);
    let (h, _) = opened(None, &data);
    assert_eq!(h.state().state.files.project_path, Some(project));
    assert_eq!(h.state().state.document().unwrap().continuum().name, "doc");
}
