//! Sweeps: simulated annotators at magnitudes 0, step… 1, several sets each, and the mean of
//! every measure per magnitude (the curves of the γ paper's Figures 24–30).

use super::damage::{ErrorKind, Factors, shuffle};
use super::error::ShuffleError;
use super::reference::Reference;
use crate::gamma::{GammaOptions, RunControl, SampleCount};
use crate::measure::Measure;
use crate::settings::{Range, Setting, SettingError};
use rayon::prelude::*;
use std::collections::BTreeMap;

/// How a sweep runs.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepOptions {
    /// The error kinds applied, in order (each at m / n).
    pub errors: Vec<ErrorKind>,
    /// The measures computed on each set.
    pub measures: Vec<Measure>,
    /// The step between magnitudes, in (0, 1].
    pub step: f64,
    /// Sets of simulated annotators per magnitude.
    pub sets: usize,
    /// Simulated annotators per set.
    pub annotators: usize,
    /// The paper's `x` factors.
    pub factors: Factors,
    /// Seed of every random draw.
    pub seed: u64,
    /// γ's options (its seed is replaced per set).
    pub gamma: GammaOptions,
}

impl Default for SweepOptions {
    fn default() -> Self {
        SweepOptions {
            errors: vec![ErrorKind::Shift { keep_apart: false }],
            measures: vec![Measure::Gamma],
            step: 0.05,
            sets: 40,
            annotators: 3,
            factors: Factors::default(),
            seed: 1,
            gamma: GammaOptions {
                samples: SampleCount::Precision {
                    precision: 0.02,
                    confidence: 0.95,
                    max_samples: 1000,
                },
                // A sweep reports γ only: γ-cat and γ-k would be computed for every sample of
                // every set and thrown away.
                categorical_gammas: false,
                // Thousands of continua: one too dense to list is reported as such at once
                // rather than solved by column generation for seconds each.
                limits: crate::alignment::Limits {
                    column_generation: false,
                    ..Default::default()
                },
                ..GammaOptions::default()
            },
        }
    }
}

/// The most sets per magnitude a sweep runs.
pub const MAX_SETS: usize = 10_000;

/// The smallest step between magnitudes (1,001 magnitudes).
pub const MIN_STEP: f64 = 0.001;

impl SweepOptions {
    /// The Shuffling tool's first sweep (the app opens on it; `gamma-studio bench --sweep`
    /// times it): the units of the reference shifted without coming to overlap, and γ beside
    /// κ, α_U, c|uα and SER, so that a user sees at once how the measures respond to the same
    /// errors. Everything else is [`SweepOptions::default`].
    pub fn shuffling_tool() -> SweepOptions {
        SweepOptions {
            errors: vec![ErrorKind::Shift { keep_apart: true }],
            measures: vec![
                Measure::Gamma,
                Measure::Kappa,
                Measure::AlphaU,
                Measure::CuAlpha,
                Measure::Ser,
            ],
            ..SweepOptions::default()
        }
    }

    /// Whether the settings are within their ranges ([`STEP_RANGE`], [`SETS_RANGE`],
    /// [`ANNOTATORS_RANGE`], the factors'): the one check, which every front end calls. A
    /// sweep's work is their product, so each is bounded before any run is made.
    pub fn check(&self) -> Result<(), SettingError> {
        STEP_RANGE.check(Setting::Step, self.step)?;
        SETS_RANGE.check_count(Setting::Sets, self.sets as u64)?;
        ANNOTATORS_RANGE.check_count(Setting::Annotators, self.annotators as u64)?;
        self.factors.check()
    }
}

/// The steps between magnitudes: from [`MIN_STEP`] to 1.
pub const STEP_RANGE: Range = Range::closed(MIN_STEP, 1.0);

/// The sets per magnitude: from 1 to [`MAX_SETS`].
pub const SETS_RANGE: Range = Range::closed(1.0, MAX_SETS as f64);

/// The simulated annotators of a set: from 2 to 1,000.
pub const ANNOTATORS_RANGE: Range = Range::closed(2.0, 1000.0);

/// One magnitude of a sweep: the mean of each measure over the sets where it is defined.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepRow {
    /// The magnitude m.
    pub magnitude: f64,
    /// The mean of each measure (in the options' order), `None` where it was never defined.
    pub means: Vec<Option<f64>>,
}

/// Runs every (magnitude, set) in parallel and averages each measure per magnitude.
pub fn sweep(reference: &Reference, options: &SweepOptions) -> Result<Vec<SweepRow>, ShuffleError> {
    sweep_controlled(reference, options, RunControl::default())
}

/// The magnitudes a sweep visits: 0, step, 2·step… up to 1 (a step below [`MIN_STEP`] counts
/// as [`MIN_STEP`]).
pub fn magnitudes(step: f64) -> Vec<f64> {
    let step = if step.is_nan() {
        1.0
    } else {
        step.max(MIN_STEP)
    };
    let steps = (1.0 / step).round().max(1.0) as usize;
    (0..=steps).map(|i| (i as f64 * step).min(1.0)).collect()
}

/// How many (magnitude, set) runs a sweep makes.
pub(crate) fn sweep_runs(options: &SweepOptions) -> usize {
    magnitudes(options.step).len() * options.sets
}

/// [`sweep`], reporting (runs done, runs in all) and stopping with
/// [`ShuffleError::Cancelled`] when `control` asks.
pub fn sweep_controlled(
    reference: &Reference,
    options: &SweepOptions,
    control: RunControl,
) -> Result<Vec<SweepRow>, ShuffleError> {
    options.check()?;
    let magnitudes = magnitudes(options.step);
    let jobs: Vec<(usize, usize)> = (0..magnitudes.len())
        .flat_map(|i| (0..options.sets).map(move |s| (i, s)))
        .collect();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let values: Vec<(usize, Vec<Option<f64>>)> = jobs
        .par_iter()
        .map(|&(i, set)| {
            if control.is_cancelled() {
                return Err(ShuffleError::Cancelled);
            }
            let continuum = shuffle(
                reference,
                &options.errors,
                magnitudes[i],
                options.annotators,
                &options.factors,
                options.seed,
                set as u64,
            )?;
            let mut gamma = options.gamma.clone();
            gamma.seed = options.seed ^ ((i as u64) << 20) ^ set as u64;
            let end = continuum
                .units()
                .map(|(_, u)| u.end)
                .fold(reference.end, f64::max);
            let means = Measure::evaluate_all(&options.measures, &continuum, end, &gamma)
                .into_iter()
                .map(Result::ok)
                .collect();
            let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            control.progress(finished, jobs.len());
            Ok((i, means))
        })
        .collect::<Result<_, ShuffleError>>()?;
    let mut sums: BTreeMap<usize, Vec<(f64, usize)>> = BTreeMap::new();
    for (i, row) in values {
        let entry = sums
            .entry(i)
            .or_insert_with(|| vec![(0.0, 0); options.measures.len()]);
        for (slot, value) in entry.iter_mut().zip(row) {
            if let Some(v) = value {
                slot.0 += v;
                slot.1 += 1;
            }
        }
    }
    Ok(magnitudes
        .iter()
        .enumerate()
        .map(|(i, &magnitude)| SweepRow {
            magnitude,
            means: sums
                .get(&i)
                .map(|s| {
                    s.iter()
                        .map(|&(sum, n)| (n > 0).then(|| sum / n as f64))
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect())
}

/// The sweep as CSV: `magnitude`, then one mean column per measure (empty when undefined).
pub fn sweep_csv(measures: &[Measure], rows: &[SweepRow]) -> String {
    let mut out = String::from("magnitude");
    for m in measures {
        out.push(',');
        out.push_str(m.name());
    }
    out.push('\n');
    for row in rows {
        out.push_str(&format!("{:.2}", row.magnitude));
        for mean in &row.means {
            out.push(',');
            if let Some(v) = mean {
                out.push_str(&format!("{v:.6}"));
            }
        }
        out.push('\n');
    }
    out
}
