//! The menu bar: File, View, Help, and the views (Annotations, Dashboard, Shuffling tool, and
//! Coding once a coding study is open).

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
                        self.state.files.opened.is_some() || self.state.coding.is_open(),
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
                        !self.state.documents.open.is_empty() || self.state.coding_report_offered(),
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
                self.feedback_menu_entry(ui);
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
                ui.checkbox(
                    &mut self.state.diagnostics.open,
                    "Why the annotators disagree…",
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
            if self.state.coding.is_open() {
                ui.selectable_value(&mut self.state.shell.mode, Mode::Coding, "Coding")
                    .on_hover_text("the coding study: items × coders, its agreement and gold");
            }
        });
    }

    /// File → Recent: corpus folders, projects and files, each opened as it was (its reading
    /// options); and whether the last one reopens when the app starts.
    fn recent_menu(&mut self, ui: &mut Ui) {
        let recent = &self.state.files.recent;
        if recent.entries.is_empty() {
            return;
        }
        let entries: Vec<(String, String)> = (recent.labels().into_iter())
            .zip(&recent.entries)
            .map(|(label, entry)| {
                let paths: Vec<String> = (entry.paths.iter())
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                (label, paths.join("\n"))
            })
            .collect();
        ui.menu_button("Recent", |ui| {
            for (index, (label, paths)) in entries.into_iter().enumerate() {
                if ui.button(label).on_hover_text(paths).clicked() {
                    ui.close();
                    self.state.send(Command::OpenRecent(index));
                }
            }
            ui.separator();
            let mut reopen = self.state.files.recent.reopen_last;
            if ui
                .checkbox(&mut reopen, "Reopen the last one at start")
                .on_hover_text("instead of the demo, when the app starts without files")
                .changed()
            {
                self.state.send(Command::ReopenLastAtStart(reopen));
            }
        });
    }
}
