//! Each annotator's habits, from the best alignment: how much she marks, what she misses and
//! adds, where her boundaries fall against the others', which categories she favours.
//!
//! * **Missed**: a unitary alignment where every other annotator has a unit and she has none.
//! * **Added**: her unit alone in its unitary alignment (no other annotator has one there).
//!   With two annotators, one's additions are the other's misses.
//! * **Offsets**: in each unitary alignment where she has a unit `u` and another annotator a
//!   unit `v`, `u.start − v.start` and `u.end − v.end`; their means over every such pair, in the
//!   document's unit of position (characters, tokens, seconds). A negative start offset means
//!   she starts early, a positive end offset that she ends late.
//! * **Category use**: her units of each category against the pool (every annotator's units):
//!   her share, the pool's share, and the adjusted residual of her count in the table
//!   annotator × category (her against the others; Haberman 1973): beyond ±1.96 she uses the
//!   category more ([`Usage::Over`]) or less ([`Usage::Under`]) than the others, at the 5 %
//!   level of one test.

use super::AlignmentId;
use crate::corpus::Corpus;
use crate::gamma::GammaResult;
use serde::Serialize;
use std::collections::BTreeSet;

/// A count and the unitary alignments behind it.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Count {
    /// How many.
    pub count: usize,
    /// Where.
    pub alignments: Vec<AlignmentId>,
}

impl Count {
    fn from(alignments: Vec<AlignmentId>) -> Count {
        Count {
            count: alignments.len(),
            alignments,
        }
    }
}

/// How an annotator uses a category against the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Usage {
    /// More than the others (adjusted residual above 1.96).
    Over,
    /// Less than the others (below −1.96).
    Under,
    /// Within what chance gives.
    AsThePool,
}

/// One category as an annotator uses it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryUse {
    /// The category.
    pub category: String,
    /// Her units of it.
    pub units: usize,
    /// Their share of her units.
    pub share: f64,
    /// The share of the category among every annotator's units.
    pub pool_share: f64,
    /// Her count against the others', in standard deviations (`None` when undefined: the
    /// category or the others have no unit).
    pub residual: Option<f64>,
    /// Over-, under- or normally used.
    pub usage: Usage,
    /// The unitary alignments holding her units of it.
    pub alignments: Vec<AlignmentId>,
}

/// One annotator's habits (see the module doc).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnnotatorProfile {
    /// Her name.
    pub annotator: String,
    /// Her units.
    pub units: usize,
    /// The mean number of units of the other annotators.
    pub others_mean_units: f64,
    /// Unitary alignments where every other annotator has a unit and she has none.
    pub missed: Count,
    /// Her units alone in their unitary alignment.
    pub added: Count,
    /// Pairs of her unit and another annotator's in one unitary alignment.
    pub offset_pairs: usize,
    /// Mean of her start minus the other's, over those pairs (`None` without any).
    pub start_offset: Option<f64>,
    /// Mean of her end minus the other's.
    pub end_offset: Option<f64>,
    /// The unitary alignments where one of her bounds differs from another annotator's.
    pub offset_alignments: Vec<AlignmentId>,
    /// Every category of the corpus, alphabetically.
    pub categories: Vec<CategoryUse>,
}

impl AnnotatorProfile {
    /// Her use of `category`, if the corpus has it.
    pub fn category(&self, category: &str) -> Option<&CategoryUse> {
        self.categories.iter().find(|c| c.category == category)
    }
}

/// What a profile's figures are for the group: each annotator's mean.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GroupProfile {
    /// Annotators.
    pub annotators: usize,
    /// Mean units per annotator.
    pub units: f64,
    /// Mean missed per annotator.
    pub missed: f64,
    /// Mean added per annotator.
    pub added: f64,
    /// Mean of the annotators' mean start offsets (those that have one).
    pub start_offset: Option<f64>,
    /// Mean of their mean end offsets.
    pub end_offset: Option<f64>,
}

/// The group's means of the profiles' figures.
pub fn group_profile(profiles: &[AnnotatorProfile]) -> GroupProfile {
    let n = profiles.len().max(1) as f64;
    let mean_of = |values: Vec<f64>| {
        (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
    };
    GroupProfile {
        annotators: profiles.len(),
        units: profiles.iter().map(|p| p.units as f64).sum::<f64>() / n,
        missed: profiles.iter().map(|p| p.missed.count as f64).sum::<f64>() / n,
        added: profiles.iter().map(|p| p.added.count as f64).sum::<f64>() / n,
        start_offset: mean_of(profiles.iter().filter_map(|p| p.start_offset).collect()),
        end_offset: mean_of(profiles.iter().filter_map(|p| p.end_offset).collect()),
    }
}

/// What one pass over the alignments gathers for one annotator.
#[derive(Default)]
struct Gathered {
    missed: Vec<AlignmentId>,
    added: Vec<AlignmentId>,
    start_sum: f64,
    end_sum: f64,
    pairs: usize,
    offset_alignments: BTreeSet<AlignmentId>,
    /// Per category: the alignments holding her units of it.
    category_alignments: Vec<BTreeSet<AlignmentId>>,
}

/// Every annotator's profile, in the order of `names`; `indices[d][a]` is the index in `names`
/// of annotator `a` of document `d`.
pub(super) fn profiles(
    corpus: &Corpus,
    result: &GammaResult,
    names: &[String],
    indices: &[Vec<usize>],
) -> Vec<AnnotatorProfile> {
    let categories = &result.categories;
    let mut gathered: Vec<Gathered> = (0..names.len())
        .map(|_| Gathered {
            category_alignments: vec![BTreeSet::new(); categories.len()],
            ..Gathered::default()
        })
        .collect();
    for (d, aligned) in result.documents.iter().enumerate() {
        let problem = &aligned.problem;
        let n = problem.n_annotators;
        for (i, unitary) in aligned.alignment.unitary_alignments.iter().enumerate() {
            let id = AlignmentId {
                document: d,
                alignment: i,
            };
            let units: Vec<_> = (unitary.members.iter())
                .map(|&g| problem.units[g as usize])
                .collect();
            if units.len() == 1 {
                gathered[indices[d][units[0].annotator as usize]]
                    .added
                    .push(id);
            }
            if units.len() + 1 == n && n >= 2 {
                let absent = (0..n)
                    .find(|&a| units.iter().all(|u| u.annotator as usize != a))
                    .expect("one slot is empty");
                gathered[indices[d][absent]].missed.push(id);
            }
            for u in &units {
                let mine = &mut gathered[indices[d][u.annotator as usize]];
                mine.category_alignments[u.span.category as usize].insert(id);
                for v in units.iter().filter(|v| v.annotator != u.annotator) {
                    let (start, end) = (u.span.start - v.span.start, u.span.end - v.span.end);
                    mine.start_sum += start;
                    mine.end_sum += end;
                    mine.pairs += 1;
                    if start != 0.0 || end != 0.0 {
                        mine.offset_alignments.insert(id);
                    }
                }
            }
        }
    }
    let counts = category_counts(corpus, names, indices, categories);
    let units: Vec<usize> = counts.iter().map(|c| c.iter().sum()).collect();
    (names.iter().enumerate())
        .zip(gathered)
        .map(|((a, name), mine)| {
            let others: Vec<usize> = (0..names.len()).filter(|&b| b != a).collect();
            let others_mean_units = if others.is_empty() {
                0.0
            } else {
                others.iter().map(|&b| units[b] as f64).sum::<f64>() / others.len() as f64
            };
            let mean = |sum: f64| (mine.pairs > 0).then(|| sum / mine.pairs as f64);
            AnnotatorProfile {
                annotator: name.clone(),
                units: units[a],
                others_mean_units,
                missed: Count::from(mine.missed),
                added: Count::from(mine.added),
                offset_pairs: mine.pairs,
                start_offset: mean(mine.start_sum),
                end_offset: mean(mine.end_sum),
                offset_alignments: mine.offset_alignments.into_iter().collect(),
                categories: category_uses(&counts, a, categories, mine.category_alignments),
            }
        })
        .collect()
}

/// Units of each annotator (by index in `names`) in each category (by index in `categories`),
/// from the corpus's units.
fn category_counts(
    corpus: &Corpus,
    names: &[String],
    indices: &[Vec<usize>],
    categories: &[String],
) -> Vec<Vec<usize>> {
    let mut counts = vec![vec![0; categories.len()]; names.len()];
    for (d, document) in corpus.documents.iter().enumerate() {
        for (a, unit) in document.units() {
            if let Ok(c) = categories.binary_search(&unit.category) {
                counts[indices[d][a]][c] += 1;
            }
        }
    }
    counts
}

/// Annotator `a`'s use of each category against the pool (see the module doc).
fn category_uses(
    counts: &[Vec<usize>],
    a: usize,
    categories: &[String],
    alignments: Vec<BTreeSet<AlignmentId>>,
) -> Vec<CategoryUse> {
    let total: usize = counts.iter().flatten().sum();
    let mine: usize = counts[a].iter().sum();
    (categories.iter().enumerate())
        .zip(alignments)
        .map(|((c, category), alignments)| {
            let observed = counts[a][c];
            let column: usize = counts.iter().map(|row| row[c]).sum();
            let residual = adjusted_residual(observed, mine, column, total);
            let usage = match residual {
                Some(r) if r > 1.96 => Usage::Over,
                Some(r) if r < -1.96 => Usage::Under,
                _ => Usage::AsThePool,
            };
            let share = |part: usize, whole: usize| {
                if whole == 0 {
                    0.0
                } else {
                    part as f64 / whole as f64
                }
            };
            CategoryUse {
                category: category.clone(),
                units: observed,
                share: share(observed, mine),
                pool_share: share(column, total),
                residual,
                usage,
                alignments: alignments.into_iter().collect(),
            }
        })
        .collect()
}

/// The adjusted residual of a cell of a two-way table (Haberman 1973): `(O − E) /
/// √(E·(1 − row/N)·(1 − column/N))`, `E = row·column/N`; `None` when its variance is 0.
pub(crate) fn adjusted_residual(
    observed: usize,
    row: usize,
    column: usize,
    total: usize,
) -> Option<f64> {
    if total == 0 {
        return None;
    }
    let n = total as f64;
    let expected = row as f64 * column as f64 / n;
    let variance = expected * (1.0 - row as f64 / n) * (1.0 - column as f64 / n);
    (variance > 0.0).then(|| (observed as f64 - expected) / variance.sqrt())
}
