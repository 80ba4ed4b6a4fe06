//! Before Glozz or CorA files open: name the annotators, choose the Glozz text and the unit
//! types that are measured (or a feature as the category), the CorA layer that is the category
//! and the transcription of the text. CSV and ELAN files open at once.

use super::file_dialog::FileDialog;
use eframe::egui::{self, Ui};
use gamma_studio::io::cora::{self, CoraOptions, Transcription};
use gamma_studio::io::glozz::{self, GlozzOptions};
use gamma_studio::io::{Format, ReadOptions};
use std::path::{Path, PathBuf};

/// What the user decided.
pub enum Decision {
    Open(Vec<PathBuf>, Box<ReadOptions>),
    Cancel,
}

pub struct OpenDialog {
    paths: Vec<PathBuf>,
    /// Annotator name of each Glozz or CorA file, by path.
    names: Vec<(PathBuf, String)>,
    text: String,
    /// Unit types found in the `.aa` files, and whether they are measured.
    types: Vec<(String, bool)>,
    category_feature: String,
    layers: Vec<String>,
    layer: String,
    /// Whether each layer counts (as a feature; in tγ, as a layer compared).
    kept_layers: Vec<bool>,
    transcription: Transcription,
    problems: Vec<String>,
}

fn format_of(path: &Path) -> Option<Format> {
    Format::detect(path).ok()
}

impl OpenDialog {
    /// Whether these files need the dialog (Glozz or CorA among them).
    pub fn needed(paths: &[PathBuf]) -> bool {
        paths
            .iter()
            .any(|p| matches!(format_of(p), Some(Format::Glozz | Format::Cora)))
    }

    /// Prepares the dialog: default names, and the types and layers found in the files.
    pub fn new(paths: Vec<PathBuf>) -> OpenDialog {
        let glozz_paths: Vec<PathBuf> = paths
            .iter()
            .filter(|p| format_of(p) == Some(Format::Glozz))
            .cloned()
            .collect();
        let cora_paths: Vec<PathBuf> = paths
            .iter()
            .filter(|p| format_of(p) == Some(Format::Cora))
            .cloned()
            .collect();
        let mut names: Vec<(PathBuf, String)> = glozz::default_annotators(&glozz_paths)
            .into_iter()
            .map(|f| (f.path, f.annotator))
            .collect();
        names.extend(
            cora::default_annotators(&cora_paths)
                .into_iter()
                .map(|f| (f.path, f.annotator)),
        );
        let mut problems = Vec::new();
        let mut types: Vec<(String, bool)> = Vec::new();
        for path in &glozz_paths {
            match glozz::read_aa(path) {
                Ok(file) => {
                    for unit in file.units {
                        if !types.iter().any(|(t, _)| *t == unit.kind) {
                            types.push((unit.kind, true));
                        }
                    }
                }
                Err(e) => problems.push(e.to_string()),
            }
        }
        types.sort();
        let mut layers: Vec<String> = Vec::new();
        for path in &cora_paths {
            match cora::read(path) {
                Ok(file) => {
                    for layer in file.layer_names() {
                        if !layers.contains(&layer) {
                            layers.push(layer);
                        }
                    }
                }
                Err(e) => problems.push(e.to_string()),
            }
        }
        let text = glozz_paths
            .first()
            .and_then(|p| glozz::text_beside(p))
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        let layer = if layers.is_empty() || layers.iter().any(|l| l == "pos") {
            "pos".to_string()
        } else {
            layers[0].clone()
        };
        OpenDialog {
            paths,
            names,
            text,
            types,
            category_feature: String::new(),
            kept_layers: vec![true; layers.len()],
            layers,
            layer,
            transcription: Transcription::Trans,
            problems,
        }
    }

    pub fn read_options(&self) -> ReadOptions {
        let measured: Vec<String> = self
            .types
            .iter()
            .filter(|(_, on)| *on)
            .map(|(t, _)| t.clone())
            .collect();
        ReadOptions {
            text: (!self.text.trim().is_empty()).then(|| PathBuf::from(self.text.trim())),
            annotator_names: self
                .names
                .iter()
                .map(|(path, name)| (name.trim().to_string(), path.clone()))
                .collect(),
            glozz: GlozzOptions {
                category_feature: (!self.category_feature.trim().is_empty())
                    .then(|| self.category_feature.trim().to_string()),
                include_types: if measured.len() == self.types.len() {
                    Vec::new()
                } else {
                    measured
                },
                ..GlozzOptions::default()
            },
            cora: CoraOptions {
                category_layer: self.layer.clone(),
                layers: (!self.kept_layers.iter().all(|&k| k)).then(|| {
                    self.layers
                        .iter()
                        .zip(&self.kept_layers)
                        .filter(|(_, kept)| **kept)
                        .map(|(l, _)| l.clone())
                        .collect()
                }),
                transcription: self.transcription,
                ..CoraOptions::default()
            },
            ..ReadOptions::default()
        }
    }

    /// Draws the dialog's content; returns the decision once the user made one.
    pub fn show(&mut self, ui: &mut Ui, dialog: &mut dyn FileDialog) -> Option<Decision> {
        let mut decision = None;
        ui.strong(format!("Open {} file(s)", self.paths.len()));
        for problem in &self.problems {
            ui.colored_label(egui::Color32::from_rgb(200, 60, 60), problem);
        }
        ui.label("Annotators");
        egui::Grid::new("open-names").show(ui, |ui| {
            for (path, name) in &mut self.names {
                ui.label(
                    path.file_name()
                        .map(|n| n.to_string_lossy())
                        .unwrap_or_default(),
                );
                ui.text_edit_singleline(name);
                ui.end_row();
            }
        });
        if !self.types.is_empty() {
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Glozz text (.ac)");
                ui.text_edit_singleline(&mut self.text);
                if ui.button("Choose…").clicked()
                    && let Some(path) = dialog.pick_file("Glozz text", &["ac"])
                {
                    self.text = path.to_string_lossy().into_owned();
                }
            });
            ui.label("Unit types measured");
            ui.horizontal_wrapped(|ui| {
                for (kind, on) in &mut self.types {
                    ui.checkbox(on, kind.as_str());
                }
            });
            ui.horizontal(|ui| {
                ui.label("category = the feature (empty: the type)");
                ui.text_edit_singleline(&mut self.category_feature);
            });
        }
        if !self.layers.is_empty() {
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("CorA layer as category");
                egui::ComboBox::from_id_salt("cora-layer")
                    .selected_text(self.layer.as_str())
                    .show_ui(ui, |ui| {
                        for layer in &self.layers {
                            ui.selectable_value(&mut self.layer, layer.clone(), layer.as_str());
                        }
                    });
            });
            ui.label("layers that count (features; compared by tγ)");
            ui.horizontal_wrapped(|ui| {
                for (layer, kept) in self.layers.iter().zip(&mut self.kept_layers) {
                    ui.checkbox(kept, layer.as_str());
                }
            });
            ui.horizontal(|ui| {
                ui.label("text from");
                for (choice, name) in [
                    (Transcription::Trans, "trans"),
                    (Transcription::Utf, "utf"),
                    (Transcription::Ascii, "ascii"),
                ] {
                    ui.selectable_value(&mut self.transcription, choice, name);
                }
            });
        }
        ui.separator();
        let names_ok = self.names.iter().all(|(_, n)| !n.trim().is_empty());
        ui.horizontal(|ui| {
            if ui
                .add_enabled(names_ok, egui::Button::new("Open these files"))
                .clicked()
            {
                decision = Some(Decision::Open(
                    self.paths.clone(),
                    Box::new(self.read_options()),
                ));
            }
            if ui.button("Cancel").clicked() {
                decision = Some(Decision::Cancel);
            }
        });
        decision
    }
}
