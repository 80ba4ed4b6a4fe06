//! tγ's settings: the base the chance model perturbs (each annotator in turn, one
//! annotator's annotation, or a pre-annotation file), p_t and p_s given or estimated (with an
//! optional Beta prior), the layers compared, the text distance, the gap costs and
//! TextGammaTool's merges. Every widget edits the core's [`TextGammaOptions`] or the base and
//! layers the app passes beside them.

use super::number_rows::Form;
use super::settings::{Settings, TextGammaBase};
use super::text_gamma_run::layers_of;
use crate::app::AppState;
use crate::app::files::dialog::FileDialog;
use eframe::egui::{self, Ui};
use gamma_core::textgamma::TextDistance;
use gamma_core::textgamma::sampler::{Probabilities, TextGammaOptions};

/// The title of the request for a base file.
const BASE_TITLE: &str = "tγ base: the pre-annotation";

/// What the base is.
const BASE_TIP: &str = "the annotation the chance model perturbs: its text and tokens are what chance annotators start from";

/// Draws tγ's settings (the caller restarts tγ when they changed).
pub fn show(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    let (names, layers) = match state.document() {
        Some(document) => (
            document.continuum().annotator_names(),
            layers_of(document.continuum(), &state.files.read_options.cora),
        ),
        None => (Vec::new(), Vec::new()),
    };
    let settings = &mut state.measure.settings;
    base_choice(ui, settings, &names, dialog);
    chance_model(ui, &mut settings.text_gamma);
    compared_layers(ui, settings, &layers);
    comparison(ui, &mut settings.text_gamma);
}

/// What the base is called in the settings.
fn base_name(base: &TextGammaBase) -> String {
    match base {
        TextGammaBase::EachInTurn => "each annotator in turn".into(),
        TextGammaBase::Annotator(name) => format!("{name}'s annotation"),
        TextGammaBase::File(path) => path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ),
    }
}

/// The base: each annotator in turn, one of them, or a file (through the dialog seam).
fn base_choice(ui: &mut Ui, s: &mut Settings, names: &[String], dialog: &mut dyn FileDialog) {
    // Wrapped: in a narrow panel the button goes under the choice, never out of sight.
    ui.horizontal_wrapped(|ui| {
        ui.label("base").on_hover_text(BASE_TIP);
        egui::ComboBox::from_id_salt("text-gamma-base")
            .selected_text(base_name(&s.text_gamma_base))
            .show_ui(ui, |ui| {
                let mut choices = vec![TextGammaBase::EachInTurn];
                choices.extend(names.iter().map(|n| TextGammaBase::Annotator(n.clone())));
                if let TextGammaBase::File(_) = &s.text_gamma_base {
                    choices.push(s.text_gamma_base.clone());
                }
                for choice in choices {
                    let name = base_name(&choice);
                    ui.selectable_value(&mut s.text_gamma_base, choice, name);
                }
            })
            .response
            .on_hover_text(BASE_TIP);
        if (ui
            .button("Base file…")
            .on_hover_text("the pre-annotation the annotators corrected (CorA-XML)")
            .clicked()
            || dialog.ready(BASE_TITLE))
            && let Some(path) = dialog.pick_file(BASE_TITLE, &["xml"])
        {
            s.text_gamma_base = TextGammaBase::File(path);
        }
    });
}

/// p_t and p_s: given, or estimated (maximum likelihood or with a Beta prior).
fn chance_model(ui: &mut Ui, options: &mut TextGammaOptions) {
    egui::Grid::new("text-gamma-chance")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("p_t, p_s");
            let mut given = matches!(options.probabilities, Probabilities::Given { .. });
            if ui
                .checkbox(&mut given, "given")
                .on_hover_text("unchecked: estimated from the annotators' differences to the base")
                .changed()
            {
                options.probabilities = if given {
                    Probabilities::Given {
                        p_text: 0.1,
                        p_segmentation: 0.02,
                    }
                } else {
                    Probabilities::Estimated { prior: None }
                };
            }
            ui.end_row();
            match &mut options.probabilities {
                Probabilities::Given {
                    p_text,
                    p_segmentation,
                } => {
                    ui.label("p_t (text edits)");
                    ui.add(egui::DragValue::new(p_text).speed(0.005).range(0.0..=1.0));
                    ui.end_row();
                    ui.label("p_s (splits, merges)");
                    ui.add(
                        egui::DragValue::new(p_segmentation)
                            .speed(0.005)
                            .range(0.0..=1.0),
                    );
                    ui.end_row();
                }
                Probabilities::Estimated { prior } => {
                    let mut with_prior = prior.is_some();
                    ui.label("estimate");
                    if ui
                        .checkbox(&mut with_prior, "Beta prior")
                        .on_hover_text("unchecked: maximum likelihood; checked: the posterior mode under a Beta(a, b) prior")
                        .changed()
                    {
                        *prior = with_prior.then_some((2.0, 2.0));
                    }
                    ui.end_row();
                    if let Some((a, b)) = prior {
                        ui.label("a, b");
                        ui.horizontal(|ui| {
                            ui.add(egui::DragValue::new(a).speed(0.1).range(1.0..=1000.0));
                            ui.add(egui::DragValue::new(b).speed(0.1).range(1.0..=1000.0));
                        });
                        ui.end_row();
                    }
                }
            }
        });
}

/// A checkbox per layer of the tokens: whether paired tokens are compared on it.
fn compared_layers(ui: &mut Ui, s: &mut Settings, layers: &[String]) {
    if layers.is_empty() {
        return;
    }
    ui.label("layers compared").on_hover_text(
        "paired tokens differ when their texts or a compared layer's values differ (the layers read are chosen when opening)",
    );
    ui.horizontal_wrapped(|ui| {
        for layer in layers {
            let excluded = &mut s.text_gamma_excluded_layers;
            let mut compared = !excluded.contains(layer);
            if ui.checkbox(&mut compared, layer.as_str()).changed() {
                if compared {
                    excluded.remove(layer);
                } else {
                    excluded.insert(layer.clone());
                }
            }
        }
    });
}

/// The text distance, the gap costs and TextGammaTool's merges.
fn comparison(ui: &mut Ui, options: &mut TextGammaOptions) {
    let combo = ui.spacing().combo_width;
    Form::new(ui, &["text distance"]).row(ui, "text distance", combo, |ui| {
        egui::ComboBox::from_id_salt("text-distance")
            .width(combo)
            .selected_text(options.alignment.dissimilarity.text.to_string())
            .show_ui(ui, |ui| {
                for distance in TextDistance::ALL {
                    ui.selectable_value(
                        &mut options.alignment.dissimilarity.text,
                        distance,
                        distance.to_string(),
                    );
                }
            });
    });
    let gaps = &mut options.alignment.gaps;
    // Wrapped: in a narrow panel the second cost goes under the first.
    ui.horizontal_wrapped(|ui| {
        ui.label("gap costs").on_hover_text(
            "the character alignment's cost of a gap at a character of the text, and at a token boundary",
        );
        ui.add(egui::DragValue::new(&mut gaps.text).range(1..=100).prefix("text "));
        ui.add(
            egui::DragValue::new(&mut gaps.boundary)
                .range(1..=100)
                .prefix("boundary "),
        );
    });
    ui.checkbox(&mut options.reference_merges, "TextGammaTool's merges")
        .on_hover_text("chance merges join only touching tokens, as TextGammaTool does");
}
