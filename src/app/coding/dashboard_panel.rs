//! The dashboard of a folder of tables: one line per table (items, coders, missing ratings,
//! disagreements, each coefficient chosen, how far its adjudication went), sorted by a click on
//! a column's header, narrowed to a coder's tables or those with a label, written as CSV. A
//! table's name opens its study.

use super::CodingCommand;
use super::dashboard::{Column, Line};
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::files::dialog::FileDialog;
use eframe::egui::{self, RichText, Ui};
use std::collections::BTreeSet;

/// The title of the table's export dialog.
const EXPORT_TITLE: &str = "Export the dashboard as CSV";

/// Draws the dashboard.
pub fn show(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    let Some(dashboard) = &state.coding.dashboard else {
        return;
    };
    let read = dashboard.rows.iter().filter(|r| r.read.is_some()).count();
    let total = dashboard.rows.len();
    ui.horizontal_wrapped(|ui| {
        ui.heading(format!("Coding tables of {}", dashboard.folder.display()));
        if read < total {
            ui.label(RichText::new(format!("reading {read} of {total}…")).italics());
        }
    });
    ui.label(
        RichText::new(
            "One line per table: its size, its missing ratings, its disagreements and the \
             coefficients chosen (Coefficients, in a study's left panel). Click a table to \
             see and adjudicate it; N in a study goes on to the next table with an open \
             disagreement.",
        )
        .weak(),
    );
    let lines = state.coding_lines();
    filters(ui, state, dialog, &lines);
    table(ui, state, &lines);
}

/// The coder and label filters, and the export.
fn filters(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog, lines: &[Line]) {
    let mut coders = BTreeSet::new();
    let mut categories = BTreeSet::new();
    for study in &state.coding.studies {
        coders.extend(study.study.coders.iter().cloned());
        categories.extend(study.study.categories().iter().cloned());
    }
    let suggested = state.coding_output("coding-tables.csv");
    let Some(dashboard) = &mut state.coding.dashboard else {
        return;
    };
    let mut export_to = None;
    ui.horizontal_wrapped(|ui| {
        choice(
            ui,
            "coder",
            "any coder",
            &coders,
            &mut dashboard.coder_filter,
        );
        choice(
            ui,
            "label",
            "any label",
            &categories,
            &mut dashboard.category_filter,
        );
        ui.label(format!(
            "{} of {} tables",
            lines.len(),
            dashboard.rows.len()
        ));
        ui.separator();
        let export = ui
            .button("Export the table…")
            .on_hover_text("the lines shown, as CSV");
        if (export.clicked() || dialog.ready(EXPORT_TITLE))
            && let Some(path) = dialog.save_file(EXPORT_TITLE, &suggested.to_string_lossy())
        {
            export_to = Some(path);
        }
    });
    if let Some(path) = export_to {
        state.send(Command::Coding(CodingCommand::ExportTable(path)));
    }
}

/// A filter's drop-down, after its `label`: `any` or one of `values`.
fn choice(
    ui: &mut Ui,
    label: &str,
    any: &str,
    values: &BTreeSet<String>,
    chosen: &mut Option<String>,
) {
    let label = ui.label(label);
    egui::ComboBox::from_id_salt(("coding-dashboard-filter", label.id))
        .selected_text(chosen.clone().unwrap_or_else(|| any.into()))
        .show_ui(ui, |ui| {
            ui.selectable_value(chosen, None, any);
            for value in values {
                ui.selectable_value(chosen, Some(value.clone()), value);
            }
        })
        .response
        .labelled_by(label.id);
}

/// One cell: `width` wide, its content cut to fit.
fn cell<R>(ui: &mut Ui, width: f32, add: impl FnOnce(&mut Ui) -> R) -> R {
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        ui.set_min_width(width);
        ui.set_max_width(width);
        add(ui)
    })
    .inner
}

/// The header and the lines in view; a click on a name opens its study.
fn table(ui: &mut Ui, state: &mut AppState, lines: &[Line]) {
    let Some(dashboard) = &mut state.coding.dashboard else {
        return;
    };
    let columns = Column::all(dashboard.names.len());
    let names = dashboard.names.clone();
    let width = |c: Column| match c {
        Column::Table => 180.0,
        Column::Decided => 110.0,
        _ => 75.0,
    };
    let mut opened = None;
    egui::ScrollArea::horizontal()
        .id_salt("coding-dashboard-across")
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                for &column in &columns {
                    let arrow = match dashboard.sort {
                        (c, true) if c == column => " ▲",
                        (c, false) if c == column => " ▼",
                        _ => "",
                    };
                    let title = format!("{}{arrow}", column.title(&names));
                    let button = egui::Button::new(RichText::new(title).strong()).frame(false);
                    let clicked = cell(ui, width(column), |ui| {
                        ui.add(button)
                            .on_hover_text("sort by this column (again: the other way)")
                            .clicked()
                    });
                    if clicked {
                        dashboard.sort = if dashboard.sort.0 == column {
                            (column, !dashboard.sort.1)
                        } else {
                            (column, true)
                        };
                    }
                }
            });
            let row_height = ui.spacing().interact_size.y;
            egui::ScrollArea::vertical()
                .id_salt("coding-dashboard-table")
                .auto_shrink([false, false])
                .show_rows(ui, row_height, lines.len(), |ui, rows| {
                    for line in &lines[rows] {
                        ui.horizontal(|ui| {
                            for &column in &columns {
                                if column == Column::Table {
                                    let clicked = cell(ui, width(column), |ui| {
                                        let name = RichText::new(&line.name)
                                            .color(ui.visuals().hyperlink_color);
                                        let link =
                                            egui::Label::new(name).sense(egui::Sense::click());
                                        ui.add_enabled(line.study.is_some(), link.truncate())
                                            .on_hover_cursor(egui::CursorIcon::PointingHand)
                                            .on_hover_text("open this study")
                                            .clicked()
                                    });
                                    if clicked {
                                        opened = line.study;
                                    }
                                } else {
                                    let text = line.cell(column);
                                    cell(ui, width(column), |ui| {
                                        ui.add(egui::Label::new(text).truncate())
                                    });
                                }
                            }
                        });
                    }
                });
        });
    if let Some(study) = opened {
        state.send(Command::Coding(CodingCommand::Show(study)));
    }
}
