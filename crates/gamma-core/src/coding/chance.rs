//! The κ family — percentage agreement, S, π, κ and AC1/AC2 — with missing ratings and weights,
//! as Gwet's handbook (2014, ch. 2–5) defines them and his irrCAC package computes them, with
//! their linearised standard errors.
//!
//! With `n` the items rated at least once, `r_i` the ratings of item `i`, `r_ik` those in
//! category `k`, weights `w_kl = 1 − d(k, l) / d_max` and `r*_ik = Σ_l w_kl r_il`:
//! * `A_o = (1/n₂) Σ_{r_i ≥ 2} Σ_k r_ik (r*_ik − 1) / (r_i (r_i − 1))`, `n₂` the items rated at
//!   least twice (an item rated once agrees with nobody and is left out);
//! * `π_k = (1/n) Σ_i r_ik / r_i`, the share of category `k`, each item counting once;
//! * chance `A_e`: none for the percentage; `Σ w / q²` for S; `Σ w_kl π_k π_l` for π;
//!   `Σ w_kl (p̄_k p̄_l − s²_kl / r)` for κ, with `p_gk` coder `g`'s share of `k` among the items
//!   they rated, `p̄_k` its mean over the `r` coders and `s²_kl` its covariance (the mean over
//!   pairs of coders of Cohen's `Σ p_gk p_hl`: Davies & Fleiss's and Conger's multi-κ);
//!   `Σ w / (q (q − 1)) · Σ_k π_k (1 − π_k)` for AC1/AC2.
//!
//! **Standard error.** Each item's share of the coefficient, `κ_i = (n/n₂)(A_o,i − A_e·[r_i ≥ 2])
//! / (1 − A_e)`, corrected for the chance agreement's own variation, `κ*_i = κ_i − 2 (1 − κ)
//! (A_e,i − A_e) / (1 − A_e)`; `var = Σ (κ*_i − κ)² / (n (n − 1))` (an infinite population of
//! items; Gwet 2014 §5.4; Gwet 2008 for AC1). `A_e,i` is each coefficient's item term: none for
//! S and the percentage, `Σ_k r_ik π̄ʷ_k / r_i` for π, `Σw/(q(q−1)) Σ_k r_ik (1 − π_k) / r_i`
//! for AC, and Conger's per-coder terms for κ.

use super::CodingStudy;
use super::names::Coefficient;
use super::terms::{
    Terms, distance_matrix, dot, quadratic_form, symmetric_weighted, terms, weights,
};
use super::value::{Basis, CodingValue};
use crate::coefficients::{CoefficientError, Distance};

/// Percentage agreement, S, π, κ or AC of a study, weighted by `distance`.
pub(crate) fn kappa_family(
    study: &CodingStudy,
    coefficient: Coefficient,
    distance: &Distance,
) -> Result<CodingValue, CoefficientError> {
    let q = study.codings.categories.len();
    let mut all = vec![0.0; q];
    for k in study.codings.items.iter().flatten().flatten() {
        all[*k] += 1.0;
    }
    let w = weights(&distance_matrix(study, distance, &all)?);
    let t = terms(study, &w)?;
    let sum_w: f64 = w.iter().flatten().sum();
    let qf = q as f64;
    let (expected, item_expected): (f64, Vec<f64>) = match coefficient {
        Coefficient::Percentage => (0.0, vec![0.0; t.rows.len()]),
        Coefficient::S => {
            let e = sum_w / (qf * qf);
            (e, vec![e; t.rows.len()])
        }
        Coefficient::Pi => {
            let e = quadratic_form(&w, &t.shares, &t.shares);
            let symmetric = symmetric_weighted(&w, &t.shares);
            let per_item = (t.counts.iter().zip(&t.rated))
                .map(|(r, r_i)| dot(r, &symmetric) / r_i)
                .collect();
            (e, per_item)
        }
        Coefficient::Ac => {
            if q < 2 {
                return Err(CoefficientError::Undefined);
            }
            let factor = sum_w / (qf * (qf - 1.0));
            let e = factor * t.shares.iter().map(|p| p * (1.0 - p)).sum::<f64>();
            let complement: Vec<f64> = t.shares.iter().map(|p| 1.0 - p).collect();
            let per_item = (t.counts.iter().zip(&t.rated))
                .map(|(r, r_i)| factor * dot(r, &complement) / r_i)
                .collect();
            (e, per_item)
        }
        Coefficient::Kappa => super::conger::chance(study, &t, &w),
        Coefficient::Alpha => unreachable!("α has its own module"),
    };
    if expected >= 1.0 - 1e-12 {
        return Err(CoefficientError::Undefined);
    }
    let value = (t.observed - expected) / (1.0 - expected);
    let standard_error = linearised_error(&t, value, expected, &item_expected);
    Ok(CodingValue {
        choice: String::new(),
        value,
        observed: t.observed,
        expected,
        basis: Basis::Agreement,
        standard_error,
        items: t.rows.len(),
        pairable_items: t.pairable,
    })
}

/// Gwet's linearised standard error from each item's observed and expected agreement.
fn linearised_error(t: &Terms, value: f64, expected: f64, item_expected: &[f64]) -> Option<f64> {
    let n = t.rows.len() as f64;
    if n < 2.0 {
        return None;
    }
    let scale = n / t.pairable as f64;
    let sum: f64 = (t.agreement.iter().zip(&t.rated).zip(item_expected))
        .map(|((a, r_i), e_i)| {
            let chance = if *r_i >= 2.0 { expected } else { 0.0 };
            let share = scale * (a - chance) / (1.0 - expected);
            let corrected = share - 2.0 * (1.0 - value) * (e_i - expected) / (1.0 - expected);
            (corrected - value).powi(2)
        })
        .sum();
    Some((sum / (n * (n - 1.0))).sqrt())
}
