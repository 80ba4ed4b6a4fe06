//! γ and its parts, the progress of the running job (with cancel), the histogram of the
//! sampled chance disorders with D_o and D_e marked, γ-cat/γ-k, pairwise γ, the agreement on
//! the relations and the corpus γ;
//! γ's two intervals named apart: the bootstrap's confidence interval (how γ would vary with
//! other stretches of text or other documents) and the precision interval of D_e.

use super::gamma_run::{Outcome, Status};
use super::number_rows::{self, NumberRow};
use super::relation_agreement_panel;
use crate::app::AppState;
use crate::app::commands::Command;
use crate::app::errors::AppError;
use eframe::egui::{self, Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, Plot, VLine};
use gamma_core::bootstrap::{ConfidenceInterval, ResamplingUnit};

pub fn show(ui: &mut Ui, state: &mut AppState) {
    show_status(ui, state);
    if state.uses_text_gamma() {
        show_text_gamma(ui, state);
        return;
    }
    let Some(outcome) = state.current_outcome() else {
        if state.document().is_some() && state.is_running() {
            ui.label("Computing γ…");
        }
        return;
    };
    let r = outcome.result.clone();
    let stale = state.measure.run.stale;
    let heading = format!("γ = {:.4}", r.gamma);
    ui.horizontal_wrapped(|ui| {
        ui.heading(heading).on_hover_text(GAMMA_TIP);
        if stale {
            ui.label(RichText::new("(stale: settings changed)").italics().weak());
        }
    });
    below_chance(ui, r.gamma);
    // The interval a paper reports, in a group of its own under γ.
    number_rows::show(ui, &confidence_rows(outcome.confidence_interval.as_ref()));
    ui.add_space(4.0);
    number_rows::show(ui, &gamma_rows(state, outcome));
    if let Some(gamma_k) = &r.gamma_k {
        let intervals = match &outcome.confidence_interval {
            Some(Ok(ci)) => Some(&ci.gamma_k),
            _ => None,
        };
        egui::CollapsingHeader::new("γ-k per category")
            .default_open(true)
            .show(ui, |ui| {
                ui.label(RichText::new("γ of each category alone: how well the annotators agree on where its units are (in brackets, its 95 % confidence interval)").weak());
                let rows: Vec<NumberRow> = gamma_k
                    .iter()
                    .map(|(category, value)| {
                        let interval = intervals.and_then(|k| k.get(category)).copied();
                        NumberRow::new(
                            category.as_str(),
                            with_interval(*value, interval),
                            format!("γ of the units of {category} alone, with its bootstrap confidence interval"),
                        )
                    })
                    .collect();
                number_rows::show(ui, &rows);
            });
    }
    if !outcome.pairwise.is_empty() {
        egui::CollapsingHeader::new("pairwise γ")
            .default_open(true)
            .show(ui, |ui| {
                ui.label(RichText::new("γ of each pair of annotators alone").weak());
                pairwise(ui, &state.annotator_names(), &outcome.pairwise);
            });
    }
    if let Some(relations) = &outcome.relations {
        relation_agreement_panel::show(ui, "relations", relations);
    }
    corpus(ui, state);
    histogram(
        ui,
        &r.chance_disorders,
        (r.observed_disorder, r.expected_disorder),
        "chance disorders (sampled continua)",
    );
}

/// γ's table: D_o, D_e, the precision interval of D_e, the sampling, the weights, the categories not measured and γ-cat.
fn gamma_rows(state: &AppState, outcome: &Outcome) -> Vec<NumberRow> {
    let r = &outcome.result;
    let confidence = outcome.settings.gamma.samples.confidence();
    let s = &outcome.settings;
    let d = &s.gamma.dissimilarity;
    let weights = format!("α = {}, β = {}, Δ∅ = {}", d.alpha, d.beta, d.delta_empty);
    let mut rows = vec![
        NumberRow::new(
            "observed disorder D_o",
            format!("{:.6}", r.observed_disorder),
            OBSERVED_TIP,
        ),
        NumberRow::new(
            "expected disorder D_e",
            format!("{:.6}", r.expected_disorder),
            EXPECTED_TIP,
        ),
    ];
    rows.push(NumberRow::new(
        "precision of the chance estimate",
        interval_text(r.gamma_interval),
        format!(
            "{} interval of γ from the precision of D_e alone: D_e is estimated from sampled chance continua, so γ carries sampling error. It says nothing of how γ would vary with other documents or stretches of text (that is the confidence interval's)",
            percent(confidence)
        ),
    ));
    rows.extend(sampling_rows(
        r.n_samples,
        r.achieved_precision,
        r.seed,
        confidence,
    ));
    rows.push(NumberRow::new(
        "with",
        match gamma_core::Preset::matching(&s.gamma) {
            Some(preset) => format!("{weights} ({preset} preset)"),
            None => weights,
        },
        "the dissimilarity's weights: α of the positions, β of the categories, Δ∅ of an unaligned unit",
    ));
    rows.extend(not_measured_row(state, &s.excluded_categories));
    if let Some(gamma_cat) = r.gamma_cat {
        let interval = match &outcome.confidence_interval {
            Some(Ok(ci)) => ci.gamma_cat,
            _ => None,
        };
        rows.push(NumberRow::new(
            "γ-cat",
            with_interval(gamma_cat, interval),
            "agreement on the categories alone, among the units the best alignment pairs (Mathet 2015 §6): 1 when aligned units always share their category; in brackets, its 95 % confidence interval",
        ));
    }
    rows
}

/// What the confidence interval is, on its rows.
const CONFIDENCE_TIP: &str = "how much γ would vary with other stretches of text or other documents annotated the same way: the percentile interval of γ over bootstrap replicates (seeded by γ's seed; Settings → replicates). Not the precision interval, which only says how precisely D_e was estimated";

/// The rows of a bootstrap's confidence interval of γ: the interval, and how it was made
/// (what was resampled, the replicates, the seed); "computing…" until the job sends it.
fn confidence_rows(interval: Option<&Result<ConfidenceInterval, AppError>>) -> Vec<NumberRow> {
    let name = "95 % confidence interval";
    match interval {
        None => vec![NumberRow::new(name, "computing…", CONFIDENCE_TIP)],
        Some(Err(why)) => vec![NumberRow::new(name, why.to_string(), CONFIDENCE_TIP)],
        Some(Ok(ci)) => {
            let unit = match ci.unit {
                ResamplingUnit::Stretches => "stretches of the text",
                ResamplingUnit::TextStretches => "stretches of the aligned texts",
                ResamplingUnit::Documents => "documents",
            };
            vec![
                NumberRow::new(
                    format!("{} confidence interval", percent(ci.level)),
                    interval_text(ci.gamma),
                    CONFIDENCE_TIP,
                ),
                NumberRow::new(
                    "bootstrap",
                    format!(
                        "over {} {unit}, {} replicates, seed {}",
                        ci.n_units, ci.replicates, ci.seed
                    ),
                    ci.unit.method(),
                ),
            ]
        }
    }
}

/// A value with its confidence interval in brackets when there is one.
fn with_interval(value: f64, interval: Option<(f64, f64)>) -> String {
    if !value.is_finite() {
        return "–".into();
    }
    match interval {
        Some(interval) => format!("{value:.4} [{}]", interval_text(interval)),
        None => format!("{value:.4}"),
    }
}

/// The corpus γ of the open documents (when several are open) with its confidence interval
/// over the documents.
fn corpus(ui: &mut Ui, state: &AppState) {
    if state.documents.open.len() < 2 {
        return;
    }
    egui::CollapsingHeader::new("corpus (the open documents)")
        .default_open(true)
        .show(ui, |ui| {
            let tip = "γ of the open documents pooled as one corpus (Mathet 2015 §5.3)";
            let rows = match &state.measure.corpus_gamma {
                None => vec![NumberRow::new("corpus γ", "computing…", tip)],
                Some(Err(why)) => vec![NumberRow::new("corpus γ", why.to_string(), tip)],
                Some(Ok(corpus)) => {
                    let mut rows = vec![NumberRow::new(
                        "corpus γ",
                        format!("{:.4}", corpus.gamma),
                        tip,
                    )];
                    rows.extend(confidence_rows(Some(&corpus.confidence_interval)));
                    rows
                }
            };
            number_rows::show(ui, &rows);
            if let Some(Ok(corpus)) = &state.measure.corpus_gamma
                && let Some(relations) = &corpus.relations
            {
                relation_agreement_panel::show(ui, "corpus relations", relations);
            }
        });
}

/// The sampled chance disorders (`caption` says of what), with D_o and D_e marked.
fn histogram(ui: &mut Ui, chance: &[f64], (observed, expected): (f64, f64), caption: &str) {
    if chance.is_empty() {
        return;
    }
    let low = chance
        .iter()
        .copied()
        .fold(f64::INFINITY, f64::min)
        .min(observed);
    let high = chance
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max)
        .max(observed);
    let bins = 30;
    let width = ((high - low) / bins as f64).max(1e-9);
    let mut counts = vec![0usize; bins];
    for &d in chance {
        counts[(((d - low) / width) as usize).min(bins - 1)] += 1;
    }
    let bars: Vec<Bar> = counts
        .iter()
        .enumerate()
        .map(|(i, &n)| Bar::new(low + (i as f64 + 0.5) * width, n as f64).width(width * 0.95))
        .collect();
    ui.label(caption).on_hover_text(
        "the disorder of each sampled chance annotation; D_e is their mean, γ = 1 − D_o / D_e",
    );
    let bars_colour = ui.visuals().text_color().gamma_multiply(0.6);
    let (observed_colour, expected_colour) = (
        Color32::from_rgb(0, 158, 115),
        Color32::from_rgb(230, 159, 0),
    );
    crate::app::document::palette::legend(
        ui,
        &[
            ("chance disorders".into(), bars_colour),
            ("D_o".into(), observed_colour),
            ("D_e".into(), expected_colour),
        ],
    );
    Plot::new("chance-disorders")
        .height(160.0)
        .x_axis_label("disorder")
        .y_axis_label("samples")
        .allow_scroll(false)
        .allow_zoom(false)
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("chance disorder", bars).color(bars_colour));
            plot.vline(VLine::new("D_o", observed).color(observed_colour));
            plot.vline(VLine::new("D_e", expected).color(expected_colour));
        });
}

/// The tγ result: tγ, D_o, D_e, samples, seed, the chance model's probabilities, and the
/// pairwise disorders.
fn show_text_gamma(ui: &mut Ui, state: &AppState) {
    let Some(outcome) = state.current_text_outcome() else {
        if state.is_running() {
            ui.label("Computing tγ…");
        }
        return;
    };
    let r = &outcome.result;
    ui.horizontal_wrapped(|ui| {
        ui.heading(format!("tγ = {:.4}", r.tgamma)).on_hover_text(
            "text-gamma (Barteld et al. 2016): 1 − D_o / D_e over the token pairs of the aligned texts; 1 is perfect agreement, 0 chance",
        );
        if state.measure.run.stale {
            ui.label(RichText::new("(stale: settings changed)").italics().weak());
        }
    });
    let names = state.annotator_names();
    below_chance(ui, r.tgamma);
    // The settings of the result shown (the run that made it used them).
    let confidence = state.measure.settings.text_gamma.samples.confidence();
    let mut rows = vec![
        NumberRow::new(
            "observed disorder D_o",
            format!("{:.6}", r.observed.disorder),
            OBSERVED_TIP,
        ),
        NumberRow::new(
            "expected disorder D_e",
            format!("{:.6}", r.expected_disorder),
            EXPECTED_TIP,
        ),
        NumberRow::new(
            "precision interval",
            interval_text(r.tgamma_interval),
            format!(
                "{} interval of tγ from the precision of D_e alone: D_e is estimated from sampled chance annotations, so tγ carries sampling error",
                percent(confidence)
            ),
        ),
    ];
    rows.extend(sampling_rows(
        r.n_samples,
        r.achieved_precision,
        r.seed,
        confidence,
    ));
    rows.push(NumberRow::new(
        "base",
        r.base
            .clone()
            .unwrap_or_else(|| "each annotator in turn".into()),
        "the annotation the chance model perturbed (Settings → base)",
    ));
    rows.push(NumberRow::new(
        "chance model",
        format!("p_t = {:.3}, p_s = {:.3}", r.p_text, r.p_segmentation),
        "the chance annotators: each base token's text is changed with probability p_t and split or merged with probability p_s",
    ));
    let name = |i: usize| names.get(i).cloned().unwrap_or_default();
    rows.extend(r.observed.pairs.iter().map(|pair| {
        NumberRow::new(
            format!("{} – {}", name(pair.first), name(pair.second)),
            format!(
                "{} pairs, disorder sum {:.3}",
                pair.n_pairs(),
                pair.disorder_sum
            ),
            "the token pairs of this pair of annotators and the sum of their disorders",
        )
    }));
    number_rows::show(ui, &rows);
    if r.observed.pairs.len() > 1 {
        ui.label(
            RichText::new("The timeline and the list show the first pair of annotators.").weak(),
        );
    }
    histogram(
        ui,
        &r.chance_disorders,
        (r.observed.disorder, r.expected_disorder),
        "chance disorders (sampled annotations)",
    );
}

/// γ of a pair of annotators `(i, j)`, i < j, or why it could not be computed.
type PairGamma = ((usize, usize), Result<f64, AppError>);

/// γ of each pair of annotators: a matrix when it fits the panel, else a row per pair.
fn pairwise(ui: &mut Ui, names: &[String], pairs: &[PairGamma]) {
    let cell = |i: usize, j: usize| {
        if i == j {
            return "1".to_string();
        }
        let key = (i.min(j), i.max(j));
        match pairs.iter().find(|(k, _)| *k == key) {
            Some((_, Ok(g))) => format!("{g:.3}"),
            Some((_, Err(_))) => "–".into(),
            None => "…".into(),
        }
    };
    let mut cells: Vec<String> = names.to_vec();
    cells.push("0.000".into());
    if number_rows::fits(ui, &cells, names.len() + 1) {
        egui::Grid::new("pairwise").striped(true).show(ui, |ui| {
            ui.label("");
            for name in names {
                ui.strong(name);
            }
            ui.end_row();
            for (i, name) in names.iter().enumerate() {
                ui.strong(name);
                for j in 0..names.len() {
                    ui.label(cell(i, j));
                }
                ui.end_row();
            }
        });
        return;
    }
    let rows: Vec<NumberRow> = (0..names.len())
        .flat_map(|i| (i + 1..names.len()).map(move |j| (i, j)))
        .map(|(i, j)| {
            NumberRow::new(
                format!("{} – {}", names[i], names[j]),
                cell(i, j),
                "γ of this pair of annotators alone",
            )
        })
        .collect();
    number_rows::show(ui, &rows);
}

/// The categories left out of the measure, with their units in the document shown.
fn not_measured_row(
    state: &AppState,
    excluded: &std::collections::BTreeSet<String>,
) -> Option<NumberRow> {
    if excluded.is_empty() {
        return None;
    }
    let counts = state.document().map(|d| &d.category_counts);
    let parts: Vec<String> = excluded
        .iter()
        .map(|category| {
            let n = counts
                .and_then(|c| c.iter().find(|(k, _)| k == category))
                .map_or(0, |(_, n)| *n);
            format!("{category} ({n} units)")
        })
        .collect();
    Some(NumberRow::new(
        "not measured",
        parts.join(", "),
        "categories left out of γ (Settings → categories measured): their units are not aligned, count in no figure and are not adjudicated; the gold carries the first annotator's",
    ))
}

/// The rows "samples" and "seed" of γ's and tγ's tables.
fn sampling_rows(n_samples: usize, precision: f64, seed: u64, confidence: f64) -> [NumberRow; 2] {
    [
        NumberRow::new(
            "samples",
            format!("{n_samples} (±{:.1} %)", 100.0 * precision),
            format!(
                "chance continua sampled to estimate D_e, and the relative precision reached on D_e ({} confidence)",
                percent(confidence)
            ),
        ),
        NumberRow::new(
            "seed",
            seed.to_string(),
            "the random seed of the sampling: the same seed gives the same γ",
        ),
    ]
}

/// What γ is, on its heading.
const GAMMA_TIP: &str = "γ = 1 − D_o / D_e (Mathet et al. 2015): 1 is perfect agreement, 0 the agreement of chance annotators, below 0 worse than chance";
/// What D_o is.
const OBSERVED_TIP: &str =
    "the disorder of the best alignment of the annotators' units, per unit (mean annotator)";
/// What D_e is.
const EXPECTED_TIP: &str =
    "the mean disorder of chance annotations of the same shape (units reshuffled)";

/// A confidence as a percentage: "95 %", "99.9 %".
fn percent(confidence: f64) -> String {
    format!("{} %", (1000.0 * confidence).round() / 10.0)
}

/// An interval "low … high"; a bound that is not finite (too few samples to bound D_e away
/// from 0) as −∞.
fn interval_text((low, high): (f64, f64)) -> String {
    let bound = |x: f64| {
        if x.is_finite() {
            format!("{x:.4}")
        } else {
            "−∞".to_string()
        }
    };
    format!("{} … {}", bound(low), bound(high))
}

/// Under a negative γ or tγ: what it means.
fn below_chance(ui: &mut Ui, value: f64) {
    if value < 0.0 {
        ui.label(
            RichText::new(
                "Below 0: the annotators agree less than chance annotators would (their disorder exceeds the expected disorder D_e).",
            )
            .color(ui.visuals().warn_fg_color),
        );
    }
}

/// The running job's progress (with Cancel), or why there is no result.
fn show_status(ui: &mut Ui, state: &mut AppState) {
    match state.measure.run.status.clone() {
        Status::Running { done, needed } => {
            ui.horizontal_wrapped(|ui| {
                let fraction = if needed > 0 {
                    done as f32 / needed as f32
                } else {
                    0.0
                };
                // Nothing sampled yet: the observed best alignment is being searched.
                let (text, tip) = if needed == 0 {
                    (
                        "aligning the annotations…".to_string(),
                        "the best alignment of the annotators' units (dense or many overlapping annotators take longer; Cancel stops the search)",
                    )
                } else {
                    (
                        format!("samples {done} / {needed}"),
                        "random continua aligned for the expected disorder, out of those the precision needs so far",
                    )
                };
                ui.add(
                    egui::ProgressBar::new(fraction.min(1.0))
                        .desired_width(160.0)
                        .text(text),
                )
                .on_hover_text(tip);
                if ui.button("Cancel").clicked() {
                    state.send(Command::Cancel);
                }
            });
        }
        Status::Cancelled => {
            ui.horizontal_wrapped(|ui| {
                ui.label("Computation cancelled.");
                if ui.button("Compute").clicked() {
                    state.send(Command::Compute);
                }
            });
        }
        Status::Failed(message) => {
            ui.colored_label(
                Color32::from_rgb(200, 60, 60),
                format!("γ failed: {message}"),
            );
        }
        Status::Opening => {
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                ui.label("Reading the files…");
            });
        }
        Status::Idle | Status::Done => {}
    }
}
