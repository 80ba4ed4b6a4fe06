//! Small widgets the rooms share.

use eframe::egui::{self, Ui};
use std::collections::BTreeSet;

/// A dashboard filter's drop-down, after its `label`: `any` or one of `values` (the campaign's
/// and the coding studies' dashboards).
pub fn filter_choice(
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
