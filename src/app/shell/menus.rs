//! The menu bar: File, View, Help, and the three views (Annotations, Dashboard, Shuffling
//! tool).

use super::Mode;
use super::window::GammaStudioApp;
use crate::app::commands::Command;
use crate::app::files::demo;
use eframe::egui::{self, Ui};

impl GammaStudioApp {
    pub(super) fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui
                    .button("Open…")
                    .on_hover_text(ui.ctx().format_shortcut(&egui::KeyboardShortcut::new(
                        egui::Modifiers::COMMAND,
                        egui::Key::O,
                    )))
                    .clicked()
                {
                    ui.close();
                    self.ask_files_to_open();
                }
                if ui
                    .button("Open folder…")
                    .on_hover_text("a corpus: its documents matched by name")
                    .clicked()
                {
                    ui.close();
                    self.ask_folder_to_open();
                }
                if ui
                    .button("Open project…")
                    .on_hover_text("a campaign saved with Save project as…")
                    .clicked()
                {
                    ui.close();
                    self.ask_project_to_open();
                }
                if ui
                    .add_enabled(
                        self.state.files.opened.is_some(),
                        egui::Button::new("Save project as…"),
                    )
                    .on_hover_text(
                        "the inputs, reading options, settings and every adjudication in one \
                         file, autosaved from then on",
                    )
                    .clicked()
                {
                    ui.close();
                    self.ask_project_to_save();
                }
                ui.menu_button("Open a demo", |ui| {
                    for demo in demo::Demo::ALL {
                        if ui.button(demo.title()).clicked() {
                            ui.close();
                            self.state.send(Command::OpenDemo(demo));
                        }
                    }
                });
                self.recent_menu(ui);
                if ui
                    .add_enabled(
                        !self.state.documents.open.is_empty(),
                        egui::Button::new("Export the agreement report…"),
                    )
                    .on_hover_text(
                        "γ with its intervals, γ-cat, γ-k, each document and pair, the \
                         coefficients, the worst disagreements: .html, .md, .tex or .json",
                    )
                    .clicked()
                {
                    ui.close();
                    self.ask_report_to_export();
                }
                ui.checkbox(
                    &mut self.state.report.calibrate,
                    "   with what γ means (Shuffling tool)",
                );
                if ui
                    .button("Saved adjudications…")
                    .on_hover_text("every adjudication autosaved, by document, with its progress")
                    .clicked()
                {
                    ui.close();
                    self.state.send(Command::ListSessions);
                }
                ui.separator();
                if ui.button("Quit").clicked() {
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("View", |ui| {
                if ui.button("Zoom to fit").clicked() {
                    ui.close();
                    self.state.shell.mode = Mode::Annotations;
                    self.state.zoom_to_fit();
                }
                ui.checkbox(
                    &mut self.state.evaluate.open,
                    "Evaluate against a reference…",
                );
                ui.separator();
                self.panels.menu(ui);
            });
            super::help::menu(ui, &mut self.help);
            ui.separator();
            ui.selectable_value(&mut self.state.shell.mode, Mode::Annotations, "Annotations")
                .on_hover_text("the open documents: tracks, alignment, γ, adjudication");
            ui.selectable_value(&mut self.state.shell.mode, Mode::Dashboard, "Dashboard")
                .on_hover_text("every open document's γ, the corpus γ, who disagrees with whom");
            ui.selectable_value(
                &mut self.state.shell.mode,
                Mode::Shuffling,
                "Shuffling tool",
            )
            .on_hover_text(
                "how γ and the other measures respond to controlled errors; what this γ means",
            );
        });
    }

    /// File → Recent: each entry opens as it was opened (its reading options); an entry of
    /// an earlier version, which kept no options, goes through the open dialog again.
    fn recent_menu(&mut self, ui: &mut Ui) {
        let recent = &self.state.files.recent;
        if recent.entries.is_empty() {
            return;
        }
        let entries: Vec<_> = recent
            .labels()
            .into_iter()
            .zip(recent.entries.clone())
            .collect();
        ui.menu_button("Recent", |ui| {
            for (label, entry) in entries {
                let paths: Vec<String> = entry
                    .paths
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                if ui.button(label).on_hover_text(paths.join("\n")).clicked() {
                    ui.close();
                    self.state.send(match entry.options {
                        Some(options) => Command::OpenFiles {
                            paths: entry.paths,
                            options,
                        },
                        None => Command::Open(entry.paths),
                    });
                }
            }
        });
    }
}
