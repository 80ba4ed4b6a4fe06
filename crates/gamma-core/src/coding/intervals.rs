//! 95 % intervals of a coding coefficient, of two kinds, each named for what it is:
//!
//! * **analytic**: `value ± t_{n−1} · SE` with Gwet's linearised standard error (irrCAC's
//!   interval: Student's t with `n − 1` degrees of freedom, `n` the items rated at least once —
//!   those rated twice for α — the upper end capped at 1);
//! * **bootstrap over items**: the items are drawn with replacement as many times as there are,
//!   the coefficient recomputed on each replicate (its chance agreement too), and the expanded
//!   percentile interval of the replicates taken (Hesterberg 2015, as γ's intervals:
//!   [`crate::bootstrap`]). Replicate `i` draws from ChaCha8 stream `i` of the seed, so the
//!   interval does not depend on the number of threads; it reports its seed. A replicate on
//!   which the coefficient is undefined (every drawn rating the same label) is counted and
//!   left out.
//!
//! Both treat the items as a sample of a population of items coded by these coders (the
//! coders are fixed). Their coverage is measured by `gamma-studio bench --coverage`.

use super::{CodingStudy, CodingValue, CoefficientChoice};
use crate::bootstrap::{BootstrapError, BootstrapOptions, expanded_level};
use crate::coefficients::{Codings, CoefficientError};
use crate::gamma::RunControl;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How an interval was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IntervalMethod {
    /// Gwet's linearised standard error and Student's t.
    Analytic,
    /// The expanded percentile bootstrap over items.
    Bootstrap,
}

impl IntervalMethod {
    /// How the interval was made, in a few words.
    pub fn description(self) -> &'static str {
        match self {
            IntervalMethod::Analytic => {
                "analytic: Gwet's linearised standard error, Student's t with n − 1 degrees of freedom"
            }
            IntervalMethod::Bootstrap => "expanded percentile bootstrap over items",
        }
    }
}

/// An interval of a coefficient.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CodingInterval {
    /// How it was made.
    pub method: IntervalMethod,
    /// Its confidence level.
    pub level: f64,
    /// Its lower end.
    pub low: f64,
    /// Its upper end.
    pub high: f64,
    /// The bootstrap's replicates.
    pub replicates: Option<usize>,
    /// The bootstrap's seed.
    pub seed: Option<u64>,
    /// Replicates on which the coefficient was undefined (left out).
    pub undefined_replicates: usize,
}

/// Why no bootstrap interval was drawn.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CodingBootstrapError {
    /// Replicates or level out of range.
    #[error(transparent)]
    Options(BootstrapError),
    /// Fewer than two items were rated.
    #[error(
        "only {rated} rated: a bootstrap over items needs at least 2",
        rated = if *.0 == 1 { "1 item".to_string() } else { format!("{} items", .0) }
    )]
    TooFewItems(usize),
    /// The coefficient was undefined on (nearly) every replicate.
    #[error("the coefficient is undefined on {0} replicates: no interval")]
    Undefined(usize),
    /// Stopped before the replicates were drawn (the run's control was cancelled).
    #[error("the bootstrap was stopped")]
    Cancelled,
}

/// The intervals asked for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IntervalOptions {
    /// The confidence level of both kinds (0.95).
    pub level: f64,
    /// The bootstrap, when asked for.
    pub bootstrap: Option<BootstrapOptions>,
}

impl Default for IntervalOptions {
    fn default() -> IntervalOptions {
        IntervalOptions {
            level: 0.95,
            bootstrap: None,
        }
    }
}

/// A coefficient with its intervals.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Measured {
    /// Its value and parts.
    pub value: CodingValue,
    /// The analytic interval (none with fewer than two items).
    pub analytic: Option<CodingInterval>,
    /// The bootstrap interval when asked for, or why there is none.
    #[serde(serialize_with = "serialize_drawn")]
    pub bootstrap: Option<Result<CodingInterval, CodingBootstrapError>>,
}

fn serialize_drawn<S: serde::Serializer>(
    drawn: &Option<Result<CodingInterval, CodingBootstrapError>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::Serialize;
    match drawn {
        None => serializer.serialize_none(),
        Some(Ok(interval)) => interval.serialize(serializer),
        Some(Err(why)) => serde_json::json!({ "undefined": why.to_string() }).serialize(serializer),
    }
}

/// The coefficient of `study` with the intervals `options` ask for.
pub fn measure(
    study: &CodingStudy,
    choice: &CoefficientChoice,
    options: &IntervalOptions,
) -> Result<Measured, CoefficientError> {
    let value = choice.evaluate(study)?;
    let analytic = analytic_interval(&value, options.level);
    let bootstrap = options
        .bootstrap
        .map(|b| bootstrap_interval(study, choice, &b));
    Ok(Measured {
        value,
        analytic,
        bootstrap,
    })
}

/// `value ± t_{n−1} · SE`, the upper end at most 1.
pub fn analytic_interval(value: &CodingValue, level: f64) -> Option<CodingInterval> {
    use statrs::distribution::{ContinuousCDF, StudentsT};
    let se = value.standard_error?;
    let n = match value.basis {
        super::Basis::Disagreement => value.pairable_items,
        super::Basis::Agreement => value.items,
    };
    if n < 2 || !se.is_finite() {
        return None;
    }
    let t = StudentsT::new(0.0, 1.0, (n - 1) as f64)
        .ok()?
        .inverse_cdf((1.0 + level) / 2.0);
    Some(CodingInterval {
        method: IntervalMethod::Analytic,
        level,
        low: value.value - t * se,
        high: (value.value + t * se).min(1.0),
        replicates: None,
        seed: None,
        undefined_replicates: 0,
    })
}

/// The expanded percentile bootstrap over the items rated at least once.
pub fn bootstrap_interval(
    study: &CodingStudy,
    choice: &CoefficientChoice,
    options: &BootstrapOptions,
) -> Result<CodingInterval, CodingBootstrapError> {
    bootstrap_interval_with(study, choice, options, &RunControl::default())
}

/// [`bootstrap_interval`] under `control`: it stops at the next replicate once cancelled, and
/// says how many replicates were drawn as they are (the same interval whatever the threads).
pub fn bootstrap_interval_with(
    study: &CodingStudy,
    choice: &CoefficientChoice,
    options: &BootstrapOptions,
    control: &RunControl<'_>,
) -> Result<CodingInterval, CodingBootstrapError> {
    crate::bootstrap::check(options).map_err(CodingBootstrapError::Options)?;
    let rated: Vec<usize> = (0..study.codings.items.len())
        .filter(|&i| study.codings.items[i].iter().any(Option::is_some))
        .collect();
    if rated.len() < 2 {
        return Err(CodingBootstrapError::TooFewItems(rated.len()));
    }
    let drawn_so_far = AtomicUsize::new(0);
    let every = (options.replicates / 100).max(1);
    let values: Vec<Option<f64>> = (0..options.replicates as u64)
        .into_par_iter()
        .map(|replicate| {
            if control.is_cancelled() {
                return None;
            }
            let done = drawn_so_far.fetch_add(1, Ordering::Relaxed) + 1;
            if done.is_multiple_of(every) {
                control.progress(done, options.replicates);
            }
            let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
            rng.set_stream(replicate);
            let drawn: Vec<usize> = (0..rated.len())
                .map(|_| rated[rng.random_range(0..rated.len())])
                .collect();
            let sample = replicate_of(study, &drawn);
            choice.evaluate(&sample).ok().map(|v| v.value)
        })
        .collect();
    if control.is_cancelled() {
        return Err(CodingBootstrapError::Cancelled);
    }
    let mut defined: Vec<f64> = values.iter().flatten().copied().collect();
    let undefined = values.len() - defined.len();
    if defined.len() < 2 {
        return Err(CodingBootstrapError::Undefined(undefined));
    }
    let level = expanded_level(options.level, rated.len());
    let (low, high) = crate::bootstrap::percentile_interval(&mut defined, level);
    Ok(CodingInterval {
        method: IntervalMethod::Bootstrap,
        level: options.level,
        low,
        high,
        replicates: Some(options.replicates),
        seed: Some(options.seed),
        undefined_replicates: undefined,
    })
}

/// The drawn items as a study (the coefficients read no item name, so none is copied).
fn replicate_of(study: &CodingStudy, drawn: &[usize]) -> CodingStudy {
    CodingStudy {
        name: String::new(),
        coders: Vec::new(),
        items: Vec::new(),
        codings: Codings {
            categories: study.codings.categories.clone(),
            n_coders: study.codings.n_coders,
            items: drawn
                .iter()
                .map(|&i| study.codings.items[i].clone())
                .collect(),
        },
        ordered: study.ordered,
    }
}
