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
use super::coefficient::{Basis, CodingValue, Coefficient};
use crate::coefficients::{Codings, CoefficientError, Distance};

/// The study's codings as a distance reads them: labels that are not numbers are put at their
/// rank when the user gave the category order and the distance needs numbers.
pub(crate) fn measured_codings<'a>(
    study: &'a CodingStudy,
    distance: &Distance,
) -> std::borrow::Cow<'a, Codings> {
    let numeric = matches!(
        distance,
        Distance::Interval | Distance::Linear | Distance::Ratio
    );
    let numbers = (study.codings.categories.iter()).all(|c| c.trim().parse::<f64>().is_ok());
    if numeric && !numbers && study.ordered {
        let mut ranked = study.codings.clone();
        ranked.categories = (1..=ranked.categories.len())
            .map(|r| r.to_string())
            .collect();
        std::borrow::Cow::Owned(ranked)
    } else {
        std::borrow::Cow::Borrowed(&study.codings)
    }
}

/// The distances between the study's categories for `distance` ([`measured_codings`]);
/// `counts` is what the ordinal metric weighs ranks by.
pub(crate) fn distance_matrix(
    study: &CodingStudy,
    distance: &Distance,
    counts: &[f64],
) -> Result<Vec<Vec<f64>>, CoefficientError> {
    measured_codings(study, distance).distances(distance, counts)
}

/// Weights `1 − d / d_max` from distances (identity when every distance is 0).
pub(crate) fn weights(d: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let d_max = d.iter().flatten().fold(0.0_f64, |m, &x| m.max(x));
    (d.iter())
        .map(|row| {
            row.iter()
                .map(|&x| if d_max > 0.0 { 1.0 - x / d_max } else { 1.0 })
                .collect()
        })
        .collect()
}

/// The per-item counts every coefficient of the family starts from.
pub(crate) struct Terms {
    /// Items rated at least once: their index in the study.
    pub(crate) rows: Vec<usize>,
    /// `r_ik` of those items.
    pub(crate) counts: Vec<Vec<f64>>,
    /// `r_i`.
    pub(crate) rated: Vec<f64>,
    /// Each item's observed agreement (0 below two ratings).
    pub(crate) agreement: Vec<f64>,
    /// Items rated at least twice.
    pub(crate) pairable: usize,
    /// `A_o`.
    pub(crate) observed: f64,
    /// `π_k`.
    pub(crate) shares: Vec<f64>,
}

pub(crate) fn terms(study: &CodingStudy, w: &[Vec<f64>]) -> Result<Terms, CoefficientError> {
    let q = study.codings.categories.len();
    let (mut rows, mut counts, mut rated, mut agreement) = (vec![], vec![], vec![], vec![]);
    let mut shares = vec![0.0; q];
    let mut pairable = 0;
    let mut sum = 0.0;
    for (index, item) in study.codings.items.iter().enumerate() {
        let mut r = vec![0.0; q];
        for k in item.iter().flatten() {
            r[*k] += 1.0;
        }
        let r_i: f64 = r.iter().sum();
        if r_i < 1.0 {
            continue;
        }
        for (share, r_k) in shares.iter_mut().zip(&r) {
            *share += r_k / r_i;
        }
        let a = if r_i >= 2.0 {
            pairable += 1;
            let weighted = (0..q).map(|k| {
                let r_star: f64 = (0..q).map(|l| w[k][l] * r[l]).sum();
                r[k] * (r_star - 1.0)
            });
            weighted.sum::<f64>() / (r_i * (r_i - 1.0))
        } else {
            0.0
        };
        sum += a;
        rows.push(index);
        counts.push(r);
        rated.push(r_i);
        agreement.push(a);
    }
    if pairable == 0 || study.codings.n_coders < 2 {
        return Err(CoefficientError::NoPairableItem);
    }
    let n = rows.len() as f64;
    shares.iter_mut().for_each(|s| *s /= n);
    Ok(Terms {
        rows,
        counts,
        rated,
        agreement,
        pairable,
        observed: sum / pairable as f64,
        shares,
    })
}

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

/// `xᵀ W y`.
pub(crate) fn quadratic_form(w: &[Vec<f64>], x: &[f64], y: &[f64]) -> f64 {
    (0..x.len())
        .map(|k| x[k] * (0..y.len()).map(|l| w[k][l] * y[l]).sum::<f64>())
        .sum()
}

/// `(W π + Wᵀ π) / 2`.
pub(crate) fn symmetric_weighted(w: &[Vec<f64>], shares: &[f64]) -> Vec<f64> {
    let q = shares.len();
    (0..q)
        .map(|k| {
            let row: f64 = (0..q).map(|l| w[k][l] * shares[l]).sum();
            let column: f64 = (0..q).map(|l| w[l][k] * shares[l]).sum();
            (row + column) / 2.0
        })
        .collect()
}

pub(crate) fn dot(x: &[f64], y: &[f64]) -> f64 {
    x.iter().zip(y).map(|(a, b)| a * b).sum()
}
