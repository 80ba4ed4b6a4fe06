//! The unit types of Glozz files that are a pre-segmentation: the same spans in every
//! annotator's file, laid out as a structure the other units nest in (STAC's `paragraph`,
//! `Turn` and `Dialogue`, made by a script before anyone annotated). Measuring them would only
//! raise γ, so the open dialog offers them unticked.
//!
//! Identical spans alone are not enough: annotators who agree perfectly on a real category (two
//! copies of STAC's `Resource` units) are what γ measures. A pre-segmentation also holds the
//! annotations: its units do not overlap one another, and every unit of another type lies
//! within one of them or is made of whole ones (a `Dialogue` of whole `paragraph`s). When
//! every type would be left out, none is (the files are then the same throughout).

use gamma_formats::glozz::{self, Positioning};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Each type's spans in one file, sorted.
type Spans = BTreeMap<String, Vec<(usize, usize)>>;

/// The spans of each unit type in one `.aa` file (`None` when it cannot be read: the dialog
/// reports that file's problem itself).
fn spans_of(path: &Path) -> Option<Spans> {
    let file = glozz::read_aa(path).ok()?;
    let mut spans = Spans::new();
    for unit in file.units {
        if let Positioning::Span { start, end } = unit.positioning {
            spans.entry(unit.kind).or_default().push((start, end));
        }
    }
    for list in spans.values_mut() {
        list.sort_unstable();
    }
    Some(spans)
}

/// The pre-segmentation types of the Glozz files `paths` (one document, an annotator each),
/// in alphabetical order; none with fewer than two files.
pub fn identical_types(paths: &[PathBuf]) -> Vec<String> {
    if paths.len() < 2 {
        return Vec::new();
    }
    let Some(files): Option<Vec<Spans>> = paths.iter().map(|p| spans_of(p)).collect() else {
        return Vec::new();
    };
    let first = &files[0];
    let structural: Vec<String> = (first.iter())
        .filter(|(kind, spans)| files[1..].iter().all(|f| f.get(*kind) == Some(*spans)))
        .filter(|(kind, spans)| files.iter().all(|f| holds_the_others(f, kind, spans)))
        .map(|(kind, _)| kind.clone())
        .collect();
    let every_type = files
        .iter()
        .all(|f| f.keys().all(|k| structural.contains(k)));
    if every_type {
        return Vec::new();
    }
    structural
}

/// Whether the units `segments` of type `kind` (sorted) are a segmentation that holds every
/// other unit of `file`: they do not overlap, and each other unit lies within one of them or
/// is made of whole ones.
fn holds_the_others(file: &Spans, kind: &str, segments: &[(usize, usize)]) -> bool {
    if segments.windows(2).any(|w| w[1].0 < w[0].1) {
        return false;
    }
    let others = file.iter().filter(|(k, _)| k.as_str() != kind);
    others.flat_map(|(_, spans)| spans).all(|&(start, end)| {
        if start == end {
            return true;
        }
        // Non-overlapping and sorted by start, the segments are sorted by end too: those
        // meeting [start, end) are a run.
        let from = segments.partition_point(|s| s.1 <= start);
        let to = segments.partition_point(|s| s.0 < end);
        let meeting = &segments[from..to.max(from)];
        let within_one = matches!(meeting, [(s, e)] if *s <= start && end <= *e);
        let made_of_whole =
            !meeting.is_empty() && (meeting.iter()).all(|&(s, e)| start <= s && e <= end);
        within_one || made_of_whole
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(units: &[(&str, usize, usize)]) -> Spans {
        let mut spans = Spans::new();
        for (kind, start, end) in units {
            spans
                .entry(kind.to_string())
                .or_default()
                .push((*start, *end));
        }
        spans
    }

    #[test]
    fn a_segmentation_holds_units_within_it_and_units_made_of_it() {
        let f = file(&[
            ("paragraph", 0, 10),
            ("paragraph", 10, 20),
            ("Dialogue", 0, 20),
            ("Offer", 2, 5),
            ("Other", 12, 18),
        ]);
        assert!(holds_the_others(&f, "paragraph", &f["paragraph"]));
        assert!(holds_the_others(&f, "Dialogue", &f["Dialogue"]));
        assert!(!holds_the_others(&f, "Offer", &f["Offer"]), "Other is out");
        let crossing = file(&[
            ("paragraph", 0, 10),
            ("paragraph", 10, 20),
            ("Offer", 8, 12),
        ]);
        assert!(
            !holds_the_others(&crossing, "paragraph", &crossing["paragraph"]),
            "a unit across two paragraphs"
        );
        let overlapping = file(&[("span", 0, 10), ("span", 5, 20), ("Offer", 6, 8)]);
        assert!(!holds_the_others(
            &overlapping,
            "span",
            &overlapping["span"]
        ));
    }
}
