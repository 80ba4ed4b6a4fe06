//! Chance agreement of multi-κ (Davies & Fleiss 1982; Conger 1980) — Cohen's κ for two coders —
//! with missing ratings, and each item's term of its linearised variance (Gwet 2014 §5.4, as
//! irrCAC's `conger` computes it). A coder who rated nothing is left out.

use super::CodingStudy;
use super::terms::Terms;

/// `A_e` and each item's `A_e,i` (items in the order of `t.rows`).
pub(crate) fn chance(study: &CodingStudy, t: &Terms, w: &[Vec<f64>]) -> (f64, Vec<f64>) {
    let q = study.codings.categories.len();
    let n = t.rows.len() as f64;
    // p_gk: coder g's share of category k among the items they rated.
    let mut shares: Vec<Vec<f64>> = Vec::new();
    let mut rated: Vec<f64> = Vec::new();
    let mut coders: Vec<usize> = Vec::new();
    for g in 0..study.codings.n_coders {
        let mut counts = vec![0.0; q];
        for &i in &t.rows {
            if let Some(k) = study.codings.items[i][g] {
                counts[k] += 1.0;
            }
        }
        let n_g: f64 = counts.iter().sum();
        if n_g > 0.0 {
            shares.push(counts.iter().map(|c| c / n_g).collect());
            rated.push(n_g);
            coders.push(g);
        }
    }
    let r = coders.len() as f64;
    if r < 2.0 {
        return (1.0, vec![1.0; t.rows.len()]);
    }
    let totals: Vec<f64> = (0..q).map(|k| shares.iter().map(|p| p[k]).sum()).collect();
    let mean: Vec<f64> = totals.iter().map(|s| s / r).collect();
    let mut expected = 0.0;
    for k in 0..q {
        for l in 0..q {
            let products: f64 = shares.iter().map(|p| p[k] * p[l]).sum();
            let covariance = (products - r * mean[k] * mean[l]) / (r - 1.0);
            expected += w[k][l] * (mean[k] * mean[l] - covariance / r);
        }
    }
    let per_item = (t.rows.iter())
        .map(|&i| {
            let mut sum = 0.0;
            for (position, &g) in coders.iter().enumerate() {
                let (p, n_g) = (&shares[position], rated[position]);
                let label = study.codings.items[i][g];
                let present = if label.is_some() { 1.0 } else { 0.0 };
                let lambda: f64 = (0..q)
                    .map(|k| {
                        let term: f64 = (0..q)
                            .map(|l| {
                                let delta = if label == Some(l) { 1.0 } else { 0.0 };
                                w[k][l] * (delta - (present - n_g / n) * p[l])
                            })
                            .sum();
                        (n / n_g) * term * (totals[k] - p[k])
                    })
                    .sum();
                sum += lambda;
            }
            sum / (r * (r - 1.0))
        })
        .collect();
    (expected, per_item)
}
