//! Exact best alignment of each component (paper §5.1), the components in parallel.
//!
//! The problem is a set partitioning: choose candidate unitary alignments (plus singletons,
//! always feasible at Δ∅ each) covering every unit exactly once, with the least total disorder.
//! Three exact methods, by component shape:
//!
//! * units of only two annotators: every candidate is a pair, so this is a min-cost assignment
//!   (Hungarian algorithm), where pairing `u, v` saves `2·Δ∅ − δ(u,v)` over two singletons;
//! * at most [`EXHAUSTIVE_MAX_UNITS`] units: exhaustive search over the subsets of covered units;
//! * up to [`MEMOISED_MAX_UNITS`] units: the same search with units taken from left to right and
//!   only the covered sets it reaches remembered, each as its first uncovered unit and a window
//!   of 128 units after it (units far apart never share a candidate, so those sets stay few);
//!   given up, for the MILP, beyond [`MEMOISED_MAX_STATES`] sets;
//! * otherwise the set-partitioning MILP `min Σ δ_c x_c, Σ_{c∋u} x_c = 1, x ∈ {0,1}`, solved by
//!   CBC ([`super::milp`]). CBC calls are serialised, the other methods run in parallel.
//!
//! Ties between equally good alignments are broken in a fixed way by each method; the disorder
//! does not depend on which one is returned.

use super::candidates::Candidates;
use super::components::{Component, LocalProblem, solve_each};
use super::milp::{self, Cuts, Program};
use super::{AlignmentError, AlignmentProblem};

/// Largest component solved by exhaustive search (its table has `2^units` entries).
pub(crate) const EXHAUSTIVE_MAX_UNITS: usize = 16;
/// Largest component tried by the memoised left-to-right search (its depth of recursion).
pub(crate) const MEMOISED_MAX_UNITS: usize = 2000;
/// Covered sets the memoised search may remember before it leaves the component to the MILP.
pub(crate) const MEMOISED_MAX_STATES: usize = 20_000;
/// Largest two-annotator component solved by the Hungarian algorithm (rows × columns).
const ASSIGNMENT_MAX_CELLS: usize = 4_000_000;

/// Which method solved a component (for statistics and tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// No candidate: every unit is a unitary alignment of its own.
    Singleton,
    /// Min-cost assignment (Hungarian algorithm), for units of two annotators.
    Assignment,
    /// Exhaustive search over the subsets of covered units.
    Exhaustive,
    /// Left-to-right search remembering the covered sets it reaches.
    Memoised,
    /// Set-partitioning MILP solved by CBC.
    Milp,
}

/// Every component solved (in parallel) by the method its shape calls for, with CBC's cuts
/// as given: the unitary alignments chosen, as global ids.
pub(crate) fn solve_all_with(
    problem: &AlignmentProblem,
    candidates: &Candidates,
    components: &[Component],
    cuts: Cuts,
) -> Result<Vec<Vec<u32>>, AlignmentError> {
    let (chosen, _) = solve_each(problem, components, |component| {
        solve_component_with(problem, candidates, component, None, cuts)
            .map(|(chosen, _)| (chosen, 0.0))
    })?;
    Ok(chosen)
}

/// Solves one component (CBC without cuts); `force` picks the method (tests compare methods on
/// the same input).
pub(crate) fn solve_component(
    problem: &AlignmentProblem,
    candidates: &Candidates,
    component: &Component,
    force: Option<Method>,
) -> Result<(Vec<Vec<u32>>, Method), AlignmentError> {
    solve_component_with(problem, candidates, component, force, Cuts::Off)
}

pub(crate) fn solve_component_with(
    problem: &AlignmentProblem,
    candidates: &Candidates,
    component: &Component,
    force: Option<Method>,
    cuts: Cuts,
) -> Result<(Vec<Vec<u32>>, Method), AlignmentError> {
    if component.candidates.is_empty() {
        return Ok((
            component.units.iter().map(|&g| vec![g]).collect(),
            Method::Singleton,
        ));
    }
    let local = component.localise(problem, candidates);
    let annotators = {
        let mut seen: Vec<u32> = component
            .units
            .iter()
            .map(|&g| problem.units[g as usize].annotator)
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen
    };
    let two_annotators = annotators.len() == 2;
    if local.has_stacks() {
        // A choice may be taken several times: only the MILP's integer program says how often.
        let chosen = milp::solve(&local, Program::Partition(cuts))?;
        return Ok((component.globalise(&local, chosen), Method::Milp));
    }
    let method = force.unwrap_or_else(|| {
        if component.units.len() <= EXHAUSTIVE_MAX_UNITS {
            Method::Exhaustive
        } else if two_annotators
            && assignment_cells(problem, component, annotators[0]) <= ASSIGNMENT_MAX_CELLS
        {
            Method::Assignment
        } else if component.units.len() <= MEMOISED_MAX_UNITS {
            Method::Memoised
        } else {
            Method::Milp
        }
    });
    let chosen_local = match method {
        Method::Assignment if two_annotators => assignment(
            problem,
            component,
            &local,
            annotators[0],
            problem.dissimilarity.delta_empty,
        ),
        Method::Exhaustive if component.units.len() <= 24 => exhaustive(&local),
        Method::Memoised if component.units.len() <= MEMOISED_MAX_UNITS => {
            let starts: Vec<(f64, f64)> = component
                .units
                .iter()
                .map(|&g| {
                    let span = problem.units[g as usize].span;
                    (span.start, span.end)
                })
                .collect();
            match memoised(&local, &starts) {
                Some(chosen) => chosen,
                None => milp::solve(&local, Program::Partition(cuts))?,
            }
        }
        _ => milp::solve(&local, Program::Partition(cuts))?,
    };
    Ok((component.globalise(&local, chosen_local), method))
}

fn assignment_cells(problem: &AlignmentProblem, component: &Component, first: u32) -> usize {
    let rows = component
        .units
        .iter()
        .filter(|&&g| problem.units[g as usize].annotator == first)
        .count();
    rows * (component.units.len() - rows)
}

/// Two annotators: rows are the first annotator's units, columns the second's.
fn assignment(
    problem: &AlignmentProblem,
    component: &Component,
    local: &LocalProblem,
    first_annotator: u32,
    delta_empty: f64,
) -> Vec<usize> {
    let is_row: Vec<bool> = component
        .units
        .iter()
        .map(|&g| problem.units[g as usize].annotator == first_annotator)
        .collect();
    let mut row_index = vec![usize::MAX; local.n_units];
    let mut col_index = vec![usize::MAX; local.n_units];
    let (mut rows, mut cols) = (Vec::new(), Vec::new());
    for l in 0..local.n_units {
        if is_row[l] {
            row_index[l] = rows.len();
            rows.push(l);
        } else {
            col_index[l] = cols.len();
            cols.push(l);
        }
    }
    let transpose = rows.len() > cols.len();
    let (n_rows, n_cols) = if transpose {
        (cols.len(), rows.len())
    } else {
        (rows.len(), cols.len())
    };
    // cost = δ(pair) − 2Δ∅ (< 0 when pairing is better than two singletons), 0 = not paired.
    let mut cost = vec![0.0; n_rows * n_cols];
    let mut pair_candidate = vec![usize::MAX; n_rows * n_cols];
    for (c, members) in local.members.iter().enumerate() {
        if members.len() != 2 {
            continue;
        }
        let (a, b) = if is_row[members[0]] {
            (members[0], members[1])
        } else {
            (members[1], members[0])
        };
        let (r, k) = if transpose {
            (col_index[b], row_index[a])
        } else {
            (row_index[a], col_index[b])
        };
        let saving = local.disorders[c] - 2.0 * delta_empty;
        if saving < cost[r * n_cols + k] {
            cost[r * n_cols + k] = saving;
            pair_candidate[r * n_cols + k] = c;
        }
    }
    let assigned = hungarian(&cost, n_rows, n_cols);
    let mut paired = vec![false; local.n_units];
    let mut chosen = Vec::new();
    for (r, &k) in assigned.iter().enumerate() {
        let cell = r * n_cols + k;
        if cost[cell] < 0.0 {
            let c = pair_candidate[cell];
            for &l in &local.members[c] {
                paired[l] = true;
            }
            chosen.push(c);
        }
    }
    let singletons_start = local.members.len() - local.n_units;
    chosen.extend(
        (0..local.n_units)
            .filter(|&l| !paired[l])
            .map(|l| singletons_start + l),
    );
    chosen
}

/// Min-cost assignment of every row to a distinct column (`n_rows ≤ n_cols`), by shortest
/// augmenting paths with potentials, `O(n_rows² · n_cols)`. Returns each row's column.
pub(crate) fn hungarian(cost: &[f64], n_rows: usize, n_cols: usize) -> Vec<usize> {
    let mut u = vec![0.0; n_rows + 1];
    let mut v = vec![0.0; n_cols + 1];
    // row_of_col[j] = row (1-based) assigned to column j (1-based), 0 = free.
    let mut row_of_col = vec![0usize; n_cols + 1];
    let mut way = vec![0usize; n_cols + 1];
    for i in 1..=n_rows {
        row_of_col[0] = i;
        let mut j0 = 0;
        let mut min_to = vec![f64::INFINITY; n_cols + 1];
        let mut used = vec![false; n_cols + 1];
        loop {
            used[j0] = true;
            let i0 = row_of_col[j0];
            let mut delta = f64::INFINITY;
            let mut j1 = 0;
            for j in 1..=n_cols {
                if !used[j] {
                    let current = cost[(i0 - 1) * n_cols + (j - 1)] - u[i0] - v[j];
                    if current < min_to[j] {
                        min_to[j] = current;
                        way[j] = j0;
                    }
                    if min_to[j] < delta {
                        delta = min_to[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=n_cols {
                if used[j] {
                    u[row_of_col[j]] += delta;
                    v[j] -= delta;
                } else {
                    min_to[j] -= delta;
                }
            }
            j0 = j1;
            if row_of_col[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            row_of_col[j0] = row_of_col[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut column_of_row = vec![0; n_rows];
    for j in 1..=n_cols {
        if row_of_col[j] != 0 {
            column_of_row[row_of_col[j] - 1] = j - 1;
        }
    }
    column_of_row
}

/// Exhaustive search: the cheapest way to cover the units not yet covered, always covering the
/// lowest uncovered unit next, memoised on the covered set.
fn exhaustive(local: &LocalProblem) -> Vec<usize> {
    let n = local.n_units;
    let full: u32 = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    // Candidates by their lowest member, as bit masks.
    let mut by_lowest: Vec<Vec<(u32, usize)>> = vec![Vec::new(); n];
    for (c, members) in local.members.iter().enumerate() {
        let mask = members.iter().fold(0u32, |m, &l| m | (1 << l));
        let lowest = *members.iter().min().expect("empty candidate");
        by_lowest[lowest].push((mask, c));
    }
    let mut best = vec![f64::NAN; 1usize << n];
    let mut choice = vec![usize::MAX; 1usize << n];
    fn cover(
        covered: u32,
        full: u32,
        by_lowest: &[Vec<(u32, usize)>],
        disorders: &[f64],
        best: &mut [f64],
        choice: &mut [usize],
    ) -> f64 {
        if covered == full {
            return 0.0;
        }
        if !best[covered as usize].is_nan() {
            return best[covered as usize];
        }
        let lowest = (!covered).trailing_zeros() as usize;
        let mut best_cost = f64::INFINITY;
        let mut best_choice = usize::MAX;
        for &(mask, c) in &by_lowest[lowest] {
            if mask & covered != 0 {
                continue;
            }
            let cost =
                disorders[c] + cover(covered | mask, full, by_lowest, disorders, best, choice);
            if cost < best_cost {
                best_cost = cost;
                best_choice = c;
            }
        }
        best[covered as usize] = best_cost;
        choice[covered as usize] = best_choice;
        best_cost
    }
    cover(
        0,
        full,
        &by_lowest,
        &local.disorders,
        &mut best,
        &mut choice,
    );
    let mut chosen = Vec::new();
    let mut covered = 0u32;
    while covered != full {
        let c = choice[covered as usize];
        chosen.push(c);
        covered |= local.members[c].iter().fold(0u32, |m, &l| m | (1 << l));
    }
    chosen
}

/// Exact search over the covered sets reachable when the leftmost uncovered unit is always
/// covered next (units ordered by `spans`), remembering each set's best completion. A set is
/// kept as its first uncovered unit and the 128 units from there (every unit before is
/// covered; a candidate never reaches further right, or the search is not used). `None` when a
/// candidate spans more than 128 units or more than [`MEMOISED_MAX_STATES`] sets are reached.
fn memoised(local: &LocalProblem, spans: &[(f64, f64)]) -> Option<Vec<usize>> {
    // The memo is probed once per candidate tried, so its hash is most of the search's time
    // with the standard library's SipHash (docs/benchmarks.md, issue 44): its keys are ours,
    // not an adversary's, so the fast non-keyed Fx hash serves. It is never iterated: the
    // hasher cannot change the alignment found.
    use rustc_hash::FxHashMap;
    let n = local.n_units;
    // Position of each local unit in left-to-right order.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        spans[a]
            .partial_cmp(&spans[b])
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.cmp(&b))
    });
    let mut rank = vec![0usize; n];
    for (r, &l) in order.iter().enumerate() {
        rank[l] = r;
    }
    // Candidates by their leftmost unit, as masks relative to it.
    let mut by_lowest: Vec<Vec<(u128, usize)>> = vec![Vec::new(); n];
    for (c, members) in local.members.iter().enumerate() {
        let lowest = members.iter().map(|&l| rank[l]).min()?;
        let mut mask = 0u128;
        for &l in members {
            let offset = rank[l] - lowest;
            if offset >= 128 {
                return None;
            }
            mask |= 1u128 << offset;
        }
        by_lowest[lowest].push((mask, c));
    }
    struct Search<'a> {
        n: usize,
        by_lowest: &'a [Vec<(u128, usize)>],
        disorders: &'a [f64],
        /// (first uncovered unit, covered units from it) → (best completion, candidate).
        memo: FxHashMap<(usize, u128), (f64, usize)>,
        overflow: bool,
    }
    /// The state after covering `mask` (relative to `base`) too: the next uncovered unit.
    fn advance(base: usize, covered: u128) -> (usize, u128) {
        let shift = covered.trailing_ones() as usize;
        if shift >= 128 {
            (base + 128, 0)
        } else {
            (base + shift, covered >> shift)
        }
    }
    impl Search<'_> {
        fn cover(&mut self, base: usize, covered: u128) -> f64 {
            if base >= self.n || self.overflow {
                return 0.0;
            }
            if let Some(&(cost, _)) = self.memo.get(&(base, covered)) {
                return cost;
            }
            if self.memo.len() >= MEMOISED_MAX_STATES {
                self.overflow = true;
                return 0.0;
            }
            let mut best = (f64::INFINITY, usize::MAX);
            for &(mask, c) in &self.by_lowest[base] {
                if mask & covered != 0 {
                    continue;
                }
                let (next_base, next) = advance(base, covered | mask);
                let cost = self.disorders[c] + self.cover(next_base, next);
                if cost < best.0 {
                    best = (cost, c);
                }
            }
            self.memo.insert((base, covered), best);
            best.0
        }
    }
    let mut search = Search {
        n,
        by_lowest: &by_lowest,
        disorders: &local.disorders,
        memo: FxHashMap::default(),
        overflow: false,
    };
    search.cover(0, 0);
    if search.overflow {
        return None;
    }
    let mut chosen = Vec::new();
    let (mut base, mut covered) = (0usize, 0u128);
    while base < n {
        let &(_, c) = search.memo.get(&(base, covered))?;
        chosen.push(c);
        let lowest = base;
        let mask = local.members[c]
            .iter()
            .fold(0u128, |m, &l| m | (1u128 << (rank[l] - lowest)));
        (base, covered) = advance(base, covered | mask);
    }
    Some(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hungarian_finds_the_cheapest_assignment() {
        // rows × cols = 2 × 3
        let cost = [4.0, 1.0, 3.0, 2.0, 0.0, 5.0];
        assert_eq!(hungarian(&cost, 2, 3), vec![1, 0]);
        let negative = [-1.0, -0.2, -0.9, 0.0];
        assert_eq!(hungarian(&negative, 2, 2), vec![1, 0]);
    }
}
