//! The optimal moves of the dynamic-programming matrix, computed exactly in a diagonal band
//! that the alignment's own cost proves sufficient, with cost checkpoints instead of the whole
//! matrix (memory linear in the text length times the number of differences).

use super::symbols::{AlignError, GapCosts, Symbol};

/// Consume a symbol of each string (a match).
pub(super) const DIAGONAL: u8 = 1;
/// Consume a symbol of the second string, a gap in the first.
pub(super) const GAP_IN_FIRST: u8 = 2;
/// Consume a symbol of the first string, a gap in the second.
pub(super) const GAP_IN_SECOND: u8 = 4;

/// Larger than any alignment cost, and still far from overflowing when a gap is added.
pub(super) const INFINITE: u32 = 1 << 30;

/// The diagonal band `dmin ≤ i − j ≤ dmin + width − 1` of the dynamic-programming matrix.
#[derive(Debug, Clone, Copy)]
pub(super) struct Band {
    pub(super) dmin: i64,
    pub(super) width: usize,
}

impl Band {
    fn slot(&self, i: usize, j: usize) -> Option<usize> {
        let k = (i as i64 - j as i64) - self.dmin;
        (k >= 0 && (k as usize) < self.width).then_some(k as usize)
    }
}

/// The strings as the inner loop wants them: a code per symbol (characters, then the two
/// boundaries) and its gap cost.
pub(super) struct Coded {
    codes: Vec<u32>,
    gaps: Vec<u32>,
}

impl Coded {
    pub(super) fn new(symbols: &[Symbol], costs: &GapCosts) -> Coded {
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
pub(super) struct Cutoff {
    pub(super) bound: u32,
    pub(super) cheapest_gap: u32,
    pub(super) delta: i64,
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
pub(super) struct OptimalMoves {
    a: Coded,
    b: Coded,
    pub(super) band: Band,
    cutoff: Cutoff,
    every: usize,
    checkpoints: Vec<(Vec<u32>, Active)>,
    pub(super) cost: u64,
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
    pub(super) fn pass(
        a: Coded,
        b: Coded,
        band: Band,
        cutoff: Cutoff,
        every: usize,
    ) -> OptimalMoves {
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
    pub(super) fn moves(&mut self, i: usize, j: usize) -> u8 {
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
pub(super) fn optimal_moves(
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
