//! γ = 1 − D_o / D_e (paper §4.8), for one continuum or a corpus.
//!
//! * `D_o`: disorder of the best alignment ([`crate::alignment`]); for a corpus, the unitary
//!   disorders of every document's best alignment summed and divided by the corpus's `x̄`
//!   (units of all documents / annotators), as if the documents were one continuum that no
//!   unitary alignment crosses.
//! * `D_e`: mean best-alignment disorder of random continua ([`crate::sampler`]), each solved
//!   exactly. The number of samples follows §5.3 (after Olivero 2001): start with 30, then while
//!   `n < (z·cv/e)²` (cv with the unbiased standard deviation) draw the missing samples and
//!   re-estimate; or a fixed count.
//! * γ is exactly 1 when `D_o = 0` and is not clamped (it is negative when the annotators agree
//!   less than chance). The interval is the one implied by the precision reached on `D_e`:
//!   `[1 − D_o/(D_e(1−e)), 1 − D_o/(D_e(1+e))]`, `e = z·σ/(μ·√n)`.
//!
//! γ-cat and γ-k ([`crate::gamma_cat`]) are computed on the same best alignment and the same
//! random continua.

use crate::alignment::{Alignment, AlignmentError, AlignmentProblem, AlignmentSearch, Limits};
use crate::continuum::Continuum;
pub use crate::control::RunControl;
use crate::corpus::Corpus;
use crate::disorder::MeanUnitsRule;
use crate::dissimilarity::{Dissimilarity, ParameterError, ResolvedDissimilarity, Span};
use crate::gamma_cat::{CategoricalDisorder, GammaCatVariant};
pub use crate::sample_count::{SampleChoices, SampleCount};
pub(crate) use crate::sampler::unbiased_std;
use crate::sampler::{
    Sampler, SpanContinuum, StatisticalModel, corpus_sample, sample_rng, shuffle_sample,
};
pub(crate) use crate::sampler::{normal_quantile, required_samples};
use crate::settings::SettingError;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Every setting of a γ computation. The command line, the app and session files all hold
/// this type; its `Default` is the one default of every front end (see [`crate::settings`]).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct GammaOptions {
    /// How two units compare (§4.4).
    pub dissimilarity: Dissimilarity,
    /// How random continua are drawn for the expected disorder (§5.2).
    pub sampler: Sampler,
    /// How many random continua (§5.3).
    pub samples: SampleCount,
    /// Seed of the random continua; the result reports it so the run can be repeated.
    pub seed: u64,
    /// How `x̄` is taken.
    pub mean_units_rule: MeanUnitsRule,
    /// Also compute γ-cat and γ-k.
    pub categorical_gammas: bool,
    /// Which definition of γ-cat / γ-k.
    pub gamma_cat_variant: GammaCatVariant,
    /// Memory guards of the exact alignment.
    pub limits: Limits,
    /// Soft-γ (pygamma-agreement 0.5): a unit may belong to more than one unitary alignment
    /// (a cover instead of a partition), so a unit that one annotator split in two is matched
    /// by both halves at the cost of their disorders, not left alone at Δ∅. The observed and
    /// every random continuum are aligned this way.
    pub soft: bool,
}

impl GammaOptions {
    /// Whether every number is in its range (the dissimilarity's weights, the sample count):
    /// the one check, which the command line, the app and Python call before a run and
    /// [`corpus_gamma`] calls again.
    pub fn check(&self) -> Result<(), SettingError> {
        self.dissimilarity.check()?;
        self.samples.check()
    }

    /// The search for best alignments these options ask for (their limits, soft or not).
    pub fn alignment_search(&self) -> AlignmentSearch {
        AlignmentSearch::new().limits(self.limits).soft(self.soft)
    }
}

impl Default for GammaOptions {
    fn default() -> Self {
        GammaOptions {
            dissimilarity: Dissimilarity::default(),
            sampler: Sampler::Statistical,
            samples: SampleCount::default(),
            seed: crate::settings::DEFAULT_SEED,
            mean_units_rule: MeanUnitsRule::Exact,
            categorical_gammas: true,
            gamma_cat_variant: GammaCatVariant::Pygamma,
            limits: Limits::default(),
            soft: false,
        }
    }
}

/// Why γ could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GammaError {
    /// The dissimilarity's parameters or category scale cannot be used.
    #[error(transparent)]
    Parameters(#[from] ParameterError),
    /// A number of the options is outside its range (the sample count).
    #[error(transparent)]
    Setting(#[from] SettingError),
    /// No best alignment: too few annotators, no unit, too many candidates, solver failure.
    #[error(transparent)]
    Alignment(#[from] AlignmentError),
    /// One document of a corpus cannot be measured with the others.
    #[error("document {document:?}: {problem}")]
    Document {
        /// The document's name.
        document: String,
        /// Why.
        problem: DocumentProblem,
    },
    /// The corpus has no document.
    #[error("no document to measure")]
    NoDocument,
    /// The corpus sampler draws each annotator from a distinct document.
    #[error(
        "the corpus sampler needs at least as many documents as annotators ({annotators}), found {documents}"
    )]
    TooFewDocuments {
        /// Annotators of each document.
        annotators: usize,
        /// Documents of the corpus.
        documents: usize,
    },
    /// [`RunControl::cancelled`] was set before the run ended.
    #[error("cancelled")]
    Cancelled,
    /// More annotators than the pairwise γ takes (`pairwise::MAX_PAIRWISE_ANNOTATORS`): one
    /// γ per pair, `n(n − 1)/2`, refused before any is computed.
    #[error(
        "the pairwise γ of {annotators} annotators is {pairs} γ computations, one per pair; the limit is {limit} annotators ({} pairs) — measure a group of annotators",
        limit * limit.saturating_sub(1) / 2
    )]
    TooManyPairs {
        /// Annotators of the corpus (by name).
        annotators: usize,
        /// Their pairs, `n(n − 1)/2`.
        pairs: usize,
        /// The limit in force, in annotators.
        limit: usize,
    },
}

impl GammaError {
    /// The setting out of its range, if that is the error (for a front end to name it).
    pub fn setting(&self) -> Option<&SettingError> {
        match self {
            GammaError::Setting(e) | GammaError::Parameters(ParameterError::Setting(e)) => Some(e),
            _ => None,
        }
    }
}

/// Why one document of a corpus cannot be measured with the others.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DocumentProblem {
    /// Fewer than two annotators (the number found).
    #[error("γ needs at least 2 annotators, found {0}")]
    TooFewAnnotators(usize),
    /// Not as many annotators as the corpus's first document.
    #[error(
        "has {found} annotators but {first:?} has {expected}; every document of a corpus needs the same annotators"
    )]
    AnnotatorCount {
        /// Annotators of this document.
        found: usize,
        /// The first document's name.
        first: String,
        /// Annotators of the first document.
        expected: usize,
    },
    /// Its best alignment cannot be computed.
    #[error(transparent)]
    Alignment(Box<GammaError>),
}

/// The best alignment of one document.
#[derive(Debug, Clone)]
pub struct DocumentAlignment {
    /// The document's name ([`Continuum::name`]).
    pub name: String,
    /// Its units as aligned (global ids of the alignment index `problem.units`).
    pub problem: AlignmentProblem,
    /// Its best alignment; empty, with disorder 0, for a document of a corpus with no unit.
    pub alignment: Alignment,
}

/// Everything a γ run found.
#[derive(Debug, Clone)]
pub struct GammaResult {
    /// γ = 1 − D_o / D_e (§4.8): 1 for perfect agreement, 0 at chance, negative below chance.
    pub gamma: f64,
    /// D_o, the disorder of the best alignment (of all documents pooled, for a corpus).
    pub observed_disorder: f64,
    /// D_e, the mean best-alignment disorder of the random continua.
    pub expected_disorder: f64,
    /// A proven lower bound on D_o: equal to it unless a best alignment was beyond reach and a
    /// bounded answer was accepted ([`crate::alignment::Limits::accept_bounded_answer`]).
    pub observed_lower_bound: f64,
    /// The same for D_e (the mean of the random continua's lower bounds).
    pub expected_lower_bound: f64,
    /// For a bounded answer, the range `(1 − D_o/D_e_low, 1 − D_o_low/D_e)` that holds γ
    /// computed from the proven best alignments; `None` when every alignment is proven best.
    pub gamma_bounds: Option<(f64, f64)>,
    /// (low, high) bounds on γ implied by the precision reached on D_e; (1, 1) when D_o = 0.
    pub gamma_interval: (f64, f64),
    /// Relative precision reached on `D_e` at the requested confidence.
    pub achieved_precision: f64,
    /// The number of random continua drawn.
    pub n_samples: usize,
    /// The seed of the random continua (repeat the run with it).
    pub seed: u64,
    /// The best-alignment disorder of every random continuum, in the order drawn.
    pub chance_disorders: Vec<f64>,
    /// The categorical disorder of every random continuum, in the same order (empty unless
    /// [`GammaOptions::categorical_gammas`]): what [`crate::bootstrap`] resamples for γ-cat.
    pub chance_categorical: Vec<CategoricalDisorder>,
    /// Categories in alphabetical order (the indices of [`Span::category`]).
    pub categories: Vec<String>,
    /// The best alignment of each document, in the corpus's order.
    pub documents: Vec<DocumentAlignment>,
    /// γ-cat (Mathet 2017); `None` unless [`GammaOptions::categorical_gammas`].
    pub gamma_cat: Option<f64>,
    /// γ-k for each category that occurs.
    pub gamma_k: Option<BTreeMap<String, f64>>,
    /// Wall-clock time of the run, in seconds.
    pub seconds: f64,
}

impl DocumentAlignment {
    /// The best alignment of one continuum alone (no expected disorder), through
    /// [`GammaOptions::alignment_search`]: what adjudication needs.
    pub fn of(continuum: &Continuum, options: &GammaOptions) -> Result<Self, GammaError> {
        crate::alignment::check_input(continuum.n_annotators(), continuum.n_units())?;
        let categories = continuum.categories();
        let dissimilarity = options.dissimilarity.resolve(&categories)?;
        let problem = AlignmentProblem::from_continuum(continuum, &categories, dissimilarity)?
            .with_mean_units_rule(options.mean_units_rule);
        let alignment = options
            .alignment_search()
            .best_alignment(&problem, RunControl::default())?;
        Ok(DocumentAlignment {
            name: continuum.name.clone(),
            problem,
            alignment,
        })
    }
}

/// γ of one continuum: [`corpus_gamma`] of a corpus of one document.
pub fn gamma(
    continuum: &Continuum,
    options: &GammaOptions,
    control: RunControl,
) -> Result<GammaResult, GammaError> {
    corpus_gamma(&Corpus::new(vec![continuum.clone()]), options, control)
}

/// The outcome of aligning one random continuum.
struct ChanceAlignment {
    disorder: f64,
    /// Equal to `disorder` unless the alignment is a bounded answer.
    lower_bound: f64,
    categorical: Option<CategoricalDisorder>,
}

/// The number of annotators every document of a corpus has (at least 2), or which document
/// differs.
fn common_annotator_count(documents: &[Continuum]) -> Result<usize, GammaError> {
    let n_annotators = documents[0].n_annotators();
    // Refused before the categories, the matrices or any alignment are made.
    if n_annotators > crate::alignment::MAX_ALIGNED_ANNOTATORS {
        return Err(AlignmentError::too_many_annotators(n_annotators).into());
    }
    for document in documents {
        if document.n_annotators() < 2 {
            return Err(GammaError::Document {
                document: document.name.clone(),
                problem: DocumentProblem::TooFewAnnotators(document.n_annotators()),
            });
        }
        if document.n_annotators() != n_annotators {
            return Err(GammaError::Document {
                document: document.name.clone(),
                problem: DocumentProblem::AnnotatorCount {
                    found: document.n_annotators(),
                    first: documents[0].name.clone(),
                    expected: n_annotators,
                },
            });
        }
    }
    Ok(n_annotators)
}

/// γ-cat, and γ-k of each category that has units (Mathet 2017), from the observed categorical
/// disorder and the random continua's.
fn categorical_gammas(
    observed: &CategoricalDisorder,
    chance: &[ChanceAlignment],
    categories: &[String],
    aligned: &[DocumentAlignment],
) -> (f64, BTreeMap<String, f64>) {
    let chance_categorical: Vec<&CategoricalDisorder> = chance
        .iter()
        .filter_map(|c| c.categorical.as_ref())
        .collect();
    let (cat, per_category) = crate::gamma_cat::gammas(observed, &chance_categorical);
    let present: Vec<bool> = (0..categories.len())
        .map(|k| {
            aligned.iter().any(|d| {
                d.problem
                    .units
                    .iter()
                    .any(|u| u.span.category as usize == k)
            })
        })
        .collect();
    let k_map = categories
        .iter()
        .zip(per_category)
        .zip(present)
        .filter(|(_, present)| *present)
        .map(|((name, value), _)| (name.clone(), value))
        .collect();
    (cat, k_map)
}

/// The (low, high) bounds on γ implied by the relative precision reached on D_e; (1, 1) when
/// D_o = 0.
pub(crate) fn gamma_interval(observed: f64, expected: f64, precision: f64) -> (f64, f64) {
    if observed == 0.0 {
        (1.0, 1.0)
    } else if precision >= 1.0 {
        // D_e may be anywhere down to 0: γ has no lower bound.
        (
            f64::NEG_INFINITY,
            1.0 - observed / (expected * (1.0 + precision)),
        )
    } else {
        (
            1.0 - observed / (expected * (1.0 - precision)),
            1.0 - observed / (expected * (1.0 + precision)),
        )
    }
}

/// The proven lower bounds of D_o and D_e and, when some alignment is a bounded answer, the
/// range of γ ([`gamma_range`]); when every alignment is proven best, the bounds are D_o and
/// D_e themselves (no rounding can then announce a bounded answer).
fn proven_bounds(
    aligned: &[DocumentAlignment],
    chance: &[ChanceAlignment],
    corpus_mean_units: f64,
    (observed, expected): (f64, f64),
) -> (f64, f64, Option<(f64, f64)>) {
    let all_proven = aligned.iter().all(|d| d.alignment.is_proven_best())
        && chance.iter().all(|c| c.lower_bound >= c.disorder);
    if all_proven {
        return (observed, expected, None);
    }
    let observed_low = pooled_lower_bound(aligned, corpus_mean_units).min(observed);
    let expected_low =
        (chance.iter().map(|c| c.lower_bound).sum::<f64>() / chance.len() as f64).min(expected);
    (
        observed_low,
        expected_low,
        gamma_range((observed_low, observed), (expected_low, expected)),
    )
}

/// D_o's proven lower bound: the documents' lower bounds (of `Σ δ`) pooled over `x̄`.
fn pooled_lower_bound(aligned: &[DocumentAlignment], corpus_mean_units: f64) -> f64 {
    aligned
        .iter()
        .map(|d| d.alignment.lower_bound * d.problem.mean_units())
        .sum::<f64>()
        / corpus_mean_units
}

/// For bounded answers, the range of γ: D_o and D_e each lie between their proven lower bound
/// and the disorder of the alignments found, so γ = 1 − D_o/D_e lies between
/// `1 − D_o/D_e_low` and `1 − D_o_low/D_e`. `None` when both are proven.
fn gamma_range(observed: (f64, f64), expected: (f64, f64)) -> Option<(f64, f64)> {
    let ((observed_low, observed), (expected_low, expected)) = (observed, expected);
    (observed_low < observed || expected_low < expected).then(|| {
        (
            gamma_from(observed, expected_low),
            gamma_from(observed_low, expected),
        )
    })
}

/// The best alignment of `problem`, stopped as [`GammaError::Cancelled`] soon after the run is;
/// the random continua of one expected disorder share a `search` (see
/// [`AlignmentSearch::best_alignment`]).
fn aligned_until(
    problem: &AlignmentProblem,
    search: &AlignmentSearch,
    control: RunControl,
) -> Result<Alignment, GammaError> {
    search
        .best_alignment(problem, control)
        .map_err(|e| match e {
            AlignmentError::Cancelled => GammaError::Cancelled,
            other => other.into(),
        })
}

/// `x̄` of the corpus (its units over its annotators) and the observed disorder of its
/// documents' best alignments pooled: their total disorder over that `x̄`.
fn pooled_observed_disorder(
    aligned: &[DocumentAlignment],
    rule: MeanUnitsRule,
    n_annotators: usize,
) -> (f64, f64) {
    let total_units: usize = aligned.iter().map(|d| d.problem.units.len()).sum();
    let mean_units = rule.mean_units(total_units, n_annotators);
    let total: f64 = aligned
        .iter()
        .flat_map(|d| d.alignment.unitary_alignments.iter().map(|u| u.disorder))
        .sum();
    (mean_units, total / mean_units)
}

/// The best alignment of each document, over the corpus's categories.
fn align_documents(
    documents: &[Continuum],
    categories: &[String],
    dissimilarity: &ResolvedDissimilarity,
    options: &GammaOptions,
    control: RunControl,
) -> Result<Vec<DocumentAlignment>, GammaError> {
    let mut aligned = Vec::with_capacity(documents.len());
    for document in documents {
        let problem =
            AlignmentProblem::from_continuum(document, categories, dissimilarity.clone())?
                .with_mean_units_rule(options.mean_units_rule);
        let alignment = if problem.units.is_empty() {
            Alignment {
                unitary_alignments: Vec::new(),
                disorder: 0.0,
                lower_bound: 0.0,
            }
        } else {
            aligned_until(&problem, &options.alignment_search(), control)?
        };
        aligned.push(DocumentAlignment {
            name: document.name.clone(),
            problem,
            alignment,
        });
    }
    Ok(aligned)
}

/// γ of a corpus (one document is a corpus of one): D_o pools the documents' best alignments,
/// D_e comes from [`GammaOptions::sampler`]. Every document needs the same number (≥ 2) of
/// annotators; a [`GammaError`] says which document or option is wrong.
pub fn corpus_gamma(
    corpus: &Corpus,
    options: &GammaOptions,
    control: RunControl,
) -> Result<GammaResult, GammaError> {
    let clock = Instant::now();
    options.check()?;
    let documents = &corpus.documents;
    if documents.is_empty() {
        return Err(GammaError::NoDocument);
    }
    let n_annotators = common_annotator_count(documents)?;
    if corpus.n_units() == 0 {
        return Err(AlignmentError::NoUnits.into());
    }
    let categories = corpus.categories();
    let dissimilarity = options.dissimilarity.resolve(&categories)?;
    let seed = options.seed;

    // Observed disorder.
    let aligned = align_documents(documents, &categories, &dissimilarity, options, control)?;
    log::info!(
        "best alignment of {} document(s) in {:.3} s",
        aligned.len(),
        clock.elapsed().as_secs_f64()
    );
    let (corpus_mean_units, observed_disorder) =
        pooled_observed_disorder(&aligned, options.mean_units_rule, n_annotators);
    let observed_categorical = options.categorical_gammas.then(|| {
        let mut total = CategoricalDisorder::new(categories.len(), options.gamma_cat_variant);
        for d in &aligned {
            total.add_alignment(&d.problem, &d.alignment);
        }
        total
    });

    // Expected disorder.
    let sources: Vec<SpanContinuum> = aligned
        .iter()
        .zip(documents)
        .map(|(d, doc)| span_continuum(&d.problem, doc))
        .collect();
    if options.sampler == Sampler::Corpus && sources.len() < n_annotators {
        return Err(GammaError::TooFewDocuments {
            annotators: n_annotators,
            documents: sources.len(),
        });
    }
    let statistical = StatisticalModel::fit(&sources.iter().collect::<Vec<_>>(), categories.len());
    let sources_with_units: Vec<&SpanContinuum> = sources
        .iter()
        .filter(|s| s.annotators.iter().any(|a| !a.is_empty()))
        .collect();
    let draw = |index: usize| -> Vec<Vec<Span>> {
        let mut rng = sample_rng(seed, index as u64);
        match options.sampler {
            Sampler::Statistical => statistical.sample(&mut rng),
            Sampler::Shuffle {
                min_pivot_distance,
                integer_pivots,
            } => {
                // A document with no unit would give an empty sample forever.
                let source = sources_with_units
                    [rand::RngExt::random_range(&mut rng, 0..sources_with_units.len())];
                shuffle_sample(source, min_pivot_distance, integer_pivots, &mut rng)
            }
            Sampler::Corpus => corpus_sample(&sources, n_annotators, &mut rng),
        }
    };
    let search = options.alignment_search();
    let solve = |index: usize| -> Result<ChanceAlignment, GammaError> {
        if control.is_cancelled() {
            return Err(GammaError::Cancelled);
        }
        let problem = AlignmentProblem::from_spans(&draw(index), dissimilarity.clone())
            .with_mean_units_rule(options.mean_units_rule);
        let alignment = aligned_until(&problem, &search, control)?;
        let categorical = options.categorical_gammas.then(|| {
            let mut c = CategoricalDisorder::new(categories.len(), options.gamma_cat_variant);
            c.add_alignment(&problem, &alignment);
            c
        });
        Ok(ChanceAlignment {
            disorder: alignment.disorder,
            lower_bound: alignment.lower_bound,
            categorical,
        })
    };

    let (chance, z) = draw_until_precise(
        options.samples,
        control,
        |c: &ChanceAlignment| c.disorder,
        solve,
    )?;
    control.progress(chance.len(), chance.len());
    log::info!(
        "expected disorder from {} random continua (seed {seed}) in {:.3} s in all",
        chance.len(),
        clock.elapsed().as_secs_f64()
    );

    let chance_disorders: Vec<f64> = chance.iter().map(|c| c.disorder).collect();
    let n = chance_disorders.len();
    let expected_disorder = chance_disorders.iter().sum::<f64>() / n as f64;
    let achieved_precision = if n > 1 && expected_disorder > 0.0 {
        z * unbiased_std(&chance_disorders) / (expected_disorder * (n as f64).sqrt())
    } else {
        0.0
    };
    let (observed_lower_bound, expected_lower_bound, gamma_bounds) = proven_bounds(
        &aligned,
        &chance,
        corpus_mean_units,
        (observed_disorder, expected_disorder),
    );
    let gamma = gamma_from(observed_disorder, expected_disorder);
    let chance_categorical = chance
        .iter()
        .filter_map(|c| c.categorical.clone())
        .collect();
    let gamma_interval = gamma_interval(observed_disorder, expected_disorder, achieved_precision);
    let (gamma_cat, gamma_k) = match &observed_categorical {
        Some(observed) => {
            let (cat, k) = categorical_gammas(observed, &chance, &categories, &aligned);
            (Some(cat), Some(k))
        }
        None => (None, None),
    };
    Ok(GammaResult {
        gamma,
        observed_disorder,
        expected_disorder,
        observed_lower_bound,
        expected_lower_bound,
        gamma_bounds,
        gamma_interval,
        achieved_precision,
        n_samples: n,
        seed,
        chance_disorders,
        chance_categorical,
        categories,
        documents: aligned,
        gamma_cat,
        gamma_k,
        seconds: clock.elapsed().as_secs_f64(),
    })
}

/// `1 − D_o/D_e`, exactly 1 when `D_o = 0`.
pub(crate) fn gamma_from(observed: f64, expected: f64) -> f64 {
    if observed == 0.0 {
        1.0
    } else {
        1.0 - observed / expected
    }
}

fn span_continuum(problem: &AlignmentProblem, document: &Continuum) -> SpanContinuum {
    let mut annotators = vec![Vec::new(); problem.n_annotators];
    for unit in &problem.units {
        annotators[unit.annotator as usize].push(unit.span);
    }
    SpanContinuum::new(annotators, document.bounds())
}

/// Draws samples `draw(0), draw(1), …` in parallel until the §5.3 rule holds for their
/// disorders (`Precision`), or exactly `n` (`Fixed`), reporting progress; returns them in
/// index order with the normal quantile `z` of the confidence. Shared by γ and tγ.
pub(crate) fn draw_until_precise<T: Send, E: Send + From<SettingError>>(
    samples: SampleCount,
    control: RunControl,
    disorder_of: impl Fn(&T) -> f64,
    draw: impl Fn(usize) -> Result<T, E> + Sync,
) -> Result<(Vec<T>, f64), E> {
    samples.check()?;
    let (first, z, precision, max_samples) = match samples {
        SampleCount::Fixed(n) => (n, 1.959963984540054, None, n),
        SampleCount::Precision {
            precision,
            confidence,
            max_samples,
        } => (
            30.min(max_samples.max(2)),
            normal_quantile(1.0 - (1.0 - confidence) / 2.0),
            Some(precision),
            max_samples.max(2),
        ),
    };
    let done = AtomicUsize::new(0);
    let mut drawn: Vec<T> = Vec::new();
    let mut needed = first;
    loop {
        let start = drawn.len();
        control.progress(start, needed);
        let batch: Vec<Result<T, E>> = (start..needed)
            .into_par_iter()
            .map(|index| {
                let result = draw(index);
                let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                control.progress(finished, needed);
                result
            })
            .collect();
        for result in batch {
            drawn.push(result?);
        }
        let Some(precision) = precision else { break };
        let disorders: Vec<f64> = drawn.iter().map(&disorder_of).collect();
        let required = required_samples(&disorders, z, precision);
        log::debug!(
            "{} random samples drawn, {} needed for the precision asked",
            drawn.len(),
            required
        );
        if required <= drawn.len() || drawn.len() >= max_samples {
            break;
        }
        needed = required.min(max_samples);
    }
    Ok((drawn, z))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_is_one_without_disorder_and_not_clamped() {
        assert_eq!(gamma_from(0.0, 0.0), 1.0);
        assert_eq!(gamma_from(2.0, 1.0), -1.0);
    }
}
