//! The campaign dashboard: every open document in one table (name, annotators, units, γ with
//! its interval, D_o, decided/total while adjudicating, state), sortable by any column, worst γ
//! first; above it the corpus γ, saying what it is, and the pairwise matrix of annotators over
//! the corpus. A row opens its document. The figures are [`super::dashboard`]'s.

use super::dashboard::{Column, Measured};
use super::settings::gamma_error_words;
use super::state::AppState;
use eframe::egui::{self, Ui};
use gamma_core::SampleCount;

/// One line of the table, as shown and sorted.
struct Line {
    index: usize,
    name: String,
    annotators: String,
    n_annotators: usize,
    units: usize,
    measured: Option<Result<Measured, String>>,
    /// (decided, total) when this document is adjudicated.
    decided: Option<(usize, usize)>,
}

impl Line {
    fn state(&self) -> String {
        match (&self.measured, self.decided) {
            (_, Some((decided, total))) if decided == total => "adjudicated".into(),
            (_, Some(_)) => "adjudicating".into(),
            (None, _) => "measuring…".into(),
            (Some(Ok(_)), _) => "measured".into(),
            (Some(Err(e)), _) => e.clone(),
        }
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
            Column::Annotators => self.n_annotators.cmp(&other.n_annotators),
            Column::Units => self.units.cmp(&other.units),
            Column::Gamma => number(self.gamma(), other.gamma()),
            Column::ObservedDisorder => number(self.observed(), other.observed()),
            Column::Decided => self.decided.cmp(&other.decided),
            Column::State => self.state().cmp(&other.state()),
        }
    }
}

/// The table's lines in the order chosen.
fn lines(state: &AppState) -> Vec<Line> {
    let adjudicated = state.adjudicating.as_ref().map(|a| {
        let progress = a.session.adjudication.progress();
        (a.document, (progress.decided, progress.total))
    });
    let mut lines: Vec<Line> = (state.documents.iter().enumerate())
        .map(|(index, document)| {
            let continuum = document.continuum();
            let names = continuum.annotator_names();
            Line {
                index,
                name: continuum.name.clone(),
                annotators: names.join(", "),
                n_annotators: names.len(),
                units: continuum.n_units(),
                measured: state.dashboard.rows.get(index).cloned().flatten(),
                decided: adjudicated.filter(|(d, _)| *d == index).map(|(_, p)| p),
            }
        })
        .collect();
    let (column, ascending) = state.dashboard.sort;
    lines.sort_by(|a, b| {
        let order = a.compare(b, column).then(a.index.cmp(&b.index));
        if ascending { order } else { order.reverse() }
    });
    lines
}

/// The open documents (their indices) in the table's order.
#[cfg(test)]
pub(super) fn order(state: &AppState) -> Vec<usize> {
    lines(state).iter().map(|l| l.index).collect()
}

/// Draws the dashboard (the central view of [`super::state::Mode::Dashboard`]).
pub fn show(ui: &mut Ui, state: &mut AppState) {
    if state.uses_text_gamma() {
        ui.label("The dashboard measures γ: choose γ in Settings to see it.");
        return;
    }
    corpus_line(ui, state);
    pairwise_matrix(ui, state);
    ui.separator();
    let lines = lines(state);
    let mut opened = None;
    egui::ScrollArea::both()
        .id_salt("dashboard-table")
        .show(ui, |ui| {
            egui::Grid::new("dashboard-grid")
                .striped(true)
                .num_columns(Column::ALL.len())
                .show(ui, |ui| {
                    header(ui, &mut state.dashboard.sort);
                    for line in &lines {
                        if row(ui, line) {
                            opened = Some(line.index);
                        }
                    }
                });
        });
    if let Some(index) = opened {
        state.mode = super::state::Mode::Annotations;
        if index != state.current {
            state.select_document(index);
        }
    }
}

/// The corpus γ, what it is, and how far the rows are.
fn corpus_line(ui: &mut Ui, state: &AppState) {
    let dashboard = &state.dashboard;
    let options = state.settings.gamma_options();
    let figure = match &dashboard.corpus {
        Some(Ok(c)) => format!(
            "corpus γ {:.3} [{:.3}, {:.3}]",
            c.gamma, c.interval.0, c.interval.1
        ),
        Some(Err(e)) => format!("corpus γ: {e}"),
        None => "corpus γ …".into(),
    };
    let samples = match &dashboard.corpus {
        Some(Ok(c)) => format!("{} samples", c.n_samples),
        _ => match options.samples {
            SampleCount::Fixed(n) => format!("{n} samples"),
            _ => "samples to the precision set".into(),
        },
    };
    let seed = match &dashboard.corpus {
        Some(Ok(c)) => c.seed,
        _ => options.seed,
    };
    ui.horizontal_wrapped(|ui| {
        ui.heading(figure);
        ui.label(format!(
            "pooled over the {} documents (observed disorder summed, chance from the whole \
             corpus); sampler {}, {samples}, seed {seed}",
            state.documents.len(),
            options.sampler,
        ));
    });
    let (done, total) = dashboard.progress;
    if dashboard.is_running() {
        ui.add(
            egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                .text(format!("documents measured: {done} of {total}")),
        );
    }
}

/// γ of every pair of annotators over the corpus.
fn pairwise_matrix(ui: &mut Ui, state: &AppState) {
    let Some(pairs) = &state.dashboard.pairwise else {
        return;
    };
    let mut names: Vec<&str> = Vec::new();
    for pair in pairs {
        for name in &pair.annotators {
            if !names.contains(&name.as_str()) {
                names.push(name);
            }
        }
    }
    if names.len() < 2 {
        return;
    }
    let title = "γ of each pair of annotators over the corpus";
    egui::CollapsingHeader::new(title)
        .default_open(true)
        .show(ui, |ui| {
            egui::Grid::new("dashboard-pairwise")
                .striped(true)
                .show(ui, |ui| {
                    ui.label("");
                    for name in &names[1..] {
                        ui.strong(*name);
                    }
                    ui.end_row();
                    for (i, first) in names[..names.len() - 1].iter().enumerate() {
                        ui.strong(*first);
                        for (j, second) in names.iter().enumerate().skip(1) {
                            let cell = (j > i)
                                .then(|| {
                                    pairs.iter().find(|p| {
                                        p.annotators[0] == *first && p.annotators[1] == *second
                                            || p.annotators[1] == *first
                                                && p.annotators[0] == *second
                                    })
                                })
                                .flatten();
                            match cell {
                                Some(pair) => match &pair.result {
                                    Ok(r) => ui.label(format!("{:.3}", r.gamma)).on_hover_text(
                                        format!("{} documents in common", pair.documents),
                                    ),
                                    Err(e) => ui.label("—").on_hover_text(gamma_error_words(e)),
                                },
                                None => ui.label(""),
                            };
                        }
                        ui.end_row();
                    }
                });
        });
}

/// The header: a click sorts by the column, a second click reverses.
fn header(ui: &mut Ui, sort: &mut (Column, bool)) {
    for column in Column::ALL {
        let arrow = match *sort {
            (c, true) if c == column => " ▲",
            (c, false) if c == column => " ▼",
            _ => "",
        };
        let title = format!("{}{arrow}", column.title());
        if ui
            .add(egui::Button::new(egui::RichText::new(title).strong()).frame(false))
            .on_hover_text("sort by this column (again: the other way)")
            .clicked()
        {
            *sort = if sort.0 == column {
                (column, !sort.1)
            } else {
                (column, true)
            };
        }
    }
    ui.end_row();
}

/// One document's row; whether its name was clicked (open it).
fn row(ui: &mut Ui, line: &Line) -> bool {
    let clicked = ui
        .link(&line.name)
        .on_hover_text("open this document")
        .clicked();
    ui.label(&line.annotators);
    ui.label(line.units.to_string());
    match &line.measured {
        Some(Ok(m)) => ui.label(format!(
            "{:.3} [{:.3}, {:.3}]",
            m.gamma, m.interval.0, m.interval.1
        )),
        _ => ui.label("…"),
    };
    ui.label(line.observed().map_or("…".into(), |d| format!("{d:.3}")));
    ui.label(
        line.decided
            .map_or(String::new(), |(d, t)| format!("{d} / {t}")),
    );
    ui.label(line.state());
    ui.end_row();
    clicked
}
