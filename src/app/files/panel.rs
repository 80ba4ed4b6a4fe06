//! The File menu's entries and the open dialog's window: each asks its file through the
//! dialog seam (the in-app browser answers a later frame), then acts.

use super::open_dialog::Decision;
use super::{OPEN_FOLDER_TITLE, OPEN_PROJECT_TITLE, OPEN_TITLE, SAVE_PROJECT_TITLE, project};
use crate::app::GammaStudioApp;
use crate::app::commands::Command;
use eframe::egui::{self, Ui};
use gamma_formats::ReadOptions;

impl GammaStudioApp {
    /// Opens files picked or dropped by the user (see [`crate::app::AppState::request_open`]).
    #[cfg(test)]
    pub fn request_open(&mut self, paths: Vec<std::path::PathBuf>) {
        self.state.apply(Command::Open(paths));
    }

    /// Opens a bundled demo (tγ for the CorA pair).
    #[cfg(test)]
    pub fn open_demo(&mut self, demo: super::demo::Demo) {
        self.state.apply(Command::OpenDemo(demo));
    }

    /// File → Open (Ctrl+O): the dialog, then the files (the in-app browser answers later).
    pub(crate) fn ask_files_to_open(&mut self) {
        if let Some(paths) = self.dialog.pick_files(OPEN_TITLE) {
            self.state.send(Command::Open(paths));
        }
    }

    /// File → Open folder…: the dialog, then the corpus (the in-app browser answers later).
    pub(crate) fn ask_folder_to_open(&mut self) {
        if let Some(folder) = self.dialog.pick_folder(OPEN_FOLDER_TITLE) {
            self.state.send(Command::OpenFolder {
                folder,
                options: ReadOptions::default(),
            });
        }
    }

    /// The open dialog, while files wait for the user's choices.
    pub(crate) fn open_dialog_window(&mut self, ui: &Ui) {
        let Some(pending) = &mut self.state.files.pending_open else {
            return;
        };
        let mut decision = None;
        egui::Window::new("Open annotation files")
            .collapsible(false)
            .resizable(true)
            .default_width(560f32.min(ui.ctx().content_rect().width() - 40.0))
            .show(ui.ctx(), |ui| {
                decision = pending.show(ui, self.dialog.as_mut());
            });
        match decision {
            Some(Decision::Open(paths, options)) => {
                if let Some(dialog) = self.state.files.pending_open.take() {
                    self.state.send(Command::RememberChoices(dialog.choices()));
                }
                self.state.send(Command::OpenFiles {
                    paths,
                    options: *options,
                });
            }
            Some(Decision::Cancel) => self.state.files.pending_open = None,
            None => {}
        }
    }

    /// File → Open project…: the dialog, then the project.
    pub(crate) fn ask_project_to_open(&mut self) {
        if let Some(path) =
            (self.dialog).pick_file(OPEN_PROJECT_TITLE, &[project::PROJECT_EXTENSION])
        {
            self.state.send(Command::OpenProject(path));
        }
    }

    /// File → Save project as…: the dialog, then the project file.
    pub(crate) fn ask_project_to_save(&mut self) {
        if let Some(path) = self.dialog.save_file(SAVE_PROJECT_TITLE, "project.json") {
            self.state.send(Command::SaveProject(path));
        }
    }
}
