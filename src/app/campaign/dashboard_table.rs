//! The dashboard's table of documents: one line per document (name, annotators, units, γ with
//! its interval, D_o, decided/total while adjudicating, state), narrowed by the dashboard's
//! filters, sorted by any column (a click on its header; again, the other way). Only the rows in
//! view are laid out, so that a campaign of a thousand documents scrolls at full speed. A
//! document's name opens it.

use super::dashboard::{Column, Measured};
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::document::open_document::DocumentId;
use crate::app::errors::AppError;
use eframe::egui::{self, Ui};

/// What the bootstrap confidence interval is, for tooltips.
pub(crate) const CONFIDENCE_TIP: &str = "the bootstrap 95 % confidence interval of γ: where γ \
     would lie with other texts annotated the same way (resampling the documents of a corpus, \
     or the stretches of a document that no alignment crosses) — the interval to report";
/// What the precision interval of the chance estimate is, for tooltips.
pub(crate) const PRECISION_TIP: &str = "the precision interval of the chance estimate: how \
     precisely the random continua estimated the expected disorder D_e of these annotations \
     (more samples narrow it); not a confidence interval of γ";

/// One line of the table, as shown and sorted.
pub(super) struct Line {
    pub index: usize,
    pub id: DocumentId,
    name: String,
    annotators: Vec<String>,
    units: usize,
    measured: Option<Result<Measured, AppError>>,
    /// (decided, total) once the corpus is being adjudicated (0 decided for a document not
    /// started yet).
    decided: Option<(usize, usize)>,
    /// Whether this document's adjudication has begun.
    started: bool,
}

impl Line {
    fn state(&self) -> String {
        match (&self.measured, self.decided) {
            (_, Some((decided, total))) if self.started && decided == total => "adjudicated".into(),
            (_, Some(_)) if self.started => "adjudicating".into(),
            (None, _) => "measuring…".into(),
            (Some(Ok(_)), _) => "measured".into(),
            (Some(Err(e)), _) => e.to_string(),
        }
    }

    /// The γ cell's tooltip: which interval it shows, and the other.
    fn gamma_tooltip(&self, label: egui::Response) {
        let Some(Ok(m)) = &self.measured else {
            return;
        };
        let shown = match &m.confidence {
            Ok(_) => format!("γ and its {CONFIDENCE_TIP}"),
            Err(why) => format!("γ; {why}"),
        };
        label.on_hover_text(format!(
            "{shown}.\nPrecision of the chance estimate [{:.3}, {:.3}]: {PRECISION_TIP}.",
            m.precision.0, m.precision.1
        ));
    }

    fn gamma(&self) -> Option<f64> {
        self.measured.as_ref()?.as_ref().ok().map(|m| m.gamma)
    }

    fn observed(&self) -> Option<f64> {
        (self.measured.as_ref()?.as_ref().ok()).map(|m| m.observed_disorder)
    }

    /// `self` before `other` in `column`'s ascending order (documents not measured last).
    fn compare(&self, other: &Line, column: Column) -> std::cmp::Ordering {
        let number = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => a.total_cmp(&b),
            (a, b) => b.is_some().cmp(&a.is_some()),
        };
        match column {
            Column::Document => self.name.cmp(&other.name),
            Column::Annotators => self.annotators.len().cmp(&other.annotators.len()),
            Column::Units => self.units.cmp(&other.units),
            Column::Gamma => number(self.gamma(), other.gamma()),
            Column::ObservedDisorder => number(self.observed(), other.observed()),
            Column::Decided => self.decided.cmp(&other.decided),
            Column::State => self.state().cmp(&other.state()),
        }
    }

    /// The text of each cell but the name's, in [`Column::ALL`]'s order after it.
    fn cells(&self) -> [String; 6] {
        [
            self.annotators.join(", "),
            self.units.to_string(),
            match &self.measured {
                Some(Ok(m)) => match &m.confidence {
                    Ok((low, high)) => format!("{:.3} [{low:.3}, {high:.3}]", m.gamma),
                    Err(_) => format!("{:.3} [no CI]", m.gamma),
                },
                _ => "…".into(),
            },
            self.observed().map_or("…".into(), |d| format!("{d:.3}")),
            (self.decided).map_or(String::new(), |(d, t)| format!("{d} / {t}")),
            self.state(),
        ]
    }
}

/// The table's lines passing the filters, in the order chosen.
pub(super) fn lines(state: &AppState) -> Vec<Line> {
    let dashboard = &state.campaign.dashboard;
    let adjudicating = !state.adjudication.by_document.is_empty();
    let mut lines: Vec<Line> = (state.documents.open.iter().enumerate())
        .filter(|(_, d)| {
            let annotators = &d.continuum().annotators;
            (dashboard.annotator_filter.as_ref())
                .is_none_or(|name| annotators.iter().any(|a| &a.name == name))
                && (dashboard.category_filter.as_ref())
                    .is_none_or(|c| d.category_counts.iter().any(|(k, _)| k == c))
        })
        .map(|(index, document)| {
            let continuum = document.continuum();
            let own = state.adjudication.by_document.get(&document.id).map(|a| {
                let progress = a.adjudication().progress();
                (progress.decided, progress.total)
            });
            let not_started = (dashboard.measured(index))
                .filter(|_| adjudicating)
                .map(|m| (0, m.alignment.alignment.unitary_alignments.len()));
            Line {
                index,
                id: document.id,
                name: continuum.name.clone(),
                annotators: continuum.annotator_names(),
                units: continuum.n_units(),
                measured: dashboard.rows.get(index).cloned().flatten(),
                decided: own.or(not_started),
                started: own.is_some(),
            }
        })
        .collect();
    let (column, ascending) = dashboard.sort;
    lines.sort_by(|a, b| {
        let order = a.compare(b, column).then(a.index.cmp(&b.index));
        if ascending { order } else { order.reverse() }
    });
    lines
}

/// The width of each column, as shares of `width` (the name and γ need the most).
fn widths(width: f32) -> [f32; 7] {
    let shares = [0.2, 0.18, 0.07, 0.19, 0.08, 0.1, 0.18];
    shares.map(|share| (width * share).max(40.0))
}

/// One cell: `width` wide, its text cut to fit.
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

/// Draws the header and the lines in view; a click on a name opens its document.
pub(super) fn show(ui: &mut Ui, state: &mut AppState, lines: &[Line]) {
    let widths = widths(ui.available_width() - 8.0 * ui.spacing().item_spacing.x);
    ui.horizontal(|ui| header(ui, &mut state.campaign.dashboard.sort, &widths));
    let row_height = ui.spacing().interact_size.y;
    let mut opened = None;
    egui::ScrollArea::vertical()
        .id_salt("dashboard-table")
        .auto_shrink([false, false])
        .show_rows(ui, row_height, lines.len(), |ui, rows| {
            for line in &lines[rows] {
                ui.horizontal(|ui| {
                    let link = cell(ui, widths[0], |ui| {
                        let name =
                            egui::RichText::new(&line.name).color(ui.visuals().hyperlink_color);
                        let link = egui::Label::new(name).sense(egui::Sense::click());
                        ui.add(link.truncate())
                            .on_hover_cursor(egui::CursorIcon::PointingHand)
                            .on_hover_text("open this document")
                    });
                    if link.clicked() {
                        opened = Some(line.id);
                    }
                    for (column, (text, width)) in
                        (line.cells().into_iter().zip(&widths[1..])).enumerate()
                    {
                        let label =
                            cell(ui, *width, |ui| ui.add(egui::Label::new(text).truncate()));
                        if Column::ALL[column + 1] == Column::Gamma {
                            line.gamma_tooltip(label);
                        }
                    }
                });
            }
        });
    if let Some(id) = opened {
        state.send(Command::OpenDocument(id));
    }
}

/// The header: a click sorts by the column, a second click reverses.
fn header(ui: &mut Ui, sort: &mut (Column, bool), widths: &[f32; 7]) {
    for (column, width) in Column::ALL.into_iter().zip(widths) {
        let arrow = match *sort {
            (c, true) if c == column => " ▲",
            (c, false) if c == column => " ▼",
            _ => "",
        };
        let title = format!("{}{arrow}", column.title());
        let button = egui::Button::new(egui::RichText::new(title).strong()).frame(false);
        let clicked = cell(ui, *width, |ui| {
            let tip = match column {
                Column::Gamma => format!(
                    "γ and its {CONFIDENCE_TIP} (hover a cell for the precision of the chance \
                     estimate). Click: sort by this column (again: the other way)"
                ),
                _ => "sort by this column (again: the other way)".to_string(),
            };
            ui.add(button).on_hover_text(tip).clicked()
        });
        if clicked {
            *sort = if sort.0 == column {
                (column, !sort.1)
            } else {
                (column, true)
            };
        }
    }
}
