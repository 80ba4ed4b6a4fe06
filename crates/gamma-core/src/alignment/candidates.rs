//! Candidate unitary alignments: the only tuples that can appear in a best alignment.
//!
//! Let `n` be the number of annotators, `C = C(n,2)`, and `ă` a tuple of `k ≥ 2` real units with
//! pairwise sum `S = Σ d(u,v)`.
//!
//! **Split bound.** Replacing `ă` by `k` singletons costs `k·Δ∅`, so a best alignment only uses
//! tuples with `δ(ă) ≤ k·Δ∅` (pygamma uses the looser `n·Δ∅`, paper §5.1.1).
//!
//! **Leave-one-out bound.** Replacing `ă` by `ă∖{w}` and the singleton `{w}` changes the cost by
//! `δ(ă∖{w}) + Δ∅ − δ(ă) = [C·Δ∅ + (k−1)·Δ∅ − Σ_{v∈ă∖{w}} d(w,v)] / C`
//! (the `k − 1` pairs of `w` with the other units become empty pairs). If that is negative the
//! split is strictly better, so in a best alignment every unit `w` of every tuple satisfies
//! `Σ_{v∈ă∖{w}} d(w,v) ≤ (C + k − 1)·Δ∅ ≤ (C + n − 1)·Δ∅ =: B`.
//!
//! Both bounds only drop tuples that a strictly better split beats, so every best alignment is
//! made of kept candidates and the optimum is unchanged (ties at equality are kept).
//!
//! Consequences used for the search:
//! * any two units of a candidate have `d(u,v) ≤ B`, and since `d ≥ α·d_pos`,
//!   `|Δstart| + |Δend| ≤ r·(l_u + l_v)` with `r = √(B / (α·Δ∅))`. As
//!   `|Δstart| + |Δend| ≥ 2·|Δcentre|`, the two units' intervals widened by the factor `r`
//!   around their centres overlap. A sweep over the widened intervals sorted by their start
//!   finds every compatible pair in `O(N log N + pairs)`.
//! * candidates are cliques of compatible units (one per annotator). They are enumerated from
//!   their first unit (lowest annotator), extending annotator by annotator, cutting a branch as
//!   soon as a partial row sum exceeds `B` (row sums only grow).
//!
//! Singletons (a unit alone, `δ = Δ∅`) are always feasible and are not stored.

use super::{AlignmentError, AlignmentProblem};
use crate::control::RunControl;
use crate::disorder::{annotator_pairs, unitary_disorder_from_sum};
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Relative slack for comparisons with the bounds, so that rounding never drops a tie.
const SLACK: f64 = 1e-9;
/// Partial tuples the listing may visit (about a second of listing) before it gives up
/// as too many candidates when column generation can take over: dense continua then go to it
/// at once.
pub(crate) const MAX_LISTING_NODES: usize = 1_000_000;

/// A unitary alignment of at least two real units (global ids, by annotator) and its δ.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// Global unit ids, by annotator.
    pub members: Vec<u32>,
    /// δ(ă).
    pub disorder: f64,
}

/// Candidate unitary alignments with at least two real units, stored flat.
#[derive(Debug, Clone, Default)]
pub(crate) struct Candidates {
    /// Global unit ids of candidate `c`: `members[offsets[c]..offsets[c + 1]]`, by annotator.
    members: Vec<u32>,
    offsets: Vec<usize>,
    disorders: Vec<f64>,
}

impl Candidates {
    /// The number of candidates.
    pub fn len(&self) -> usize {
        self.disorders.len()
    }

    /// Global unit ids of candidate `c`, by annotator; panics when `c >= len()`.
    pub fn members(&self, c: usize) -> &[u32] {
        &self.members[self.offsets[c]..self.offsets[c + 1]]
    }

    /// δ(ă) of candidate `c`; panics when `c >= len()`.
    pub fn disorder(&self, c: usize) -> f64 {
        self.disorders[c]
    }

    /// Candidates made of the given tuples (global ids by annotator, at least two each).
    pub(crate) fn from_columns(columns: &[Column]) -> Candidates {
        let mut candidates = Candidates::default();
        for column in columns {
            candidates.push(&column.members, column.disorder);
        }
        candidates
    }

    fn push(&mut self, members: &[u32], disorder: f64) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.members.extend_from_slice(members);
        self.offsets.push(self.members.len());
        self.disorders.push(disorder);
    }

    fn append(&mut self, other: Candidates) {
        for c in 0..other.len() {
            self.push(other.members(c), other.disorder(c));
        }
    }
}

/// For each unit, its compatible units of other annotators (`d ≤ B`), sorted by global id.
pub(crate) struct CompatibleUnits {
    pub(crate) neighbours: Vec<Vec<(u32, f64)>>,
}

impl CompatibleUnits {
    /// `d(u, v)` when `u` and `v` are compatible (`d ≤ B`), `None` otherwise.
    #[inline]
    pub(crate) fn dissimilarity(&self, u: u32, v: u32) -> Option<f64> {
        let list = &self.neighbours[u as usize];
        list.binary_search_by_key(&v, |&(w, _)| w)
            .ok()
            .map(|i| list[i].1)
    }
}

/// `B = (C(n,2) + n − 1)·Δ∅`, the largest row sum a candidate can have.
pub(crate) fn pair_bound(n_annotators: usize, delta_empty: f64) -> f64 {
    (annotator_pairs(n_annotators) + n_annotators - 1) as f64 * delta_empty
}

pub(crate) fn compatible_units(
    problem: &AlignmentProblem,
    limit: usize,
) -> Result<CompatibleUnits, AlignmentError> {
    let d = &problem.dissimilarity;
    let bound = pair_bound(problem.n_annotators, d.delta_empty);
    let widening = if d.alpha > 0.0 {
        (bound / (d.alpha * d.delta_empty)).sqrt()
    } else {
        f64::INFINITY
    };
    let widened: Vec<(f64, f64)> = problem
        .units
        .iter()
        .map(|u| {
            if widening.is_infinite() {
                return (f64::NEG_INFINITY, f64::INFINITY);
            }
            let centre = (u.span.start + u.span.end) / 2.0;
            let half = widening * (u.span.end - u.span.start) / 2.0;
            (centre - half, centre + half)
        })
        .collect();
    let mut order: Vec<u32> = (0..problem.units.len() as u32).collect();
    order.sort_by(|&a, &b| {
        widened[a as usize]
            .0
            .total_cmp(&widened[b as usize].0)
            .then(a.cmp(&b))
    });

    let mut neighbours: Vec<Vec<(u32, f64)>> = vec![Vec::new(); problem.units.len()];
    let mut pairs = 0usize;
    for (position, &u) in order.iter().enumerate() {
        let high = widened[u as usize].1;
        let unit_u = &problem.units[u as usize];
        for &v in &order[position + 1..] {
            if widened[v as usize].0 > high {
                break;
            }
            let unit_v = &problem.units[v as usize];
            if unit_u.annotator == unit_v.annotator {
                continue;
            }
            let dissimilarity = d.combined(&unit_u.span, &unit_v.span);
            if dissimilarity <= bound * (1.0 + SLACK) {
                neighbours[u as usize].push((v, dissimilarity));
                neighbours[v as usize].push((u, dissimilarity));
                pairs += 1;
                if pairs > limit {
                    return Err(AlignmentError::TooManyCandidates {
                        count: pairs,
                        limit,
                    });
                }
            }
        }
    }
    for list in &mut neighbours {
        list.sort_unstable_by_key(|&(w, _)| w);
    }
    Ok(CompatibleUnits { neighbours })
}

/// Where each annotator's units start in the global numbering (`n + 1` entries, the last one
/// the number of units).
pub(crate) fn first_of_annotator(problem: &AlignmentProblem) -> Vec<u32> {
    let n = problem.n_annotators;
    let mut first = vec![problem.units.len() as u32; n + 1];
    for (g, unit) in problem.units.iter().enumerate().rev() {
        first[unit.annotator as usize] = g as u32;
    }
    for a in (0..n).rev() {
        first[a] = first[a].min(first[a + 1]);
    }
    first
}

/// All candidates with at least two real units, in a deterministic order.
#[cfg(test)]
pub fn generate(problem: &AlignmentProblem, limit: usize) -> Result<Candidates, AlignmentError> {
    generate_within(problem, limit, usize::MAX, RunControl::default())
}

/// [`generate`], giving up (as too many candidates) after visiting `max_nodes` partial tuples.
pub(crate) fn generate_within(
    problem: &AlignmentProblem,
    limit: usize,
    max_nodes: usize,
    control: RunControl,
) -> Result<Candidates, AlignmentError> {
    let compatible = compatible_units(problem, limit)?;
    let n = problem.n_annotators;
    let first_of_annotator = first_of_annotator(problem);
    let all_nodes = AtomicUsize::new(0);
    let per_anchor: Vec<Result<Candidates, AlignmentError>> = (0..problem.units.len() as u32)
        .into_par_iter()
        .with_min_len(64)
        .map(|anchor| {
            control.check()?;
            let mut search = Search {
                problem,
                compatible: &compatible,
                first_of_annotator: &first_of_annotator,
                bound: pair_bound(n, problem.dissimilarity.delta_empty),
                members: vec![anchor],
                row_sums: vec![0.0],
                pair_sum: 0.0,
                found: Candidates::default(),
                limit,
                nodes: 0,
                all_nodes: &all_nodes,
                max_nodes,
                control,
            };
            let next = problem.units[anchor as usize].annotator as usize + 1;
            search.extend(next)?;
            Ok(search.found)
        })
        .collect();
    // A cancel comes first: it must not read as too many candidates.
    control.check()?;
    let mut all = Candidates::default();
    for found in per_anchor {
        let found = found?;
        if all.len() + found.len() > limit {
            return Err(AlignmentError::TooManyCandidates {
                count: all.len() + found.len(),
                limit,
            });
        }
        all.append(found);
    }
    Ok(all)
}

struct Search<'a> {
    problem: &'a AlignmentProblem,
    compatible: &'a CompatibleUnits,
    first_of_annotator: &'a [u32],
    bound: f64,
    members: Vec<u32>,
    /// For each member, the sum of its dissimilarities to the other members.
    row_sums: Vec<f64>,
    pair_sum: f64,
    found: Candidates,
    limit: usize,
    /// Partial tuples visited by this search since it last reported to `all_nodes`.
    nodes: usize,
    /// Partial tuples visited by every search: listing stops (as too many candidates) past
    /// `max_nodes` ([`MAX_LISTING_NODES`] when column generation can take over), so that
    /// dense continua go to it at once instead of after a long listing that fails.
    all_nodes: &'a AtomicUsize,
    max_nodes: usize,
    control: RunControl<'a>,
}

impl Search<'_> {
    fn extend(&mut self, annotator: usize) -> Result<(), AlignmentError> {
        self.nodes += 1;
        if self.nodes == 4096 {
            let visited = self.all_nodes.fetch_add(self.nodes, Ordering::Relaxed);
            self.nodes = 0;
            self.control.check()?;
            if visited > self.max_nodes {
                return Err(AlignmentError::TooManyCandidates {
                    count: self.found.len(),
                    limit: self.limit,
                });
            }
        }
        let n = self.problem.n_annotators;
        if annotator == n {
            self.record();
            if self.found.len() > self.limit {
                return Err(AlignmentError::TooManyCandidates {
                    count: self.found.len(),
                    limit: self.limit,
                });
            }
            return Ok(());
        }
        // Leave this annotator's slot empty.
        self.extend(annotator + 1)?;
        let anchor = self.members[0];
        let (low, high) = (
            self.first_of_annotator[annotator],
            self.first_of_annotator[annotator + 1],
        );
        let compatible = self.compatible;
        let list = &compatible.neighbours[anchor as usize];
        let begin = list.partition_point(|&(w, _)| w < low);
        let limit = self.bound * (1.0 + SLACK);
        let mut added = Vec::with_capacity(self.members.len());
        for &(v, d_anchor) in &list[begin..] {
            if v >= high {
                break;
            }
            added.clear();
            added.push(d_anchor);
            let mut row_v = d_anchor;
            let mut fits = self.row_sums[0] + d_anchor <= limit;
            for i in 1..self.members.len() {
                if !fits {
                    break;
                }
                match compatible.dissimilarity(self.members[i], v) {
                    Some(d) if self.row_sums[i] + d <= limit => {
                        added.push(d);
                        row_v += d;
                    }
                    _ => fits = false,
                }
            }
            if !fits || row_v > limit {
                continue;
            }
            for (row, d) in self.row_sums.iter_mut().zip(&added) {
                *row += d;
            }
            self.members.push(v);
            self.row_sums.push(row_v);
            self.pair_sum += row_v;
            self.extend(annotator + 1)?;
            self.pair_sum -= row_v;
            self.row_sums.pop();
            self.members.pop();
            for (row, d) in self.row_sums.iter_mut().zip(&added) {
                *row -= d;
            }
        }
        Ok(())
    }

    fn record(&mut self) {
        if let Some(disorder) =
            admissible(self.problem, &self.members, &self.row_sums, self.pair_sum)
        {
            self.found.push(&self.members, disorder);
        }
    }
}

/// δ(ă) of the tuple `members` (global ids, at least two, by annotator) when it passes the split,
/// leave-one-out and bipartition bounds (it may belong to a best alignment); `None` otherwise.
/// `row_sums[i]` is the sum of the dissimilarities of member `i` to the others, `pair_sum`
/// the sum over all pairs.
pub(crate) fn admissible(
    problem: &AlignmentProblem,
    members: &[u32],
    row_sums: &[f64],
    pair_sum: f64,
) -> Option<f64> {
    let k = members.len();
    if k < 2 {
        return None;
    }
    let n = problem.n_annotators;
    let delta = problem.dissimilarity.delta_empty;
    let disorder = unitary_disorder_from_sum(n, k, pair_sum, delta);
    if disorder > k as f64 * delta * (1.0 + SLACK) {
        return None;
    }
    let leave_one_out = (annotator_pairs(n) + k - 1) as f64 * delta * (1.0 + SLACK);
    if row_sums.iter().any(|&row| row > leave_one_out) {
        return None;
    }
    if k >= 4 && !no_better_bipartition(problem, members) {
        return None;
    }
    Some(disorder)
}

/// The bipartition bound: splitting `ă` into `G₁ ∪ G₂` (sizes `k₁`, `k₂`) changes the cost by
/// `[C·Δ∅ + k₁k₂·Δ∅ − cross(G₁, G₂)] / C`, where `cross` sums the dissimilarities between
/// the two groups. A best alignment never holds a tuple that some split strictly improves,
/// so `cross(G₁, G₂) ≤ (C + k₁k₂)·Δ∅` for every bipartition. (`k₁ = 1` is the leave-one-out
/// bound, already checked; for `k ≤ 3` every bipartition has a singleton side.)
fn no_better_bipartition(problem: &AlignmentProblem, members: &[u32]) -> bool {
    let k = members.len();
    let units = &problem.units;
    let d = &problem.dissimilarity;
    let mut pairwise = [[0.0f64; 16]; 16];
    if k > 16 {
        return true;
    }
    for i in 0..k {
        for j in i + 1..k {
            let value = d.combined(
                &units[members[i] as usize].span,
                &units[members[j] as usize].span,
            );
            pairwise[i][j] = value;
            pairwise[j][i] = value;
        }
    }
    let pairs = annotator_pairs(problem.n_annotators) as f64;
    // `cross(G₁, G₂) = Σ_{i∈G₁} row_i − 2·inner(G₁)`, with `row_i` the sum of `i`'s
    // dissimilarities and `inner` the sum within `G₁`. `G₁` holds member 0 and runs through the
    // subsets of the others in Gray-code order: one member joins or leaves at each step, so
    // each bipartition costs O(k) instead of O(k²).
    let mut rows = [0.0f64; 16];
    for (row, line) in rows.iter_mut().zip(&pairwise).take(k) {
        *row = line[..k].iter().sum();
    }
    let mut first: u32 = 1;
    let mut size_first = 1usize;
    let mut rows_first = rows[0];
    let mut inner = 0.0;
    for step in 1u32..(1 << (k - 1)) {
        let member = step.trailing_zeros() as usize + 1;
        let with_member: f64 = (0..k)
            .filter(|&i| i != member && first >> i & 1 == 1)
            .map(|i| pairwise[i][member])
            .sum();
        if first >> member & 1 == 1 {
            first &= !(1 << member);
            size_first -= 1;
            rows_first -= rows[member];
            inner -= with_member;
        } else {
            first |= 1 << member;
            size_first += 1;
            rows_first += rows[member];
            inner += with_member;
        }
        if size_first == 1 || size_first >= k - 1 {
            continue;
        }
        let cross = rows_first - 2.0 * inner;
        let bound = (pairs + (size_first * (k - size_first)) as f64) * d.delta_empty;
        if cross > bound * (1.0 + SLACK) {
            return false;
        }
    }
    true
}
