//! The window offered for a mouse selection in the text while adjudicating: a new gold unit of
//! a category there, or the selected gold unit's boundaries moved there (snapped to tokens).

use super::ReadingView;
use crate::app::AppState;
use crate::app::adjudication::Edit;
use crate::app::adjudication::panel::gold_categories;
use crate::app::commands::Command;
use eframe::egui::{self, Ui};
use gamma_core::Unit;
use gamma_core::gold::GoldId;

/// The characters `[low, high)` selected with the mouse, snapped to tokens, while adjudicating
/// (`None` otherwise, or for an empty selection).
pub(super) fn selection_for_gold(state: &AppState, low: usize, high: usize) -> Option<(f64, f64)> {
    let adjudication = state.adjudicating()?.adjudication();
    // Offsets of another annotator's text are not the gold's.
    if high <= low || state.documents.reading.text_of.is_some() {
        return None;
    }
    let start = adjudication.snap(low as f64, true);
    let end = adjudication.snap(high as f64, false);
    Some(if end > start {
        (start, end)
    } else {
        (low as f64, high as f64)
    })
}

/// What the user chose for a selection.
enum GoldChoice {
    /// A new gold unit of this category.
    New(String),
    /// The selected gold unit's new boundaries.
    Bounds(GoldId),
    Cancel,
}

/// The window offered for a finished selection: a new gold unit of a category, or the
/// selected gold unit's boundaries moved there.
pub(super) fn gold_picker(ui: &Ui, state: &mut AppState, reading: &mut ReadingView) {
    let Some((start, end)) = reading.pending_gold else {
        return;
    };
    if state.adjudicating().is_none() {
        reading.pending_gold = None;
        return;
    }
    let covered: String = reading.wrapped.as_ref().map_or_else(String::new, |w| {
        w.chars[(start as usize).min(w.chars.len())..(end as usize).min(w.chars.len())]
            .iter()
            .collect()
    });
    let categories = gold_categories(state);
    let selected_gold = state.adjudicating().and_then(|a| a.selected_gold);
    let mut choice = None;
    egui::Window::new("New gold unit")
        .collapsible(false)
        .resizable(false)
        .show(ui.ctx(), |ui| {
            ui.label(format!("“{covered}” [{start}, {end})"));
            ui.label("Category of a new gold unit here:");
            ui.horizontal_wrapped(|ui| {
                for category in &categories {
                    if ui.button(category).clicked() {
                        choice = Some(GoldChoice::New(category.clone()));
                    }
                }
            });
            if let Some(id) = selected_gold
                && ui
                    .button("Move the selected gold unit here")
                    .on_hover_text("its boundaries become those of the selection")
                    .clicked()
            {
                choice = Some(GoldChoice::Bounds(id));
            }
            if ui.button("Cancel").clicked() {
                choice = Some(GoldChoice::Cancel);
            }
        });
    let Some(choice) = choice else {
        return;
    };
    reading.pending_gold = None;
    match choice {
        GoldChoice::New(category) => {
            let Ok(unit) = Unit::new(start, end, category) else {
                return;
            };
            state.send(Command::Adjudicate(Edit::Add(Some(unit))));
        }
        GoldChoice::Bounds(id) => {
            state.send(Command::Adjudicate(Edit::Bounds {
                unit: id,
                start,
                end,
            }));
        }
        GoldChoice::Cancel => {}
    }
}
