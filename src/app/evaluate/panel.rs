//! The Evaluate window: the reference, γ's chance model and the label mapping chosen; each
//! system's scores, the per-category bars, the confusion matrix and the disagreements (a click
//! selects one on the timeline).

use super::{CURATED, Evaluate, ReferenceChoice, select_disagreement};
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::files::dialog::FileDialog;
use eframe::egui::{self, Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, Plot};
use gamma_core::evaluate::spans::Scheme;
use gamma_core::evaluate::{ChanceModel, EvaluatedUnit, Evaluation, SystemEvaluation};

/// Draws the window when it is open (call every frame).
pub fn window(ui: &Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    // The room's state is taken out while it is drawn beside the rest of the app's.
    let mut evaluate = std::mem::take(&mut state.evaluate);
    evaluate.window(ui, state, dialog);
    state.evaluate = evaluate;
}

impl Evaluate {
    fn window(&mut self, ui: &Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
        if !self.open {
            self.cancel(&mut state.jobs);
            return;
        }
        self.refresh(state);
        let mut open = self.open;
        egui::Window::new("Evaluate against a reference")
            .open(&mut open)
            .default_size([620.0, 640.0])
            .vscroll(true)
            .show(ui.ctx(), |ui| show(ui, self, state, dialog));
        self.open = open;
        if self.is_running() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
    }
}

fn show(ui: &mut Ui, panel: &mut Evaluate, state: &mut AppState, dialog: &mut dyn FileDialog) {
    if state.document().is_none() {
        ui.label("Open a document first.");
        return;
    }
    controls(ui, panel, state, dialog);
    if let Some(message) = &panel.message {
        ui.colored_label(Color32::from_rgb(200, 80, 60), message);
    }
    if panel.is_running() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Evaluating…");
        });
    }
    ui.separator();
    let Some(finished) = &panel.finished else {
        return;
    };
    let evaluation = match &finished.evaluation {
        Ok(evaluation) => evaluation,
        Err(message) => {
            ui.colored_label(Color32::from_rgb(200, 80, 60), message.to_string());
            return;
        }
    };
    let (mut selected, mut scheme) = (panel.selected_system, panel.scheme);
    systems_table(ui, &mut selected, evaluation);
    let mut clicked = None;
    if let Some(system) = evaluation.systems.get(selected) {
        ui.separator();
        ui.heading(format!(
            "{} against {}",
            system.annotator, evaluation.reference
        ));
        category_bars(ui, &mut scheme, system);
        confusion_grid(ui, system);
        labels_note(ui, system);
        disagreements_list(ui, system, &mut clicked);
        if let Some(index) = clicked {
            select_disagreement(
                state,
                &evaluation.reference,
                system,
                &system.disagreements[index],
            );
        }
    }
    panel.selected_system = selected;
    panel.scheme = scheme;
}

fn controls(ui: &mut Ui, panel: &mut Evaluate, state: &mut AppState, dialog: &mut dyn FileDialog) {
    let current = panel.reference(state);
    let name = |r: &Option<ReferenceChoice>| match r {
        Some(ReferenceChoice::Annotator(name)) => name.clone(),
        Some(ReferenceChoice::Gold) => "the gold being adjudicated".to_string(),
        Some(ReferenceChoice::Curated) => CURATED.to_string(),
        None => "–".to_string(),
    };
    ui.horizontal(|ui| {
        let label = ui.label("Reference:");
        egui::ComboBox::from_id_salt("evaluate-reference")
            .selected_text(name(&current))
            .show_ui(ui, |ui| {
                if state
                    .document()
                    .is_some_and(|d| d.document.reference().is_some())
                {
                    let choice = Some(ReferenceChoice::Curated);
                    if ui.selectable_label(current == choice, CURATED).clicked() {
                        panel.reference = choice;
                    }
                }
                if let Some(document) = state.document() {
                    for annotator in &document.continuum().annotators {
                        let choice = Some(ReferenceChoice::Annotator(annotator.name.clone()));
                        if ui
                            .selectable_label(current == choice, &annotator.name)
                            .clicked()
                        {
                            panel.reference = choice;
                        }
                    }
                }
                if state.adjudicating().is_some() {
                    let choice = Some(ReferenceChoice::Gold);
                    if ui
                        .selectable_label(current == choice, "the gold being adjudicated")
                        .clicked()
                    {
                        panel.reference = choice;
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        ui.label("γ's chance model:");
        ui.radio_value(
            &mut panel.chance_model,
            ChanceModel::Reference,
            "the reference's",
        )
        .on_hover_text("chance annotations drawn from the reference alone: one scale for all");
        ui.radio_value(&mut panel.chance_model, ChanceModel::Pair, "each pair's")
            .on_hover_text("the ordinary γ of the two annotators");
    });
    ui.horizontal(|ui| {
        let label = match &panel.mapping {
            Some((path, m)) => format!("Label mapping: {} ({} labels)", file_name(path), m.len()),
            None => "Label mapping…".to_string(),
        };
        if (ui
            .button(label)
            .on_hover_text("a CSV of system_label,reference_label lines")
            .clicked()
            || dialog.ready("Label mapping"))
            && let Some(path) = dialog.pick_file("Label mapping", &["csv"])
        {
            state.send(Command::LoadMapping(path));
        }
        if panel.mapping.is_some() && ui.button("No mapping").clicked() {
            state.send(Command::DropMapping);
        }
        let evaluation = panel
            .finished
            .as_ref()
            .and_then(|f| f.evaluation.as_ref().ok());
        if evaluation.is_some()
            && (ui.button("Export the table…").clicked() || dialog.ready("Export the table"))
            && let Some(path) = dialog.save_file("Export the table", "evaluation.csv")
        {
            state.send(Command::ExportEvaluation(path));
        }
    });
}

fn file_name(path: &std::path::Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// One row per system: γ and the F1 of each scheme; click a name to show its details.
fn systems_table(ui: &mut Ui, selected: &mut usize, evaluation: &Evaluation) {
    egui::Grid::new("evaluate-systems")
        .striped(true)
        .num_columns(8)
        .show(ui, |ui| {
            for header in [
                "annotator",
                "γ",
                "strict P",
                "strict R",
                "strict F1",
                "exact F1",
                "partial F1",
                "type F1",
            ] {
                ui.strong(header);
            }
            ui.end_row();
            for (i, system) in evaluation.systems.iter().enumerate() {
                if ui
                    .selectable_label(*selected == i, &system.annotator)
                    .clicked()
                {
                    *selected = i;
                }
                match &system.gamma {
                    Ok(g) => ui.label(format!("{:.4}", g.gamma)),
                    Err(reason) => ui.label("–").on_hover_text(reason.to_string()),
                };
                let strict = system.spans.get(Scheme::Strict);
                ui.label(format!("{:.3}", strict.precision(Scheme::Strict)));
                ui.label(format!("{:.3}", strict.recall(Scheme::Strict)));
                for scheme in Scheme::ALL {
                    ui.label(format!("{:.3}", system.spans.get(scheme).f1(scheme)));
                }
                ui.end_row();
            }
        });
}

/// Precision, recall and F1 of each category in the chosen scheme.
fn category_bars(ui: &mut Ui, chosen: &mut Scheme, system: &SystemEvaluation) {
    ui.horizontal(|ui| {
        ui.label("per category, scheme");
        for scheme in Scheme::ALL {
            ui.selectable_value(chosen, scheme, scheme.name());
        }
    });
    let scheme = *chosen;
    let categories: Vec<&String> = system.per_category.keys().collect();
    // Okabe & Ito's blue, orange and bluish green: told apart by colour-blind readers too.
    let colour = |i: usize| {
        let (r, g, b) = crate::app::document::palette::QUALITATIVE[i];
        Color32::from_rgb(r, g, b)
    };
    let series = [
        ("precision", colour(4)),
        ("recall", colour(0)),
        ("F1", colour(2)),
    ];
    // The legend above the chart, never over its bars.
    let entries: Vec<(String, Color32)> = (series.iter())
        .map(|(name, colour)| (name.to_string(), *colour))
        .collect();
    crate::app::document::palette::legend(ui, &entries);
    let names = categories.clone();
    Plot::new("evaluate-categories")
        .height(180.0)
        .include_y(0.0)
        .include_y(1.0)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .x_axis_formatter(move |mark, _range| {
            let i = mark.value.round();
            if (mark.value - i).abs() < 1e-6 && i >= 0.0 {
                names
                    .get(i as usize)
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            } else {
                String::new()
            }
        })
        .show(ui, |plot| {
            for (k, (name, colour)) in series.iter().enumerate() {
                let bars: Vec<Bar> = categories
                    .iter()
                    .enumerate()
                    .map(|(i, category)| {
                        let c = system.per_category[*category].get(scheme);
                        let value = match k {
                            0 => c.precision(scheme),
                            1 => c.recall(scheme),
                            _ => c.f1(scheme),
                        };
                        Bar::new(i as f64 + (k as f64 - 1.0) * 0.25, value)
                            .width(0.24)
                            .name(format!("{category} {name}"))
                    })
                    .collect();
                plot.bar_chart(BarChart::new(*name, bars).color(*colour));
            }
        });
}

/// The confusion matrix over γ's best alignment (rows: reference, columns: the system).
fn confusion_grid(ui: &mut Ui, system: &SystemEvaluation) {
    let m = &system.confusion;
    ui.collapsing("Confusion matrix (γ's best alignment)", |ui| {
        egui::Grid::new("evaluate-confusion")
            .striped(true)
            .show(ui, |ui| {
                ui.label(RichText::new("reference ↓ / system →").small());
                for c in m.system_categories.iter().map(String::as_str).chain(["∅"]) {
                    ui.strong(c);
                }
                ui.end_row();
                for (r, row) in m.counts.iter().enumerate() {
                    ui.strong(m.reference_categories.get(r).map_or("∅", String::as_str));
                    for (c, &n) in row.iter().enumerate() {
                        let same = r < m.reference_categories.len()
                            && m.system_categories.get(c) == m.reference_categories.get(r);
                        let text = RichText::new(n.to_string());
                        ui.label(if same || n == 0 {
                            text
                        } else {
                            text.color(Color32::from_rgb(200, 80, 60))
                        });
                    }
                    ui.end_row();
                }
            });
    });
}

fn labels_note(ui: &mut Ui, system: &SystemEvaluation) {
    let labels = &system.labels;
    for (what, list) in [
        ("not in the mapping", &labels.unmapped),
        ("only this annotator uses", &labels.system_only),
        ("only the reference uses", &labels.reference_only),
    ] {
        if !list.is_empty() {
            ui.label(RichText::new(format!("Categories {what}: {}", list.join(", "))).small());
        }
    }
}

pub(super) fn unit_text(unit: Option<&EvaluatedUnit>) -> String {
    match unit {
        None => "∅".into(),
        Some(u) => format!(
            "{} [{}, {}) {}",
            u.category,
            u.start,
            u.end,
            u.text
                .as_deref()
                .map(|t| format!("“{t}”"))
                .unwrap_or_default()
        ),
    }
}

/// The disagreements, in text order; a click selects one.
fn disagreements_list(ui: &mut Ui, system: &SystemEvaluation, clicked: &mut Option<usize>) {
    ui.label(format!(
        "{} disagreements (click one to show it on the timeline)",
        system.disagreements.len()
    ));
    egui::ScrollArea::vertical()
        .id_salt("evaluate-disagreements")
        .max_height(220.0)
        .show(ui, |ui| {
            for (i, d) in system.disagreements.iter().enumerate() {
                let text = format!(
                    "{}: {}  vs  {}",
                    d.kind.name(),
                    unit_text(d.reference.as_ref()),
                    unit_text(d.system.as_ref())
                );
                if ui.selectable_label(false, text).clicked() {
                    *clicked = Some(i);
                }
            }
        });
}
