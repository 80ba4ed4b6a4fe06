//! The diagnostics room's widgets: File → Export feedback for each annotator… (the folder
//! dialog, then the job, its progress and Cancel in the menu).

use super::feedback_export::FEEDBACK_TITLE;
use crate::app::GammaStudioApp;
use crate::app::commands::Command;
use eframe::egui::{self, Ui};

impl GammaStudioApp {
    /// File → Export feedback for each annotator…: the folder dialog, then the job.
    pub(crate) fn ask_feedback_folder(&mut self) {
        if let Some(folder) = self.dialog.pick_folder(FEEDBACK_TITLE) {
            self.state.send(Command::ExportFeedback(folder));
        }
    }

    /// The File menu's entry, with the option to anonymise, or the export's progress and
    /// Cancel while it runs.
    pub(crate) fn feedback_menu_entry(&mut self, ui: &mut Ui) {
        if let Some((done, total)) = self.state.diagnostics.feedback {
            ui.horizontal(|ui| {
                ui.add(
                    egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                        .desired_width(160.0)
                        .text(format!("feedback: {done} of {total} documents aligned")),
                );
                if ui.button("Cancel").clicked() {
                    self.state.send(Command::CancelFeedback);
                }
            });
            return;
        }
        if ui
            .add_enabled(
                !self.state.documents.open.is_empty(),
                egui::Button::new("Export feedback for each annotator…"),
            )
            .on_hover_text(
                "one page per annotator (HTML and Markdown): her disagreements with the gold \
                 (or the majority), the decisions' reasons and notes, her profile beside the \
                 group's; into a folder of their own",
            )
            .clicked()
        {
            ui.close();
            self.ask_feedback_folder();
        }
        ui.checkbox(
            &mut self.state.diagnostics.anonymise,
            "   the others anonymised (annotator A, B…)",
        );
    }
}
