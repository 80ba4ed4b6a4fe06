//! The tγ alignment of two annotated texts (Barteld, Schröder & Zinsmeister 2016, §4).
//!
//! 1. Each text becomes a string of symbols: its characters, with an opening boundary before
//!    and a closing boundary after every unit.
//! 2. The two strings are aligned globally with matches and gaps only (a gap costs `gap_text`
//!    at a character and `gap_boundary` at a boundary; a mismatch would cost more than two gaps,
//!    so it never occurs).
//! 3. Among the optimal alignments, alternatives are followed only where a boundary is involved,
//!    with the reference implementation's rules (TextGammaTool): at an opening boundary the
//!    boundary stays glued to its unit; elsewhere next to a boundary every optimal move is
//!    followed; away from boundaries the first optimal move (match, then a gap in the first
//!    string, then a gap in the second) is taken.
//! 4. On each such path, units of the two annotators that cover exactly the same span of
//!    aligned positions (boundary columns do not count as positions) are paired; the others
//!    are paired with ∅. The paths with the most pairs are kept, and of those the one with the
//!    least disorder is the result.
//!
//! The search is exact and needs neither the full dynamic-programming matrix nor the list of
//! paths: the matrix is computed in a diagonal band that provably holds every optimal path
//! (its width follows from the alignment cost, so memory grows with the text length times the
//! number of differences), and the paths are explored as a graph of cells on which a small
//! state machine (which units are open, and whether they opened together) finds the best pairing
//! by dynamic programming — the number of paths may be exponential, the cells are not.

use std::collections::HashMap;

/// A symbol of the boundary-augmented text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symbol {
    Char(char),
    Open,
    Close,
}

impl Symbol {
    fn is_boundary(self) -> bool {
        !matches!(self, Symbol::Char(_))
    }
}

/// The symbols of a text with boundaries around the units `[start, end)` (sorted, disjoint,
/// non-empty, inside the text).
pub fn symbols(text: &[char], units: &[(usize, usize)]) -> Result<Vec<Symbol>, String> {
    let mut out = Vec::with_capacity(text.len() + 2 * units.len());
    let mut next = 0;
    let mut open_end: Option<usize> = None;
    for position in 0..=text.len() {
        if open_end == Some(position) {
            out.push(Symbol::Close);
            open_end = None;
        }
        if let Some(&(start, end)) = units.get(next)
            && start == position
        {
            if end <= start || end > text.len() {
                return Err(format!(
                    "unit [{start}, {end}) is empty or beyond the {}-character text",
                    text.len()
                ));
            }
            if open_end.is_some() {
                return Err(format!("unit [{start}, {end}) overlaps the previous unit"));
            }
            out.push(Symbol::Open);
            open_end = Some(end);
            next += 1;
        }
        if let Some(&c) = text.get(position) {
            out.push(Symbol::Char(c));
        }
    }
    if let Some(&(start, end)) = units.get(next) {
        return Err(format!(
            "unit [{start}, {end}) is not sorted, overlaps another or lies outside the text"
        ));
    }
    Ok(out)
}

/// Gap costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GapCosts {
    pub text: u32,
    pub boundary: u32,
}

impl Default for GapCosts {
    fn default() -> Self {
        GapCosts {
            text: 1,
            boundary: 1,
        }
    }
}

impl GapCosts {
    fn of(&self, symbol: Symbol) -> u64 {
        if symbol.is_boundary() {
            self.boundary as u64
        } else {
            self.text as u64
        }
    }

    fn cheapest(&self) -> u64 {
        self.text.min(self.boundary).max(1) as u64
    }
}

const DIAGONAL: u8 = 1;
/// Consume a symbol of the second string, a gap in the first.
const GAP_IN_FIRST: u8 = 2;
/// Consume a symbol of the first string, a gap in the second.
const GAP_IN_SECOND: u8 = 4;

/// Why two texts cannot be aligned.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AlignError {
    #[error(
        "the texts differ too much to be aligned: about {differences} differences over {length} symbols would need a band of {cells} cells (limit {limit}); are these annotations of the same text?"
    )]
    TooDifferent {
        differences: u64,
        length: usize,
        cells: u64,
        limit: u64,
    },
}

/// Larger than any alignment cost, and still far from overflowing when a gap is added.
const INFINITE: u32 = 1 << 30;

/// The diagonal band `dmin ≤ i − j ≤ dmin + width − 1` of the dynamic-programming matrix.
#[derive(Debug, Clone, Copy)]
struct Band {
    dmin: i64,
    width: usize,
}

impl Band {
    fn slot(&self, i: usize, j: usize) -> Option<usize> {
        let k = (i as i64 - j as i64) - self.dmin;
        (k >= 0 && (k as usize) < self.width).then_some(k as usize)
    }
}

/// The strings as the inner loop wants them: a code per symbol (characters, then the two
/// boundaries) and its gap cost.
struct Coded {
    codes: Vec<u32>,
    gaps: Vec<u32>,
}

impl Coded {
    fn new(symbols: &[Symbol], costs: &GapCosts) -> Coded {
        Coded {
            codes: symbols
                .iter()
                .map(|s| match s {
                    Symbol::Char(c) => *c as u32,
                    Symbol::Open => 0x11_0000,
                    Symbol::Close => 0x11_0001,
                })
                .collect(),
            gaps: symbols.iter().map(|s| costs.of(*s) as u32).collect(),
        }
    }
}

/// Row 0 of the band: gaps only.
fn first_row(b: &Coded, band: Band, row: &mut [u32], flags: &mut [u8]) {
    row.fill(INFINITE);
    flags.fill(0);
    let mut running = 0u32;
    for j in 0..=b.codes.len() {
        if j > 0 {
            running = (running + b.gaps[j - 1]).min(INFINITE);
        }
        if let Some(k) = band.slot(0, j) {
            row[k] = running.min(INFINITE);
            if j > 0 {
                flags[k] = GAP_IN_FIRST;
            }
        }
    }
}

/// A cell can be on an optimal path only if its prefix cost plus the least cost of reaching
/// the end from it (`g·|Δ − δ|`) is at most a known upper bound of the alignment cost.
#[derive(Debug, Clone, Copy)]
struct Cutoff {
    bound: u32,
    cheapest_gap: u32,
    delta: i64,
}

/// Slots `lo..=hi` of a row that hold finite values (`None`: none).
type Active = Option<(usize, usize)>;

/// Row `i` (≥ 1) from row `i − 1`, computing only cells that can be on an optimal path: those
/// reachable from the previous row's active slots that pass the cutoff. `previous` must hold
/// `INFINITE` outside its active slots; `current` must hold `INFINITE` everywhere (the caller
/// clears what it wrote before). Returns the active slots of the row.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn next_row_pruned<const FLAGS: bool>(
    a: &Coded,
    b: &Coded,
    band: Band,
    cutoff: Cutoff,
    i: usize,
    previous: &[u32],
    previous_active: Active,
    current: &mut [u32],
    flags: &mut [u8],
) -> Active {
    let (previous_lo, previous_hi) = previous_active?;
    let width = band.width;
    let m = b.codes.len() as i64;
    let code_a = a.codes[i - 1];
    let gap_a = a.gaps[i - 1];
    // Slot k of this row is column j = top − k; slot k of the previous row is column j − 1.
    let top = i as i64 - band.dmin;
    let k_low = (top - m).max(0);
    let k_high = top.min(width as i64 - 1);
    let start = (previous_hi as i64 + 1).min(k_high);
    if start < k_low {
        return None;
    }
    let (start, k_low) = (start as usize, k_low as usize);
    let from_previous_lo = previous_lo.max(k_low);
    // 1. Diagonal and vertical moves from the previous row (independent cells).
    if from_previous_lo <= start {
        let interior_lo = from_previous_lo.max(1);
        let interior_hi = (start as i64).min(top - 1);
        if interior_lo as i64 <= interior_hi {
            let interior_hi = interior_hi as usize;
            // Column j − 1 of slot k is top − k − 1: decreasing as k grows.
            let b_lo = (top - interior_hi as i64 - 1) as usize;
            let b_hi = (top - interior_lo as i64 - 1) as usize;
            let codes = b.codes[b_lo..=b_hi].iter().rev();
            let cells = current[interior_lo..=interior_hi]
                .iter_mut()
                .zip(&previous[interior_lo..=interior_hi])
                .zip(&previous[interior_lo - 1..interior_hi])
                .zip(codes);
            for (((cell, &diagonal), &up), &code) in cells {
                let diagonal = if code == code_a { diagonal } else { INFINITE };
                *cell = diagonal.min(up + gap_a);
            }
        }
        if from_previous_lo == 0 {
            // Slot 0: no vertical move (it would come from slot −1).
            let j = top;
            current[0] = if j > 0 && b.codes[(j - 1) as usize] == code_a {
                previous[0]
            } else {
                INFINITE
            };
        }
        if start as i64 == top && top >= 1 {
            // Column 0: only the vertical move.
            current[start] = previous[start - 1] + gap_a;
        }
    }
    // 2. Horizontal moves along the row (j increasing = k decreasing), then the cutoff.
    let mut active: Active = None;
    let mut left = INFINITE;
    let mut k = start;
    let first_delta = band.dmin - cutoff.delta;
    loop {
        let j = top - k as i64;
        let mut best = if k >= from_previous_lo {
            current[k]
        } else {
            INFINITE
        };
        if j > 0 {
            best = best.min(left + b.gaps[(j - 1) as usize]);
        }
        let to_end = (k as i64 + first_delta).unsigned_abs() as u32 * cutoff.cheapest_gap;
        if best >= INFINITE || best + to_end > cutoff.bound {
            best = INFINITE;
        } else {
            active = Some(match active {
                None => (k, k),
                Some((_, hi)) => (k, hi),
            });
        }
        current[k] = best;
        left = best;
        if k == k_low || (k <= from_previous_lo && best >= INFINITE) {
            break;
        }
        k -= 1;
    }
    // Slots written in step 1 but dropped: back to INFINITE (callers rely on it).
    let (lo, hi) = active.unwrap_or((usize::MAX, 0));
    for (k, cell) in current
        .iter_mut()
        .enumerate()
        .take(start + 1)
        .skip(from_previous_lo)
    {
        if k < lo || k > hi {
            *cell = INFINITE;
        }
    }
    // 3. Which moves reach each kept cell at its cost.
    if FLAGS && let Some((lo, hi)) = active {
        for k in lo..=hi {
            let best = current[k];
            if best >= INFINITE {
                flags[k] = 0;
                continue;
            }
            let j = top - k as i64;
            let up = if k > 0 {
                previous[k - 1] + gap_a
            } else {
                INFINITE
            };
            let (diagonal, left) = if j > 0 {
                let b_index = (j - 1) as usize;
                let diagonal = if b.codes[b_index] == code_a {
                    previous[k]
                } else {
                    INFINITE
                };
                let left = if k + 1 < width {
                    current[k + 1] + b.gaps[b_index]
                } else {
                    INFINITE
                };
                (diagonal, left)
            } else {
                (INFINITE, INFINITE)
            };
            flags[k] = (u8::from(diagonal == best) * DIAGONAL)
                | (u8::from(left == best) * GAP_IN_FIRST)
                | (u8::from(up == best) * GAP_IN_SECOND);
        }
    }
    active
}

/// Sets the active slots of a row back to `INFINITE`.
fn clear(row: &mut [u32], active: Active) {
    if let Some((lo, hi)) = active {
        row[lo..=hi].fill(INFINITE);
    }
}

/// The optimal moves of the cells that can be on an optimal path, kept as cost rows every
/// `every` rows; the moves of a block of rows are recomputed from its checkpoint when asked for
/// (rows are asked for in decreasing order).
struct OptimalMoves {
    a: Coded,
    b: Coded,
    band: Band,
    cutoff: Cutoff,
    every: usize,
    checkpoints: Vec<(Vec<u32>, Active)>,
    cost: u64,
    /// Blocks of moves at hand, by their first row (1 byte a slot; 0 for cells that cannot be
    /// on an optimal path): the one asked for and the one below it, computed side by side.
    blocks: Vec<(usize, Vec<u8>)>,
    row0: Vec<u8>,
}

fn active_of(row: &[u32]) -> Active {
    let lo = row.iter().position(|&v| v < INFINITE)?;
    let hi = row.iter().rposition(|&v| v < INFINITE)?;
    Some((lo, hi))
}

impl OptimalMoves {
    /// One pass: the alignment cost within the band and the cutoff, and the checkpoints.
    fn pass(a: Coded, b: Coded, band: Band, cutoff: Cutoff, every: usize) -> OptimalMoves {
        let mut previous = vec![INFINITE; band.width];
        let mut current = vec![INFINITE; band.width];
        let mut flags = vec![0u8; band.width];
        let mut row0 = vec![0u8; band.width];
        first_row(&b, band, &mut previous, &mut row0);
        let mut active = active_of(&previous);
        let mut checkpoints = vec![(previous.clone(), active)];
        let mut stale: Active = None;
        for i in 1..=a.codes.len() {
            clear(&mut current, stale);
            let next = next_row_pruned::<false>(
                &a,
                &b,
                band,
                cutoff,
                i,
                &previous,
                active,
                &mut current,
                &mut flags,
            );
            stale = active;
            active = next;
            std::mem::swap(&mut previous, &mut current);
            if i % every == 0 {
                let mut row = vec![INFINITE; band.width];
                if let Some((lo, hi)) = active {
                    row[lo..=hi].copy_from_slice(&previous[lo..=hi]);
                }
                checkpoints.push((row, active));
            }
        }
        let end = band
            .slot(a.codes.len(), b.codes.len())
            .expect("the band holds the end cell");
        let reached = active.is_some_and(|(lo, hi)| end >= lo && end <= hi);
        let cost = if reached {
            previous[end] as u64
        } else {
            INFINITE as u64
        };
        OptimalMoves {
            a,
            b,
            band,
            cutoff,
            every,
            checkpoints,
            cost,
            blocks: Vec::new(),
            row0,
        }
    }

    /// Optimal moves into cell (i, j) (0 outside the band).
    fn moves(&mut self, i: usize, j: usize) -> u8 {
        let Some(k) = self.band.slot(i, j) else {
            return 0;
        };
        if j > self.b.codes.len() || i > self.a.codes.len() {
            return 0;
        }
        if i == 0 {
            return self.row0[k];
        }
        let start = (i - 1) / self.every * self.every;
        if !self.blocks.iter().any(|(s, _)| *s == start) {
            // Rows are asked for in decreasing order: the block below comes next.
            let below = start.checked_sub(self.every);
            let (block, next) =
                rayon::join(|| self.block(start), || below.map(|b| (b, self.block(b))));
            self.blocks = std::iter::once((start, block)).chain(next).collect();
        }
        let (_, block) = self
            .blocks
            .iter()
            .find(|(s, _)| *s == start)
            .expect("just computed");
        block[(i - 1 - start) * self.band.width + k]
    }

    /// Rows `start + 1 ..= start + every` from the checkpoint of row `start`.
    fn block(&self, start: usize) -> Vec<u8> {
        let width = self.band.width;
        let rows = self.every.min(self.a.codes.len() - start);
        let mut block = vec![0u8; self.every * width];
        let (checkpoint, first_active) = &self.checkpoints[start / self.every];
        let mut active = *first_active;
        let mut previous = checkpoint.clone();
        let mut current = vec![INFINITE; width];
        let mut stale: Active = None;
        for r in 0..rows {
            let i = start + r + 1;
            let flags = &mut block[r * width..(r + 1) * width];
            clear(&mut current, stale);
            stale = active;
            active = next_row_pruned::<true>(
                &self.a,
                &self.b,
                self.band,
                self.cutoff,
                i,
                &previous,
                active,
                &mut current,
                flags,
            );
            std::mem::swap(&mut previous, &mut current);
        }
        block
    }
}

/// The moves of every cell that can be on an optimal path. First, passes in narrow bands
/// (16 and 64 diagonals beyond |Δ|, wider only if the bound is too loose to fit) give an upper bound `C` of the alignment cost; then
/// one pass over the band that bound proves sufficient (a path through a cell with offset
/// δ = i − j costs at least g·(|δ| + |Δ − δ|), g the cheapest gap) computes only the cells
/// whose prefix cost plus g·|Δ − δ| is at most `C` — all cells of all optimal paths.
fn optimal_moves(
    a: &[Symbol],
    b: &[Symbol],
    costs: &GapCosts,
    max_cells: u64,
) -> Result<OptimalMoves, AlignError> {
    let delta = a.len() as i64 - b.len() as i64;
    let g = costs.cheapest();
    let longest = a.len().max(b.len()) as u64;
    let too_different = |extra: i64, cells: u64| AlignError::TooDifferent {
        differences: (extra.max(0) as u64) * 2 + delta.unsigned_abs(),
        length: longest as usize,
        cells,
        limit: max_cells,
    };
    if (a.len() + b.len()) as u64 * u64::from(costs.text.max(costs.boundary)) >= u64::from(INFINITE)
    {
        return Err(too_different(longest as i64, u64::MAX));
    }
    // Checkpoints every √(4·rows) rows: checkpoints (4 bytes a slot) and one block of moves
    // (1 byte a slot) take about the same room.
    let every = ((4.0 * (a.len() + 1) as f64).sqrt() as usize).max(16);
    let band_of = |extra: i64| Band {
        dmin: delta.min(0) - extra,
        width: (delta.abs() + 2 * extra + 1) as usize,
    };
    let room = |band: Band| {
        (a.len() as u64 / every as u64 + 2) * band.width as u64 * 4 + (every * band.width) as u64
    };
    let no_cutoff = Cutoff {
        bound: INFINITE,
        cheapest_gap: 0,
        delta,
    };
    let (ca, cb) = (Coded::new(a, costs), Coded::new(b, costs));
    let mut extra: i64 = 16;
    let mut bound = u64::MAX;
    loop {
        let band = band_of(extra);
        if room(band) > max_cells {
            break;
        }
        let cost = OptimalMoves::pass(
            Coded::new(a, costs),
            Coded::new(b, costs),
            band,
            no_cutoff,
            a.len() + 1,
        )
        .cost;
        let improved = cost < bound;
        bound = bound.min(cost);
        let needed = ((bound / g) as i64 - delta.abs()).max(0) / 2;
        // Two passes (16 and 64 diagonals) give a good bound when the texts drift apart
        // little; wider ones only while the bound is too loose for the final band to fit.
        let fits = room(band_of(needed)) <= max_cells;
        if needed <= extra || !improved || (extra >= 64 && fits) {
            break;
        }
        extra *= 4;
    }
    let extra = ((bound / g) as i64 - delta.abs()).max(0) / 2;
    let band = band_of(extra);
    if bound >= u64::from(INFINITE) || room(band) > max_cells {
        return Err(too_different(extra, room(band)));
    }
    let cutoff = Cutoff {
        bound: bound as u32,
        cheapest_gap: g as u32,
        delta,
    };
    let moves = OptimalMoves::pass(ca, cb, band, cutoff, every);
    Ok(moves)
}

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
pub struct Pairing {
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
pub fn best_pairing(
    a: &[Symbol],
    b: &[Symbol],
    costs: &GapCosts,
    max_cells: u64,
    d: impl Fn(usize, usize) -> f64,
) -> Result<Pairing, AlignError> {
    let mut matrix = optimal_moves(a, b, costs, max_cells)?;
    let (n, m) = (a.len(), b.len());
    // Cells reachable from (n, m) backwards by the followed moves, visited row by row from the
    // last (so that each block of moves is recomputed once).
    let mut index: HashMap<(u32, u32), u32> = HashMap::new();
    let mut cells: Vec<(u32, u32, u8)> = Vec::new();
    let mut queue = std::collections::BinaryHeap::new();
    queue.push((n as u32, m as u32));
    index.insert((n as u32, m as u32), 0);
    cells.push((n as u32, m as u32, 0));
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
    let alignment_cost = matrix.cost;
    drop(matrix);
    // Closing boundaries before each position (unit indices).
    let closes_before = |s: &[Symbol]| {
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
    };
    let (closes_a, closes_b) = (closes_before(a), closes_before(b));
    // Forward dynamic programming in order of i + j.
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
                match entries.iter_mut().find(|e| e.state == state) {
                    Some(existing) if !better(count, dissimilarity, existing) => {}
                    Some(existing) => {
                        *existing = Best {
                            state,
                            count,
                            dissimilarity,
                            from: Some((previous, entry_index as u8)),
                            completed,
                        }
                    }
                    None => entries.push(Best {
                        state,
                        count,
                        dissimilarity,
                        from: Some((previous, entry_index as u8)),
                        completed,
                    }),
                }
            }
        }
        best[node as usize] = entries;
    }
    let end = index[&(n as u32, m as u32)];
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
    let chosen = best[end as usize][winner];
    Ok(Pairing {
        pairs,
        pair_dissimilarity: chosen.dissimilarity,
        cells: cells.len(),
        alignment_cost,
    })
}

/// A column of an alignment: the first string's symbol or a gap, the second's or a gap.
pub type Column = (Option<Symbol>, Option<Symbol>);

/// The aligned strings of one optimal path (the first one the rules follow), for display:
/// each column as (symbol of the first or gap, symbol of the second or gap).
pub fn first_path(
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

#[cfg(test)]
mod tests {
    use super::*;

    fn annotated(text: &str) -> (Vec<char>, Vec<(usize, usize)>) {
        // "«a» «b»" notation: « and » mark units.
        let mut chars = Vec::new();
        let mut units = Vec::new();
        let mut start = 0;
        for c in text.chars() {
            match c {
                '«' => start = chars.len(),
                '»' => units.push((start, chars.len())),
                c => chars.push(c),
            }
        }
        (chars, units)
    }

    fn render(columns: &[Column], first: bool) -> String {
        columns
            .iter()
            .map(|c| match if first { c.0 } else { c.1 } {
                None => '―',
                Some(Symbol::Open) => '«',
                Some(Symbol::Close) => '»',
                Some(Symbol::Char(c)) => c,
            })
            .collect()
    }

    fn pairing(a: &str, b: &str) -> Pairing {
        let (ta, ua) = annotated(a);
        let (tb, ub) = annotated(b);
        let sa = symbols(&ta, &ua).unwrap();
        let sb = symbols(&tb, &ub).unwrap();
        best_pairing(&sa, &sb, &GapCosts::default(), 1 << 30, |_, _| 0.0).unwrap()
    }

    #[test]
    fn symbols_put_boundaries_around_units() {
        let (text, units) = annotated("«van»«der» «to»");
        let s = symbols(&text, &units).unwrap();
        let shown: String = s
            .iter()
            .map(|s| match s {
                Symbol::Open => '«',
                Symbol::Close => '»',
                Symbol::Char(c) => *c,
            })
            .collect();
        assert_eq!(shown, "«van»«der» «to»");
        assert!(symbols(&text, &[(0, 4), (3, 6)]).is_err());
        assert!(symbols(&text, &[(0, 99)]).is_err());
        assert!(symbols(&text, &[(3, 3)]).is_err());
    }

    #[test]
    fn the_reference_path_of_pair_p2() {
        let (ta, ua) =
            annotated("«De» «hystorie» «van»«der» «duldicheyt» «to» «samende» «der» «vrowen» ");
        let (tb, ub) =
            annotated("«De» «historie» «vander» «duldicheit» «to samende» «der» «vrowen» ");
        let sa = symbols(&ta, &ua).unwrap();
        let sb = symbols(&tb, &ub).unwrap();
        let path = first_path(&sa, &sb, &GapCosts::default(), 1 << 30).unwrap();
        assert_eq!(
            render(&path, true),
            "«De» «hy―storie» «van»«der» «duldichey―t» «to» «samende» «der» «vrowen» "
        );
        assert_eq!(
            render(&path, false),
            "«De» «h―istorie» «van――der» «duldiche―it» «to― ―samende» «der» «vrowen» "
        );
        let p = best_pairing(&sa, &sb, &GapCosts::default(), 1 << 30, |_, _| 0.0).unwrap();
        assert_eq!(p.pairs, vec![(0, 0), (1, 1), (4, 3), (7, 5), (8, 6)]);
        assert_eq!(p.alignment_cost, 8);
    }

    #[test]
    fn repeated_material_keeps_the_pairing_with_most_pairs() {
        // p3: three paths with two pairs each; the pairs differ.
        let p = pairing("«dat» «dat» «dat» ", "«dat» «dat» ");
        assert_eq!(p.pairs.len(), 2);
        // p4: the path that stretches "sprak" over the gap pairs only 4 units.
        let p = pairing(
            "«vnde» «de» «here» «sprak» «to» «em» ",
            "«vnde» «de» «here» «sprak» «em» ",
        );
        assert_eq!(p.pairs, vec![(0, 0), (1, 1), (2, 2), (3, 3), (5, 4)]);
    }

    #[test]
    fn adjacent_and_shared_boundaries_pair_correctly() {
        // Units that close where the next one opens, in both annotations.
        let p = pairing("«ab»«cd» ", "«ab»«cd» ");
        assert_eq!(p.pairs, vec![(0, 0), (1, 1)]);
        // A split against the whole: nothing pairs.
        let p = pairing("«ab»«cd» ", "«abcd» ");
        assert!(p.pairs.is_empty());
        // A unit only in the first text.
        let p = pairing("«x» «y» ", "«x» y ");
        assert_eq!(p.pairs, vec![(0, 0)]);
    }

    /// The full matrix, for comparison.
    fn full_moves(a: &[Symbol], b: &[Symbol], costs: &GapCosts) -> (u64, Vec<Vec<u8>>) {
        let band = Band {
            dmin: -(b.len() as i64),
            width: a.len() + b.len() + 1,
        };
        let no_cutoff = Cutoff {
            bound: INFINITE,
            cheapest_gap: 0,
            delta: 0,
        };
        let mut all = OptimalMoves::pass(
            Coded::new(a, costs),
            Coded::new(b, costs),
            band,
            no_cutoff,
            1 << 20,
        );
        let moves = (0..=a.len())
            .map(|i| (0..=b.len()).map(|j| all.moves(i, j)).collect())
            .collect();
        (all.cost, moves)
    }

    #[test]
    fn the_band_gives_the_same_result_as_the_full_matrix() {
        let (ta, ua) = annotated(&"«word» «other» «x» ".repeat(40));
        let (tb, ub) = annotated(&"«word» «othr» «x» «new» ".repeat(35));
        let sa = symbols(&ta, &ua).unwrap();
        let sb = symbols(&tb, &ub).unwrap();
        for costs in [
            GapCosts::default(),
            GapCosts {
                text: 2,
                boundary: 3,
            },
        ] {
            let (full_cost, full) = full_moves(&sa, &sb, &costs);
            let mut band = optimal_moves(&sa, &sb, &costs, 1 << 30).unwrap();
            assert_eq!(full_cost, band.cost);
            assert!(band.band.width < sa.len() + sb.len());
            // Every cell on an optimal path has the same optimal moves in the band (asked for
            // in decreasing rows, as the search does).
            let mut queue = std::collections::BinaryHeap::from([(sa.len(), sb.len())]);
            let mut seen = std::collections::HashSet::new();
            while let Some((i, j)) = queue.pop() {
                if !seen.insert((i, j)) || (i, j) == (0, 0) {
                    continue;
                }
                let moves = full[i][j];
                assert_eq!(band.moves(i, j), moves, "cell {i},{j}");
                if moves & DIAGONAL != 0 {
                    queue.push((i - 1, j - 1));
                }
                if moves & GAP_IN_FIRST != 0 {
                    queue.push((i, j - 1));
                }
                if moves & GAP_IN_SECOND != 0 {
                    queue.push((i - 1, j));
                }
            }
            assert!(seen.len() > sa.len());
        }
        let d = |x: usize, y: usize| (x + 2 * y) as f64 * 1e-3;
        let pairing = best_pairing(&sa, &sb, &GapCosts::default(), 1 << 30, d).unwrap();
        assert!(pairing.pairs.len() > 60);
    }

    #[test]
    fn texts_too_different_for_the_memory_limit_are_an_error() {
        let a: Vec<Symbol> = "abcdefgh".repeat(100).chars().map(Symbol::Char).collect();
        let b: Vec<Symbol> = "zyxwvuts".repeat(100).chars().map(Symbol::Char).collect();
        let e = optimal_moves(&a, &b, &GapCosts::default(), 20_000)
            .err()
            .expect("too different");
        assert!(e.to_string().contains("differ too much"), "{e}");
    }
}
