//! The selected unitary alignment (each annotator's unit, the pairwise dissimilarities and
//! the alignment's share of the disorder) and the list of all unitary alignments, worst first
//! or in text order; a click in the list selects one and brings it into view.

use super::palette;
use super::shown_alignments::AlignmentOrder;
use crate::app::AppState;
use eframe::egui::{self, RichText, Ui};

/// The selected unitary alignment: its units, its disorder and, when it is the latest
/// result's, the pairwise dissimilarities.
pub fn show_inspector(ui: &mut Ui, state: &AppState) {
    let (Some(index), Some(document)) = (state.documents.selection.alignment, state.document())
    else {
        ui.label(RichText::new("Click a unit or a line to inspect its unitary alignment.").weak());
        return;
    };
    let Some(shown) = state.shown() else {
        return;
    };
    let Some(alignment) = shown.get(index) else {
        return;
    };
    let (slots, disorder) = (&alignment.units, alignment.disorder);
    let count = shown.len();
    let continuum = document.continuum();
    let total = shown.total_disorder;
    ui.strong(format!("Unitary alignment {} of {count}", index + 1));
    if let Some(words) = document.alignment_words(slots, (alignment.start, alignment.end), 200) {
        ui.label(format!("“{words}”"));
    }
    ui.label(format!(
        "disorder δ = {disorder:.4}   ({:.1} % of the total)",
        if total > 0.0 {
            100.0 * disorder / total
        } else {
            0.0
        }
    ));
    egui::Grid::new("inspector-units")
        .striped(true)
        .show(ui, |ui| {
            ui.strong("annotator");
            ui.strong("unit");
            ui.end_row();
            for (a, slot) in slots.iter().enumerate() {
                ui.label(&continuum.annotators[a].name);
                match slot {
                    Some(u) => {
                        let unit = &continuum.annotators[a].units[*u];
                        let covered = continuum
                            .covered_text(a, unit)
                            .map(|t| format!("“{t}”"))
                            .unwrap_or_default();
                        ui.label(format!(
                            "{} [{}, {}) {covered}",
                            unit.category, unit.start, unit.end
                        ));
                    }
                    None => {
                        ui.label("∅ (no unit)");
                    }
                }
                ui.end_row();
            }
        });
    ui.add_space(4.0);
    pairwise_dissimilarities(ui, state, index, slots);
}

/// The selected alignment's pairwise dissimilarities (positional, categorical, combined).
/// They need the latest result's problem; while adjudicating, the alignment may come from
/// earlier settings, and then they are not shown.
fn pairwise_dissimilarities(ui: &mut Ui, state: &AppState, index: usize, slots: &[Option<usize>]) {
    let Some(document) = state.document() else {
        return;
    };
    let continuum = document.continuum();
    let Some(outcome) = state.current_outcome() else {
        return;
    };
    let aligned = &outcome.result.documents[0];
    let same = outcome.shown.get(index).is_some_and(|a| a.units == *slots);
    if !same {
        ui.label(
            RichText::new(
                "This alignment was computed with earlier settings: its pairwise dissimilarities are not shown.",
            )
            .weak(),
        );
        return;
    }
    let d = &aligned.problem.dissimilarity;
    let span_of = |a: usize| {
        aligned.alignment.unitary_alignments[index]
            .members
            .iter()
            .map(|&m| &aligned.problem.units[m as usize])
            .find(|u| u.annotator as usize == a)
            .map(|u| u.span)
    };
    egui::Grid::new("inspector-pairs")
        .striped(true)
        .show(ui, |ui| {
            ui.strong("pair");
            ui.strong("positional");
            ui.strong("categorical");
            ui.strong("d");
            ui.end_row();
            for first in 0..slots.len() {
                for second in first + 1..slots.len() {
                    ui.label(format!(
                        "{} – {}",
                        continuum.annotators[first].name, continuum.annotators[second].name
                    ));
                    match (span_of(first), span_of(second)) {
                        (Some(u), Some(v)) => {
                            ui.label(format!("{:.4}", d.alpha * d.positional(&u, &v)));
                            ui.label(format!("{:.4}", d.beta * d.categorical(&u, &v)));
                            ui.label(format!("{:.4}", d.combined(&u, &v)));
                        }
                        (None, None) => {
                            ui.label("–");
                            ui.label("–");
                            ui.label("0");
                        }
                        _ => {
                            ui.label("–");
                            ui.label("–");
                            ui.label(format!("{:.4} (Δ∅)", d.delta_empty));
                        }
                    }
                    ui.end_row();
                }
            }
        });
}

/// The most characters of the covered words a line of the list shows.
const LIST_WORDS: usize = 36;

/// The list of the shown unitary alignments, worst first or in text order: the disorder, the
/// words covered (the position when there is no text) and each annotator's category.
pub fn show_list(ui: &mut Ui, state: &mut AppState) {
    if state.shown().is_none_or(|s| s.is_empty()) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.strong("Unitary alignments");
        ui.selectable_value(
            &mut state.documents.selection.order,
            AlignmentOrder::WorstFirst,
            "worst first",
        );
        ui.selectable_value(
            &mut state.documents.selection.order,
            AlignmentOrder::TextOrder,
            "text order",
        );
    });
    let (Some(document), Some(shown)) = (state.document(), state.shown()) else {
        return;
    };
    let order = state.documents.selection.order;
    let continuum = document.continuum();
    let adjudicating = state.adjudicating();
    let mut clicked = None;
    // Both ways: ten annotators' categories scroll instead of widening the panel.
    egui::ScrollArea::both()
        .id_salt("alignment-list")
        .max_height(ui.available_height())
        .show_rows(ui, 18.0, shown.len(), |ui, rows| {
            // One line each (the rows have one height): long words are cut, not wrapped.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            for position in rows {
                let Some(index) = shown.at(order, position) else {
                    continue;
                };
                let alignment = &shown.rows[index];
                let (slots, disorder) = (&alignment.units, alignment.disorder);
                let summary: Vec<String> = slots
                    .iter()
                    .enumerate()
                    .map(|(a, s)| match s {
                        Some(u) => continuum.annotators[a].units[*u].category.clone(),
                        None => "∅".into(),
                    })
                    .collect();
                let place = match document.alignment_words(
                    &alignment.units,
                    (alignment.start, alignment.end),
                    LIST_WORDS,
                ) {
                    Some(words) => format!("“{words}”"),
                    None => format!("@{}", alignment.start),
                };
                let mut text = format!("δ {disorder:.3}  {place}  {}", summary.join(" · "));
                let decision = adjudicating.and_then(|a| a.adjudication().decision(index));
                if let Some(decision) = decision {
                    text = format!("{} {text}", status_word(decision));
                }
                let mut label = RichText::new(text);
                if let Some(decision) = decision {
                    label = label.color(palette::status_colour(decision));
                }
                let selected = state.documents.selection.alignment == Some(index);
                if ui.selectable_label(selected, label).clicked() {
                    clicked = Some(index);
                }
            }
        });
    if let Some(index) = clicked {
        state.select_alignment(index);
    }
}

/// How the list names a status.
pub fn status_word(decision: &gamma_core::gold::Decision) -> &'static str {
    use gamma_core::gold::Decision;
    match decision {
        Decision::Open => "○",
        Decision::Decided { .. } => "✔",
        Decision::Skipped { .. } => "↷",
    }
}
