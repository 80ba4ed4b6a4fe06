//! Soft alignments: pygamma-agreement 0.5's soft-γ (not in the papers).
//!
//! A soft alignment is a set of unitary alignments that **covers** the units — every unit in at
//! least one — instead of partitioning them. A unit may then be aligned several times: when one
//! annotator split what another marked as one unit, the long unit pairs with each piece instead
//! of leaving all but one alone, so splits cost less. pygamma solves
//!
//! `min Σ_c δ_c·x_c  subject to  Σ_{c ∋ u} x_c ≥ 1 for every unit u,  x ∈ {0, 1}`
//!
//! over every tuple with `δ ≤ n·Δ∅` (the partition's program with `=` replaced by `≥`); the
//! disorder is still `Σ δ / x̄` with `x̄` the mean number of units per annotator, and γ, the
//! random continua and their (soft) alignments are as for γ.
//!
//! Here the program runs over the candidates of [`super::candidates`] and the singletons. The
//! bounds that drop a tuple there (a split of the tuple costs strictly less) keep every best
//! cover too: replacing a dropped tuple by its split covers the same units for less. Units
//! linked by no candidate never share a tuple, so each [`super::components`] component is
//! solved alone: by a search over the covered sets for small ones, by CBC otherwise.

use super::candidates::{self, Candidates};
use super::components::{self, Component};
use super::{Alignment, AlignmentError, AlignmentProblem, Limits, Stop};
use rayon::prelude::*;
use std::sync::atomic::AtomicBool;

/// Largest component solved by the search over covered sets (a table of `2^units` entries).
const SOFT_SEARCH_MAX_UNITS: usize = 16;

impl AlignmentProblem {
    /// [`Self::best_soft_alignment_until`], never cancelled.
    pub(crate) fn best_soft_alignment(&self, limits: &Limits) -> Result<Alignment, AlignmentError> {
        self.best_soft_alignment_until(limits, None)
    }

    /// The best soft alignment (exact): unitary alignments covering every unit at least once
    /// with the least total disorder, stopped with [`AlignmentError::Cancelled`] soon after
    /// `cancelled` is set. Fails as [`Self::best_alignment`] does, and with
    /// [`AlignmentError::TooManyCandidates`] past `limits`' listing limit (soft alignments are
    /// not searched by column generation).
    pub fn best_soft_alignment_until(
        &self,
        limits: &Limits,
        cancelled: Option<&AtomicBool>,
    ) -> Result<Alignment, AlignmentError> {
        let stop = Stop(cancelled);
        if self.n_annotators < 2 {
            return Err(AlignmentError::TooFewAnnotators(self.n_annotators));
        }
        if self.units.is_empty() {
            return Err(AlignmentError::NoUnits);
        }
        let limit = limits.max_listed_candidates.min(limits.max_candidates);
        let candidates = candidates::generate_within(self, limit, usize::MAX, stop)?;
        let components = components::split(self, &candidates);
        let solved: Vec<Result<Vec<Vec<u32>>, AlignmentError>> = components
            .par_iter()
            .with_min_len(16)
            .map(|component| {
                stop.check()?;
                solve_cover(self, &candidates, component)
            })
            .collect();
        let mut chosen = Vec::with_capacity(self.units.len());
        for component in solved {
            chosen.extend(component?);
        }
        Ok(Alignment::from_members(self, chosen))
    }
}

/// A component in local numbering: each choice's local units and δ (singletons included).
struct LocalCover {
    n_units: usize,
    members: Vec<Vec<usize>>,
    disorders: Vec<f64>,
}

/// The best cover of one component (global ids of the chosen unitary alignments).
fn solve_cover(
    problem: &AlignmentProblem,
    candidates: &Candidates,
    component: &Component,
) -> Result<Vec<Vec<u32>>, AlignmentError> {
    if component.candidates.is_empty() {
        return Ok(component.units.iter().map(|&g| vec![g]).collect());
    }
    let local = localise(problem, candidates, component);
    let chosen = if local.n_units <= SOFT_SEARCH_MAX_UNITS {
        search(&local)
    } else {
        cover_milp(&local)?
    };
    Ok(chosen
        .into_iter()
        .map(|c| {
            local.members[c]
                .iter()
                .map(|&l| component.units[l])
                .collect()
        })
        .collect())
}

fn localise(
    problem: &AlignmentProblem,
    candidates: &Candidates,
    component: &Component,
) -> LocalCover {
    let local_of = |g: u32| {
        component
            .units
            .binary_search(&g)
            .expect("candidate unit outside its component")
    };
    let mut members: Vec<Vec<usize>> = component
        .candidates
        .iter()
        .map(|&c| candidates.members(c).iter().map(|&g| local_of(g)).collect())
        .collect();
    let mut disorders: Vec<f64> = component
        .candidates
        .iter()
        .map(|&c| candidates.disorder(c))
        .collect();
    for l in 0..component.units.len() {
        members.push(vec![l]);
        disorders.push(problem.dissimilarity.delta_empty);
    }
    LocalCover {
        n_units: component.units.len(),
        members,
        disorders,
    }
}

/// Exact search over covered sets: the first uncovered unit must be in some chosen tuple, which
/// may also hold units covered already.
fn search(local: &LocalCover) -> Vec<usize> {
    let n = local.n_units;
    let full = (1usize << n) - 1;
    let masks: Vec<usize> = local
        .members
        .iter()
        .map(|m| m.iter().fold(0, |mask, &l| mask | (1 << l)))
        .collect();
    let mut holding: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (c, members) in local.members.iter().enumerate() {
        for &l in members {
            holding[l].push(c);
        }
    }
    // best[mask]: least cost to cover the rest from `mask`, and the choice that reaches it.
    let mut best = vec![f64::INFINITY; full + 1];
    let mut choice = vec![usize::MAX; full + 1];
    best[full] = 0.0;
    for mask in (0..full).rev() {
        let first = (!mask).trailing_zeros() as usize;
        for &c in &holding[first] {
            let next = mask | masks[c];
            let cost = local.disorders[c] + best[next];
            if cost < best[mask] {
                best[mask] = cost;
                choice[mask] = c;
            }
        }
    }
    let mut chosen = Vec::new();
    let mut mask = 0;
    while mask != full {
        let c = choice[mask];
        chosen.push(c);
        mask |= masks[c];
    }
    chosen
}

/// The covering MILP `min Σ δ_c x_c, Σ_{c∋u} x_c ≥ 1, x ∈ {0,1}`, solved by CBC.
fn cover_milp(local: &LocalCover) -> Result<Vec<usize>, AlignmentError> {
    use good_lp::{Expression, ProblemVariables, Solution, SolverModel, coin_cbc, variable};
    let mut variables = ProblemVariables::new();
    let x = variables.add_vector(variable().binary(), local.members.len());
    let objective: Expression = x
        .iter()
        .zip(&local.disorders)
        .map(|(&var, &cost)| cost * var)
        .sum();
    let mut model = variables.minimise(objective).using(coin_cbc);
    model.set_parameter("log", "0");
    model.set_parameter("slog", "0");
    model.set_parameter("allowableGap", "1e-9");
    model.set_parameter("ratioGap", "0");
    let mut covering: Vec<Vec<usize>> = vec![Vec::new(); local.n_units];
    for (c, members) in local.members.iter().enumerate() {
        for &l in members {
            covering[l].push(c);
        }
    }
    for holding in &covering {
        let sum: Expression = holding.iter().map(|&c| x[c]).sum();
        model.add_constraint(sum.geq(1.0));
    }
    let solution = model
        .solve()
        .map_err(|e| AlignmentError::Solver(e.to_string()))?;
    let chosen: Vec<usize> = (0..local.members.len())
        .filter(|&c| solution.value(x[c]) > 0.5)
        .collect();
    let mut covered = vec![false; local.n_units];
    for &c in &chosen {
        for &l in &local.members[c] {
            covered[l] = true;
        }
    }
    if covered.contains(&false) {
        return Err(AlignmentError::Solver(
            "CBC returned a solution that does not cover every unit".into(),
        ));
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dissimilarity;
    use crate::dissimilarity::Span;

    fn problem(annotators: &[&[(f64, f64)]]) -> AlignmentProblem {
        let spans: Vec<Vec<Span>> = annotators
            .iter()
            .map(|units| {
                units
                    .iter()
                    .map(|&(start, end)| Span {
                        start,
                        end,
                        category: 0,
                    })
                    .collect()
            })
            .collect();
        let d = Dissimilarity::default()
            .resolve(&["x".to_string()])
            .expect("default dissimilarity");
        AlignmentProblem::from_spans(&spans, d)
    }

    #[test]
    fn a_split_unit_pairs_with_both_halves() {
        // A: [0,10]; B: [0,5], [5,10]. Hard: A with one half (((0+5)/15)² = 1/9), the other
        // half alone (Δ∅). Soft: A with each half, 2/9. x̄ = 3/2.
        let p = problem(&[&[(0.0, 10.0)], &[(0.0, 5.0), (5.0, 10.0)]]);
        let hard = p.best_alignment(&Limits::default()).unwrap();
        assert!((hard.disorder - (1.0 / 9.0 + 1.0) / 1.5).abs() < 1e-12);
        let soft = p.best_soft_alignment(&Limits::default()).unwrap();
        assert!((soft.disorder - (2.0 / 9.0) / 1.5).abs() < 1e-12);
        assert_eq!(soft.unitary_alignments.len(), 2);
        assert!(
            soft.unitary_alignments
                .iter()
                .all(|u| u.members.contains(&0))
        );
    }

    #[test]
    fn the_search_and_cbc_find_the_same_cover() {
        // Three annotators, one splitting and one merging: components of 6 to 9 units.
        let p = problem(&[
            &[(0.0, 10.0), (12.0, 20.0), (30.0, 34.0), (35.0, 40.0)],
            &[(0.0, 4.0), (4.0, 10.0), (12.0, 21.0), (30.0, 40.0)],
            &[(1.0, 10.0), (11.0, 15.0), (15.0, 20.0), (31.0, 39.0)],
        ]);
        let limit = Limits::default().max_candidates;
        let candidates = candidates::generate(&p, limit).unwrap();
        let mut searched = 0.0;
        let mut solved = 0.0;
        for component in components::split(&p, &candidates) {
            if component.candidates.is_empty() {
                continue;
            }
            let local = localise(&p, &candidates, &component);
            let cost = |chosen: &[usize]| chosen.iter().map(|&c| local.disorders[c]).sum::<f64>();
            searched += cost(&search(&local));
            solved += cost(&cover_milp(&local).unwrap());
        }
        assert!((searched - solved).abs() < 1e-9, "{searched} vs {solved}");
        let soft = p.best_soft_alignment(&Limits::default()).unwrap();
        let hard = p.best_alignment(&Limits::default()).unwrap();
        assert!(soft.disorder <= hard.disorder + 1e-12);
        assert!(soft.disorder < hard.disorder - 0.05, "the splits cost less");
    }

    #[test]
    fn too_few_annotators_or_units_fail_as_for_partitions() {
        let one = problem(&[&[(0.0, 1.0)]]);
        assert_eq!(
            one.best_soft_alignment(&Limits::default()),
            Err(AlignmentError::TooFewAnnotators(1))
        );
        let empty = problem(&[&[], &[]]);
        assert_eq!(
            empty.best_soft_alignment(&Limits::default()),
            Err(AlignmentError::NoUnits)
        );
    }
}
