//! The gold `.eaf` as a whole document: the adjudicated units on gold tiers, in the annotators'
//! file with everything the measure left out.
//!
//! An ELAN document is one file whose tiers with labelled time-aligned annotations are the
//! annotators. The gold is that file with the measured tiers replaced by the gold tier(s)
//! (`gold`, `gold-2`… when gold units overlap), placed where the base annotator's tier
//! ([`Gold::base`]) was and of its linguistic type (an independent, time-alignable copy of it
//! when it is a dependent type), participant and language. Everything else is kept: the
//! header and its media descriptors and properties, linguistic types, constraints, controlled
//! vocabularies, locales, languages, external references, and the tiers that were not measured.
//!
//! A tier not measured that depends (through its parent tiers) on a measured one belongs to
//! that annotator. The base annotator's are carried, under the main gold tier (a tier named
//! after the base annotator's tier takes the gold tier's name in its place: `ann-notes` becomes
//! `gold-notes`), their reference annotations moved to the gold annotations that stand for the
//! base annotator's ([`Gold::stands_for`]); one whose annotation has no gold annotation on the
//! main gold tier (its alignment rejected or left open, or the gold unit on `gold-2`) is left out
//! and listed. The other annotators' are not carried; the annotations on which they differ from
//! the base annotator's (by linguistic type, value, and what they hang from: the gold unit
//! standing for a measured annotation, or their times) are listed. Tiers that depend on no
//! measured tier are everyone's, kept as they are.

use super::tree::{element, laid_out_like, largest_number, relaid, unique};
use crate::FileError;
use crate::format::{Gold, tiers_without_overlap};
use crate::gold_export::NotMeasured;
use crate::xml::{self, Element, Node};
use gamma_core::continuum::Annotator;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The gold `.eaf` and what the user must hear about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WholeGold {
    /// The `.eaf` to write.
    pub eaf: String,
    /// What differed between the annotators and what was kept out of the gold.
    pub notes: crate::gold_export::CarriedNotes,
}

/// An annotation of the file: its tier, what it refers to (a reference annotation), its value
/// and its times (a time-aligned one), and its element.
struct Annotation<'a> {
    tier: &'a str,
    reference: Option<&'a str>,
    value: String,
    times: Option<(f64, f64)>,
    element: &'a Element,
}

/// What the gold needs to know of the annotators' file.
struct Eaf<'a> {
    root: &'a Element,
    /// Tier id → (parent tier, linguistic type).
    tiers: HashMap<&'a str, (Option<&'a str>, Option<&'a str>)>,
    annotations: HashMap<&'a str, Annotation<'a>>,
    /// Tier id → the annotator it is (measured tiers).
    measured: HashMap<&'a str, usize>,
}

impl<'a> Eaf<'a> {
    fn new(root: &'a Element, gold: &Gold<'_>) -> Eaf<'a> {
        let slots: HashMap<&str, f64> = (root.child("TIME_ORDER").into_iter())
            .flat_map(|o| o.children_named("TIME_SLOT"))
            .filter_map(|s| {
                let value = s.attribute("TIME_VALUE")?.trim().parse().ok()?;
                Some((s.attribute("TIME_SLOT_ID")?, value))
            })
            .collect();
        let mut tiers = HashMap::new();
        let mut annotations = HashMap::new();
        for tier in root.children_named("TIER") {
            let id = tier.attribute("TIER_ID").unwrap_or_default();
            tiers.insert(
                id,
                (
                    tier.attribute("PARENT_REF"),
                    tier.attribute("LINGUISTIC_TYPE_REF"),
                ),
            );
            for element in tier
                .children_named("ANNOTATION")
                .flat_map(Element::elements)
            {
                let Some(annotation_id) = element.attribute("ANNOTATION_ID") else {
                    continue;
                };
                let times = match (
                    element.attribute("TIME_SLOT_REF1"),
                    element.attribute("TIME_SLOT_REF2"),
                ) {
                    (Some(a), Some(b)) => slots.get(a).zip(slots.get(b)).map(|(a, b)| (*a, *b)),
                    _ => None,
                };
                let value = (element.child("ANNOTATION_VALUE"))
                    .map(|v| v.text())
                    .unwrap_or_default();
                annotations.insert(
                    annotation_id,
                    Annotation {
                        tier: id,
                        reference: element.attribute("ANNOTATION_REF"),
                        value,
                        times,
                        element,
                    },
                );
            }
        }
        let measured = (gold.document.annotators.iter().enumerate())
            .filter_map(|(a, x)| Some((*tiers.get_key_value(x.name.as_str())?.0, a)))
            .collect();
        Eaf {
            root,
            tiers,
            annotations,
            measured,
        }
    }

    /// The annotator a tier belongs to: itself measured, or its nearest measured ancestor's;
    /// `None` for a tier that depends on no measured tier.
    fn owner(&self, tier: &str) -> Option<usize> {
        let mut at = tier;
        for _ in 0..=self.tiers.len() {
            if let Some(&a) = self.measured.get(at) {
                return Some(a);
            }
            at = self.tiers.get(at)?.0?;
        }
        None
    }

    /// The annotation a reference annotation finally hangs from: the first time-aligned one
    /// or measured one up its references.
    fn anchor(&self, id: &str) -> Option<&Annotation<'a>> {
        let mut at = self.annotations.get(id)?;
        for _ in 0..=self.annotations.len() {
            if at.times.is_some() || self.measured.contains_key(at.tier) {
                return Some(at);
            }
            at = self.annotations.get(at.reference?)?;
        }
        None
    }
}

/// The whole gold of an ELAN document read from `path`.
pub(crate) fn whole_gold(gold: &Gold<'_>, path: &Path) -> Result<WholeGold, FileError> {
    let bytes = crate::read_bytes(path)?;
    let document = xml::parse_document(&bytes, path)?;
    if document.root.name != "ANNOTATION_DOCUMENT" {
        return Err(FileError::new(
            path,
            Some(document.root.line),
            "root element is not <ANNOTATION_DOCUMENT>: not an ELAN file",
        ));
    }
    let eaf = Eaf::new(&document.root, gold);
    let base_tier = (gold.document.annotators.get(gold.base))
        .map(|a| a.name.as_str())
        .filter(|name| eaf.measured.contains_key(name))
        .ok_or_else(|| {
            FileError::new(
                path,
                None,
                format!("there is no annotator {} to be the base", gold.base + 1),
            )
        })?;
    let plan = GoldTiers::plan(gold, &eaf, base_tier);
    let differed = differences(gold, &eaf, &plan);
    let mut builder = Builder {
        eaf: &eaf,
        gold,
        plan: &plan,
        base_tier,
        flagged: Vec::new(),
        used_slots: HashSet::new(),
    };
    let root = builder.root();
    let output = xml::Document {
        comments_before_root: document.comments_before_root.clone(),
        root,
    };
    Ok(WholeGold {
        eaf: output.to_xml(),
        notes: crate::gold_export::CarriedNotes {
            differed,
            flagged: builder.flagged,
        },
    })
}

/// Where the gold goes: its tiers, the annotation id and time slots of each gold unit, the
/// names of the carried tiers, the gold's linguistic type.
struct GoldTiers {
    /// Each gold tier: its name and its units (indices into the gold units).
    tiers: Vec<(String, Vec<usize>)>,
    /// Each gold unit's (tier index, annotation id, start slot, end slot, start ms, end ms).
    placed: Vec<(usize, String, String, String, i64, i64)>,
    /// Each annotator's annotation ids → the gold unit standing for them.
    stands_for: Vec<HashMap<String, usize>>,
    /// The base annotator's carried tiers, by their id in the file: their name in the gold.
    renamed: HashMap<String, String>,
    /// The gold tiers' linguistic type, and the element to add when it is a new one.
    linguistic_type: (String, Option<Element>),
    /// The largest annotation number of the gold.
    last_annotation: u64,
}

impl GoldTiers {
    fn plan(gold: &Gold<'_>, eaf: &Eaf<'_>, base_tier: &str) -> GoldTiers {
        let numbered = Annotator {
            name: gold.annotator.name.clone(),
            units: (gold.units.iter().enumerate())
                .map(|(i, u)| u.clone().with_source_id(i.to_string()))
                .collect(),
            own_text: None,
            relations: Vec::new(),
        };
        let kept: Vec<&str> = (eaf.tiers.keys().copied())
            .filter(|t| {
                eaf.owner(t).is_none_or(|a| a == gold.base) && !eaf.measured.contains_key(t)
            })
            .collect();
        let mut taken: HashSet<String> = kept.iter().map(|t| t.to_string()).collect();
        let tiers: Vec<(String, Vec<usize>)> = (tiers_without_overlap(numbered).into_iter())
            .map(|t| {
                let name = unique(&t.name, &taken);
                taken.insert(name.clone());
                let units = (t.units.iter())
                    .filter_map(|u| u.source_id.as_deref()?.parse().ok())
                    .collect();
                (name, units)
            })
            .collect();
        let mut renamed = HashMap::new();
        for tier in kept.iter().filter(|t| eaf.owner(t) == Some(gold.base)) {
            taken.remove(*tier);
            let name = unique(&renamed_after(tier, base_tier, &tiers[0].0), &taken);
            taken.insert(name.clone());
            renamed.insert(tier.to_string(), name);
        }
        let mut slot = largest_number(eaf.root, "TIME_SLOT_ID", "ts");
        let mut annotation = largest_number(eaf.root, "ANNOTATION_ID", "a");
        let mut placed = vec![Default::default(); gold.units.len()];
        for (t, (_, units)) in tiers.iter().enumerate() {
            for &i in units {
                let (start, end) = super::milliseconds(&gold.units[i]);
                annotation += 1;
                placed[i] = (
                    t,
                    format!("a{annotation}"),
                    format!("ts{}", slot + 1),
                    format!("ts{}", slot + 2),
                    start,
                    end,
                );
                slot += 2;
            }
        }
        let mut stands_for = vec![HashMap::new(); gold.document.annotators.len()];
        for (i, units) in gold.stands_for.iter().enumerate() {
            for (a, id) in units {
                if let Some(map) = stands_for.get_mut(*a) {
                    map.entry(id.clone()).or_insert(i);
                }
            }
        }
        GoldTiers {
            tiers,
            placed,
            stands_for,
            renamed,
            linguistic_type: linguistic_type(eaf, base_tier),
            last_annotation: annotation,
        }
    }
}

/// A tier's name with the base annotator's tier's name that begins or ends it (as a word:
/// `ann-notes`, `notes@ann`, not `annotations`) replaced by the gold tier's.
fn renamed_after(tier: &str, base: &str, gold: &str) -> String {
    let word_end = |rest: &str| rest.chars().next().is_none_or(|c| !c.is_alphanumeric());
    let word_start = |rest: &str| {
        rest.chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric())
    };
    if base.is_empty() {
        return tier.to_string();
    }
    if let Some(rest) = tier.strip_prefix(base)
        && word_end(rest)
    {
        return format!("{gold}{rest}");
    }
    if let Some(rest) = tier.strip_suffix(base)
        && word_start(rest)
    {
        return format!("{rest}{gold}");
    }
    tier.to_string()
}

/// The gold tiers' linguistic type: the base annotator's tier's when it is independent and
/// time-alignable, otherwise a new one like it that is (a new `default-lt` when it has none).
fn linguistic_type(eaf: &Eaf<'_>, base_tier: &str) -> (String, Option<Element>) {
    let types: Vec<&Element> = eaf.root.children_named("LINGUISTIC_TYPE").collect();
    let id_of = |t: &Element| {
        t.attribute("LINGUISTIC_TYPE_ID")
            .unwrap_or_default()
            .to_string()
    };
    let own = (eaf.tiers.get(base_tier))
        .and_then(|(_, t)| *t)
        .and_then(|name| types.iter().find(|t| id_of(t) == name));
    if let Some(own) = own
        && own.attribute("CONSTRAINTS").is_none()
        && own.attribute("TIME_ALIGNABLE") != Some("false")
    {
        return (id_of(own), None);
    }
    let taken: HashSet<String> = types.iter().map(|t| id_of(t)).collect();
    let name = unique(
        if own.is_some() {
            "gold-lt"
        } else {
            "default-lt"
        },
        &taken,
    );
    let mut attributes: Vec<(String, String)> = own.map_or_else(
        || vec![("GRAPHIC_REFERENCES".into(), "false".into())],
        |t| t.attributes.clone(),
    );
    attributes.retain(|(k, _)| {
        !matches!(
            k.as_str(),
            "CONSTRAINTS" | "TIME_ALIGNABLE" | "LINGUISTIC_TYPE_ID"
        )
    });
    attributes.push(("LINGUISTIC_TYPE_ID".into(), name.clone()));
    attributes.push(("TIME_ALIGNABLE".into(), "true".into()));
    let children = own.map_or_else(Vec::new, |t| t.children.clone());
    let element = Element {
        name: "LINGUISTIC_TYPE".into(),
        attributes,
        children,
        line: 0,
    };
    (name, Some(element))
}

/// Builds the gold's root element from the file's.
struct Builder<'a, 'g> {
    eaf: &'a Eaf<'a>,
    gold: &'a Gold<'g>,
    plan: &'a GoldTiers,
    base_tier: &'a str,
    flagged: Vec<String>,
    /// Time slots the gold's time-aligned annotations use.
    used_slots: HashSet<String>,
}

impl Builder<'_, '_> {
    fn root(&mut self) -> Element {
        let eaf = self.eaf;
        let types_after = (eaf.root.elements())
            .filter(|e| e.name == "LINGUISTIC_TYPE" || e.name == "TIER")
            .last();
        let mut children = relaid(&eaf.root.children, |e| {
            let mut replaced = match e.name.as_str() {
                "TIER" => {
                    let id = e.attribute("TIER_ID").unwrap_or_default();
                    if id == self.base_tier {
                        self.gold_tiers()
                    } else if self.plan.renamed.contains_key(id) {
                        vec![self.carried_tier(e)]
                    } else if eaf.owner(id).is_none() {
                        self.use_slots(e);
                        vec![e.clone()]
                    } else {
                        Vec::new()
                    }
                }
                _ => vec![e.clone()],
            };
            if types_after.is_some_and(|last| std::ptr::eq(last, e)) {
                replaced.extend(self.plan.linguistic_type.1.clone());
            }
            replaced
        });
        for node in &mut children {
            if let Node::Element(e) = node {
                match e.name.as_str() {
                    "TIME_ORDER" => *e = self.time_order(e),
                    "HEADER" => self.last_used_annotation(e),
                    _ => {}
                }
            }
        }
        Element {
            children,
            ..eaf.root.clone()
        }
    }

    fn use_slots(&mut self, tier: &Element) {
        for a in tier
            .children_named("ANNOTATION")
            .flat_map(Element::elements)
        {
            for reference in ["TIME_SLOT_REF1", "TIME_SLOT_REF2"] {
                if let Some(slot) = a.attribute(reference) {
                    self.used_slots.insert(slot.to_string());
                }
            }
        }
    }

    /// The gold tiers, with the base annotator's tier's attributes (participant, language…).
    fn gold_tiers(&self) -> Vec<Element> {
        let base = (self.eaf.root.children_named("TIER"))
            .find(|t| t.attribute("TIER_ID") == Some(self.base_tier))
            .expect("the base tier is in the file");
        let kept: Vec<(String, String)> = (base.attributes.iter())
            .filter(|(k, _)| matches!(k.as_str(), "PARTICIPANT" | "DEFAULT_LOCALE" | "LANG_REF"))
            .cloned()
            .collect();
        (self.plan.tiers.iter())
            .map(|(name, units)| {
                let mut attributes = vec![
                    ("TIER_ID", name.clone()),
                    ("LINGUISTIC_TYPE_REF", self.plan.linguistic_type.0.clone()),
                    ("ANNOTATOR", self.gold.author.to_string()),
                ];
                attributes.extend(kept.iter().map(|(k, v)| (k.as_str(), v.clone())));
                let annotations = units.iter().map(|&i| self.gold_annotation(i)).collect();
                element("TIER", attributes, laid_out_like(base, annotations))
            })
            .collect()
    }

    /// Gold unit `i` as an annotation; with the controlled vocabulary entry and external
    /// references of an annotation it stands for that has its value.
    fn gold_annotation(&self, i: usize) -> Element {
        let unit = &self.gold.units[i];
        let (_, id, start, end, _, _) = &self.plan.placed[i];
        let mut attributes = vec![
            ("ANNOTATION_ID", id.clone()),
            ("TIME_SLOT_REF1", start.clone()),
            ("TIME_SLOT_REF2", end.clone()),
        ];
        let alike = (self.gold.stands_for[i].iter())
            .filter_map(|(_, id)| self.eaf.annotations.get(id.as_str()))
            .find(|a| a.value.trim() == unit.category);
        if let Some(alike) = alike {
            attributes.extend(
                (alike.element.attributes.iter())
                    .filter(|(k, _)| matches!(k.as_str(), "CVE_REF" | "EXT_REF" | "LANG_REF"))
                    .map(|(k, v)| (k.as_str(), v.clone())),
            );
        }
        let value = element(
            "ANNOTATION_VALUE",
            Vec::new(),
            vec![Node::Text(unit.category.clone())],
        );
        let aligned = element(
            "ALIGNABLE_ANNOTATION",
            attributes,
            vec![Node::Element(value)],
        );
        element("ANNOTATION", Vec::new(), vec![Node::Element(aligned)])
    }

    /// A tier of the base annotator not measured: renamed, under the gold tier, its
    /// reference annotations moved to the gold annotations; those that cannot be, listed.
    fn carried_tier(&mut self, tier: &Element) -> Element {
        let mut tier = tier.clone();
        let id = tier.attribute("TIER_ID").unwrap_or_default().to_string();
        for (key, value) in &mut tier.attributes {
            match key.as_str() {
                "TIER_ID" => *value = self.plan.renamed[&id].clone(),
                "PARENT_REF" if value == self.base_tier => *value = self.plan.tiers[0].0.clone(),
                "PARENT_REF" => {
                    if let Some(name) = self.plan.renamed.get(value.as_str()) {
                        *value = name.clone();
                    }
                }
                _ => {}
            }
        }
        let mut dropped = Vec::new();
        tier.children.retain_mut(|node| {
            let Node::Element(annotation) = node else {
                return true;
            };
            for inner in annotation.elements_mut() {
                match self.place_of(inner) {
                    Ok(()) => {}
                    Err(why) => {
                        dropped.push(why);
                        return false;
                    }
                }
            }
            true
        });
        for why in dropped {
            self.flagged.push(format!("tier {id:?}: {why}"));
        }
        self.use_slots(&tier);
        tier
    }

    /// Moves a reference annotation to where the annotation it refers to is in the gold, or
    /// says why it cannot be.
    fn place_of(&self, annotation: &mut Element) -> Result<(), LeftOut> {
        let Some(reference) = annotation.attribute("ANNOTATION_REF").map(str::to_string) else {
            return Ok(());
        };
        let id = annotation
            .attribute("ANNOTATION_ID")
            .unwrap_or_default()
            .to_string();
        let moved = match self.place(&reference) {
            Ok(moved) => moved,
            Err(why) => {
                let value = self
                    .eaf
                    .annotations
                    .get(id.as_str())
                    .map_or("", |a| a.value.as_str());
                return Err(LeftOut {
                    id,
                    value: value.to_string(),
                    reference,
                    why,
                });
            }
        };
        for (key, value) in &mut annotation.attributes {
            if key == "ANNOTATION_REF" {
                *value = moved.clone();
            }
        }
        Ok(())
    }

    /// Where an annotation of the base annotator is in the gold: a measured one, the gold
    /// annotation standing for it on the main gold tier; one of a carried tier, itself when
    /// it is carried.
    fn place(&self, id: &str) -> Result<String, Unplaced> {
        let Some(annotation) = self.eaf.annotations.get(id) else {
            return Err(Unplaced::NoAnnotation);
        };
        if annotation.tier == self.base_tier {
            let gold = self.plan.stands_for[self.gold.base].get(id);
            return match gold.map(|&i| &self.plan.placed[i]) {
                None => Err(Unplaced::NoGoldUnit),
                Some((0, gold_id, ..)) => Ok(gold_id.clone()),
                Some((t, ..)) => Err(Unplaced::OnAnotherTier(self.plan.tiers[*t].0.clone())),
            };
        }
        if !self.plan.renamed.contains_key(annotation.tier) {
            return Err(Unplaced::TierNotInGold);
        }
        match annotation.reference {
            Some(up) => self.place(up).map(|_| id.to_string()),
            None => Ok(id.to_string()),
        }
    }

    /// The time slots the gold uses: the file's that kept tiers use or that nothing used,
    /// in their order, with the gold's in time order among them.
    fn time_order(&self, order: &Element) -> Element {
        let used_in_file: HashSet<&str> = (self.eaf.root.children_named("TIER"))
            .flat_map(|t| t.children_named("ANNOTATION").flat_map(Element::elements))
            .flat_map(|a| [a.attribute("TIME_SLOT_REF1"), a.attribute("TIME_SLOT_REF2")])
            .flatten()
            .collect();
        let mut new: Vec<(i64, &str)> = (self.plan.placed.iter())
            .flat_map(|(_, _, start, end, s, e)| [(*s, start.as_str()), (*e, end.as_str())])
            .collect();
        new.sort();
        let mut new = new.into_iter().peekable();
        let slot = |(time, id): (i64, &str)| {
            element(
                "TIME_SLOT",
                vec![
                    ("TIME_SLOT_ID", id.to_string()),
                    ("TIME_VALUE", time.to_string()),
                ],
                Vec::new(),
            )
        };
        let last = order.elements().last();
        let children = relaid(&order.children, |s| {
            let id = s.attribute("TIME_SLOT_ID").unwrap_or_default();
            let time = (s.attribute("TIME_VALUE")).and_then(|v| v.trim().parse::<f64>().ok());
            let mut slots: Vec<Element> = match time {
                Some(time) => std::iter::from_fn(|| new.next_if(|(t, _)| (*t as f64) < time))
                    .map(slot)
                    .collect(),
                None => Vec::new(),
            };
            if !used_in_file.contains(id) || self.used_slots.contains(id) {
                slots.push(s.clone());
            }
            if last.is_some_and(|last| std::ptr::eq(last, s)) {
                slots.extend(new.by_ref().map(slot));
            }
            slots
        });
        let children = match last {
            Some(_) => children,
            None => laid_out_like(order, new.map(slot).collect()),
        };
        Element {
            children,
            ..order.clone()
        }
    }

    /// The header's `lastUsedAnnotationId` property, when it has one, set to the gold's.
    fn last_used_annotation(&self, header: &mut Element) {
        for property in header.elements_mut().filter(|p| p.name == "PROPERTY") {
            if property.attribute("NAME") == Some("lastUsedAnnotationId") {
                property.children = vec![Node::Text(self.plan.last_annotation.to_string())];
            }
        }
    }
}

/// The notes on annotations of tiers not measured that belong to an annotator and that not
/// every annotator has alike.
fn differences(gold: &Gold<'_>, eaf: &Eaf<'_>, plan: &GoldTiers) -> Vec<String> {
    let annotators = &gold.document.annotators;
    let mut items: Vec<NotMeasured> = vec![NotMeasured::new(); annotators.len()];
    let mut ids: Vec<&&str> = eaf.annotations.keys().collect();
    ids.sort_by_key(|id| (eaf.annotations[**id].element.line, **id));
    for id in ids {
        let annotation = &eaf.annotations[*id];
        if eaf.measured.contains_key(annotation.tier) || annotation.value.trim().is_empty() {
            continue;
        }
        let Some(owner) = eaf.owner(annotation.tier) else {
            continue;
        };
        let kind = eaf.tiers[annotation.tier].1.unwrap_or_default();
        let anchor = eaf.anchor(id);
        let times = anchor.and_then(|a| a.times);
        let hangs_from = match anchor {
            Some(a) if eaf.measured.contains_key(a.tier) => {
                let element_id = a.element.attribute("ANNOTATION_ID").unwrap_or_default();
                match plan.stands_for[owner].get(element_id) {
                    Some(i) => format!("gold {i}"),
                    None => format!("{times:?}"),
                }
            }
            _ => format!("{times:?}"),
        };
        let at = times.map_or(String::new(), |(s, e)| format!(" at [{s}, {e}) ms"));
        let key = format!("{kind}\t{}\t{hangs_from}", annotation.value);
        let description = format!(
            "annotation “{}” of tier {:?}{at}",
            annotation.value, annotation.tier
        );
        items[owner].entry(key).or_insert((0, description)).0 += 1;
    }
    let name = |a: usize| annotators[a].name.as_str();
    let items: Vec<(usize, NotMeasured)> = items.into_iter().enumerate().collect();
    crate::gold_export::differences(&items, gold.base, name)
}

/// A reference annotation left out of the gold: the annotation (its id and value), the one it
/// refers to, and why that one has no place there.
#[derive(Debug, thiserror::Error)]
#[error("annotation {id:?} (“{value}”) is not in the gold: it refers to {reference}, {why}")]
struct LeftOut {
    id: String,
    value: String,
    reference: String,
    why: Unplaced,
}

/// Why an annotation a reference annotation refers to has no place in the gold.
#[derive(Debug, thiserror::Error)]
enum Unplaced {
    /// The id is no annotation of the file.
    #[error("which is no annotation of the file")]
    NoAnnotation,
    /// A measured annotation of the base annotator that no gold unit stands for.
    #[error("which has no gold unit")]
    NoGoldUnit,
    /// Its gold unit overlaps another and is on another gold tier (named).
    #[error("whose gold unit is on tier {0:?} (it overlaps another)")]
    OnAnotherTier(String),
    /// Its tier is not carried into the gold.
    #[error("which is not in the gold")]
    TierNotInGold,
}
