//! Our γ against pygamma-agreement 0.5.9 on the oracle cases (tests/fixtures/pygamma).

mod common;

use common::{best_alignment, fixture, relative_difference};
use gamma_core::gamma::RunControl;
use gamma_core::{Dissimilarity, GammaOptions, PivotDistance, SampleCount, Sampler};
use serde_json::Value;

const CASES: [&str; 11] = [
    "h1_identical",
    "h2_far_apart",
    "h3_offset_same_cat",
    "h4_offset_diff_cat",
    "h5_too_far_diff_cat",
    "h6_three_annot",
    "h7_three_one_far",
    "k2_p30",
    "k3_p40",
    "k3_p30_dense",
    "k4_p10_float",
];
const GENERATED: [&str; 4] = ["k2_p30", "k3_p40", "k3_p30_dense", "k4_p10_float"];

fn oracle(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture(&format!("pygamma/{name}"))).unwrap())
        .unwrap()
}

fn read(name: &str) -> gamma_core::Continuum {
    gamma_formats::csv::read(&fixture(&format!("pygamma/{name}.csv"))).unwrap()
}

/// A unitary alignment as comparable text: one "annotator start end category" per real unit.
fn describe(units: impl Iterator<Item = Option<(String, f64, f64, String)>>) -> Vec<String> {
    let mut out: Vec<String> = units
        .flatten()
        .map(|(a, s, e, c)| format!("{a} {s} {e} {c}"))
        .collect();
    out.sort();
    out
}

/// The dense solver (column generation, forced here) reaches pygamma's observed disorders too.
#[test]
fn column_generation_matches_pygamma_observed_disorders() {
    use gamma_core::alignment::{AlignmentSearch, Limits};
    for name in CASES {
        let want = oracle(&format!("{name}.observed.json"))["observed_disorder"]
            .as_f64()
            .unwrap();
        let alignment = AlignmentSearch::new()
            .limits(Limits {
                max_listed_candidates: 0,
                ..Limits::default()
            })
            .best_alignment(
                &common::problem(&read(name), &Dissimilarity::default()),
                Default::default(),
            )
            .unwrap();
        assert!(
            relative_difference(alignment.disorder, want) < 1e-5,
            "{name}: column generation {} against pygamma {want}",
            alignment.disorder
        );
        assert!(alignment.is_proven_best());
    }
}

#[test]
fn observed_disorder_and_best_alignment_match_pygamma() {
    for name in CASES {
        let expected = oracle(&format!("{name}.observed.json"));
        let continuum = read(name);
        let (problem, alignment) = best_alignment(&continuum, &Dissimilarity::default());
        let want = expected["observed_disorder"].as_f64().unwrap();
        assert!(
            relative_difference(alignment.disorder, want) < 1e-5,
            "{name}: observed disorder {} against pygamma {want}",
            alignment.disorder
        );
        let pygamma_alignment = expected["best_alignment"].as_array().unwrap();
        assert_eq!(
            alignment.unitary_alignments.len(),
            expected["n_unitary_alignments"].as_u64().unwrap() as usize,
            "{name}: number of unitary alignments"
        );
        let mut ours: Vec<Vec<String>> =
            (0..alignment.unitary_alignments.len())
                .map(|i| {
                    describe(alignment.slots(&problem, i).into_iter().enumerate().map(
                        |(a, slot)| {
                            slot.map(|u| {
                                let annotator = &continuum.annotators[a];
                                let unit = &annotator.units[u];
                                (
                                    annotator.name.clone(),
                                    unit.start,
                                    unit.end,
                                    unit.category.clone(),
                                )
                            })
                        },
                    ))
                })
                .collect();
        let mut theirs: Vec<Vec<String>> = pygamma_alignment
            .iter()
            .map(|unitary| {
                describe(unitary["units"].as_array().unwrap().iter().map(|slot| {
                    let s = slot.as_array().unwrap();
                    s[1].as_f64().map(|start| {
                        (
                            s[0].as_str().unwrap().to_string(),
                            start,
                            s[2].as_f64().unwrap(),
                            s[3].as_str().unwrap().to_string(),
                        )
                    })
                }))
            })
            .collect();
        ours.sort();
        theirs.sort();
        assert_eq!(
            ours, theirs,
            "{name}: best alignment differs from pygamma's"
        );
    }
}

fn gamma_with(name: &str, sampler: Sampler) -> f64 {
    let options = GammaOptions {
        sampler,
        samples: SampleCount::Precision {
            precision: 0.02,
            confidence: 0.95,
            max_samples: 5000,
        },
        seed: 7,
        ..GammaOptions::default()
    };
    gamma_core::gamma(&read(name), &options, RunControl::default())
        .unwrap()
        .gamma
}

#[test]
fn gamma_with_the_statistical_sampler_is_within_tolerance_of_pygamma() {
    for name in GENERATED {
        let want = oracle(&format!("{name}.gamma_statistical.json"))["gamma"]
            .as_f64()
            .unwrap();
        let got = gamma_with(name, Sampler::Statistical);
        assert!(
            (got - want).abs() < 0.03,
            "{name}: γ {got} against pygamma {want}"
        );
    }
}

#[test]
fn gamma_with_the_shuffle_sampler_is_within_tolerance_of_pygamma() {
    let sampler = Sampler::Shuffle {
        min_pivot_distance: PivotDistance::HalfMeanLength,
        integer_pivots: true,
    };
    for name in GENERATED {
        let want = oracle(&format!("{name}.gamma_shuffle.json"))["gamma"]
            .as_f64()
            .unwrap();
        let got = gamma_with(name, sampler);
        assert!(
            (got - want).abs() < 0.03,
            "{name}: γ {got} against pygamma {want}"
        );
    }
}

#[test]
fn hand_cases_have_their_hand_computed_disorders() {
    let hand = [
        ("h1_identical", 0.0),
        ("h2_far_apart", 2.0),
        ("h3_offset_same_cat", 0.04),
        ("h4_offset_diff_cat", 1.04),
        ("h5_too_far_diff_cat", 2.0),
        (
            "h6_three_annot",
            ((1.0f64 / 19.0).powi(2) + 2.0) / 3.0 / (5.0 / 3.0),
        ),
        ("h7_three_one_far", 5.0 / 3.0),
    ];
    for (name, value) in hand {
        let (_, alignment) = best_alignment(&read(name), &Dissimilarity::default());
        assert!(
            (alignment.disorder - value).abs() < 1e-12,
            "{name}: {} instead of {value}",
            alignment.disorder
        );
    }
    // h4 with Δ∅ = 2 scales both terms (pygamma's library only scales the positional one: 1.08).
    let (_, alignment) = best_alignment(
        &read("h4_offset_diff_cat"),
        &Dissimilarity {
            delta_empty: 2.0,
            ..Default::default()
        },
    );
    assert!(
        (alignment.disorder - 2.08).abs() < 1e-12,
        "{}",
        alignment.disorder
    );
}
