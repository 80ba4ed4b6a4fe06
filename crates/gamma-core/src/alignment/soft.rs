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
use super::components::{self, Component, LocalProblem};
use super::milp::{self, Program};
use super::{AlignmentError, AlignmentProblem, Limits};
use crate::control::RunControl;

/// Largest component solved by the search over covered sets (a table of `2^units` entries).
const SOFT_SEARCH_MAX_UNITS: usize = 16;

/// The best soft alignment (exact): unitary alignments covering every unit at least once with
/// the least total disorder, for [`super::AlignmentSearch::best_alignment`] (which checked the
/// input): the unitary alignments chosen (global ids). Fails with
/// [`AlignmentError::TooManyCandidates`] past `limits`' listing limit (soft alignments are not
/// searched by column generation).
pub(crate) fn best_cover(
    problem: &AlignmentProblem,
    limits: &Limits,
    control: RunControl,
) -> Result<Vec<Vec<u32>>, AlignmentError> {
    let limit = limits.max_listed_candidates.min(limits.max_candidates);
    let candidates = candidates::generate_within(problem, limit, usize::MAX, control)?;
    let components = components::split(problem, &candidates);
    let (chosen, _) = components::solve_each(problem, &components, |component| {
        control.check()?;
        solve_cover(problem, &candidates, component).map(|chosen| (chosen, 0.0))
    })?;
    Ok(chosen)
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
    let local = component.localise(problem, candidates);
    let chosen = if local.n_units <= SOFT_SEARCH_MAX_UNITS && !local.has_stacks() {
        search(&local)
    } else {
        milp::solve(&local, Program::Cover)?
    };
    Ok(component.globalise(&local, chosen))
}

/// Exact search over covered sets: the first uncovered unit must be in some chosen tuple, which
/// may also hold units covered already.
fn search(local: &LocalProblem) -> Vec<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dissimilarity;
    use crate::alignment::{Alignment, AlignmentSearch, MAX_ALIGNED_ANNOTATORS};
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

    fn best(p: &AlignmentProblem, soft: bool) -> Result<Alignment, AlignmentError> {
        AlignmentSearch::new()
            .soft(soft)
            .best_alignment(p, RunControl::default())
    }

    #[test]
    fn a_split_unit_pairs_with_both_halves() {
        // A: [0,10]; B: [0,5], [5,10]. Hard: A with one half (((0+5)/15)² = 1/9), the other
        // half alone (Δ∅). Soft: A with each half, 2/9. x̄ = 3/2.
        let p = problem(&[&[(0.0, 10.0)], &[(0.0, 5.0), (5.0, 10.0)]]);
        let hard = best(&p, false).unwrap();
        assert!((hard.disorder - (1.0 / 9.0 + 1.0) / 1.5).abs() < 1e-12);
        let soft = best(&p, true).unwrap();
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
            let local = component.localise(&p, &candidates);
            let cost = |chosen: &[usize]| chosen.iter().map(|&c| local.disorders[c]).sum::<f64>();
            searched += cost(&search(&local));
            solved += cost(&milp::solve(&local, Program::Cover).unwrap());
        }
        assert!((searched - solved).abs() < 1e-9, "{searched} vs {solved}");
        let soft = best(&p, true).unwrap();
        let hard = best(&p, false).unwrap();
        assert!(soft.disorder <= hard.disorder + 1e-12);
        assert!(soft.disorder < hard.disorder - 0.05, "the splits cost less");
    }

    #[test]
    fn too_few_or_too_many_annotators_or_no_unit_fail_as_for_partitions() {
        let one = problem(&[&[(0.0, 1.0)]]);
        assert_eq!(best(&one, true), Err(AlignmentError::TooFewAnnotators(1)));
        let empty = problem(&[&[], &[]]);
        assert_eq!(best(&empty, true), Err(AlignmentError::NoUnits));
        let spans = vec![(0.0, 1.0)];
        let crowd: Vec<&[(f64, f64)]> = vec![&spans; MAX_ALIGNED_ANNOTATORS + 1];
        assert_eq!(
            best(&problem(&crowd), true),
            Err(AlignmentError::too_many_annotators(
                MAX_ALIGNED_ANNOTATORS + 1
            ))
        );
    }
}
