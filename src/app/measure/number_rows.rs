//! Tables of named values in a side panel (γ's D_o, D_e, intervals, samples, seed…), and forms
//! of named controls (the settings): each row a name and its value or control, side by side in
//! two columns when the row fits the panel's width, else the value or control on its own line
//! under its name (a value wrapped at its spaces when even that line is too narrow). A value is
//! never cut, whatever the width of the panel (a fifth of a 1024-pixel window), and nothing here
//! widens the panel's content, which would push every later line of the panel out of view.

use eframe::egui::{self, TextStyle, TextWrapMode, Ui, WidgetText};

/// A row: a name, its value, and what it is (shown when hovering either).
#[derive(Debug, Clone, PartialEq)]
pub struct NumberRow {
    name: String,
    value: String,
    tip: String,
}

impl NumberRow {
    pub fn new(name: impl Into<String>, value: impl Into<String>, tip: impl Into<String>) -> Self {
        NumberRow {
            name: name.into(),
            value: value.into(),
            tip: tip.into(),
        }
    }
}

/// The width of `text` on one line, in the body font.
fn text_width(ui: &Ui, text: &str) -> f32 {
    WidgetText::from(text)
        .into_galley(
            ui,
            Some(TextWrapMode::Extend),
            f32::INFINITY,
            TextStyle::Body,
        )
        .size()
        .x
}

/// Shows `rows` in the width `ui` has. The names' column is as wide as the name that lets the
/// most rows stand side by side (a long name of a row whose value could never fit beside it
/// does not push every other value onto a line of its own).
pub fn show(ui: &mut Ui, rows: &[NumberRow]) {
    let available = ui.available_width();
    let spacing = ui.spacing().item_spacing.x;
    let gap = 2.0 * spacing;
    let names: Vec<f32> = rows.iter().map(|row| text_width(ui, &row.name)).collect();
    let values: Vec<f32> = rows.iter().map(|row| text_width(ui, &row.value)).collect();
    let beside =
        |column: f32, i: usize| names[i] <= column && column + gap + values[i] <= available;
    let fitting = |column: f32| (0..rows.len()).filter(|&i| beside(column, i)).count();
    let column = names.iter().copied().fold(0.0, |best: f32, column| {
        match fitting(column).cmp(&fitting(best)) {
            std::cmp::Ordering::Greater => column,
            std::cmp::Ordering::Equal => best.max(column),
            std::cmp::Ordering::Less => best,
        }
    });
    for (i, row) in rows.iter().enumerate() {
        if beside(column, i) {
            ui.horizontal(|ui| {
                let name = ui.label(&row.name).on_hover_text(&row.tip);
                ui.add_space((column + gap - name.rect.width() - spacing).max(0.0));
                ui.label(&row.value).on_hover_text(&row.tip);
            });
        } else {
            ui.add(egui::Label::new(&row.name).wrap())
                .on_hover_text(&row.tip);
            ui.indent(("value of", &row.name), |ui| {
                ui.add(egui::Label::new(&row.value).wrap())
                    .on_hover_text(&row.tip);
            });
        }
    }
}

/// Whether a table of `columns` columns, each as wide as the widest of `cells`, fits the width
/// `ui` has (a matrix that does not is better shown as a list of rows).
pub fn fits(ui: &Ui, cells: &[String], columns: usize) -> bool {
    let widest = cells.iter().map(|c| text_width(ui, c)).fold(0.0, f32::max);
    let spacing = ui.spacing().item_spacing.x;
    let column = widest.max(ui.spacing().interact_size.x) + spacing;
    column * columns as f32 <= ui.available_width()
}

/// A form: rows of a name and a control, the names in a column as wide as the widest of them
/// when a row fits, else the control under its name.
pub struct Form {
    names: f32,
}

impl Form {
    /// A form whose rows have these `names`.
    pub fn new(ui: &Ui, names: &[&str]) -> Form {
        Form {
            names: names
                .iter()
                .map(|name| text_width(ui, name))
                .fold(0.0, f32::max),
        }
    }

    /// A row: `name`, then the control `add` draws, `control_width` wide at most.
    pub fn row<R>(
        &self,
        ui: &mut Ui,
        name: &str,
        control_width: f32,
        add: impl FnOnce(&mut Ui) -> R,
    ) -> R {
        let spacing = ui.spacing().item_spacing.x;
        if self.names + 2.0 * spacing + control_width <= ui.available_width() {
            ui.horizontal(|ui| {
                let label = ui.label(name);
                ui.add_space((self.names + spacing - label.rect.width()).max(0.0));
                add(ui)
            })
            .inner
        } else {
            ui.label(name);
            ui.indent(("control of", name), add).inner
        }
    }
}

/// A slider under its name, as wide as the panel allows (never wider), its value beside it;
/// the slider is labelled by the name (for screen readers and tests).
pub fn slider(ui: &mut Ui, slider: egui::Slider<'_>, name: &str) -> egui::Response {
    let label = ui.label(name);
    ui.scope(|ui| {
        let spacing = ui.spacing().item_spacing.x;
        let value_box = 2.0 * ui.spacing().interact_size.x;
        ui.spacing_mut().slider_width =
            (ui.available_width() - value_box - spacing).clamp(40.0, 200.0);
        ui.add(slider).labelled_by(label.id)
    })
    .inner
}
