//! The boundary-augmented texts that tγ aligns, the gap costs, and why an alignment may be
//! refused.

/// A symbol of the boundary-augmented text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symbol {
    /// A character of the text.
    Char(char),
    /// The opening boundary of a unit.
    Open,
    /// The closing boundary of a unit.
    Close,
}

impl Symbol {
    pub(super) fn is_boundary(self) -> bool {
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
    /// A gap at a character.
    pub text: u32,
    /// A gap at a boundary.
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
    pub(super) fn of(&self, symbol: Symbol) -> u64 {
        if symbol.is_boundary() {
            self.boundary as u64
        } else {
            self.text as u64
        }
    }

    pub(super) fn cheapest(&self) -> u64 {
        self.text.min(self.boundary).max(1) as u64
    }
}

/// Why two texts cannot be aligned.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AlignError {
    #[error(
        "the texts differ too much to be aligned: about {differences} differences over {length} symbols would need a band of {cells} cells (limit {limit}); are these annotations of the same text?"
    )]
    /// The band of the dynamic-programming matrix would exceed the cell limit.
    TooDifferent {
        /// About how many symbols differ.
        differences: u64,
        /// The longer string's length.
        length: usize,
        /// Cells the band would need.
        cells: u64,
        /// The limit.
        limit: u64,
    },
}
