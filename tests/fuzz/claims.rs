//! Huge claims (issue 35): inputs claiming more than the limits, in seeded layouts, are refused
//! at once naming the limit.

use super::{TIME_BOUND, write};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::process::Command;
use std::time::Instant;

/// Huge claims (issue 35): more annotators than γ aligns is refused at once, with the limit,
/// whatever their layout (seeded).
#[test]
fn more_annotators_than_gamma_aligns_are_refused_at_once() {
    let scratch = tempfile::tempdir().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    for round in 0..5 {
        let annotators = rng.random_range(33..400);
        let text: String = (0..annotators)
            .map(|a| {
                let start = rng.random_range(0..50);
                let length = rng.random_range(1..20);
                format!("a{a},x,{start},{}\n", start + length)
            })
            .collect();
        let file = write(
            scratch.path(),
            &format!("crowd{round}.csv"),
            text.as_bytes(),
        );
        let started = Instant::now();
        let output = Command::new(env!("CARGO_BIN_EXE_gamma-studio"))
            .args(["gamma", &file.to_string_lossy()])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(2),
            "seed 35 round {round}: {stderr}"
        );
        assert!(
            stderr.contains(&format!("γ of {annotators} annotators is beyond reach"))
                && stderr.contains("the limit is 32 annotators"),
            "seed 35 round {round}: {stderr}"
        );
        assert!(started.elapsed() < TIME_BOUND, "seed 35 round {round}");
    }
}
