//! The Coding view: a folder's dashboard, or the study shown — the agreement on the left, the
//! adjudication on the right, and in the middle its items or its pairs of coders.

use super::{CodingCommand, CodingView, StudyTab};
use super::{agreement_panel, dashboard_panel, decision_panel, items_panel, pairs_panel};
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::files::dialog::FileDialog;
use crate::app::shell::layout::Panels;
use eframe::egui::{self, RichText, Ui};

/// Draws the view (the central view of [`crate::app::shell::Mode::Coding`]).
pub fn show(ui: &mut Ui, state: &mut AppState, panels: &mut Panels, dialog: &mut dyn FileDialog) {
    let dashboard = state.coding.view == CodingView::Dashboard && state.coding.dashboard.is_some();
    if dashboard || state.coding.shown().is_none() {
        egui::CentralPanel::default().show(ui, |ui| {
            panels.central = ui.max_rect();
            if dashboard {
                dashboard_panel::show(ui, state, dialog);
            } else if state.coding_is_reading() {
                ui.label("Reading the table…");
            } else {
                ui.label("Open a coding table (File → Open…): a wide, long or contingency CSV.");
            }
        });
        return;
    }
    if panels.left {
        panels.left(ui, "coding-agreement").show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("coding-left")
                .show(ui, |ui| agreement_panel::show(ui, state, dialog));
        });
    }
    if panels.right {
        panels.right(ui, "coding-adjudication").show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("coding-right")
                .show(ui, |ui| decision_panel::show(ui, state, dialog));
        });
    }
    egui::CentralPanel::default().show(ui, |ui| {
        panels.central = ui.max_rect();
        top_bar(ui, state);
        ui.separator();
        match state.coding.tab {
            StudyTab::Items => items_panel::show(ui, state),
            StudyTab::Pairs => pairs_panel::show(ui, state),
        }
    });
}

/// The way back to the dashboard, the study's name and warnings, the tabs, Read again.
fn top_bar(ui: &mut Ui, state: &mut AppState) {
    let mut send = None;
    let folder = state.coding.dashboard.is_some();
    let Some(study) = state.coding.shown() else {
        return;
    };
    let name = study.name().to_string();
    let warnings = study.warnings.clone();
    ui.horizontal_wrapped(|ui| {
        if folder
            && ui
                .button("◀ All tables")
                .on_hover_text("the dashboard of the folder's tables")
                .clicked()
        {
            send = Some(CodingCommand::ShowDashboard);
        }
        ui.label(RichText::new(&name).strong());
        ui.separator();
        ui.selectable_value(&mut state.coding.tab, StudyTab::Items, "Items")
            .on_hover_text("each item with each coder's label, disagreements first");
        ui.selectable_value(&mut state.coding.tab, StudyTab::Pairs, "Coder pairs")
            .on_hover_text("the confusion matrix of two coders, the coefficients per pair");
        ui.separator();
        if ui
            .button("Read again…")
            .on_hover_text(
                "the table through the open dialog again: another shape, other missing cells",
            )
            .clicked()
        {
            send = Some(CodingCommand::ReadAgain);
        }
    });
    for warning in warnings {
        ui.label(RichText::new(format!("warning: {warning}")).weak());
    }
    if let Some(command) = send {
        state.send(Command::Coding(command));
    }
}
