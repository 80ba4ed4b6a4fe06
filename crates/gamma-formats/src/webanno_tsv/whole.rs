//! The gold `.tsv` of a TSV 3 document (or of a document of an INCEpTION project export whose
//! users' entries are TSV 3) as a whole document: the base annotator's file ([`Gold::base`])
//! with the gold in place of what was measured.
//!
//! The span layer measured holds the gold units (their category in the category feature, their
//! other features in their columns; a feature the layer did not declare gets a column of its
//! own). The relation layers over it hold the gold's relations
//! ([`crate::span_layer::decided_relations`]): the base annotator's as the decisions leave them,
//! with all their features (a relabelled one takes the gold label in its label feature); another
//! annotator's kept into the gold, between the gold units standing for its ends.
//!
//! Everything else of the base annotator's file is carried: its other span layers and their
//! annotations, its other relation layers (over another span layer or over the tokens) and their
//! relations, and its tokens (cut only where a gold unit begins or ends inside one). Chain
//! layers and slot features (links) are not written and are listed. Annotations and relations
//! not measured that not every annotator's file has alike are listed, the base annotator's
//! being the ones in the gold.

use super::layered::{LayeredFile, LayeredRelation, LayeredSpan, NotWritten, RelationEnd};
use super::{Layer, LayerKind, RelationAnnotation, Tsv3File, feature_name, unit_boundaries};
use crate::FileError;
use crate::format::{Gold, Source};
use crate::gold_export::{CarriedNotes, NotMeasured, differences};
use crate::layer_choice::short_name;
use crate::span_layer::{decided_relations, span_layer};
use gamma_core::relation::Endpoint;
use std::collections::{BTreeSet, HashMap};
use std::path::Path;

/// The gold `.tsv` and what the user must hear about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WholeGold {
    /// The file to write.
    pub tsv: String,
    /// What differed between the annotators and what was kept out of the gold.
    pub notes: CarriedNotes,
}

/// The annotators' TSV 3 files of the gold's document, each with its annotator's index: the
/// files read (a TSV 3 document) or the users' entries (a document of an INCEpTION project
/// export whose users' entries are TSV 3); `None` for another source.
fn annotators_files(gold: &Gold<'_>) -> Result<Option<Vec<(usize, Tsv3File)>>, FileError> {
    let annotators = &gold.document.annotators;
    let read = match gold.source {
        Some(Source::WebannoTsv { files, .. }) => (files.iter().enumerate())
            .map(|(i, f)| {
                let annotator = (annotators.iter())
                    .position(|a| a.name == f.annotator)
                    .unwrap_or(i);
                Ok((annotator, super::read(&f.path)?))
            })
            .collect::<Result<_, FileError>>()?,
        Some(Source::InceptionProject { path, document, .. }) => {
            let users: Vec<&str> = annotators.iter().map(|a| a.name.as_str()).collect();
            match crate::inception_project::tsv3_entries(path, document, &users) {
                Some(files) => files.into_iter().enumerate().collect(),
                None => return Ok(None),
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(read))
}

/// The whole gold of a TSV 3 document or of a document of an INCEpTION project export written
/// as TSV 3; `out` is the gold's path (named in errors). `None` when the base annotator's file
/// cannot be carried (another source, an XMI entry, a text that is not the document's): the
/// gold is then its units and relations.
pub(crate) fn whole_gold(gold: &Gold<'_>, out: &Path) -> Result<Option<WholeGold>, FileError> {
    let text = gold.text(out, "WebAnno TSV 3")?;
    let annotators = &gold.document.annotators;
    let Some(read) = annotators_files(gold)? else {
        return Ok(None);
    };
    let Some((_, base)) = read.iter().find(|(a, _)| *a == gold.base) else {
        return Err(crate::gold_export::no_base_file(out, gold.base, read.len()));
    };
    let (layer_name, feature) = span_layer(gold.source, gold.units.iter());
    let measured =
        (base.layers.iter()).position(|l| l.kind == LayerKind::Span && l.name == layer_name);
    let own_text = annotators
        .get(gold.base)
        .is_some_and(|a| a.own_text.is_some());
    let (Some(measured), false) = (measured, own_text) else {
        return Ok(None);
    };
    unit_boundaries(gold.units, text.chars().count()).map_err(|e| FileError::new(out, None, e))?;
    let mut build = Build::new(gold, base, text, measured, feature);
    build.gold_units();
    build.carried_spans();
    let (relations, flagged) = decided_relations(gold, &build.gold_ids());
    build.flagged.extend(flagged);
    build.gold_relations(&relations);
    build.carried_relations();
    let (tsv, not_written) = build.file.write();
    build.not_written(&not_written);
    let name = |a: usize| annotators.get(a).map_or("?", |x| x.name.as_str());
    let items: Vec<(usize, NotMeasured)> = (read.iter())
        .map(|(a, file)| (*a, not_measured(file, layer_name)))
        .collect();
    Ok(Some(WholeGold {
        tsv,
        notes: CarriedNotes {
            differed: differences(&items, gold.base, name),
            flagged: build.flagged,
        },
    }))
}

/// The gold file being made from the base annotator's.
struct Build<'a> {
    gold: &'a Gold<'a>,
    base: &'a Tsv3File,
    /// The measured span layer's index in the base file.
    measured: usize,
    /// Each layer of the base file: its index in the gold file (chain layers have none).
    placed: Vec<Option<usize>>,
    /// The measured layer's column of the category, and the feature each other column holds.
    category: Option<usize>,
    feature_columns: HashMap<usize, String>,
    /// The carried spans' index in the gold file, by (layer in the base file, key).
    spans: HashMap<(usize, String), usize>,
    file: LayeredFile<'a>,
    flagged: Vec<String>,
}

impl<'a> Build<'a> {
    fn new(
        gold: &'a Gold<'a>,
        base: &'a Tsv3File,
        text: &'a str,
        measured: usize,
        feature: &str,
    ) -> Build<'a> {
        let mut placed = Vec::new();
        let mut layers = Vec::new();
        let mut chains = Vec::new();
        for layer in &base.layers {
            if layer.kind == LayerKind::Chain {
                placed.push(None);
                chains.push(short_name(&layer.name).to_string());
                continue;
            }
            placed.push(Some(layers.len()));
            layers.push(layer.clone());
        }
        let mut flagged = Vec::new();
        if !chains.is_empty() {
            flagged.push(format!(
                "the chain layers of {} ({}) are not carried into the gold",
                gold.document.annotators[gold.base].name,
                chains.join(", ")
            ));
        }
        let gold_layer = &mut layers[placed[measured].expect("a span layer is placed")];
        let (category, feature_columns) = measured_columns(gold_layer, gold, feature);
        Build {
            gold,
            base,
            measured,
            placed,
            category,
            feature_columns,
            spans: HashMap::new(),
            file: LayeredFile {
                text,
                token_boundaries: (base.tokens.iter())
                    .flat_map(|t| [t.start, t.end])
                    .collect(),
                layers,
                ..LayeredFile::default()
            },
            flagged,
        }
    }

    /// The gold units, first in the gold file's spans (gold unit `i` is span `i`).
    fn gold_units(&mut self) {
        let layer = self.placed[self.measured].expect("a span layer is placed");
        let width = self.file.layers[layer].columns.len();
        for unit in self.gold.units {
            let values = (0..width)
                .map(
                    |c| match (self.category == Some(c), self.feature_columns.get(&c)) {
                        (true, _) => (unit.category != "*").then(|| unit.category.clone()),
                        (false, Some(key)) => unit.features.get(key).cloned(),
                        (false, None) => None,
                    },
                )
                .collect();
            self.file.spans.push(LayeredSpan {
                layer,
                start: unit.start as usize,
                end: unit.end as usize,
                values,
            });
        }
    }

    /// The gold units' ids for [`decided_relations`]: their index.
    fn gold_ids(&self) -> Vec<String> {
        (0..self.gold.units.len()).map(|i| i.to_string()).collect()
    }

    /// The base file's spans of the other span layers, as they are (slot features aside).
    fn carried_spans(&mut self) {
        let mut links: BTreeSet<String> = BTreeSet::new();
        for span in self.base.spans.iter().filter(|s| s.layer != self.measured) {
            let Some(layer) = self.placed[span.layer] else {
                continue;
            };
            let declared = &self.base.layers[span.layer];
            if (0..declared.columns.len())
                .any(|c| super::layered::is_slot(declared, c) && span.values[c].is_some())
            {
                links.insert(declared.short_name().to_string());
            }
            let index = self.file.spans.len();
            self.spans
                .insert((span.layer, span.key().to_string()), index);
            self.file.spans.push(LayeredSpan {
                layer,
                start: span.start,
                end: span.end,
                values: span.values.clone(),
            });
        }
        if !links.is_empty() {
            let links: Vec<String> = links.into_iter().collect();
            self.flagged.push(format!(
                "the slot features (links) of {} are not carried into the gold",
                links.join(", ")
            ));
        }
    }

    /// The relation layers over the measured layer, in the gold file; the default one added
    /// when there are relations and the base file has none.
    fn layers_over_measured(&mut self, needed: bool) -> Vec<usize> {
        let wanted = format!("BT_{}", self.base.layers[self.measured].name);
        let over: Vec<usize> = (self.file.layers.iter().enumerate())
            .filter(|(_, l)| l.kind == LayerKind::Relation && l.columns.last() == Some(&wanted))
            .map(|(i, _)| i)
            .collect();
        if !over.is_empty() || !needed {
            return over;
        }
        let default = super::relation_columns::default_relation_layer();
        self.file.layers.push(Layer {
            kind: LayerKind::Relation,
            name: default.name,
            columns: vec![default.feature.unwrap_or_default(), wanted],
        });
        vec![self.file.layers.len() - 1]
    }

    /// The gold's relations between the gold units, the base annotator's with all their
    /// features.
    fn gold_relations(&mut self, relations: &[(usize, gamma_core::relation::Relation)]) {
        let over = self.layers_over_measured(!relations.is_empty());
        let base_relations = self.base_relations();
        for (annotator, relation) in relations {
            let end = |e: &Endpoint| match e {
                Endpoint::Unit(id) => id.parse().ok().map(RelationEnd::Span),
                Endpoint::Group { .. } => None,
            };
            let (Some(source), Some(target)) = (end(&relation.source), end(&relation.target))
            else {
                continue;
            };
            let (layer, value) = layer_of(&relation.label, &over, &self.file.layers);
            let width = self.file.layers[layer].columns.len() - 1;
            let value = (value != "*").then(|| value.to_string());
            let mut values = vec![None; width];
            let label_column = match self.placed.iter().position(|p| *p == Some(layer)) {
                Some(declared) => self.base.label_column(declared),
                None => (width > 0).then_some(0),
            };
            if *annotator == self.gold.base
                && let Some(own) = base_relations.get(relation.id.as_str())
                && self.placed[own.layer] == Some(layer)
            {
                values = own.values.clone();
            }
            if let Some(label) = label_column.and_then(|k| values.get_mut(k)) {
                *label = value;
            }
            self.file.relations.push(LayeredRelation {
                layer,
                source,
                target,
                values,
            });
        }
    }

    /// The base file's relations over the measured layer, by the id the reader gives them.
    fn base_relations(&self) -> HashMap<String, &'a RelationAnnotation> {
        let wanted = format!("BT_{}", self.base.layers[self.measured].name);
        let mut on_row: HashMap<&str, usize> = HashMap::new();
        let mut by_id = HashMap::new();
        for relation in &self.base.relations {
            if self.base.layers[relation.layer].columns.last() != Some(&wanted) {
                continue;
            }
            let n = on_row.entry(&relation.row).or_default();
            *n += 1;
            by_id.insert(format!("{}/{n}", relation.row), relation);
        }
        by_id
    }

    /// The base file's relations of the other relation layers, between the carried spans or
    /// the tokens they link.
    fn carried_relations(&mut self) {
        let wanted = format!("BT_{}", self.base.layers[self.measured].name);
        let tokens = self.base.tokens_by_address();
        for relation in &self.base.relations {
            let declared = &self.base.layers[relation.layer];
            let (Some(layer), Some(over)) = (self.placed[relation.layer], declared.columns.last())
            else {
                continue;
            };
            if *over == wanted {
                continue;
            }
            let over = over.trim_start_matches("BT_");
            let span_layer =
                (self.base.layers.iter()).position(|l| l.kind == LayerKind::Span && l.name == over);
            let end = |key: &str| match span_layer {
                Some(l) => self
                    .spans
                    .get(&(l, key.to_string()))
                    .map(|&i| RelationEnd::Span(i)),
                None => tokens.get(key).map(|t| RelationEnd::Token(t.start)),
            };
            match (end(&relation.source), end(&relation.target)) {
                (Some(source), Some(target)) => self.file.relations.push(LayeredRelation {
                    layer,
                    source,
                    target,
                    values: relation.values.clone(),
                }),
                _ => self.flagged.push(format!(
                    "relation of {} at {} (line {}) names no annotation of {}: not carried into \
                     the gold",
                    declared.short_name(),
                    relation.row,
                    relation.line,
                    short_name(over)
                )),
            }
        }
    }

    /// Notes on what the file could not hold: spans covering no token, relations between them.
    fn not_written(&mut self, not_written: &NotWritten) {
        for &index in &not_written.spans {
            let span = &self.file.spans[index];
            self.flagged.push(format!(
                "{} [{}, {}) covers no token and is not in the gold",
                short_name(&self.file.layers[span.layer].name),
                span.start,
                span.end
            ));
        }
        if !not_written.relations.is_empty() {
            self.flagged.push(format!(
                "{} relation(s) with an end that covers no token are not in the gold",
                not_written.relations.len()
            ));
        }
    }
}

/// The measured layer's columns in the gold: the category's (added when the layer declares
/// none and the gold units' categories are not its name) and one per feature of the gold units
/// (added when not declared). Returns the category's column and each feature column's key.
fn measured_columns(
    layer: &mut Layer,
    gold: &Gold<'_>,
    feature: &str,
) -> (Option<usize>, HashMap<usize, String>) {
    let mut wanted: BTreeSet<&String> = BTreeSet::new();
    for unit in gold.units {
        wanted.extend(unit.features.keys());
    }
    let no_features = layer.columns == [""];
    let mut columns: Vec<String> = if no_features {
        Vec::new()
    } else {
        layer.columns.clone()
    };
    let reserved = super::write::RESERVED;
    let column_of =
        |name: &str, columns: &mut Vec<String>| match columns.iter().position(|c| c == name) {
            Some(c) => c,
            None => {
                columns.push(feature_name(name, &reserved));
                columns.len() - 1
            }
        };
    let category = (!feature.is_empty()).then(|| column_of(feature, &mut columns));
    let mut keys = HashMap::new();
    for key in wanted.into_iter().filter(|k| k.as_str() != feature) {
        keys.insert(column_of(key, &mut columns), key.clone());
    }
    if columns.is_empty() {
        columns.push(String::new());
    }
    layer.columns = columns;
    (category, keys)
}

/// The relation layer (of `over`, in the gold file) a label goes to and the value written: with
/// several layers, `Short:value` names its layer (as the reader labels them); otherwise the
/// first layer, the whole label.
fn layer_of<'l>(label: &'l str, over: &[usize], layers: &[Layer]) -> (usize, &'l str) {
    if over.len() > 1
        && let Some((short, value)) = label.split_once(':')
        && let Some(&layer) = over.iter().find(|&&l| layers[l].short_name() == short)
    {
        return (layer, value);
    }
    (over[0], label)
}

/// What a file has that was not measured: the annotations of its other span layers, the
/// relations of the relation layers over them or over the tokens.
fn not_measured(file: &Tsv3File, measured_layer: &str) -> NotMeasured {
    let mut items = NotMeasured::new();
    let wanted = format!("BT_{measured_layer}");
    let mut by_key: HashMap<(usize, &str), String> = HashMap::new();
    for span in &file.spans {
        let layer = &file.layers[span.layer];
        if layer.name == measured_layer {
            continue;
        }
        let named = format!("{} [{}, {})", layer.short_name(), span.start, span.end);
        by_key.insert((span.layer, span.key()), named.clone());
        let values: Vec<&str> = span.values.iter().flatten().map(String::as_str).collect();
        let description = match values.is_empty() {
            true => named.clone(),
            false => format!("{named} ({})", values.join(", ")),
        };
        let key = format!("{} {named} {:?}", layer.name, span.values);
        items.entry(key).or_insert((0, description)).0 += 1;
    }
    let tokens = file.tokens_by_address();
    for relation in &file.relations {
        let layer = &file.layers[relation.layer];
        let over = layer.columns.last().map_or("", String::as_str);
        if over == wanted {
            continue;
        }
        let over_layer = (file.layers.iter())
            .position(|l| l.kind == LayerKind::Span && format!("BT_{}", l.name) == over);
        let named = |key: &str| match over_layer {
            Some(l) => (by_key.get(&(l, key)).cloned()).unwrap_or_else(|| key.to_string()),
            None => (tokens.get(key)).map_or(key.to_string(), |t| {
                format!("token [{}, {})", t.start, t.end)
            }),
        };
        let values: Vec<&str> = relation
            .values
            .iter()
            .flatten()
            .map(String::as_str)
            .collect();
        let description = format!(
            "{} {} → {}{}",
            layer.short_name(),
            named(&relation.source),
            named(&relation.target),
            match values.is_empty() {
                true => String::new(),
                false => format!(" ({})", values.join(", ")),
            }
        );
        let key = format!("{} {description} {:?}", layer.name, relation.values);
        items.entry(key).or_insert((0, description)).0 += 1;
    }
    items
}
