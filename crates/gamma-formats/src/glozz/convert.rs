//! The `.aa` a conversion writes for one annotator when the document came from Glozz: the
//! annotator's own `.aa` as read (its units not measured, relations, schemas and metadata kept);
//! otherwise [`super::with_relations`] makes one from the units and the relations.

use super::{AnnotationFile, Positioning, read_aa};
use crate::format::Source;
use gamma_core::continuum::Annotator;
use std::collections::HashMap;

/// The annotator's `.aa` as read, when the document came from Glozz and the file still holds
/// every unit of the annotator where it was (a continuum changed since it was read is written
/// from its units).
pub(crate) fn annotator_file(
    source: Option<&Source>,
    annotator: &Annotator,
) -> Option<AnnotationFile> {
    let Some(Source::Glozz { files, .. }) = source else {
        return None;
    };
    let file = files.iter().find(|f| f.annotator == annotator.name)?;
    let aa = read_aa(&file.path).ok()?;
    let spans: HashMap<&str, (usize, usize)> = (aa.units.iter())
        .filter_map(|u| match u.positioning {
            Positioning::Span { start, end } => Some((u.id.as_str(), (start, end))),
            _ => None,
        })
        .collect();
    let unchanged = annotator.units.iter().all(|unit| {
        let span = (unit.start as usize, unit.end as usize);
        unit.source_id
            .as_deref()
            .is_some_and(|id| spans.get(id) == Some(&span))
    });
    unchanged.then_some(aa)
}
