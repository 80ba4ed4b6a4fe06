//! Alignments (paper §4.5–4.7) and the search for the best one (§5.1).
//!
//! An alignment partitions all units into unitary alignments (one slot per annotator, a unit or
//! ∅ in each). The best alignment minimises the total disorder. We find it exactly:
//!
//! 1. `candidates`: only unitary alignments that can belong to a best alignment are generated,
//!    by a sweep over units sorted by position (never the `Π(p_a + 1)` product);
//! 2. `components`: units linked by some candidate form independent sub-problems;
//! 3. `solver`: each component is solved exactly (min-cost assignment for two annotators,
//!    exhaustive search for tiny components, set-partitioning MILP with CBC otherwise), in
//!    parallel.
//!
//! [`AlignmentSearch`] (`search`) is the one entry point: set up with its options (limits,
//! soft), it checks the input and runs these steps for each problem given, stopping when its
//! [`RunControl`](crate::control::RunControl) is cancelled.
//!
//! Dense continua (many annotators, units back to back and overlapping) have too many
//! candidates to list: past [`Limits::max_listed_candidates`] they are solved by
//! `column_generation`, whose `pricing` searches the candidates instead of listing them
//! and proves the alignment optimal (or, when asked, returns it with a proven lower bound).

pub(crate) mod candidates;
pub(crate) mod column_generation;
pub(crate) mod components;
mod milp;
pub(crate) mod pricing;
#[cfg(test)]
mod properties;
mod restricted_relaxation;
mod search;
mod stacks;
// Soft alignments (pygamma's soft-γ): `AlignmentSearch::soft`.
mod soft;
pub(crate) mod solver;

pub use search::AlignmentSearch;
pub(crate) use search::check_input;

use crate::continuum::Continuum;
use crate::control::Cancelled;
use crate::disorder::{MeanUnitsRule, unitary_disorder};
use crate::dissimilarity::{ResolvedDissimilarity, Span};

/// A unit as the alignment sees it: its annotator, its index in that annotator's list, its span.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProblemUnit {
    /// Index of the unit's annotator in the continuum.
    pub annotator: u32,
    /// Index of the unit in its annotator's list of units.
    pub index: u32,
    /// Position and category index of the unit.
    pub span: Span,
}

/// Units of one continuum, numbered globally annotator by annotator (so the units of one
/// annotator have consecutive global ids), with the dissimilarity to align them.
#[derive(Debug, Clone)]
pub struct AlignmentProblem {
    /// The number of annotators `n`, those with no unit included.
    pub n_annotators: usize,
    /// Every unit; a unit's global id is its index here.
    pub units: Vec<ProblemUnit>,
    /// The combined dissimilarity `d` (§4.4) with the categories resolved to indices.
    pub dissimilarity: ResolvedDissimilarity,
    /// How `x̄` divides the total disorder of an alignment.
    pub mean_units_rule: MeanUnitsRule,
    /// How many interchangeable units each unit stands for, in the problem of their stacks
    /// (`stacks`); empty when each unit stands for itself.
    pub(crate) multiplicity: Vec<u32>,
}

/// Why no alignment could be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AlignmentError {
    /// Fewer than two annotators (the number found): there is nothing to agree on.
    #[error("γ needs at least 2 annotators, found {0}")]
    TooFewAnnotators(usize),
    /// No annotator has any unit.
    #[error("there is no unit to align")]
    NoUnits,
    /// More annotators than [`MAX_ALIGNED_ANNOTATORS`]: refused before anything is allocated,
    /// with the size of one unitary alignment as the estimate of the search.
    #[error(
        "γ of {annotators} annotators is beyond reach: each unitary alignment would compare up to {pairs} pairs of units, among 2^{annotators} combinations of annotators; the limit is {limit} annotators — measure smaller groups of annotators (e.g. pairwise) or split the document"
    )]
    TooManyAnnotators {
        /// Annotators of the continuum.
        annotators: usize,
        /// Pairs of annotators one unitary alignment compares, `n(n − 1)/2`.
        pairs: usize,
        /// The limit in force, [`MAX_ALIGNED_ANNOTATORS`].
        limit: usize,
    },
    /// The candidate unitary alignments would exceed [`Limits::max_candidates`].
    #[error(
        "this continuum would need more than {limit} candidate unitary alignments (stopped at {count}); \
         the units are too dense for an exact alignment — split the document or raise α"
    )]
    TooManyCandidates {
        /// Candidates generated when the search stopped.
        count: usize,
        /// The limit in force.
        limit: usize,
    },
    /// The exact search would take too long or too much memory: the phase and the limit that
    /// blocked, with what was found by then (a bounded answer, [`Limits::accept_bounded_answer`],
    /// returns that alignment with its proven lower bound instead).
    #[error(
        "the exact alignment is beyond reach in the {phase} phase ({}); ask for a bounded answer to get the best alignment found with its proven lower bound, or split the document",
        beyond_reach_words(limit, *tuples_found, *best_found, *lower_bound)
    )]
    BeyondReach {
        /// The phase of the search that blocked.
        phase: SearchPhase,
        /// The limit reached.
        limit: SearchLimit,
        /// Unitary alignments found by then, when the phase counts them.
        tuples_found: Option<usize>,
        /// Total disorder Σδ of the best alignment found, if any.
        best_found: Option<f64>,
        /// Proven lower bound of the best total disorder, if known.
        lower_bound: Option<f64>,
    },
    /// CBC failed on a set-partitioning MILP (its message).
    #[error("the MILP solver failed: {0}")]
    Solver(String),
    /// The caller's cancel flag was set during the search.
    #[error("cancelled")]
    Cancelled,
    /// A unit's category is missing from the categories given to
    /// [`AlignmentProblem::from_continuum`].
    #[error("unknown category {0:?}")]
    UnknownCategory(String),
}

/// The most annotators γ aligns. A unitary alignment holds a unit or nothing of each annotator
/// and its disorder averages `n(n − 1)/2` pairs, so the exact search grows exponentially with
/// `n`: five stacks of overlapping units take seconds for 8 annotators, ten times longer for 12,
/// and minutes for 16 (tests/limits.rs). Agreement campaigns have a handful of annotators;
/// past 32 the search would not end in any useful time.
pub const MAX_ALIGNED_ANNOTATORS: usize = 32;

impl From<Cancelled> for AlignmentError {
    fn from(_: Cancelled) -> Self {
        AlignmentError::Cancelled
    }
}

impl AlignmentError {
    /// [`AlignmentError::TooManyAnnotators`] for `annotators` annotators.
    pub(crate) fn too_many_annotators(annotators: usize) -> AlignmentError {
        AlignmentError::TooManyAnnotators {
            annotators,
            pairs: annotators.saturating_mul(annotators.saturating_sub(1)) / 2,
            limit: MAX_ALIGNED_ANNOTATORS,
        }
    }
}

/// The phase of the exact search by column generation that a limit stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchPhase {
    /// Solving the linear relaxation.
    LinearRelaxation,
    /// Searching the unitary alignments of negative reduced cost.
    Pricing,
    /// Listing the unitary alignments within the gap.
    FinalEnumeration,
}

impl std::fmt::Display for SearchPhase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SearchPhase::LinearRelaxation => "linear relaxation",
            SearchPhase::Pricing => "pricing",
            SearchPhase::FinalEnumeration => "final enumeration",
        })
    }
}

/// The limit an exact search reached.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SearchLimit {
    /// The searches visited more nodes than this ([`Limits::max_search_nodes`]).
    SearchNodes(u64),
    /// More unitary alignments than this lie within the gap ([`Limits::max_gap_tuples`]).
    TuplesWithinGap(usize),
    /// The relaxation ran this many rounds without its bound closing in, at this value (Σ δ).
    Rounds {
        /// Rounds run.
        rounds: usize,
        /// The relaxation's value when it stopped.
        relaxation: f64,
    },
}

impl std::fmt::Display for SearchLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchLimit::SearchNodes(limit) => write!(f, "more than {limit} search nodes"),
            SearchLimit::TuplesWithinGap(limit) => {
                write!(f, "more than {limit} unitary alignments within the gap")
            }
            SearchLimit::Rounds { rounds, relaxation } => {
                write!(f, "{rounds} rounds, relaxation {relaxation:.6} (Σ δ)")
            }
        }
    }
}

/// The size of a search beyond reach, in words: the limit, the tuples found, the best
/// alignment found and the proven bound.
fn beyond_reach_words(
    limit: &SearchLimit,
    tuples_found: Option<usize>,
    best_found: Option<f64>,
    lower_bound: Option<f64>,
) -> String {
    let mut words = limit.to_string();
    if let Some(tuples) = tuples_found {
        words += &format!(", {tuples} tuples found");
    }
    match (best_found, lower_bound) {
        (Some(total), Some(bound)) => {
            words += &format!(
                "; best alignment found Σδ = {total:.6}, proven lower bound {:.6}",
                bound.max(0.0).min(total)
            )
        }
        (None, Some(bound)) => words += &format!("; proven lower bound {:.6}", bound.max(0.0)),
        _ => {}
    }
    words
}

impl AlignmentProblem {
    /// The units of `continuum`, numbered annotator by annotator. `categories` must be sorted
    /// and contain every category of `continuum` ([`AlignmentError::UnknownCategory`] otherwise).
    pub fn from_continuum(
        continuum: &Continuum,
        categories: &[String],
        dissimilarity: ResolvedDissimilarity,
    ) -> Result<AlignmentProblem, AlignmentError> {
        let mut per_annotator = Vec::with_capacity(continuum.n_annotators());
        for annotator in &continuum.annotators {
            let mut spans = Vec::with_capacity(annotator.units.len());
            for unit in &annotator.units {
                let category = categories
                    .binary_search(&unit.category)
                    .map_err(|_| AlignmentError::UnknownCategory(unit.category.clone()))?;
                spans.push(Span {
                    start: unit.start,
                    end: unit.end,
                    category: category as u32,
                });
            }
            per_annotator.push(spans);
        }
        Ok(Self::from_spans(&per_annotator, dissimilarity))
    }

    /// From the spans of each annotator (used by the samplers, which never build strings).
    pub fn from_spans(
        per_annotator: &[Vec<Span>],
        dissimilarity: ResolvedDissimilarity,
    ) -> AlignmentProblem {
        let mut units = Vec::with_capacity(per_annotator.iter().map(Vec::len).sum());
        for (a, spans) in per_annotator.iter().enumerate() {
            for (i, span) in spans.iter().enumerate() {
                units.push(ProblemUnit {
                    annotator: a as u32,
                    index: i as u32,
                    span: *span,
                });
            }
        }
        AlignmentProblem {
            n_annotators: per_annotator.len(),
            units,
            dissimilarity,
            mean_units_rule: MeanUnitsRule::Exact,
            multiplicity: Vec::new(),
        }
    }

    /// The same problem with `x̄` taken by `rule`.
    pub(crate) fn with_mean_units_rule(mut self, rule: MeanUnitsRule) -> AlignmentProblem {
        self.mean_units_rule = rule;
        self
    }

    /// The problem made of the units `units` (global ids, ascending), numbered from 0 in that
    /// order, with the same annotators, dissimilarity and rule for `x̄`.
    pub(crate) fn subproblem(&self, units: &[u32]) -> AlignmentProblem {
        AlignmentProblem {
            n_annotators: self.n_annotators,
            units: units.iter().map(|&g| self.units[g as usize]).collect(),
            dissimilarity: self.dissimilarity.clone(),
            mean_units_rule: self.mean_units_rule,
            multiplicity: if self.multiplicity.is_empty() {
                Vec::new()
            } else {
                units
                    .iter()
                    .map(|&g| self.multiplicity(g as usize))
                    .collect()
            },
        }
    }

    /// How many interchangeable units unit `unit` stands for (1 outside a problem of stacks).
    pub(crate) fn multiplicity(&self, unit: usize) -> u32 {
        self.multiplicity.get(unit).copied().unwrap_or(1)
    }

    /// `x̄`, the mean number of units per annotator.
    pub(crate) fn mean_units(&self) -> f64 {
        self.mean_units_rule
            .mean_units(self.units.len(), self.n_annotators)
    }

    /// Disorder of the unitary alignment made of these units (global ids).
    pub(crate) fn unitary_disorder(&self, members: &[u32]) -> f64 {
        let spans: Vec<Span> = members
            .iter()
            .map(|&g| self.units[g as usize].span)
            .collect();
        unitary_disorder(self.n_annotators, &spans, &self.dissimilarity)
    }
}

/// Time and memory guards of the exact search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Limits {
    /// Largest number of candidate unitary alignments (and of compatible unit pairs) kept in
    /// memory at once; about 100 bytes each.
    pub max_candidates: usize,
    /// Past this many candidates they are not listed: the best alignment is found by column
    /// generation.
    pub max_listed_candidates: usize,
    /// Largest number of tuples column generation may list within the gap between its lower
    /// bound and the best alignment found, to prove which is best.
    pub max_gap_tuples: usize,
    /// Search nodes the column generation may visit (a few million per second) before it
    /// declares the continuum beyond reach.
    pub max_search_nodes: u64,
    /// Whether continua beyond the listing limits are solved by column generation (else they
    /// are refused as [`AlignmentError::TooManyCandidates`], quickly).
    pub column_generation: bool,
    /// When the proof of optimality is beyond reach, return the best alignment found with its
    /// proven lower bound ([`Alignment::lower_bound`]) instead of an error.
    pub accept_bounded_answer: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_candidates: 4_000_000,
            max_listed_candidates: 4_000_000,
            max_gap_tuples: 2_000_000,
            max_search_nodes: 500_000_000,
            column_generation: true,
            accept_bounded_answer: false,
        }
    }
}

/// One unitary alignment of a solution: the global ids of its real units (at most one per
/// annotator, in annotator order) and its disorder δ(ă).
#[derive(Debug, Clone, PartialEq)]
pub struct UnitaryAlignment {
    /// Global ids of the real units, in annotator order; the other annotators' slots are ∅.
    pub members: Vec<u32>,
    /// δ(ă) (§4.5), in units of the dissimilarity (Δ∅ for a unit alone).
    pub disorder: f64,
}

/// A best alignment.
#[derive(Debug, Clone, PartialEq)]
pub struct Alignment {
    /// Sorted by leftmost start.
    pub unitary_alignments: Vec<UnitaryAlignment>,
    /// `Σ δ(ă) / x̄`.
    pub disorder: f64,
    /// A proven lower bound on the disorder of every alignment: equal to `disorder` when this
    /// alignment is proven best, lower for a bounded answer
    /// ([`Limits::accept_bounded_answer`]).
    pub lower_bound: f64,
}

impl Alignment {
    fn from_members(problem: &AlignmentProblem, mut chosen: Vec<Vec<u32>>) -> Alignment {
        for members in &mut chosen {
            members.sort_by_key(|&g| problem.units[g as usize].annotator);
        }
        let leftmost = |members: &Vec<u32>| {
            members
                .iter()
                .map(|&g| {
                    let s = problem.units[g as usize].span;
                    (s.start, s.end)
                })
                .fold(
                    (f64::INFINITY, f64::INFINITY),
                    |a, b| if b < a { b } else { a },
                )
        };
        chosen.sort_by(|a, b| {
            leftmost(a)
                .partial_cmp(&leftmost(b))
                .unwrap_or(std::cmp::Ordering::Equal)
                .then_with(|| a.cmp(b))
        });
        let unitary_alignments: Vec<UnitaryAlignment> = chosen
            .into_iter()
            .map(|members| UnitaryAlignment {
                disorder: problem.unitary_disorder(&members),
                members,
            })
            .collect();
        let total: f64 = unitary_alignments.iter().map(|u| u.disorder).sum();
        let disorder = total / problem.mean_units();
        Alignment {
            disorder,
            lower_bound: disorder,
            unitary_alignments,
        }
    }

    /// Whether this alignment is proven best (its lower bound equals its disorder).
    pub fn is_proven_best(&self) -> bool {
        self.lower_bound >= self.disorder
    }

    /// Slot view of a unitary alignment: for each annotator, the index of its unit (in that
    /// annotator's list) or `None`.
    pub fn slots(&self, problem: &AlignmentProblem, which: usize) -> Vec<Option<usize>> {
        let mut slots = vec![None; problem.n_annotators];
        for &g in &self.unitary_alignments[which].members {
            let unit = &problem.units[g as usize];
            slots[unit.annotator as usize] = Some(unit.index as usize);
        }
        slots
    }
}
