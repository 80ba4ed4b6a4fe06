//! Labels of spans as a coding study: where the annotators' units sit at identical positions,
//! each position is an item and each annotator's category there (or the feature the reader
//! made the category: an INCEpTION feature, a Glozz feature, a CorA token layer) is their
//! label. An annotator without a unit at a position has no rating there (missing, not a
//! category), so positions only some annotators marked count only among those.
//!
//! This is the coding study hidden in a span annotation when the segmentation is shared (a
//! pre-tokenised text, units created by a script and labelled by hand). On such units c|uα
//! (Krippendorff's coincidences of intersecting units, without the small-sample correction)
//! is Scott's π / Fleiss's multi-π of these items, not α (see the tests).

use super::{CodingError, CodingStudy, StudyBuilder, canonical_set};
use crate::continuum::Continuum;

/// The study of `continuum`'s units at identical positions; labels split into sets at
/// `separator` when given. Items are named `start–end` and ordered by position.
pub fn study_from_units(
    continuum: &Continuum,
    separator: Option<char>,
) -> Result<CodingStudy, CodingError> {
    let mut positions: Vec<(f64, f64)> = (continuum.annotators.iter())
        .flat_map(|a| a.units.iter().map(|u| (u.start, u.end)))
        .collect();
    positions.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    positions.dedup();
    let mut builder = StudyBuilder::new(continuum.name.clone());
    for annotator in &continuum.annotators {
        builder.coder(&annotator.name)?;
    }
    let name = |(start, end): (f64, f64)| format!("{start}–{end}");
    for &position in &positions {
        builder.item(&name(position))?;
    }
    for annotator in &continuum.annotators {
        for unit in &annotator.units {
            let label = match separator {
                Some(s) => canonical_set(&unit.category, s),
                None => Some(unit.category.clone()),
            };
            if let Some(label) = label.filter(|l| !l.is_empty()) {
                builder.rate(&name((unit.start, unit.end)), &annotator.name, &label)?;
            }
        }
    }
    Ok(builder.build())
}
