//! The File menu's entry of the agreement report: the dialog, then the report's job.

use super::REPORT_TITLE;
use crate::app::GammaStudioApp;
use crate::app::commands::Command;

impl GammaStudioApp {
    /// File → Export the agreement report…: the dialog, then the report's job.
    pub(crate) fn ask_report_to_export(&mut self) {
        if let Some(path) = (self.dialog).save_file(REPORT_TITLE, "agreement-report.html") {
            self.state.send(Command::ExportReport(path));
        }
    }
}
