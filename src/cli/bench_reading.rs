//! `gamma-studio bench --reading`: how reading time grows with the file. CSV files of 125,000 to
//! 1,000,000 units and ELAN files up to about 50 MB are generated (by our own writers, from
//! `gamma_core::synthetic`) in a temporary folder, then read back by `read_documents`. Reading
//! must be linear: the time per unit stays flat from the smallest file to the largest.

use super::Failure;
use gamma_core::synthetic::{Density, noisy_copies};
use gamma_formats::{Format, ReadOptions, read_documents, write_continuum};
use std::path::Path;
use std::time::Instant;

/// Units of the generated files, two annotators each.
const SIZES: [usize; 4] = [125_000, 250_000, 500_000, 1_000_000];
/// ELAN files of these many units reach about 50 MB at the largest.
const ELAN_SIZES: [usize; 3] = [42_000, 85_000, 170_000];

fn computation(e: impl std::fmt::Display) -> Failure {
    Failure::Computation(e.to_string())
}

/// Writes a document of `units` units in `format` into `folder`, reads it back and prints the
/// size, the seconds and the microseconds per unit.
fn time_one(folder: &Path, format: Format, units: usize, seed: u64) -> Result<(), Failure> {
    let continuum = noisy_copies(2, units / 2, Density::Sparse, seed);
    let extension = match format.name() {
        "elan" => "eaf",
        _ => "csv",
    };
    let path = folder.join(format!("bench-{units}.{extension}"));
    let written = write_continuum(&continuum, None, format, &path, &Default::default())
        .map_err(computation)?;
    let bytes: u64 = written
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    let clock = Instant::now();
    let (documents, _) = read_documents(&written, &ReadOptions::default()).map_err(computation)?;
    let seconds = clock.elapsed().as_secs_f64();
    let read: usize = documents.iter().map(|d| d.continuum.n_units()).sum();
    if read != continuum.n_units() {
        return Err(computation(format!(
            "{}: read {read} units of {}",
            path.display(),
            continuum.n_units()
        )));
    }
    println!(
        "{:<5} {:>9} {:>8.1} {:>8.2} {:>10.2}",
        extension,
        read,
        bytes as f64 / 1e6,
        seconds,
        1e6 * seconds / read as f64
    );
    let _ = std::fs::remove_file(&path);
    Ok(())
}

/// Runs the reading benchmark.
pub fn run(seed: u64) -> Result<(), Failure> {
    let folder = std::env::temp_dir().join(format!("gamma-studio-bench-{}", std::process::id()));
    std::fs::create_dir_all(&folder).map_err(computation)?;
    println!("reading time against file size (linear: µs per unit stays flat), seed {seed}");
    println!(
        "{:<5} {:>9} {:>8} {:>8} {:>10}",
        "file", "units", "MB", "seconds", "µs/unit"
    );
    let result = SIZES
        .iter()
        .try_for_each(|&units| time_one(&folder, gamma_formats::csv::CSV, units, seed))
        .and_then(|()| {
            ELAN_SIZES
                .iter()
                .try_for_each(|&units| time_one(&folder, gamma_formats::elan::ELAN, units, seed))
        });
    let _ = std::fs::remove_dir_all(&folder);
    result
}
