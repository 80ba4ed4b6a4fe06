//! The project of a coding study: one JSON file a person can read, as a corpus's project is —
//! the table or folder of tables (relative to the project file, so that the folder can be moved
//! or shared), how the tables are read, the coefficients and the bootstrap's settings, the
//! view, and every table's decisions (matched back to its table by the table's content, so the
//! files may be renamed). Saved with File → Save project as… while the Coding view is shown,
//! autosaved after every change from then on, reopened with File → Open project… or
//! `gamma-studio open PROJECT.json`. Its `format` names it a coding project: the readers of
//! span projects (the command line, Python) refuse it by that name.

use super::agreement::BootstrapForm;
use super::running::CodingJob;
use super::{CodingInputs, CodingView};
use crate::app::AppState;
use crate::app::errors::AppError;
use crate::app::files::project::relative_to;
use gamma_core::coding::{CodingAdjudication, CodingSession};
use gamma_formats::coding_table::{CodingReadOptions, TableShape};
use gamma_formats::project::StoredInputs;
use gamma_formats::stored_options::{StoredOptions, StoredPath};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What the `format` field of a coding project says.
pub const CODING_PROJECT_FORMAT: &str = "gamma-studio coding project";
/// The version written and read.
const VERSION: u32 = 1;

/// How the tables are read, as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredReading {
    /// The shape's name; none: detected.
    shape: Option<String>,
    missing: Vec<String>,
    sets: bool,
    missing_as: Option<String>,
    categories: Option<Vec<String>>,
    /// The reading options of annotation files (the spans shape).
    spans: StoredOptions,
}

/// A table's decisions.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredStudy {
    name: String,
    session: CodingSession,
}

/// The coding project file's content.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CodingProject {
    format: String,
    version: u32,
    saved_at: String,
    inputs: StoredInputs,
    reading: StoredReading,
    /// The coefficients (`alpha:interval`…).
    coefficients: Vec<String>,
    distance_matrix: Option<StoredPath>,
    bootstrap: (bool, usize, u64),
    /// "study" or "dashboard".
    view: String,
    /// The study shown, by name.
    shown: Option<String>,
    studies: Vec<StoredStudy>,
    /// The folder its relative paths are of.
    #[serde(skip)]
    folder: PathBuf,
    /// Where it was read from.
    #[serde(skip)]
    path: PathBuf,
}

/// Whether `path` is a coding project (a JSON file whose `format` says so).
pub fn is_coding_project(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "json")
        && gamma_formats::read_bytes(path)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<serde_json::Value>(&bytes).ok())
            .is_some_and(|v| v["format"] == CODING_PROJECT_FORMAT)
}

/// Reads the coding project at `path` (in the open job).
fn read_project(path: &Path) -> Result<CodingProject, String> {
    let bytes = gamma_formats::read_bytes(path).map_err(|e| e.to_string())?;
    let mut project: CodingProject = serde_json::from_slice(&bytes)
        .map_err(|e| format!("{}: not a coding project: {e}", path.display()))?;
    if project.format != CODING_PROJECT_FORMAT || project.version > VERSION {
        return Err(format!(
            "{}: a {:?} of version {}; this program reads {CODING_PROJECT_FORMAT:?} up to version {VERSION}",
            path.display(),
            project.format,
            project.version
        ));
    }
    project.folder = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    project.path = path.to_path_buf();
    Ok(project)
}

impl CodingProject {
    /// A stored path resolved against the project's folder.
    fn resolve(&self, stored: &StoredPath) -> Result<PathBuf, String> {
        (stored.clone().path())
            .map(|p| self.folder.join(p))
            .ok_or_else(|| "it names a path this system cannot hold".to_string())
    }

    /// The reading options it stores.
    fn reading(&self) -> Result<CodingReadOptions, String> {
        let r = &self.reading;
        let shape = match &r.shape {
            Some(name) => Some(name.parse::<TableShape>().map_err(|e| e.to_string())?),
            None => None,
        };
        let spans = (r.spans.clone().options())
            .ok_or("its reading options name a path this system cannot hold")?;
        Ok(CodingReadOptions {
            shape,
            set_separator: r.sets.then_some(gamma_core::coding::SET_SEPARATOR),
            missing: r.missing.clone(),
            missing_as: r.missing_as.clone(),
            categories: r.categories.clone(),
            spans,
        })
    }
}

/// What the project job sends: the project read.
pub type ProjectRead = (PathBuf, Result<CodingProject, String>);

impl AppState {
    /// The coding project of what the room holds, for a file in `folder`.
    fn coding_project(&self, folder: &Path) -> Option<CodingProject> {
        let stored = |path: &Path| StoredPath::of(&relative_to(folder, path));
        let inputs = match self.coding.opened.as_ref()? {
            CodingInputs::Table(paths) => {
                StoredInputs::Files(paths.iter().map(|p| stored(p)).collect())
            }
            CodingInputs::Folder(tables) => StoredInputs::Folder(stored(tables)),
        };
        let r = &self.coding.reading;
        let a = &self.coding.agreement;
        Some(CodingProject {
            format: CODING_PROJECT_FORMAT.into(),
            version: VERSION,
            saved_at: gamma_core::gold::now(),
            inputs,
            reading: StoredReading {
                shape: r.shape.map(|s| s.name().to_string()),
                missing: r.missing.clone(),
                sets: r.set_separator.is_some(),
                missing_as: r.missing_as.clone(),
                categories: r.categories.clone(),
                spans: StoredOptions::of(&r.spans),
            },
            coefficients: a.names(),
            distance_matrix: a.matrix.as_deref().map(stored),
            bootstrap: (a.bootstrap.on, a.bootstrap.replicates, a.bootstrap.seed),
            view: match self.coding.view {
                CodingView::Study => "study".into(),
                CodingView::Dashboard => "dashboard".into(),
            },
            shown: self.coding.shown().map(|s| s.name().to_string()),
            studies: (self.coding.studies.iter())
                .filter(|s| s.adjudication.progress().decided > 0 || s.adjudication.can_undo())
                .map(|s| StoredStudy {
                    name: s.name().to_string(),
                    session: s.adjudication.session(),
                })
                .collect(),
            folder: folder.to_path_buf(),
            path: PathBuf::new(),
        })
    }

    /// Saves the coding project at `path` and autosaves there from then on.
    pub fn save_coding_project(&mut self, path: &Path) -> Result<(), AppError> {
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let project = self
            .coding_project(&folder)
            .ok_or(AppError::NoCodingStudy)?;
        if gamma_formats::gold_export::is_input(path, &self.coding.inputs()) {
            return Err(AppError::ProjectOverInput(path.to_path_buf()));
        }
        let json = serde_json::to_vec_pretty(&project).expect("a project always encodes");
        gamma_formats::write_atomically(path, &json)?;
        self.coding.project_path = Some(path.to_path_buf());
        self.coding.project_saved = self.coding_project_signature();
        Ok(())
    }

    /// What the autosave compares, every frame: the view, the choices, each study's progress
    /// and next steps (counters and labels only).
    fn coding_project_signature(&self) -> String {
        let c = &self.coding;
        let mut signature = format!(
            "{:?}|{:?}|{:?}|{:?}|{:?}",
            c.view,
            c.shown,
            c.agreement.names(),
            c.agreement.bootstrap,
            c.agreement.matrix
        );
        for study in &c.studies {
            let a = &study.adjudication;
            signature.push_str(&format!(
                "|{}:{}:{:?}:{:?}",
                study.fingerprint,
                a.progress().decided,
                a.next_step_items(false),
                a.next_step_items(true)
            ));
        }
        signature
    }

    /// Saves the coding project again when something changed since.
    pub(crate) fn autosave_coding_project(&mut self) {
        let Some(path) = self.coding.project_path.clone() else {
            return;
        };
        if self.coding.pending_project.is_some()
            || self.coding_project_signature() == self.coding.project_saved
        {
            return;
        }
        if let Err(e) = self.save_coding_project(&path) {
            self.coding_fails(format!("the project was not saved: {e}"));
            self.coding.project_path = None;
        }
    }

    /// Opens the coding project at `path`: read by a job, then its tables, then its decisions.
    pub fn open_coding_project(&mut self, path: &Path) {
        let path = path.to_path_buf();
        self.start_coding_job(CodingJob::Open, route_project, move |context| {
            let read = read_project(&path);
            context.send((path, read));
        });
    }

    /// Once the project's tables are read: its settings, decisions and view.
    pub(super) fn restore_coding_project(&mut self) {
        let Some(project) = self.coding.pending_project.take() else {
            return;
        };
        let unknown = self.coding.agreement.set_names(&project.coefficients);
        if !unknown.is_empty() {
            self.coding_fails(format!(
                "project: unknown coefficients left out: {}",
                unknown.join(", ")
            ));
        }
        self.coding.agreement.matrix =
            (project.distance_matrix.as_ref()).and_then(|m| project.resolve(m).ok());
        let (on, replicates, seed) = project.bootstrap;
        self.coding.agreement.bootstrap = BootstrapForm {
            on,
            replicates,
            seed,
        };
        let adjudicator = self.coding_adjudicator();
        let mut restored = 0;
        for stored in &project.studies {
            let found = (self.coding.studies.iter_mut())
                .find(|s| s.fingerprint == stored.session.fingerprint);
            let Some(study) = found else {
                self.coding_fails(format!(
                    "project: {}: its table changed since the project was saved; its decisions \
                     stay in the project file, not restored",
                    stored.name
                ));
                continue;
            };
            let table = (*study.study).clone();
            if let Ok(adjudication) =
                CodingAdjudication::restore(table, &stored.session, adjudicator.clone())
            {
                study.set_adjudication(adjudication);
                restored += 1;
            }
        }
        self.coding_says(format!(
            "project: the decisions of {} restored",
            crate::wording::plural(restored, "table", "tables")
        ));
        let shown = (project.shown.as_ref())
            .and_then(|name| self.coding.studies.iter().position(|s| s.name() == name));
        if let Some(index) = shown {
            self.show_coding_study(index);
        } else {
            self.measure_coding();
        }
        if project.view == "dashboard" && self.coding.dashboard.is_some() {
            self.coding.view = CodingView::Dashboard;
        }
        self.coding.project_path = Some(project.path.clone());
        self.coding.project_saved = self.coding_project_signature();
    }
}

/// The project read: its tables are opened next (and it restored once they are read).
fn route_project(state: &mut AppState, (path, read): ProjectRead) {
    let project = match read {
        Ok(project) => project,
        Err(e) => return state.coding_fails(e),
    };
    let reading = match project.reading() {
        Ok(reading) => reading,
        Err(e) => return state.coding_fails(format!("{}: {e}", path.display())),
    };
    let inputs = match &project.inputs {
        StoredInputs::Files(files) => files
            .iter()
            .map(|f| project.resolve(f))
            .collect::<Result<Vec<_>, _>>()
            .map(CodingInputs::Table),
        StoredInputs::Folder(folder) => project.resolve(folder).map(CodingInputs::Folder),
    };
    let inputs = match inputs {
        Ok(inputs) => inputs,
        Err(e) => return state.coding_fails(format!("{}: {e}", path.display())),
    };
    state.coding.pending_project = Some(Box::new(project));
    match inputs {
        CodingInputs::Table(paths) => state.open_coding(paths, reading),
        CodingInputs::Folder(folder) => {
            state.coding.reading = reading;
            match super::reading::tables_of(&folder) {
                Some(tables) => state.open_coding_folder(&folder, tables),
                None => {
                    state.coding.pending_project = None;
                    state.coding_fails(format!(
                        "{}: no coding table in this folder",
                        folder.display()
                    ));
                }
            }
        }
    }
}
