//! The units of time of the formats of recordings: ELAN counts milliseconds, Praat TextGrid and
//! RTTM seconds. A document read in one and written in the other is rescaled, so that every
//! boundary stays at the same moment of the recording:
//!
//! - milliseconds to seconds: ÷ 1000, exact in the decimal written (1234 ms is written 1.234 s:
//!   the quotient is the binary number nearest that decimal, and writers print the shortest
//!   decimal that reads back as it);
//! - seconds to milliseconds: × 1000; a boundary within a nanosecond of a whole millisecond (a
//!   decimal of at most three places, read as the nearest binary number and multiplied, comes
//!   within a few units of its last place) is that millisecond, any other is rounded by ELAN's
//!   writer, and the conversion says how many ([`crate::losses`]).
//!
//! So ELAN → TextGrid or RTTM → ELAN keeps every boundary. Formats without a unit of time (CSV,
//! and the text formats, whose positions are characters) are written and read as they are.

use crate::format::{Format, Positions, Source};
use gamma_core::continuum::Continuum;
use std::borrow::Cow;

/// A unit of time of a format's positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TimeUnit {
    Milliseconds,
    Seconds,
}

impl TimeUnit {
    /// The unit the document of `source` was read in, when its format has one.
    pub(crate) fn read_in(source: Option<&Source>) -> Option<TimeUnit> {
        match source? {
            Source::Elan(_) => Some(TimeUnit::Milliseconds),
            Source::TextGrid(_) | Source::Rttm(_) => Some(TimeUnit::Seconds),
            _ => None,
        }
    }

    /// The unit `format` writes, when it has one.
    pub(crate) fn written_in(format: Format) -> Option<TimeUnit> {
        match format.description().holds.positions {
            Positions::WholeMilliseconds => Some(TimeUnit::Milliseconds),
            Positions::Seconds => Some(TimeUnit::Seconds),
            _ => None,
        }
    }

    /// The unit's symbol.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            TimeUnit::Milliseconds => "ms",
            TimeUnit::Seconds => "s",
        }
    }

    /// The word for the unit, plural.
    pub(crate) fn name(self) -> &'static str {
        match self {
            TimeUnit::Milliseconds => "milliseconds",
            TimeUnit::Seconds => "seconds",
        }
    }
}

/// The unit of a document's positions, in words, for figures measured in it (boundary
/// offsets): the unit of time of its format (`milliseconds`, `seconds`), `characters` when it
/// has a text, else `positions`.
pub fn position_unit(document: &crate::Document) -> &'static str {
    match TimeUnit::read_in(Some(&document.source)) {
        Some(unit) => unit.name(),
        None if document.continuum.text.is_some() => "characters",
        None => "positions",
    }
}

/// The two units when a document read from `source` and written as `format` is rescaled:
/// `(read in, written in)`; `None` when they are the same or either has none.
pub(crate) fn rescaling(source: Option<&Source>, format: Format) -> Option<(TimeUnit, TimeUnit)> {
    let read = TimeUnit::read_in(source)?;
    let written = TimeUnit::written_in(format)?;
    (read != written).then_some((read, written))
}

/// `continuum` with its positions in the unit `format` writes (see the module's rule), when it
/// was read from `source` in another; itself otherwise.
pub(crate) fn in_unit_of<'a>(
    continuum: &'a Continuum,
    source: Option<&Source>,
    format: Format,
) -> Cow<'a, Continuum> {
    let Some((_, written)) = rescaling(source, format) else {
        return Cow::Borrowed(continuum);
    };
    let mut rescaled = continuum.clone();
    for unit in rescaled.annotators.iter_mut().flat_map(|a| &mut a.units) {
        unit.start = rescaled_position(unit.start, written);
        unit.end = rescaled_position(unit.end, written);
    }
    Cow::Owned(rescaled)
}

/// A position in the other unit, now counted in `written`.
pub(crate) fn rescaled_position(position: f64, written: TimeUnit) -> f64 {
    match written {
        TimeUnit::Seconds => position / 1000.0,
        TimeUnit::Milliseconds => {
            let milliseconds = position * 1000.0;
            let whole = milliseconds.round();
            // A nanosecond, or a few units in the last place of a position past 10⁶ s.
            let noise = 1e-6_f64.max(whole.abs() * 8.0 * f64::EPSILON);
            if (milliseconds - whole).abs() <= noise {
                whole
            } else {
                milliseconds
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every whole millisecond of the first ten seconds, and some of a long recording (about
    /// 278 hours), come back whole through seconds; a position between milliseconds does not.
    #[test]
    fn whole_milliseconds_come_back_through_seconds() {
        let long = 1_000_000_000..1_000_010_000;
        for ms in (0..10_000).chain(long) {
            let seconds = rescaled_position(ms as f64, TimeUnit::Seconds);
            // What a writer prints and a reader parses back.
            let printed: f64 = seconds.to_string().parse().unwrap();
            let back = rescaled_position(printed, TimeUnit::Milliseconds);
            assert_eq!(back, ms as f64, "{ms} ms written {seconds} s");
        }
        assert_eq!(rescaled_position(1.234, TimeUnit::Milliseconds), 1234.0);
        assert_eq!(
            rescaled_position(1234.0, TimeUnit::Seconds).to_string(),
            "1.234"
        );
        let between = rescaled_position(1.2345, TimeUnit::Milliseconds);
        assert!((between - 1234.5).abs() < 1e-9, "{between}");
        let half = rescaled_position(0.0005, TimeUnit::Milliseconds);
        assert!((half - 0.5).abs() < 1e-12, "{half}");
    }
}
