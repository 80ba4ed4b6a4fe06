//! What every coefficient of a coding study starts from: the distances between its labels as
//! weights, and each item's counts and observed agreement (Gwet 2014, ch. 2–5).

use super::CodingStudy;
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
