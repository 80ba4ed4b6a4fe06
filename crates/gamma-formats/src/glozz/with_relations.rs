//! An annotator's `.aa` written from a continuum (a conversion to Glozz): its units, its
//! relations between them, and a schema for every group of units a relation links (a complex
//! discourse unit), so that relations read from brat, WebAnno TSV 3 or Glozz itself survive.
//!
//! Ids are new (`<annotator>_<n>`, units first, then schemas, then relations): ids of other
//! formats (`T3`, `R1`) or of another Glozz file could clash in one file. A relation whose end
//! is no written unit is left out; [`crate::losses`] lists those before anything is written.
//! A schema is written with the units of its members (Glozz's nested schemas are read as the
//! units they hold, so they come back flattened).

use super::{Annotation, AnnotationFile, Metadata, Positioning, consensus_file};
use gamma_core::continuum::Annotator;
use gamma_core::relation::Endpoint;
use std::collections::HashMap;

/// The `.aa` of `annotator` over `text`: [`consensus_file`]'s units, then the schemas and
/// relations linking them.
pub(crate) fn file_with_relations(annotator: &Annotator, text: &str) -> AnnotationFile {
    let author = annotator.name.as_str();
    let mut file = consensus_file(&annotator.units, author, text, 0);
    let written: HashMap<&str, String> = (annotator.units.iter())
        .zip(&file.units)
        .filter_map(|(unit, written)| Some((unit.source_id.as_deref()?, written.id.clone())))
        .collect();
    let mut next = annotator.units.len() as u64;
    let mut new_annotation = |kind: &str, positioning: Positioning| {
        let annotation = Annotation {
            id: format!("{author}_{next}"),
            metadata: Metadata {
                author: author.to_string(),
                creation_date: next.to_string(),
                last_modifier: Some("n/a".into()),
                last_modification_date: Some("0".into()),
            },
            kind: kind.to_string(),
            features: Vec::new(),
            positioning,
            line: 0,
        };
        next += 1;
        annotation
    };
    // A group's schema, written once however many relations link it.
    let mut schema_of_group: HashMap<String, String> = HashMap::new();
    let mut relations = Vec::new();
    for relation in &annotator.relations {
        let mut term = |endpoint: &Endpoint| -> Option<String> {
            match endpoint {
                Endpoint::Unit(id) => written.get(id.as_str()).cloned(),
                Endpoint::Group { id, kind, members } => {
                    if let Some(schema) = schema_of_group.get(id.as_str()) {
                        return Some(schema.clone());
                    }
                    let embedded = (members.iter())
                        .map(|m| {
                            Some((
                                "embedded-unit".to_string(),
                                written.get(m.as_str())?.clone(),
                            ))
                        })
                        .collect::<Option<Vec<_>>>()?;
                    let schema = new_annotation(kind, Positioning::Embedded(embedded));
                    schema_of_group.insert(id.clone(), schema.id.clone());
                    let schema_id = schema.id.clone();
                    file.schemas.push(schema);
                    Some(schema_id)
                }
            }
        };
        let (Some(source), Some(target)) = (term(&relation.source), term(&relation.target)) else {
            continue;
        };
        relations.push((relation.label.as_str(), source, target));
    }
    file.relations = relations
        .into_iter()
        .map(|(label, source, target)| {
            new_annotation(label, Positioning::Terms(vec![source, target]))
        })
        .collect();
    file
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamma_core::relation::Relation;
    use gamma_core::unit::Unit;

    fn unit(id: &str, start: f64, end: f64) -> Unit {
        let mut unit = Unit::new(start, end, "Segment").unwrap();
        unit.source_id = Some(id.into());
        unit
    }

    #[test]
    fn relations_and_groups_are_written_between_the_new_unit_ids() {
        let mut annotator = Annotator {
            name: "ana".into(),
            units: vec![
                unit("T1", 0.0, 3.0),
                unit("T2", 4.0, 7.0),
                unit("T3", 8.0, 11.0),
            ],
            own_text: None,
            relations: Vec::new(),
        };
        let group = Endpoint::Group {
            id: "s9".into(),
            kind: "Complex_discourse_unit".into(),
            members: vec!["T2".into(), "T3".into()],
        };
        let relation = |id: &str, label: &str, source: Endpoint, target: Endpoint| Relation {
            id: id.into(),
            label: label.into(),
            source,
            target,
            directed: true,
        };
        annotator.relations = vec![
            relation(
                "R1",
                "Comment",
                Endpoint::Unit("T2".into()),
                Endpoint::Unit("T1".into()),
            ),
            relation(
                "R2",
                "Elaboration",
                Endpoint::Unit("T1".into()),
                group.clone(),
            ),
            relation("R3", "Result", group, Endpoint::Unit("T1".into())),
            relation(
                "R4",
                "Comment",
                Endpoint::Unit("T1".into()),
                Endpoint::Unit("T9".into()),
            ),
        ];
        let file = file_with_relations(&annotator, "abc def ghi");
        let ids: Vec<&str> = file.units.iter().map(|u| u.id.as_str()).collect();
        assert_eq!(ids, ["ana_0", "ana_1", "ana_2"]);
        assert_eq!(
            file.schemas.len(),
            1,
            "one schema for the group linked twice"
        );
        assert_eq!(file.schemas[0].id, "ana_3");
        assert_eq!(file.schemas[0].kind, "Complex_discourse_unit");
        assert_eq!(
            file.schemas[0].positioning,
            Positioning::Embedded(vec![
                ("embedded-unit".into(), "ana_1".into()),
                ("embedded-unit".into(), "ana_2".into())
            ])
        );
        let relations: Vec<(&str, &str, Positioning)> = (file.relations.iter())
            .map(|r| (r.id.as_str(), r.kind.as_str(), r.positioning.clone()))
            .collect();
        let terms = |a: &str, b: &str| Positioning::Terms(vec![a.into(), b.into()]);
        assert_eq!(
            relations,
            [
                ("ana_4", "Comment", terms("ana_1", "ana_0")),
                ("ana_5", "Elaboration", terms("ana_0", "ana_3")),
                ("ana_6", "Result", terms("ana_3", "ana_0")),
            ],
            "R4's end T9 is no unit: left out"
        );
        // Read back: the same relations between the same spans.
        let read = super::super::relations_of(&file);
        assert_eq!(read.len(), 3);
        assert_eq!(
            read[1].target,
            Endpoint::Group {
                id: "ana_3".into(),
                kind: "Complex_discourse_unit".into(),
                members: vec!["ana_1".into(), "ana_2".into()],
            }
        );
    }
}
