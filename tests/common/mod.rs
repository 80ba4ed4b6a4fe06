//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod cli;

use gamma_core::alignment::{Alignment, AlignmentProblem, AlignmentSearch};
use gamma_core::{Continuum, Dissimilarity};
use std::path::PathBuf;

pub fn fixture(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(relative)
}

/// The alignment problem of a continuum with the given dissimilarity.
pub fn problem(continuum: &Continuum, dissimilarity: &Dissimilarity) -> AlignmentProblem {
    let categories = continuum.categories();
    let resolved = dissimilarity.resolve(&categories).unwrap();
    AlignmentProblem::from_continuum(continuum, &categories, resolved).unwrap()
}

/// The problem and best alignment of a continuum with the given dissimilarity.
pub fn best_alignment(
    continuum: &Continuum,
    dissimilarity: &Dissimilarity,
) -> (AlignmentProblem, Alignment) {
    let problem = problem(continuum, dissimilarity);
    let alignment = AlignmentSearch::new()
        .best_alignment(&problem, Default::default())
        .unwrap();
    (problem, alignment)
}

pub fn relative_difference(a: f64, b: f64) -> f64 {
    if a == b {
        0.0
    } else {
        (a - b).abs() / a.abs().max(b.abs())
    }
}

/// The adjudication of `continuum` over γ's best alignment (default settings) after the
/// unanimous rule, by the adjudicator `tester`.
pub fn unanimous(continuum: &Continuum) -> gamma_core::gold::Adjudication {
    let aligned = gamma_core::gamma::DocumentAlignment::of(continuum, &Default::default()).unwrap();
    let mut adjudication = gamma_core::gold::Adjudication::new(
        continuum.clone(),
        &aligned.problem,
        &aligned.alignment,
        "tester",
    );
    adjudication.apply_rule("unanimous").unwrap();
    adjudication
}
