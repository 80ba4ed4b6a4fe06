//! The measure settings: for γ a preset, α, β, Δ∅, how categories compare (nominal,
//! Levenshtein, numeric, a matrix loaded from a file, edited, saved back), the sampler and γ-cat's
//! variant, and the categories measured; for tγ see [`super::text_gamma_panel`]; for both
//! the precision, confidence and seed. Every widget edits the core's option types directly. Any
//! change restarts the computation.

use super::number_rows::{self, Form};
use super::settings::{AgreementMeasure, Settings};
use super::text_gamma_panel;
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::files::dialog::FileDialog;
use eframe::egui::{self, Ui};
use gamma_core::bootstrap::MAX_REPLICATES;
use gamma_core::gamma::SampleCount;
use gamma_core::gamma_cat::GammaCatVariant;
use gamma_core::{CategoryDissimilarity, CategoryMatrix, Preset, SamplerKind};

pub fn show(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    let before = state.measure.settings.clone();
    let is_cora = state
        .document()
        .is_some_and(|d| matches!(d.document.source, gamma_formats::Source::Cora { .. }));
    let s = &mut state.measure.settings;
    ui.horizontal(|ui| {
        ui.label("measure");
        ui.selectable_value(&mut s.measure, AgreementMeasure::Gamma, "γ");
        ui.add_enabled_ui(is_cora, |ui| {
            ui.selectable_value(&mut s.measure, AgreementMeasure::TextGamma, "tγ")
                .on_hover_text("text-gamma: for CorA-XML files whose annotators also corrected tokens and transcriptions")
                .on_disabled_hover_text("tγ measures CorA-XML documents");
        });
    });
    match s.measure {
        AgreementMeasure::Gamma => gamma_settings(ui, s),
        AgreementMeasure::TextGamma => text_gamma_panel::show(ui, state, dialog),
    }
    sampling_settings(ui, &mut state.measure.settings);
    if !state.uses_text_gamma() {
        bootstrap_settings(ui, &mut state.measure.settings);
    }
    // Widgets keep their values in range; a session file may hold any, which the core refuses.
    if let Err(message) = state.measure.settings.check() {
        ui.colored_label(egui::Color32::from_rgb(200, 60, 40), message.to_string());
    }
    if !state.uses_text_gamma() {
        measured_categories(ui, state);
        category_settings(ui, state, dialog);
    }
    // The widgets edited the settings in place: they change through a command.
    if state.measure.settings != before {
        let changed = std::mem::replace(&mut state.measure.settings, before);
        state.send(Command::Settings(Box::new(changed)));
    }
}

/// The preset, the dissimilarity's weights, the sampler, γ-cat's variant and soft-γ.
fn gamma_settings(ui: &mut Ui, s: &mut Settings) {
    let options = &mut s.gamma;
    let form = Form::new(ui, &["preset", "sampler", "γ-cat variant"]);
    let combo = ui.spacing().combo_width;
    form.row(ui, "preset", combo, |ui| {
        let current = Preset::matching(options);
        egui::ComboBox::from_id_salt("preset")
            .width(combo)
            .selected_text(current.map_or("custom".to_string(), |p| p.to_string()))
            .show_ui(ui, |ui| {
                for preset in Preset::ALL {
                    if ui
                        .selectable_label(current == Some(preset), preset.to_string())
                        .on_hover_text(preset.description())
                        .clicked()
                    {
                        preset.apply(options);
                    }
                }
            })
            .response
            .on_hover_text("another tool's settings; any change afterwards makes them custom");
    });
    let d = &mut options.dissimilarity;
    number_rows::slider(
        ui,
        egui::Slider::new(&mut d.alpha, 0.0..=10.0),
        "α (positional)",
    );
    number_rows::slider(
        ui,
        egui::Slider::new(&mut d.beta, 0.0..=10.0),
        "β (categorical)",
    );
    number_rows::slider(
        ui,
        egui::Slider::new(&mut d.delta_empty, 0.1..=10.0),
        "Δ∅ (empty slot)",
    );
    form.row(ui, "sampler", combo, |ui| {
        let kind = options.sampler.kind();
        egui::ComboBox::from_id_salt("sampler")
            .width(combo)
            .selected_text(kind.to_string())
            .show_ui(ui, |ui| {
                // The corpus sampler draws annotators from distinct documents: the app computes
                // one document at a time.
                for choice in [SamplerKind::Statistical, SamplerKind::Shuffle] {
                    if ui
                        .selectable_label(kind == choice, choice.to_string())
                        .on_hover_text(choice.description())
                        .clicked()
                    {
                        options.sampler = options.sampler.with_kind(choice);
                    }
                }
            });
    });
    form.row(ui, "γ-cat variant", combo, |ui| {
        egui::ComboBox::from_id_salt("gamma-cat-variant")
            .width(combo)
            .selected_text(options.gamma_cat_variant.to_string())
            .show_ui(ui, |ui| {
                for variant in GammaCatVariant::ALL {
                    ui.selectable_value(&mut options.gamma_cat_variant, variant, variant.to_string());
                }
            })
            .response
            .on_hover_text("pygamma: pairs of a unit and an empty slot count (pygamma-agreement); article: only pairs of two units (Mathet 2017)");
    });
    ui.checkbox(&mut options.soft, "soft-γ")
        .on_hover_text("pygamma-agreement 0.5's soft-γ: a unit may be in several unitary alignments, so a unit another annotator split in two is matched by both halves instead of left alone");
}

/// Precision, confidence (or a fixed number of samples) and seed of the measure chosen.
fn sampling_settings(ui: &mut Ui, s: &mut Settings) {
    let (samples, seed) = s.sampling_mut();
    egui::Grid::new("sampling-settings")
        .num_columns(2)
        .show(ui, |ui| {
            match samples {
                SampleCount::Precision {
                    precision,
                    confidence,
                    ..
                } => {
                    ui.label("precision");
                    ui.add(
                        egui::DragValue::new(precision)
                            .speed(0.001)
                            .range(0.001..=0.5),
                    )
                    .on_hover_text("relative precision wanted on the expected disorder (§5.3)");
                    ui.end_row();
                    ui.label("confidence");
                    ui.add(
                        egui::DragValue::new(confidence)
                            .speed(0.001)
                            .range(0.5..=0.999),
                    );
                    ui.end_row();
                }
                SampleCount::Fixed(n) => {
                    ui.label("samples");
                    ui.add(egui::DragValue::new(n).range(1..=100_000));
                    ui.end_row();
                }
            }
            ui.label("seed");
            ui.add(egui::DragValue::new(seed))
                .on_hover_text("seed of the random continua: the same seed gives the same result");
            ui.end_row();
        });
}

/// The replicates of the bootstrap's confidence interval of γ (its seed is γ's).
fn bootstrap_settings(ui: &mut Ui, s: &mut Settings) {
    ui.horizontal_wrapped(|ui| {
        ui.label("replicates").on_hover_text(REPLICATES_TIP);
        ui.add(egui::DragValue::new(&mut s.bootstrap_replicates).range(2..=MAX_REPLICATES))
            .on_hover_text(REPLICATES_TIP);
    });
}

/// What the replicates are.
const REPLICATES_TIP: &str = "bootstrap replicates of γ's 95 % confidence interval (over stretches of the text, or over documents), drawn with γ's seed: more give a steadier interval";

/// Which categories count in γ: a checkbox per category of the document shown (and per
/// excluded category it lacks, to bring it back).
fn measured_categories(ui: &mut Ui, state: &mut AppState) {
    let Some(document) = state.document() else {
        return;
    };
    let mut categories: Vec<String> = (document.category_counts.iter())
        .map(|(c, _)| c.clone())
        .collect();
    let excluded = &mut state.measure.settings.excluded_categories;
    for category in excluded.iter() {
        if !categories.contains(category) {
            categories.push(category.clone());
        }
    }
    ui.label("categories measured").on_hover_text(
        "untick a category to leave its units out of γ, γ-cat, γ-k, pairwise and corpus γ (the legend's context menu does the same)",
    );
    ui.horizontal_wrapped(|ui| {
        for category in categories {
            let mut counts = !excluded.contains(&category);
            let name = if category.is_empty() {
                "(none)"
            } else {
                category.as_str()
            };
            if ui
                .checkbox(&mut counts, name)
                .on_hover_text("counts in γ")
                .changed()
            {
                if counts {
                    excluded.remove(&category);
                } else {
                    excluded.insert(category);
                }
            }
        }
    });
}

/// How categories compare: nominal, Levenshtein, numeric, or a matrix (loaded, edited, saved).
fn category_settings(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    let settings = &mut state.measure.settings;
    let categorical = &mut settings.gamma.dissimilarity.categorical;
    let combo = ui.spacing().combo_width;
    Form::new(ui, &["categories"]).row(ui, "categories", combo, |ui| {
        let name = match (&*categorical, &settings.matrix_file) {
            (CategoryDissimilarity::Matrix(_), Some(from)) => format!(
                "matrix {}",
                from.file_name()
                    .map(|n| n.to_string_lossy())
                    .unwrap_or_default()
            ),
            (CategoryDissimilarity::Matrix(_), None) => "matrix (edited)".to_string(),
            (other, _) => other.to_string(),
        };
        egui::ComboBox::from_id_salt("categories")
            .width(combo)
            .selected_text(name)
            .show_ui(ui, |ui| {
                for choice in [
                    CategoryDissimilarity::Nominal,
                    CategoryDissimilarity::Levenshtein,
                    CategoryDissimilarity::Numeric,
                ] {
                    let label = choice.to_string();
                    if ui.selectable_label(*categorical == choice, label).clicked() {
                        *categorical = choice;
                    }
                }
            });
    });
    ui.horizontal_wrapped(|ui| {
        if (ui.button("Load category matrix…").clicked() || dialog.ready("Category matrix"))
            && let Some(path) = dialog.pick_file("Category matrix", &["csv", "tsv", "txt"])
        {
            state.send(Command::LoadMatrix(path));
        }
        if matches!(
            state.measure.settings.gamma.dissimilarity.categorical,
            CategoryDissimilarity::Matrix(_)
        ) && (ui.button("Save matrix…").clicked() || dialog.ready("Save the category matrix"))
            && let Some(path) = dialog.save_file("Save the category matrix", "categories.csv")
        {
            state.send(Command::SaveMatrix(path));
        }
    });
    matrix_editor(ui, state);
}

/// Edits the categorical dissimilarities cell by cell (the matrix stays symmetric with a zero
/// diagonal); starts from the current choice over the document's categories.
fn matrix_editor(ui: &mut Ui, state: &mut AppState) {
    let categories = match state.document() {
        Some(document) => document.continuum().categories(),
        None => return,
    };
    egui::CollapsingHeader::new("Category matrix editor").show(ui, |ui| {
        let matrix = match &state.measure.settings.gamma.dissimilarity.categorical {
            CategoryDissimilarity::Matrix(matrix) => matrix.clone(),
            CategoryDissimilarity::Levenshtein => CategoryMatrix::levenshtein(&categories),
            CategoryDissimilarity::Ordinal(order) => CategoryMatrix::ordinal(order),
            CategoryDissimilarity::Numeric => CategoryMatrix::numeric(&categories)
                .unwrap_or_else(|_| CategoryMatrix::nominal(&categories)),
            CategoryDissimilarity::Nominal => CategoryMatrix::nominal(&categories),
        };
        let names = matrix.categories().to_vec();
        let mut values: Vec<f64> = names
            .iter()
            .flat_map(|a| names.iter().map(|b| matrix.get(a, b).unwrap_or(1.0)))
            .collect();
        let k = names.len();
        let mut changed = false;
        // A matrix wider than the panel scrolls on its own (never widening the panel).
        egui::ScrollArea::horizontal()
            .id_salt("matrix-editor-scroll")
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
            .show(ui, |ui| {
                egui::Grid::new("matrix-editor").show(ui, |ui| {
                    ui.label("");
                    for name in &names {
                        ui.strong(name);
                    }
                    ui.end_row();
                    for i in 0..k {
                        ui.strong(&names[i]);
                        for j in 0..k {
                            if j <= i {
                                ui.label(if i == j {
                                    "0".to_string()
                                } else {
                                    format!("{:.2}", values[i * k + j])
                                });
                            } else if ui
                                .add(
                                    egui::DragValue::new(&mut values[i * k + j])
                                        .speed(0.01)
                                        .range(0.0..=1.0),
                                )
                                .changed()
                            {
                                values[j * k + i] = values[i * k + j];
                                changed = true;
                            }
                        }
                        ui.end_row();
                    }
                })
            });
        if changed {
            match CategoryMatrix::new(names, values, "the editor") {
                Ok(matrix) => {
                    state.measure.settings.gamma.dissimilarity.categorical =
                        CategoryDissimilarity::Matrix(matrix);
                    state.measure.settings.matrix_file = None;
                }
                Err(e) => state.shell.messages.error(e),
            }
        }
    });
}
