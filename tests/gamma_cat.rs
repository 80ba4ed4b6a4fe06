//! γ, γ-cat and γ-k against the ranges pygamma-agreement's own tests assert on its test data
//! (tests/fixtures/pygamma-repo, MIT), and γ against the Java Gamma Software.

mod common;

use common::fixture;
use gamma_core::gamma::RunControl;
use gamma_core::gamma_cat::GammaCatVariant;
use gamma_core::{Dissimilarity, GammaOptions, GammaResult, PivotDistance, SampleCount, Sampler};

fn read(name: &str) -> gamma_core::Continuum {
    gamma_formats::csv::read(&fixture(&format!("pygamma-repo/{name}"))).unwrap()
}

fn pygamma_shuffle() -> Sampler {
    Sampler::Shuffle {
        min_pivot_distance: PivotDistance::HalfMeanLength,
        integer_pivots: true,
    }
}

fn run(name: &str, options: GammaOptions) -> GammaResult {
    gamma_core::gamma(&read(name), &options, RunControl::default()).unwrap()
}

fn within(value: f64, low: f64, high: f64, what: &str) {
    assert!(
        low <= value && value <= high,
        "{what} = {value}, expected in [{low}, {high}]"
    );
}

fn alpha_3() -> Dissimilarity {
    Dissimilarity {
        alpha: 3.0,
        ..Default::default()
    }
}

/// α = 3, pygamma's shuffle sampler, precision 0.05, as in pygamma's tests of this file.
fn alex_paul_suzan_as_pygamma_runs_it(variant: GammaCatVariant) -> GammaResult {
    run(
        "AlexPaulSuzan.csv",
        GammaOptions {
            dissimilarity: alpha_3(),
            sampler: pygamma_shuffle(),
            samples: SampleCount::Precision {
                precision: 0.05,
                confidence: 0.95,
                max_samples: 5000,
            },
            seed: 4772,
            categorical_gammas: true,
            gamma_cat_variant: variant,
            ..Default::default()
        },
    )
}

#[test]
fn alex_paul_suzan_as_pygamma_tests_it() {
    // test_gamma_alexpaulsuzan: α = 3, shuffle sampler, precision 0.05.
    let result = alex_paul_suzan_as_pygamma_runs_it(GammaCatVariant::Pygamma);
    assert_eq!(result.documents[0].alignment.unitary_alignments.len(), 6);
    within(result.observed_disorder, 0.95, 0.97, "D_o");
    within(result.gamma, 0.43, 0.48, "γ");
    within(result.gamma_cat.unwrap(), 0.37, 0.43, "γ-cat");
    let k = result.gamma_k.unwrap();
    assert_eq!(k["1"], 1.0);
    assert_eq!(k["5"], 1.0);
    within(k["6"], 0.33, 0.41, "γ-k(6)");
}

#[test]
fn article_variant_of_gamma_cat_ignores_empty_slots() {
    // pygamma's CLI tests, before its empty-slot term: γ-cat in [0.66, 0.70], γ-k(6) ≈ 1.
    let result = alex_paul_suzan_as_pygamma_runs_it(GammaCatVariant::Article);
    within(result.gamma_cat.unwrap(), 0.64, 0.72, "γ-cat");
    assert_eq!(result.gamma_k.unwrap()["6"], 1.0);
}

#[test]
fn gamma_software_preset_reproduces_the_java_value() {
    // The Java Gamma Software gives γ = 0.451 on this file (pygamma-agreement issue #19);
    // it floors x̄ = 16/3 to 5.
    let result = run(
        "AlexPaulSuzan.csv",
        GammaOptions {
            seed: 1,
            ..gamma_core::Preset::GammaSoftware.options()
        },
    );
    let exact = run(
        "AlexPaulSuzan.csv",
        GammaOptions {
            dissimilarity: alpha_3(),
            samples: SampleCount::Fixed(1),
            seed: 1,
            ..Default::default()
        },
    );
    assert!(
        (result.observed_disorder - exact.observed_disorder * (16.0 / 3.0) / 5.0).abs() < 1e-12
    );
    within(result.gamma, 0.431, 0.471, "γ");
}

#[test]
fn three_by_hundred_as_pygamma_tests_it() {
    // test_gamma_3by100: α = 3, statistical sampler.
    let result = run(
        "3by100.csv",
        GammaOptions {
            dissimilarity: alpha_3(),
            sampler: Sampler::Statistical,
            samples: SampleCount::Precision {
                precision: 0.01,
                confidence: 0.95,
                max_samples: 5000,
            },
            seed: 4772,
            categorical_gammas: true,
            ..Default::default()
        },
    );
    assert_eq!(result.documents[0].alignment.unitary_alignments.len(), 127);
    within(result.gamma, 0.785, 0.815, "γ");
    within(result.gamma_cat.unwrap(), 0.885, 0.915, "γ-cat");
    let k = result.gamma_k.unwrap();
    within(k["Adj"], 0.80, 0.84, "γ-k(Adj)");
    within(k["Noun"], 0.87, 0.91, "γ-k(Noun)");
    within(k["Verb"], 0.68, 0.72, "γ-k(Verb)");
    within(k["Prep"], 0.955, 1.0, "γ-k(Prep)");
}
