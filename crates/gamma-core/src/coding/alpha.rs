//! Krippendorff's α of a coding study: the value by Krippendorff's coincidences (2011,
//! "Computing Krippendorff's Alpha-Reliability"), with any distance; its standard error by
//! Gwet's linearisation (2014 §5.4, as irrCAC's `krippendorff` computes it), on the items with
//! at least two ratings.

use super::CodingStudy;
use super::terms::{self, Terms, dot, quadratic_form, symmetric_weighted};
use super::value::{Basis, CodingValue};
use crate::coefficients::{CoefficientError, Distance};

/// α, `D_o`, `D_e` and the standard error.
pub(crate) fn alpha(
    study: &CodingStudy,
    distance: &Distance,
) -> Result<CodingValue, CoefficientError> {
    let codings = terms::measured_codings(study, distance);
    let (observed, expected, d) = codings.alpha_disagreements(distance)?;
    let value = 1.0 - observed / expected;
    let w = terms::weights(&d);
    let t = terms::terms(study, &w)?;
    Ok(CodingValue {
        choice: String::new(),
        value,
        observed,
        expected,
        basis: Basis::Disagreement,
        standard_error: standard_error(&t, &w),
        items: t.rows.len(),
        pairable_items: t.pairable,
    })
}

/// Gwet's standard error of α, from the items rated at least twice.
fn standard_error(t: &Terms, w: &[Vec<f64>]) -> Option<f64> {
    let pairable: Vec<usize> = (0..t.rows.len()).filter(|&i| t.rated[i] >= 2.0).collect();
    let n = pairable.len() as f64;
    if n < 2.0 {
        return None;
    }
    let q = t.shares.len();
    let mean_rated = pairable.iter().map(|&i| t.rated[i]).sum::<f64>() / n;
    let epsilon = 1.0 / pairable.iter().map(|&i| t.rated[i]).sum::<f64>();
    // Each item's raw agreement over the mean number of ratings.
    let raw: Vec<f64> = (pairable.iter())
        .map(|&i| {
            let r = &t.counts[i];
            let sum: f64 = (0..q)
                .map(|k| r[k] * ((0..q).map(|l| w[k][l] * r[l]).sum::<f64>() - 1.0))
                .sum();
            sum / (mean_rated * (t.rated[i] - 1.0))
        })
        .collect();
    let observed_raw = raw.iter().sum::<f64>() / n;
    let observed = (1.0 - epsilon) * observed_raw + epsilon;
    let shares: Vec<f64> = (0..q)
        .map(|k| pairable.iter().map(|&i| t.counts[i][k]).sum::<f64>() / (n * mean_rated))
        .collect();
    let expected = quadratic_form(w, &shares, &shares);
    if expected >= 1.0 {
        return None;
    }
    let alpha_raw = (observed_raw - expected) / (1.0 - expected);
    let symmetric = symmetric_weighted(w, &shares);
    let sum: f64 = (pairable.iter().zip(&raw))
        .map(|(&i, a)| {
            let spread = (t.rated[i] - mean_rated) / mean_rated;
            let agreement = a - observed * spread;
            let share = (agreement - expected) / (1.0 - expected);
            let chance_i = dot(&t.counts[i], &symmetric) / mean_rated - expected * spread;
            let corrected =
                share - 2.0 * (1.0 - alpha_raw) * (chance_i - expected) / (1.0 - expected);
            (corrected - alpha_raw).powi(2)
        })
        .sum();
    Some((sum / (n * (n - 1.0))).sqrt())
}
