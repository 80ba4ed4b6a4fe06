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

mod moves;
mod pairing;
mod symbols;

pub use pairing::Column;
pub(crate) use pairing::best_pairing;
#[cfg(test)]
pub(crate) use pairing::first_path;
pub use symbols::{AlignError, GapCosts, Symbol, symbols};

#[cfg(test)]
mod tests;
