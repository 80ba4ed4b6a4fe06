//! The files room: what was opened and how it was read, the recent files, the project file
//! and the data folder; opening files, corpus folders and the bundled demos. Its files: the
//! seam in front of the file [`dialog`]s and the in-app [`browser`], the [`open_dialog`]
//! (the choices a format needs before opening), the [`recent`] files, the [`project`] file,
//! the [`demo`]s, what is kept in the [`data_folder`]; [`panel`] holds the File menu's
//! actions.

pub mod browser;
pub mod data_folder;
pub mod demo;
pub mod dialog;
pub mod open_dialog;
pub mod opening;
pub mod panel;
pub mod project;
pub mod recent;

use crate::app::{AppState, coding};
use gamma_formats::ReadOptions;
use gamma_formats::corpus_folder::Layout;
use open_dialog::OpenDialog;
use recent::RecentFiles;
use std::path::{Path, PathBuf};

/// The title of File → Open's dialog.
pub const OPEN_TITLE: &str = "Open annotation files";
/// The title of File → Open project…'s dialog.
pub const OPEN_PROJECT_TITLE: &str = "Open a project";
/// The title of File → Save project as…'s dialog.
pub const SAVE_PROJECT_TITLE: &str = "Save the project";
/// The title of File → Open folder…'s dialog.
pub const OPEN_FOLDER_TITLE: &str = "Open a corpus folder";

/// What was opened: files, or a corpus folder.
#[derive(Debug, Clone, PartialEq)]
pub enum OpenedInputs {
    /// Annotation files.
    Files(Vec<PathBuf>),
    /// A corpus folder.
    Folder(PathBuf),
}

/// The files room's state.
#[derive(Default)]
pub struct Files {
    /// How the open files were read (their gold is written the same way, tγ compares the
    /// layers read).
    pub read_options: ReadOptions,
    /// What was opened (a project records it).
    pub opened: Option<OpenedInputs>,
    /// How the corpus folder opened holds its documents (its gold is laid out the same).
    pub corpus_layout: Option<Layout>,
    /// Files waiting for the user's choices (annotator names, types, layer).
    pub pending_open: Option<OpenDialog>,
    /// Files opened before, newest first (kept in the data folder across runs).
    pub recent: RecentFiles,
    /// The project file autosaved after every change, once saved or opened.
    pub project_path: Option<PathBuf>,
    /// What the project file held when last saved (see [`AppState::autosave_project`]).
    pub(crate) project_saved: String,
    /// Where sessions and the recent files are kept (`None`: nothing is kept, as in tests).
    pub data_folder: Option<PathBuf>,
}

impl Files {
    /// Where outputs go by default: beside the inputs, never inside the annotators' folders —
    /// the folder holding the corpus folder opened, or the folder above the one that holds
    /// every input file (an annotator's folder, or the folder of the annotators' folders).
    /// `None` when nothing was opened from files (the demo).
    pub fn beside_inputs(&self) -> Option<PathBuf> {
        beside(self.opened.as_ref()?)
    }

    /// Where the file dialogs open: beside the inputs, else beside what was opened last
    /// (File → Recent), whatever the working directory.
    pub fn dialogs_start(&self) -> Option<PathBuf> {
        self.beside_inputs().or_else(|| {
            let last = self.recent.entries.first()?;
            match last.kind {
                recent::RecentKind::Files => beside(&OpenedInputs::Files(last.paths.clone())),
                recent::RecentKind::Folder => {
                    beside(&OpenedInputs::Folder(last.paths.first()?.clone()))
                }
                recent::RecentKind::Project => absolute(last.paths.first()?)?
                    .parent()
                    .map(Path::to_path_buf),
            }
        })
    }
}

/// The folder beside `opened`: the one holding the corpus folder, or the one above the folder
/// holding every input file.
fn beside(opened: &OpenedInputs) -> Option<PathBuf> {
    let holding = match opened {
        OpenedInputs::Folder(folder) => absolute(folder)?,
        OpenedInputs::Files(files) => {
            let mut folders = files
                .iter()
                .filter_map(|f| absolute(f)?.parent().map(Path::to_path_buf));
            let first = folders.next()?;
            folders.fold(first, |common, folder| {
                (common.ancestors())
                    .find(|a| folder.starts_with(a))
                    .map_or(common.clone(), Path::to_path_buf)
            })
        }
    };
    Some(holding.parent().map_or(holding.clone(), Path::to_path_buf))
}

/// A document's name as the stem of a file name: letters, digits, `-`, `_` and `.` kept, any
/// run of other characters one `-` ("Demo: Named entities (Glozz)" → "Demo-Named-entities-Glozz").
pub fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
            stem.push(c);
        } else if !stem.ends_with('-') {
            stem.push('-');
        }
    }
    let stem = stem.trim_matches(['-', '.']);
    if stem.is_empty() {
        "document".to_string()
    } else {
        stem.to_string()
    }
}

/// `path` made absolute and without `.` or `..` (through the file system when it exists).
fn absolute(path: &Path) -> Option<PathBuf> {
    path.canonicalize()
        .ok()
        .or_else(|| std::path::absolute(path).ok())
}

impl AppState {
    /// Opens files picked or dropped by the user: those with something to choose (Glozz, CorA,
    /// TSV 3, XMI, brat, TextGrid, project exports) go through the open dialog first, other
    /// formats open at once.
    pub fn request_open(&mut self, paths: Vec<PathBuf>) {
        if let [folder] = paths.as_slice()
            && folder.is_dir()
        {
            self.open_folder(folder, &ReadOptions::default());
        } else if coding::reading::is_coding_table(&paths) {
            self.request_coding_open(paths);
        } else if OpenDialog::needed(&paths) {
            let remembered = &self.files.recent.choices;
            self.files.pending_open = Some(OpenDialog::new(paths, remembered));
        } else {
            self.open_files(&paths, &ReadOptions::default());
        }
    }

    /// Remembers the open dialog's choices for the next files of the same kind.
    pub(crate) fn remember_choices(&mut self, choices: open_dialog::OpenChoices) {
        if let Err(e) = self.files.recent.remember(choices) {
            self.shell.messages.error(e);
        }
    }

    /// Opens entry `index` of File → Recent as it was opened: files with their reading options
    /// (an entry of an earlier version, which kept none, through the open dialog), a corpus
    /// folder, a project.
    pub fn open_recent(&mut self, index: usize) {
        let Some(entry) = self.files.recent.entries.get(index).cloned() else {
            return;
        };
        match (entry.kind, entry.paths.as_slice(), &entry.options) {
            (recent::RecentKind::Folder, [folder], options) => {
                self.open_folder(folder, &options.clone().unwrap_or_default())
            }
            (recent::RecentKind::Project, [project], _) => self.open_project(project),
            (_, _, Some(options)) => self.open_files(&entry.paths, options),
            (_, _, None) => self.request_open(entry.paths),
        }
    }
}
