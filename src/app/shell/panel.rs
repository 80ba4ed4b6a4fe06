//! The Messages panel at the bottom of the window: what the app says (files opened, warnings,
//! errors, decisions), newest last, with Clear.

use super::window::GammaStudioApp;
use eframe::egui::{self, Ui};

impl GammaStudioApp {
    pub(super) fn errors_panel(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.strong("Messages");
            if ui.button("Clear").clicked() {
                self.state.shell.messages.clear();
            }
        });
        egui::ScrollArea::vertical()
            .id_salt("errors")
            .max_height(120.0)
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for error in &self.state.shell.messages {
                    ui.add(egui::Label::new(error).wrap());
                }
            });
    }
}
