//! Disorders (paper §4.5–4.6).
//!
//! A unitary alignment `ă` has one slot per annotator, holding a unit or ∅. Its disorder is the
//! mean dissimilarity over all `C(n,2)` pairs of slots, where a pair with an empty slot costs
//! Δ∅ — including a pair of two empty slots, so that a unit left alone costs exactly Δ∅ whatever
//! `n` is (this is also what pygamma-agreement and the Gamma Software do). With `k` real units:
//!
//! `δ(ă) = [Σ_{real pairs} d(u,v) + (C(n,2) − C(k,2))·Δ∅] / C(n,2)`.
//!
//! The disorder of an alignment `ā` is `Σ δ(ă) / x̄` with `x̄` the mean number of units per
//! annotator (a float, as in the paper; the Gamma Software floors it, see
//! [`MeanUnitsRule::Floored`]).

use crate::dissimilarity::{ResolvedDissimilarity, Span};

/// Number of annotator pairs, `C(n,2)`.
#[inline]
pub(crate) fn annotator_pairs(n_annotators: usize) -> usize {
    n_annotators * n_annotators.saturating_sub(1) / 2
}

/// Disorder of a unitary alignment holding `units` (the non-empty slots) among `n_annotators`.
pub(crate) fn unitary_disorder(
    n_annotators: usize,
    units: &[Span],
    d: &ResolvedDissimilarity,
) -> f64 {
    let mut sum = 0.0;
    for (i, u) in units.iter().enumerate() {
        for v in &units[i + 1..] {
            sum += d.combined(u, v);
        }
    }
    unitary_disorder_from_sum(n_annotators, units.len(), sum, d.delta_empty)
}

/// Same, from the sum of the dissimilarities of its `k` real units taken pairwise.
#[inline]
pub(crate) fn unitary_disorder_from_sum(
    n_annotators: usize,
    k: usize,
    pair_sum: f64,
    delta_empty: f64,
) -> f64 {
    let pairs = annotator_pairs(n_annotators) as f64;
    let empty_pairs = pairs - annotator_pairs(k) as f64;
    (pair_sum + empty_pairs * delta_empty) / pairs
}

/// How the mean number of units per annotator `x̄` is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeanUnitsRule {
    /// `units / annotators` as a real number (the paper, pygamma-agreement).
    #[default]
    Exact,
    /// Rounded down to an integer (the Java Gamma Software).
    Floored,
}

impl MeanUnitsRule {
    /// `x̄` for `n_units` units among `n_annotators` annotators; at least 1 when floored.
    pub(crate) fn mean_units(self, n_units: usize, n_annotators: usize) -> f64 {
        let mean = n_units as f64 / n_annotators as f64;
        match self {
            MeanUnitsRule::Exact => mean,
            MeanUnitsRule::Floored => mean.floor().max(1.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dissimilarity::Dissimilarity;

    #[test]
    fn a_lone_unit_costs_delta_empty_for_any_number_of_annotators() {
        let d = Dissimilarity {
            delta_empty: 1.5,
            ..Default::default()
        }
        .resolve(&["x".to_string()])
        .unwrap();
        let u = Span {
            start: 0.0,
            end: 1.0,
            category: 0,
        };
        for n in 2..8 {
            assert!((unitary_disorder(n, &[u], &d) - 1.5).abs() < 1e-12);
        }
    }

    #[test]
    fn three_annotators_two_units_hand_value() {
        // h6 of the oracle: {A y[20,30], B y[21,30], ∅}: ((1/19)² + 1 + 1) / 3.
        let d = Dissimilarity::default()
            .resolve(&["y".to_string()])
            .unwrap();
        let a = Span {
            start: 20.0,
            end: 30.0,
            category: 0,
        };
        let b = Span {
            start: 21.0,
            end: 30.0,
            category: 0,
        };
        let expected = ((1.0f64 / 19.0).powi(2) + 2.0) / 3.0;
        assert!((unitary_disorder(3, &[a, b], &d) - expected).abs() < 1e-12);
    }
}
