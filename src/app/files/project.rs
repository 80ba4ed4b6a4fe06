//! The project file: a campaign saved as one JSON file a person can read — the inputs (their
//! paths relative to the project file, so that the folder can be moved or shared), how they were
//! read, the settings, the view, the categories' colours, and every document's adjudication
//! (matched back to its document by the key of its content, so the files may be reordered or
//! renamed). Saved with
//! File → Save project as…, autosaved after every change from then on, reopened with File →
//! Open project… or `gamma-studio open PROJECT.json`.

use super::OpenedInputs;
use crate::app::AppState;
use crate::app::adjudication::adjudicating::{Adjudicating, autosaved_session};
use crate::app::errors::AppError;
use crate::app::shell::Mode;
use gamma_core::GammaOptions;
use gamma_core::gold::Adjudication;
use gamma_formats::FileError;
use gamma_formats::session::{Session, autosave_path, content_key};
use gamma_formats::stored_options::{StoredOptions, StoredPath};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

pub use gamma_formats::project::{PROJECT_EXTENSION, is_project};
use gamma_formats::project::{PROJECT_FORMAT, PROJECT_VERSION, ProjectReading, StoredInputs};

/// One document and its adjudication, if it has one.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct ProjectDocument {
    name: String,
    /// [`content_key`] of its annotations: the adjudication goes back to the document with
    /// these annotations, whatever its place or file names.
    content_key: String,
    adjudication: Option<Adjudication>,
}

/// The project file's content.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct ProjectFile {
    format: String,
    version: u32,
    saved_at: String,
    inputs: StoredInputs,
    reading: StoredOptions,
    settings: GammaOptions,
    excluded_categories: BTreeSet<String>,
    /// "annotations", "dashboard" or "shuffling".
    view: String,
    /// The document shown, by name.
    shown: Option<String>,
    documents: Vec<ProjectDocument>,
    /// The colour (palette slot) of each category of the documents: the same in every session
    /// that opens the project, whatever was opened before.
    #[serde(default)]
    category_colours: BTreeMap<String, usize>,
    /// The campaign's reasons for decisions (projects without it: the default list); read by
    /// every front end through [`gamma_formats::project::read_project`].
    #[serde(default)]
    reasons: gamma_core::gold::ReasonList,
}

/// The project at `path` as every front end reads it, and what only the app keeps (read in the
/// open job).
pub(crate) fn read_project_file(path: &Path) -> Result<(ProjectReading, ProjectFile), AppError> {
    let reading = gamma_formats::project::read_project(path)?;
    let bytes = gamma_formats::read_bytes(path)?;
    let project: ProjectFile = serde_json::from_slice(&bytes)
        .map_err(|e| FileError::new(path, None, format!("not a Gamma Studio project: {e}")))?;
    Ok((reading, project))
}

/// `path` relative to `folder` when both are on one root (`../data/a.aa`), else as it is.
pub(crate) fn relative_to(folder: &Path, path: &Path) -> PathBuf {
    let (Ok(folder), Ok(path)) = (folder.canonicalize(), path.canonicalize()) else {
        return path.to_path_buf();
    };
    let (from, to): (Vec<Component>, Vec<Component>) =
        (folder.components().collect(), path.components().collect());
    if from.first() != to.first() {
        return path;
    }
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut relative = PathBuf::new();
    for _ in common..from.len() {
        relative.push("..");
    }
    for component in &to[common..] {
        relative.push(component);
    }
    relative
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Annotations => "annotations",
        Mode::Dashboard => "dashboard",
        Mode::Shuffling => "shuffling",
        Mode::Coding => "annotations",
    }
}

impl AppState {
    /// The project of what is open, for a file in `folder`.
    fn project_file(&self, folder: &Path) -> Option<ProjectFile> {
        let stored = |path: &Path| StoredPath::of(&relative_to(folder, path));
        let inputs = match self.files.opened.as_ref()? {
            OpenedInputs::Files(files) => {
                StoredInputs::Files(files.iter().map(|f| stored(f)).collect())
            }
            OpenedInputs::Folder(corpus) => StoredInputs::Folder(stored(corpus)),
        };
        // Every document's adjudication: the one open, else the one autosaved in the data
        // folder (a project never forgets what the data folder holds).
        let excluded = &self.measure.settings.excluded_categories;
        let saved = |d: &crate::app::document::open_document::OpenDocument| {
            let folder = self.files.data_folder.as_deref()?;
            let offer = autosaved_session(folder, d.continuum(), excluded, d.id).ok()??;
            Some(offer.session.adjudication)
        };
        let documents = (self.documents.open.iter())
            .map(|d| ProjectDocument {
                name: d.continuum().name.clone(),
                content_key: content_key(d.continuum()),
                adjudication: (self.adjudication.by_document.get(&d.id))
                    .map(|a| a.adjudication().clone())
                    .or_else(|| saved(d)),
            })
            .collect();
        Some(ProjectFile {
            format: PROJECT_FORMAT.to_string(),
            version: PROJECT_VERSION,
            saved_at: gamma_core::gold::now(),
            inputs,
            reading: StoredOptions::of(&self.files.read_options),
            settings: self.measure.settings.gamma_options(),
            excluded_categories: self.measure.settings.excluded_categories.clone(),
            view: mode_name(self.shell.mode).to_string(),
            shown: self.document().map(|d| d.continuum().name.clone()),
            documents,
            category_colours: self.documents.category_colours.slots_of(
                (self.documents.open.iter())
                    .flat_map(|d| d.category_counts.iter().map(|(c, _)| c.as_str())),
            ),
            reasons: self.adjudication.reasons.list.clone(),
        })
    }

    /// Saves the project at `path` (atomically) and autosaves there from then on.
    pub fn save_project(&mut self, path: &Path) -> Result<(), AppError> {
        if self.shell.mode == Mode::Coding || self.files.opened.is_none() && self.coding.is_open() {
            return self.save_coding_project(path);
        }
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let project = self.project_file(&folder).ok_or(AppError::NothingToSave)?;
        let inputs: Vec<PathBuf> = (self.documents.open.iter())
            .flat_map(|d| d.document.source.paths())
            .collect();
        if gamma_formats::gold_export::is_input(path, &inputs) {
            return Err(AppError::ProjectOverInput(path.to_path_buf()));
        }
        let json = serde_json::to_vec_pretty(&project).expect("a project always encodes");
        gamma_formats::write_atomically(path, &json)?;
        if self.files.project_path.as_deref() != Some(path)
            && let Err(e) = self.files.recent.add_project(path)
        {
            self.shell.messages.error(e);
        }
        self.files.project_path = Some(path.to_path_buf());
        self.files.project_saved = self.project_signature();
        Ok(())
    }

    /// File → Save project as…: saves it and says so.
    pub(crate) fn save_project_and_say(&mut self, path: &Path) {
        match self.save_project(path) {
            Ok(()) => (self.shell.messages).done(format!(
                "project saved (and autosaved from now on): {}",
                path.display()
            )),
            Err(e) => (self.shell.messages).error(format!("the project was not saved: {e}")),
        }
    }

    /// What the autosave compares, every frame: each adjudication's progress, history depth
    /// and last steps (counters and labels only, nothing sorted or encoded).
    pub(crate) fn project_signature(&self) -> String {
        let mut signature = format!(
            "{:?}|{:?}|{:?}",
            self.shell.mode,
            self.documents.current,
            self.adjudication.reasons.list.reasons()
        );
        for (id, adjudicating) in &self.adjudication.by_document {
            let a = adjudicating.adjudication();
            signature.push_str(&format!(
                "|{id:?}:{:?}:{}:{:?}:{:?}",
                a.progress(),
                adjudicating.depth,
                a.undo_label(),
                a.redo_label()
            ));
        }
        signature
    }

    /// Saves the project again when something changed since it was last saved.
    pub fn autosave_project(&mut self) {
        self.autosave_coding_project();
        let Some(path) = self.files.project_path.clone() else {
            return;
        };
        if self.project_signature() == self.files.project_saved {
            return;
        }
        if let Err(e) = self.save_project(&path) {
            (self.shell.messages).error(format!("the project was not saved: {e}"));
            self.files.project_path = None;
        }
    }

    /// A project read by the open job, before its inputs are shown: its settings and colours.
    pub(crate) fn adopt_project_settings(
        &mut self,
        reading: &ProjectReading,
        project: &ProjectFile,
    ) {
        // The settings as every front end reads them; then what only the app keeps.
        self.measure.settings.gamma = reading.settings.clone();
        self.measure.settings.excluded_categories = reading.excluded_categories.clone();
        (self.documents.category_colours).adopt(&project.category_colours);
        self.adjudication.reasons.list = reading.reasons.clone();
        self.adjudication.reasons.for_rules = None;
    }

    /// A project read by the open job, once its inputs are shown: every adjudication whose
    /// document still has the same annotations, the view, the document shown.
    pub(crate) fn restore_project_view(&mut self, path: &Path, project: &ProjectFile) {
        self.restore_adjudications(path, &project.documents);
        self.shell.mode = match project.view.as_str() {
            "dashboard" => Mode::Dashboard,
            "shuffling" => Mode::Shuffling,
            _ => Mode::Annotations,
        };
        if let Some(index) = (project.shown.as_ref())
            .and_then(|name| (self.documents.open.iter()).position(|d| &d.continuum().name == name))
            && index != self.documents.current
        {
            self.select_document(index);
        }
    }

    /// Every saved adjudication back on the open document with the same annotations (its
    /// annotators in the order they are open in); those whose document changed are said.
    fn restore_adjudications(&mut self, path: &Path, saved: &[ProjectDocument]) {
        let mut restored = 0;
        for document in saved {
            let Some(adjudication) = &document.adjudication else {
                continue;
            };
            let Some(open) = (self.documents.open.iter())
                .find(|d| content_key(d.continuum()) == document.content_key)
            else {
                self.shell.messages.warning(format!(
                    "{}: its annotations changed since the project was saved; its adjudication \
                     stays in the project file, not restored",
                    document.name
                ));
                continue;
            };
            // A project file may be edited by hand or damaged: its adjudication is checked
            // as a session's is, and must be of the document it is filed under.
            let mut adjudication = adjudication.clone();
            adjudication.restore_relation_proposals();
            let damage = match adjudication.validate() {
                Err(e) => Some(format!("damaged adjudication: {e}")),
                Ok(()) if content_key(adjudication.continuum()) != document.content_key => {
                    Some(format!(
                        "its adjudication is of another document ({:?})",
                        adjudication.continuum().name
                    ))
                }
                Ok(()) => None,
            };
            let names = open.continuum().annotator_names();
            let reordered = adjudication.in_annotator_order(&names);
            let (None, Some(adjudication)) = (&damage, reordered) else {
                self.shell.messages.error(format!(
                    "{}: {}: {}; not restored",
                    path.display(),
                    document.name,
                    damage
                        .as_deref()
                        .unwrap_or("its annotators are not the document's")
                ));
                continue;
            };
            // Kept where the data folder's sessions are found: by what was measured.
            let save_path = (self.files.data_folder.as_deref())
                .map(|folder| autosave_path(folder, adjudication.continuum()));
            let session = Session::new(
                open.document.source.paths(),
                self.measure.settings.gamma_options(),
                adjudication,
            );
            let id = open.id;
            self.adjudication.by_document.insert(
                id,
                Adjudicating::new(session, id, open.continuum(), save_path),
            );
            restored += 1;
        }
        if restored > 0 {
            self.shell.messages.info(format!(
                "project: {} restored",
                crate::wording::plural(restored, "adjudication", "adjudications")
            ));
        }
    }
}
