//! The File menu's entry of the agreement report: the dialog, then the report's job.

use super::REPORT_TITLE;
use crate::app::AppState;
use crate::app::GammaStudioApp;
use crate::app::commands::Command;
use eframe::egui;

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

/// The report being gathered: its progress and a Cancel that stops it (nothing is written).
pub fn progress_window(ctx: &egui::Context, state: &mut AppState) {
    let Some((done, stages)) = state.report.progress else {
        return;
    };
    egui::Window::new("Gathering the agreement report")
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.add(
                egui::ProgressBar::new(done as f32 / stages.max(1) as f32)
                    .text(format!("stage {} of {stages}", (done + 1).min(stages))),
            );
            if ui.button("Cancel").clicked() {
                state.send(Command::CancelReport);
            }
        });
}
