//! Gwet's agreement coefficients AC1 (nominal) and AC2 (weighted), for two or more raters and
//! missing ratings (Gwet 2008, *British Journal of Mathematical and Statistical Psychology*
//! 61:29–48; Gwet 2014, *Handbook of Inter-Rater Reliability*, 4th ed., ch. 2–3).
//!
//! Both are `(p_a − p_e) / (1 − p_e)`. Chance agreement is the probability that two raters agree
//! on an item classified at random *and* that one of them classified it at random, which keeps
//! AC1 close to the observed agreement when one category dominates (the κ paradoxes).
//!
//! With `r_i` the raters of item `i`, `r_ik` those that chose category `k`, weights
//! `w_kl = 1 − d(k, l)/d_max` (`w = identity` for AC1) and `r*_ik = Σ_l w_kl r_il`:
//! * `p_a = (1/n₂) Σ_{i: r_i ≥ 2} Σ_k r_ik (r*_ik − 1) / (r_i (r_i − 1))`, `n₂` the items with at
//!   least two ratings;
//! * `π_k = (1/n₁) Σ_{i: r_i ≥ 1} r_ik / r_i`, `n₁` the items with at least one rating;
//! * `p_e = T_w / (q (q − 1)) · Σ_k π_k (1 − π_k)`, `T_w = Σ_kl w_kl`, `q` the categories that
//!   occur in the ratings (irrCAC and DKPro take them from the ratings too: a category listed in
//!   [`Codings::categories`] but never chosen, such as the "none" of positions nobody left
//!   unannotated, does not count).
//!
//! These are Gwet's own definitions as his R package irrCAC computes them. DKPro Statistics 2.3
//! (`GwetAC1Agreement`, `GwetAC2Agreement`) gives the same values on complete data, which is
//! what its tests check; with missing ratings it takes `π_k` from the items with two ratings or
//! more and weights each item's `p_a` by `r_i`, so its values can differ there. `d_max` is the
//! largest distance between two categories that occur, at least 1 (as DKPro, so that irrCAC's quadratic
//! weights are the interval distance's on categories `1..q`).

use super::{Codings, CoefficientError, Distance};

/// The parts of an AC1 or AC2 value, for a report that shows how it was reached.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GwetAgreement {
    /// Observed (weighted) agreement `p_a`.
    pub observed: f64,
    /// Chance agreement `p_e`.
    pub chance: f64,
}

impl GwetAgreement {
    /// `(p_a − p_e) / (1 − p_e)`.
    pub fn coefficient(&self) -> f64 {
        (self.observed - self.chance) / (1.0 - self.chance)
    }
}

impl Codings {
    /// Gwet's AC1: AC2 with nominal weights.
    pub fn gwet_ac1(&self) -> Result<GwetAgreement, CoefficientError> {
        self.gwet_ac2(&Distance::Nominal)
    }

    /// Gwet's AC2 with weights `1 − d/d_max` from `distance` (the ordinal distance takes its
    /// counts from every rating).
    pub(crate) fn gwet_ac2(&self, distance: &Distance) -> Result<GwetAgreement, CoefficientError> {
        let q = self.categories.len();
        let mut counts = vec![0.0; q];
        for label in self.items.iter().flatten().flatten() {
            counts[*label] += 1.0;
        }
        let used: Vec<usize> = (0..q).filter(|&k| counts[k] > 0.0).collect();
        if used.len() < 2 {
            // Gwet's chance agreement divides by q − 1: with one category there is no decision.
            return Err(CoefficientError::Undefined);
        }
        let d = self.distances(distance, &counts)?;
        let d_max = used
            .iter()
            .flat_map(|&k| used.iter().map(move |&l| (k, l)))
            .fold(1.0_f64, |m, (k, l)| m.max(d[k][l]));
        let w: Vec<Vec<f64>> = d
            .iter()
            .map(|row| row.iter().map(|x| 1.0 - x / d_max).collect())
            .collect();

        let (mut agreement, mut n_pairable) = (0.0, 0.0);
        let (mut shares, mut n_rated) = (vec![0.0; q], 0.0);
        for item in &self.items {
            let mut r = vec![0.0; q];
            for label in item.iter().flatten() {
                r[*label] += 1.0;
            }
            let r_i: f64 = r.iter().sum();
            if r_i >= 1.0 {
                n_rated += 1.0;
                for (share, r_k) in shares.iter_mut().zip(&r) {
                    *share += r_k / r_i;
                }
            }
            if r_i >= 2.0 {
                n_pairable += 1.0;
                let item_agreement: f64 = (0..q)
                    .map(|k| {
                        let weighted: f64 = (0..q).map(|l| w[k][l] * r[l]).sum();
                        r[k] * (weighted - 1.0)
                    })
                    .sum();
                agreement += item_agreement / (r_i * (r_i - 1.0));
            }
        }
        if n_pairable == 0.0 {
            return Err(CoefficientError::NoPairableItem);
        }
        let t_w: f64 = used
            .iter()
            .flat_map(|&k| used.iter().map(move |&l| (k, l)))
            .map(|(k, l)| w[k][l])
            .sum();
        let q = used.len();
        let spread: f64 = shares
            .iter()
            .map(|s| s / n_rated)
            .map(|p| p * (1.0 - p))
            .sum();
        let chance = t_w / (q as f64 * (q as f64 - 1.0)) * spread;
        if chance >= 1.0 {
            return Err(CoefficientError::Undefined);
        }
        Ok(GwetAgreement {
            observed: agreement / n_pairable,
            chance,
        })
    }
}

#[cfg(test)]
mod tests;
