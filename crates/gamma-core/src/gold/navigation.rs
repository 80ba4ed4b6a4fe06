//! Navigation among the open proposals: next or previous in a given order, disagreements
//! before unanimous ones, optionally filtered by category or annotator.

use super::Adjudication;
use super::model::{Decision, Direction, Filter};

impl Adjudication {
    /// The next (or previous) open proposal after `current` in `order` (a permutation of the
    /// proposal indices, e.g. worst first), wrapping around, among those passing `filter`.
    /// Open disagreements come first; an open unanimous proposal is visited only when no open
    /// disagreement is left.
    pub fn next_open(
        &self,
        order: &[usize],
        current: Option<usize>,
        direction: Direction,
        filter: &Filter,
    ) -> Option<usize> {
        let n = order.len();
        if n == 0 {
            return None;
        }
        let here = current.and_then(|c| order.iter().position(|&i| i == c));
        let candidates = (1..=n).map(|step| match (here, direction) {
            (Some(h), Direction::Next) => order[(h + step) % n],
            (Some(h), Direction::Previous) => order[(h + n * 2 - step) % n],
            (None, Direction::Next) => order[step - 1],
            (None, Direction::Previous) => order[n - step],
        });
        let wanted: Vec<usize> = candidates
            .filter(|&i| {
                self.decisions.get(i).is_some_and(Decision::is_open) && self.passes(i, filter)
            })
            .collect();
        wanted
            .iter()
            .copied()
            .find(|&i| !self.is_unanimous(i))
            .or_else(|| wanted.first().copied())
    }

    fn passes(&self, index: usize, filter: &Filter) -> bool {
        let members = self.members(index);
        filter
            .category
            .as_ref()
            .is_none_or(|c| members.iter().any(|(_, u)| &u.category == c))
            && filter
                .annotator
                .is_none_or(|a| members.iter().any(|(b, _)| *b == a))
    }
}
