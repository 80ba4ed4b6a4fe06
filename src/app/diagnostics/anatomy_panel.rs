//! The anatomy window (View → Why the annotators disagree…): for the document shown, which
//! categories meet which in the best alignment, each annotator's profile, γ with each annotator
//! left out with its bootstrap interval. Each count is a button: clicking it selects the first
//! of the alignments behind it in the adjudication room and lists them all here.

use super::anatomy::Focus;
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::files::dialog::FileDialog;
use eframe::egui::{self, RichText, Ui, WidgetInfo};
use gamma_core::diagnostics::{AlignmentId, Anatomy, LeftOut, Usage};

/// The window's title (and the View menu's entry).
pub const ANATOMY_TITLE: &str = "Why the annotators disagree";

/// The window, when open.
pub fn window(ui: &Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    if !state.diagnostics.open {
        return;
    }
    let mut open = true;
    egui::Window::new(ANATOMY_TITLE)
        .open(&mut open)
        .default_size([560.0, 600.0])
        .vscroll(true)
        .show(ui.ctx(), |ui| {
            show(ui, state);
            show_examples(ui, state, dialog);
        });
    state.diagnostics.open = open;
}

/// A button showing `text`, named `name` for screen readers (and the tests); sends
/// `alignments` to the adjudication room when clicked.
fn figure(
    ui: &mut Ui,
    state: &mut AppState,
    text: String,
    name: String,
    alignments: &[AlignmentId],
) {
    let enabled = !alignments.is_empty();
    let button = ui
        .add_enabled(enabled, egui::Button::new(text).small())
        .on_hover_text(format!("{name}: select the alignments behind it"));
    button.widget_info(|| WidgetInfo::labeled(egui::Role::Button, enabled, &name));
    if button.clicked() {
        state.send(Command::FocusAlignments {
            label: name,
            alignments: alignments.to_vec(),
        });
    }
}

fn show(ui: &mut Ui, state: &mut AppState) {
    let Some(key) = state.anatomy_key() else {
        ui.label("Wait for γ of this document (the anatomy reads γ's best alignment, not tγ's).");
        return;
    };
    if state.diagnostics.anatomy.key != Some(key) {
        state.send(Command::ComputeAnatomy);
        ui.spinner();
        return;
    }
    let Some(anatomy) = state.diagnostics.anatomy.anatomy.clone() else {
        ui.spinner();
        return;
    };
    ui.label(
        RichText::new(format!(
            "{} · {} alignments · observed disorder D_o {:.4}",
            state.document().map_or("", |d| d.continuum().name.as_str()),
            anatomy.n_alignments,
            anatomy.observed_disorder
        ))
        .weak(),
    );
    show_focus(ui, state);
    egui::CollapsingHeader::new("Which categories meet which")
        .default_open(true)
        .show(ui, |ui| show_confusions(ui, state, &anatomy));
    egui::CollapsingHeader::new("Each annotator")
        .default_open(true)
        .show(ui, |ui| show_profiles(ui, state, &anatomy));
    egui::CollapsingHeader::new("γ with each annotator left out")
        .default_open(true)
        .show(ui, |ui| show_left_out(ui, state));
}

/// The alignments of the figure clicked, each a click away.
fn show_focus(ui: &mut Ui, state: &mut AppState) {
    let Some(Focus { label, alignments }) = state.diagnostics.focus.clone() else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("{label}:")).strong());
        for &alignment in &alignments {
            let selected = state.documents.selection.alignment == Some(alignment);
            if ui
                .selectable_label(selected, format!("alignment {}", alignment + 1))
                .clicked()
            {
                state.select_alignment(alignment);
            }
        }
        if ui.small_button("clear").clicked() {
            state.send(Command::ClearFocus);
        }
    });
}

fn show_confusions(ui: &mut Ui, state: &mut AppState, anatomy: &Anatomy) {
    if anatomy.confusions.is_empty() {
        ui.label(
            "No two units of different categories, nor a unit and an empty slot, are aligned.",
        );
        return;
    }
    ui.label(
        RichText::new(
            "pairs of units aligned together (or a unit with an empty slot, ∅), across \
             annotators, and their share of D_o",
        )
        .weak(),
    );
    egui::Grid::new("confusions").striped(true).show(ui, |ui| {
        for heading in ["category", "with", "pairs", "share of D_o", ""] {
            ui.strong(heading);
        }
        ui.end_row();
        for confusion in &anatomy.confusions {
            let second = confusion.second.as_deref().unwrap_or("∅");
            ui.label(&confusion.first);
            ui.label(second);
            let name = format!("{} with {second}", confusion.first);
            let text = confusion.pairs.to_string();
            figure(ui, state, text, name.clone(), &confusion.alignments);
            ui.label(format!("{:.1} %", 100.0 * confusion.share));
            let examples = ui
                .small_button("examples")
                .on_hover_text("the places where they meet, with their text, for the guidelines");
            examples.widget_info(|| {
                WidgetInfo::labeled(egui::Role::Button, true, format!("examples of {name}"))
            });
            if examples.clicked() {
                state.send(Command::ShowExamples {
                    first: confusion.first.clone(),
                    second: confusion.second.clone(),
                });
            }
            ui.end_row();
        }
    });
}

fn offset(value: Option<f64>) -> String {
    value.map_or("–".into(), |v| format!("{v:+.2}"))
}

fn show_profiles(ui: &mut Ui, state: &mut AppState, anatomy: &Anatomy) {
    egui::Grid::new("profiles").striped(true).show(ui, |ui| {
        for heading in [
            "annotator",
            "units (others)",
            "missed",
            "added",
            "start",
            "end",
            "uses",
        ] {
            ui.strong(heading);
        }
        ui.end_row();
        for p in &anatomy.profiles {
            ui.label(&p.annotator);
            ui.label(format!("{} ({:.1})", p.units, p.others_mean_units));
            let (missed, added) = (&p.missed, &p.added);
            let name = format!("{} missed", p.annotator);
            figure(
                ui,
                state,
                missed.count.to_string(),
                name,
                &missed.alignments,
            );
            let name = format!("{} added", p.annotator);
            figure(ui, state, added.count.to_string(), name, &added.alignments);
            let name = format!("{}'s boundaries", p.annotator);
            figure(
                ui,
                state,
                offset(p.start_offset),
                name.clone(),
                &p.offset_alignments,
            );
            figure(ui, state, offset(p.end_offset), name, &p.offset_alignments);
            ui.horizontal_wrapped(|ui| {
                for c in p.categories.iter().filter(|c| c.usage != Usage::AsThePool) {
                    let (sign, name) = match c.usage {
                        Usage::Over => ("+", format!("{} over-uses {}", p.annotator, c.category)),
                        _ => ("−", format!("{} under-uses {}", p.annotator, c.category)),
                    };
                    let text = format!(
                        "{sign}{} {:.0} % (pool {:.0} %)",
                        c.category,
                        100.0 * c.share,
                        100.0 * c.pool_share
                    );
                    figure(ui, state, text, name, &c.alignments);
                }
            });
            ui.end_row();
        }
    });
    ui.label(
        RichText::new(
            "missed: the others' units she has not; added: her units alone in their alignment; \
             start, end: her mean signed offset against the others' units of the same alignment \
             (negative: earlier); uses: categories she uses more (+) or less (−) than the pool",
        )
        .weak(),
    );
}

fn show_left_out(ui: &mut Ui, state: &AppState) {
    let Some(rows) = &state.diagnostics.anatomy.left_out else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("γ without each annotator, with its bootstrap interval…");
        });
        return;
    };
    if rows.is_empty() {
        ui.label("Needs three annotators at least (two remain).");
        return;
    }
    let gamma = state.current_outcome().map(|o| o.result.gamma);
    if let Some(gamma) = gamma {
        ui.label(format!("γ of all: {gamma:.4}"));
    }
    egui::Grid::new("left-out").striped(true).show(ui, |ui| {
        for heading in [
            "left out",
            "γ of the others",
            "95 % confidence interval (bootstrap)",
        ] {
            ui.strong(heading);
        }
        ui.end_row();
        for LeftOut { annotator, result } in rows {
            ui.label(annotator);
            match result {
                Ok(r) => {
                    ui.label(format!("{:.4}", r.gamma)).on_hover_text(format!(
                        "precision interval of the sampling: [{:.4}, {:.4}]",
                        r.precision_interval.0, r.precision_interval.1
                    ));
                    match &r.confidence_interval {
                        Ok(ci) => ui.label(format!("[{:.4}, {:.4}]", ci.gamma.0, ci.gamma.1)),
                        Err(e) => {
                            let why = crate::app::errors::AppError::from(e.clone());
                            ui.label(RichText::new(format!("none: {why}")).weak())
                        }
                    };
                }
                Err(e) => {
                    let text = crate::app::errors::AppError::from(e.clone()).to_string();
                    ui.label(text);
                    ui.label("");
                }
            }
            ui.end_row();
        }
    });
}

/// The title of the examples' save dialog.
pub const EXAMPLES_TITLE: &str = "Export the examples";

/// The places where the pair asked for meets, each a click away, and their export.
fn show_examples(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    let Some(shown) = state.diagnostics.examples.clone() else {
        return;
    };
    ui.separator();
    ui.strong(format!(
        "Examples of {}: {}",
        shown.title,
        crate::wording::plural(shown.found.len(), "place", "places")
    ));
    for example in &shown.found {
        ui.horizontal_wrapped(|ui| {
            let place = format!("alignment {}", example.id.alignment + 1);
            if ui.small_button(&place).clicked() {
                state.select_alignment(example.id.alignment);
            }
            if let Some(c) = &example.context {
                ui.label(RichText::new(&c.before).weak());
                ui.label(RichText::new(&c.span).strong());
                ui.label(RichText::new(&c.after).weak());
            }
        });
        for unit in &example.units {
            ui.label(
                RichText::new(format!(
                    "    {}: {} “{}” [{}, {})",
                    unit.annotator,
                    unit.category,
                    unit.text.as_deref().unwrap_or(""),
                    unit.start,
                    unit.end
                ))
                .small(),
            );
        }
    }
    // A file name whatever the categories are called.
    let stem: String = (shown.title.replace('∅', "nothing").chars())
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    if (ui
        .button("Export the examples…")
        .on_hover_text("a list for the guideline document: .md (Markdown) or .csv")
        .clicked()
        || dialog.ready(EXAMPLES_TITLE))
        && let Some(path) = dialog.save_file(EXAMPLES_TITLE, &format!("examples-{stem}.md"))
    {
        state.send(Command::ExportExamples(path));
    }
}
