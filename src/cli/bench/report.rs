//! `gamma-studio bench --report [N]`: the agreement report of a campaign of N documents ×
//! 3 annotators × 100 units (default: 200, then 1,000), as `gamma-studio report DIR -o
//! report.html` writes it, in a process of its own.

use super::child;
use super::project::{failed, write_campaign};
use crate::cli::Failure;

/// Issue 44: the report of 200 documents within 2 s, of 1,000 within 10 s; in between and
/// beyond, the same per document as 1,000.
pub fn seconds_target(documents: usize) -> f64 {
    if documents <= 200 {
        2.0
    } else {
        10.0 * documents as f64 / 1000.0
    }
}

pub fn run(sizes: &[usize], seed: u64) -> Result<(), Failure> {
    println!(
        "gamma-studio report DIR -o report.html on campaigns of 3 annotators × 100 units per \
         document, seed {seed}, a process of its own; {}",
        child::machine()
    );
    for &documents in sizes {
        let folder = tempfile::tempdir().map_err(failed)?;
        let campaign = folder.path().join("campaign");
        std::fs::create_dir(&campaign).map_err(failed)?;
        write_campaign(&campaign, documents, seed)?;
        let out = folder.path().join("report.html");
        let run = child::run(&[
            "report",
            &campaign.to_string_lossy(),
            "-o",
            &out.to_string_lossy(),
        ])?;
        let target = seconds_target(documents);
        println!(
            "  {documents:>6} documents {:>8.2} s (CPU {:.1} s), peak {:.0} MB — target {target} s: {}",
            run.seconds,
            run.cpu_seconds,
            run.peak_mb,
            child::verdict(run.seconds <= target)
        );
    }
    Ok(())
}
