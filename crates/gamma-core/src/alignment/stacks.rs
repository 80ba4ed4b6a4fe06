//! Interchangeable units: units of one annotator with the same span and category (the same
//! span marked several times, as duplicated annotations are).
//!
//! Two such units can swap places in any alignment without changing its disorder, so a search
//! that tells them apart meets every permutation of them: `p` identical units of each of `k`
//! annotators make `p!^(k−1)` equally good alignments and as many branches to close. Instead
//! the units are gathered into **stacks** — one unit of the problem per stack, standing for its
//! `multiplicity` units — and the search chooses how many times each unitary alignment of
//! stacks is used: the set-partitioning program with the multiplicities as right-hand sides
//! (`Σ_{t∋s} y_t = m_s`, `y` integer). Every alignment of the units maps to one of the stacks
//! with the same disorder, and every alignment of the stacks is dealt back to the units
//! ([`Stacks::deal`]) with the same disorder, so both have the same optimum: the symmetry is
//! broken exactly, not by a heuristic. The candidates' bounds hold unchanged (they only look at
//! a tuple's own units), and so do column generation's (each unit of a stack anchors at most
//! one tuple). A soft alignment's cover (`≥ m_s`) is dealt the same way.

use super::{AlignmentProblem, ProblemUnit};
use std::collections::HashMap;

/// The stacks of a problem: the problem they make and the units of each.
pub(crate) struct Stacks {
    /// One unit per stack (its first unit), with its multiplicity; the stacks of an annotator
    /// follow each other, in the order of their first units.
    pub(crate) problem: AlignmentProblem,
    /// The units (global ids of the original problem) of each stack, ascending.
    units: Vec<Vec<u32>>,
}

impl Stacks {
    /// The stacks of `problem`; `None` when no two units are interchangeable.
    pub(crate) fn of(problem: &AlignmentProblem) -> Option<Stacks> {
        // -0.0 and 0.0 are the same position.
        let bits = |x: f64| if x == 0.0 { 0 } else { x.to_bits() };
        let mut stack_of: HashMap<(u32, u64, u64, u32), usize> = HashMap::new();
        let mut units: Vec<Vec<u32>> = Vec::new();
        let mut firsts: Vec<ProblemUnit> = Vec::new();
        for (g, unit) in problem.units.iter().enumerate() {
            let key = (
                unit.annotator,
                bits(unit.span.start),
                bits(unit.span.end),
                unit.span.category,
            );
            let stack = *stack_of.entry(key).or_insert_with(|| {
                units.push(Vec::new());
                firsts.push(*unit);
                units.len() - 1
            });
            units[stack].push(g as u32);
        }
        if units.len() == problem.units.len() {
            return None;
        }
        log::info!(
            "{} units in {} stacks of interchangeable units",
            problem.units.len(),
            units.len()
        );
        let stacked = AlignmentProblem {
            n_annotators: problem.n_annotators,
            units: firsts,
            dissimilarity: problem.dissimilarity.clone(),
            mean_units_rule: problem.mean_units_rule,
            multiplicity: units.iter().map(|u| u.len() as u32).collect(),
        };
        Some(Stacks {
            problem: stacked,
            units,
        })
    }

    /// The unitary alignments of stacks chosen (stack ids, a unitary alignment once per use)
    /// as unitary alignments of units: each use of a stack takes its next unit, in order (a
    /// cover that uses a stack more often than it has units starts again from its first).
    pub(crate) fn deal(&self, chosen: Vec<Vec<u32>>) -> Vec<Vec<u32>> {
        let mut uses = vec![0usize; self.units.len()];
        chosen
            .into_iter()
            .map(|members| {
                members
                    .into_iter()
                    .map(|stack| {
                        let units = &self.units[stack as usize];
                        let unit = units[uses[stack as usize] % units.len()];
                        uses[stack as usize] += 1;
                        unit
                    })
                    .collect()
            })
            .collect()
    }
}
