//! The adjudication's questions before an action that cannot be taken back by Ctrl+Z or that
//! discards much at once: overwriting an input file with an export (naming whose annotation it
//! is), and starting over (naming how many decisions it discards; undo brings them back).
//! Cancel answers no, and so does Escape (the window closes the question on top).

use super::adjudicating::what_input_holds;
use crate::app::AppState;
use crate::app::commands::Command;
use eframe::egui::{self, Ui};

/// "Start over…": asks first (see [`show`]); enabled when something is decided or skipped.
pub fn start_over_button(ui: &mut Ui, state: &mut AppState) {
    let Some(adjudicating) = state.adjudicating() else {
        return;
    };
    let discarded = discarded(adjudicating.adjudication());
    let button = ui
        .add_enabled(discarded > 0, egui::Button::new("Start over…"))
        .on_hover_text("discard every decision of this document (asks first; Ctrl+Z undoes it)")
        .on_disabled_hover_text("nothing is decided yet");
    if button.clicked() {
        state.send(Command::StartOver { confirmed: false });
    }
}

/// How many decisions starting over discards: the alignments and relations decided or skipped.
fn discarded(adjudication: &gamma_core::gold::Adjudication) -> usize {
    let progress = adjudication.progress();
    let relations = adjudication.relation_progress();
    progress.decided + progress.skipped + relations.decided + relations.skipped
}

/// The question waiting for an answer, if any.
pub fn show(ui: &mut Ui, state: &mut AppState) {
    confirm_overwrite(ui, state);
    confirm_start_over(ui, state);
}

fn confirm_overwrite(ui: &mut Ui, state: &mut AppState) {
    let Some(pending) = (state.adjudicating()).and_then(|a| a.confirm_overwrite.clone()) else {
        return;
    };
    let holds = (state.document())
        .map(|d| what_input_holds(&d.document.source, &pending.path))
        .unwrap_or_default();
    let mut answer = None;
    egui::Window::new("Overwrite an input file?")
        .collapsible(false)
        .resizable(false)
        .show(ui.ctx(), |ui| {
            ui.label(format!(
                "{} holds {holds}: it is one of the files this document was read from. \
                 Replace it with the export? The annotation it holds would be lost.",
                pending.path.display()
            ));
            ui.horizontal(|ui| {
                if ui.button(format!("Replace {holds}")).clicked() {
                    answer = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(false);
                }
            });
        });
    match answer {
        Some(true) => state.send(Command::Export {
            kind: pending.kind,
            path: pending.path,
            confirmed: true,
        }),
        Some(false) => state.send(Command::KeepInputs),
        None => {}
    }
}

fn confirm_start_over(ui: &mut Ui, state: &mut AppState) {
    let Some(adjudicating) = state.adjudicating().filter(|a| a.confirm_start_over) else {
        return;
    };
    let adjudication = adjudicating.adjudication();
    let (progress, relations) = (adjudication.progress(), adjudication.relation_progress());
    let count = discarded(adjudication);
    let name = adjudication.continuum().name.clone();
    let mut parts = vec![format!("{} decided", progress.decided)];
    if progress.skipped > 0 {
        parts.push(format!("{} skipped", progress.skipped));
    }
    if relations.decided + relations.skipped > 0 {
        parts.push(format!(
            "{} of relations",
            relations.decided + relations.skipped
        ));
    }
    let gold = adjudication.gold().len();
    let mut answer = None;
    egui::Window::new("Start over?")
        .collapsible(false)
        .resizable(false)
        .show(ui.ctx(), |ui| {
            ui.label(format!(
                "Start the adjudication of {name} over? This discards its {} ({}) and its {}. \
                 Undo (Ctrl+Z) brings them back.",
                if count == 1 {
                    "decision".to_string()
                } else {
                    format!("{count} decisions")
                },
                parts.join(", "),
                if gold == 1 {
                    "gold unit".to_string()
                } else {
                    format!("{gold} gold units")
                },
            ));
            ui.horizontal(|ui| {
                let discard = match count {
                    1 => "Discard 1 decision".to_string(),
                    n => format!("Discard {n} decisions"),
                };
                if ui.button(discard).clicked() {
                    answer = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(false);
                }
            });
        });
    match answer {
        Some(true) => state.send(Command::StartOver { confirmed: true }),
        Some(false) => state.send(Command::KeepDecisions),
        None => {}
    }
}
