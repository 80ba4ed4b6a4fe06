//! The open dialog of a coding table: its shape (the table [`SHAPES`] lists them, each with
//! what its files hold; by default detected from the header), the cells that mean a missing
//! rating besides the empty cell, whether `a;b` is a set, a category that missing ratings
//! become (by default they stay missing), and the order of the categories.

use super::CodingCommand;
use crate::app::AppState;
use crate::app::commands::Command;
use eframe::egui::{self, RichText, Ui};
use gamma_formats::coding_table::SHAPES;

/// The dialog's title.
pub const TITLE: &str = "Open a coding table";

/// Draws the dialog while a table waits for it.
pub fn window(ui: &Ui, state: &mut AppState) {
    let Some(form) = &mut state.coding.pending_open else {
        return;
    };
    let mut send = None;
    egui::Window::new(TITLE)
        .collapsible(false)
        .resizable(true)
        .default_width(520f32.min(ui.ctx().content_rect().width() - 40.0))
        .show(ui.ctx(), |ui| {
            for path in &form.paths {
                ui.label(RichText::new(path.display().to_string()).strong());
            }
            ui.label("Shape");
            ui.radio_value(&mut form.shape, None, "detect it from the header")
                .on_hover_text("long when the header names an item and a coder column, contingency when every cell is a count, else wide");
            for shape in &SHAPES {
                ui.radio_value(&mut form.shape, Some(shape.shape), shape.label)
                    .on_hover_text(shape.layout);
            }
            ui.separator();
            egui::Grid::new("coding-open-options").num_columns(2).show(ui, |ui| {
                let label = ui.label("missing rating");
                ui.add(egui::TextEdit::singleline(&mut form.missing).hint_text("NA, ."))
                    .labelled_by(label.id)
                    .on_hover_text("cells that mean no rating besides the empty cell, comma separated");
                ui.end_row();
                let label = ui.label("count missing as");
                ui.add(egui::TextEdit::singleline(&mut form.missing_as).hint_text("(left missing)"))
                    .labelled_by(label.id)
                    .on_hover_text(
                        "a category that missing ratings become: only when not labelling is itself a \
                         decision; it changes the question and lowers the coefficients",
                    );
                ui.end_row();
                let label = ui.label("order of the labels");
                ui.add(egui::TextEdit::singleline(&mut form.categories).hint_text("low, mid, high"))
                    .labelled_by(label.id)
                    .on_hover_text(
                        "for ordinal, linear and interval distances on labels that are not numbers; \
                         labels nobody used count for S and AC1",
                    );
                ui.end_row();
            });
            ui.checkbox(&mut form.sets, "a label holding ; is a set of labels (a;b)");
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Open this table").clicked() {
                    send = Some(CodingCommand::OpenPending);
                }
                if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                    send = Some(CodingCommand::CancelPending);
                }
            });
        });
    if let Some(command) = send {
        state.send(Command::Coding(command));
    }
}
