use super::*;
use crate::gamma::{RunControl, SampleCount, corpus_gamma};
use crate::synthetic::{Density, noisy_copies};
use crate::{Continuum, Corpus};

fn options() -> GammaOptions {
    GammaOptions {
        samples: SampleCount::Fixed(20),
        categorical_gammas: true,
        ..GammaOptions::default()
    }
}

fn boot(seed: u64) -> BootstrapOptions {
    BootstrapOptions {
        replicates: 2000,
        level: 0.95,
        seed,
    }
}

fn gamma_of(documents: Vec<Continuum>) -> GammaResult {
    corpus_gamma(&Corpus::new(documents), &options(), RunControl::default()).unwrap()
}

/// Three units per annotator at the same places; the second annotator's categories given.
fn document(name: &str, second: [&str; 3]) -> Continuum {
    let mut c = Continuum::new(name);
    for (i, category) in second.into_iter().enumerate() {
        let start = 20.0 * i as f64;
        c.add("1", start, start + 10.0, "x").unwrap();
        c.add("2", start, start + 10.0, category).unwrap();
    }
    c
}

fn find<'a>(comparison: &'a RoundsComparison, compared: &Compared) -> &'a Change {
    (comparison.changes.iter())
        .find(|c| &c.compared == compared)
        .unwrap_or_else(|| panic!("{compared:?} in {comparison:?}"))
}

/// The same corpus twice: every difference is 0 and its interval holds 0, though the two rounds
/// were resampled independently (their intervals differ, the difference's is not a point).
#[test]
fn two_identical_corpora_differ_by_zero_with_an_interval_holding_zero() {
    let corpus = || {
        (0..6)
            .map(|d| noisy_copies(2, 20, Density::Sparse, d))
            .collect()
    };
    let (before, after) = (gamma_of(corpus()), gamma_of(corpus()));
    let comparison = compare_rounds(&before, &after, &options(), &boot(3)).unwrap();
    assert_eq!(comparison.seed, 3);
    assert_eq!(comparison.before.unit, ResamplingUnit::Documents);
    assert_eq!(comparison.before.n_units, 6);
    assert!(comparison.only_before.is_empty() && comparison.only_after.is_empty());
    let gamma = find(&comparison, &Compared::Gamma);
    assert_eq!(gamma.before, before.gamma);
    assert!(find(&comparison, &Compared::GammaCat).difference == 0.0);
    for change in &comparison.changes {
        assert_eq!(change.difference, 0.0, "{change:?}");
        let (low, high) = change.difference_interval;
        assert!(low < 0.0 && 0.0 < high, "{change:?}");
        assert_eq!(change.direction(), Direction::NoClearChange);
    }
    assert_ne!(gamma.before_interval, gamma.after_interval);
    // Seeded: the same seed gives the same comparison, another seed another one.
    let again = compare_rounds(&before, &after, &options(), &boot(3)).unwrap();
    assert_eq!(again, comparison);
    let other = compare_rounds(&before, &after, &options(), &boot(4)).unwrap();
    assert_ne!(
        other.changes[0].difference_interval,
        gamma.difference_interval
    );
}

/// A known shift: before, four identical documents where the second annotator calls one unit
/// of three `y`; after, four where both annotators agree (γ = 1 in every replicate). Every
/// replicate of the difference is then `1 − γ*` of the first round, so the difference's interval
/// is the first round's turned over, above 0: γ rose. `y` has a γ-k in the first round only.
#[test]
fn a_known_shift_is_the_first_rounds_interval_turned_over() {
    let before = gamma_of(
        (0..4)
            .map(|d| document(&d.to_string(), ["x", "y", "x"]))
            .collect(),
    );
    let after = gamma_of(
        (0..4)
            .map(|d| document(&d.to_string(), ["x", "x", "x"]))
            .collect(),
    );
    assert_eq!(after.gamma, 1.0);
    let comparison = compare_rounds(&before, &after, &options(), &boot(1)).unwrap();
    let gamma = find(&comparison, &Compared::Gamma);
    assert_eq!(gamma.after, 1.0);
    assert_eq!(gamma.after_interval, (1.0, 1.0));
    assert!((gamma.difference - (1.0 - before.gamma)).abs() < 1e-12);
    let (low, high) = gamma.difference_interval;
    assert!(
        (low - (1.0 - gamma.before_interval.1)).abs() < 1e-12,
        "{gamma:?}"
    );
    assert!(
        (high - (1.0 - gamma.before_interval.0)).abs() < 1e-12,
        "{gamma:?}"
    );
    assert!(low > 0.0, "{gamma:?}");
    assert_eq!(gamma.direction(), Direction::Rose);
    assert_eq!(comparison.only_before, vec!["y".to_string()]);
    assert!(comparison.only_after.is_empty());
    let x = find(&comparison, &Compared::GammaK("x".into()));
    assert_eq!(x.after, 1.0);
    assert!(x.before < 1.0 && x.difference > 0.0);
    // The other way round, the same figures fell.
    let reverse = compare_rounds(&after, &before, &options(), &boot(1)).unwrap();
    let gamma = find(&reverse, &Compared::Gamma);
    assert_eq!(gamma.direction(), Direction::Fell);
    assert_eq!(reverse.only_after, vec!["y".to_string()]);
}

/// A round too small to resample is named; options out of range are refused before any draw.
#[test]
fn a_round_that_cannot_be_resampled_is_named() {
    let good = gamma_of(
        (0..4)
            .map(|d| document(&d.to_string(), ["x", "y", "x"]))
            .collect(),
    );
    let small = gamma_of(vec![document("one", ["x", "y", "x"])]);
    let error = compare_rounds(&good, &small, &options(), &boot(1)).unwrap_err();
    assert!(matches!(
        error,
        RoundsError::Round {
            round: Round::After,
            error: BootstrapError::TooFewUnits { found: 1, .. }
        }
    ));
    let bad = BootstrapOptions {
        level: 1.0,
        ..boot(1)
    };
    assert!(matches!(
        compare_rounds(&good, &good, &options(), &bad),
        Err(RoundsError::Options(BootstrapError::Level(_)))
    ));
}
