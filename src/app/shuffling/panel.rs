//! The Corpus Shuffling Tool view: sweep settings and the curves of every measure against the
//! magnitude of the errors (as the γ paper's Figures 24–30), and the calibration of the open
//! document's γ with its γ marked on each error kind's curve.

use super::{Export, ReferenceChoice, Shuffling};
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::files::dialog::FileDialog;
use eframe::egui::{self, Color32, RichText, Ui};
use egui_plot::{HLine, Line, MarkerShape, Plot, PlotPoints, Points};
use gamma_core::measure::Measure;
use gamma_core::shuffle::{self, ErrorKind, ReferenceModel, SweepPreset};

/// Distinct colours for the curves: the categories' palette (readable by colour-blind
/// users) without vermillion, too near γ's red and the document's line, and white.
const SERIES: [usize; 8] = [0, 1, 2, 3, 4, 6, 7, 8];

fn series_colour(i: usize) -> Color32 {
    let (r, g, b) = crate::app::document::palette::QUALITATIVE[SERIES[i % SERIES.len()]];
    Color32::from_rgb(r, g, b)
}

/// Each measure keeps its colour from one sweep to the next; γ is the bold red one.
fn measure_colour(measure: Measure) -> Color32 {
    if measure == Measure::Gamma {
        return Color32::from_rgb(235, 64, 52);
    }
    let index = Measure::ALL.iter().position(|m| *m == measure).unwrap_or(0);
    series_colour(index - 1)
}

/// The controls, in the left panel of the view.
pub fn show_controls(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    ui.heading("Corpus Shuffling Tool");
    ui.label(
        "Simulated annotators copy a reference with errors of growing magnitude; \
         each measure is averaged over the sets at every magnitude.",
    );
    ui.separator();
    reference_selector(ui, state);
    let running = state.shuffling.is_running();
    let settings = &mut state.shuffling.settings;
    ui.add_enabled_ui(!running, |ui| {
        if settings.reference == ReferenceChoice::Model {
            ui.horizontal(|ui| {
                ui.label("model");
                egui::ComboBox::from_id_salt("model")
                    .selected_text(settings.model_name)
                    .show_ui(ui, |ui| {
                        for name in ReferenceModel::BUILT_IN {
                            if ui
                                .selectable_label(settings.model_name == name, name)
                                .clicked()
                                && let Some(model) = ReferenceModel::built_in(name)
                            {
                                settings.model_name = name;
                                settings.model = ReferenceModel {
                                    units: settings.model.units,
                                    ..model
                                };
                            }
                        }
                    });
                ui.label("units");
                ui.add(egui::DragValue::new(&mut settings.model.units).range(10..=5000));
                ui.checkbox(&mut settings.model.overlap, "may overlap");
            })
            .response
            .on_hover_text(
                "default: four categories of unequal prevalence, lengths 5–30, gaps 0–20; \
                 segmentation: one category, lengths 5–30, back to back; other models: \
                 gamma-studio sweep --model FILE.json",
            );
        }
        ui.columns(2, |columns| {
            columns[0]
                .strong("Errors")
                .on_hover_text("several kinds are applied in this order, each at magnitude m / n");
            for kind in ErrorKind::ALL {
                toggle(
                    &mut columns[0],
                    &mut settings.sweep.errors,
                    kind,
                    &kind.to_string(),
                    &ErrorKind::ALL,
                );
            }
            columns[1].strong("Measures");
            for measure in Measure::ALL {
                toggle(
                    &mut columns[1],
                    &mut settings.sweep.measures,
                    measure,
                    measure.label(),
                    &Measure::ALL,
                );
            }
        });
        egui::Grid::new("sweep-numbers").show(ui, |ui| {
            ui.label("preset");
            preset_selector(ui, &mut settings.sweep);
            ui.end_row();
            ui.label("simulated annotators");
            ui.add(egui::DragValue::new(&mut settings.sweep.annotators).range(2..=10));
            ui.end_row();
            ui.label("sets per magnitude");
            ui.add(egui::DragValue::new(&mut settings.sweep.sets).range(1..=500));
            ui.end_row();
            ui.label("magnitude step");
            egui::ComboBox::from_id_salt("step")
                .selected_text(format!("{}", settings.sweep.step))
                .show_ui(ui, |ui| {
                    for step in [0.05, 0.1, 0.2, 0.25, 0.5] {
                        ui.selectable_value(&mut settings.sweep.step, step, format!("{step}"));
                    }
                });
            ui.end_row();
            ui.label("seed");
            ui.add(egui::DragValue::new(&mut settings.sweep.seed));
            ui.end_row();
        });
    });
    let ready = !state.shuffling.settings.sweep.errors.is_empty()
        && !state.shuffling.settings.sweep.measures.is_empty();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!running && ready, egui::Button::new("Run the sweep"))
            .clicked()
        {
            state.send(Command::Sweep);
        }
        if running && ui.button("Cancel").clicked() {
            state.send(Command::StopShuffling);
        }
    });
    progress(ui, &state.shuffling);
    if let Some(error) = &state.shuffling.error {
        ui.colored_label(Color32::from_rgb(200, 60, 40), error);
    }
    if state.shuffling.sweep.is_some() {
        export_button(ui, state, dialog, "Export the curves…", Export::Sweep);
    }
    ui.separator();
    calibration_controls(ui, state, dialog);
}

/// The sweep presets: choosing one sets γ's definition and the factors (the rest stays).
fn preset_selector(ui: &mut Ui, sweep: &mut shuffle::SweepOptions) {
    let chosen = SweepPreset::matching(sweep);
    egui::ComboBox::from_id_salt("sweep-preset")
        .selected_text(chosen.map_or("custom".to_string(), |p| p.to_string()))
        .show_ui(ui, |ui| {
            for preset in SweepPreset::ALL {
                if ui
                    .selectable_label(chosen == Some(preset), preset.to_string())
                    .on_hover_text(preset.description())
                    .clicked()
                {
                    preset.apply(sweep);
                }
            }
        })
        .response
        .on_hover_text(
            "papers: the γ paper's curves (the Gamma Software's γ, splits ×5); the sweep \
             and the calibration both use it",
        );
}

/// Adds or removes `item`, keeping `order`'s order.
fn toggle<T: Copy + PartialEq>(
    ui: &mut Ui,
    chosen: &mut Vec<T>,
    item: T,
    label: &str,
    order: &[T],
) {
    let mut on = chosen.contains(&item);
    if ui.checkbox(&mut on, label).changed() {
        if on {
            chosen.push(item);
            chosen.sort_by_key(|x| order.iter().position(|o| o == x));
        } else {
            chosen.retain(|x| *x != item);
        }
    }
}

fn reference_selector(ui: &mut Ui, state: &mut AppState) {
    let names: Vec<String> = state
        .document()
        .map(|d| d.document.continuum.annotator_names())
        .unwrap_or_default();
    let has_gold = state.adjudicating().is_some();
    let label = |choice: ReferenceChoice| match choice {
        ReferenceChoice::Model => "the built-in model".to_string(),
        ReferenceChoice::Annotator(a) => format!(
            "annotator {}",
            names.get(a).map(String::as_str).unwrap_or("?")
        ),
        ReferenceChoice::Gold => "the gold standard".to_string(),
    };
    let choice = &mut state.shuffling.settings.reference;
    if matches!(*choice, ReferenceChoice::Annotator(a) if a >= names.len())
        || (*choice == ReferenceChoice::Gold && !has_gold)
    {
        *choice = ReferenceChoice::Model;
    }
    ui.horizontal(|ui| {
        ui.strong("Reference");
        egui::ComboBox::from_id_salt("reference")
            .selected_text(label(*choice))
            .show_ui(ui, |ui| {
                ui.selectable_value(
                    choice,
                    ReferenceChoice::Model,
                    label(ReferenceChoice::Model),
                );
                for a in 0..names.len() {
                    let option = ReferenceChoice::Annotator(a);
                    ui.selectable_value(choice, option, label(option));
                }
                if has_gold {
                    ui.selectable_value(
                        choice,
                        ReferenceChoice::Gold,
                        label(ReferenceChoice::Gold),
                    );
                }
            });
    });
}

fn calibration_controls(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    ui.heading("What does this γ mean?");
    let document = state.document().map(|d| d.document.continuum.name.clone());
    ui.label(
        "Simulated annotators with as many members as the document, made from its gold \
         (when adjudicating) or from each annotator in turn: the magnitude of each error kind \
         that gives the document's γ.",
    );
    let running = state.shuffling.is_running();
    ui.add_enabled_ui(!running, |ui| {
        ui.horizontal_wrapped(|ui| {
            for kind in ErrorKind::CALIBRATION {
                toggle(
                    ui,
                    &mut state.shuffling.calibration_kinds,
                    kind,
                    kind.description(),
                    &ErrorKind::ALL,
                );
            }
        });
        ui.horizontal(|ui| {
            ui.label("sets per magnitude");
            ui.add(egui::DragValue::new(&mut state.shuffling.calibration_sets).range(1..=100));
        });
    });
    let label = match &document {
        Some(name) => format!("Calibrate γ of {name}"),
        None => "Calibrate γ (open a document)".to_string(),
    };
    if ui
        .add_enabled(
            !running && document.is_some() && !state.shuffling.calibration_kinds.is_empty(),
            egui::Button::new(label),
        )
        .clicked()
    {
        state.send(Command::Calibrate);
    }
    if state.shuffling.calibration.is_some() {
        export_button(
            ui,
            state,
            dialog,
            "Export the calibration curves…",
            Export::Calibration,
        );
    }
}

fn export_button(
    ui: &mut Ui,
    state: &mut AppState,
    dialog: &mut dyn FileDialog,
    label: &str,
    what: Export,
) {
    // The CSV is written only when asked for, not every frame.
    let title = label.trim_end_matches('…');
    if (ui.button(label).clicked() || dialog.ready(title))
        && let Some(path) = dialog.save_file(title, what.suggested_name())
    {
        state.send(Command::ExportShuffling { what, path });
    }
    if let Some(path) = &state.shuffling.exported {
        ui.small(format!("saved {}", path.display()));
    }
}

fn progress(ui: &mut Ui, shuffling: &Shuffling) {
    if let Some((done, needed)) = shuffling.progress {
        let fraction = done as f32 / needed.max(1) as f32;
        ui.add(
            egui::ProgressBar::new(fraction.min(1.0))
                .desired_width(220.0)
                .text(format!("runs {done} / {needed}")),
        );
    }
}

/// A plot of values against the magnitude of the errors, filling the height left, showing at
/// least [0, 1] on both axes.
fn magnitude_plot(ui: &Ui, id: &str, y_label: &str) -> Plot<'static> {
    Plot::new(id.to_string())
        .height(ui.available_height().max(160.0))
        .include_x(0.0)
        .include_x(1.0)
        .include_y(0.0)
        .include_y(1.0)
        .x_axis_label("magnitude of the errors")
        .y_axis_label(y_label.to_string())
        .allow_scroll(false)
}

/// The curves, in the central panel of the view: the sweep's, the calibration's, or both, one
/// above the other.
pub fn show_plots(ui: &mut Ui, state: &AppState) {
    let shuffling = &state.shuffling;
    if shuffling.sweep.is_none() && shuffling.calibration.is_none() {
        ui.add_space(40.0);
        ui.vertical_centered(|ui| {
            ui.label(
                RichText::new("Choose a reference, error kinds and measures, then run the sweep.")
                    .size(16.0),
            );
            ui.label("Or calibrate the open document's γ against simulated annotators.");
        });
        return;
    }
    let both = shuffling.sweep.is_some() && shuffling.calibration.is_some();
    let section_height = if both {
        ui.available_height() / 2.0 - 4.0
    } else {
        ui.available_height()
    };
    let width = ui.available_width();
    let section = |ui: &mut Ui, draw: &dyn Fn(&mut Ui)| {
        ui.allocate_ui(egui::vec2(width, section_height), |ui| {
            ui.set_min_height(section_height);
            draw(ui);
        });
    };
    if let Some(sweep) = &shuffling.sweep {
        section(ui, &|ui: &mut Ui| {
            let errors: Vec<String> = sweep
                .settings
                .sweep
                .errors
                .iter()
                .map(|e| e.to_string())
                .collect();
            ui.heading(format!(
                "Agreement against the magnitude of {}",
                errors.join(" + ")
            ));
            ui.label(format!(
                "reference: {}; {} simulated annotators, {} sets per magnitude, seed {}; {:.1} s",
                sweep.reference,
                sweep.settings.sweep.annotators,
                sweep.settings.sweep.sets,
                sweep.settings.sweep.seed,
                sweep.seconds
            ));
            let entries: Vec<(String, Color32)> = (sweep.settings.sweep.measures.iter())
                .map(|m| (m.label().to_string(), measure_colour(*m)))
                .collect();
            crate::app::document::palette::legend(ui, &entries);
            magnitude_plot(ui, "sweep-plot", "agreement").show(ui, |plot| {
                for (column, measure) in sweep.settings.sweep.measures.iter().enumerate() {
                    let points = sweep.curve(column);
                    let width = if *measure == Measure::Gamma { 3.0 } else { 1.5 };
                    let colour = measure_colour(*measure);
                    plot.line(
                        Line::new(measure.label(), PlotPoints::from(points.clone()))
                            .color(colour)
                            .width(width),
                    );
                    plot.points(
                        Points::new(measure.label(), PlotPoints::from(points))
                            .color(colour)
                            .radius(2.5)
                            .shape(MarkerShape::Circle),
                    );
                }
            });
        });
    }
    if let Some(outcome) = &shuffling.calibration {
        section(ui, &|ui: &mut Ui| {
            let gamma = outcome.calibration.gamma;
            ui.heading(format!(
                "γ = {gamma:.3} of {} is about the γ of annotators making",
                outcome.document
            ));
            for sentence in outcome.sentences() {
                ui.label(format!("• {sentence}"));
            }
            ui.small(format!(
                "references: {}; {} sets per magnitude, step {}, seed {}; {:.1} s",
                outcome.references, outcome.sets, outcome.step, outcome.seed, outcome.seconds
            ));
            let document_colour = ui.visuals().strong_text_color();
            let mut entries = vec![(format!("this document: γ = {gamma:.3}"), document_colour)];
            entries.extend(
                (outcome.calibration.kinds.iter().enumerate())
                    .map(|(i, (kind, _, _))| (kind.description().to_string(), series_colour(i))),
            );
            crate::app::document::palette::legend(ui, &entries);
            magnitude_plot(ui, "calibration-plot", "γ of the simulated annotators").show(
                ui,
                |plot| {
                    plot.hline(
                        HLine::new(format!("this document: γ = {gamma:.3}"), gamma)
                            .color(document_colour)
                            .width(2.0),
                    );
                    for (i, (kind, magnitude, curve)) in
                        outcome.calibration.kinds.iter().enumerate()
                    {
                        let points: Vec<[f64; 2]> =
                            curve.iter().filter_map(|&(m, g)| Some([m, g?])).collect();
                        let colour = series_colour(i);
                        let name = kind.description();
                        plot.line(
                            Line::new(name, PlotPoints::from(points))
                                .color(colour)
                                .width(2.0),
                        );
                        if let Some(m) = magnitude {
                            plot.points(
                                Points::new(name, PlotPoints::from(vec![[*m, gamma]]))
                                    .color(colour)
                                    .radius(6.0)
                                    .shape(MarkerShape::Diamond),
                            );
                        }
                    }
                },
            );
        });
    }
}
