//! The `.aa` a conversion writes for one annotator: the annotator's own `.aa` as read, when the
//! document came from Glozz (its units not measured, relations, schemas and metadata kept), or
//! one made from the units and the relations between them.

use super::{Annotation, AnnotationFile, Positioning, consensus_file, read_aa};
use crate::format::Source;
use gamma_core::continuum::Annotator;
use gamma_core::relation::Endpoint;
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

/// An `.aa` of the annotator's units ([`consensus_file`]) and the relations between them, the
/// relation's label as its type; a relation with an endpoint that is a group or no unit of the
/// annotator's is left out (the conversion says so).
pub(crate) fn units_file(annotator: &Annotator, text: &str) -> AnnotationFile {
    let mut file = consensus_file(&annotator.units, &annotator.name, text, 0);
    let written: HashMap<&str, &str> = (annotator.units.iter().zip(&file.units))
        .filter_map(|(unit, written)| Some((unit.source_id.as_deref()?, written.id.as_str())))
        .collect();
    let term = |endpoint: &Endpoint| match endpoint {
        Endpoint::Unit(id) => written.get(id.as_str()).map(|id| id.to_string()),
        Endpoint::Group { .. } => None,
    };
    let mut relations = Vec::new();
    for relation in &annotator.relations {
        let (Some(source), Some(target)) = (term(&relation.source), term(&relation.target)) else {
            continue;
        };
        let ms = (file.units.len() + relations.len()) as u64;
        let mut metadata = file
            .units
            .first()
            .map(|u| u.metadata.clone())
            .unwrap_or_default();
        metadata.author = annotator.name.clone();
        metadata.creation_date = ms.to_string();
        relations.push(Annotation {
            id: format!("{}_{ms}", annotator.name),
            metadata,
            kind: relation.label.clone(),
            features: Vec::new(),
            positioning: Positioning::Terms(vec![source, target]),
            line: 0,
        });
    }
    file.relations = relations;
    file
}
