//! File → Saved adjudications…: every session autosaved in the data folder, named by its
//! document with its annotators and progress, the most recent first; **Open** reopens its
//! files (where they were when it was saved) and offers to resume it.

use crate::app::AppState;
use crate::app::commands::Command;
use eframe::egui::{self, RichText};

/// Shows the window while it is open; **Open** opens a session's files.
pub fn window(context: &egui::Context, state: &mut AppState) {
    let Some(listed) = &state.campaign.saved_sessions else {
        return;
    };
    let mut open = true;
    let mut chosen = None;
    egui::Window::new("Saved adjudications")
        .open(&mut open)
        .collapsible(false)
        .default_width(560.0)
        .show(context, |ui| {
            if listed.is_empty() {
                ui.label("No adjudication is saved in the data folder yet.");
                return;
            }
            egui::ScrollArea::vertical()
                .max_height(400.0)
                .show(ui, |ui| {
                    egui::Grid::new("saved-sessions")
                        .striped(true)
                        .show(ui, |ui| {
                            for (index, session) in listed.iter().enumerate() {
                                ui.strong(&session.document);
                                ui.label(session.annotators.join(", "));
                                ui.label(format!(
                                    "decided {} of {}",
                                    session.progress.decided, session.progress.total
                                ));
                                ui.label(RichText::new(&session.saved_at).weak());
                                let missing = session.inputs.iter().any(|p| !p.is_file());
                                let button = ui.add_enabled(!missing, egui::Button::new("Open"));
                                let button = if missing {
                                    button.on_disabled_hover_text(
                                        "its files are no longer where they were when it was saved",
                                    )
                                } else {
                                    button
                                };
                                if button.clicked() {
                                    chosen = Some(index);
                                }
                                ui.end_row();
                            }
                        });
                });
        });
    if let Some(index) = chosen {
        state.send(Command::ReopenSession(index));
    } else if !open {
        state.campaign.saved_sessions = None;
    }
}
