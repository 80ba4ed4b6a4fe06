//! Pricing: the candidate unitary alignments of lowest reduced cost under dual values `π`,
//! found by a branch-and-bound search over annotators instead of listing every candidate.
//!
//! With `C = C(n,2)` and `w(u,v) = (d(u,v) − Δ∅)/C`, a tuple `ă` of real units costs
//! `δ(ă) = Δ∅ + Σ_{pairs} w(u,v)` (see [`crate::disorder`]), so its reduced cost is
//! `c̄(ă) = Δ∅ + Σ_{pairs} w(u,v) − Σ_{u∈ă} π_u`: pairwise, like the candidate search of
//! [`super::candidates`], whose tuples (and bounds) this search walks — from their first unit
//! (the anchor), annotator by annotator, through the anchor's compatible units.
//!
//! **Bound.** Given the members `M` chosen so far, a unit `v` of a later annotator adds
//! `g(v) = −π_v + Σ_{m∈M} w(m,v)` plus its pairs with the other units still to come. Each of
//! those pairs is at least `min(0, min_{v'} w(v,v'))` over the compatible units `v'` of the
//! other annotator, and a pair is shared by two units, so every completion costs at least
//! `c̄(M) + Σ_{later annotators b} min(0, min_{v∈b} [g(v) + ½·Σ_{b'≠b later} m(v,b')])`,
//! with `m(v,b') = min(0, min_{v'∈b'} w(v,v'))`. Branches whose bound cannot beat the best tuple
//! found (or the threshold, when every tuple under it is wanted) are cut.

use super::candidates::{
    Column, CompatibleUnits, admissible, compatible_units, first_of_annotator,
};
use super::{AlignmentError, AlignmentProblem, SearchLimit, SearchPhase};
use crate::control::RunControl;
use crate::disorder::{annotator_pairs, unitary_disorder_from_sum};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Relative slack of the bounds: rounding never cuts a tuple that meets the threshold.
const SLACK: f64 = 1e-9;

/// What a pricing search looks for.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Wanted<'m> {
    /// For each anchor, its `per_anchor` tuples of lowest reduced cost below `−tolerance`,
    /// the lowest first.
    MostNegative { tolerance: f64, per_anchor: usize },
    /// Every tuple of reduced cost at most `gap + anchor_minima[anchor]` (at most `limit`).
    AtMost {
        gap: f64,
        anchor_minima: &'m [f64],
        limit: usize,
    },
}

/// The candidate tuples of a problem, never listed: searched under given dual values.
pub(crate) struct ImplicitColumns<'a> {
    problem: &'a AlignmentProblem,
    compatible: CompatibleUnits,
    first_of_annotator: Vec<u32>,
    /// `½·Σ_{b' ≥ a, b' ≠ annotator(v)} m(v, b')`, flat: unit `v`, level `a` at `v·(n+1) + a`.
    half_partner_bound: Vec<f64>,
    /// Search nodes visited by all searches so far.
    nodes: AtomicU64,
    /// Nodes allowed over all searches before [`AlignmentError::BeyondReach`].
    max_nodes: u64,
    control: RunControl<'a>,
}

impl<'a> ImplicitColumns<'a> {
    /// Prepares the search (the compatible pairs, at most `max_pairs` of them).
    pub(crate) fn new(
        problem: &'a AlignmentProblem,
        max_pairs: usize,
        max_nodes: u64,
        control: RunControl<'a>,
    ) -> Result<Self, AlignmentError> {
        let compatible = compatible_units(problem, max_pairs)?;
        let n = problem.n_annotators;
        let delta = problem.dissimilarity.delta_empty;
        let pairs = annotator_pairs(n) as f64;
        let mut half_partner_bound = vec![0.0; problem.units.len() * (n + 1)];
        let mut best_partner = vec![0.0f64; n];
        for (v, list) in compatible.neighbours.iter().enumerate() {
            best_partner.iter_mut().for_each(|m| *m = 0.0);
            for &(w, d) in list {
                let annotator = problem.units[w as usize].annotator as usize;
                best_partner[annotator] = best_partner[annotator].min((d - delta) / pairs);
            }
            let row = &mut half_partner_bound[v * (n + 1)..(v + 1) * (n + 1)];
            for a in (0..n).rev() {
                row[a] = row[a + 1] + 0.5 * best_partner[a];
            }
        }
        Ok(ImplicitColumns {
            problem,
            compatible,
            first_of_annotator: first_of_annotator(problem),
            half_partner_bound,
            nodes: AtomicU64::new(0),
            max_nodes,
            control,
        })
    }

    /// [`AlignmentError::Cancelled`] once the caller's cancel flag is set.
    pub(crate) fn check_stop(&self) -> Result<(), AlignmentError> {
        Ok(self.control.check()?)
    }

    fn too_many_nodes(&self) -> AlignmentError {
        AlignmentError::BeyondReach {
            phase: SearchPhase::Pricing,
            limit: SearchLimit::SearchNodes(self.max_nodes),
            tuples_found: None,
            best_found: None,
            lower_bound: None,
        }
    }

    /// Search nodes visited so far by every search.
    pub(crate) fn nodes_visited(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The tuples `wanted` under the dual values `duals` (one per unit).
    pub(crate) fn search(
        &self,
        duals: &[f64],
        wanted: Wanted<'_>,
    ) -> Result<Vec<Column>, AlignmentError> {
        // Long searches check the limit as they go; many short ones add up to it here (a
        // search that finished is kept: the next one stops).
        if self.nodes.load(Ordering::Relaxed) > self.max_nodes {
            return Err(self.too_many_nodes());
        }
        let found_total = AtomicUsize::new(0);
        let per_anchor: Vec<Result<Vec<Column>, AlignmentError>> = (0..self.problem.units.len()
            as u32)
            .into_par_iter()
            .with_min_len(8)
            .map(|anchor| {
                self.control.check()?;
                self.search_anchor(anchor, duals, wanted, &found_total)
            })
            .collect();
        // A cancel comes first: it must not read as a continuum beyond reach.
        self.control.check()?;
        let mut all = Vec::new();
        for columns in per_anchor {
            all.extend(columns?);
        }
        Ok(all)
    }

    fn search_anchor(
        &self,
        anchor: u32,
        duals: &[f64],
        wanted: Wanted<'_>,
        found_total: &AtomicUsize,
    ) -> Result<Vec<Column>, AlignmentError> {
        let problem = self.problem;
        let n = problem.n_annotators;
        let first_annotator = problem.units[anchor as usize].annotator as usize;
        let later = self.first_of_annotator[first_annotator + 1];
        let list = &self.compatible.neighbours[anchor as usize];
        let begin = list.partition_point(|&(w, _)| w < later);
        let entries: Vec<(u32, f64)> = list[begin..].to_vec();
        if entries.is_empty() {
            return Ok(Vec::new());
        }
        let delta = problem.dissimilarity.delta_empty;
        let pairs = annotator_pairs(n) as f64;
        // Entries of each annotator: entries[range[a]..range[a + 1]].
        let mut range = vec![0usize; n + 1];
        for (a, slot) in range.iter_mut().enumerate() {
            let first = self.first_of_annotator[a];
            *slot = entries.partition_point(|&(w, _)| w < first);
        }
        let gain: Vec<f64> = entries
            .iter()
            .map(|&(v, d)| -duals[v as usize] + (d - delta) / pairs)
            .collect();
        let depth = n - first_annotator;
        let mut search = AnchorSearch {
            columns: self,
            duals,
            wanted,
            found_total,
            entries,
            range,
            gains: vec![gain; depth + 1],
            alive: vec![vec![true; list.len() - begin]; depth + 1],
            members: vec![anchor],
            row_sums: vec![0.0],
            pair_sum: 0.0,
            reduced: delta - duals[anchor as usize],
            pairs,
            best: match wanted {
                Wanted::MostNegative { tolerance, .. } => -tolerance,
                Wanted::AtMost {
                    gap, anchor_minima, ..
                } => gap + anchor_minima[anchor as usize],
            },
            found: Vec::new(),
            found_reduced: Vec::new(),
            nodes: 0,
            order_buffers: vec![Vec::new(); n],
            added_buffers: vec![Vec::new(); n],
        };
        let result = search.visit(first_annotator + 1, 0);
        self.nodes.fetch_add(search.nodes, Ordering::Relaxed);
        result?;
        Ok(search.found)
    }
}

struct AnchorSearch<'s, 'a> {
    columns: &'s ImplicitColumns<'a>,
    duals: &'s [f64],
    wanted: Wanted<'s>,
    found_total: &'s AtomicUsize,
    /// The anchor's compatible units of later annotators, by global id, with `d(anchor, v)`.
    entries: Vec<(u32, f64)>,
    range: Vec<usize>,
    /// Per depth: `g(v)` of each entry given the members chosen at that depth.
    gains: Vec<Vec<f64>>,
    /// Per depth: whether each entry is compatible with every member.
    alive: Vec<Vec<bool>>,
    members: Vec<u32>,
    row_sums: Vec<f64>,
    pair_sum: f64,
    /// `c̄` of the members chosen so far.
    reduced: f64,
    pairs: f64,
    /// Most-negative mode: the lowest reduced cost found (starts at `−tolerance`); threshold
    /// mode: the threshold.
    best: f64,
    found: Vec<Column>,
    /// Most-negative mode: the reduced costs of `found`, ascending.
    found_reduced: Vec<f64>,
    nodes: u64,
    /// Per annotator: the units of its slot in the order tried, and the dissimilarities of
    /// the unit tried to the members.
    order_buffers: Vec<Vec<usize>>,
    added_buffers: Vec<Vec<f64>>,
}

impl AnchorSearch<'_, '_> {
    /// The bound of the module documentation on every completion of the members chosen, and
    /// the lowest term of annotator `annotator` in it (the bound with that annotator's unit
    /// fixed replaces this term by the unit's own).
    fn lower_bound(&self, annotator: usize, depth: usize) -> (f64, f64) {
        let n = self.columns.problem.n_annotators;
        let (gains, alive) = (&self.gains[depth], &self.alive[depth]);
        let mut bound = self.reduced;
        let mut first_term = 0.0;
        for b in annotator..n {
            let mut lowest = 0.0f64;
            for i in self.range[b]..self.range[b + 1] {
                if alive[i] {
                    let v = self.entries[i].0 as usize;
                    let value = gains[i] + self.columns.half_partner_bound[v * (n + 1) + annotator];
                    lowest = lowest.min(value);
                }
            }
            if b == annotator {
                first_term = lowest;
            }
            bound += lowest;
        }
        (bound, first_term)
    }

    fn cut_off(&self) -> f64 {
        self.best + SLACK * (1.0 + self.best.abs())
    }

    fn visit(&mut self, annotator: usize, depth: usize) -> Result<(), AlignmentError> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1 << 16) {
            let visited = self.columns.nodes.fetch_add(self.nodes, Ordering::Relaxed);
            self.nodes = 0;
            self.columns.control.check()?;
            if visited > self.columns.max_nodes {
                return Err(self.columns.too_many_nodes());
            }
        }
        let n = self.columns.problem.n_annotators;
        if annotator == n {
            self.record()?;
            return Ok(());
        }
        let (bound, own_term) = self.lower_bound(annotator, depth);
        if bound > self.cut_off() {
            return Ok(());
        }
        let others = bound - own_term;
        let level = annotator;
        let limit = crate::alignment::candidates::pair_bound(
            n,
            self.columns.problem.dissimilarity.delta_empty,
        ) * (1.0 + SLACK);
        // The bound with a unit in the annotator's slot replaces the slot's lowest term by the
        // unit's own: most units are cut by it before their gains are propagated (checked
        // again in the loop, as cut-offs tighten when tuples are found).
        let own_bound = |search: &Self, i: usize| {
            let v = search.entries[i].0 as usize;
            others + search.gains[depth][i] + search.columns.half_partner_bound[v * (n + 1) + level]
        };
        // Buffers reused across nodes (one per annotator: a path visits each once).
        let mut order = std::mem::take(&mut self.order_buffers[annotator]);
        let mut added = std::mem::take(&mut self.added_buffers[annotator]);
        order.clear();
        let cut_off = self.cut_off();
        order.extend(
            (self.range[annotator]..self.range[annotator + 1])
                .filter(|&i| self.alive[depth][i] && own_bound(self, i) <= cut_off),
        );
        order.sort_by(|&i, &j| self.gains[depth][i].total_cmp(&self.gains[depth][j]));
        for &i in &order {
            let (v, d_anchor) = self.entries[i];
            if own_bound(self, i) > self.cut_off() {
                continue;
            }
            added.clear();
            added.push(d_anchor);
            let mut row_v = d_anchor;
            let mut fits = self.row_sums[0] + d_anchor <= limit;
            for m in 1..self.members.len() {
                if !fits {
                    break;
                }
                match self.columns.compatible.dissimilarity(self.members[m], v) {
                    Some(d) if self.row_sums[m] + d <= limit => {
                        added.push(d);
                        row_v += d;
                    }
                    _ => fits = false,
                }
            }
            if !fits || row_v > limit {
                continue;
            }
            self.descend(annotator, depth, i);
            for (row, d) in self.row_sums.iter_mut().zip(&added) {
                *row += d;
            }
            self.members.push(v);
            self.row_sums.push(row_v);
            self.pair_sum += row_v;
            let saved = self.reduced;
            self.reduced += self.gains[depth][i];
            let result = self.visit(annotator + 1, depth + 1);
            self.reduced = saved;
            self.pair_sum -= row_v;
            self.row_sums.pop();
            self.members.pop();
            for (row, d) in self.row_sums.iter_mut().zip(&added) {
                *row -= d;
            }
            result?;
        }
        self.order_buffers[annotator] = order;
        self.added_buffers[annotator] = added;
        // Leave this annotator's slot empty.
        self.visit(annotator + 1, depth)
    }

    /// Fills depth `depth + 1` with entry `chosen` taken as a member: the gains of the entries
    /// of later annotators grow by `w(chosen, v)`; those not compatible with it die.
    fn descend(&mut self, annotator: usize, depth: usize, chosen: usize) {
        let v = self.entries[chosen].0;
        let n = self.columns.problem.n_annotators;
        let delta = self.columns.problem.dissimilarity.delta_empty;
        let neighbours = &self.columns.compatible.neighbours[v as usize];
        let (before, after) = self.gains.split_at_mut(depth + 1);
        let (gains, next_gains) = (&before[depth], &mut after[0]);
        let (alive_before, alive_after) = self.alive.split_at_mut(depth + 1);
        let (alive, next_alive) = (&alive_before[depth], &mut alive_after[0]);
        let start = self.range[annotator + 1];
        let end = self.range[n];
        let mut cursor = neighbours
            .partition_point(|&(w, _)| w < self.entries[start.min(end.saturating_sub(1))].0);
        for i in start..end {
            let unit = self.entries[i].0;
            next_gains[i] = gains[i];
            next_alive[i] = false;
            if !alive[i] {
                continue;
            }
            while cursor < neighbours.len() && neighbours[cursor].0 < unit {
                cursor += 1;
            }
            if cursor < neighbours.len() && neighbours[cursor].0 == unit {
                next_gains[i] = gains[i] + (neighbours[cursor].1 - delta) / self.pairs;
                next_alive[i] = true;
            }
        }
    }

    fn record(&mut self) -> Result<(), AlignmentError> {
        if self.members.len() < 2 {
            return Ok(());
        }
        let problem = self.columns.problem;
        let disorder = unitary_disorder_from_sum(
            problem.n_annotators,
            self.members.len(),
            self.pair_sum,
            problem.dissimilarity.delta_empty,
        );
        let reduced = disorder
            - self
                .members
                .iter()
                .map(|&m| self.duals[m as usize])
                .sum::<f64>();
        let wanted = match self.wanted {
            Wanted::MostNegative { .. } => reduced < self.best,
            Wanted::AtMost { .. } => reduced <= self.cut_off(),
        };
        // The admissibility bounds (a bipartition check over every split) cost far more than
        // the reduced cost: only tuples that would be kept are checked.
        if !wanted || admissible(problem, &self.members, &self.row_sums, self.pair_sum).is_none() {
            return Ok(());
        }
        match self.wanted {
            Wanted::MostNegative {
                tolerance,
                per_anchor,
            } => {
                if reduced < self.best {
                    let at = self.found_reduced.partition_point(|&r| r <= reduced);
                    self.found_reduced.insert(at, reduced);
                    self.found.insert(
                        at,
                        Column {
                            members: self.members.clone(),
                            disorder,
                        },
                    );
                    if self.found.len() >= per_anchor {
                        self.found.truncate(per_anchor);
                        self.found_reduced.truncate(per_anchor);
                        self.best = self.found_reduced[per_anchor - 1];
                    } else {
                        self.best = -tolerance;
                    }
                }
            }
            Wanted::AtMost { limit, .. } => {
                if reduced <= self.cut_off() {
                    self.found.push(Column {
                        members: self.members.clone(),
                        disorder,
                    });
                    if self.found_total.fetch_add(1, Ordering::Relaxed) >= limit {
                        return Err(AlignmentError::BeyondReach {
                            phase: SearchPhase::FinalEnumeration,
                            limit: SearchLimit::TuplesWithinGap(limit),
                            tuples_found: None,
                            best_found: None,
                            lower_bound: None,
                        });
                    }
                }
            }
        }
        Ok(())
    }
}
