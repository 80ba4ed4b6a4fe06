//! The left panel of a coding study: the coefficients chosen, each with its value, what it
//! rests on (observed and expected agreement, Gwet's standard error), its two 95 % intervals —
//! analytic and bootstrap, each named for what it is, with a tooltip saying what it means and
//! the bootstrap's seed — and its mean over pairs of coders; agreement per category; and the
//! choices themselves (a coefficient of the registry and a distance for each, the bootstrap's
//! draws and seed).

use super::CodingCommand;
use super::agreement::{ChoiceForm, Row, analytic_tip, bootstrap_tip};
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::files::dialog::FileDialog;
use crate::app::measure::number_rows::{self, NumberRow};
use eframe::egui::{self, RichText, Ui};
use gamma_core::coding::intervals::CodingInterval;
use gamma_core::coding::{Basis, Coefficient, CoefficientChoice, DistanceName};

/// The custom distance's dialog.
const MATRIX_TITLE: &str = "The matrix of distances between labels";

/// Draws the panel.
pub fn show(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    let Some(study) = state.coding.shown() else {
        return;
    };
    let s = &study.study;
    let cells = s.n_items() * s.coders.len();
    ui.heading(format!("Agreement: {}", s.name));
    ui.label(
        RichText::new(format!(
            "{} items · {} coders · {} labels · {} ratings ({} missing, left out)",
            s.n_items(),
            s.coders.len(),
            s.categories().len(),
            s.n_ratings(),
            cells - s.n_ratings()
        ))
        .weak(),
    );
    let fingerprint = study.fingerprint.clone();
    let agreement = &state.coding.agreement;
    match agreement.results_of(&fingerprint) {
        None => {
            ui.label("Measuring…");
        }
        Some(results) => {
            if results.names != agreement.names() {
                ui.label(
                    RichText::new("(measuring the coefficients chosen…)")
                        .italics()
                        .weak(),
                );
            }
            intervals_line(ui, state);
            for (index, row) in results.rows.iter().enumerate() {
                ui.add_space(4.0);
                show_row(ui, state, &fingerprint, index, row);
            }
            if let Some(se) = results.fleiss_null {
                fleiss_test(ui, results.rows.iter(), se);
            }
            per_category(ui, &results.per_category);
        }
    }
    ui.separator();
    choices(ui, state, dialog);
}

/// What the intervals under each coefficient are: the level, and the bootstrap's draws and
/// seed.
fn intervals_line(ui: &mut Ui, state: &AppState) {
    let b = state.coding.agreement.bootstrap;
    let text = if b.on {
        format!(
            "95 % confidence intervals; bootstrap: {} draws over the items, seed {}",
            b.replicates, b.seed
        )
    } else {
        "95 % confidence intervals (analytic; the bootstrap is off)".to_string()
    };
    ui.label(RichText::new(text).weak()).on_hover_text(
        "two intervals for each coefficient, both for these items as a sample of items coded \
         by these coders (the coders are fixed): analytic, from Gwet's standard error, and \
         bootstrap, from the items drawn again; hover each for what it is",
    );
}

/// One coefficient: its value, what it rests on, its two intervals, its mean over pairs.
fn show_row(ui: &mut Ui, state: &AppState, fingerprint: &str, index: usize, row: &Row) {
    let measured = match &row.measured {
        Ok(measured) => measured,
        Err(why) => {
            ui.label(RichText::new(&row.label).strong());
            ui.label(RichText::new(format!("undefined: {why}")).weak());
            return;
        }
    };
    let v = &measured.value;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&row.label).strong())
            .on_hover_text(format!("{} (the command line's {})", row.label, row.name));
        ui.label(
            RichText::new(format!("{:.4}", v.value))
                .strong()
                .monospace(),
        );
    });
    let (observed, expected, formula) = match v.basis {
        Basis::Agreement => ("A_o", "A_e", "(A_o − A_e) / (1 − A_e)"),
        Basis::Disagreement => ("D_o", "D_e", "1 − D_o / D_e"),
    };
    let mut parts = format!(
        "{observed} {:.3} · {expected} {:.3}",
        v.observed, v.expected
    );
    if let Some(se) = v.standard_error {
        parts += &format!(" · SE {se:.3}");
    }
    if let Some(mean) = row.pairwise.as_ref().and_then(|p| p.mean) {
        parts += &format!(" · pairs {mean:.3}");
    }
    ui.label(RichText::new(parts).small().weak())
        .on_hover_text(format!(
            "{observed}, {expected}: observed and chance {what}, the value being {formula}; SE: \
         Gwet's linearised standard error over items (as irrCAC computes it); pairs: the mean \
         of the coefficient over every pair of coders, on the items both rated (for κ, \
         Light's κ; each pair under Coder pairs)",
            what = match v.basis {
                Basis::Agreement => "agreement",
                Basis::Disagreement => "disagreement",
            }
        ));
    let items = match v.basis {
        Basis::Agreement => v.items,
        Basis::Disagreement => v.pairable_items,
    };
    let mut rows = vec![match &measured.analytic {
        Some(interval) => NumberRow::new(ANALYTIC, span(interval), analytic_tip(interval, items)),
        None => NumberRow::new(
            ANALYTIC,
            "none",
            "no standard error: fewer than two items rated",
        ),
    }];
    let drawn = state.coding.agreement.drawn_of(fingerprint);
    let bootstrap = state.coding.agreement.bootstrap;
    rows.push(match drawn.and_then(|d| d.intervals.get(index)?.as_ref()) {
        Some(Ok(interval)) => NumberRow::new(BOOTSTRAP, span(interval), bootstrap_tip(interval)),
        Some(Err(why)) => NumberRow::new(BOOTSTRAP, "none", why.clone()),
        None if bootstrap.on && state.coding_is_drawing() => NumberRow::new(
            BOOTSTRAP,
            match drawn.and_then(|d| d.progress) {
                Some((at, done)) if at == index => {
                    format!(
                        "drawing… {:.0} %",
                        100.0 * done as f64 / bootstrap.replicates as f64
                    )
                }
                _ => "waiting…".to_string(),
            },
            format!(
                "the items are being drawn again in the background (seed {})",
                bootstrap.seed
            ),
        ),
        None => NumberRow::new(
            BOOTSTRAP,
            "not drawn",
            "tick the bootstrap under Coefficients to draw it",
        ),
    });
    number_rows::show(ui, &rows);
}

/// The names of the two intervals (each explained by its tooltip).
pub const ANALYTIC: &str = "analytic CI";
pub const BOOTSTRAP: &str = "bootstrap CI";

/// An interval as `[low, high]`.
pub fn span(interval: &CodingInterval) -> String {
    format!("[{:.3}, {:.3}]", interval.low, interval.high)
}

/// Fleiss's 1971 test of π against chance, when π is chosen.
fn fleiss_test<'a>(ui: &mut Ui, rows: impl Iterator<Item = &'a Row>, se: f64) {
    let pi = rows
        .filter(|r| {
            matches!(&r.choice, Ok(c) if c.coefficient == Coefficient::Pi
            && matches!(c.distance, gamma_core::coefficients::Distance::Nominal))
        })
        .find_map(|r| r.measured.as_ref().ok());
    if let Some(pi) = pi {
        let z = pi.value.value / se;
        ui.label(RichText::new(format!("Fleiss's test of π: SE₀ {se:.4}, z = {z:.2}")).weak())
            .on_hover_text(
                "Fleiss (1971): the standard error of π if the coders agreed only by chance, and \
                 z = π / SE₀. A test against chance, not an interval (it assumes π = 0).",
            );
    }
}

/// Specific agreement and Fleiss's κ of each category.
fn per_category(ui: &mut Ui, categories: &[gamma_core::coding::tables::CategoryAgreement]) {
    egui::CollapsingHeader::new("Per category").show(ui, |ui| {
        ui.label(
            RichText::new(
                "specific agreement: of a category's ratings on items rated twice or more, the \
                 share the item's other ratings agree with; κ: Fleiss's κ of the category \
                 against the rest",
            )
            .weak(),
        );
        egui::Grid::new("coding-per-category")
            .striped(true)
            .show(ui, |ui| {
                for header in ["label", "ratings", "specific", "κ"] {
                    ui.label(RichText::new(header).strong());
                }
                ui.end_row();
                let number = |v: Option<f64>| v.map_or("–".to_string(), |v| format!("{v:.3}"));
                for c in categories {
                    ui.label(&c.category);
                    ui.label(c.ratings.to_string());
                    ui.label(number(c.specific_agreement));
                    ui.label(number(c.fleiss_kappa));
                    ui.end_row();
                }
            });
    });
}

/// The coefficients chosen and the bootstrap's settings; a change measures again.
fn choices(ui: &mut Ui, state: &mut AppState, dialog: &mut dyn FileDialog) {
    let coders = state.coding.shown().map_or(2, |s| s.study.coders.len());
    let agreement = &mut state.coding.agreement;
    let before = (
        agreement.choices.clone(),
        agreement.bootstrap,
        agreement.matrix.clone(),
    );
    egui::CollapsingHeader::new("Coefficients")
        .id_salt("coding-choices")
        .show(ui, |ui| {
            let mut removed = None;
            let count = agreement.choices.len();
            for (i, form) in agreement.choices.iter_mut().enumerate() {
                ui.horizontal_wrapped(|ui| {
                    choice_pickers(ui, i, form, coders);
                    if count > 1 && ui.small_button("✕").on_hover_text("remove").clicked() {
                        removed = Some(i);
                    }
                });
            }
            if let Some(i) = removed {
                agreement.choices.remove(i);
            }
            if ui.button("Add a coefficient").clicked() {
                agreement.choices.push(ChoiceForm {
                    coefficient: Coefficient::Alpha,
                    distance: DistanceName::Ordinal,
                });
            }
            if agreement
                .choices
                .iter()
                .any(|c| c.distance == DistanceName::Custom)
            {
                ui.horizontal_wrapped(|ui| {
                    let shown = (agreement.matrix.as_ref())
                        .and_then(|m| m.file_name())
                        .map_or("no matrix".into(), |n| n.to_string_lossy().into_owned());
                    ui.label(format!("custom distance: {shown}"));
                    if (ui.button("Choose…").clicked() || dialog.ready(MATRIX_TITLE))
                        && let Some(path) = dialog.pick_file(MATRIX_TITLE, &["csv"])
                    {
                        agreement.matrix = Some(path);
                    }
                });
            }
            if let Some(problem) = &agreement.problem {
                ui.colored_label(ui.visuals().warn_fg_color, problem);
            }
            let b = &mut agreement.bootstrap;
            ui.checkbox(&mut b.on, "bootstrap intervals over items")
                .on_hover_text("drawn in the background; the seed makes them repeatable");
            ui.add_enabled_ui(b.on, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let draws = ui.label("draws");
                    ui.add(
                        egui::DragValue::new(&mut b.replicates)
                            .range(100..=100_000)
                            .speed(10),
                    )
                    .labelled_by(draws.id);
                    let seed = ui.label("seed");
                    ui.add(egui::DragValue::new(&mut b.seed).speed(1))
                        .labelled_by(seed.id);
                });
            });
        });
    let after = (
        agreement.choices.clone(),
        agreement.bootstrap,
        agreement.matrix.clone(),
    );
    let mut send = (before != after).then_some(CodingCommand::Measure);
    if state.coding_is_drawing()
        && ui
            .button("Stop the bootstrap")
            .on_hover_text("the intervals drawn stay")
            .clicked()
    {
        send = Some(CodingCommand::StopBootstrap);
    }
    if let Some(command) = send {
        state.send(Command::Coding(command));
    }
}

/// A choice's two pickers: the coefficient (the registry's) and its distance.
fn choice_pickers(ui: &mut Ui, index: usize, form: &mut ChoiceForm, coders: usize) {
    let name = |c: Coefficient| CoefficientChoice::nominal(c).label(coders);
    egui::ComboBox::from_id_salt(("coding-coefficient", index))
        .selected_text(name(form.coefficient))
        .show_ui(ui, |ui| {
            for coefficient in Coefficient::ALL {
                ui.selectable_value(&mut form.coefficient, coefficient, name(coefficient));
            }
        })
        .response
        .on_hover_text("the coefficient");
    egui::ComboBox::from_id_salt(("coding-distance", index))
        .selected_text(form.distance.name())
        .show_ui(ui, |ui| {
            for distance in DistanceName::ALL {
                ui.selectable_value(&mut form.distance, distance, distance.name())
                    .on_hover_text(distance_tip(distance));
            }
        })
        .response
        .on_hover_text("the distance between labels that weighs the disagreements");
}

/// What a distance is.
fn distance_tip(distance: DistanceName) -> &'static str {
    match distance {
        DistanceName::Nominal => "different labels disagree fully (unweighted)",
        DistanceName::Ordinal => {
            "Krippendorff's ordinal metric: ranks, weighted by how often each label is used"
        }
        DistanceName::Interval => "(a − b)²: interval, quadratic weights",
        DistanceName::Linear => "|a − b|: linear weights",
        DistanceName::Ratio => "((a − b)/(a + b))²: ratio",
        DistanceName::Masi => "MASI, for sets of labels (a;b)",
        DistanceName::Jaccard => "Jaccard's distance, for sets of labels",
        DistanceName::Custom => "a CSV matrix of distances between the labels",
    }
}
