//! The paths through the optimal moves that the reference's rules follow, and the best
//! pairing of the two annotations' units along them: the paths form a graph of cells on which a
//! small state machine ([`PathState`]) finds the most pairs, then the least dissimilarity.

use super::moves::{DIAGONAL, GAP_IN_FIRST, GAP_IN_SECOND, OptimalMoves, optimal_moves};
use super::symbols::{AlignError, GapCosts, Symbol};
use std::collections::HashMap;

/// Moves followed at a cell, by the reference's rules.
fn followed_moves(a: &[Symbol], b: &[Symbol], i: usize, j: usize, optimal: u8) -> u8 {
    let sa = (i > 0).then(|| a[i - 1]);
    let sb = (j > 0).then(|| b[j - 1]);
    let boundary = sa.is_some_and(Symbol::is_boundary) || sb.is_some_and(Symbol::is_boundary);
    if !boundary {
        for flag in [DIAGONAL, GAP_IN_FIRST, GAP_IN_SECOND] {
            if optimal & flag != 0 {
                return flag;
            }
        }
        return 0;
    }
    if i > 0 && j > 0 {
        if optimal & DIAGONAL != 0 && sa == Some(Symbol::Open) {
            return DIAGONAL;
        }
        if sa == Some(Symbol::Open) && optimal & GAP_IN_FIRST != 0 {
            return GAP_IN_FIRST;
        }
        if sb == Some(Symbol::Open) && optimal & GAP_IN_SECOND != 0 {
            return GAP_IN_SECOND;
        }
    }
    optimal
}

/// Which units are open along a path, and whether the two open ones began at the same aligned
/// position (see the module documentation). Packed in a byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
struct PathState {
    /// 0 no unit open, 1 open, 2 opened at the current position.
    first: u8,
    second: u8,
    /// Both open, and they began at the same position.
    same_begin: bool,
    /// The first's unit closed at the current position, having begun with the second's open
    /// unit (a pair if the second closes here too).
    first_closed_here: bool,
    second_closed_here: bool,
}

/// One side of a column: what a string contributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Event {
    Text,
    Open,
    Close,
}

fn event(symbol: Option<Symbol>) -> Option<Event> {
    symbol.map(|s| match s {
        Symbol::Char(_) => Event::Text,
        Symbol::Open => Event::Open,
        Symbol::Close => Event::Close,
    })
}

/// A pair completed by a column: (unit of the first, unit of the second), by index.
type Completed = Option<(usize, usize)>;

impl PathState {
    /// The state after a column. `closed_first` / `closed_second`: how many units each string
    /// has closed once the column is passed (a pair completed here is always the last unit
    /// each closed: units are not empty, so no string closes twice at one position).
    fn step(
        mut self,
        first: Option<Event>,
        second: Option<Event>,
        closed_first: usize,
        closed_second: usize,
    ) -> (PathState, Completed) {
        let text =
            matches!(first, None | Some(Event::Text)) && matches!(second, None | Some(Event::Text));
        if text {
            if self.first == 2 {
                self.first = 1;
            }
            if self.second == 2 {
                self.second = 1;
            }
            self.first_closed_here = false;
            self.second_closed_here = false;
            return (self, None);
        }
        let mut completed = None;
        // Within one boundary column the first string's event comes first.
        for (side, event) in [(0, first), (1, second)] {
            match event {
                Some(Event::Open) => {
                    let other_opened_here = if side == 0 { self.second } else { self.first } == 2;
                    if side == 0 {
                        self.first = 2;
                    } else {
                        self.second = 2;
                    }
                    self.same_begin = other_opened_here;
                }
                Some(Event::Close) => {
                    let (other_open, other_closed_here) = if side == 0 {
                        (self.second != 0, self.second_closed_here)
                    } else {
                        (self.first != 0, self.first_closed_here)
                    };
                    if other_closed_here {
                        completed = Some((closed_first - 1, closed_second - 1));
                        self.first_closed_here = false;
                        self.second_closed_here = false;
                    } else if other_open && self.same_begin {
                        if side == 0 {
                            self.first_closed_here = true;
                        } else {
                            self.second_closed_here = true;
                        }
                    }
                    if side == 0 {
                        self.first = 0;
                    } else {
                        self.second = 0;
                    }
                    self.same_begin = false;
                }
                Some(Event::Text) | None => {}
            }
        }
        (self, completed)
    }
}

/// The best pairing of two annotations' units.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Pairing {
    /// Pairs of coextensive units (index in the first, index in the second), in text order.
    pub pairs: Vec<(usize, usize)>,
    /// Sum of the dissimilarities of the pairs.
    pub pair_dissimilarity: f64,
    /// Number of optimal paths' cells explored (for diagnostics).
    pub cells: usize,
    /// Cost of the optimal text alignment.
    pub alignment_cost: u64,
}

#[derive(Debug, Clone, Copy)]
struct Best {
    state: PathState,
    count: u32,
    dissimilarity: f64,
    /// Predecessor: node index and index of its entry.
    from: Option<(u32, u8)>,
    completed: Completed,
}

fn better(count: u32, dissimilarity: f64, than: &Best) -> bool {
    count > than.count || (count == than.count && dissimilarity < than.dissimilarity)
}

/// Aligns two symbol strings and returns the pairing with the most pairs, then the least
/// dissimilarity; `d(i, j)` is the dissimilarity of unit `i` of the first and `j` of the
/// second.
pub(crate) fn best_pairing(
    a: &[Symbol],
    b: &[Symbol],
    costs: &GapCosts,
    max_cells: u64,
    d: impl Fn(usize, usize) -> f64,
) -> Result<Pairing, AlignError> {
    let mut matrix = optimal_moves(a, b, costs, max_cells)?;
    let graph = PathGraph::new(a, b, &mut matrix);
    let alignment_cost = matrix.cost;
    drop(matrix);
    let best = best_by_state(a, b, &graph, d);
    let end = graph.index[&(a.len() as u32, b.len() as u32)];
    let (pairs, chosen) = trace_back(&best, end);
    Ok(Pairing {
        pairs,
        pair_dissimilarity: chosen.dissimilarity,
        cells: graph.cells.len(),
        alignment_cost,
    })
}

/// The cells of the followed optimal paths, as a graph.
struct PathGraph {
    /// The node of each cell `(i, j)`.
    index: HashMap<(u32, u32), u32>,
    /// Each node's cell and the moves followed from it.
    cells: Vec<(u32, u32, u8)>,
}

impl PathGraph {
    /// The cells reachable from (n, m) backwards by the followed moves, visited row by row
    /// from the last (so that each block of moves is recomputed once).
    fn new(a: &[Symbol], b: &[Symbol], matrix: &mut OptimalMoves) -> PathGraph {
        let (n, m) = (a.len() as u32, b.len() as u32);
        let mut index: HashMap<(u32, u32), u32> = HashMap::new();
        let mut cells: Vec<(u32, u32, u8)> = Vec::new();
        let mut queue = std::collections::BinaryHeap::new();
        queue.push((n, m));
        index.insert((n, m), 0);
        cells.push((n, m, 0));
        while let Some((i, j)) = queue.pop() {
            let (iu, ju) = (i as usize, j as usize);
            if iu == 0 && ju == 0 {
                continue;
            }
            let followed = followed_moves(a, b, iu, ju, matrix.moves(iu, ju));
            let node = index[&(i, j)];
            cells[node as usize].2 = followed;
            for (flag, (pi, pj)) in [
                (DIAGONAL, (i.wrapping_sub(1), j.wrapping_sub(1))),
                (GAP_IN_FIRST, (i, j.wrapping_sub(1))),
                (GAP_IN_SECOND, (i.wrapping_sub(1), j)),
            ] {
                if followed & flag != 0 && !index.contains_key(&(pi, pj)) {
                    index.insert((pi, pj), cells.len() as u32);
                    cells.push((pi, pj, 0));
                    queue.push((pi, pj));
                }
            }
        }
        PathGraph { index, cells }
    }
}

/// The number of closing boundaries before each position of `s` (the index of the next unit
/// to close).
fn closes_before(s: &[Symbol]) -> Vec<usize> {
    let mut prefix = Vec::with_capacity(s.len() + 1);
    let mut count = 0usize;
    prefix.push(0);
    for symbol in s {
        if *symbol == Symbol::Close {
            count += 1;
        }
        prefix.push(count);
    }
    prefix
}

/// Forward dynamic programming over the graph in order of (i, j): for each cell, the best
/// way to reach it in each path state.
fn best_by_state(
    a: &[Symbol],
    b: &[Symbol],
    graph: &PathGraph,
    d: impl Fn(usize, usize) -> f64,
) -> Vec<Vec<Best>> {
    let (closes_a, closes_b) = (closes_before(a), closes_before(b));
    let PathGraph { index, cells } = graph;
    let mut order: Vec<u32> = (0..cells.len() as u32).collect();
    order.sort_by_key(|&c| {
        let (i, j, _) = cells[c as usize];
        (i, j)
    });
    let mut best: Vec<Vec<Best>> = vec![Vec::new(); cells.len()];
    let origin = *index.get(&(0, 0)).expect("every path ends at the origin");
    best[origin as usize].push(Best {
        state: PathState::default(),
        count: 0,
        dissimilarity: 0.0,
        from: None,
        completed: None,
    });
    for &node in &order {
        let (i, j, followed) = cells[node as usize];
        if (i, j) == (0, 0) {
            continue;
        }
        let (iu, ju) = (i as usize, j as usize);
        let mut entries: Vec<Best> = Vec::new();
        for (flag, (pi, pj), first, second) in [
            (
                DIAGONAL,
                (i.wrapping_sub(1), j.wrapping_sub(1)),
                Some(a.get(iu.wrapping_sub(1))),
                Some(b.get(ju.wrapping_sub(1))),
            ),
            (
                GAP_IN_FIRST,
                (i, j.wrapping_sub(1)),
                None,
                Some(b.get(ju.wrapping_sub(1))),
            ),
            (
                GAP_IN_SECOND,
                (i.wrapping_sub(1), j),
                Some(a.get(iu.wrapping_sub(1))),
                None,
            ),
        ] {
            if followed & flag == 0 {
                continue;
            }
            let previous = index[&(pi, pj)];
            let first = event(first.flatten().copied());
            let second = event(second.flatten().copied());
            let (closed_first, closed_second) = (closes_a[iu], closes_b[ju]);
            for (entry_index, entry) in best[previous as usize].iter().enumerate() {
                let (state, completed) =
                    entry.state.step(first, second, closed_first, closed_second);
                let (count, dissimilarity) = match completed {
                    Some((x, y)) => (entry.count + 1, entry.dissimilarity + d(x, y)),
                    None => (entry.count, entry.dissimilarity),
                };
                keep_better(
                    &mut entries,
                    Best {
                        state,
                        count,
                        dissimilarity,
                        from: Some((previous, entry_index as u8)),
                        completed,
                    },
                );
            }
        }
        best[node as usize] = entries;
    }
    best
}

/// Adds `candidate` to the entries of a cell, or replaces the entry of the same state if the
/// candidate is [better].
fn keep_better(entries: &mut Vec<Best>, candidate: Best) {
    match entries.iter_mut().find(|e| e.state == candidate.state) {
        Some(existing) if !better(candidate.count, candidate.dissimilarity, existing) => {}
        Some(existing) => *existing = candidate,
        None => entries.push(candidate),
    }
}

/// The best entry of the end cell and the pairs completed along its path, in text order.
fn trace_back(best: &[Vec<Best>], end: u32) -> (Vec<(usize, usize)>, Best) {
    let winner = best[end as usize]
        .iter()
        .enumerate()
        .fold(None::<(usize, &Best)>, |chosen, (k, entry)| match chosen {
            Some((_, c)) if !better(entry.count, entry.dissimilarity, c) => chosen,
            _ => Some((k, entry)),
        })
        .map(|(k, _)| k)
        .expect("the end cell is reached");
    let mut pairs = Vec::new();
    let (mut node, mut entry) = (end, winner);
    loop {
        let current = best[node as usize][entry];
        if let Some(pair) = current.completed {
            pairs.push(pair);
        }
        match current.from {
            Some((previous, previous_entry)) => {
                node = previous;
                entry = previous_entry as usize;
            }
            None => break,
        }
    }
    pairs.reverse();
    (pairs, best[end as usize][winner])
}

/// A column of an alignment: the first string's symbol or a gap, the second's or a gap.
pub type Column = (Option<Symbol>, Option<Symbol>);

/// The aligned strings of one optimal path (the first one the rules follow), for display:
/// each column as (symbol of the first or gap, symbol of the second or gap).
#[cfg(test)]
pub(crate) fn first_path(
    a: &[Symbol],
    b: &[Symbol],
    costs: &GapCosts,
    max_cells: u64,
) -> Result<Vec<Column>, AlignError> {
    let mut matrix = optimal_moves(a, b, costs, max_cells)?;
    let (mut i, mut j) = (a.len(), b.len());
    let mut columns = Vec::new();
    while i > 0 || j > 0 {
        let followed = followed_moves(a, b, i, j, matrix.moves(i, j));
        if followed & DIAGONAL != 0 {
            columns.push((Some(a[i - 1]), Some(b[j - 1])));
            i -= 1;
            j -= 1;
        } else if followed & GAP_IN_FIRST != 0 {
            columns.push((None, Some(b[j - 1])));
            j -= 1;
        } else {
            columns.push((Some(a[i - 1]), None));
            i -= 1;
        }
    }
    columns.reverse();
    Ok(columns)
}
