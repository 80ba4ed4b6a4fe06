//! `gamma-studio bench --project [N]`: an annotation campaign of N documents × 3 annotators ×
//! 100 units (`gamma_core::synthetic`, written as one CSV file per document into a temporary
//! folder). First the user's path: `gamma-studio gamma DIR --samples 30` and `gamma-studio gamma
//! DIR` (the defaults), each a process of its own, timed with its peak memory against the
//! targets. Then where the time goes (reading, corpus γ, each document's γ, in this process).
//! Then the campaign opened in the app (drawn without a display): the dashboard's frames while
//! it fills (under 16 ms).

use super::child;
use crate::cli::Failure;
use gamma_core::corpus::Corpus;
use gamma_core::gamma::RunControl;
use gamma_core::per_document::per_document;
use gamma_core::synthetic::{Density, noisy_copies};
use gamma_core::{GammaOptions, SampleCount};
use gamma_formats::{ReadOptions, read_corpus};
use std::path::Path;
use std::time::Instant;

/// Peak memory of one command on the campaign (issue 44: 10,000 documents under 2 GB).
const MEMORY_TARGET_MB: f64 = 2048.0;

/// The target of `gamma DIR` on `documents` documents, idle (issue 44): 1,000 documents under
/// 5 s, 10,000 under 60 s; in between and beyond, the same per document as 10,000. Loaded (a
/// second process using one of the two cores), twice as much.
pub fn seconds_target(documents: usize) -> f64 {
    if documents <= 1000 {
        5.0
    } else {
        60.0 * documents as f64 / 10_000.0
    }
}

pub(super) fn failed(e: impl std::fmt::Display) -> Failure {
    Failure::Computation(e.to_string())
}

/// Writes the campaign's documents as CSV files into `folder`.
pub(super) fn write_campaign(folder: &Path, documents: usize, seed: u64) -> Result<(), Failure> {
    for d in 0..documents {
        let continuum = noisy_copies(3, 100, Density::Sparse, seed + d as u64);
        let mut csv = String::from("annotator,category,start,end\n");
        for (a, unit) in continuum.units() {
            csv.push_str(&format!(
                "{},{},{},{}\n",
                continuum.annotators[a].name, unit.category, unit.start, unit.end
            ));
        }
        std::fs::write(folder.join(format!("doc{d:05}.csv")), csv).map_err(failed)?;
    }
    Ok(())
}

pub fn run(documents: usize, seed: u64) -> Result<(), Failure> {
    let folder = tempfile::tempdir().map_err(failed)?;
    write_campaign(folder.path(), documents, seed)?;
    println!(
        "campaign: {documents} documents × 3 annotators × 100 units, seed {seed}; {}",
        child::machine()
    );
    let target = seconds_target(documents);
    let dir = folder.path().to_string_lossy().to_string();
    println!("the user's path (each command a process of its own):");
    for extra in [&["--samples", "30"][..], &[]] {
        let mut args = vec!["gamma", dir.as_str()];
        args.extend_from_slice(extra);
        let run = child::run(&args)?;
        println!(
            "  gamma DIR {:<13} {:>7.2} s (CPU {:.1} s), peak {:>5.0} MB — target {target} s idle: {}, \
             {} s loaded: {}; {MEMORY_TARGET_MB} MB: {}",
            extra.join(" "),
            run.seconds,
            run.cpu_seconds,
            run.peak_mb,
            child::verdict(run.seconds <= target),
            2.0 * target,
            child::verdict(run.seconds <= 2.0 * target),
            child::verdict(run.peak_mb <= MEMORY_TARGET_MB),
        );
    }
    in_process(folder.path(), documents, seed)?;
    dashboard(folder.path())
}

/// Where the time of `gamma DIR --samples 30` goes, phase by phase, in this process.
fn in_process(folder: &Path, documents: usize, seed: u64) -> Result<(), Failure> {
    let options = GammaOptions {
        samples: SampleCount::Fixed(30),
        seed,
        ..GammaOptions::default()
    };
    let start = Instant::now();
    let (read, _, _) = read_corpus(folder, &ReadOptions::default()).map_err(failed)?;
    let reading = start.elapsed().as_secs_f64();
    let corpus = Corpus::new(read.into_iter().map(|d| d.continuum).collect());
    let started = Instant::now();
    let result =
        gamma_core::corpus_gamma(&corpus, &options, RunControl::default()).map_err(failed)?;
    let corpus_seconds = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let rows = per_document(&corpus, &options, RunControl::default());
    let table_seconds = started.elapsed().as_secs_f64();
    let measured = rows.iter().filter(|r| r.result.is_ok()).count();
    println!(
        "where the time goes (--samples 30, in this process, {} threads):",
        rayon::current_num_threads()
    );
    println!("  reading the folder        {reading:>8.2} s");
    println!(
        "  corpus γ = {:.4}         {corpus_seconds:>8.2} s  ({} samples)",
        result.gamma, result.n_samples
    );
    println!(
        "  γ of each document alone {table_seconds:>8.2} s  ({measured} of {documents} measured)"
    );
    Ok(())
}

/// The app on the same campaign: the dashboard's frames while it fills in the background.
fn dashboard(folder: &Path) -> Result<(), Failure> {
    let (read, _, _) = read_corpus(folder, &ReadOptions::default()).map_err(failed)?;
    let dashboard =
        crate::app::bench::dashboard_frame_times(read, std::time::Duration::from_secs(600));
    // The first frame lays out the fonts and the whole table once; the others are the ones a
    // user sees while the table fills.
    let first_frame = dashboard.frames[0];
    let mut frames = dashboard.frames[1..].to_vec();
    let over_16_ms = frames.iter().filter(|ms| **ms > 16.0).count();
    frames.sort_by(f64::total_cmp);
    let quantile = |q: f64| frames[((frames.len() - 1) as f64 * q).round() as usize];
    let peak_with_app = super::peak_memory_mb().unwrap_or(f64::NAN);
    println!(
        "the app's dashboard: every document's γ in the table after {:.2} s; first frame \
         {first_frame:.1} ms, then {} frames (one every 16 ms): median {:.1} ms, 95 % {:.1} ms, \
         longest {:.1} ms, {over_16_ms} over 16 ms (target 95 % under 16 ms: {}); peak \
         {peak_with_app:.0} MB with the app",
        dashboard.seconds_to_full_table,
        frames.len(),
        quantile(0.5),
        quantile(0.95),
        quantile(1.0),
        child::verdict(quantile(0.95) <= 16.0),
    );
    Ok(())
}
