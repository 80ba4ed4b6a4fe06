//! The notes of the XMI whole gold ([`super::whole`]) on what was not measured: the annotations
//! of the initial view outside the measure (other layers, other relation layers, zero-length
//! annotations of the measured layer) that not every annotator's file has alike. Two are alike
//! when their type, offsets and attributes are the same, a reference compared by what it names
//! (a measured unit by the gold unit standing for it, another annotation by its type and
//! offsets). Tokens, sentences and document metadata are the text's, not annotations.

use super::XmiFile;
use super::tree::{self, Packages, char_span, structural};
use crate::layer_choice::short_name;
use crate::webanno_tsv::Utf16Offsets;
use crate::xml::Element;
use std::collections::{HashMap, HashSet};

use crate::gold_export::NotMeasured as Items;

/// The notes on annotations not measured that not every annotator has alike: `cases` are each
/// annotator's (index, root element, file read, ids of its measured units), `layer` the span
/// layer measured, `remaps` each annotator's units' gold unit ids.
pub(super) fn differences<'a>(
    cases: impl Iterator<Item = (usize, &'a Element, &'a XmiFile, &'a HashSet<String>)>,
    layer: &str,
    remaps: &[HashMap<String, String>],
    base: usize,
    name: impl Fn(usize) -> &'a str,
) -> Vec<String> {
    let items: Vec<(usize, Items)> = cases
        .map(|(a, root, file, measured)| {
            let remap = remaps.get(a).cloned().unwrap_or_default();
            (a, not_measured(root, file, layer, measured, &remap))
        })
        .collect();
    crate::gold_export::differences(&items, base, name)
}

/// What an annotator's file has that was not measured, by what makes two alike: how many, and
/// how it is named for people (its type's short name, its offsets in characters, its values).
fn not_measured(
    root: &Element,
    file: &XmiFile,
    layer: &str,
    measured: &HashSet<String>,
    remap: &HashMap<String, String>,
) -> Items {
    let packages = Packages::of(root);
    let (_, members) = tree::initial_view(root);
    let by_id = tree::by_id(root);
    let offsets = Utf16Offsets::new(&file.text);
    let over: HashSet<&str> = (file.relation_layers_over(layer).into_iter())
        .map(|t| t.name.as_str())
        .collect();
    let named = |id: &str| -> String {
        if measured.contains(id) {
            return match remap.get(id) {
                Some(gold) => format!("gold unit {gold}"),
                None => "a unit without a gold unit".to_string(),
            };
        }
        let Some(element) = by_id.get(id) else {
            return id.to_string();
        };
        let at = |name: &str| element.attribute(name).unwrap_or_default().to_string();
        format!(
            "{} {}-{}",
            packages.type_name(element),
            at("begin"),
            at("end")
        )
    };
    let mut items = Items::new();
    for element in root.elements() {
        let id = element.attribute("xmi:id").unwrap_or_default();
        let type_name = packages.type_name(element);
        if !members.contains(id)
            || measured.contains(id)
            || structural(&type_name)
            || over.contains(type_name.as_str())
        {
            continue;
        }
        let mut values: Vec<(String, String)> = Vec::new();
        let mut shown: Vec<String> = Vec::new();
        for (k, v) in element
            .attributes
            .iter()
            .filter(|(k, _)| !tree::positional(k))
        {
            match tree::references(v, &by_id) {
                Some(parts) => {
                    let parts: Vec<String> = parts.into_iter().map(named).collect();
                    values.push((k.clone(), parts.join(", ")));
                }
                None => {
                    values.push((k.clone(), v.clone()));
                    shown.push(format!("{k}={v:?}"));
                }
            }
        }
        values.sort();
        let at = |name: &str| element.attribute(name).unwrap_or_default().to_string();
        let key = format!("{type_name} {}-{} {values:?}", at("begin"), at("end"));
        let mut description = short_name(&type_name).to_string();
        if let Some((start, end)) = char_span(element, &offsets) {
            description.push_str(&format!(" [{start}, {end})"));
        }
        if !shown.is_empty() {
            description.push_str(&format!(" ({})", shown.join(", ")));
        }
        items.entry(key).or_insert((0, description)).0 += 1;
    }
    items
}
