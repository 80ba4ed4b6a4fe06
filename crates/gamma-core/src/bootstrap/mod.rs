//! Bootstrap confidence intervals of γ, γ-cat and γ-k: how much γ would vary with other
//! documents, or other stretches of the same text, annotated the same way. Not to be confused
//! with [`GammaResult::gamma_interval`], which only says how precisely the random continua
//! estimated the expected disorder of *these* annotations.
//!
//! **Resampling unit.** A bootstrap is honest only if what it resamples is (nearly) independent.
//! * A corpus of several documents: the documents, drawn with replacement (each keeps its own
//!   best alignment; documents share no unit).
//! * One document: *stretches* of the continuum. The unitary alignments of the best alignment
//!   are ordered by their leftmost start; a stretch ends where no unitary alignment (hence no
//!   unit, every unit belonging to one) crosses to the right, and at least
//!   [`MIN_UNITS_PER_STRETCH`] units are in it. So no unit, and no pairing the alignment chose,
//!   is ever cut in two, and a stretch keeps the local dependence between neighbouring
//!   alignments (the block bootstrap of dependent series, Künsch 1989, with blocks cut where
//!   the dependence is weakest). Stretches are drawn with replacement until as many as the
//!   document had. This assumes that disagreements in different stretches arise independently;
//!   when one cause makes two disagreements far apart (a unit an annotator put elsewhere
//!   *instead of* where it belongs), no resampling within one document can see the tie, and the
//!   interval is too narrow (`diagnostics` measures both cases).
//!
//! Each replicate pools the drawn units' disorders as [`crate::corpus_gamma`] pools documents:
//! `D_o* = Σ δ(ă) / x̄*`, `x̄*` from the units drawn. The expected disorder is that of the random
//! continua already drawn for γ, themselves resampled with replacement, which carries the
//! Monte-Carlo error of `D_e` into the interval; the chance model is not refitted per replicate
//! (Krippendorff's bootstrap of α also keeps `D_e`), since it depends on the annotations' margins
//! (lengths, gaps, categories, counts), which vary far less between samples than the disorder
//! does (`diagnostics` measures both spreads).
//! The interval is the *expanded* percentile interval of the replicates (Hesterberg 2015, "What
//! teachers should know about the bootstrap", The American Statistician 69(4) §5.3): with n
//! documents or stretches, the percentiles taken are those of the normal tail beyond
//! `√(n / (n − 1)) · t_{n−1}` instead of `z`, which corrects the too-narrow percentile interval
//! of small samples (the bootstrap's spread is that of n values, as a standard error with n in
//! place of n − 1, and its tails are the normal's where Student's are due). With 20 stretches a
//! 95 % interval takes the 1.6th and 98.4th percentiles. Coverage is measured, not assumed:
//! `gamma-studio bench --coverage` and docs/benchmarks.md.

use crate::alignment::{Alignment, AlignmentProblem, UnitaryAlignment};
use crate::gamma::{GammaOptions, GammaResult, gamma_from};
use crate::gamma_cat::{CategoricalDisorder, gammas};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// The fewest units a stretch of one document holds (fewer make γ's ratio unstable).
pub const MIN_UNITS_PER_STRETCH: usize = 10;

/// The most replicates a bootstrap may ask for.
pub const MAX_REPLICATES: usize = 1_000_000;

/// What the bootstrap resampled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum ResamplingUnit {
    /// The documents of a corpus.
    Documents,
    /// Stretches of one document's continuum that no unitary alignment crosses.
    Stretches,
    /// Stretches of two annotators' aligned texts (tγ).
    TextStretches,
}

impl ResamplingUnit {
    /// How the interval was made, in a few words (the `method` of the JSON output).
    pub fn method(self) -> &'static str {
        match self {
            ResamplingUnit::Documents => "expanded percentile bootstrap over documents",
            ResamplingUnit::Stretches => {
                "expanded percentile bootstrap over stretches of the continuum that no alignment crosses"
            }
            ResamplingUnit::TextStretches => {
                "expanded percentile bootstrap over stretches of the two aligned texts"
            }
        }
    }
}

/// The settings of a bootstrap.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BootstrapOptions {
    /// Number of replicates (at least 2).
    pub replicates: usize,
    /// Confidence level, strictly between 0 and 1 (0.95).
    pub level: f64,
    /// Seed of the draws; the interval reports it.
    pub seed: u64,
}

impl BootstrapOptions {
    /// The range checks of the options (what [`bootstrap_gamma`] refuses before drawing): the
    /// front ends check a setting the user typed with this, before any run.
    pub fn check(&self) -> Result<(), BootstrapError> {
        check(self).map(|_| ())
    }
}

/// Why no interval could be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BootstrapError {
    /// Fewer than 2 or more than [`MAX_REPLICATES`] replicates.
    #[error("the bootstrap needs from 2 to {MAX_REPLICATES} replicates, got {0}")]
    Replicates(usize),
    /// A confidence level outside (0, 1).
    #[error("the confidence level must lie strictly between 0 and 1, got {0}")]
    Level(f64),
    /// Fewer than 2 documents or stretches to resample (the unit, the number found).
    #[error("only {found} {unit:?} to resample: a bootstrap needs at least 2")]
    TooFewUnits {
        /// What would have been resampled.
        unit: ResamplingUnit,
        /// How many there are.
        found: usize,
    },
    /// The γ result holds no random continuum to take the expected disorder from.
    #[error("the γ result holds no random continuum")]
    NoChanceSamples,
    /// tγ of more than two annotators: each pair has its own text alignment, and no stretch
    /// of text is cut alike in all of them.
    #[error(
        "a bootstrap of tγ needs exactly two annotators (each pair of {0} has its own text \
         alignment, with no common stretches)"
    )]
    TextGammaAnnotators(usize),
}

/// A bootstrap confidence interval of γ (and of γ-cat and γ-k when the result has them).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ConfidenceInterval {
    /// Confidence level.
    pub level: f64,
    /// (low, high) of γ.
    pub gamma: (f64, f64),
    /// (low, high) of γ-cat.
    pub gamma_cat: Option<(f64, f64)>,
    /// (low, high) of γ-k, per category.
    pub gamma_k: BTreeMap<String, (f64, f64)>,
    /// What was resampled.
    pub unit: ResamplingUnit,
    /// How many documents or stretches there were.
    pub n_units: usize,
    /// Number of replicates.
    pub replicates: usize,
    /// Seed of the draws.
    pub seed: u64,
}

/// One document or stretch: its unitary alignments, with the problem their ids index.
struct Cluster<'a> {
    problem: &'a AlignmentProblem,
    alignment: Alignment,
    disorder: f64,
    units: usize,
}

fn cluster<'a>(problem: &'a AlignmentProblem, unitary: Vec<UnitaryAlignment>) -> Cluster<'a> {
    let disorder = unitary.iter().map(|u| u.disorder).sum();
    let units = unitary.iter().map(|u| u.members.len()).sum();
    Cluster {
        problem,
        alignment: Alignment {
            unitary_alignments: unitary,
            disorder: 0.0,
            lower_bound: 0.0,
        },
        disorder,
        units,
    }
}

/// The stretches of one document (see the module doc), in order.
fn stretches<'a>(problem: &'a AlignmentProblem, alignment: &Alignment) -> Vec<Cluster<'a>> {
    let extent = |u: &UnitaryAlignment| {
        u.members
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(s, e), &id| {
                let span = &problem.units[id as usize].span;
                (s.min(span.start), e.max(span.end))
            })
    };
    let mut ordered: Vec<(f64, f64, &UnitaryAlignment)> = alignment
        .unitary_alignments
        .iter()
        .map(|u| {
            let (s, e) = extent(u);
            (s, e, u)
        })
        .collect();
    ordered.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out = Vec::new();
    let mut current: Vec<UnitaryAlignment> = Vec::new();
    let (mut reach, mut units) = (f64::NEG_INFINITY, 0);
    for (start, end, unitary) in ordered {
        if !current.is_empty() && start >= reach && units >= MIN_UNITS_PER_STRETCH {
            out.push(cluster(problem, std::mem::take(&mut current)));
            units = 0;
        }
        reach = reach.max(end);
        units += unitary.members.len();
        current.push(unitary.clone());
    }
    if !current.is_empty() {
        // A short tail joins the stretch before it rather than standing alone.
        match out.last_mut() {
            Some(last) if units < MIN_UNITS_PER_STRETCH => {
                let mut merged = std::mem::take(&mut last.alignment.unitary_alignments);
                merged.extend(current);
                *last = cluster(problem, merged);
            }
            _ => out.push(cluster(problem, current)),
        }
    }
    out
}

/// The `level` percentile interval of `values` (sorted in place).
pub(crate) fn percentile_interval(values: &mut [f64], level: f64) -> (f64, f64) {
    values.sort_by(f64::total_cmp);
    let at = |q: f64| {
        let position = q * (values.len() - 1) as f64;
        let (low, high) = (position.floor() as usize, position.ceil() as usize);
        values[low] + (values[high] - values[low]) * (position - low as f64)
    };
    ((at((1.0 - level) / 2.0)), at(1.0 - (1.0 - level) / 2.0))
}

/// The level of the percentiles that make the expanded `level` interval from `n` resampled
/// units (see the module doc): the normal tail beyond `√(n / (n − 1)) · t_{n−1, (1 + level) / 2}`.
pub(crate) fn expanded_level(level: f64, n: usize) -> f64 {
    use statrs::distribution::{ContinuousCDF, Normal, StudentsT};
    if n < 2 {
        return level;
    }
    let degrees = (n - 1) as f64;
    let t = StudentsT::new(0.0, 1.0, degrees)
        .expect("positive degrees of freedom")
        .inverse_cdf((1.0 + level) / 2.0);
    let z = (n as f64 / degrees).sqrt() * t;
    let tail = Normal::standard().cdf(-z);
    1.0 - 2.0 * tail
}

/// Checks the options and returns the seeded generator of the draws.
pub(crate) fn check(options: &BootstrapOptions) -> Result<ChaCha8Rng, BootstrapError> {
    if !(2..=MAX_REPLICATES).contains(&options.replicates) {
        return Err(BootstrapError::Replicates(options.replicates));
    }
    if !(options.level > 0.0 && options.level < 1.0) {
        return Err(BootstrapError::Level(options.level));
    }
    Ok(ChaCha8Rng::seed_from_u64(options.seed))
}

/// The replicates of one bootstrap of a γ result (see the module doc): γ, γ-cat and each γ-k
/// of every replicate, before any percentile is taken.
pub(crate) struct Replicates {
    /// γ of each replicate.
    pub gamma: Vec<f64>,
    /// γ-cat of each replicate, when the result has γ-cat.
    pub gamma_cat: Option<Vec<f64>>,
    /// γ-k of each replicate, per category the result has a γ-k of.
    pub gamma_k: BTreeMap<String, Vec<f64>>,
    /// What was resampled.
    pub unit: ResamplingUnit,
    /// How many documents or stretches there were.
    pub n_units: usize,
}

/// Draws `count` replicates of `result` from `rng` (the options already checked).
pub(crate) fn replicates(
    result: &GammaResult,
    gamma_options: &GammaOptions,
    count: usize,
    rng: &mut ChaCha8Rng,
) -> Result<Replicates, BootstrapError> {
    let (unit, clusters): (ResamplingUnit, Vec<Cluster>) = match result.documents.as_slice() {
        [one] => (
            ResamplingUnit::Stretches,
            stretches(&one.problem, &one.alignment),
        ),
        documents => (
            ResamplingUnit::Documents,
            documents
                .iter()
                .map(|d| cluster(&d.problem, d.alignment.unitary_alignments.clone()))
                .collect(),
        ),
    };
    if clusters.len() < 2 {
        return Err(BootstrapError::TooFewUnits {
            unit,
            found: clusters.len(),
        });
    }
    let chance = &result.chance_disorders;
    if chance.is_empty() {
        return Err(BootstrapError::NoChanceSamples);
    }
    let n_annotators = result.documents[0].problem.n_annotators;
    let categorical = result.gamma_cat.is_some() && !result.chance_categorical.is_empty();
    let n_categories = result.categories.len();
    let mut gamma_values = Vec::with_capacity(count);
    let mut cat_values = Vec::new();
    let mut k_values: Vec<Vec<f64>> = vec![Vec::new(); n_categories];
    for _ in 0..count {
        let drawn: Vec<&Cluster> = (0..clusters.len())
            .map(|_| &clusters[rng.random_range(0..clusters.len())])
            .collect();
        let chance_drawn: Vec<usize> = (0..chance.len())
            .map(|_| rng.random_range(0..chance.len()))
            .collect();
        let units: usize = drawn.iter().map(|c| c.units).sum();
        let mean_units = gamma_options
            .mean_units_rule
            .mean_units(units, n_annotators);
        let observed = drawn.iter().map(|c| c.disorder).sum::<f64>() / mean_units;
        let expected = chance_drawn.iter().map(|&i| chance[i]).sum::<f64>() / chance.len() as f64;
        gamma_values.push(gamma_from(observed, expected));
        if categorical {
            let mut observed =
                CategoricalDisorder::new(n_categories, gamma_options.gamma_cat_variant);
            for c in &drawn {
                observed.add_alignment(c.problem, &c.alignment);
            }
            let chance_cat: Vec<&CategoricalDisorder> = chance_drawn
                .iter()
                .map(|&i| &result.chance_categorical[i])
                .collect();
            let (cat, per_category) = gammas(&observed, &chance_cat);
            cat_values.push(cat);
            for (values, value) in k_values.iter_mut().zip(per_category) {
                values.push(value);
            }
        }
    }
    let gamma_k = match &result.gamma_k {
        Some(k) if categorical => result
            .categories
            .iter()
            .cloned()
            .zip(k_values)
            .filter(|(name, _)| k.contains_key(name))
            .collect(),
        _ => BTreeMap::new(),
    };
    Ok(Replicates {
        gamma: gamma_values,
        gamma_cat: categorical.then_some(cat_values),
        gamma_k,
        unit,
        n_units: clusters.len(),
    })
}

/// The bootstrap confidence interval of a γ result (see the module doc), with the options γ
/// was computed with.
pub fn bootstrap_gamma(
    result: &GammaResult,
    gamma_options: &GammaOptions,
    options: &BootstrapOptions,
) -> Result<ConfidenceInterval, BootstrapError> {
    let mut rng = check(options)?;
    let mut drawn = replicates(result, gamma_options, options.replicates, &mut rng)?;
    let percentiles = expanded_level(options.level, drawn.n_units);
    Ok(ConfidenceInterval {
        level: options.level,
        gamma: percentile_interval(&mut drawn.gamma, percentiles),
        gamma_cat: (drawn.gamma_cat.as_mut()).map(|v| percentile_interval(v, percentiles)),
        gamma_k: (drawn.gamma_k.iter_mut())
            .map(|(name, values)| (name.clone(), percentile_interval(values, percentiles)))
            .collect(),
        unit: drawn.unit,
        n_units: drawn.n_units,
        replicates: options.replicates,
        seed: options.seed,
    })
}

#[cfg(test)]
mod diagnostics;
mod text;
pub use text::bootstrap_text_gamma;

#[cfg(test)]
mod tests;
