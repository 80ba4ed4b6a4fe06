//! Units whose bounds a format writes elsewhere ([`Positions`]): on whole tokens (WebAnno TSV
//! 3), as tokens of the covered text alone (CorA-XML made from units), in whole milliseconds
//! (ELAN) — each moved unit said with its old and new bounds — and times read in one unit and
//! written as another (ELAN's milliseconds, TextGrid's and RTTM's seconds).

use super::{Lossy, count, listed};
use crate::format::{Format, Positions, ReadOptions, Source};
use gamma_core::continuum::Continuum;
use gamma_core::unit::Unit;

/// The warnings about where `format` writes the units of `continuum`.
pub(super) fn moved(
    continuum: &Continuum,
    source: Option<&Source>,
    options: &ReadOptions,
    format: Format,
    lossy: &Lossy<'_>,
) -> Vec<crate::Warning> {
    let label = format.label();
    let positions = format.description().holds.positions;
    let mut warnings: Vec<crate::Warning> = time_unit(continuum, source, format)
        .map(lossy)
        .into_iter()
        .collect();
    let moves = match positions {
        Positions::AsTheyAre | Positions::Seconds => return warnings,
        Positions::WholeMilliseconds => each_annotator(continuum, |_, units| {
            let moved = units.iter().map(|u| {
                let (start, end) = crate::elan::milliseconds(u);
                (start as f64, end as f64)
            });
            Some(moved.collect())
        }),
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
                return warnings;
            }
            return warnings
                .into_iter()
                .chain(covered_text(continuum, options, format).map(lossy))
                .collect();
        }
    };
    if !moves.is_empty() {
        let what = match positions {
            Positions::WholeMilliseconds => {
                "holds whole milliseconds, a unit at least one long, so"
            }
            _ => "puts units on whole tokens, cut at spaces, so",
        };
        let ends = match positions {
            Positions::WholeMilliseconds => "",
            _ => " in from the spaces at its ends",
        };
        warnings.push(lossy(format!(
            "{label} {what} {} {}{ends} ({})",
            count(moves.len(), "unit"),
            if moves.len() == 1 { "moves" } else { "move" },
            listed(&moves)
        )));
    }
    warnings
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

/// Times read in one unit and written as another: ELAN counts milliseconds, TextGrid and RTTM
/// seconds; the positions are written as they are.
fn time_unit(continuum: &Continuum, source: Option<&Source>, format: Format) -> Option<String> {
    let (read, read_label) = match source? {
        Source::Elan(_) => ("milliseconds", "ELAN"),
        Source::TextGrid(_) => ("seconds", "TextGrid"),
        Source::Rttm(_) => ("seconds", "RTTM"),
        _ => return None,
    };
    let written = match format.description().holds.positions {
        Positions::WholeMilliseconds => "milliseconds",
        Positions::Seconds => "seconds",
        _ => return None,
    };
    if read == written {
        return None;
    }
    let example = continuum
        .units()
        .map(|(_, u)| u)
        .next()
        .map(|u| {
            format!(
                " (a unit at [{}, {}) {read} is at [{0}, {1}) {written})",
                u.start, u.end
            )
        })
        .unwrap_or_default();
    Some(format!(
        "{} counts {written} and the positions read from {read_label} are {read}: they are written as they are{example}",
        format.label()
    ))
}
