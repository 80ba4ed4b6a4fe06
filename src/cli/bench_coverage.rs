//! `gamma-studio bench --coverage`: how often the 95 % bootstrap interval of γ
//! (`gamma_core::bootstrap`) holds the γ of its generator. Two generators of single documents
//! (2 annotators, sparse): `gamma_core::synthetic::noisy_copies`, whose replaced units tie a
//! miss to a spurious unit anywhere in the document, and
//! `gamma_core::synthetic::independent_errors`, whose misses and spurious units are
//! independent. Each generator's γ is taken from a very large sample of it (documents of 4,000
//! reference units at the same density; for corpora, a corpus of 4,000 documents), then many
//! small samples (single documents of 100 reference units; corpora of 20 documents of 20
//! units of `noisy_copies`) each get γ and the interval, and the share of intervals that hold
//! the large sample's γ is the coverage. Then tγ's interval the same way (short texts of
//! `gamma_core::synthetic::corrected_texts` against the mean tγ of a few large ones), and the
//! time of the bootstrap of one corpus of 20 documents. The coding coefficients' intervals follow
//! (`bench_coverage_coding`; `--coding` runs them alone).

use super::Failure;
use gamma_core::bootstrap::{BootstrapOptions, bootstrap_gamma, bootstrap_text_gamma};
use gamma_core::gamma::{RunControl, SampleCount};
use gamma_core::synthetic::{Density, corrected_texts, independent_errors, noisy_copies};
use gamma_core::textgamma::TextGammaResult;
use gamma_core::textgamma::sampler::{TextGammaOptions, text_gamma};
use gamma_core::{Continuum, Corpus, GammaOptions, GammaResult};
use std::time::Instant;

const REPLICATES: usize = 1000;

/// How many large documents of a generator average to its γ.
const TRUTH_DOCUMENTS: u64 = 40;

/// How many documents of 20 units the corpus of the generator's corpus γ has.
const CORPUS_TRUTH_DOCUMENTS: u64 = 4_000;

/// A generator of continua: (annotators, reference units, density, seed).
type Generator = fn(usize, usize, Density, u64) -> Continuum;

fn gamma_of(documents: Vec<Continuum>, options: &GammaOptions) -> Result<GammaResult, Failure> {
    gamma_core::corpus_gamma(&Corpus::new(documents), options, RunControl::default())
        .map_err(|e| Failure::Computation(e.to_string()))
}

/// The tally of trials: how many intervals held the truth, their widths, the estimates.
#[derive(Default)]
pub(super) struct Coverage {
    trials: usize,
    held: usize,
    width: f64,
    estimates: f64,
}

impl Coverage {
    pub fn add(&mut self, (low, high): (f64, f64), truth: f64, estimate: f64) {
        self.trials += 1;
        self.held += usize::from(low <= truth && truth <= high);
        self.width += high - low;
        self.estimates += estimate;
    }

    /// (coverage, mean width, mean estimate).
    pub fn summary(&self) -> (f64, f64, f64) {
        let n = self.trials.max(1) as f64;
        (self.held as f64 / n, self.width / n, self.estimates / n)
    }
}

fn verdict(coverage: f64) -> &'static str {
    if coverage >= 0.90 {
        "met (≥ 90 %)"
    } else if coverage >= 0.85 {
        "below 90 %"
    } else {
        "FAILED (< 85 %)"
    }
}

/// The seed of trial `trial` of a run seeded with `seed`: runs of different seeds (below 2³²)
/// share no trial.
pub(super) fn trial_seed(seed: u64, trial: u64) -> u64 {
    (seed << 32) | trial
}

/// The seed of large sample `index`, clear of every trial's (trials stay below 2³¹).
fn large_seed(seed: u64, index: u64) -> u64 {
    (seed << 32) | (1 << 31) | index
}

/// The coverage of `trials` samples drawn by `sample(trial_seed(seed, trial))` against `truth`.
fn coverage(
    trials: usize,
    truth: f64,
    seed: u64,
    sample: impl Fn(u64) -> Vec<Continuum>,
) -> Result<Coverage, Failure> {
    let mut found = Coverage::default();
    for trial in 0..trials as u64 {
        let options = GammaOptions {
            seed: trial_seed(seed, trial),
            ..GammaOptions::default()
        };
        let result = gamma_of(sample(trial_seed(seed, trial)), &options)?;
        let settings = BootstrapOptions {
            replicates: REPLICATES,
            level: 0.95,
            seed: trial_seed(seed, trial),
        };
        let interval = bootstrap_gamma(&result, &options, &settings)
            .map_err(|e| Failure::Computation(e.to_string()))?;
        found.add(interval.gamma, truth, result.gamma);
    }
    Ok(found)
}

/// The γ of single documents of `generator`: the mean over [`TRUTH_DOCUMENTS`] documents of
/// 4,000 reference units (one document, however large, is one draw), and their spread.
fn document_truth(
    generator: Generator,
    precise: &GammaOptions,
    seed: u64,
) -> Result<(f64, f64), Failure> {
    let large: Vec<f64> = (0..TRUTH_DOCUMENTS)
        .map(|d| {
            gamma_of(
                vec![generator(2, 4000, Density::Sparse, large_seed(seed, d))],
                precise,
            )
            .map(|r| r.gamma)
        })
        .collect::<Result<_, _>>()?;
    let mean = large.iter().sum::<f64>() / large.len() as f64;
    let spread =
        (large.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (large.len() - 1) as f64).sqrt();
    Ok((mean, spread))
}

pub(super) fn print_row(label: &str, found: &Coverage, seconds: f64) {
    let (share, width, mean) = found.summary();
    println!(
        "{label:<26} {:>7} {:>8.1}% {width:>10.4} {mean:>8.4} {seconds:>9.1}  {}",
        found.trials,
        100.0 * share,
        verdict(share)
    );
}

/// The coverage of single documents of 100 reference units of `generator`, printed; returns it.
fn documents(
    name: &str,
    generator: Generator,
    trials: usize,
    seed: u64,
    precise: &GammaOptions,
) -> Result<f64, Failure> {
    let clock = Instant::now();
    let (truth, spread) = document_truth(generator, precise, seed)?;
    println!(
        "generator γ ({name}, 2 annotators, sparse): {truth:.4} (mean of {TRUTH_DOCUMENTS} documents of 4,000 reference units, sd {spread:.4}), {:.1} s",
        clock.elapsed().as_secs_f64()
    );
    let clock = Instant::now();
    let found = coverage(trials, truth, seed, |s| {
        vec![generator(2, 100, Density::Sparse, s)]
    })?;
    print_row(
        &format!(
            "documents ({})",
            name.split_whitespace().next().unwrap_or(name)
        ),
        &found,
        clock.elapsed().as_secs_f64(),
    );
    Ok(found.summary().0)
}

/// The coverage of corpora of 20 documents of 20 units of `noisy_copies`, printed; returns it.
fn corpora(trials: usize, seed: u64, precise: &GammaOptions) -> Result<f64, Failure> {
    let clock = Instant::now();
    let truth = gamma_of(
        (0..CORPUS_TRUTH_DOCUMENTS)
            .map(|d| noisy_copies(2, 20, Density::Sparse, large_seed(seed, 1_000 + d)))
            .collect(),
        precise,
    )?;
    println!(
        "generator γ (noisy copies, corpora): {:.4} ({CORPUS_TRUTH_DOCUMENTS} documents of 20 units, {} samples), {:.1} s",
        truth.gamma,
        truth.n_samples,
        clock.elapsed().as_secs_f64()
    );
    let clock = Instant::now();
    let found = coverage(trials, truth.gamma, seed, |s| {
        (0..20)
            .map(|d| noisy_copies(2, 20, Density::Sparse, s.wrapping_mul(100) + d))
            .collect()
    })?;
    print_row(
        "corpora of 20 documents",
        &found,
        clock.elapsed().as_secs_f64(),
    );
    Ok(found.summary().0)
}

/// The time of γ and its bootstrap for one corpus of 20 documents, printed; returns it.
fn corpus_time(seed: u64) -> Result<f64, Failure> {
    let options = GammaOptions::default();
    let one = gamma_of(
        (0..20)
            .map(|d| noisy_copies(2, 20, Density::Sparse, seed * 100 + d))
            .collect(),
        &options,
    )?;
    let clock = Instant::now();
    let settings = BootstrapOptions {
        replicates: REPLICATES,
        level: 0.95,
        seed,
    };
    bootstrap_gamma(&one, &options, &settings).map_err(|e| Failure::Computation(e.to_string()))?;
    let bootstrap_seconds = clock.elapsed().as_secs_f64();
    let total = one.seconds + bootstrap_seconds;
    println!(
        "one corpus of 20 documents: γ {:.3} s + bootstrap ({REPLICATES} replicates) {bootstrap_seconds:.3} s = {total:.3} s (target < 5 s)",
        one.seconds
    );
    Ok(total)
}

/// Tokens of each short text of a trial.
const TRIAL_TOKENS: usize = 300;
/// Tokens of each large text whose mean tγ is the generator's.
const TRUTH_TOKENS: usize = 6_000;
/// How many large texts average to the generator's tγ.
const TRUTH_TEXTS: u64 = 10;

fn text_gamma_of(
    tokens: usize,
    seed: u64,
    options: &TextGammaOptions,
) -> Result<TextGammaResult, Failure> {
    let (_, versions) = corrected_texts(tokens, 2, seed);
    text_gamma(&versions, None, options, Default::default())
        .map_err(|e| Failure::Computation(e.to_string()))
}

/// tγ: prints the generator's tγ (the mean over a few large texts of
/// `gamma_core::synthetic::corrected_texts`) and the coverage of `trials` texts of [`TRIAL_TOKENS`] tokens;
/// returns the coverage.
fn texts(trials: usize, seed: u64, replicates: usize) -> Result<f64, Failure> {
    let clock = Instant::now();
    let precise = TextGammaOptions {
        samples: SampleCount::Precision {
            precision: 0.005,
            confidence: 0.95,
            max_samples: 2000,
        },
        seed,
        ..TextGammaOptions::default()
    };
    let large: Vec<f64> = (0..TRUTH_TEXTS)
        .map(|t| text_gamma_of(TRUTH_TOKENS, large_seed(seed, t), &precise).map(|r| r.tgamma))
        .collect::<Result<_, _>>()?;
    let truth = large.iter().sum::<f64>() / large.len() as f64;
    let spread =
        (large.iter().map(|g| (g - truth).powi(2)).sum::<f64>() / (large.len() - 1) as f64).sqrt();
    println!(
        "generator tγ (2 annotators, corrected and tagged texts): {truth:.4} (mean of {TRUTH_TEXTS} texts of {TRUTH_TOKENS} tokens, sd {spread:.4}), {:.1} s",
        clock.elapsed().as_secs_f64()
    );
    let clock = Instant::now();
    let mut found = Coverage::default();
    for trial in 0..trials as u64 {
        let options = TextGammaOptions {
            seed: trial_seed(seed, trial),
            ..TextGammaOptions::default()
        };
        let result = text_gamma_of(TRIAL_TOKENS, trial_seed(seed, trial), &options)?;
        let settings = BootstrapOptions {
            replicates,
            level: 0.95,
            seed: trial_seed(seed, trial),
        };
        let interval = bootstrap_text_gamma(&result, &settings)
            .map_err(|e| Failure::Computation(e.to_string()))?;
        found.add(interval.gamma, truth, result.tgamma);
    }
    let (share, width, mean) = found.summary();
    println!(
        "{:<26} {trials:>7} {:>8.1}% {width:>10.4} {mean:>8.4} {:>9.1}  {}",
        format!("texts of {TRIAL_TOKENS} tokens (tγ)"),
        100.0 * share,
        clock.elapsed().as_secs_f64(),
        verdict(share)
    );
    Ok(share)
}

pub fn run(trials: usize, seed: u64) -> Result<(), Failure> {
    let precise = GammaOptions {
        samples: SampleCount::Precision {
            precision: 0.005,
            confidence: 0.95,
            max_samples: 2000,
        },
        seed,
        ..GammaOptions::default()
    };
    println!(
        "{:<26} {:>7} {:>9} {:>10} {:>8} {:>9}  verdict",
        "samples", "trials", "coverage", "mean width", "mean γ", "seconds"
    );
    let far = documents("noisy copies", noisy_copies, trials, seed, &precise)?;
    let independent = documents(
        "independent errors",
        independent_errors,
        trials,
        seed,
        &precise,
    )?;
    let corpora = corpora(trials, seed, &precise)?;
    let texts = texts(trials, seed, REPLICATES)?;
    let total = corpus_time(seed)?;
    if [far, independent, corpora, texts].iter().any(|&c| c < 0.85) || total >= 5.0 {
        return Err(Failure::Computation(
            "coverage below 85 % or bootstrap slower than 5 s".into(),
        ));
    }
    Ok(())
}
