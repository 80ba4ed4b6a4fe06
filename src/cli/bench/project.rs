//! `gamma-studio bench --project [N]`: an annotation campaign of N documents × 3 annotators ×
//! 100 units (`gamma_core::synthetic`, written as one CSV file per document into a temporary
//! folder), opened as a corpus folder, measured as a corpus and document by document. Prints each
//! phase's wall time and the peak resident memory against the targets (the corpus γ and the
//! table within 10 s on two cores, under 1 GB); then opens the campaign in the app (drawn
//! without a display) and times the dashboard's frames while it fills (under 16 ms).

use crate::cli::Failure;
use gamma_core::corpus::Corpus;
use gamma_core::gamma::RunControl;
use gamma_core::per_document::per_document;
use gamma_core::synthetic::{Density, noisy_copies};
use gamma_core::{GammaOptions, SampleCount};
use gamma_formats::{ReadOptions, read_corpus};
use std::time::Instant;

const SECONDS_TARGET: f64 = 10.0;
const MEMORY_TARGET_MB: f64 = 1000.0;

fn failed(e: impl std::fmt::Display) -> Failure {
    Failure::Computation(e.to_string())
}

/// Writes the campaign's documents as CSV files into `folder`.
fn write_campaign(folder: &std::path::Path, documents: usize, seed: u64) -> Result<(), Failure> {
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
    let options = GammaOptions {
        samples: SampleCount::default(),
        seed,
        ..GammaOptions::default()
    };
    let start = Instant::now();
    let (read, _, _) = read_corpus(folder.path(), &ReadOptions::default()).map_err(failed)?;
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
    let total = start.elapsed().as_secs_f64();
    let peak = super::peak_memory_mb().unwrap_or(f64::NAN);
    // The app on the same campaign: the dashboard's frames while it fills in the background.
    let (read, _, _) = read_corpus(folder.path(), &ReadOptions::default()).map_err(failed)?;
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
        "campaign: {documents} documents × 3 annotators × 100 units ({} units), seed {seed}",
        corpus.n_units()
    );
    println!("  reading the folder        {reading:>8.2} s");
    println!(
        "  corpus γ = {:.4}         {corpus_seconds:>8.2} s  ({} samples)",
        result.gamma, result.n_samples
    );
    println!(
        "  γ of each document alone {table_seconds:>8.2} s  ({measured} of {documents} measured)"
    );
    println!(
        "  in all                    {total:>8.2} s  (target {SECONDS_TARGET} s: {}), peak {peak:.0} MB (target {MEMORY_TARGET_MB} MB: {})",
        if total <= SECONDS_TARGET {
            "met"
        } else {
            "MISSED"
        },
        if peak <= MEMORY_TARGET_MB {
            "met"
        } else {
            "MISSED"
        }
    );
    println!(
        "  the app's dashboard: every document's γ in the table after {:.2} s; first frame \
         {first_frame:.1} ms, then {} frames (one every 16 ms): median {:.1} ms, 95 % {:.1} ms, \
         longest {:.1} ms, {over_16_ms} over 16 ms (target 95 % under 16 ms: {}); peak \
         {peak_with_app:.0} MB with the app",
        dashboard.seconds_to_full_table,
        frames.len(),
        quantile(0.5),
        quantile(0.95),
        quantile(1.0),
        if quantile(0.95) <= 16.0 {
            "met"
        } else {
            "MISSED"
        },
    );
    Ok(())
}
