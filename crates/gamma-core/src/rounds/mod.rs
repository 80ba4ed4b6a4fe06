//! Two rounds of a campaign compared: the same measures on two corpora (before and after a
//! revision of the guidelines, or two groups of annotators) — γ, γ-cat and each γ-k — each with
//! its bootstrap confidence interval, and a bootstrap confidence interval of each difference
//! (after − before), so that "agreement on ORG rose" is said only when the data say it.
//!
//! **The two rounds are independent samples.** Each round is resampled as
//! [`crate::bootstrap`] resamples one corpus (its documents, or the stretches of its only
//! document, with its own random continua for the expected disorder), the two rounds with
//! independent draws: two streams of one seeded generator, so the comparison is repeatable and
//! reports its seed, and two identical corpora still get independent replicates. Replicate `i`
//! of the difference is replicate `i` of the second round minus replicate `i` of the first;
//! the difference's interval is the expanded percentile interval of these differences, expanded
//! for the smaller of the two rounds (the more cautious of the two corrections of
//! [`crate::bootstrap`]'s module doc). Rounds that share annotators or texts are not
//! independent; the interval then treats them as if they were (usually wider than needed when
//! the same texts are annotated twice, since their difficulty cancels).
//!
//! A γ-k is compared only for a category both rounds have; the others are listed apart.
//! `gamma-studio bench --coverage` measures how often the difference's interval holds 0 when
//! both rounds come from one generator (docs/benchmarks.md).

use crate::bootstrap::{
    BootstrapError, BootstrapOptions, Replicates, ResamplingUnit, check, expanded_level,
    percentile_interval, replicates,
};
use crate::gamma::{GammaOptions, GammaResult};
use std::collections::BTreeMap;

/// What a row of the comparison measures.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(tag = "measure", content = "category", rename_all = "snake_case")]
pub enum Compared {
    /// γ.
    Gamma,
    /// γ-cat.
    GammaCat,
    /// γ-k of one category.
    GammaK(String),
}

/// Which way a measure went between the rounds, as its difference's interval says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// The whole interval of the difference is above 0.
    Rose,
    /// The whole interval of the difference is below 0.
    Fell,
    /// The interval holds 0: no change the data can tell from chance.
    NoClearChange,
}

/// One measure in both rounds, and its difference.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Change {
    /// What is measured.
    #[serde(flatten)]
    pub compared: Compared,
    /// Its value in the first round.
    pub before: f64,
    /// Its value in the second round.
    pub after: f64,
    /// The first round's bootstrap confidence interval.
    pub before_interval: (f64, f64),
    /// The second round's bootstrap confidence interval.
    pub after_interval: (f64, f64),
    /// `after − before`.
    pub difference: f64,
    /// The bootstrap confidence interval of the difference.
    pub difference_interval: (f64, f64),
}

impl Change {
    /// Which way the measure went: up or down only when the difference's interval excludes 0.
    pub fn direction(&self) -> Direction {
        let (low, high) = self.difference_interval;
        if low > 0.0 {
            Direction::Rose
        } else if high < 0.0 {
            Direction::Fell
        } else {
            Direction::NoClearChange
        }
    }
}

/// What was resampled in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Resampled {
    /// Documents, or stretches of the one document.
    pub unit: ResamplingUnit,
    /// How many there were.
    pub n_units: usize,
}

/// Two rounds compared (see the module doc).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RoundsComparison {
    /// Confidence level of every interval.
    pub level: f64,
    /// Replicates of each round.
    pub replicates: usize,
    /// Seed of the draws (each round its own stream of it).
    pub seed: u64,
    /// What the first round resampled.
    pub before: Resampled,
    /// What the second round resampled.
    pub after: Resampled,
    /// γ, then γ-cat, then the γ-k of each category of both rounds.
    pub changes: Vec<Change>,
    /// Categories with a γ-k in the first round only.
    pub only_before: Vec<String>,
    /// Categories with a γ-k in the second round only.
    pub only_after: Vec<String>,
}

/// Which round a failure is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Round {
    /// The first round (before).
    Before,
    /// The second round (after).
    After,
}

impl std::fmt::Display for Round {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Round::Before => "first (before)",
            Round::After => "second (after)",
        })
    }
}

/// Why two rounds could not be compared.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RoundsError {
    /// The bootstrap options are out of range.
    #[error("{0}")]
    Options(BootstrapError),
    /// One round cannot be resampled (too few documents or stretches, no random continuum).
    #[error("the {round} round: {error}")]
    Round {
        /// Which round.
        round: Round,
        /// Why.
        error: BootstrapError,
    },
}

/// Each measure's replicates of one round, by what they measure.
fn by_measure(drawn: Replicates) -> BTreeMap<Compared, Vec<f64>> {
    let mut out = BTreeMap::new();
    out.insert(Compared::Gamma, drawn.gamma);
    if let Some(cat) = drawn.gamma_cat {
        out.insert(Compared::GammaCat, cat);
    }
    for (category, values) in drawn.gamma_k {
        out.insert(Compared::GammaK(category), values);
    }
    out
}

/// The value of `compared` in a result.
fn value(result: &GammaResult, compared: &Compared) -> Option<f64> {
    match compared {
        Compared::Gamma => Some(result.gamma),
        Compared::GammaCat => result.gamma_cat,
        Compared::GammaK(category) => result.gamma_k.as_ref()?.get(category).copied(),
    }
}

/// Compares two rounds, each a γ result computed with `gamma_options` (γ-cat and γ-k compared
/// when both results have them), with `options.replicates` replicates of each round.
pub fn compare_rounds(
    before: &GammaResult,
    after: &GammaResult,
    gamma_options: &GammaOptions,
    options: &BootstrapOptions,
) -> Result<RoundsComparison, RoundsError> {
    let mut first = check(options).map_err(RoundsError::Options)?;
    let mut second = first.clone();
    second.set_stream(1);
    let draw = |result, rng, round| {
        replicates(result, gamma_options, options.replicates, rng)
            .map_err(|error| RoundsError::Round { round, error })
    };
    let drawn_before = draw(before, &mut first, Round::Before)?;
    let drawn_after = draw(after, &mut second, Round::After)?;
    let resampled = |d: &Replicates| Resampled {
        unit: d.unit,
        n_units: d.n_units,
    };
    let (shape_before, shape_after) = (resampled(&drawn_before), resampled(&drawn_after));
    let level = |n| expanded_level(options.level, n);
    let difference_level = level(shape_before.n_units.min(shape_after.n_units));
    let (mut early, mut late) = (by_measure(drawn_before), by_measure(drawn_after));
    let mut changes = Vec::new();
    for (compared, early_values) in &mut early {
        let (Some(late_values), Some(b), Some(a)) = (
            late.get_mut(compared),
            value(before, compared),
            value(after, compared),
        ) else {
            continue;
        };
        let mut differences: Vec<f64> = (late_values.iter().zip(early_values.iter()))
            .map(|(l, e)| l - e)
            .collect();
        changes.push(Change {
            compared: compared.clone(),
            before: b,
            after: a,
            before_interval: percentile_interval(early_values, level(shape_before.n_units)),
            after_interval: percentile_interval(late_values, level(shape_after.n_units)),
            difference: a - b,
            difference_interval: percentile_interval(&mut differences, difference_level),
        });
    }
    let only = |one: &BTreeMap<Compared, Vec<f64>>, other: &BTreeMap<Compared, Vec<f64>>| {
        (one.keys())
            .filter(|c| !other.contains_key(*c))
            .filter_map(|c| match c {
                Compared::GammaK(category) => Some(category.clone()),
                _ => None,
            })
            .collect()
    };
    Ok(RoundsComparison {
        level: options.level,
        replicates: options.replicates,
        seed: options.seed,
        before: shape_before,
        after: shape_after,
        only_before: only(&early, &late),
        only_after: only(&late, &early),
        changes,
    })
}

#[cfg(test)]
mod tests;
