//! Coder × coder tables and agreement per category.
//!
//! * [`pairwise`]: a coefficient for every pair of coders (the items both rated), and its mean
//!   over pairs (κ averaged over pairs is Light's 1971 multi-rater κ).
//! * [`confusion`]: how often one coder's label meets another's on the items both rated.
//! * [`per_category`]: for each category, *specific agreement* — of the ratings in category
//!   `k` on items rated at least twice, the share whose other ratings agree with them,
//!   `Σ_i r_ik (r_ik − 1) / Σ_i r_ik (r_i − 1)` (for two coders `2 n_kk / (n_k· + n_·k)`,
//!   Fleiss 1975; Uebersax's positive and negative agreement) — and Fleiss's κ of the category
//!   against all others, `κ_k = 1 − Σ_i r_ik (r_i − r_ik) / (r_i − 1) / (Σ_i r_i · p_k (1 −
//!   p_k))` (Fleiss 1971, eq. 11, with each item's own number of ratings).

use super::{CodingStudy, CodingValue, CoefficientChoice};
use crate::coefficients::CoefficientError;

/// A coefficient of one pair of coders.
#[derive(Debug, Clone, PartialEq)]
pub struct PairValue {
    /// The first coder's index.
    pub first: usize,
    /// The second coder's index.
    pub second: usize,
    /// The coefficient on the items both rated, or why it is undefined.
    pub value: Result<CodingValue, CoefficientError>,
}

/// A coefficient for every pair of coders.
#[derive(Debug, Clone, PartialEq)]
pub struct PairwiseTable {
    /// The choice's name.
    pub choice: String,
    /// Every pair, in the coders' order.
    pub pairs: Vec<PairValue>,
    /// The mean over the pairs where it is defined.
    pub mean: Option<f64>,
}

/// `choice` for every pair of coders of `study`.
pub fn pairwise(study: &CodingStudy, choice: &CoefficientChoice) -> PairwiseTable {
    let c = study.coders.len();
    let mut pairs = Vec::new();
    for first in 0..c {
        for second in first + 1..c {
            let pair = study.pair(first, second);
            pairs.push(PairValue {
                first,
                second,
                value: choice.evaluate(&pair),
            });
        }
    }
    let defined: Vec<f64> = pairs
        .iter()
        .filter_map(|p| p.value.as_ref().ok().map(|v| v.value))
        .collect();
    let mean = (!defined.is_empty()).then(|| defined.iter().sum::<f64>() / defined.len() as f64);
    PairwiseTable {
        choice: choice.name(),
        pairs,
        mean,
    }
}

/// Two coders' labels against each other.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ConfusionMatrix {
    /// The categories of the rows and columns.
    pub categories: Vec<String>,
    /// `counts[a][b]`: items the first coder put in `a` and the second in `b`.
    pub counts: Vec<Vec<usize>>,
    /// Items both rated.
    pub items: usize,
}

/// The confusion matrix of coders `first` (rows) and `second` (columns).
pub fn confusion(study: &CodingStudy, first: usize, second: usize) -> ConfusionMatrix {
    let q = study.codings.categories.len();
    let mut counts = vec![vec![0; q]; q];
    let mut items = 0;
    for row in &study.codings.items {
        if let (Some(a), Some(b)) = (row[first], row[second]) {
            counts[a][b] += 1;
            items += 1;
        }
    }
    ConfusionMatrix {
        categories: study.codings.categories.clone(),
        counts,
        items,
    }
}

/// Agreement on one category.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CategoryAgreement {
    /// The category.
    pub category: String,
    /// How many ratings gave it (on items rated at least twice).
    pub ratings: usize,
    /// Specific agreement (none when no pairable item has it).
    pub specific_agreement: Option<f64>,
    /// Fleiss's κ of this category against the others (none when every pairable rating is it).
    pub fleiss_kappa: Option<f64>,
}

/// Specific agreement and Fleiss's κ of every category.
pub fn per_category(study: &CodingStudy) -> Vec<CategoryAgreement> {
    let q = study.codings.categories.len();
    let pairable: Vec<(Vec<usize>, usize)> = (0..study.n_items())
        .map(|i| {
            let counts = study.counts(i);
            let rated = counts.iter().sum();
            (counts, rated)
        })
        .filter(|(_, rated)| *rated >= 2)
        .collect();
    let all_ratings: f64 = pairable.iter().map(|(_, r)| *r as f64).sum();
    (0..q)
        .map(|k| {
            let (mut agreeing, mut possible, mut ratings, mut spread) = (0.0, 0.0, 0, 0.0);
            for (counts, rated) in &pairable {
                let (x, r) = (counts[k] as f64, *rated as f64);
                agreeing += x * (x - 1.0);
                possible += x * (r - 1.0);
                ratings += counts[k];
                spread += x * (r - x) / (r - 1.0);
            }
            let p = ratings as f64 / all_ratings;
            let chance = all_ratings * p * (1.0 - p);
            CategoryAgreement {
                category: study.codings.categories[k].clone(),
                ratings,
                specific_agreement: (possible > 0.0).then(|| agreeing / possible),
                fleiss_kappa: (chance > 0.0).then(|| 1.0 - spread / chance),
            }
        })
        .collect()
}

/// Fleiss's (1971) standard error of multi-π under the hypothesis of no agreement beyond
/// chance, for his test `z = π / SE₀` (not for an interval: it assumes π = 0). Defined when
/// every item rated is rated by the same number `m ≥ 2` of coders:
/// `var₀ = 2 / (n m (m − 1)) · ((Σ p_k q_k)² − Σ p_k q_k (q_k − p_k)) / (Σ p_k q_k)²`.
pub fn fleiss_null_standard_error(study: &CodingStudy) -> Option<f64> {
    let rated: Vec<usize> = (0..study.n_items())
        .map(|i| study.counts(i).iter().sum::<usize>())
        .filter(|&r| r > 0)
        .collect();
    let m = *rated.first()?;
    if m < 2 || rated.iter().any(|&r| r != m) {
        return None;
    }
    let (n, m) = (rated.len() as f64, m as f64);
    let q = study.codings.categories.len();
    let mut p = vec![0.0; q];
    for k in study.codings.items.iter().flatten().flatten() {
        p[*k] += 1.0 / (n * m);
    }
    let pq: f64 = p.iter().map(|p| p * (1.0 - p)).sum();
    let skew: f64 = p.iter().map(|p| p * (1.0 - p) * (1.0 - 2.0 * p)).sum();
    let variance = 2.0 / (n * m * (m - 1.0)) * (pq * pq - skew) / (pq * pq);
    (variance > 0.0).then(|| variance.sqrt())
}
