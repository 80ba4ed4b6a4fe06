//! The γ settings: α, β, Δ∅, how categories compare (nominal, Levenshtein, a matrix loaded from
//! a file, which can be saved back), the sampler, precision, confidence, seed and the Gamma
//! Software preset. Any change restarts the computation.

use super::file_dialog::FileDialog;
use super::settings::{CategoryChoice, Measure, SamplerChoice};
use super::state::AppState;
use eframe::egui::{self, Ui};
use gamma_studio::CategoryMatrix;

pub fn show(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    let before = state.settings.clone();
    let is_cora = state
        .document()
        .is_some_and(|d| matches!(d.document.source, gamma_studio::io::Source::Cora { .. }));
    let s = &mut state.settings;
    ui.horizontal(|ui| {
        ui.label("measure");
        ui.selectable_value(&mut s.measure, Measure::Gamma, "γ");
        ui.add_enabled_ui(is_cora, |ui| {
            ui.selectable_value(&mut s.measure, Measure::TextGamma, "tγ")
                .on_hover_text("text-gamma: for CorA-XML files whose annotators also corrected tokens and transcriptions")
                .on_disabled_hover_text("tγ measures CorA-XML documents");
        });
    });
    egui::Grid::new("settings").num_columns(2).show(ui, |ui| {
        ui.checkbox(&mut s.gamma_software_preset, "Gamma Software preset")
            .on_hover_text("α = 3, shuffle sampler with half-mean-length pivots, x̄ floored");
        ui.end_row();
        ui.add_enabled(
            !s.gamma_software_preset,
            egui::Slider::new(&mut s.alpha, 0.0..=10.0).text("α (positional)"),
        );
        ui.end_row();
        ui.add(egui::Slider::new(&mut s.beta, 0.0..=10.0).text("β (categorical)"));
        ui.end_row();
        ui.add(egui::Slider::new(&mut s.delta_empty, 0.1..=10.0).text("Δ∅ (empty slot)"));
        ui.end_row();
        ui.label("sampler");
        ui.add_enabled_ui(!s.gamma_software_preset, |ui| {
            egui::ComboBox::from_id_salt("sampler")
                .selected_text(match s.sampler {
                    SamplerChoice::Statistical => "statistical",
                    SamplerChoice::Shuffle => "shuffle",
                })
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut s.sampler, SamplerChoice::Statistical, "statistical");
                    ui.selectable_value(&mut s.sampler, SamplerChoice::Shuffle, "shuffle");
                });
        });
        ui.end_row();
        ui.label("precision");
        ui.add(
            egui::DragValue::new(&mut s.precision)
                .speed(0.001)
                .range(0.001..=0.5),
        );
        ui.end_row();
        ui.label("confidence");
        ui.add(
            egui::DragValue::new(&mut s.confidence)
                .speed(0.001)
                .range(0.5..=0.999),
        );
        ui.end_row();
        ui.label("seed");
        ui.add(egui::DragValue::new(&mut s.seed));
        ui.end_row();
        ui.label("categories");
        let name = match &s.categories {
            CategoryChoice::Nominal => "nominal".to_string(),
            CategoryChoice::Levenshtein => "Levenshtein".to_string(),
            CategoryChoice::Matrix { from, .. } => format!(
                "matrix {}",
                from.file_name()
                    .map(|n| n.to_string_lossy())
                    .unwrap_or_default()
            ),
        };
        egui::ComboBox::from_id_salt("categories")
            .selected_text(name)
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(s.categories == CategoryChoice::Nominal, "nominal")
                    .clicked()
                {
                    s.categories = CategoryChoice::Nominal;
                }
                if ui
                    .selectable_label(s.categories == CategoryChoice::Levenshtein, "Levenshtein")
                    .clicked()
                {
                    s.categories = CategoryChoice::Levenshtein;
                }
            });
        ui.end_row();
    });
    let mut load_error = None;
    ui.horizontal(|ui| {
        if ui.button("Load category matrix…").clicked()
            && let Some(path) = dialog.pick_file("Category matrix", &["csv", "tsv", "txt"])
        {
            match CategoryMatrix::read(&path) {
                Ok(matrix) => {
                    state.settings.categories = CategoryChoice::Matrix { matrix, from: path };
                }
                Err(e) => load_error = Some(e.to_string()),
            }
        }
        if let CategoryChoice::Matrix { matrix, .. } = &state.settings.categories
            && ui.button("Save matrix…").clicked()
            && let Some(path) = dialog.save_file("Save the category matrix", "categories.csv")
            && let Err(e) = gamma_studio::io::write_atomically(&path, matrix.to_csv().as_bytes())
        {
            load_error = Some(e.to_string());
        }
    });
    matrix_editor(ui, state);
    if let Some(error) = load_error {
        state.errors.push(error);
    }
    if state.settings != before {
        state.settings_changed();
    }
}

/// Edits the categorical dissimilarities cell by cell (the matrix stays symmetric with a zero
/// diagonal); starts from the current choice over the document's categories.
fn matrix_editor(ui: &mut Ui, state: &mut AppState) {
    let categories = match state.document() {
        Some(document) => document.continuum().categories(),
        None => return,
    };
    egui::CollapsingHeader::new("Category matrix editor").show(ui, |ui| {
        let matrix = match &state.settings.categories {
            CategoryChoice::Matrix { matrix, .. } => matrix.clone(),
            CategoryChoice::Levenshtein => CategoryMatrix::levenshtein(&categories),
            CategoryChoice::Nominal => CategoryMatrix::nominal(&categories),
        };
        let names = matrix.categories().to_vec();
        let mut values: Vec<f64> = names
            .iter()
            .flat_map(|a| names.iter().map(|b| matrix.get(a, b).unwrap_or(1.0)))
            .collect();
        let k = names.len();
        let mut changed = false;
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
        });
        if changed {
            match CategoryMatrix::new(names, values, "the editor") {
                Ok(matrix) => {
                    state.settings.categories = CategoryChoice::Matrix {
                        matrix,
                        from: "edited".into(),
                    }
                }
                Err(e) => state.errors.push(e.to_string()),
            }
        }
    });
}
