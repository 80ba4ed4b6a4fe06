//! The adjudication panel's bulk rules: decide the unanimous alignments, or those under a
//! disorder threshold with a majority agreeing, in the document shown or (a corpus) in every
//! document at once as one step.

use super::Edit;
use crate::app::AppState;
use crate::app::campaign::CorpusRule;
use crate::app::commands::Command;
use eframe::egui::{self, Ui};

/// The rules, for the document shown, then for the corpus.
pub fn show(ui: &mut Ui, state: &mut AppState) {
    let n = state
        .adjudicating()
        .map_or(2, |a| a.adjudication().continuum().n_annotators());
    if ui
        .button("Decide all unanimous alignments")
        .on_hover_text("every annotator, same category, same span; and the relations every annotator has with the same label")
        .clicked()
    {
        state.send(Command::Adjudicate(Edit::Unanimous));
    }
    let Some(adjudicating) = state.adjudicating_mut() else {
        return;
    };
    let (mut threshold, mut majority) = (adjudicating.threshold, adjudicating.majority);
    let mut run = false;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("δ ≤").id;
        ui.add(
            egui::DragValue::new(&mut threshold)
                .speed(0.01)
                .range(0.0..=5.0),
        )
        .labelled_by(label);
        let label = ui.label("and ≥").id;
        ui.add(egui::DragValue::new(&mut majority).range(1..=n))
            .labelled_by(label);
        ui.label("agree:");
        run = ui.button("Decide").clicked();
    });
    adjudicating.threshold = threshold;
    adjudicating.majority = majority;
    if run {
        state.send(Command::Adjudicate(Edit::BelowThreshold {
            threshold,
            majority,
        }));
    }
    if state.documents.open.len() > 1 {
        show_corpus_bulk(ui, state, threshold, majority);
    }
}

/// The same rules over every open document, as one step.
fn show_corpus_bulk(ui: &mut Ui, state: &mut AppState, threshold: f64, majority: usize) {
    let corpus = format!("over the {} documents:", state.documents.open.len());
    ui.horizontal_wrapped(|ui| {
        ui.label(corpus);
        if ui
            .button("Decide every unanimous alignment")
            .on_hover_text("in every document at once; one undo takes it back everywhere")
            .clicked()
        {
            state.send(Command::CorpusRule(CorpusRule::Unanimous));
        }
        if ui
            .button(format!("Decide δ ≤ {threshold}, {majority} agreeing"))
            .on_hover_text("in every document at once; one undo takes it back everywhere")
            .clicked()
        {
            state.send(Command::CorpusRule(CorpusRule::BelowThreshold {
                threshold,
                majority,
            }));
        }
    });
}
