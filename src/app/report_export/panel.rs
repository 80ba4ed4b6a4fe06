//! The File menu's entry of the agreement report: the dialog, then the report's job.

use super::REPORT_TITLE;
use crate::app::GammaStudioApp;
use crate::app::commands::Command;

impl GammaStudioApp {
    /// File → Export the agreement report…: the dialog, then the report's job.
    pub(crate) fn ask_report_to_export(&mut self) {
        let suggested = match self
            .state
            .coding
            .shown()
            .filter(|_| self.state.coding_report_offered())
        {
            Some(study) => (self.state)
                .coding_output(&format!("{}-agreement.html", study.name()))
                .to_string_lossy()
                .into_owned(),
            None => "agreement-report.html".to_string(),
        };
        if let Some(path) = (self.dialog).save_file(REPORT_TITLE, &suggested) {
            self.state.send(Command::ExportReport(path));
        }
    }
}
