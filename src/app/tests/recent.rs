//! File → Recent: an entry opens the document exactly as it was opened, and every pick of the
//! open dialog goes through the file-dialog seam (the in-app browser when there is no system
//! dialog).

use super::*;
use egui::accesskit::Role;
use std::path::{Path, PathBuf};

/// Types `path` into the in-app browser's path field.
fn type_path(h: &mut Harness<'static, GammaStudioApp>, path: &Path) {
    h.get_by_role_and_label(Role::TextInput, "File").focus();
    h.run_steps(1);
    h.get_by_role_and_label(Role::TextInput, "File")
        .type_text(&path.display().to_string());
    h.run_steps(2);
}

/// Two annotators' copies of the demo's `.aa` in their own folders, and the text elsewhere
/// under another name (so that the open dialog cannot find it by itself).
fn glozz_layout(dir: &Path) -> (Vec<PathBuf>, PathBuf) {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/demo/glozz");
    let mut files = Vec::new();
    for annotator in ["ana", "ben"] {
        let folder = dir.join(annotator);
        std::fs::create_dir_all(&folder).unwrap();
        let aa = folder.join("doc.aa");
        std::fs::copy(demo.join(annotator).join("named-entities.aa"), &aa).unwrap();
        files.push(aa);
    }
    std::fs::create_dir_all(dir.join("texts")).unwrap();
    let text = dir.join("texts/the-text.ac");
    std::fs::copy(demo.join("named-entities.ac"), &text).unwrap();
    (files, text)
}

#[test]
fn recent_restores_reading_options() {
    let dir = tempfile::tempdir().unwrap();
    let (files, text) = glozz_layout(dir.path());
    let dialog = ScriptedDialog {
        missing: true,
        ..ScriptedDialog::default()
    };
    let launch = Launch {
        data_folder: Some(dir.path().join("data")),
        ..Launch::default()
    };
    let mut h = harness(app(launch, dialog));
    step_until(&mut h, has_result);
    // File → Open, answered by the in-app browser: the first file, then "Add files…" of the
    // open dialog (the browser again) for the second.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run_steps(3);
    type_path(&mut h, &files[0]);
    h.get_by_label("Open").click();
    h.run_steps(3);
    h.get_by_label("Open 1 file");
    h.get_by_label("Add files…").click();
    h.run_steps(3);
    type_path(&mut h, &files[1]);
    h.get_by_label("Open").click();
    h.run_steps(3);
    h.get_by_label("Open 2 files");
    // The text is not beside the files: "Choose…" goes through the browser too.
    h.get_by_label("Choose…").click();
    h.run_steps(3);
    type_path(&mut h, &text);
    h.get_by_label("Open").click();
    h.run_steps(3);
    // A type left out of the measure.
    h.get_by_role_and_label(Role::CheckBox, "LOC").click();
    h.run_steps(2);
    h.get_by_label("Open these files").click();
    step_until(&mut h, has_result);
    let categories = |app: &GammaStudioApp| app.state.document().unwrap().continuum().categories();
    let opened = h.state().state.document().unwrap().continuum().clone();
    assert_eq!(categories(h.state()), ["DATE", "ORG", "PER"], "no LOC");
    let demo_text = std::fs::read_to_string(&text).unwrap();
    assert_eq!(opened.text.as_deref(), Some(demo_text.as_str()));
    let names: Vec<&str> = opened.annotators.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["ana", "ben"]);
    // Something else, then File → Recent.
    h.state_mut()
        .open_demo(crate::app::files::demo::Demo::NamedEntities);
    step_until(&mut h, has_result);
    assert!(categories(h.state()).contains(&"LOC".to_string()));
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Recent").click();
    h.run_steps(2);
    h.get_by_label("ana, ben: doc.aa").click();
    step_until(&mut h, has_result);
    let reopened = h.state().state.document().unwrap().continuum().clone();
    assert_eq!(reopened, opened, "the same document: text, types, names");
    assert!(
        h.state().state.files.pending_open.is_none(),
        "no dialog: the options were kept"
    );
    // And across runs: a new app reads the entry back with its options.
    let recent = crate::app::files::recent::RecentFiles::in_folder(Some(dir.path().join("data")));
    let options = recent.entries[0].options.as_ref().expect("kept");
    assert_eq!(options.text.as_deref(), Some(text.as_path()));
    assert_eq!(options.glozz.include_types, ["DATE", "ORG", "PER"]);
}
