//! The campaign dashboard: every open document in one table ([`super::dashboard_table`]),
//! worst γ first, narrowed to an annotator's documents or those with a category, written as CSV;
//! above it the corpus γ, saying what it is, the pairwise matrix of annotators and γ-k of each
//! category over the corpus, and the order of the adjudication queue. A row opens its document.
//! The figures are [`super::dashboard`]'s.

use super::QueueOrder;
use super::dashboard_table::{self, CONFIDENCE_TIP, Line, PRECISION_TIP};
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::files::dialog::FileDialog;
use eframe::egui::{self, Ui};
use gamma_core::SampleCount;
use std::collections::BTreeSet;

/// The title of the table's export dialog.
const EXPORT_TITLE: &str = "Export the table as CSV";

/// The open documents (their indices) in the table's order, those the filters keep.
#[cfg(test)]
pub(crate) fn order(state: &AppState) -> Vec<usize> {
    dashboard_table::lines(state)
        .iter()
        .map(|l| l.index)
        .collect()
}

/// Draws the dashboard (the central view of [`crate::app::shell::Mode::Dashboard`]).
pub fn show(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    if state.uses_text_gamma() {
        ui.label("The dashboard measures γ: choose γ in Settings to see it.");
        return;
    }
    corpus_line(ui, state);
    ui.horizontal_top(|ui| {
        pairwise_matrix(ui, state);
        category_gammas(ui, state);
    });
    ui.separator();
    let lines = dashboard_table::lines(state);
    filters(ui, state, dialog, &lines);
    dashboard_table::show(ui, state, &lines);
}

/// The filters, the queue's order and the export of the rows shown.
fn filters(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog, lines: &[Line]) {
    let mut annotators = BTreeSet::new();
    let mut categories = BTreeSet::new();
    for document in &state.documents.open {
        annotators.extend(document.continuum().annotator_names());
        categories.extend(document.category_counts.iter().map(|(c, _)| c.clone()));
    }
    let dashboard = &mut state.campaign.dashboard;
    let mut order = state.campaign.order;
    let mut export_to = None;
    ui.horizontal_wrapped(|ui| {
        choice(
            ui,
            "annotator",
            "any annotator",
            &annotators,
            &mut dashboard.annotator_filter,
        );
        choice(
            ui,
            "category",
            "any category",
            &categories,
            &mut dashboard.category_filter,
        );
        ui.label(format!(
            "{} of {} documents",
            lines.len(),
            state.documents.open.len()
        ));
        ui.separator();
        ui.label("adjudicate");
        ui.selectable_value(&mut order, QueueOrder::Documents, "in document order")
            .on_hover_text("N goes on to the next document in the list");
        ui.selectable_value(&mut order, QueueOrder::WorstFirst, "worst γ first")
            .on_hover_text("N goes on to the document with the next lowest γ");
        ui.separator();
        let export = ui
            .button("Export the table…")
            .on_hover_text("the rows shown, as CSV (the columns of gamma DIR --per-document)");
        if (export.clicked() || dialog.ready(EXPORT_TITLE))
            && let Some(path) = dialog.save_file(EXPORT_TITLE, "per-document.csv")
        {
            export_to = Some(path);
        }
    });
    if let Some(path) = export_to {
        let documents = lines.iter().map(|l| l.id).collect();
        state.send(Command::ExportTable { path, documents });
    }
    if order != state.campaign.order {
        state.send(Command::QueueOrder(order));
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
    egui::ComboBox::from_id_salt(("dashboard-filter", label.id))
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

/// γ-k of each category over the corpus (with the corpus γ's random continua).
fn category_gammas(ui: &mut Ui, state: &AppState) {
    let Some(Ok(corpus)) = &state.campaign.dashboard.corpus else {
        return;
    };
    if corpus.gamma_k.is_empty() {
        return;
    }
    let filter = state.campaign.dashboard.category_filter.as_ref();
    egui::CollapsingHeader::new("γ-k of each category over the corpus")
        .default_open(true)
        .show(ui, |ui| {
            egui::Grid::new("dashboard-gamma-k")
                .striped(true)
                .show(ui, |ui| {
                    for (category, gamma) in &corpus.gamma_k {
                        let name = egui::RichText::new(category);
                        ui.label(if filter == Some(category) {
                            name.strong()
                        } else {
                            name
                        });
                        ui.label(format!("{gamma:.3}"));
                        ui.end_row();
                    }
                });
        });
}

/// A confidence interval as shown: "95 % CI [0.946, 1.000]", or why there is none.
pub(super) fn confidence_text(confidence: &Result<(f64, f64), String>) -> String {
    match confidence {
        Ok((low, high)) => format!("95 % CI [{low:.3}, {high:.3}]"),
        Err(why) => why.clone(),
    }
}

/// The corpus γ, what it is, its intervals (each labelled, each with its tooltip), and how far
/// the rows are.
fn corpus_line(ui: &mut Ui, state: &AppState) {
    let dashboard = &state.campaign.dashboard;
    let options = state.measure.settings.gamma_options();
    let figure = match &dashboard.corpus {
        Some(Ok(c)) => format!("corpus γ {:.3}", c.gamma),
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
        if let Some(Ok(c)) = &dashboard.corpus {
            let over = format!(
                "{CONFIDENCE_TIP}; here over the documents, {} replicates",
                c.replicates
            );
            ui.heading(confidence_text(&c.confidence))
                .on_hover_text(over);
            ui.label(format!(
                "precision of the chance estimate [{:.3}, {:.3}]",
                c.precision.0, c.precision.1
            ))
            .on_hover_text(PRECISION_TIP);
        }
        ui.label(format!(
            "pooled over the {} (observed disorder summed, chance from the whole corpus); \
             sampler {}, {samples}, seed {seed}",
            crate::wording::plural(state.documents.open.len(), "document", "documents"),
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
    let pairs = match &state.campaign.dashboard.pairwise {
        None => return,
        Some(Err(why)) => {
            ui.label(egui::RichText::new(format!("pairwise γ: {why}")).weak());
            return;
        }
        Some(Ok(pairs)) => pairs,
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
                                    Err(e) => ui.label("—").on_hover_text(e.to_string()),
                                },
                                None => ui.label(""),
                            };
                        }
                        ui.end_row();
                    }
                });
        });
}
