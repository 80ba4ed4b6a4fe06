//! The one way to a best alignment: [`AlignmentSearch`], set up once with its options and
//! used for any number of problems, as ripgrep builds a `Searcher` from a `SearcherBuilder`.
//!
//! Every search checks its input the same way ([`check_input`]), then lists the candidates,
//! splits them into components and solves each — by [`super::solver`]'s exact methods, by
//! column generation when the continuum is too dense to list, or, for soft alignments, by
//! [`super::soft`]'s covers — stopping soon after its [`RunControl`] is cancelled.

use super::candidates::{self, Candidates};
use super::components::{self, Component};
use super::stacks::Stacks;
use super::{
    Alignment, AlignmentError, AlignmentProblem, Limits, MAX_ALIGNED_ANNOTATORS, column_generation,
    soft, solver,
};
use crate::control::RunControl;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How best alignments are searched: the limits and whether alignments are soft, set once;
/// then [`AlignmentSearch::best_alignment`] for each problem.
///
/// Searches through one `AlignmentSearch` share what they learn about the continua (whether
/// listing their candidates is worth trying, see [`AlignmentSearch::best_alignment`]): use one
/// for the random continua of one expected disorder, a fresh one (or a clone) for a continuum
/// of another kind.
///
/// ```
/// use gamma_core::alignment::{AlignmentSearch, Limits};
/// let search = AlignmentSearch::new().limits(Limits::default()).soft(false);
/// # let _ = search;
/// ```
#[derive(Debug, Default)]
pub struct AlignmentSearch {
    limits: Limits,
    soft: bool,
    outlook: ListingOutlook,
}

impl Clone for AlignmentSearch {
    /// The same options, with nothing learnt yet.
    fn clone(&self) -> Self {
        AlignmentSearch {
            limits: self.limits,
            soft: self.soft,
            outlook: ListingOutlook::default(),
        }
    }
}

impl AlignmentSearch {
    /// Exact partitions with the default [`Limits`].
    pub fn new() -> AlignmentSearch {
        AlignmentSearch::default()
    }

    /// The time and memory guards of the search.
    pub fn limits(mut self, limits: Limits) -> AlignmentSearch {
        self.limits = limits;
        self
    }

    /// Soft alignments (pygamma-agreement's soft-γ): unitary alignments that cover every unit
    /// at least once instead of partitioning the units, so that a unit one annotator split in
    /// two is matched by both halves.
    pub fn soft(mut self, soft: bool) -> AlignmentSearch {
        self.soft = soft;
        self
    }

    /// The best alignment of `problem` (exact, §4.7 and §5.1), with its disorder; stopped with
    /// [`AlignmentError::Cancelled`] soon after `control` is cancelled (every search checks it
    /// as it goes). Fails with fewer than two or more than [`MAX_ALIGNED_ANNOTATORS`]
    /// annotators, no unit, more candidates than the limits allow (soft alignments are not
    /// searched by column generation), a search beyond reach, or a solver failure.
    ///
    /// Once most of the continua of this search proved too dense to list (random continua
    /// drawn alike), the others skip the listing attempt (a fraction of a second each on dense
    /// continua) and go to column generation at once. Either way the alignment found is the
    /// best; only when a limit is reached can the way taken (which depends on the order the
    /// continua finish in) decide between an answer and an error or a bounded answer.
    pub fn best_alignment(
        &self,
        problem: &AlignmentProblem,
        control: RunControl,
    ) -> Result<Alignment, AlignmentError> {
        check_input(problem.n_annotators, problem.units.len())?;
        // Interchangeable units are searched as stacks, then dealt back (see `stacks`).
        let stacks = Stacks::of(problem);
        let searched = stacks.as_ref().map_or(problem, |stacks| &stacks.problem);
        let (chosen, gap) = if self.soft {
            (soft::best_cover(searched, &self.limits, control)?, 0.0)
        } else {
            self.best_partition(searched, stacks.is_some(), control)?
        };
        let chosen = match &stacks {
            Some(stacks) => stacks.deal(chosen),
            None => chosen,
        };
        let mut alignment = Alignment::from_members(problem, chosen);
        alignment.lower_bound = alignment.disorder - gap / problem.mean_units();
        Ok(alignment)
    }

    /// The best partition of `problem`'s units (global ids; `stacked`: a problem of stacks) and
    /// how far above its proven lower bound its total may be (0 unless a bounded answer was
    /// accepted).
    fn best_partition(
        &self,
        problem: &AlignmentProblem,
        stacked: bool,
        control: RunControl,
    ) -> Result<(Vec<Vec<u32>>, f64), AlignmentError> {
        let limits = &self.limits;
        let outlook = &self.outlook;
        let listed_limit = if limits.column_generation && !outlook.listing_worth_trying() {
            0
        } else if limits.column_generation && problem.n_annotators > 2 && stacked {
            // Stacks of interchangeable units all overlap: their candidates make one
            // component, which column generation solves past this many.
            COLUMN_GENERATION_MIN_CANDIDATES.min(limits.max_listed_candidates)
        } else {
            limits.max_listed_candidates.min(limits.max_candidates)
        };
        let max_nodes = if limits.column_generation {
            candidates::MAX_LISTING_NODES
        } else {
            usize::MAX
        };
        let listing_clock = std::time::Instant::now();
        match candidates::generate_within(problem, listed_limit, max_nodes, control) {
            Ok(candidates) => {
                outlook.listed.fetch_add(1, Ordering::Relaxed);
                let components = components::split(problem, &candidates);
                solve_components(problem, &candidates, &components, limits, control)
            }
            Err(AlignmentError::TooManyCandidates { count, .. }) if limits.column_generation => {
                if listed_limit > 0 {
                    outlook.too_dense.fetch_add(1, Ordering::Relaxed);
                }
                log::info!(
                    "more than {count} candidate unitary alignments ({:.2}s): column generation",
                    listing_clock.elapsed().as_secs_f64()
                );
                let solved = column_generation::solve(problem, limits, control)?;
                Ok((solved.chosen, solved.total - solved.lower_bound))
            }
            Err(other) => Err(other),
        }
    }
}

/// The checks of every search, before anything is allocated for it: at least two annotators,
/// at most [`MAX_ALIGNED_ANNOTATORS`], and some unit.
pub(crate) fn check_input(n_annotators: usize, n_units: usize) -> Result<(), AlignmentError> {
    if n_annotators < 2 {
        return Err(AlignmentError::TooFewAnnotators(n_annotators));
    }
    if n_annotators > MAX_ALIGNED_ANNOTATORS {
        return Err(AlignmentError::too_many_annotators(n_annotators));
    }
    if n_units == 0 {
        return Err(AlignmentError::NoUnits);
    }
    Ok(())
}

/// Every component solved: by column generation when it has three annotators or more and
/// more than [`COLUMN_GENERATION_MIN_CANDIDATES`] candidates, by [`solver`]'s methods
/// otherwise. The partition (global ids) and how far above its proven lower bound its total
/// may be (0 unless a bounded answer was accepted).
fn solve_components(
    problem: &AlignmentProblem,
    candidates: &Candidates,
    components: &[Component],
    limits: &Limits,
    control: RunControl,
) -> Result<(Vec<Vec<u32>>, f64), AlignmentError> {
    components::solve_each(problem, components, |component| {
        control.check()?;
        if limits.column_generation
            && problem.n_annotators > 2
            && component.candidates.len() > COLUMN_GENERATION_MIN_CANDIDATES
        {
            let sub = problem.subproblem(&component.units);
            let solved = match column_generation::solve(&sub, limits, control) {
                Ok(solved) => solved,
                // Listed already: the listing's own exact methods can still solve it.
                Err(AlignmentError::BeyondReach { .. }) => {
                    control.check()?;
                    return solver::solve_component(problem, candidates, component, None)
                        .map(|(chosen, _)| (chosen, 0.0));
                }
                Err(other) => return Err(other),
            };
            let chosen = solved
                .chosen
                .into_iter()
                .map(|members| {
                    members
                        .into_iter()
                        .map(|l| component.units[l as usize])
                        .collect()
                })
                .collect();
            return Ok((chosen, solved.total - solved.lower_bound));
        }
        solver::solve_component(problem, candidates, component, None)
            .map(|(chosen, _)| (chosen, 0.0))
    })
}

/// What the searches of continua drawn alike learnt about listing their candidates: how many
/// were listed and how many proved too dense to list.
#[derive(Debug, Default)]
struct ListingOutlook {
    listed: AtomicUsize,
    too_dense: AtomicUsize,
}

impl ListingOutlook {
    /// Listing is skipped once at least two continua were too dense to list and they outnumber
    /// the listed ones four to one.
    fn listing_worth_trying(&self) -> bool {
        let too_dense = self.too_dense.load(Ordering::Relaxed);
        too_dense < 2 || too_dense <= 4 * self.listed.load(Ordering::Relaxed)
    }
}

/// Components of three annotators or more with more candidates than this are solved by column
/// generation, which is then faster than the memoised search over the listed candidates; sparse
/// components stay far below, and two annotators keep the assignment method.
pub(crate) const COLUMN_GENERATION_MIN_CANDIDATES: usize = 150_000;
