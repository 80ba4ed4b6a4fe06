//! Independent sub-problems: units linked (transitively) by some candidate must be aligned
//! together; units of different components never share a unitary alignment, so each component
//! has its own best alignment and the best alignment of the continuum is their union.

use super::AlignmentProblem;
use super::candidates::Candidates;

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
        let first = root(&mut parent, members[0]);
        for &m in &members[1..] {
            let other = root(&mut parent, m);
            if other != first {
                let (low, high) = if other < first {
                    (other, first)
                } else {
                    (first, other)
                };
                parent[high as usize] = low;
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
