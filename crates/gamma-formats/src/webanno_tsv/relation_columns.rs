//! Writing relations as TSV 3 relation layers, the reverse of [`super::relations`]: a relation
//! is on the row of the first token of its target span (INCEpTION's dependent), its label in the
//! layer's feature column, and in the `BT_<span layer>` column the address of the first token of
//! its source span (the governor), followed by `[<source id>_<target id>]` when either span has
//! an `[id]` (`0` for the one that has none). Relations stacked on one row are `|`-separated in
//! every column, in the same order.

use super::escape;
use gamma_core::relation::{Endpoint, Relation};
use gamma_core::unit::Unit;
use std::collections::HashMap;

/// A relation layer to write: its full type name and the feature that holds the label (none:
/// the label read back is the layer's short name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RelationLayer {
    /// The full UIMA type name.
    pub name: String,
    /// The feature whose value is the relation's label.
    pub feature: Option<String>,
}

/// The relation layer written when the document's own are not known: INCEpTION's custom
/// relation layer with a `value` feature.
pub(crate) fn default_relation_layer() -> RelationLayer {
    RelationLayer {
        name: "webanno.custom.Relation".into(),
        feature: Some("value".into()),
    }
}

impl RelationLayer {
    fn short_name(&self) -> &str {
        self.name.rsplit('.').next().unwrap_or(&self.name)
    }
}

/// A token: (sentence, token), from 0.
type Token = (usize, usize);

/// The relation columns of a TSV 3 file.
pub(super) struct RelationColumns {
    /// The `#T_RL=` lines of the header.
    pub header: Vec<String>,
    /// Each token's (sentence, token) cells, one per relation column in header order; a token
    /// that is no target has `_` in every column.
    cells: HashMap<(usize, usize), Vec<String>>,
    /// How many columns the layers have.
    width: usize,
    /// How many relations could not be written (an endpoint is a group or no unit written).
    pub left_out: usize,
}

impl RelationColumns {
    /// The cells of token (sentence, token).
    pub(super) fn cells(&self, token: (usize, usize)) -> Vec<String> {
        (self.cells.get(&token).cloned()).unwrap_or_else(|| vec!["_".to_string(); self.width])
    }
}

/// The relation columns of `relations` between `units` (endpoints named by the units' ids),
/// where `covered[i]` are the (sentence, token) of unit `i` and `linked[i]` whether it has an
/// `[id]` (`i + 1`). `layers` are the relation layers over `span_layer` (when several, a label
/// `Short:value` goes to the layer of that short name; any other to the first); with none, the
/// default one when there are relations to write.
pub(super) fn relation_columns(
    relations: &[Relation],
    units: &[Unit],
    covered: &[Vec<(usize, usize)>],
    linked: &[bool],
    span_layer: &str,
    layers: &[RelationLayer],
) -> RelationColumns {
    let default = [default_relation_layer()];
    let layers = match (layers.is_empty(), relations.is_empty()) {
        (true, false) => &default[..],
        _ => layers,
    };
    let index: HashMap<&str, usize> = (units.iter().enumerate())
        .filter_map(|(i, u)| Some((u.source_id.as_deref()?, i)))
        .collect();
    let unit = |e: &Endpoint| match e {
        Endpoint::Unit(id) => index.get(id.as_str()).copied(),
        Endpoint::Group { .. } => None,
    };
    let id = |i: usize| if linked[i] { i + 1 } else { 0 };
    // For each target token and layer: the (value, base entry) of each relation on it.
    let mut entries: HashMap<(Token, usize), Vec<(String, String)>> = HashMap::new();
    let mut left_out = 0;
    for relation in relations {
        let (Some(source), Some(target)) = (unit(&relation.source), unit(&relation.target)) else {
            left_out += 1;
            continue;
        };
        let (layer, value) = layer_of(&relation.label, layers);
        let (s, t) = covered[source][0];
        let mut base = format!("{}-{}", s + 1, t + 1);
        if linked[source] || linked[target] {
            base.push_str(&format!("[{}_{}]", id(source), id(target)));
        }
        let value = if value == "*" {
            "*".into()
        } else {
            escape(value)
        };
        (entries.entry((covered[target][0], layer)).or_default()).push((value, base));
    }
    let columns = |l: &RelationLayer| 1 + usize::from(l.feature.is_some());
    let width = layers.iter().map(columns).sum();
    let mut cells: HashMap<(usize, usize), Vec<String>> = HashMap::new();
    for (&(token, layer), on_token) in &entries {
        let row = cells
            .entry(token)
            .or_insert_with(|| vec!["_".to_string(); width]);
        let first = layers[..layer].iter().map(columns).sum::<usize>();
        let join = |part: fn(&(String, String)) -> &String| {
            on_token
                .iter()
                .map(part)
                .cloned()
                .collect::<Vec<_>>()
                .join("|")
        };
        if layers[layer].feature.is_some() {
            row[first] = join(|e| &e.0);
        }
        row[first + columns(&layers[layer]) - 1] = join(|e| &e.1);
    }
    let header = (layers.iter())
        .map(|l| match &l.feature {
            Some(feature) => format!("#T_RL={}|{feature}|BT_{span_layer}", l.name),
            None => format!("#T_RL={}|BT_{span_layer}", l.name),
        })
        .collect();
    RelationColumns {
        header,
        cells,
        width,
        left_out,
    }
}

/// The layer a label goes to and the value written: with several layers, `Short:value` names
/// its layer (as the reader labels them); otherwise the first layer, the whole label.
fn layer_of<'a>(label: &'a str, layers: &[RelationLayer]) -> (usize, &'a str) {
    if layers.len() > 1
        && let Some((short, value)) = label.split_once(':')
        && let Some(layer) = layers.iter().position(|l| l.short_name() == short)
    {
        return (layer, value);
    }
    (0, label)
}
