//! The anatomy of a disagreement: *why* the annotators disagree, read off γ's best alignment
//! (paper §4.5–4.8). γ says how much; the best alignment knows where and how — a unitary
//! alignment holding ana's PER and ben's ORG is a PER/ORG confusion, a unit alone in its
//! alignment is one annotator's addition and the others' miss, two units of one category whose
//! bounds differ say whose boundaries start early or end late.
//!
//! From a [`GammaResult`] (one document or a corpus), [`anatomy`] gives:
//!
//! * (a) the **confusions** ([`Confusion`]): for every pair of categories (∅ for an empty slot),
//!   how many pairs of units of two annotators the best alignment puts together, and their part
//!   of the observed disorder `D_o`;
//! * (b) the **decomposition** of `D_o` ([`Decomposition`]) into its positional part
//!   (`α·d_pos`), its categorical part (`β·d_cat`) and its empty slots (`Δ∅`), in all, per
//!   category and per pair of annotators — each of the three tables sums to `D_o`;
//! * (c) each annotator's **profile** ([`AnnotatorProfile`]): units marked against the others'
//!   mean, units missed and added, mean signed boundary offsets, categories over- and under-used
//!   against the pool.
//!
//! [`left_out`] gives (d), γ with each annotator left out, with its bootstrap interval, and
//! [`examples`] the alignments where two confused categories meet, with their text.
//!
//! **How `D_o` is shared out.** `D_o = Σ δ(ă) / x̄`, and the disorder of a unitary alignment of
//! `n` slots holding `k` units is `δ(ă) = [Σ_{pairs of units} d(u,v) + (C(n,2) − C(k,2))·Δ∅] /
//! C(n,2)` ([`crate::disorder`]): a sum over the `C(n,2)` pairs of slots. Each pair of slots
//! gets its own term over `C(n,2)·x̄`: a pair of units its `α·d_pos` (positional) and `β·d_cat`
//! (categorical), any pair with an empty slot `Δ∅` (empty slots). Per pair of annotators, each
//! pair of slots goes to the two annotators whose slots they are. Per category, a pair of units
//! goes half to each unit's category (all of it when they share one); the empty slots of an
//! alignment go to its units' categories in equal parts — a unit's own `n − k` pairs with an empty
//! slot, and `C(n − k, 2) / k` of the pairs of two empty slots (which γ also counts, so that a
//! unit alone costs Δ∅ whatever `n`). The confusion table shares out the same terms: a pair of
//! units to the cell of their two categories, a unit's part of the empty slots to its category's
//! cell with ∅. So every table adds up to `D_o`, to rounding (tested).
//!
//! Every figure keeps the [`AlignmentId`]s behind it, so that a front end can list the unitary
//! alignments a number comes from (the proposal of the same index in an adjudication).

mod examples;
mod left_out;
mod profile;

pub use examples::{Context, Example, ExampleUnit, examples, text_in_context};
pub use left_out::{LeftOut, LeftOutGamma, left_out};
pub use profile::{AnnotatorProfile, CategoryUse, Count, GroupProfile, Usage, group_profile};

use crate::corpus::Corpus;
use crate::disorder::annotator_pairs;
use crate::gamma::GammaResult;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// One unitary alignment of a γ result: its document (index in [`GammaResult::documents`]) and
/// its index in that document's best alignment — the index of the same proposal in an
/// adjudication of the document ([`crate::gold::Adjudication::new`] keeps the order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct AlignmentId {
    /// The document, by index in the corpus.
    pub document: usize,
    /// The unitary alignment, by index in the document's best alignment.
    pub alignment: usize,
}

/// The observed disorder of a part of the alignment, in its three kinds. The parts are shares
/// of `D_o` (already divided by `x̄`), so parts of a whole add up to it.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct DisorderParts {
    /// `α·d_pos` of pairs of units: boundaries that differ.
    pub positional: f64,
    /// `β·d_cat` of pairs of units: categories that differ.
    pub categorical: f64,
    /// `Δ∅` of pairs with an empty slot: units an annotator has and another has not.
    pub empty: f64,
}

impl DisorderParts {
    /// The three parts together.
    pub fn total(&self) -> f64 {
        self.positional + self.categorical + self.empty
    }

    fn add(&mut self, other: DisorderParts) {
        self.positional += other.positional;
        self.categorical += other.categorical;
        self.empty += other.empty;
    }

    fn scaled(self, factor: f64) -> DisorderParts {
        DisorderParts {
            positional: self.positional * factor,
            categorical: self.categorical * factor,
            empty: self.empty * factor,
        }
    }
}

/// A cell of the confusion table: two categories the best alignment puts together.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Confusion {
    /// The first category (alphabetically the first of two).
    pub first: String,
    /// The second category; `None` for an empty slot (a unit the other annotator has not).
    pub second: Option<String>,
    /// Pairs of slots of two annotators in the same unitary alignment holding these (a unit of
    /// `first` and an empty slot when `second` is `None`).
    pub pairs: usize,
    /// Their part of `D_o`.
    pub disorder: f64,
    /// That part over `D_o` (0 when `D_o` is 0).
    pub share: f64,
    /// The unitary alignments where they meet.
    pub alignments: Vec<AlignmentId>,
}

/// The disorder of one category or one pair of annotators.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PartOf {
    /// The category, or the two annotators joined by " – ".
    pub name: String,
    /// Its disorder, in three parts.
    pub parts: DisorderParts,
    /// The unitary alignments with a part of it.
    pub alignments: Vec<AlignmentId>,
}

/// `D_o` split by kind, per category and per pair of annotators (see the module doc).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decomposition {
    /// The three parts of `D_o`.
    pub total: DisorderParts,
    /// Per category, alphabetically: they add up to `total`.
    pub per_category: Vec<PartOf>,
    /// Per pair of annotators, in the order of their first appearance: they add up to `total`.
    pub per_pair: Vec<PartOf>,
    /// The pairs of annotators of [`Decomposition::per_pair`], by name.
    pub pairs: Vec<[String; 2]>,
}

/// Why the annotators disagree, from the best alignment (see the module doc).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Anatomy {
    /// Every annotator, in order of first appearance in the corpus.
    pub annotators: Vec<String>,
    /// Every category, alphabetically.
    pub categories: Vec<String>,
    /// `D_o` of the best alignment.
    pub observed_disorder: f64,
    /// `x̄`, the mean number of units per annotator, that divides the disorders.
    pub mean_units: f64,
    /// The unitary alignments of every document.
    pub n_alignments: usize,
    /// (a) Every pair of categories that meets, most disorder first.
    pub confusions: Vec<Confusion>,
    /// (b) `D_o` in parts.
    pub decomposition: Decomposition,
    /// (c) Each annotator's habits, in the order of [`Anatomy::annotators`].
    pub profiles: Vec<AnnotatorProfile>,
}

impl Anatomy {
    /// The cell of two categories (either order; `None` for ∅), if they meet.
    pub fn confusion(&self, a: &str, b: Option<&str>) -> Option<&Confusion> {
        self.confusions.iter().find(|c| match b {
            None => c.second.is_none() && c.first == a,
            Some(b) => {
                (c.first == a && c.second.as_deref() == Some(b))
                    || (c.first == b && c.second.as_deref() == Some(a))
            }
        })
    }

    /// The profile of the annotator named `name`.
    pub fn profile(&self, name: &str) -> Option<&AnnotatorProfile> {
        self.profiles.iter().find(|p| p.annotator == name)
    }
}

/// A figure being summed: its disorder and the alignments behind it.
#[derive(Default)]
struct Tally {
    pairs: usize,
    parts: DisorderParts,
    alignments: BTreeSet<AlignmentId>,
}

impl Tally {
    /// Adds pairs of slots; the alignment is kept behind the figure.
    fn add(&mut self, pairs: usize, parts: DisorderParts, id: AlignmentId) {
        self.pairs += pairs;
        self.parts.add(parts);
        self.alignments.insert(id);
    }

    /// Adds a part of the disorder; the alignment is kept behind the figure only when the
    /// part is not 0 (a perfect match is no part of a disorder).
    fn add_disorder(&mut self, parts: DisorderParts, id: AlignmentId) {
        self.pairs += 1;
        self.parts.add(parts);
        if parts.total() > 0.0 {
            self.alignments.insert(id);
        }
    }
}

/// The sums of one pass over the alignments.
#[derive(Default)]
struct Sums {
    total: DisorderParts,
    /// (category, other category or None for ∅), the smaller index first.
    cells: BTreeMap<(u32, Option<u32>), Tally>,
    categories: BTreeMap<u32, Tally>,
    /// Pairs of annotators by index in the names, the smaller first.
    pairs: BTreeMap<(usize, usize), Tally>,
}

/// Every annotator of the corpus by name, and for each document the index of each of its
/// annotators among them.
fn annotator_indices(corpus: &Corpus) -> (Vec<String>, Vec<Vec<usize>>) {
    let names = crate::pairwise::annotator_names(corpus);
    let indices = (corpus.documents.iter())
        .map(|d| {
            (d.annotators.iter())
                .map(|a| names.iter().position(|n| n == &a.name).expect("named"))
                .collect()
        })
        .collect();
    (names, indices)
}

/// `x̄` of the result's documents together, as [`crate::corpus_gamma`] takes it.
pub(crate) fn pooled_mean_units(result: &GammaResult) -> f64 {
    let Some(first) = result.documents.first() else {
        return 1.0;
    };
    let units: usize = result.documents.iter().map(|d| d.problem.units.len()).sum();
    (first.problem.mean_units_rule).mean_units(units, first.problem.n_annotators)
}

/// The anatomy of the disagreement of `corpus`, from its γ `result` (computed on the same
/// corpus: its documents in the same order).
pub fn anatomy(corpus: &Corpus, result: &GammaResult) -> Anatomy {
    let (names, indices) = annotator_indices(corpus);
    let mean_units = pooled_mean_units(result);
    let mut sums = Sums::default();
    let mut n_alignments = 0;
    for (d, aligned) in result.documents.iter().enumerate() {
        let problem = &aligned.problem;
        let n = problem.n_annotators;
        let d_ = &problem.dissimilarity;
        let scale = 1.0 / (annotator_pairs(n) as f64 * mean_units);
        for (i, unitary) in aligned.alignment.unitary_alignments.iter().enumerate() {
            n_alignments += 1;
            let id = AlignmentId {
                document: d,
                alignment: i,
            };
            let units: Vec<_> = (unitary.members.iter())
                .map(|&g| problem.units[g as usize])
                .collect();
            let k = units.len();
            for (x, u) in units.iter().enumerate() {
                for v in &units[x + 1..] {
                    let parts = DisorderParts {
                        positional: d_.alpha * d_.positional(&u.span, &v.span) * scale,
                        categorical: d_.beta * d_.categorical(&u.span, &v.span) * scale,
                        empty: 0.0,
                    };
                    sums.total.add(parts);
                    let (cu, cv) = (u.span.category, v.span.category);
                    let cell = (cu.min(cv), Some(cu.max(cv)));
                    sums.cells.entry(cell).or_default().add(1, parts, id);
                    if cu == cv {
                        sums.categories
                            .entry(cu)
                            .or_default()
                            .add_disorder(parts, id);
                    } else {
                        for c in [cu, cv] {
                            let half = parts.scaled(0.5);
                            sums.categories.entry(c).or_default().add_disorder(half, id);
                        }
                    }
                    let (a, b) = (
                        indices[d][u.annotator as usize],
                        indices[d][v.annotator as usize],
                    );
                    let pair = (a.min(b), a.max(b));
                    sums.pairs.entry(pair).or_default().add_disorder(parts, id);
                }
            }
            if k == n || k == 0 {
                continue;
            }
            // Pairs with an empty slot: k·(n − k) of a unit and an empty slot, C(n − k, 2) of two.
            let empty = |pairs: f64| DisorderParts {
                empty: pairs * d_.delta_empty * scale,
                ..DisorderParts::default()
            };
            sums.total
                .add(empty((annotator_pairs(n) - annotator_pairs(k)) as f64));
            let per_unit = (n - k) as f64 + annotator_pairs(n - k) as f64 / k as f64;
            for u in &units {
                let c = u.span.category;
                sums.categories
                    .entry(c)
                    .or_default()
                    .add_disorder(empty(per_unit), id);
                sums.cells
                    .entry((c, None))
                    .or_default()
                    .add(n - k, empty(per_unit), id);
            }
            let filled: Vec<bool> = (0..n)
                .map(|a| units.iter().any(|u| u.annotator as usize == a))
                .collect();
            for a in 0..n {
                for b in a + 1..n {
                    if filled[a] && filled[b] {
                        continue;
                    }
                    let (x, y) = (indices[d][a], indices[d][b]);
                    let pair = (x.min(y), x.max(y));
                    sums.pairs
                        .entry(pair)
                        .or_default()
                        .add_disorder(empty(1.0), id);
                }
            }
        }
    }
    let observed = result.observed_disorder;
    let categories = result.categories.clone();
    let confusions = confusions(&sums, &categories, observed);
    let per_category = (sums.categories.iter())
        .map(|(&c, tally)| part_of(categories[c as usize].clone(), tally))
        .collect();
    let pairs: Vec<[String; 2]> = (sums.pairs.keys())
        .map(|&(a, b)| [names[a].clone(), names[b].clone()])
        .collect();
    let per_pair = (sums.pairs.iter())
        .map(|(&(a, b), tally)| part_of(format!("{} – {}", names[a], names[b]), tally))
        .collect();
    let profiles = profile::profiles(corpus, result, &names, &indices);
    Anatomy {
        annotators: names,
        categories,
        observed_disorder: observed,
        mean_units,
        n_alignments,
        confusions,
        decomposition: Decomposition {
            total: sums.total,
            per_category,
            per_pair,
            pairs,
        },
        profiles,
    }
}

fn part_of(name: String, tally: &Tally) -> PartOf {
    PartOf {
        name,
        parts: tally.parts,
        alignments: tally.alignments.iter().copied().collect(),
    }
}

/// The confusion table's cells, most disorder first (then most pairs, then by name).
fn confusions(sums: &Sums, categories: &[String], observed: f64) -> Vec<Confusion> {
    let mut cells: Vec<Confusion> = (sums.cells.iter())
        .map(|(&(a, b), tally)| {
            let disorder = tally.parts.total();
            Confusion {
                first: categories[a as usize].clone(),
                second: b.map(|b| categories[b as usize].clone()),
                pairs: tally.pairs,
                disorder,
                share: if observed > 0.0 {
                    disorder / observed
                } else {
                    0.0
                },
                alignments: tally.alignments.iter().copied().collect(),
            }
        })
        .collect();
    cells.sort_by(|x, y| {
        (y.disorder.total_cmp(&x.disorder))
            .then(y.pairs.cmp(&x.pairs))
            .then_with(|| (&x.first, &x.second).cmp(&(&y.first, &y.second)))
    });
    cells
}

#[cfg(test)]
mod tests;
