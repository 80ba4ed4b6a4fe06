//! The gold `.xmi` of an XMI document as a whole document: the base annotator's file
//! ([`Gold::base`]) with the gold in place of what was measured, as INCEpTION imports it (the
//! same root, namespaces, sofa, tokens and sentences; the view's members updated).
//!
//! The annotations of the measured span layer that were units are replaced by the gold units,
//! in the layer's type, their category and features as attributes: a gold unit that stands for
//! one of the base annotator's units takes its `xmi:id` (so that what names that unit, a token's
//! `pos`, a link, still does, and a gold of identical files is the base file), the others fresh
//! ones. The relations of the relation layers over the span layer follow the adjudication
//! ([`crate::span_layer::decided_relations`]): the base annotator's relation elements kept (a
//! relabelled one takes the gold label) with their ends moved to the gold units; another
//! annotator's relation kept into the gold is its element, with a fresh id, between the gold
//! units. A dependency's ends are the tokens whose `pos` is the gold unit (a gold unit without
//! a token of its own gets the token where it begins).
//!
//! Everything else of the base annotator's file is carried as it is: other layers, other
//! relation layers, other views, metadata. A reference of carried content to a measured unit
//! (a feature naming it by `xmi:id`) is moved to the gold unit standing for it; one to a unit
//! without a gold unit is removed and listed. Annotations not measured are compared across the
//! annotators' files (type, offsets, features, what they name) and those not every annotator
//! has alike are listed, the base annotator's being the one in the gold.

use super::relations::relation_layers;
use super::tree::{self, Packages};
use super::write::{RESERVED, RelationLayer, to_xmi_with_relations, unit_attributes, unit_values};
use super::{
    DEPENDENCY, POS_FEATURE, PrimitiveFeatures, TOKEN, XmiFile, parse, type_system_beside,
};
use crate::annotator_files::AnnotatorFile;
use crate::format::Gold;
use crate::span_layer::{decided_relations, gold_relations, span_layer};
use crate::webanno_tsv::{layer_features, utf16_offsets};
use crate::xml::{self, Element, Node};
use crate::{FileError, Unwritable};
use gamma_core::relation::{Endpoint, Relation};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

/// The gold `.xmi` and what the user must hear about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WholeGold {
    /// The file to write.
    pub xmi: String,
    /// What differed between the annotators and what was kept out of the gold.
    pub notes: crate::gold_export::CarriedNotes,
}

/// One annotator's XMI, read again for the gold.
struct Cas {
    /// The annotator's index in the document.
    annotator: usize,
    root: Element,
    file: XmiFile,
    primitive: Option<PrimitiveFeatures>,
    /// The `xmi:id`s of its units that were measured.
    measured: HashSet<String>,
}

fn read_again(gold: &Gold<'_>, file: &AnnotatorFile, position: usize) -> Result<Cas, FileError> {
    let annotators = &gold.document.annotators;
    let annotator = (annotators.iter())
        .position(|a| a.name == file.annotator)
        .unwrap_or(position);
    let bytes = crate::read_bytes(&file.path)?;
    let primitive = type_system_beside(&file.path)?;
    let parsed = parse(&bytes, &file.path, primitive.as_ref())?;
    let measured = (annotators.get(annotator).into_iter())
        .flat_map(|a| &a.units)
        .filter_map(|u| u.source_id.clone())
        .collect();
    Ok(Cas {
        annotator,
        root: xml::parse(&bytes, &file.path)?,
        file: parsed,
        primitive,
        measured,
    })
}

/// The whole gold of an XMI document: `files` are the annotators' XMI files, `out` the gold's
/// path (named in errors).
pub(crate) fn whole_gold(
    gold: &Gold<'_>,
    files: &[AnnotatorFile],
    out: &Path,
) -> Result<WholeGold, FileError> {
    let text = gold.text(out, "UIMA CAS XMI")?;
    let cases: Vec<Cas> = (files.iter().enumerate())
        .map(|(i, f)| read_again(gold, f, i))
        .collect::<Result<_, _>>()?;
    let Some(base) = cases.iter().find(|c| c.annotator == gold.base) else {
        return Err(crate::gold_export::no_base_file(
            out,
            gold.base,
            cases.len(),
        ));
    };
    let annotators = &gold.document.annotators;
    let name = |a: usize| annotators.get(a).map_or("?", |x| x.name.as_str());
    let problem = |e: Unwritable| FileError::new(out, None, e);
    let layers = relation_layers(gold.source);
    if annotators
        .get(gold.base)
        .is_some_and(|a| a.own_text.is_some())
    {
        let (units, relations, mut flagged) = gold_relations(gold);
        let (layer, feature) = span_layer(gold.source, gold.units.iter());
        let (xmi, _) = to_xmi_with_relations(text, &units, &relations, layer, feature, &layers)
            .map_err(problem)?;
        flagged.insert(0, format!(
            "the text of {} is not the document's: its file is not carried into the gold, which holds the gold units and their relations only",
            name(gold.base)
        ));
        return Ok(WholeGold {
            xmi,
            notes: crate::gold_export::CarriedNotes {
                differed: Vec::new(),
                flagged,
            },
        });
    }
    let mut fresh = tree::largest_id(&base.root);
    let ids = gold_ids(gold, base, &mut fresh);
    let (relations, flagged) = decided_relations(gold, &ids);
    let remaps = remaps(gold, &ids, annotators.len());
    let (layer, _) = span_layer(gold.source, gold.units.iter());
    let differed = super::whole_notes::differences(
        cases
            .iter()
            .map(|c| (c.annotator, &c.root, &c.file, &c.measured)),
        layer,
        &remaps,
        gold.base,
        name,
    );
    let mut rewrite = Rewrite::new(gold, base, text, fresh, &remaps[gold.base], flagged);
    rewrite.gold_units(&ids).map_err(problem)?;
    rewrite.attach_tokens();
    for (a, relation) in &relations {
        let Some(cas) = cases.iter().find(|c| c.annotator == *a) else {
            continue;
        };
        rewrite
            .relation(cas, relation, &layers, name(*a))
            .map_err(problem)?;
    }
    let xmi = rewrite.finish();
    Ok(WholeGold {
        xmi,
        notes: crate::gold_export::CarriedNotes {
            differed,
            flagged: rewrite.flagged,
        },
    })
}

/// The `xmi:id` of each gold unit: that of the base annotator's unit it stands for (the first
/// gold unit that does), else a fresh one after `fresh`, the largest taken.
fn gold_ids(gold: &Gold<'_>, base: &Cas, fresh: &mut u64) -> Vec<String> {
    let mut taken = HashSet::new();
    (gold.stands_for.iter())
        .map(|stands_for| {
            let own = (stands_for.iter())
                .find(|(a, id)| *a == gold.base && base.measured.contains(id))
                .map(|(_, id)| id.clone());
            match own {
                Some(id) if taken.insert(id.clone()) => id,
                _ => {
                    *fresh += 1;
                    fresh.to_string()
                }
            }
        })
        .collect()
}

/// For each annotator, the gold unit's `xmi:id` of each of its units that a gold unit stands
/// for.
fn remaps(gold: &Gold<'_>, ids: &[String], annotators: usize) -> Vec<HashMap<String, String>> {
    let mut remaps = vec![HashMap::new(); annotators.max(gold.base + 1)];
    for (stands_for, gold_id) in gold.stands_for.iter().zip(ids) {
        for (a, id) in stands_for {
            if let Some(remap) = remaps.get_mut(*a) {
                remap.entry(id.clone()).or_insert_with(|| gold_id.clone());
            }
        }
    }
    remaps
}

/// The base annotator's file being made the gold.
struct Rewrite<'a> {
    gold: &'a Gold<'a>,
    base: &'a Cas,
    name: &'a str,
    packages: Packages,
    /// Namespaces declared for the gold (types the base annotator's file has no prefix for).
    added: Vec<(String, String)>,
    /// The initial view's sofa and members.
    sofa: String,
    members: HashSet<String>,
    /// The UTF-16 offset of each character of the text.
    utf16: Vec<usize>,
    fresh: u64,
    /// The base annotator's unit ids and where they are in the gold.
    remap: &'a HashMap<String, String>,
    /// The gold units' elements, by id, and their order.
    units: Vec<Element>,
    /// The base annotator's relations over the span layer kept, rewritten, by id.
    kept: HashMap<String, Element>,
    /// Other annotators' relations kept, as they go into the gold.
    picked: Vec<Element>,
    /// The tokens, by id, as they go into the gold.
    tokens: BTreeMap<String, Element>,
    flagged: Vec<String>,
}

impl<'a> Rewrite<'a> {
    fn new(
        gold: &'a Gold<'a>,
        base: &'a Cas,
        text: &str,
        fresh: u64,
        remap: &'a HashMap<String, String>,
        flagged: Vec<String>,
    ) -> Rewrite<'a> {
        let (sofa, members) = tree::initial_view(&base.root);
        let packages = Packages::of(&base.root);
        let tokens = (base.root.elements())
            .filter(|e| members.contains(e.attribute("xmi:id").unwrap_or_default()))
            .filter(|e| packages.type_name(e) == TOKEN)
            .map(|e| {
                (
                    e.attribute("xmi:id").unwrap_or_default().to_string(),
                    e.clone(),
                )
            })
            .collect();
        let chars: Vec<char> = text.chars().collect();
        Rewrite {
            name: gold.document.annotators[gold.base].name.as_str(),
            gold,
            base,
            packages,
            added: Vec::new(),
            sofa,
            members,
            utf16: utf16_offsets(&chars),
            fresh,
            remap,
            units: Vec::new(),
            kept: HashMap::new(),
            picked: Vec::new(),
            tokens,
            flagged,
        }
    }

    fn fresh_id(&mut self) -> String {
        self.fresh += 1;
        self.fresh.to_string()
    }

    /// The gold units' elements, in text order; `ids` their `xmi:id`s.
    fn gold_units(&mut self, ids: &[String]) -> Result<(), Unwritable> {
        let (layer, feature) = span_layer(self.gold.source, self.gold.units.iter());
        let features = layer_features(self.gold.units, feature, &RESERVED);
        let element_name = self.packages.element_name(layer, &mut self.added);
        let elements: HashMap<&str, &Element> = tree::by_id(&self.base.root);
        let mut order: Vec<usize> = (0..self.gold.units.len()).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (&self.gold.units[a], &self.gold.units[b]);
            (x.start, x.end)
                .partial_cmp(&(y.start, y.end))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        for index in order {
            let unit = &self.gold.units[index];
            unit_attributes(unit, index, &features)?;
            let (start, end) = (unit.start as usize, unit.end as usize);
            let mut attributes = vec![
                ("xmi:id".to_string(), ids[index].clone()),
                ("sofa".to_string(), self.sofa.clone()),
                ("begin".to_string(), self.utf16[start].to_string()),
                ("end".to_string(), self.utf16[end].to_string()),
            ];
            attributes.extend(unit_values(unit, &features));
            // What the base annotator's element had beyond its features (references) stays.
            if let Some(own) = elements.get(ids[index].as_str()) {
                let primitive = (self.base.primitive.as_ref()).and_then(|p| p.get(layer));
                for (k, v) in &own.attributes {
                    let feature = primitive.is_none_or(|p| p.iter().any(|(f, _)| f == k));
                    if !tree::positional(k) && !feature {
                        attributes.push((k.clone(), v.clone()));
                    }
                }
            }
            self.units.push(Element {
                name: element_name.clone(),
                attributes,
                children: Vec::new(),
                line: 0,
            });
        }
        Ok(())
    }

    /// The tokens' `pos` moved to the gold units, when the span layer is attached to tokens (a
    /// token's `pos` names one of its annotations): the gold unit standing for the unit it
    /// named, else none; a gold unit no token names gets the token where it begins, if free.
    fn attach_tokens(&mut self) {
        let spans = self.base.file.ids_of(&self.layer_name());
        let attached = (self.tokens.values())
            .any(|t| t.attribute(POS_FEATURE).is_some_and(|p| spans.contains(p)));
        if !attached {
            return;
        }
        for token in self.tokens.values_mut() {
            let Some(pos) = token.attribute(POS_FEATURE).map(str::to_string) else {
                continue;
            };
            if self.base.measured.contains(&pos) {
                match self.remap.get(&pos) {
                    Some(gold) => tree::set(token, POS_FEATURE, gold.clone()),
                    None => tree::remove(token, POS_FEATURE),
                }
            }
        }
        let named: HashSet<String> = (self.tokens.values())
            .filter_map(|t| t.attribute(POS_FEATURE).map(str::to_string))
            .collect();
        for unit in &self.units {
            let (id, begin) = (unit.attribute("xmi:id"), unit.attribute("begin"));
            let (Some(id), Some(begin)) = (id, begin) else {
                continue;
            };
            if named.contains(id) {
                continue;
            }
            let free = (self.tokens.values_mut()).find(|t| {
                t.attribute("begin") == Some(begin) && t.attribute(POS_FEATURE).is_none()
            });
            if let Some(token) = free {
                tree::set(token, POS_FEATURE, id.to_string());
            }
        }
    }

    /// The full type name of the span layer written.
    fn layer_name(&self) -> String {
        span_layer(self.gold.source, self.gold.units.iter())
            .0
            .to_string()
    }

    /// Gold relation `relation` of annotator `cas` (`who`), its element as it goes into the
    /// gold, or a note when its ends cannot be placed.
    fn relation(
        &mut self,
        cas: &Cas,
        relation: &Relation,
        layers: &[RelationLayer],
        who: &str,
    ) -> Result<(), Unwritable> {
        let elements = tree::by_id(&cas.root);
        let Some(own) = elements.get(relation.id.as_str()) else {
            return Ok(());
        };
        let mut element = (*own).clone();
        let (layer, value) = RelationLayer::layer_of(&relation.label, layers);
        let mut type_name = Packages::of(&cas.root).type_name(own);
        if let Some(wanted) = layers.get(layer).filter(|l| l.name != type_name) {
            // Relabelled into another relation layer: its label feature only.
            element
                .attributes
                .retain(|(k, _)| tree::positional(k) || k == "Governor" || k == "Dependent");
            type_name = wanted.name.clone();
        }
        element.name = self.packages.element_name(&type_name, &mut self.added);
        let through_tokens = type_name == DEPENDENCY;
        let ends = [&relation.source, &relation.target].map(|e| self.end(e, through_tokens));
        let [Some((governor, _)), Some((dependent, span))] = ends else {
            self.flagged.push(format!(
                "relation {:?} ({}) of {who} is not in the gold: its gold units have no token of their own to link",
                relation.id, relation.label
            ));
            return Ok(());
        };
        tree::set(&mut element, "Governor", governor);
        tree::set(&mut element, "Dependent", dependent);
        tree::set(&mut element, "sofa", self.sofa.clone());
        tree::set(&mut element, "begin", span.0);
        tree::set(&mut element, "end", span.1);
        let layer = layers.get(layer).cloned().unwrap_or(RelationLayer {
            name: type_name,
            feature: None,
        });
        layer.label_written(value, &relation.id)?;
        match layer.label_attribute(value) {
            Some((name, value)) => tree::set(&mut element, name, value.to_string()),
            None => {
                if let Some(feature) = &layer.feature {
                    tree::remove(&mut element, feature);
                }
            }
        }
        if cas.annotator == self.gold.base {
            self.kept.insert(relation.id.clone(), element);
        } else {
            let id = self.fresh_id();
            tree::set(&mut element, "xmi:id", id);
            self.picked.push(element);
        }
        Ok(())
    }

    /// The `xmi:id` a relation's end names in the gold (the gold unit, or for a dependency the
    /// token whose `pos` is the gold unit) and the UTF-16 offsets of what it names.
    fn end(&self, end: &Endpoint, through_tokens: bool) -> Option<(String, (String, String))> {
        let Endpoint::Unit(gold_id) = end else {
            return None;
        };
        let offsets = |e: &Element| {
            let at = |name: &str| e.attribute(name).unwrap_or_default().to_string();
            (at("begin"), at("end"))
        };
        if through_tokens {
            let (id, token) = (self.tokens.iter())
                .find(|(_, t)| t.attribute(POS_FEATURE) == Some(gold_id.as_str()))?;
            return Some((id.clone(), offsets(token)));
        }
        let unit = (self.units.iter()).find(|u| u.attribute("xmi:id") == Some(gold_id.as_str()))?;
        Some((gold_id.clone(), offsets(unit)))
    }

    /// The gold file: the base annotator's root and elements, the measured units replaced by the
    /// gold units (where the first was), the relations over them as decided (those of other
    /// annotators after the gold units), the tokens' `pos` moved, references moved, the view's
    /// members updated.
    fn finish(&mut self) -> String {
        let base = self.base;
        let by_id = tree::by_id(&base.root);
        let over: HashSet<String> = (base.file.relation_layers_over(&self.layer_name()).iter())
            .map(|t| t.name.clone())
            .collect();
        let mut children: Vec<Node> = Vec::new();
        let mut gold_at: Option<usize> = None;
        let mut removed: HashSet<String> = HashSet::new();
        for element in base.root.elements() {
            let id = element.attribute("xmi:id").unwrap_or_default();
            let in_view = self.members.contains(id);
            let type_name = self.packages.type_name(element);
            if in_view && base.measured.contains(id) {
                removed.insert(id.to_string());
                gold_at.get_or_insert(children.len());
                continue;
            }
            if in_view && over.contains(&type_name) {
                match self.kept.remove(id) {
                    Some(kept) => children.push(Node::Element(kept)),
                    None => {
                        removed.insert(id.to_string());
                    }
                }
                continue;
            }
            let mut carried = match self.tokens.get(id) {
                Some(token) if in_view => token.clone(),
                _ => element.clone(),
            };
            if matches!(element.name.as_str(), "cas:View" | "cas:Sofa") {
                gold_at.get_or_insert(children.len());
            } else if type_name != TOKEN {
                self.move_references(&mut carried, &type_name, &by_id);
            }
            children.push(Node::Element(carried));
        }
        for child in &mut children {
            if let Node::Element(view) = child
                && view.name == "cas:View"
                && view.attribute("sofa") == Some(self.sofa.as_str())
            {
                self.view_members(view, &removed);
            }
        }
        let at = gold_at.unwrap_or(children.len());
        let gold = (self.units.drain(..).chain(self.picked.drain(..))).map(Node::Element);
        children.splice(at..at, gold);
        let mut root = base.root.clone();
        root.attributes.append(&mut self.added);
        root.children = children;
        tree::to_xmi(&root)
    }

    /// The initial view's members: the base annotator's, less what was removed, with the gold
    /// units (a gold unit that took a unit's id in its place) and the other annotators'
    /// relations.
    fn view_members(&self, view: &mut Element, removed: &HashSet<String>) {
        let added: Vec<&str> = (self.units.iter().chain(&self.picked))
            .filter_map(|e| e.attribute("xmi:id"))
            .collect();
        let mut members: Vec<&str> = (view.attribute("members").unwrap_or_default())
            .split_whitespace()
            .filter(|id| !removed.contains(*id) || added.contains(id))
            .collect();
        for id in added {
            if !members.contains(&id) {
                members.push(id);
            }
        }
        let members = members.join(" ");
        tree::set(view, "members", members);
    }

    /// Moves the references of a carried element of type `type_name` to measured units onto
    /// the gold units standing for them; one to a unit without a gold unit is removed and
    /// listed. With the type system, only its features that are not primitive are references.
    fn move_references(
        &mut self,
        element: &mut Element,
        type_name: &str,
        by_id: &HashMap<&str, &Element>,
    ) {
        let primitive = (self.base.primitive.as_ref()).and_then(|p| p.get(type_name));
        let id = element.attribute("xmi:id").unwrap_or_default().to_string();
        let mut changed: Vec<(String, Option<String>)> = Vec::new();
        for (name, value) in &element.attributes {
            let feature = primitive.is_some_and(|p| p.iter().any(|(f, _)| f == name));
            if tree::positional(name) || feature || name == "members" {
                continue;
            }
            let Some(parts) = tree::references(value, by_id) else {
                continue;
            };
            if !parts.iter().any(|p| self.base.measured.contains(*p)) {
                continue;
            }
            let mut moved = Vec::new();
            for part in parts {
                match (self.base.measured.contains(part), self.remap.get(part)) {
                    (false, _) => moved.push(part.to_string()),
                    (true, Some(gold)) => moved.push(gold.clone()),
                    (true, None) => self.flagged.push(format!(
                        "{} xmi:id {id:?} of {}: its {name} named unit {part:?}, which has no gold unit: the reference is not in the gold",
                        crate::layer_choice::short_name(type_name),
                        self.name
                    )),
                }
            }
            changed.push((name.clone(), (!moved.is_empty()).then(|| moved.join(" "))));
        }
        for (name, value) in changed {
            match value {
                Some(value) => tree::set(element, &name, value),
                None => tree::remove(element, &name),
            }
        }
    }
}
