//! A unit: one span marked by one annotator (paper §3.1: a unit has a position on the
//! continuum and a category).
//!
//! Positions are `f64` offsets on the continuum (characters for texts, seconds or milliseconds
//! for media). A unit must have `start < end`, both finite: a zero-length or reversed unit is
//! rejected, never repaired, because its positional dissimilarity would be undefined. Positions
//! lie within ±[`MAX_POSITION`] and a span is at least [`MIN_RELATIVE_LENGTH`] of its
//! position's magnitude: beyond those, double precision cannot tell the bounds apart reliably
//! and every measure built on them would be noise.

use std::collections::BTreeMap;
use std::fmt;

/// The largest magnitude of a position: 10¹² (a text of a million million characters, or
/// 31 years of milliseconds).
pub const MAX_POSITION: f64 = 1e12;

/// The shortest span, relative to the magnitude of its bounds (at least 1): 10⁻⁹, so that a
/// span keeps six significant digits of its own at any position.
pub const MIN_RELATIVE_LENGTH: f64 = 1e-9;

/// One annotated span.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Unit {
    /// Where the span begins, inclusive (an offset on the continuum).
    pub start: f64,
    /// Where the span ends, exclusive; always after `start` for a unit built by [`Unit::new`].
    pub end: f64,
    /// The unit's category (§3.1), compared by the categorial dissimilarity.
    pub category: String,
    /// Extra attributes (Glozz features, CorA layers, CSV extra columns).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub features: BTreeMap<String, String>,
    /// Identifier in the file the unit came from, if it had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_id: Option<String>,
}

/// Why a span cannot be a unit.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum InvalidUnit {
    /// A bound is NaN or infinite.
    #[error("start and end must be finite numbers (got start {start}, end {end})")]
    NotFinite {
        /// The start given.
        start: f64,
        /// The end given.
        end: f64,
    },
    /// The span is empty: `start == end`.
    #[error("zero-length unit at {start} (start = end)")]
    ZeroLength {
        /// The position of the empty span.
        start: f64,
    },
    /// A bound lies beyond ±[`MAX_POSITION`].
    #[error("position {position} is out of range (positions lie within ±1e12)")]
    OutOfRange {
        /// The bound out of range.
        position: f64,
    },
    /// The span is shorter than [`MIN_RELATIVE_LENGTH`] of its bounds' magnitude.
    #[error(
        "the span {start} … {end} is too short to measure at that position (at least 1e-9 of its magnitude)"
    )]
    TooShort {
        /// The start given.
        start: f64,
        /// The end given.
        end: f64,
    },
    /// The span is reversed: `end < start`.
    #[error("end {end} is before start {start}")]
    EndBeforeStart {
        /// The start given.
        start: f64,
        /// The end given, smaller than the start.
        end: f64,
    },
}

impl Unit {
    /// A unit with no features and no source id; an error when `start < end` does not hold
    /// between two finite numbers.
    pub fn new(start: f64, end: f64, category: impl Into<String>) -> Result<Unit, InvalidUnit> {
        if !start.is_finite() || !end.is_finite() {
            return Err(InvalidUnit::NotFinite { start, end });
        }
        if end == start {
            return Err(InvalidUnit::ZeroLength { start });
        }
        if end < start {
            return Err(InvalidUnit::EndBeforeStart { start, end });
        }
        if let Some(position) = [start, end].into_iter().find(|p| p.abs() > MAX_POSITION) {
            return Err(InvalidUnit::OutOfRange { position });
        }
        if end - start < MIN_RELATIVE_LENGTH * start.abs().max(end.abs()).max(1.0) {
            return Err(InvalidUnit::TooShort { start, end });
        }
        Ok(Unit {
            start,
            end,
            category: category.into(),
            features: BTreeMap::new(),
            source_id: None,
        })
    }

    /// The same unit with these features (replacing any it had).
    pub fn with_features(mut self, features: BTreeMap<String, String>) -> Unit {
        self.features = features;
        self
    }

    /// The same unit with the identifier it had in its source file.
    pub fn with_source_id(mut self, id: impl Into<String>) -> Unit {
        self.source_id = Some(id.into());
        self
    }

    /// `end - start`, in the continuum's unit; positive for a valid unit.
    pub fn length(&self) -> f64 {
        self.end - self.start
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}, {})", self.category, self.start, self.end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_zero_length_and_reversed_units() {
        assert_eq!(
            Unit::new(3.0, 3.0, "x"),
            Err(InvalidUnit::ZeroLength { start: 3.0 })
        );
        assert_eq!(
            Unit::new(5.0, 2.0, "x"),
            Err(InvalidUnit::EndBeforeStart {
                start: 5.0,
                end: 2.0
            })
        );
        assert!(matches!(
            Unit::new(f64::NAN, 2.0, "x"),
            Err(InvalidUnit::NotFinite { .. })
        ));
        assert_eq!(Unit::new(1.0, 4.5, "x").unwrap().length(), 3.5);
    }

    #[test]
    fn rejects_absurd_positions_and_spans_too_short_to_measure() {
        assert_eq!(
            Unit::new(0.0, 1.7e308, "x"),
            Err(InvalidUnit::OutOfRange { position: 1.7e308 })
        );
        assert!(Unit::new(-1e12, 1e12, "x").is_ok());
        assert_eq!(
            Unit::new(0.0, 1e-300, "x"),
            Err(InvalidUnit::TooShort {
                start: 0.0,
                end: 1e-300
            })
        );
        // 1 ms at an hour of milliseconds is fine; 1e-6 at a billion is not.
        assert!(Unit::new(3_600_000.0, 3_600_001.0, "x").is_ok());
        assert!(matches!(
            Unit::new(1e9, 1e9 + 1e-6, "x"),
            Err(InvalidUnit::TooShort { .. })
        ));
    }
}
