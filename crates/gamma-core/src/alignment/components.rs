//! Independent sub-problems: units linked (transitively) by some candidate must be aligned
//! together; units of different components never share a unitary alignment, so each component
//! has its own best alignment and the best alignment of the continuum is their union.

use super::candidates::Candidates;
use super::{AlignmentError, AlignmentProblem};
use rayon::prelude::*;

/// One sub-problem: its units (global ids, ascending) and the candidates among them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    /// Global ids of the component's units, ascending.
    pub units: Vec<u32>,
    /// Indices (in [`Candidates`]) of the candidates made of these units.
    pub candidates: Vec<usize>,
}

/// Components in the order of their smallest unit id. A unit with no candidate is a component
/// of its own with no candidate.
pub fn split(problem: &AlignmentProblem, candidates: &Candidates) -> Vec<Component> {
    let n = problem.units.len();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    fn root(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            let grand = parent[parent[x as usize] as usize];
            parent[x as usize] = grand;
            x = grand;
        }
        x
    }
    for c in 0..candidates.len() {
        let members = candidates.members(c);
        let mut first = root(&mut parent, members[0]);
        for &m in &members[1..] {
            let other = root(&mut parent, m);
            if other != first {
                let (low, high) = if other < first {
                    (other, first)
                } else {
                    (first, other)
                };
                parent[high as usize] = low;
                // `first` may no longer be a root: link the next members to the merged root.
                first = low;
            }
        }
    }
    let mut index_of_root = vec![u32::MAX; n];
    let mut components: Vec<Component> = Vec::new();
    for g in 0..n as u32 {
        let r = root(&mut parent, g) as usize;
        if index_of_root[r] == u32::MAX {
            index_of_root[r] = components.len() as u32;
            components.push(Component {
                units: Vec::new(),
                candidates: Vec::new(),
            });
        }
        components[index_of_root[r] as usize].units.push(g);
    }
    for c in 0..candidates.len() {
        let r = root(&mut parent, candidates.members(c)[0]) as usize;
        components[index_of_root[r] as usize].candidates.push(c);
    }
    components
}

/// A component's problem in local numbering (unit `l` is `component.units[l]`): every
/// candidate and, after them, every unit alone (at `Δ∅`).
pub(crate) struct LocalProblem {
    pub(crate) n_units: usize,
    /// Local unit ids of each choice.
    pub(crate) members: Vec<Vec<usize>>,
    pub(crate) disorders: Vec<f64>,
    /// How many units each local unit stands for (see `stacks`): all 1 but in a problem of
    /// stacks, where a choice may be taken several times.
    pub(crate) multiplicity: Vec<u32>,
}

impl LocalProblem {
    /// Whether some local unit stands for several (only the MILP then solves it).
    pub(crate) fn has_stacks(&self) -> bool {
        self.multiplicity.iter().any(|&m| m > 1)
    }
}

impl Component {
    /// This component's candidates and singletons in local numbering.
    pub(crate) fn localise(
        &self,
        problem: &AlignmentProblem,
        candidates: &Candidates,
    ) -> LocalProblem {
        let local_of = |g: u32| {
            self.units
                .binary_search(&g)
                .expect("candidate unit outside its component")
        };
        let mut members: Vec<Vec<usize>> = self
            .candidates
            .iter()
            .map(|&c| candidates.members(c).iter().map(|&g| local_of(g)).collect())
            .collect();
        let mut disorders: Vec<f64> = self
            .candidates
            .iter()
            .map(|&c| candidates.disorder(c))
            .collect();
        for l in 0..self.units.len() {
            members.push(vec![l]);
            disorders.push(problem.dissimilarity.delta_empty);
        }
        LocalProblem {
            n_units: self.units.len(),
            members,
            disorders,
            multiplicity: self
                .units
                .iter()
                .map(|&g| problem.multiplicity(g as usize))
                .collect(),
        }
    }

    /// The chosen choices of [`Component::localise`]'s numbering (once per use), as global
    /// unit ids.
    pub(crate) fn globalise(&self, local: &LocalProblem, chosen: Vec<usize>) -> Vec<Vec<u32>> {
        chosen
            .into_iter()
            .map(|c| local.members[c].iter().map(|&l| self.units[l]).collect())
            .collect()
    }
}

/// The unitary alignments chosen in some components (global ids) and the sum of their gaps.
type Solved = Result<(Vec<Vec<u32>>, f64), AlignmentError>;

/// Every component solved by `solve` in parallel: the unitary alignments chosen (global ids),
/// in the components' order, and the sum of the gaps `solve` reports (how far above a proven
/// lower bound each component's total may be).
pub(crate) fn solve_each(
    problem: &AlignmentProblem,
    components: &[Component],
    solve: impl Fn(&Component) -> Solved + Sync,
) -> Solved {
    let solved: Vec<Solved> = components.par_iter().with_min_len(16).map(&solve).collect();
    let mut chosen = Vec::with_capacity(problem.units.len());
    let mut gap = 0.0;
    for solved in solved {
        let (component_chosen, component_gap) = solved?;
        chosen.extend(component_chosen);
        gap += component_gap;
    }
    Ok((chosen, gap))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alignment::candidates::Column;
    use crate::dissimilarity::{Dissimilarity, Span};

    /// A tuple whose second and third units already belong to two other groups, both of lower
    /// ids than its first unit's: all three groups must become one component.
    #[test]
    fn a_tuple_joins_every_group_its_units_belong_to() {
        let span = Span {
            start: 0.0,
            end: 1.0,
            category: 0,
        };
        let per_annotator = vec![vec![span; 2], vec![span; 2], vec![span; 2]];
        let d = Dissimilarity::default().resolve(&["x".into()]).unwrap();
        let problem = AlignmentProblem::from_spans(&per_annotator, d);
        // units: a0 = 0, a1 = 1, b0 = 2, b1 = 3, c0 = 4, c1 = 5
        let columns = [
            Column {
                members: vec![0, 3],
                disorder: 0.0,
            },
            Column {
                members: vec![1, 4],
                disorder: 0.0,
            },
            Column {
                members: vec![2, 3, 4],
                disorder: 0.0,
            },
        ];
        let candidates = Candidates::from_columns(&columns);
        let components = split(&problem, &candidates);
        let big = components.iter().find(|c| c.units.contains(&2)).unwrap();
        assert_eq!(big.units, vec![0, 1, 2, 3, 4]);
        assert_eq!(big.candidates, vec![0, 1, 2]);
    }
}
