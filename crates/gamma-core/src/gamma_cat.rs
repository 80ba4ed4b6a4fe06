//! γ-cat and γ-k (Mathet 2017, "The agreement measure γcat a complement to γ focused on
//! categorization of a continuum"), computed as pygamma-agreement 0.5.9 does.
//!
//! On an alignment, every pair of real units `u, v` in a unitary alignment with `nv` real units
//! contributes its categorical dissimilarity `d_cat(u,v)` with the weight
//! `w = max(0, 1 − α·d_pos(u,v)) / (nv − 1)`: the better the two units coincide in position, the
//! more their categories count. The categorical disorder is `Σ w·d_cat / Σ w`.
//! γ-cat = `1 − observed / mean over the random continua` (the same random continua as γ).
//! γ-k restricts the pairs to those where at least one unit has category `k`.
//!
//! Variant choices, to stay comparable with the implementations users have:
//! * the confidence is `1 − α·d_pos` as in the Java Gamma Software and pygamma (the article
//!   writes `1 − d_pos`); with the default α = 1 they agree;
//! * [`GammaCatVariant::Pygamma`] (the default) also counts every pair of a unit and an empty
//!   slot, adding Δ∅² to the weighted disorder and Δ∅ to the weight, as pygamma-agreement 0.5.9
//!   does (its "experimental" term): a unit nobody else marked then lowers γ-cat, which matches
//!   what users of pygamma see and report. [`GammaCatVariant::Article`] leaves those pairs out,
//!   as the article does (the category of a unit that is not aligned cannot disagree);
//! * a disorder with no real pair is 1 when no pair concerned the category at all, else 0
//!   (pygamma's convention).

/// Which definition of γ-cat / γ-k to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GammaCatVariant {
    /// pygamma-agreement 0.5.9: pairs with an empty slot count.
    #[default]
    Pygamma,
    /// Mathet 2017: only pairs of two units count.
    Article,
}

crate::named_choices! {
    GammaCatVariant, "γ-cat variant", dash_or_underscore;
    Pygamma => "pygamma",
    Article => "article",
}

use crate::alignment::{Alignment, AlignmentProblem};

/// Weighted sums accumulated over one or several alignments, for γ-cat and every γ-k.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoricalDisorder {
    variant: GammaCatVariant,
    all: Sums,
    per_category: Vec<Sums>,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Sums {
    weighted_disorder: f64,
    weight: f64,
    /// A pair passed the category filter (real or with an empty slot).
    any_pair: bool,
    /// A pair of two real units passed it.
    any_real_pair: bool,
}

impl Sums {
    fn disorder(&self) -> f64 {
        if !self.any_real_pair {
            return if self.any_pair { 0.0 } else { 1.0 };
        }
        if self.weighted_disorder == 0.0 {
            0.0
        } else {
            self.weighted_disorder / self.weight
        }
    }
}

impl CategoricalDisorder {
    /// Empty sums for `n_categories` categories (the indices of [`crate::dissimilarity::Span`]).
    pub fn new(n_categories: usize, variant: GammaCatVariant) -> CategoricalDisorder {
        CategoricalDisorder {
            variant,
            all: Sums::default(),
            per_category: vec![Sums::default(); n_categories],
        }
    }

    /// Adds the weighted pairs of every unitary alignment of `alignment` (whose unit ids index
    /// `problem.units`).
    pub(crate) fn add_alignment(&mut self, problem: &AlignmentProblem, alignment: &Alignment) {
        let d = &problem.dissimilarity;
        let n = problem.n_annotators;
        for unitary in &alignment.unitary_alignments {
            let real = unitary.members.len();
            let base = if real >= 2 {
                1.0 / (real - 1) as f64
            } else {
                0.0
            };
            let spans: Vec<_> = unitary
                .members
                .iter()
                .map(|&g| problem.units[g as usize].span)
                .collect();
            // pairs of a real unit and an empty slot
            let empty_slots = n - real;
            if empty_slots > 0 {
                let delta = d.delta_empty;
                let add_empty = |sums: &mut Sums, count: usize| {
                    sums.any_pair = true;
                    if self.variant == GammaCatVariant::Pygamma {
                        sums.weighted_disorder += (count as f64) * delta * delta;
                        sums.weight += (count as f64) * delta;
                    }
                };
                add_empty(&mut self.all, real * empty_slots);
                for s in &spans {
                    add_empty(&mut self.per_category[s.category as usize], empty_slots);
                }
            }
            for i in 0..spans.len() {
                for j in i + 1..spans.len() {
                    let (u, v) = (&spans[i], &spans[j]);
                    let confidence = (1.0 - d.alpha * d.positional(u, v)).max(0.0);
                    let weight = base * confidence;
                    let categorical = d.categorical(u, v);
                    let add = |sums: &mut Sums| {
                        sums.any_pair = true;
                        sums.any_real_pair = true;
                        sums.weighted_disorder += categorical * weight;
                        sums.weight += weight;
                    };
                    add(&mut self.all);
                    add(&mut self.per_category[u.category as usize]);
                    if v.category != u.category {
                        add(&mut self.per_category[v.category as usize]);
                    }
                }
            }
        }
    }

    /// The categorical disorder `Σ w·d_cat / Σ w` over all pairs added, in units of Δ∅.
    pub fn disorder(&self) -> f64 {
        self.all.disorder()
    }

    /// The categorical disorder of the pairs where a unit has category index `category`;
    /// panics when the index is not below `n_categories`.
    pub(crate) fn category_disorder(&self, category: usize) -> f64 {
        self.per_category[category].disorder()
    }
}

/// (γ-cat, γ-k for every category index) from the observed and the chance alignments.
pub fn gammas(observed: &CategoricalDisorder, chance: &[&CategoricalDisorder]) -> (f64, Vec<f64>) {
    let mean = |f: &dyn Fn(&CategoricalDisorder) -> f64| {
        chance.iter().map(|c| f(c)).sum::<f64>() / chance.len().max(1) as f64
    };
    let observed_cat = observed.disorder();
    let chance_cat = mean(&|c| c.disorder());
    let gamma_cat = if observed_cat == 0.0 {
        1.0
    } else if chance_cat == 0.0 {
        0.0
    } else {
        1.0 - observed_cat / chance_cat
    };
    let gamma_k = (0..observed.per_category.len())
        .map(|k| {
            let o = observed.category_disorder(k);
            let e = mean(&|c| c.category_disorder(k));
            if o == 0.0 { 1.0 } else { 1.0 - o / e }
        })
        .collect();
    (gamma_cat, gamma_k)
}
