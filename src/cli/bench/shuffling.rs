//! `gamma-studio bench --calibrate` and `--sweep`: the Corpus Shuffling Tool as a user waits for
//! it. Calibrating a document (`gamma-studio calibrate FILE`, a process of its own) on the
//! bundled demo and on a generated document of 3 annotators × 30 units; the Shuffling tool's
//! first sweep through the core call the app's job makes, with its progress and a cancel; and
//! the full γ sweeps of three error kinds.

use super::child;
use super::project::failed;
use crate::cli::Failure;
use gamma_core::gamma::RunControl;
use gamma_core::shuffle::{
    ErrorKind, ReferenceModel, ShuffleError, SweepOptions, sweep, sweep_controlled,
};
use gamma_core::synthetic::{Density, noisy_copies};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// Issue 44: a newcomer's first question, "what does this γ mean", answered within 5 s.
const CALIBRATE_TARGET_SECONDS: f64 = 5.0;
/// Issue 44: the Shuffling tool's first sweep within 5 s.
const TOOL_SWEEP_TARGET_SECONDS: f64 = 5.0;
/// A cancelled sweep stops within this (the app's Cancel button).
const CANCEL_TARGET_SECONDS: f64 = 0.5;
/// The earlier target of one full γ sweep of 21 magnitudes × 40 sets.
const GAMMA_SWEEP_TARGET_SECONDS: f64 = 60.0;

/// The demo document the app opens on, as a CSV file.
const DEMO: &str = include_str!("../../../resources/demo/named-entities.csv");

/// Writes `continuum` as the CSV file `path`.
fn write_csv(continuum: &gamma_core::Continuum, path: &std::path::Path) -> Result<(), Failure> {
    let mut csv = String::from("annotator,category,start,end\n");
    for (a, unit) in continuum.units() {
        csv.push_str(&format!(
            "{},{},{},{}\n",
            continuum.annotators[a].name, unit.category, unit.start, unit.end
        ));
    }
    std::fs::write(path, csv).map_err(failed)
}

pub fn run_calibrate(seed: u64) -> Result<(), Failure> {
    let folder = tempfile::tempdir().map_err(failed)?;
    let demo = folder.path().join("named-entities.csv");
    std::fs::write(&demo, DEMO).map_err(failed)?;
    let generated = folder.path().join("k3x30.csv");
    write_csv(&noisy_copies(3, 30, Density::Sparse, seed), &generated)?;
    println!(
        "gamma-studio calibrate FILE --seed {seed} (its defaults: five error kinds, each annotator \
         as the reference, 5 sets per magnitude, step 0.1), a process of its own; {}",
        child::machine()
    );
    let seed = seed.to_string();
    for (name, path) in [
        ("the demo (3 annotators, 40 units)", &demo),
        ("generated k3×30", &generated),
    ] {
        let path = path.to_string_lossy();
        let run = child::run(&["calibrate", &path, "--seed", &seed])?;
        println!(
            "  {name:<34} {:>7.2} s (CPU {:.1} s), peak {:.0} MB — target {CALIBRATE_TARGET_SECONDS} s: {}",
            run.seconds,
            run.cpu_seconds,
            run.peak_mb,
            child::verdict(run.seconds <= CALIBRATE_TARGET_SECONDS)
        );
        for line in run.stdout.lines() {
            println!("      {line}");
        }
    }
    Ok(())
}

/// The Shuffling tool's first sweep, timed through `sweep_controlled` as the app's job calls
/// it: progress reported, then the same sweep cancelled halfway.
fn tool_sweep(seed: u64) -> Result<(), Failure> {
    let options = SweepOptions {
        seed,
        ..SweepOptions::shuffling_tool()
    };
    let reference = ReferenceModel::default_model()
        .generate(seed)
        .map_err(failed)?;
    let reports = AtomicUsize::new(0);
    let last = AtomicUsize::new(0);
    let progress = |done: usize, _needed: usize| {
        reports.fetch_add(1, Ordering::Relaxed);
        last.fetch_max(done, Ordering::Relaxed);
    };
    let cancel = AtomicBool::new(false);
    let control = RunControl {
        cancelled: Some(&cancel),
        on_progress: Some(&progress),
    };
    let clock = Instant::now();
    let rows = sweep_controlled(&reference, &options, control).map_err(failed)?;
    let seconds = clock.elapsed().as_secs_f64();
    let runs = rows.len() * options.sets;
    println!(
        "the Shuffling tool's first sweep ({} sets × {} magnitudes × {} simulated annotators of \
         the built-in model, shift without overlap; γ, κ, α_U, c|uα, SER), {} threads: {seconds:.2} s \
         — target {TOOL_SWEEP_TARGET_SECONDS} s: {}; progress reported {} times, up to {} of {runs}",
        options.sets,
        rows.len(),
        options.annotators,
        rayon::current_num_threads(),
        child::verdict(seconds <= TOOL_SWEEP_TARGET_SECONDS),
        reports.load(Ordering::Relaxed),
        last.load(Ordering::Relaxed),
    );
    // The same sweep, cancelled once half its runs are done.
    let cancelled_at = std::sync::Mutex::new(None);
    let halfway = |done: usize, needed: usize| {
        if 2 * done >= needed && !cancel.swap(true, Ordering::Relaxed) {
            *cancelled_at.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
        }
    };
    cancel.store(false, Ordering::Relaxed);
    let control = RunControl {
        cancelled: Some(&cancel),
        on_progress: Some(&halfway),
    };
    let outcome = sweep_controlled(&reference, &options, control);
    let stopped = cancelled_at
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .map(|at| at.elapsed().as_secs_f64());
    match (outcome, stopped) {
        (Err(ShuffleError::Cancelled), Some(after)) => println!(
            "  cancelled halfway: stopped {after:.3} s after the cancel — target \
             {CANCEL_TARGET_SECONDS} s: {}",
            child::verdict(after <= CANCEL_TARGET_SECONDS)
        ),
        _ => println!("  cancelled halfway: did not stop — not met"),
    }
    Ok(())
}

pub fn run_sweep(seed: u64) -> Result<(), Failure> {
    println!("{}", child::machine());
    tool_sweep(seed)?;
    let reference = ReferenceModel::default_model()
        .generate(seed)
        .map_err(failed)?;
    println!(
        "full γ sweeps: 21 magnitudes × 40 sets × 3 simulated annotators × 100 units, seed {seed}"
    );
    println!(
        "  {:<18} {:>9} {:>8} {:>10}  verdict",
        "error", "seconds", "target", "γ at m=1"
    );
    for kind in [
        ErrorKind::Shift { keep_apart: false },
        ErrorKind::FalseNegative,
        ErrorKind::Category {
            prevalence: false,
            overlapping: false,
        },
    ] {
        let options = SweepOptions {
            errors: vec![kind],
            seed,
            ..SweepOptions::default()
        };
        let clock = Instant::now();
        let rows = sweep(&reference, &options).map_err(failed)?;
        let seconds = clock.elapsed().as_secs_f64();
        let last = rows
            .last()
            .and_then(|r| r.means[0])
            .map_or("—".to_string(), |g| format!("{g:.3}"));
        println!(
            "  {:<18} {seconds:>9.2} {GAMMA_SWEEP_TARGET_SECONDS:>8.0} {last:>10}  {}",
            kind.to_string(),
            child::verdict(seconds <= GAMMA_SWEEP_TARGET_SECONDS)
        );
    }
    Ok(())
}
