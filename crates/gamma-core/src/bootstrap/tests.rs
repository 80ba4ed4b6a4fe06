use super::*;
use crate::gamma::{RunControl, SampleCount, corpus_gamma};
use crate::{Continuum, Corpus};

fn options() -> GammaOptions {
    GammaOptions {
        samples: SampleCount::Fixed(1),
        ..GammaOptions::default()
    }
}

fn boot(replicates: usize, seed: u64) -> BootstrapOptions {
    BootstrapOptions {
        replicates,
        level: 0.95,
        seed,
    }
}

/// Two documents: A, where the annotators agree exactly (D_o = 0), and B, where they do not.
/// With one random continuum, the replicates can only be AA (γ = 1), AB or BA, and BB; each of
/// AA and BB is drawn a quarter of the time, so the 95 % percentile interval runs exactly from
/// γ(BB) = 1 − (Σδ_B / x̄_B) / D_e to γ(AA) = 1.
#[test]
fn two_documents_span_from_the_worse_one_twice_to_the_better_one_twice() {
    let mut a = Continuum::new("A");
    let mut b = Continuum::new("B");
    for (start, category) in [(0.0, "x"), (20.0, "y"), (40.0, "x")] {
        for annotator in ["1", "2"] {
            a.add(annotator, start, start + 10.0, category).unwrap();
        }
        b.add("1", start, start + 10.0, category).unwrap();
        b.add("2", start + 3.0, start + 12.0, "x").unwrap();
    }
    let corpus = Corpus::new(vec![a, b]);
    let result = corpus_gamma(&corpus, &options(), RunControl::default()).unwrap();
    let interval = bootstrap_gamma(&result, &options(), &boot(4000, 7)).unwrap();
    let b_doc = &result.documents[1];
    let disorder: f64 = b_doc
        .alignment
        .unitary_alignments
        .iter()
        .map(|u| u.disorder)
        .sum();
    let gamma_bb = 1.0 - (disorder / 3.0) / result.expected_disorder;
    assert_eq!(interval.unit, ResamplingUnit::Documents);
    assert_eq!(interval.n_units, 2);
    assert!((interval.gamma.0 - gamma_bb).abs() < 1e-12, "{interval:?}");
    assert_eq!(interval.gamma.1, 1.0);
    assert!(interval.gamma.0 < result.gamma && result.gamma < 1.0);
    // Seeded: the same seed gives the same interval.
    assert_eq!(
        bootstrap_gamma(&result, &options(), &boot(4000, 7)).unwrap(),
        interval
    );
    let cat = interval.gamma_cat.unwrap();
    assert!(cat.0 <= result.gamma_cat.unwrap() && result.gamma_cat.unwrap() <= cat.1);
}

/// One document of 30 pairs of identical units far apart: stretches of 10 units (5 unitary
/// alignments of 2), so 6 of them, and every replicate has γ = 1.
#[test]
fn one_document_is_cut_into_stretches_no_alignment_crosses() {
    let mut c = Continuum::new("far");
    for i in 0..30 {
        let start = 100.0 * i as f64;
        c.add("1", start, start + 10.0, "x").unwrap();
        c.add("2", start, start + 10.0, "x").unwrap();
    }
    let result = corpus_gamma(&Corpus::new(vec![c]), &options(), RunControl::default()).unwrap();
    let interval = bootstrap_gamma(&result, &options(), &boot(100, 1)).unwrap();
    assert_eq!(interval.unit, ResamplingUnit::Stretches);
    assert_eq!(interval.n_units, 6);
    assert_eq!(interval.gamma, (1.0, 1.0));
}

/// Units that overlap in a chain are never cut: one stretch only, which cannot be resampled.
#[test]
fn a_chain_of_overlapping_units_is_one_stretch() {
    let mut c = Continuum::new("chain");
    for i in 0..20 {
        let start = 5.0 * i as f64;
        c.add("1", start, start + 10.0, "x").unwrap();
        c.add("2", start + 1.0, start + 11.0, "x").unwrap();
    }
    let result = corpus_gamma(&Corpus::new(vec![c]), &options(), RunControl::default()).unwrap();
    assert_eq!(
        bootstrap_gamma(&result, &options(), &boot(100, 1)),
        Err(BootstrapError::TooFewUnits {
            unit: ResamplingUnit::Stretches,
            found: 1
        })
    );
    assert_eq!(
        bootstrap_gamma(&result, &options(), &boot(1, 1)),
        Err(BootstrapError::Replicates(1))
    );
    let mut bad = boot(100, 1);
    bad.level = 1.0;
    assert_eq!(
        bootstrap_gamma(&result, &options(), &bad),
        Err(BootstrapError::Level(1.0))
    );
}

#[test]
fn percentiles_interpolate() {
    let mut v: Vec<f64> = (0..=100).map(f64::from).rev().collect();
    let (low, high) = percentile_interval(&mut v, 0.9);
    assert!(
        (low - 5.0).abs() < 1e-9 && (high - 95.0).abs() < 1e-9,
        "{low} {high}"
    );
}

#[test]
fn the_expanded_percentiles_follow_student_with_n_minus_one_degrees() {
    // n = 20: √(20/19) · t₁₉(0.975) = 1.02598 · 2.09302 = 2.14740; Φ(−2.14740) = 0.01588.
    assert!((expanded_level(0.95, 20) - (1.0 - 2.0 * 0.01588)).abs() < 1e-4);
    // n = 5: √(5/4) · t₄(0.975) = 1.11803 · 2.77645 = 3.10417; Φ(−3.10417) = 0.000954.
    assert!((expanded_level(0.95, 5) - (1.0 - 2.0 * 0.000954)).abs() < 3e-5);
    // Large n: the plain percentiles.
    assert!((expanded_level(0.95, 100_000) - 0.95).abs() < 1e-4);
}
