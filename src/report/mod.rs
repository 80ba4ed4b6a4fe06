//! The agreement report: everything a paper reports about the agreement of a corpus, gathered
//! once ([`Report::gather`]) and rendered as one self-contained HTML page ([`html`]), Markdown or
//! LaTeX tables ([`tables`]) or JSON (the [`Report`] itself, for scripts). The command line
//! (`gamma-studio report`) and the app's File → Export the agreement report share it.
//!
//! Every figure comes from the core: γ with the precision interval of its expected disorder,
//! γ-cat and γ-k (Mathet 2017), each document measured alone, γ of every pair of annotators,
//! the classic and unitizing coefficients of each document, the confusion of categories and the
//! coverage of the best alignment, the chance disorders, the worst disagreements with their
//! text, agreement on relations when the documents have them, and each annotator against a
//! reference (a gold standard, the curated document of a project export) when there is one
//! ([`Report::against`]), and why the annotators disagree ([`anatomy`]).

pub mod anatomy;
mod calibration;
pub mod coding;
pub mod command_line;
pub mod html;
pub mod reasons;
mod svg;
pub mod tables;

use gamma_core::bootstrap::{BootstrapOptions, ConfidenceInterval, bootstrap_gamma};
use gamma_core::coefficients::unitizing::alpha_u;
use gamma_core::evaluate::spans::Scheme;
use gamma_core::evaluate::{EvaluationOptions, evaluate};
use gamma_core::gamma::{GammaError, RunControl, SampleCount};
use gamma_core::measure::{Measure, UndefinedMeasure};
use gamma_core::pairwise::{annotator_names, check_pairs, try_pairwise};
use gamma_core::per_document::per_document;
use gamma_core::relations::{RelationAgreement, any_relations, result_relation_agreement};
use gamma_core::{Corpus, GammaOptions, GammaResult};
use serde::Serialize;
use std::collections::BTreeMap;

/// The forms a report is written in, chosen by the output's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rendering {
    /// `.html`, `.htm`: one self-contained page.
    Html,
    /// `.md`: Markdown tables.
    Markdown,
    /// `.tex`: LaTeX tables (booktabs).
    Latex,
    /// `.json`: the [`Report`] itself.
    Json,
}

impl Rendering {
    /// The rendering an output's extension asks for, if any.
    pub fn of(path: &std::path::Path) -> Option<Rendering> {
        let extension = path.extension()?.to_string_lossy().to_lowercase();
        match extension.as_str() {
            "html" | "htm" => Some(Rendering::Html),
            "md" => Some(Rendering::Markdown),
            "tex" => Some(Rendering::Latex),
            "json" => Some(Rendering::Json),
            _ => None,
        }
    }

    /// The report in this form.
    pub fn render(self, report: &Report) -> String {
        match self {
            Rendering::Html => html::render(report),
            Rendering::Markdown => tables::markdown(report),
            Rendering::Latex => tables::latex(report),
            Rendering::Json => serde_json::to_string_pretty(report).expect("JSON of plain values"),
        }
    }
}

/// How many disagreements the report lists.
const WORST_SHOWN: usize = 12;
/// The stages of [`Report::gather_under`]: γ of the corpus, each document, each pair, the
/// coefficients, the anatomy and the bootstrap.
pub const STAGES: usize = 5;
/// Bootstrap replicates of the confidence interval of γ.
const REPLICATES: usize = 1000;

/// The settings a reader needs to rerun the measure.
#[derive(Debug, Clone, Serialize)]
pub struct Method {
    /// α, the weight of positions.
    pub alpha: f64,
    /// β, the weight of categories.
    pub beta: f64,
    /// Δ∅, the cost of an unaligned unit.
    pub delta_empty: f64,
    /// The categorical dissimilarity.
    pub categorical: String,
    /// The sampler of chance continua.
    pub sampler: String,
    /// Samples of the expected disorder drawn.
    pub samples: usize,
    /// The seed of the random continua.
    pub seed: u64,
    /// The confidence of the precision interval.
    pub confidence: f64,
    /// This program and its version.
    pub software: String,
    /// The command that gives the same figures.
    pub rerun: String,
}

/// γ of the corpus (or of the one document).
#[derive(Debug, Clone, Serialize)]
pub struct Overall {
    /// γ = 1 − D_o / D_e.
    pub gamma: f64,
    /// The interval of γ from the precision of the estimate of D_e (not a confidence interval
    /// over other documents).
    pub precision_interval: (f64, f64),
    /// The observed disorder of the best alignment.
    pub observed_disorder: f64,
    /// The expected (chance) disorder.
    pub expected_disorder: f64,
    /// γ-cat: agreement on categories of the aligned units.
    pub gamma_cat: Option<f64>,
    /// γ-k per category.
    pub gamma_k: BTreeMap<String, f64>,
    /// The disorders of the chance continua (the histogram).
    pub chance_disorders: Vec<f64>,
    /// The 95 % bootstrap confidence interval of γ, γ-cat and γ-k (over documents, or over
    /// stretches of one document), or why there is none.
    pub confidence_interval: Result<ConfidenceInterval, String>,
}

/// One document measured alone.
#[derive(Debug, Clone, Serialize)]
pub struct DocumentRow {
    /// Its name.
    pub document: String,
    /// Its annotators.
    pub annotators: Vec<String>,
    /// Its units.
    pub n_units: usize,
    /// γ, or `None` with `error` when it cannot be measured.
    pub gamma: Option<f64>,
    /// The precision interval of its chance estimate (how precisely the random continua
    /// estimated its D_e): not a confidence interval of γ.
    pub chance_precision: Option<(f64, f64)>,
    /// Why it cannot be measured.
    pub error: Option<String>,
}

/// γ of one pair of annotators.
#[derive(Debug, Clone, Serialize)]
pub struct PairRow {
    /// The two annotators.
    pub annotators: [String; 2],
    /// Documents both annotated.
    pub documents: usize,
    /// Their γ, when defined.
    pub gamma: Option<f64>,
}

/// One classic or unitizing coefficient of one document.
#[derive(Debug, Clone, Serialize)]
pub struct Coefficient {
    /// The document.
    pub document: String,
    /// The coefficient's name as papers write it.
    pub measure: String,
    /// Its value, or `None` with `undefined` saying why.
    pub value: Option<f64>,
    /// Why it is undefined.
    pub undefined: Option<String>,
}

/// How many units of an annotator the best alignment pairs with another annotator's.
#[derive(Debug, Clone, Serialize)]
pub struct Coverage {
    /// The annotator.
    pub annotator: String,
    /// Its units.
    pub units: usize,
    /// Its units in a unitary alignment with another annotator's unit.
    pub aligned: usize,
}

/// One unit of a disagreement.
#[derive(Debug, Clone, Serialize)]
pub struct ShownUnit {
    /// Its annotator.
    pub annotator: String,
    /// Its category.
    pub category: String,
    /// Its span.
    pub start: f64,
    /// Its span's end.
    pub end: f64,
    /// The text it covers, when there is a text.
    pub text: Option<String>,
}

/// A unitary alignment of the best alignment with much disorder.
#[derive(Debug, Clone, Serialize)]
pub struct Disagreement {
    /// Its document.
    pub document: String,
    /// Its disorder δ (Δ∅ for a unit alone).
    pub disorder: f64,
    /// Its units; the annotators missing from it have no unit there.
    pub units: Vec<ShownUnit>,
}

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The documents' names.
    pub documents: Vec<String>,
    /// Every annotator's name.
    pub annotators: Vec<String>,
    /// Units of every annotator and document.
    pub n_units: usize,
    /// The settings.
    pub method: Method,
    /// γ and its companions.
    pub overall: Overall,
    /// Each document measured alone (a corpus).
    pub per_document: Vec<DocumentRow>,
    /// Every pair of annotators.
    pub pairwise: Vec<PairRow>,
    /// The classic and unitizing coefficients of each document.
    pub coefficients: Vec<Coefficient>,
    /// Categories paired in the best alignment: (first, second) → count; "∅" for a unit alone.
    pub confusion: Vec<(String, String, usize)>,
    /// Units aligned with another annotator's, per annotator.
    pub coverage: Vec<Coverage>,
    /// The unitary alignments with the most disorder.
    pub worst: Vec<Disagreement>,
    /// Agreement on relations, when the documents have relations.
    pub relations: Option<RelationAgreement>,
    /// Each annotator against the reference, when there is one (the agreement figures above
    /// are then those of the annotators without it).
    pub against_reference: Option<ReferenceSection>,
    /// What γ means on the Corpus Shuffling Tool's curves, when asked for (or why there is
    /// none).
    pub calibration: Option<Result<calibration::CalibrationSection, String>>,
    /// Why the annotators disagree: `D_o` in parts, confusions, each annotator's habits, γ
    /// with each left out.
    pub anatomy: anatomy::AnatomySection,
    /// The adjudication's decisions counted by category and reason, when adjudications are
    /// given ([`Report::with_reasons`]).
    pub reasons: Option<reasons::ReasonsSection>,
}

/// Each annotator scored against a reference (`gamma-studio evaluate`'s figures).
#[derive(Debug, Clone, Serialize)]
pub struct ReferenceSection {
    /// The reference's name.
    pub reference: String,
    /// The evaluation of each annotator, or why there is none.
    pub annotators: Result<Vec<AgainstReference>, String>,
}

/// One annotator against the reference.
#[derive(Debug, Clone, Serialize)]
pub struct AgainstReference {
    /// The annotator.
    pub annotator: String,
    /// The documents it annotated (it is scored on those only).
    pub documents: usize,
    /// γ of the annotator and the reference, with the reference's chance model.
    pub gamma: Option<f64>,
    /// Why γ is undefined.
    pub gamma_undefined: Option<String>,
    /// Strict span scores (same boundaries and category): precision, recall, F1.
    pub strict: [f64; 3],
    /// F1 with partial credit for overlapping spans.
    pub partial_f1: f64,
    /// The unitary alignments where it differs from the reference.
    pub disagreements: usize,
}

/// The confidence the precision interval is given at.
fn confidence(options: &GammaOptions) -> f64 {
    match options.samples {
        SampleCount::Precision { confidence, .. } => confidence,
        SampleCount::Fixed(_) => 0.95,
    }
}

impl Report {
    /// Measures `corpus` with `options` and gathers the report; `rerun` is the command line
    /// that gives the same figures. A corpus of more annotators than its pairwise matrix may
    /// have is refused before anything is measured.
    pub fn gather(
        corpus: &Corpus,
        options: &GammaOptions,
        rerun: String,
    ) -> Result<Report, GammaError> {
        Report::gather_under(corpus, options, rerun, RunControl::default(), &|_, _| {})
    }

    /// [`Report::gather`] under `control` (its cancel flag stops it with
    /// [`GammaError::Cancelled`] between and inside its stages), `stage` told (stage done,
    /// stages) as each of its [`STAGES`] ends: what the app's progress bar shows.
    pub fn gather_under(
        corpus: &Corpus,
        options: &GammaOptions,
        rerun: String,
        control: RunControl<'_>,
        stage: &dyn Fn(usize, usize),
    ) -> Result<Report, GammaError> {
        let stopped =
            || (control.cancelled).is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
        let done = |n: usize| match stopped() {
            true => Err(GammaError::Cancelled),
            false => {
                stage(n, STAGES);
                Ok(())
            }
        };
        check_pairs(corpus)?;
        let quiet = RunControl {
            on_progress: None,
            ..control
        };
        let result = gamma_core::corpus_gamma(corpus, options, quiet)?;
        done(1)?;
        let per_document = if corpus.documents.len() > 1 {
            per_document(corpus, options, quiet)
                .into_iter()
                .map(|row| DocumentRow {
                    gamma: row.gamma(),
                    chance_precision: row.result.as_ref().ok().map(|r| r.gamma_interval),
                    error: row.result.as_ref().err().map(|e| e.to_string()),
                    document: row.document,
                    annotators: row.annotators,
                    n_units: row.n_units,
                })
                .collect()
        } else {
            Vec::new()
        };
        done(2)?;
        let pairwise = try_pairwise(corpus, options, quiet)?
            .into_iter()
            .map(|p| PairRow {
                gamma: p.gamma(),
                annotators: p.annotators,
                documents: p.documents,
            })
            .collect();
        done(3)?;
        let coefficients = coefficients(corpus, options);
        done(4)?;
        let anatomy = anatomy::gather(corpus, &result, options, REPLICATES);
        let overall = overall(&result, options);
        done(STAGES)?;
        Ok(Report {
            documents: corpus.documents.iter().map(|d| d.name.clone()).collect(),
            annotators: annotator_names(corpus),
            n_units: corpus.n_units(),
            method: Method {
                alpha: options.dissimilarity.alpha,
                beta: options.dissimilarity.beta,
                delta_empty: options.dissimilarity.delta_empty,
                categorical: options.dissimilarity.categorical.to_string(),
                sampler: options.sampler.to_string(),
                samples: result.n_samples,
                seed: result.seed,
                confidence: confidence(options),
                software: format!("Gamma Studio {}", env!("CARGO_PKG_VERSION")),
                rerun,
            },
            overall,
            per_document,
            pairwise,
            coefficients,
            confusion: confusion(corpus, &result),
            coverage: coverage(corpus, &result),
            worst: worst(corpus, &result),
            relations: relations(corpus, &result),
            against_reference: None,
            calibration: None,
            anatomy,
            reasons: None,
        })
    }

    /// The report with the decisions of `adjudications` (the documents' adjudications)
    /// counted by category and reason, the reasons labelled by `list`.
    pub fn with_reasons<'a>(
        mut self,
        adjudications: impl IntoIterator<Item = &'a gamma_core::gold::Adjudication>,
        list: &gamma_core::gold::ReasonList,
    ) -> Report {
        self.reasons = Some(reasons::ReasonsSection::gather(adjudications, list));
        self
    }

    /// The report with each annotator of `referenced` (the documents with the reference as
    /// one of their annotators) scored against `reference`.
    pub fn against(
        mut self,
        referenced: &Corpus,
        reference: &str,
        options: &GammaOptions,
    ) -> Report {
        let evaluation_options = EvaluationOptions {
            gamma: options.clone(),
            ..EvaluationOptions::default()
        };
        let evaluation = evaluate(
            referenced,
            reference,
            &evaluation_options,
            RunControl::default(),
        );
        let annotators = evaluation.map_err(|e| e.to_string()).map(|evaluation| {
            (evaluation.systems.iter())
                .map(|system| {
                    let strict = system.spans.get(Scheme::Strict);
                    AgainstReference {
                        annotator: system.annotator.clone(),
                        documents: system.documents.len(),
                        gamma: system.gamma.as_ref().ok().map(|g| g.gamma),
                        gamma_undefined: system.gamma.as_ref().err().map(ToString::to_string),
                        strict: [
                            strict.precision(Scheme::Strict),
                            strict.recall(Scheme::Strict),
                            strict.f1(Scheme::Strict),
                        ],
                        partial_f1: system.spans.get(Scheme::Partial).f1(Scheme::Partial),
                        disagreements: system.disagreements.len(),
                    }
                })
                .collect()
        });
        self.against_reference = Some(ReferenceSection {
            reference: reference.to_string(),
            annotators,
        });
        self
    }
}

fn overall(result: &GammaResult, options: &GammaOptions) -> Overall {
    let bootstrap = BootstrapOptions {
        replicates: REPLICATES,
        level: 0.95,
        seed: options.seed,
    };
    Overall {
        confidence_interval: bootstrap_gamma(result, options, &bootstrap)
            .map_err(|e| e.to_string()),
        gamma: result.gamma,
        precision_interval: result.gamma_interval,
        observed_disorder: result.observed_disorder,
        expected_disorder: result.expected_disorder,
        gamma_cat: result.gamma_cat,
        gamma_k: result.gamma_k.clone().unwrap_or_default(),
        chance_disorders: result.chance_disorders.clone(),
    }
}

/// Every classic and unitizing coefficient of every document (positions from 0).
fn coefficients(corpus: &Corpus, options: &GammaOptions) -> Vec<Coefficient> {
    let measures: Vec<Measure> = Measure::ALL
        .into_iter()
        .filter(|m| *m != Measure::Gamma)
        .collect();
    let mut out = Vec::new();
    for document in &corpus.documents {
        let (start, end) = document.bounds();
        if start < 0.0 {
            continue;
        }
        let values = Measure::evaluate_all(&measures, document, end, options);
        for (measure, value) in measures.iter().zip(values) {
            out.push(Coefficient {
                document: document.name.clone(),
                measure: measure.label().to_string(),
                value: value.as_ref().ok().copied(),
                undefined: value.err().map(|e| undefined_in_words(&e)),
            });
        }
        if let Ok(alpha) = alpha_u(document, 0.0, end) {
            for category in alpha.categories {
                out.push(Coefficient {
                    document: document.name.clone(),
                    measure: format!("α_U of {}", category.category),
                    value: category.alpha(),
                    undefined: category
                        .alpha()
                        .is_none()
                        .then(|| "no unit of it".to_string()),
                });
            }
        }
    }
    out
}

/// Why a coefficient is undefined, in the report's words: a document too long to label
/// position by position says how long it is and what labelling it would take.
fn undefined_in_words(error: &UndefinedMeasure) -> String {
    match error {
        UndefinedMeasure::TooManyPositions {
            measure,
            end,
            annotators,
        } => format!(
            "not computed: {} labels each whole position, and this document's {end} positions \
             are more than the {} it labels (about {} GB for {annotators} annotators)",
            measure.label(),
            gamma_core::measure::MAX_DISCRETE_POSITIONS,
            error.gigabytes().unwrap_or_default()
        ),
        other => other.to_string(),
    }
}

/// The units of each unitary alignment of each document: (document, disorder, units).
fn unitary_alignments<'a>(
    corpus: &'a Corpus,
    result: &'a GammaResult,
) -> impl Iterator<Item = (usize, f64, Vec<(usize, &'a gamma_core::Unit)>)> + 'a {
    result
        .documents
        .iter()
        .enumerate()
        .flat_map(move |(d, aligned)| {
            let continuum = &corpus.documents[d];
            (0..aligned.alignment.unitary_alignments.len()).map(move |which| {
                let units = aligned
                    .alignment
                    .slots(&aligned.problem, which)
                    .into_iter()
                    .enumerate()
                    .filter_map(|(a, slot)| Some((a, &continuum.annotators[a].units[slot?])))
                    .collect();
                (
                    d,
                    aligned.alignment.unitary_alignments[which].disorder,
                    units,
                )
            })
        })
}

/// Categories paired in the best alignment, each pair of units of a unitary alignment counted
/// once (in alphabetical order); a unit alone is paired with ∅.
fn confusion(corpus: &Corpus, result: &GammaResult) -> Vec<(String, String, usize)> {
    let mut counts: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (_, _, units) in unitary_alignments(corpus, result) {
        if let [(_, alone)] = units.as_slice() {
            *counts
                .entry((alone.category.clone(), "∅".to_string()))
                .or_default() += 1;
            continue;
        }
        for (i, (_, first)) in units.iter().enumerate() {
            for (_, second) in &units[i + 1..] {
                let mut pair = [first.category.clone(), second.category.clone()];
                pair.sort();
                let [a, b] = pair;
                *counts.entry((a, b)).or_default() += 1;
            }
        }
    }
    counts.into_iter().map(|((a, b), n)| (a, b, n)).collect()
}

fn coverage(corpus: &Corpus, result: &GammaResult) -> Vec<Coverage> {
    let names = annotator_names(corpus);
    let mut rows: Vec<Coverage> = names
        .iter()
        .map(|n| Coverage {
            annotator: n.clone(),
            units: 0,
            aligned: 0,
        })
        .collect();
    for (d, _, units) in unitary_alignments(corpus, result) {
        for (a, _) in &units {
            let name = &corpus.documents[d].annotators[*a].name;
            if let Some(row) = rows.iter_mut().find(|r| &r.annotator == name) {
                row.units += 1;
                if units.len() > 1 {
                    row.aligned += 1;
                }
            }
        }
    }
    rows
}

fn worst(corpus: &Corpus, result: &GammaResult) -> Vec<Disagreement> {
    let mut all: Vec<Disagreement> = unitary_alignments(corpus, result)
        .filter(|(_, disorder, _)| *disorder > 0.0)
        .map(|(d, disorder, units)| {
            let continuum = &corpus.documents[d];
            Disagreement {
                document: continuum.name.clone(),
                disorder,
                units: units
                    .into_iter()
                    .map(|(a, unit)| ShownUnit {
                        annotator: continuum.annotators[a].name.clone(),
                        category: unit.category.clone(),
                        start: unit.start,
                        end: unit.end,
                        text: continuum.covered_text(a, unit),
                    })
                    .collect(),
            }
        })
        .collect();
    all.sort_by(|a, b| b.disorder.total_cmp(&a.disorder));
    all.truncate(WORST_SHOWN);
    all
}

fn relations(corpus: &Corpus, result: &GammaResult) -> Option<RelationAgreement> {
    any_relations(&corpus.documents).then(|| result_relation_agreement(&corpus.documents, result))
}
