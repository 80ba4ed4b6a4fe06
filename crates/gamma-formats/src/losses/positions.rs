//! Units whose bounds a format writes elsewhere ([`Positions`]): on whole tokens (WebAnno TSV
//! 3), as tokens of the covered text alone (CorA-XML made from units), in whole milliseconds
//! (ELAN) — each moved unit said with its old and new bounds, and for ELAN the number of
//! boundaries rounded. Times read in one unit and written in another (ELAN's milliseconds,
//! TextGrid's and RTTM's seconds) are rescaled by the writers (the `time_unit` module): exact
//! from milliseconds to seconds, and from seconds to milliseconds for every boundary on a whole
//! millisecond; the others are the rounded ones.

use super::{Lossy, count, listed};
use crate::format::{Format, Positions, ReadOptions, Source};
use crate::time_unit::{in_unit_of, rescaling};
use gamma_core::continuum::Continuum;
use gamma_core::unit::Unit;

/// The warnings about where `format` writes the units of `continuum`.
pub(super) fn moved(
    continuum: &Continuum,
    source: Option<&Source>,
    options: &ReadOptions,
    format: Format,
    lossy: &Lossy<'_>,
) -> Option<crate::Warning> {
    let label = format.label();
    let positions = format.description().holds.positions;
    let moves = match positions {
        Positions::AsTheyAre | Positions::Seconds => return None,
        Positions::WholeMilliseconds => {
            return whole_milliseconds(continuum, source, format).map(lossy);
        }
        Positions::WholeTokens => each_annotator(continuum, |text, units| {
            let spans = crate::webanno_tsv::written_spans(text?, units).ok()?;
            Some(
                spans
                    .into_iter()
                    .map(|(a, b)| (a as f64, b as f64))
                    .collect(),
            )
        }),
        Positions::CoveredText => {
            if matches!(source, Some(Source::Cora { .. })) {
                // Written in the structure of the input file: every unit is one of its tokens.
                return None;
            }
            return covered_text(continuum, options, format).map(lossy);
        }
    };
    (!moves.is_empty()).then(|| {
        lossy(format!(
            "{label} puts units on whole tokens, cut at spaces, so {} {} in from the spaces at \
             its ends ({})",
            count(moves.len(), "unit"),
            if moves.len() == 1 { "moves" } else { "move" },
            listed(&moves)
        ))
    })
}

/// ELAN holds whole milliseconds, a unit at least one long: the boundaries elsewhere (in the
/// document rescaled to milliseconds when it was read in seconds) are rounded, and the units
/// they belong to listed, as read and as written.
fn whole_milliseconds(
    continuum: &Continuum,
    source: Option<&Source>,
    format: Format,
) -> Option<String> {
    let rescaled = rescaling(source, format);
    let written = in_unit_of(continuum, source, format);
    let mut boundaries = 0;
    let mut moves = Vec::new();
    for (read, annotator) in continuum.annotators.iter().zip(&written.annotators) {
        for (unit, exact) in read.units.iter().zip(&annotator.units) {
            let (start, end) = crate::elan::milliseconds(exact);
            let rounded =
                usize::from(start as f64 != exact.start) + usize::from(end as f64 != exact.end);
            if rounded == 0 {
                continue;
            }
            boundaries += rounded;
            moves.push(match rescaled {
                Some((from, _)) => {
                    let from = from.symbol();
                    format!(
                        "{:?} [{} {from}, {} {from}) {:?} to [{start} ms, {end} ms)",
                        annotator.name, unit.start, unit.end, unit.category
                    )
                }
                None => moved_unit(&annotator.name, unit, (start as f64, end as f64)),
            });
        }
    }
    if moves.is_empty() {
        return None;
    }
    let rescaled = match rescaled {
        Some((from, to)) => format!("the {} read are written as {}, ", from.name(), to.name()),
        None => String::new(),
    };
    let boundaries = if boundaries == 1 {
        "1 boundary is".to_string()
    } else {
        format!("{boundaries} boundaries are")
    };
    Some(format!(
        "{} holds whole milliseconds, a unit at least one long: {rescaled}{boundaries} rounded, \
         so {} {} ({})",
        format.label(),
        count(moves.len(), "unit"),
        if moves.len() == 1 { "moves" } else { "move" },
        listed(&moves)
    ))
}

/// Every unit that `written` (given the annotator's text and units, the bounds it writes for
/// each unit; `None`: the file is not written) puts elsewhere, as `"annotator" [a, b) "X" to
/// [c, d)`.
fn each_annotator(
    continuum: &Continuum,
    written: impl Fn(Option<&str>, &[Unit]) -> Option<Vec<(f64, f64)>>,
) -> Vec<String> {
    let mut moves = Vec::new();
    for (index, annotator) in continuum.annotators.iter().enumerate() {
        let Some(spans) = written(continuum.text_of(index), &annotator.units) else {
            continue;
        };
        for (unit, (start, end)) in annotator.units.iter().zip(spans) {
            if (start, end) != (unit.start, unit.end) {
                moves.push(moved_unit(&annotator.name, unit, (start, end)));
            }
        }
    }
    moves
}

fn moved_unit(annotator: &str, unit: &Unit, (start, end): (f64, f64)) -> String {
    format!("{annotator:?} {} to [{start}, {end})", super::span(unit))
}

/// CorA-XML made from units ([`crate::cora::CoraFile::from_units`]) holds the text they cover
/// alone, a token each, one space after each: the text between units is left out and the units
/// after it move.
fn covered_text(continuum: &Continuum, options: &ReadOptions, format: Format) -> Option<String> {
    let mut uncovered = Vec::new();
    let mut moves = Vec::new();
    for (index, annotator) in continuum.annotators.iter().enumerate() {
        let text = continuum.text_of(index)?;
        let Ok(spans) = crate::cora::spans_from_units(text, &annotator.units, &options.cora) else {
            continue;
        };
        let mut covered = vec![false; text.chars().count()];
        for unit in &annotator.units {
            let end = (unit.end as usize).min(covered.len());
            covered[(unit.start as usize).min(end)..end].fill(true);
        }
        let left_out = (text.chars().zip(covered))
            .filter(|(c, covered)| !covered && !c.is_whitespace())
            .count();
        if left_out > 0 {
            uncovered.push(format!("{:?} {left_out}", annotator.name));
        }
        for (i, (start, end)) in spans {
            let unit = &annotator.units[i];
            if (start as f64, end as f64) != (unit.start, unit.end) {
                moves.push(moved_unit(
                    &annotator.name,
                    unit,
                    (start as f64, end as f64),
                ));
            }
        }
    }
    if uncovered.is_empty() && moves.is_empty() {
        return None;
    }
    let mut said = Vec::new();
    if !uncovered.is_empty() {
        said.push(format!(
            "the characters no unit covers, spaces aside, are left out ({})",
            uncovered.join(", ")
        ));
    }
    if !moves.is_empty() {
        said.push(format!(
            "{} {} ({})",
            count(moves.len(), "unit"),
            if moves.len() == 1 { "moves" } else { "move" },
            listed(&moves)
        ));
    }
    Some(format!(
        "{} made from units holds the text they cover alone, a token each with a space after it: {}",
        format.label(),
        said.join(", and ")
    ))
}
