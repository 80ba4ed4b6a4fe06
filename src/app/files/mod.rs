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

use crate::app::AppState;
use gamma_formats::ReadOptions;
use gamma_formats::corpus_folder::Layout;
use open_dialog::OpenDialog;
use recent::RecentFiles;
use std::path::PathBuf;

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

impl AppState {
    /// Opens files picked or dropped by the user: those with something to choose (Glozz, CorA,
    /// TSV 3, XMI, brat, TextGrid, project exports) go through the open dialog first, other
    /// formats open at once.
    pub fn request_open(&mut self, paths: Vec<PathBuf>) {
        if let [folder] = paths.as_slice()
            && folder.is_dir()
        {
            self.open_folder(folder, &ReadOptions::default());
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
}
