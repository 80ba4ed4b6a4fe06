//! TSV 3 relation layers (`#T_RL=<type>|<features…>|BT_<span layer>`) read as [`Relation`]s.
//!
//! A relation is written on the row of a token of its *target* span (INCEpTION's dependent),
//! and its last column, `BT_<span layer>`, holds the address of a token of its *source* span
//! (the governor), followed when needed by `[<source id>_<target id>]`: the `[id]`s of the two
//! spans, `0` for a span without one (a single-token span that is not stacked, named by its
//! token). Stacked relations on one row are `|`-separated in every column, in the same order.
//! So a relation goes from the span that the address and the source id name to the span on
//! whose row it sits (or that the target id names), directed, as INCEpTION draws it.
//!
//! Its label is the value of the layer's label feature (`*` when it has none, the layer's short
//! name when the layer has no feature, as for units): the first feature whose values are not
//! all numbers or booleans, else the first, as the XMI reader chooses it without a type system; when several relation layers link the
//! chosen span layer, each label starts with its layer's short name and a colon. Relations have
//! no id in TSV 3: each is named by its row and its place there (`1-5/1`). An endpoint naming no
//! span of the layer (a damaged file) is kept as it stands, so that the measure reports the
//! relation as unplaced, and a warning names the first. Relation layers over another layer
//! (tokens, another span layer) are not the units' and are left aside.

use super::{Layer, LayerKind, Sentence, Tsv3File, cell_entries};
use crate::{Warning, WarningKind};
use gamma_core::relation::{Endpoint, Relation};
use std::collections::{BTreeMap, HashSet};
use std::path::Path;

/// One relation annotation of a relation layer, as the file has it.
#[derive(Debug, Clone, PartialEq)]
pub struct RelationAnnotation {
    /// The index of its layer in [`Tsv3File::layers`].
    pub layer: usize,
    /// The value of each feature column of the layer, the `BT_` column aside (`None`: no value).
    pub values: Vec<Option<String>>,
    /// Its source span: its `[id]`, or the address of its token.
    pub source: String,
    /// Its target span: its `[id]`, or the address of the row the relation is on.
    pub target: String,
    /// The row it is on.
    pub row: String,
    /// The line of that row.
    pub line: u64,
}

/// The relation annotations of every relation layer, in file order.
pub(super) fn collect(sentences: &[Sentence], layers: &[Layer]) -> Vec<RelationAnnotation> {
    let mut relations = Vec::new();
    for token in sentences.iter().flat_map(|s| &s.tokens) {
        let mut column = 0;
        for (layer_index, layer) in layers.iter().enumerate() {
            let first = column;
            column += layer.columns.len();
            let Some(base) = base_column(layer) else {
                continue;
            };
            let cells = &token.cells[first..column];
            if cells[base] == "_" {
                continue;
            }
            let features: Vec<Vec<Option<String>>> = cells[..base]
                .iter()
                .map(|cell| match *cell {
                    "_" => Vec::new(),
                    cell => cell_entries(cell).into_iter().map(|(v, _)| v).collect(),
                })
                .collect();
            for (k, (address, ids)) in cell_entries(cells[base]).into_iter().enumerate() {
                let address = address.unwrap_or_default();
                let (source_id, target_id) = ids
                    .as_deref()
                    .and_then(|ids| ids.split_once('_'))
                    .unwrap_or(("0", "0"));
                let named = |id: &str, token: &str| match id {
                    "0" => token.to_string(),
                    id => id.to_string(),
                };
                relations.push(RelationAnnotation {
                    layer: layer_index,
                    values: features
                        .iter()
                        .map(|entries| entries.get(k).cloned().flatten())
                        .collect(),
                    source: named(source_id, &address),
                    target: named(target_id, token.address),
                    row: token.address.to_string(),
                    line: token.line,
                });
            }
        }
    }
    relations
}

/// The `BT_` column of a relation layer (its last), if it is one.
fn base_column(layer: &Layer) -> Option<usize> {
    (layer.kind == LayerKind::Relation)
        .then(|| layer.columns.len().checked_sub(1))
        .flatten()
        .filter(|&last| layer.columns[last].starts_with("BT_"))
}

impl Tsv3File {
    /// The feature column (before the `BT_` column) whose values label the relations of
    /// relation layer `layer`, as the XMI reader without a type system chooses it: the first
    /// whose values are not all numbers or booleans, else the first; `None` for a layer
    /// without features.
    pub(crate) fn label_column(&self, layer: usize) -> Option<usize> {
        let features = base_column(&self.layers[layer])?;
        let typed = |v: &str| v == "true" || v == "false" || v.parse::<f64>().is_ok();
        let textual = |k: usize| {
            (self.relations.iter())
                .filter(|r| r.layer == layer)
                .filter_map(|r| r.values.get(k).cloned().flatten())
                .any(|v| !typed(&v))
        };
        (features > 0).then(|| (0..features).find(|&k| textual(k)).unwrap_or(0))
    }

    /// The relations between the spans of layer `span_layer` (see the module documentation),
    /// and a warning when some name no span of it.
    pub fn relations(&self, span_layer: usize, path: &Path) -> (Vec<Relation>, Option<Warning>) {
        let wanted = format!("BT_{}", self.layers[span_layer].name);
        let over: Vec<usize> = (0..self.layers.len())
            .filter(|&l| {
                base_column(&self.layers[l]).is_some_and(|c| self.layers[l].columns[c] == wanted)
            })
            .collect();
        let spans: HashSet<&str> = self
            .spans
            .iter()
            .filter(|s| s.layer == span_layer)
            .map(|s| s.key())
            .collect();
        let mut on_row: BTreeMap<&str, usize> = BTreeMap::new();
        let mut relations = Vec::new();
        let mut unknown: Vec<(u64, &str)> = Vec::new();
        for annotation in self.relations.iter().filter(|r| over.contains(&r.layer)) {
            let layer = &self.layers[annotation.layer];
            let value = match self.label_column(annotation.layer) {
                None => layer.short_name().to_string(),
                Some(k) => {
                    (annotation.values.get(k).cloned().flatten()).unwrap_or_else(|| "*".to_string())
                }
            };
            let label = match over.len() {
                1 => value,
                _ => format!("{}:{value}", layer.short_name()),
            };
            for end in [&annotation.source, &annotation.target] {
                if !spans.contains(end.as_str()) {
                    unknown.push((annotation.line, end));
                }
            }
            let n = on_row.entry(&annotation.row).or_default();
            *n += 1;
            relations.push(Relation {
                id: format!("{}/{n}", annotation.row),
                label,
                source: Endpoint::Unit(annotation.source.clone()),
                target: Endpoint::Unit(annotation.target.clone()),
                directed: true,
            });
        }
        let warning = unknown.first().map(|(line, id)| {
            Warning::new(
                WarningKind::Skipped,
                path,
                Some(*line),
                format!(
                    "{} end(s) of relations name no annotation of {} (first {id}): those \
                     relations are read but cannot be measured",
                    unknown.len(),
                    self.layers[span_layer].short_name()
                ),
            )
        });
        (relations, warning)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{LayerChoice, parse};
    use super::*;

    /// "bought" (1-2) to Sony (on Sony's row, no ids), to Columbia Pictures (`[1]`, two
    /// tokens), and to the two stacked spans of 1989 (`[2]`, `[3]`), one of them without a
    /// value.
    const TSV: &str = "#FORMAT=WebAnno TSV 3.3\n\
        #T_SP=webanno.custom.Span|value\n\
        #T_RL=webanno.custom.Relation|value|BT_webanno.custom.Span\n\n\n\
        #Text=Sony bought Columbia Pictures in 1989 .\n\
        1-1\t0-4\tSony\tORG\tAgent\t1-2\t\n\
        1-2\t5-11\tbought\tEVT\t_\t_\t\n\
        1-3\t12-20\tColumbia\tORG[1]\tTheme\t1-2[0_1]\t\n\
        1-4\t21-29\tPictures\tORG[1]\t_\t_\t\n\
        1-5\t30-32\tin\t_\t_\t_\t\n\
        1-6\t33-37\t1989\tDATE[2]|TIME[3]\tTime|*\t1-2[0_2]|1-2[0_3]\t\n\
        1-7\t38-39\t.\t_\t_\t_\t\n";

    fn relation(id: &str, label: &str, source: &str, target: &str) -> Relation {
        Relation {
            id: id.into(),
            label: label.into(),
            source: Endpoint::Unit(source.into()),
            target: Endpoint::Unit(target.into()),
            directed: true,
        }
    }

    #[test]
    fn a_relation_layer_links_the_spans_its_base_column_names() {
        let path = Path::new("a.tsv");
        let file = parse(TSV.as_bytes(), path).unwrap();
        let (units, _) = file.units(&LayerChoice::default(), path).unwrap();
        let ids: Vec<(&str, &str)> = units
            .iter()
            .map(|u| (u.source_id.as_deref().unwrap(), u.category.as_str()))
            .collect();
        assert_eq!(
            ids,
            [
                ("1-1", "ORG"),
                ("1-2", "EVT"),
                ("1", "ORG"),
                ("2", "DATE"),
                ("3", "TIME")
            ]
        );
        let (relations, warning) = file.relations(0, path);
        assert_eq!(warning, None);
        assert_eq!(
            relations,
            [
                relation("1-1/1", "Agent", "1-2", "1-1"),
                relation("1-3/1", "Theme", "1-2", "1"),
                relation("1-6/1", "Time", "1-2", "2"),
                relation("1-6/2", "*", "1-2", "3"),
            ]
        );
    }

    /// A base address naming no span of the layer (token 1-5 has none) is kept and warned
    /// about; a relation layer over tokens is not the spans'.
    #[test]
    fn ends_naming_no_span_are_kept_and_warned_about() {
        let path = Path::new("a.tsv");
        let damaged = TSV.replace("Agent\t1-2\t", "Agent\t1-5\t");
        let file = parse(damaged.as_bytes(), path).unwrap();
        let (relations, warning) = file.relations(0, path);
        assert_eq!(relations[0], relation("1-1/1", "Agent", "1-5", "1-1"));
        assert_eq!(
            warning.unwrap().to_string(),
            "a.tsv: line 7: 1 end(s) of relations name no annotation of Span (first 1-5): \
             those relations are read but cannot be measured"
        );
        let tokens = TSV.replace(
            "BT_webanno.custom.Span",
            "BT_de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token",
        );
        let file = parse(tokens.as_bytes(), path).unwrap();
        assert_eq!(file.relations.len(), 4);
        assert_eq!(file.relations(0, path), (Vec::new(), None));
    }
}
