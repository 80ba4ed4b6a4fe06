//! The File menu's project and report entries: each asks its file through the dialog seam
//! (the in-app browser answers a later frame), then acts.

use super::project;
use crate::app::report_export;
use crate::app::{GammaStudioApp, OPEN_PROJECT_TITLE, SAVE_PROJECT_TITLE};

impl GammaStudioApp {
    /// File → Open project…: the dialog, then the project.
    pub(crate) fn ask_project_to_open(&mut self) {
        if let Some(path) =
            (self.dialog).pick_file(OPEN_PROJECT_TITLE, &[project::PROJECT_EXTENSION])
        {
            self.state.open_project(&path);
        }
    }

    /// File → Save project as…: the dialog, then the project file.
    pub(crate) fn ask_project_to_save(&mut self) {
        if let Some(path) = self.dialog.save_file(SAVE_PROJECT_TITLE, "project.json") {
            match self.state.save_project(&path) {
                Ok(()) => self.state.errors.push(format!(
                    "project saved (and autosaved from now on): {}",
                    path.display()
                )),
                Err(e) => self
                    .state
                    .errors
                    .push(format!("the project was not saved: {e}")),
            }
        }
    }

    /// File → Export the agreement report…: the dialog, then the report's job.
    pub(crate) fn ask_report_to_export(&mut self) {
        if let Some(path) =
            (self.dialog).save_file(report_export::REPORT_TITLE, "agreement-report.html")
        {
            self.report_export.start(&mut self.state, path);
        }
    }
}
