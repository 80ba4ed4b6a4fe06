//! Before files that hold one annotator each open (Glozz, CorA-XML, WebAnno TSV 3, XMI, brat,
//! TextGrid): name the annotators, choose the Glozz text and the unit types that are measured
//! (or a feature as the category), the CorA layer that is the category and the transcription
//! of the text, the TSV 3 / XMI span layer and its feature that is the category, and whether a
//! TextGrid's tiers are the annotators or one tier of each file is, and the users of an
//! INCEpTION project export (its curated document is the reference that Evaluate uses, or —
//! ticked, or when the export has no user's annotations — an annotator named `curation`, as
//! `--users` does on the command line). CSV, ELAN and RTTM files open at once.
//!
//! Glozz types that are a pre-segmentation ([`pre_segmentation`]) are offered unticked, with a
//! line saying why; what the user ticks, unticks or chooses is remembered for the next files
//! offering the same names ([`choices`]).

mod choices;
pub(crate) mod pre_segmentation;

pub use choices::OpenChoices;

use super::dialog::FileDialog;
use eframe::egui::{self, Ui};
use gamma_formats::cora::{CoraOptions, Transcription};
use gamma_formats::format::{Choice, Offered};
use gamma_formats::glozz::{self, GlozzOptions};
use gamma_formats::stored_options::transcription_name;
use gamma_formats::webanno_tsv::LayerChoice;
use gamma_formats::{CODECS, Format, ReadOptions, inception_project};
use std::path::{Path, PathBuf};

/// The title of the request for the Glozz text.
const TEXT_TITLE: &str = "Glozz text";
/// The title of the request for more files.
const ADD_TITLE: &str = "Add annotation files";
/// Why the pre-segmentation types are unticked.
pub const IDENTICAL_TYPES: &str =
    "identical in every annotator's file: measuring them would only raise γ";
/// The checkbox that reads the curated document of a project export as an annotator.
pub const CURATION_AS_ANNOTATOR: &str =
    "the curated document as an annotator too (curation; unticked: the reference)";

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
    /// The types that are a pre-segmentation (unticked unless the user ticked them before).
    identical: Vec<String>,
    /// The choices remembered from earlier openings, as they were when the dialog opened.
    remembered: OpenChoices,
    category_feature: String,
    layers: Vec<String>,
    layer: String,
    /// Whether each layer counts (as a feature; in tγ, as a layer compared).
    kept_layers: Vec<bool>,
    transcription: Transcription,
    /// Span layers of the TSV 3 and XMI files, with their features.
    span_layers: Vec<(String, Vec<String>)>,
    /// The span layer chosen (empty: the files' only one).
    span_layer: String,
    /// The feature that is the category (empty: the layer's only one).
    span_feature: String,
    /// Tiers of the TextGrid files.
    tiers: Vec<String>,
    /// The tier read from every TextGrid file (empty: each tier is an annotator).
    tier: String,
    /// The TextGrid files (named only when one tier of each is read).
    textgrid_paths: Vec<PathBuf>,
    /// The users of INCEpTION project exports, and whether each is read.
    project_users: Vec<(String, bool)>,
    /// Whether the curated document is read as an annotator too, when an export has one besides
    /// its users' annotations (otherwise it is the reference).
    project_curation: Option<bool>,
    problems: Vec<String>,
    /// Whether the first name field still has to take the keyboard (the dialog just opened:
    /// what the user types goes there, never to the document behind).
    focus_first: bool,
}

/// A name field's width: its name's, and room for a longer one (never the five characters
/// of a default field's share of a narrow window).
fn name_width(ui: &Ui, name: &str) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let text = ui
        .painter()
        .layout_no_wrap(name.to_string(), font, egui::Color32::WHITE)
        .size()
        .x;
    (text + 4.0 * ui.spacing().interact_size.y).max(12.0 * ui.spacing().interact_size.y)
}

/// A file as the dialog names it: its name, with its folder when another file of `all` has the
/// same name (annotators' folders of same-named files: "SILVER/game_12.aa", "hjoseph/game_12.aa").
fn file_label(path: &Path, all: &[PathBuf]) -> String {
    let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
    let own = name(path).unwrap_or_else(|| path.display().to_string());
    let shared = all
        .iter()
        .filter(|p| name(p).as_deref() == Some(&own))
        .count()
        > 1;
    match path.parent().and_then(|folder| folder.file_name()) {
        Some(folder) if shared => format!("{}/{own}", folder.to_string_lossy()),
        _ => own,
    }
}

fn format_of(path: &Path) -> Option<Format> {
    Format::detect(path).ok()
}

/// The files among `paths` whose format is `format`.
fn paths_of(paths: &[PathBuf], format: Format) -> Vec<PathBuf> {
    (paths.iter())
        .filter(|p| format_of(p) == Some(format))
        .cloned()
        .collect()
}

/// Each annotation file's default annotator name (from the paths alone), by the rules of its
/// format, for the formats whose annotators are named in the dialog.
fn default_names(paths: &[PathBuf]) -> Vec<(PathBuf, String)> {
    (CODECS.iter())
        .filter(|f| f.offers(Choice::AnnotatorNames))
        .flat_map(|f| f.default_annotators(&paths_of(paths, *f)))
        .map(|file| (file.path, file.annotator))
        .collect()
}

/// What the files offer to choose from (unit types, layers, span layers, tiers, users), with
/// the problems of the files that could not be read.
fn offered(paths: &[PathBuf]) -> (Offered, Vec<String>) {
    let mut offered = Offered::default();
    let mut problems = Vec::new();
    for path in paths {
        if let Some(format) = format_of(path)
            && let Err(e) = format.offer(path, &mut offered)
        {
            problems.push(e.to_string());
        }
    }
    offered.unit_types.sort();
    (offered, problems)
}

impl OpenDialog {
    /// Whether these files need the dialog: a format among them offers a choice (Glozz,
    /// CorA, TSV 3, XMI, brat, TextGrid, project exports).
    pub fn needed(paths: &[PathBuf]) -> bool {
        (paths.iter()).any(|p| format_of(p).is_some_and(|f| !f.description().choices.is_empty()))
    }

    /// Prepares the dialog: default names, and the types and layers found in the files, ticked
    /// and chosen as `remembered` says where it has a choice about them.
    pub fn new(paths: Vec<PathBuf>, remembered: &OpenChoices) -> OpenDialog {
        let names = default_names(&paths);
        let glozz_paths = paths_of(&paths, glozz::GLOZZ);
        let identical = pre_segmentation::identical_types(&glozz_paths);
        let textgrid_paths: Vec<PathBuf> = (paths.iter())
            .filter(|p| format_of(p).is_some_and(|f| f.offers(Choice::Tier)))
            .cloned()
            .collect();
        let (offered, problems) = offered(&paths);
        let Offered {
            unit_types,
            annotation_layers: layers,
            span_layers,
            tiers,
            users,
            curation_besides_users,
        } = offered;
        let types: Vec<(String, bool)> = unit_types.into_iter().map(|t| (t, true)).collect();
        let project_curation = (curation_besides_users
            && !users.iter().any(|u| u == inception_project::CURATION))
        .then_some(false);
        let project_users = users.into_iter().map(|u| (u, true)).collect();
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
        let mut dialog = OpenDialog {
            paths,
            names,
            text,
            types,
            identical,
            remembered: remembered.clone(),
            category_feature: String::new(),
            kept_layers: vec![true; layers.len()],
            layers,
            layer,
            transcription: Transcription::Trans,
            span_layer: match span_layers.as_slice() {
                [(only, _)] => only.clone(),
                _ => String::new(),
            },
            span_feature: match span_layers.as_slice() {
                [(_, features)] if features.len() == 1 => features[0].clone(),
                _ => String::new(),
            },
            span_layers,
            tiers,
            tier: String::new(),
            textgrid_paths,
            project_users,
            project_curation,
            problems,
            focus_first: true,
        };
        dialog.apply_remembered();
        dialog
    }

    /// Whether type `kind` is measured unless the user says otherwise (not a pre-segmentation).
    fn type_default(&self, kind: &str) -> bool {
        !self.identical.iter().any(|t| t == kind)
    }

    /// Whether type `kind` is ticked when the dialog opens: as remembered, else the default.
    fn type_initial(&self, kind: &str) -> bool {
        (self.remembered.unit_types.get(kind).copied()).unwrap_or_else(|| self.type_default(kind))
    }

    /// Whether a layer is kept, a user read, when the dialog opens (by default they all are).
    fn layer_initial(&self, layer: &str) -> bool {
        self.remembered.layers.get(layer).copied().unwrap_or(true)
    }

    fn user_initial(&self, user: &str) -> bool {
        self.remembered.users.get(user).copied().unwrap_or(true)
    }

    /// The layers and whether each is kept.
    fn layer_ticks(&self) -> Vec<(String, bool)> {
        (self.layers.iter().cloned())
            .zip(self.kept_layers.iter().copied())
            .collect()
    }

    /// Ticks and chooses what the remembered choices say, where the files offer it.
    fn apply_remembered(&mut self) {
        let types: Vec<bool> = self
            .types
            .iter()
            .map(|(t, _)| self.type_initial(t))
            .collect();
        for ((_, on), initial) in self.types.iter_mut().zip(types) {
            *on = initial;
        }
        let kept: Vec<bool> = self.layers.iter().map(|l| self.layer_initial(l)).collect();
        self.kept_layers = kept;
        let users: Vec<bool> = (self.project_users.iter())
            .map(|(u, _)| self.user_initial(u))
            .collect();
        for ((_, read), initial) in self.project_users.iter_mut().zip(users) {
            *read = initial;
        }
        let remembered = &self.remembered;
        if let Some(feature) = &remembered.category_feature
            && !self.types.is_empty()
        {
            self.category_feature.clone_from(feature);
        }
        if let Some(layer) = &remembered.category_layer
            && self.layers.contains(layer)
        {
            self.layer.clone_from(layer);
        }
        if let Some(transcription) = remembered.transcription.as_deref() {
            self.transcription = transcription.parse().unwrap_or(self.transcription);
        }
        if let Some(layer) = &remembered.span_layer
            && let Some((_, features)) = self.span_layers.iter().find(|(l, _)| l == layer)
        {
            self.span_layer.clone_from(layer);
            self.span_feature = match (&remembered.span_feature, features.as_slice()) {
                (Some(f), _) if features.contains(f) => f.clone(),
                (_, [only]) => only.clone(),
                _ => String::new(),
            };
        }
        if let Some(tier) = &remembered.tier
            && self.tiers.contains(tier)
        {
            self.tier.clone_from(tier);
        }
    }

    /// What to remember of this dialog: the choices remembered before, with this dialog's
    /// (ticks that differ from the default, and the choices it offered).
    pub fn choices(&self) -> OpenChoices {
        let mut choices = self.remembered.clone();
        let chosen = |text: &str| Some(text.trim().to_string()).filter(|t| !t.is_empty());
        choices::record_ticks(&mut choices.unit_types, &self.types, |t| {
            self.type_default(t)
        });
        choices::record_ticks(&mut choices.layers, &self.layer_ticks(), |_| true);
        choices::record_ticks(&mut choices.users, &self.project_users, |_| true);
        if !self.types.is_empty() {
            choices.category_feature = chosen(&self.category_feature);
        }
        if !self.layers.is_empty() {
            choices.category_layer = chosen(&self.layer);
            choices.transcription = Some(transcription_name(self.transcription).to_string());
        }
        if !self.span_layers.is_empty() {
            choices.span_layer = chosen(&self.span_layer);
            choices.span_feature = chosen(&self.span_feature);
        }
        if !self.tiers.is_empty() {
            choices.tier = chosen(&self.tier);
        }
        choices
    }

    /// Adds files (those not there yet), keeping what the user already chose: the names,
    /// the text, the ticks the user changed, the category feature and layer, the tier.
    fn add_files(&mut self, more: Vec<PathBuf>) {
        let mut paths = self.paths.clone();
        for path in more {
            if !paths.contains(&path) {
                paths.push(path);
            }
        }
        let remembered = self.remembered.clone();
        let old = std::mem::replace(self, OpenDialog::new(paths, &remembered));
        // A name the user typed stays; a default one follows the new files (two `doc.tsv`
        // are then named by their folders).
        let old_defaults = default_names(&old.paths);
        for (path, name) in &mut self.names {
            if let Some((_, chosen)) = old.names.iter().find(|(p, _)| p == path)
                && !old_defaults.iter().any(|(p, d)| p == path && d == chosen)
            {
                name.clone_from(chosen);
            }
        }
        if !old.text.trim().is_empty() {
            self.text.clone_from(&old.text);
        }
        // A tick the user changed stays; the others follow the files (a type identical in
        // one file is not yet a pre-segmentation: the second file decides).
        let changed = |ticks: &[(String, bool)], initial: &dyn Fn(&str) -> bool| {
            (ticks.iter())
                .filter(|(name, on)| *on != initial(name.as_str()))
                .cloned()
                .collect::<Vec<_>>()
        };
        for (kind, on) in changed(&old.types, &|t| old.type_initial(t)) {
            if let Some((_, now)) = self.types.iter_mut().find(|(k, _)| *k == kind) {
                *now = on;
            }
        }
        for (user, read) in changed(&old.project_users, &|u| old.user_initial(u)) {
            if let Some((_, now)) = self.project_users.iter_mut().find(|(u, _)| *u == user) {
                *now = read;
            }
        }
        if let (Some(read), Some(was)) = (&mut self.project_curation, old.project_curation) {
            *read = was;
        }
        for (layer, kept) in changed(&old.layer_ticks(), &|l| old.layer_initial(l)) {
            if let Some(i) = self.layers.iter().position(|l| *l == layer) {
                self.kept_layers[i] = kept;
            }
        }
        self.category_feature = old.category_feature;
        if self.layers.contains(&old.layer) {
            self.layer = old.layer;
        }
        self.transcription = old.transcription;
        if !old.span_layer.is_empty() {
            self.span_layer = old.span_layer;
            self.span_feature = old.span_feature;
        }
        if self.tiers.contains(&old.tier) {
            self.tier = old.tier;
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
                .filter(|(path, _)| !self.tier.is_empty() || !self.textgrid_paths.contains(path))
                .map(|(path, name)| (name.trim().to_string(), path.clone()))
                .collect(),
            users: self.chosen_users(),
            layer: LayerChoice {
                layer: if !self.span_layer.is_empty() {
                    Some(self.span_layer.clone())
                } else {
                    (!self.tier.is_empty()).then(|| self.tier.clone())
                },
                category_feature: (!self.span_feature.is_empty())
                    .then(|| self.span_feature.clone()),
            },
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

    /// The users read as annotators, as `--users` names them: none (every user, the curated
    /// document the reference) unless some user is unticked or the curated document ticked.
    fn chosen_users(&self) -> Vec<String> {
        let curation = self.project_curation == Some(true);
        if !curation && self.project_users.iter().all(|(_, read)| *read) {
            return Vec::new();
        }
        let mut users: Vec<String> = self
            .project_users
            .iter()
            .filter(|(_, read)| *read)
            .map(|(user, _)| user.clone())
            .collect();
        if curation {
            users.push(inception_project::CURATION.to_string());
        }
        users
    }

    /// The users of project exports and the curated document: the annotators read.
    fn show_project_users(&mut self, ui: &mut Ui) {
        if self.project_users.is_empty() {
            return;
        }
        ui.separator();
        if self
            .project_users
            .iter()
            .any(|(u, _)| u == inception_project::CURATION)
        {
            ui.label(
                "users of the project export (annotators; curation: the curated document, read as an annotator since the export holds no user's annotations)",
            );
        } else {
            ui.label("users of the project export (annotators)");
        }
        ui.horizontal_wrapped(|ui| {
            for (user, read) in &mut self.project_users {
                ui.checkbox(read, user.as_str());
            }
        });
        if let Some(read) = &mut self.project_curation {
            ui.checkbox(read, CURATION_AS_ANNOTATOR).on_hover_text(
                "unticked, the curated document is the reference: γ is measured between the users and Evaluate scores them against it",
            );
        }
    }

    /// Draws the dialog's content; returns the decision once the user made one.
    pub fn show(&mut self, ui: &mut Ui, dialog: &mut dyn FileDialog) -> Option<Decision> {
        let mut decision = None;
        ui.horizontal(|ui| {
            ui.strong(format!(
                "Open {}",
                crate::wording::plural(self.paths.len(), "file", "files")
            ));
            if (ui
                .button("Add files…")
                .on_hover_text("more annotators' files, from any folder")
                .clicked()
                || dialog.ready(ADD_TITLE))
                && let Some(more) = dialog.pick_files(ADD_TITLE)
            {
                self.add_files(more);
            }
        });
        for problem in &self.problems {
            ui.colored_label(egui::Color32::from_rgb(200, 60, 60), problem);
        }
        ui.label("Annotators");
        let tier_chosen = !self.tier.is_empty();
        let textgrid_paths = &self.textgrid_paths;
        let focus_first = &mut self.focus_first;
        let paths: Vec<PathBuf> = self.names.iter().map(|(p, _)| p.clone()).collect();
        // Two columns: the last one has the dialog's width (a first column would keep the
        // width of its previous frame, five characters of a name).
        egui::Grid::new("open-names").num_columns(2).show(ui, |ui| {
            for (path, name) in &mut self.names {
                if !tier_chosen && textgrid_paths.contains(path) {
                    continue;
                }
                ui.label(file_label(path, &paths))
                    .on_hover_text(path.display().to_string());
                let width = name_width(ui, name);
                let field = ui.add(egui::TextEdit::singleline(name).desired_width(width));
                if std::mem::take(focus_first) {
                    field.request_focus();
                }
                ui.end_row();
            }
        });
        self.show_glozz(ui, dialog);
        self.show_cora_layers(ui);
        self.show_span_layers(ui);
        self.show_tiers(ui);
        self.show_project_users(ui);
        ui.separator();
        let names_ok = self.names.iter().all(|(_, n)| !n.trim().is_empty())
            && (self.project_users.is_empty()
                || self.project_users.iter().any(|(_, read)| *read)
                || self.project_curation == Some(true));
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

    /// The Glozz text, the unit types measured (with why the pre-segmentation is unticked),
    /// and the feature that is the category.
    fn show_glozz(&mut self, ui: &mut Ui, dialog: &mut dyn FileDialog) {
        if self.types.is_empty() {
            return;
        }
        ui.separator();
        ui.horizontal(|ui| {
            ui.label("Glozz text (.ac)");
            if (ui.button("Choose…").clicked() || dialog.ready(TEXT_TITLE))
                && let Some(path) = dialog.pick_file(TEXT_TITLE, &["ac"])
            {
                self.text = path.to_string_lossy().into_owned();
            }
        });
        // The whole path, on as many lines as it needs (a one-line field shows its start only).
        let field = ui.add(
            egui::TextEdit::multiline(&mut self.text)
                .desired_rows(1)
                .desired_width(f32::INFINITY),
        );
        if field.changed() {
            self.text.retain(|c| c != '\n' && c != '\r');
        }
        ui.label("Unit types measured");
        ui.horizontal_wrapped(|ui| {
            for (kind, on) in &mut self.types {
                ui.checkbox(on, kind.as_str());
            }
        });
        if !self.identical.is_empty() {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!(
                        "{}: {IDENTICAL_TYPES}",
                        self.identical.join(", ")
                    ))
                    .weak(),
                )
                .wrap(),
            )
            .on_hover_text(
                "the same spans in every file, holding the other units (a segmentation made before annotating); tick them to measure them anyway",
            );
        }
        ui.horizontal(|ui| {
            ui.label("category = the feature (empty: the type)");
            ui.text_edit_singleline(&mut self.category_feature);
        });
    }

    /// The CorA layer that is the category, the layers that count, and the transcription.
    fn show_cora_layers(&mut self, ui: &mut Ui) {
        if self.layers.is_empty() {
            return;
        }
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

    /// The TSV 3 / XMI span layer and its category feature.
    fn show_span_layers(&mut self, ui: &mut Ui) {
        if self.span_layers.is_empty() {
            return;
        }
        ui.separator();
        let short = |name: &str| name.rsplit('.').next().unwrap_or(name).to_string();
        ui.horizontal(|ui| {
            ui.label("span layer");
            let shown = if self.span_layer.is_empty() {
                "(choose)".to_string()
            } else {
                short(&self.span_layer)
            };
            egui::ComboBox::from_id_salt("span-layer")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for (layer, _) in &self.span_layers {
                        if ui
                            .selectable_value(&mut self.span_layer, layer.clone(), short(layer))
                            .clicked()
                        {
                            self.span_feature.clear();
                        }
                    }
                });
        });
        let features = self
            .span_layers
            .iter()
            .find(|(l, _)| *l == self.span_layer)
            .map(|(_, f)| f.clone())
            .unwrap_or_default();
        if !features.is_empty() {
            ui.horizontal(|ui| {
                ui.label("category = the feature");
                let shown = if self.span_feature.is_empty() {
                    "(choose)"
                } else {
                    self.span_feature.as_str()
                };
                egui::ComboBox::from_id_salt("span-feature")
                    .selected_text(shown.to_string())
                    .show_ui(ui, |ui| {
                        for feature in &features {
                            ui.selectable_value(
                                &mut self.span_feature,
                                feature.clone(),
                                feature.as_str(),
                            );
                        }
                    });
            });
        }
    }

    /// Whether a TextGrid's tiers are its annotators, or one tier of each file is.
    fn show_tiers(&mut self, ui: &mut Ui) {
        if self.tiers.is_empty() {
            return;
        }
        ui.separator();
        ui.horizontal(|ui| {
            ui.label("TextGrid annotators");
            let shown = if self.tier.is_empty() {
                "each tier".to_string()
            } else {
                format!("tier {} of each file", self.tier)
            };
            egui::ComboBox::from_id_salt("textgrid-tier")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.tier, String::new(), "each tier");
                    for tier in &self.tiers {
                        ui.selectable_value(
                            &mut self.tier,
                            tier.clone(),
                            format!("tier {tier} of each file"),
                        );
                    }
                });
        });
    }
}

#[cfg(test)]
mod tests;
