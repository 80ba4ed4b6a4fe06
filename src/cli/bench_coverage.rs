//! `gamma-studio bench --coverage`: how often the 95 % bootstrap interval of γ
//! (`gamma_core::bootstrap`) holds the γ of its generator. The generator is
//! `gamma_core::synthetic::noisy_copies` (2 annotators, sparse): its γ is taken from a very
//! large sample of it (one document of 4,000 units per annotator at the same density; a corpus
//! of 400 documents), then many small samples (single documents of 100 units per annotator;
//! corpora of 20 documents of 20 units) each get γ and the interval, and the share of intervals
//! that hold the large sample's γ is the coverage. Also times the bootstrap of one corpus of 20
//! documents.

use super::Failure;
use gamma_core::bootstrap::{BootstrapOptions, bootstrap_gamma};
use gamma_core::gamma::{RunControl, SampleCount};
use gamma_core::synthetic::{Density, noisy_copies};
use gamma_core::{Continuum, Corpus, GammaOptions, GammaResult};
use std::time::Instant;

const REPLICATES: usize = 1000;

/// How many large documents of the generator average to its γ.
const TRUTH_DOCUMENTS: u64 = 10;

fn gamma_of(documents: Vec<Continuum>, options: &GammaOptions) -> Result<GammaResult, Failure> {
    gamma_core::corpus_gamma(&Corpus::new(documents), options, RunControl::default())
        .map_err(|e| Failure::Computation(e.to_string()))
}

/// (coverage, mean width, mean γ) of `trials` samples drawn by `sample(i)` against `truth`.
fn coverage(
    trials: usize,
    truth: f64,
    seed: u64,
    sample: impl Fn(u64) -> Vec<Continuum>,
) -> Result<(f64, f64, f64), Failure> {
    let (mut held, mut width, mut mean) = (0, 0.0, 0.0);
    for trial in 0..trials as u64 {
        let options = GammaOptions {
            seed: seed + trial,
            ..GammaOptions::default()
        };
        let result = gamma_of(sample(seed + trial), &options)?;
        let settings = BootstrapOptions {
            replicates: REPLICATES,
            level: 0.95,
            seed: seed + trial,
        };
        let interval = bootstrap_gamma(&result, &options, &settings)
            .map_err(|e| Failure::Computation(e.to_string()))?;
        let (low, high) = interval.gamma;
        held += usize::from(low <= truth && truth <= high);
        width += high - low;
        mean += result.gamma;
    }
    let n = trials as f64;
    Ok((held as f64 / n, width / n, mean / n))
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
    // Seeds of the large samples stay clear of the trials' (seed + 0 … seed + trials).
    let big = seed + 1_000_000;
    let clock = Instant::now();
    // One document of the generator, however large, is one draw: its γ is averaged over
    // TRUTH_DOCUMENTS of them (their spread is printed).
    let large: Vec<f64> = (0..TRUTH_DOCUMENTS)
        .map(|d| {
            gamma_of(
                vec![noisy_copies(2, 4000, Density::Sparse, big + 10_000 + d)],
                &precise,
            )
            .map(|r| r.gamma)
        })
        .collect::<Result<_, _>>()?;
    let document_truth = large.iter().sum::<f64>() / large.len() as f64;
    let spread = (large
        .iter()
        .map(|g| (g - document_truth).powi(2))
        .sum::<f64>()
        / (large.len() - 1) as f64)
        .sqrt();
    let corpus_truth = gamma_of(
        (0..400)
            .map(|d| noisy_copies(2, 20, Density::Sparse, big + 1 + d))
            .collect(),
        &precise,
    )?;
    println!(
        "generator γ (2 annotators, sparse noisy copies): document {document_truth:.4} (mean of {TRUTH_DOCUMENTS} documents of 4,000 units each, sd {spread:.4}), corpus {:.4} (400 documents of 20 units, {} samples), {:.1} s",
        corpus_truth.gamma,
        corpus_truth.n_samples,
        clock.elapsed().as_secs_f64()
    );

    let clock = Instant::now();
    let (documents, doc_width, doc_mean) = coverage(trials, document_truth, seed, |s| {
        vec![noisy_copies(2, 100, Density::Sparse, s)]
    })?;
    let doc_seconds = clock.elapsed().as_secs_f64();
    let clock = Instant::now();
    let (corpora, corpus_width, corpus_mean) = coverage(trials, corpus_truth.gamma, seed, |s| {
        (0..20)
            .map(|d| noisy_copies(2, 20, Density::Sparse, s * 100 + d))
            .collect()
    })?;
    let corpus_seconds = clock.elapsed().as_secs_f64();

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

    let verdict = |c: f64| {
        if c >= 0.90 {
            "met (≥ 90 %)"
        } else if c >= 0.85 {
            "below 90 %"
        } else {
            "FAILED (< 85 %)"
        }
    };
    println!(
        "{:<26} {:>7} {:>9} {:>10} {:>8} {:>9}  verdict",
        "samples", "trials", "coverage", "mean width", "mean γ", "seconds"
    );
    println!(
        "{:<26} {trials:>7} {:>8.1}% {doc_width:>10.4} {doc_mean:>8.4} {doc_seconds:>9.1}  {}",
        "documents of 100 units",
        100.0 * documents,
        verdict(documents)
    );
    println!(
        "{:<26} {trials:>7} {:>8.1}% {corpus_width:>10.4} {corpus_mean:>8.4} {corpus_seconds:>9.1}  {}",
        "corpora of 20 documents",
        100.0 * corpora,
        verdict(corpora)
    );
    let total = one.seconds + bootstrap_seconds;
    println!(
        "one corpus of 20 documents: γ {:.3} s + bootstrap ({REPLICATES} replicates) {bootstrap_seconds:.3} s = {total:.3} s (target < 5 s)",
        one.seconds
    );
    if documents < 0.85 || corpora < 0.85 || total >= 5.0 {
        return Err(Failure::Computation(
            "coverage below 85 % or bootstrap slower than 5 s".into(),
        ));
    }
    Ok(())
}
