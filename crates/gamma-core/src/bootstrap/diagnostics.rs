//! Where the variance of a single document's γ comes from, measured on the two generators of
//! `gamma-studio bench --coverage` (run in release, it takes a few seconds):
//! `cargo test --release -p gamma-core --lib bootstrap::diagnostics -- --ignored --nocapture`.
//! Its findings are what docs/method-intervals.md reports: the stretch bootstrap estimates the
//! spread of D_o between documents when disagreements arise independently of one another; the
//! spread of D_e between documents is small.

use super::*;
use crate::gamma::{RunControl, corpus_gamma};
use crate::synthetic::{Density, independent_errors, noisy_copies};
use crate::{Continuum, Corpus};

fn sd(values: &[f64]) -> f64 {
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (values.len() - 1) as f64).sqrt()
}

/// Over 400 documents of 100 reference units: (sd of D_o between documents, root of the mean
/// stretch-bootstrap variance of D_o, sd of D_e between documents, mean Monte-Carlo standard
/// error of D_e, mean D_e).
fn spreads(generator: fn(usize, usize, Density, u64) -> Continuum) -> [f64; 5] {
    let (mut observed, mut boot_variance, mut expected, mut monte_carlo) =
        (vec![], vec![], vec![], vec![]);
    for seed in 0..400u64 {
        let options = GammaOptions {
            seed,
            ..GammaOptions::default()
        };
        let document = generator(2, 100, Density::Sparse, seed);
        let result = corpus_gamma(
            &Corpus::new(vec![document]),
            &options,
            RunControl::default(),
        )
        .unwrap();
        observed.push(result.observed_disorder);
        expected.push(result.expected_disorder);
        monte_carlo.push(sd(&result.chance_disorders) / (result.n_samples as f64).sqrt());
        let parts = stretches(&result.documents[0].problem, &result.documents[0].alignment);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let replicates: Vec<f64> = (0..400)
            .map(|_| {
                let (mut disorder, mut units) = (0.0, 0);
                for _ in 0..parts.len() {
                    let part = &parts[rng.random_range(0..parts.len())];
                    disorder += part.disorder;
                    units += part.units;
                }
                disorder / (units as f64 / 2.0)
            })
            .collect();
        boot_variance.push(sd(&replicates).powi(2));
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    [
        sd(&observed),
        mean(&boot_variance).sqrt(),
        sd(&expected),
        mean(&monte_carlo),
        mean(&expected),
    ]
}

#[test]
#[ignore = "a measurement of a few seconds in release, minutes in debug"]
fn the_stretch_bootstrap_misses_only_disagreements_tied_across_the_document() {
    let independent = spreads(independent_errors);
    let tied = spreads(noisy_copies);
    for (name, [observed, boot, expected, monte_carlo, mean_expected]) in
        [("independent errors", independent), ("noisy copies", tied)]
    {
        println!(
            "{name}: D_o sd between documents {observed:.4}, stretch bootstrap {boot:.4}; \
             D_e sd between documents {expected:.4} (Monte-Carlo error {monte_carlo:.4}) of {mean_expected:.4}"
        );
    }
    // Independent disagreements: the bootstrap's spread of D_o is the spread between documents.
    assert!(
        (independent[1] / independent[0] - 1.0).abs() < 0.05,
        "{independent:?}"
    );
    // A replacement ties a miss to a spurious unit anywhere: the bootstrap sees two independent
    // disagreements where there is one cause, and misses a sixth of the spread or more.
    assert!(tied[1] / tied[0] < 0.85, "{tied:?}");
    // D_e varies between documents by under 2 % of its value, Monte-Carlo error included.
    for [.., expected, _, mean_expected] in [independent, tied] {
        assert!(expected / mean_expected < 0.02);
    }
}
