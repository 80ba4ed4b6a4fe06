//! What `gamma --json` prints, as serde types: one object per run, its keys those documented in
//! docs/cli.md. A value that is not finite (γ of a document without disorder to expect) is
//! `null`.

use gamma_core::bootstrap::ConfidenceInterval;
use gamma_core::gamma::{DocumentAlignment, SampleCount};
use gamma_core::per_document::DocumentGamma;
use gamma_core::relations::RelationAgreement;
use gamma_core::{Corpus, GammaOptions, GammaResult};
use serde::Serialize;
use std::collections::BTreeMap;

/// `x`, or `None` (JSON's `null`) when it is not finite.
pub fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// An interval, each end [`finite`].
fn pair((low, high): (f64, f64)) -> [Option<f64>; 2] {
    [finite(low), finite(high)]
}

/// The whole output of a run.
#[derive(Serialize)]
pub struct GammaJson<'a> {
    gamma: Option<f64>,
    observed_disorder: f64,
    expected_disorder: Option<f64>,
    n_samples: usize,
    seed: u64,
    /// The precision interval of γ (of the estimate of D_e).
    gamma_interval: [Option<f64>; 2],
    achieved_precision: f64,
    proven_best_alignments: bool,
    observed_disorder_lower_bound: f64,
    expected_disorder_lower_bound: Option<f64>,
    gamma_bounds: Option<[Option<f64>; 2]>,
    sampler: String,
    alpha: f64,
    beta: f64,
    delta_empty: f64,
    categorical_dissimilarity: String,
    /// The first document's annotators.
    annotators: Vec<String>,
    categories: &'a [String],
    n_units: usize,
    n_unitary_alignments: usize,
    seconds: f64,
    alignment: Vec<UnitaryJson<'a>>,
    /// Each document's disorder, for a corpus.
    #[serde(skip_serializing_if = "Option::is_none")]
    documents: Option<Vec<DocumentJson<'a>>>,
    /// With `--gamma-cat` (null when undefined).
    #[serde(skip_serializing_if = "Option::is_none")]
    gamma_cat: Option<Option<f64>>,
    /// With `--gamma-k` (null when undefined).
    #[serde(skip_serializing_if = "Option::is_none")]
    gamma_k: Option<Option<BTreeMap<&'a str, Option<f64>>>>,
    /// Each document measured alone, for a corpus.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_document: Option<Vec<DocumentRowJson<'a>>>,
    /// With `--bootstrap`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confidence_interval: Option<IntervalJson<'a>>,
    /// With `--diagnose`: the anatomy of the disagreement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diagnostics: Option<serde_json::Value>,
    /// With `--relations`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relations: Option<RelationAgreement>,
}

/// One unitary alignment: its disorder and one unit (or `null`) per annotator.
#[derive(Serialize)]
struct UnitaryJson<'a> {
    disorder: f64,
    units: Vec<Option<UnitJson<'a>>>,
    /// Its document, for a corpus.
    #[serde(skip_serializing_if = "Option::is_none")]
    document: Option<&'a str>,
}

#[derive(Serialize)]
struct UnitJson<'a> {
    annotator: &'a str,
    start: f64,
    end: f64,
    category: &'a str,
}

#[derive(Serialize)]
struct DocumentJson<'a> {
    name: &'a str,
    observed_disorder: f64,
    n_units: usize,
}

/// One row of the per-document table: γ and its interval are null when the document could not
/// be measured, and `error` says why.
#[derive(Serialize)]
pub struct DocumentRowJson<'a> {
    document: &'a str,
    annotators: &'a [String],
    n_units: usize,
    gamma: Option<f64>,
    gamma_interval: Option<[Option<f64>; 2]>,
    observed_disorder: Option<f64>,
    expected_disorder: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl<'a> DocumentRowJson<'a> {
    /// The row of a document measured alone.
    pub fn of(row: &'a DocumentGamma) -> DocumentRowJson<'a> {
        let ok = row.result.as_ref().ok();
        DocumentRowJson {
            document: &row.document,
            annotators: &row.annotators,
            n_units: row.n_units,
            gamma: ok.and_then(|r| finite(r.gamma)),
            gamma_interval: ok.map(|r| pair(r.gamma_interval)),
            observed_disorder: ok.map(|r| r.observed_disorder),
            expected_disorder: ok.and_then(|r| finite(r.expected_disorder)),
            error: row.result.as_ref().err().map(ToString::to_string),
        }
    }
}

/// The bootstrap interval: named apart from `gamma_interval` (the precision of D_e).
#[derive(Serialize)]
pub struct IntervalJson<'a> {
    level: f64,
    gamma: [Option<f64>; 2],
    gamma_cat: Option<[Option<f64>; 2]>,
    gamma_k: BTreeMap<&'a str, [Option<f64>; 2]>,
    method: &'static str,
    resampled: usize,
    replicates: usize,
    seed: u64,
}

impl<'a> IntervalJson<'a> {
    /// The JSON of a bootstrap interval.
    pub fn of(interval: &'a ConfidenceInterval) -> IntervalJson<'a> {
        IntervalJson {
            level: interval.level,
            gamma: pair(interval.gamma),
            gamma_cat: interval.gamma_cat.map(pair),
            gamma_k: (interval.gamma_k.iter())
                .map(|(k, v)| (k.as_str(), pair(*v)))
                .collect(),
            method: interval.unit.method(),
            resampled: interval.n_units,
            replicates: interval.replicates,
            seed: interval.seed,
        }
    }
}

/// The confidence the interval is given at (95 % for a fixed sample count).
pub fn confidence(options: &GammaOptions) -> f64 {
    match options.samples {
        SampleCount::Precision { confidence, .. } => confidence,
        SampleCount::Fixed(_) => 0.95,
    }
}

/// The unitary alignments of one document.
fn unitary_alignments<'a>(
    document: &'a DocumentAlignment,
    continuum: &'a gamma_core::Continuum,
    several: bool,
) -> impl Iterator<Item = UnitaryJson<'a>> + 'a {
    (document.alignment.unitary_alignments.iter().enumerate()).map(move |(which, unitary)| {
        let units = (document
            .alignment
            .slots(&document.problem, which)
            .into_iter())
        .enumerate()
        .map(|(a, slot)| {
            let annotator = &continuum.annotators[a];
            slot.map(|i| {
                let unit = &annotator.units[i];
                UnitJson {
                    annotator: &annotator.name,
                    start: unit.start,
                    end: unit.end,
                    category: &unit.category,
                }
            })
        })
        .collect();
        UnitaryJson {
            disorder: unitary.disorder,
            units,
            document: several.then_some(document.name.as_str()),
        }
    })
}

impl<'a> GammaJson<'a> {
    /// The output of `result` on `corpus`: γ-cat and γ-k when asked for.
    pub fn of(
        corpus: &'a Corpus,
        options: &GammaOptions,
        result: &'a GammaResult,
        gamma_cat: bool,
        gamma_k: bool,
    ) -> GammaJson<'a> {
        let several = result.documents.len() > 1;
        let alignment: Vec<UnitaryJson<'a>> = (result.documents.iter().zip(&corpus.documents))
            .flat_map(|(document, continuum)| unitary_alignments(document, continuum, several))
            .collect();
        let d = &options.dissimilarity;
        GammaJson {
            gamma: finite(result.gamma),
            observed_disorder: result.observed_disorder,
            expected_disorder: finite(result.expected_disorder),
            n_samples: result.n_samples,
            seed: result.seed,
            gamma_interval: pair(result.gamma_interval),
            achieved_precision: result.achieved_precision,
            proven_best_alignments: result.gamma_bounds.is_none(),
            observed_disorder_lower_bound: result.observed_lower_bound,
            expected_disorder_lower_bound: finite(result.expected_lower_bound),
            gamma_bounds: result.gamma_bounds.map(pair),
            sampler: options.sampler.to_string(),
            alpha: d.alpha,
            beta: d.beta,
            delta_empty: d.delta_empty,
            categorical_dissimilarity: d.categorical.to_string(),
            annotators: corpus.documents[0].annotator_names(),
            categories: &result.categories,
            n_units: corpus.n_units(),
            n_unitary_alignments: alignment.len(),
            seconds: result.seconds,
            alignment,
            documents: several.then(|| {
                (result.documents.iter())
                    .map(|d| DocumentJson {
                        name: &d.name,
                        observed_disorder: d.alignment.disorder,
                        n_units: d.problem.units.len(),
                    })
                    .collect()
            }),
            gamma_cat: gamma_cat.then(|| result.gamma_cat.and_then(finite)),
            gamma_k: gamma_k.then(|| {
                result
                    .gamma_k
                    .as_ref()
                    .map(|m| m.iter().map(|(k, v)| (k.as_str(), finite(*v))).collect())
            }),
            per_document: None,
            confidence_interval: None,
            diagnostics: None,
            relations: None,
        }
    }
}
