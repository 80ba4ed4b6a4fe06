//! INCEpTION's relation layers in XMI read as [`Relation`]s, as the TSV 3 reader reads the same
//! annotations (`crate::webanno_tsv`'s relation layers): a relation element's `Governor` is the
//! relation's source and its `Dependent` its target, directed; a relation layer belongs to the
//! span layer its ends name. DKPro's `Dependency` links tokens: INCEpTION attaches it to the
//! tokens' parts of speech (each token's `pos`), and so does this reader, as INCEpTION's TSV 3
//! writes it (`BT_…POS`).
//!
//! A relation's label is the value of its layer's label feature (`*` when it has none): with
//! the type system, the first feature the type declares with a string range (else its first
//! primitive feature; a type without features is labelled with its short name, as a span layer
//! without features is); without it, the first of the features its elements have, in name
//! order, whose values are not all numbers or booleans (else the first), and `*` for a layer
//! none of whose elements has a feature (nothing says whether it has one). When several
//! relation layers link the span layer, each label starts with its layer's short name and a
//! colon. An end naming no unit of the span layer (a damaged file, a zero-length annotation)
//! is kept as it stands, so that the measure reports the relation as unplaced, and a warning
//! names the first.

use super::write::RelationLayer;
use super::{DEPENDENCY, POS_FEATURE, PrimitiveFeatures, XmiFile, XmiRelation, read};
use crate::format::Source;
use crate::layer_choice::short_name;
use crate::webanno_tsv::LayerKind;
use crate::{Warning, WarningKind};
use gamma_core::relation::{Endpoint, Relation};
use gamma_core::unit::Unit;
use std::collections::{BTreeSet, HashSet};
use std::path::Path;

/// Where the labels of a relation layer come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Label {
    /// This feature's value (`*` when a relation has none).
    Feature(String),
    /// No feature is known (no type system, and no relation of the layer has one): `*`.
    NoValue,
    /// The type has no feature: the layer's short name.
    LayerName,
}

/// A relation layer of a file and where its labels come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RelationType {
    /// Its full type name.
    pub name: String,
    /// Where its labels come from.
    pub label: Label,
}

/// The relation layers of `relations`, in order of first appearance, with their labels' rule
/// (see the module documentation).
pub(super) fn label_rules(
    relations: &[XmiRelation],
    primitive: Option<&PrimitiveFeatures>,
) -> Vec<RelationType> {
    let mut names: Vec<&str> = Vec::new();
    for relation in relations {
        if !names.contains(&relation.layer.as_str()) {
            names.push(&relation.layer);
        }
    }
    let number_or_boolean =
        |v: &str| v.trim().parse::<f64>().is_ok() || matches!(v.trim(), "true" | "false");
    (names.into_iter())
        .map(|name| {
            let of_layer = || relations.iter().filter(move |r| r.layer == name);
            let label = match primitive.and_then(|p| p.get(name)) {
                Some(declared) => (declared.iter().find(|(_, string)| *string))
                    .or(declared.first())
                    .map_or(Label::LayerName, |(f, _)| Label::Feature(f.clone())),
                None => {
                    let seen: BTreeSet<&String> =
                        of_layer().flat_map(|r| r.features.keys()).collect();
                    let textual = |f: &&&String| {
                        (of_layer().filter_map(|r| r.features.get(**f)))
                            .any(|v| !number_or_boolean(v))
                    };
                    (seen.iter().find(textual))
                        .or(seen.first())
                        .map_or(Label::NoValue, |f| Label::Feature((*f).clone()))
                }
            };
            RelationType {
                name: name.to_string(),
                label,
            }
        })
        .collect()
}

impl XmiFile {
    /// The `xmi:id`s of the annotations of span layer `layer`.
    pub(crate) fn ids_of(&self, layer: &str) -> HashSet<&str> {
        (self.annotations.iter())
            .filter(|a| a.layer == layer)
            .map(|a| a.id.as_str())
            .collect()
    }

    /// The annotation of `spans` that end `id` of a relation of layer `relation_layer` names:
    /// the annotation itself, or for a dependency (between tokens) the token's part of speech.
    pub(crate) fn end_in<'a>(
        &'a self,
        relation_layer: &str,
        id: &'a str,
        spans: &HashSet<&str>,
    ) -> Option<&'a str> {
        if spans.contains(id) {
            return Some(id);
        }
        if relation_layer != DEPENDENCY {
            return None;
        }
        let token = self.tokens.get(id)?;
        (token.iter())
            .find(|(k, v)| k == POS_FEATURE && spans.contains(v.as_str()))
            .map(|(_, v)| v.as_str())
    }

    /// The relation layers whose relations link the annotations of span layer `layer`.
    pub(crate) fn relation_layers_over(&self, layer: &str) -> Vec<&RelationType> {
        let spans = self.ids_of(layer);
        (self.relation_layers.iter())
            .filter(|t| {
                (self.relations.iter().filter(|r| r.layer == t.name)).any(|r| {
                    self.end_in(&t.name, &r.governor, &spans).is_some()
                        || self.end_in(&t.name, &r.dependent, &spans).is_some()
                })
            })
            .collect()
    }

    /// The relations between the annotations of span layer `layer` (see the module
    /// documentation), whose units are `units`, and a warning when some name none of them.
    pub(crate) fn relations_over(
        &self,
        layer: &str,
        units: &[Unit],
        path: &Path,
    ) -> (Vec<Relation>, Option<Warning>) {
        let spans = self.ids_of(layer);
        let read: HashSet<&str> = units
            .iter()
            .filter_map(|u| u.source_id.as_deref())
            .collect();
        let over = self.relation_layers_over(layer);
        let mut relations = Vec::new();
        let mut unknown: Vec<(u64, &str)> = Vec::new();
        for (rule, relation) in (self.relations.iter())
            .filter_map(|r| Some((over.iter().find(|t| t.name == r.layer)?, r)))
        {
            let value = match &rule.label {
                Label::Feature(f) => {
                    (relation.features.get(f).cloned()).unwrap_or_else(|| "*".into())
                }
                Label::NoValue => "*".into(),
                Label::LayerName => short_name(&rule.name).to_string(),
            };
            let label = match over.len() {
                1 => value,
                _ => format!("{}:{value}", short_name(&rule.name)),
            };
            let [source, target] = [&relation.governor, &relation.dependent].map(|end| {
                let named = self.end_in(&rule.name, end, &spans).unwrap_or(end);
                if !read.contains(named) {
                    unknown.push((relation.line, named));
                }
                Endpoint::Unit(named.to_string())
            });
            relations.push(Relation {
                id: relation.id.clone(),
                label,
                source,
                target,
                directed: true,
            });
        }
        let warning = unknown.first().map(|(line, id)| {
            Warning::new(
                WarningKind::Skipped,
                path,
                Some(*line),
                format!(
                    "{} end(s) of relations name no annotation of {} read as a unit (first \
                     {id:?}): those relations are read but cannot be measured",
                    unknown.len(),
                    short_name(layer)
                ),
            )
        });
        (relations, warning)
    }
}

/// The relation layers a document's relations are written in: those over its span layer in
/// its XMI files (the label feature a file gives; `value` for a layer none of whose relations
/// has a feature), or in the first of its TSV 3 files; none for a document of another format
/// (the default layer is written when there are relations).
pub(crate) fn relation_layers(source: Option<&Source>) -> Vec<RelationLayer> {
    match source {
        Some(Source::Xmi { files, layer, .. }) => {
            let mut found: Vec<(String, Label)> = Vec::new();
            for file in files.iter().filter_map(|f| read(&f.path).ok()) {
                for read in file.relation_layers_over(layer) {
                    match found.iter_mut().find(|(name, _)| *name == read.name) {
                        Some((_, label)) if *label == Label::NoValue => *label = read.label.clone(),
                        Some(_) => {}
                        None => found.push((read.name.clone(), read.label.clone())),
                    }
                }
            }
            (found.into_iter())
                .map(|(name, label)| RelationLayer {
                    name,
                    feature: match label {
                        Label::Feature(feature) => Some(feature),
                        Label::NoValue => Some("value".into()),
                        Label::LayerName => None,
                    },
                })
                .collect()
        }
        Some(Source::WebannoTsv { files, layer, .. }) => {
            let Some(file) = files
                .first()
                .and_then(|f| crate::webanno_tsv::read(&f.path).ok())
            else {
                return Vec::new();
            };
            let base = format!("BT_{layer}");
            (file.layers.iter())
                .filter(|l| l.kind == LayerKind::Relation && l.columns.last() == Some(&base))
                .map(|l| RelationLayer {
                    name: l.name.clone(),
                    feature: (l.columns.len() > 1).then(|| l.columns[0].clone()),
                })
                .collect()
        }
        _ => Vec::new(),
    }
}
