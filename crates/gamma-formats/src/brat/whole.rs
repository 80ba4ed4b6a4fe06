//! The gold `.ann` as a whole document: the adjudicated units, and everything the measure left
//! out, carried from the base annotator's `.ann` ([`Gold::base`]).
//!
//! The gold units are T lines. A gold unit that stands for one of the base annotator's units
//! takes its T id, so that a gold of identical files is the base file; the others take fresh
//! ids. From the base annotator's file come its text-bound annotations that were not measured
//! (as they are), its relations (`R`), equivalences (`*`), events (`E`), attributes (`A`, `M`),
//! normalisations (`N`) and notes (`#`), the ids they name moved to the gold units standing for
//! the base annotator's units ([`Gold::stands_for`]). Whatever names a unit without a gold unit
//! (its unitary alignment rejected or left open), or an event or relation left out, is kept out
//! of the gold and listed: never dropped silently.
//!
//! Relations follow the adjudicator's decisions ([`Gold::relations`]): an `R` line or an
//! event's argument decided out of the gold is left out, one relabelled takes the gold label
//! (an event's argument relabelled `type:role` with the event's type changes its role; with
//! another label it leaves the event as an `R` line from the trigger), and the pairs of an
//! equivalence (consecutive members in text order, as they were read) are kept or dropped one
//! by one, the class written as the members still linked. A relation of another annotator
//! kept into the gold is written between the gold units standing for its endpoints, with
//! fresh ids.
//!
//! What was not measured and is not alike in every annotator's file (a text-bound annotation
//! of a type not measured; an attribute, normalisation or note, by its content and what it is
//! attached to: the gold unit standing for a measured unit) is listed, the base annotator's
//! being the one in the gold.

use super::relations::{numbered, relation_lines, role_of};
use super::standoff::{self, Line, largest_number};
use super::{parse_ann, t_line, type_name, type_names_distinct};
use crate::annotator_files::AnnotatorFile;
use crate::format::{DecidedRelations, Gold};
use crate::gold_export::NotMeasured;
use crate::{FileError, Unwritable};
use gamma_core::relation::{Endpoint, Relation};
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The gold `.ann` and what the user must hear about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WholeGold {
    /// The `.ann` to write.
    pub ann: String,
    /// What differed between the annotators and what was kept out of the gold.
    pub notes: crate::gold_export::CarriedNotes,
}

/// One annotator's `.ann`, read again for the gold.
struct Ann {
    /// The annotator's index in the document.
    annotator: usize,
    lines: Vec<Line>,
    /// Its relations as the reader read them (equivalences as pairs `*<k>`).
    relations: Vec<Relation>,
    /// The T ids of its units that were measured.
    measured: HashSet<String>,
}

fn read_again(
    gold: &Gold<'_>,
    file: &AnnotatorFile,
    position: usize,
    text: &str,
) -> Result<Ann, FileError> {
    let annotators = &gold.document.annotators;
    let annotator = (annotators.iter())
        .position(|a| a.name == file.annotator)
        .unwrap_or(position);
    let own_text = (annotators.get(annotator))
        .and_then(|a| a.own_text.as_deref())
        .unwrap_or(text);
    let bytes = crate::read_bytes(&file.path)?;
    let read = parse_ann(&bytes, &file.path, own_text)?;
    let content = crate::utf8_text(&bytes, &file.path, "the file is not UTF-8 text")?;
    let measured = (annotators.get(annotator).into_iter())
        .flat_map(|a| &a.units)
        .filter_map(|u| u.source_id.clone())
        .collect();
    Ok(Ann {
        annotator,
        lines: standoff::lines(content),
        relations: read.relations,
        measured,
    })
}

/// The whole gold of a brat document: `files` are the annotators' `.ann`, `text` the
/// document's text, `out` the gold's path (named in errors about the gold units).
pub(crate) fn whole_gold(
    gold: &Gold<'_>,
    text: &str,
    files: &[AnnotatorFile],
    out: &Path,
) -> Result<WholeGold, FileError> {
    let anns: Vec<Ann> = (files.iter().enumerate())
        .map(|(i, f)| read_again(gold, f, i, text))
        .collect::<Result<_, _>>()?;
    let Some(base) = anns.iter().find(|a| a.annotator == gold.base) else {
        return Err(crate::gold_export::no_base_file(out, gold.base, anns.len()));
    };
    let annotators = &gold.document.annotators;
    let name = |a: usize| annotators.get(a).map_or("?", |x| x.name.as_str());
    let problem = |e: Unwritable| FileError::new(out, None, e);
    type_names_distinct(gold.units.iter().map(|u| u.category.as_str()))
        .map_err(|e| problem(e.into()))?;
    let ids = gold_ids(gold, &base.lines);
    let chars: Vec<char> = text.chars().collect();
    let mut t_lines: Vec<((usize, usize), String)> = Vec::new();
    for (unit, id) in gold.units.iter().zip(&ids) {
        let line = t_line(id, unit, &chars).map_err(problem)?;
        t_lines.push(((unit.start as usize, unit.end as usize), line));
    }
    let remaps = remaps(gold, &ids, annotators.len());
    let differed = differences(&anns, &remaps, gold.base, name);
    let mut places = remaps[gold.base].clone();
    let mut flagged = Vec::new();
    if annotators
        .get(gold.base)
        .is_some_and(|a| a.own_text.is_some())
    {
        flagged.push(format!(
            "the text of {} is not the document's: its annotations not measured are not carried into the gold",
            name(gold.base)
        ));
    } else {
        for line in &base.lines {
            if let Line::Text { id, span, .. } = line
                && !base.measured.contains(id)
            {
                places.insert(id.clone(), id.clone());
                t_lines.push((*span, line.written()));
            }
        }
    }
    t_lines.sort_by_key(|(span, _)| *span);
    let mut carrier = Carrier {
        base,
        name: name(gold.base),
        decided: gold.relations,
        places,
        fresh: Fresh::after(&base.lines),
        lines: Vec::new(),
        flagged,
    };
    carrier.carry();
    let picked = picked_relations(gold, &remaps, &mut carrier.fresh, &mut carrier.flagged);
    let mut ann = String::new();
    for line in t_lines.into_iter().map(|(_, l)| l).chain(carrier.lines) {
        ann.push_str(&line);
        ann.push('\n');
    }
    ann.push_str(&picked);
    Ok(WholeGold {
        ann,
        notes: crate::gold_export::CarriedNotes {
            differed,
            flagged: carrier.flagged,
        },
    })
}

/// The T id of each gold unit: the base annotator's unit's it stands for (the first gold unit
/// that does), else a fresh one after the largest of the base annotator's file.
fn gold_ids(gold: &Gold<'_>, base_lines: &[Line]) -> Vec<String> {
    let mut next = largest_number(base_lines, 'T');
    let mut taken = HashSet::new();
    (gold.stands_for.iter())
        .map(|stands_for| {
            let own = (stands_for.iter())
                .find(|(a, id)| *a == gold.base && numbered(id, 'T'))
                .map(|(_, id)| id.clone());
            match own {
                Some(id) if taken.insert(id.clone()) => id,
                _ => {
                    next += 1;
                    format!("T{next}")
                }
            }
        })
        .collect()
}

/// For each annotator, the gold T id of each of its units that a gold unit stands for.
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

/// Fresh `R` and `E` ids: after the largest of the base annotator's file.
struct Fresh {
    r: u64,
    e: u64,
}

impl Fresh {
    fn after(lines: &[Line]) -> Fresh {
        Fresh {
            r: largest_number(lines, 'R'),
            e: largest_number(lines, 'E'),
        }
    }

    fn r(&mut self) -> String {
        self.r += 1;
        format!("R{}", self.r)
    }

    fn e(&mut self) -> String {
        self.e += 1;
        format!("E{}", self.e)
    }
}

/// Why something is kept out: the ids it names that have no place in the gold.
fn why(missing: &[String]) -> String {
    let (units, others): (Vec<&String>, Vec<&String>) =
        (missing.iter()).partition(|id| !(id.starts_with('E') || id.starts_with('R')));
    let list = |ids: &[&String]| {
        ids.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = Vec::new();
    if !units.is_empty() {
        let verb = if units.len() == 1 { "has" } else { "have" };
        parts.push(format!("{} {verb} no gold unit", list(&units)));
    }
    if !others.is_empty() {
        let verb = if others.len() == 1 { "is" } else { "are" };
        parts.push(format!("{} {verb} not in it", list(&others)));
    }
    parts.join("; ")
}

/// The base annotator's lines other than its text-bound ones, as the gold holds them.
struct Carrier<'a> {
    base: &'a Ann,
    name: &'a str,
    decided: &'a DecidedRelations,
    /// Where the base annotator's ids are in the gold: its units (the gold unit standing for a
    /// measured one, itself for one carried), its events and relations kept.
    places: HashMap<String, String>,
    fresh: Fresh,
    /// The lines, in the base annotator's order.
    lines: Vec<String>,
    flagged: Vec<String>,
}

impl Carrier<'_> {
    fn carry(&mut self) {
        let base = self.base;
        // Events are where their trigger is; a relation or an attribute may name them, and an
        // attribute may name a relation, so their places are known before any line is written.
        for line in &base.lines {
            if let Line::Event { id, trigger, .. } = line
                && self.places.contains_key(trigger)
            {
                self.places.insert(id.clone(), id.clone());
            }
        }
        for line in &base.lines {
            if let Line::Relation { id, arguments, .. } = line
                && self.decided.fate(base.annotator, id) != Some(None)
                && arguments.iter().all(|(_, a)| self.places.contains_key(a))
            {
                self.places.insert(id.clone(), id.clone());
            }
        }
        let mut pairs = (base.relations.iter()).filter(|r| r.id.starts_with('*'));
        for line in &base.lines {
            match line {
                Line::Text { .. } => {}
                Line::Relation {
                    id,
                    kind,
                    arguments,
                } => self.relation(id, kind, arguments),
                Line::Event {
                    id,
                    kind,
                    trigger,
                    arguments,
                } => self.event(id, kind, trigger, arguments),
                Line::Equivalence { kind, members } => {
                    let pairs: Vec<&Relation> = (pairs.by_ref())
                        .take(members.len().saturating_sub(1))
                        .collect();
                    self.equivalence(kind, members, &pairs);
                }
                Line::Attached {
                    id, kind, target, ..
                } => match self.places.get(target) {
                    Some(place) => {
                        let mut line = line.clone();
                        if let Line::Attached { target, .. } = &mut line {
                            *target = place.clone();
                        }
                        self.lines.push(line.written());
                    }
                    None => self.flag(line.attached_what(), id, kind, std::slice::from_ref(target)),
                },
                Line::Other(raw) => self.lines.push(raw.clone()),
            }
        }
    }

    fn flag(&mut self, what: &str, id: &str, kind: &str, missing: &[String]) {
        self.flagged.push(format!(
            "{what} {id:?} ({kind}) of {} is not in the gold: {}",
            self.name,
            why(missing)
        ));
    }

    fn missing(&self, ids: impl IntoIterator<Item = String>) -> Vec<String> {
        (ids.into_iter())
            .filter(|id| !self.places.contains_key(id))
            .collect()
    }

    fn relation(&mut self, id: &str, kind: &str, arguments: &[(String, String)]) {
        let kind = match self.decided.fate(self.base.annotator, id) {
            Some(None) => return,
            Some(Some(label)) => type_name(label),
            None => kind.to_string(),
        };
        let missing = self.missing(arguments.iter().map(|(_, a)| a.clone()));
        if !missing.is_empty() {
            return self.flag("relation", id, &kind, &missing);
        }
        let arguments = (arguments.iter())
            .map(|(role, a)| (role.clone(), self.places[a].clone()))
            .collect();
        let line = Line::Relation {
            id: id.to_string(),
            kind,
            arguments,
        };
        self.lines.push(line.written());
    }

    /// An event, its arguments as decided: the relations `E<n>/<k>` of its `k`-th argument.
    fn event(&mut self, id: &str, kind: &str, trigger: &str, arguments: &[(String, String)]) {
        let Some(trigger) = self.places.get(trigger).cloned() else {
            return self.flag("event", id, kind, &[trigger.to_string()]);
        };
        let mut kept: Vec<(String, String)> = Vec::new();
        let mut apart = Vec::new();
        for (k, (role, argument)) in arguments.iter().enumerate() {
            let relation = format!("{id}/{}", k + 1);
            let label = format!("{kind}:{}", role_of(role, arguments));
            let fate = self.decided.fate(self.base.annotator, &relation);
            if fate == Some(None) {
                continue;
            }
            let Some(target) = self.places.get(argument).cloned() else {
                self.flag(
                    "relation",
                    &relation,
                    &label,
                    std::slice::from_ref(argument),
                );
                continue;
            };
            match fate.flatten().filter(|l| *l != label) {
                None => kept.push((role.clone(), target)),
                Some(gold_label) => match gold_label.split_once(':') {
                    Some((same, new_role)) if same == kind => {
                        let new_role = type_name(new_role);
                        let repeated = (kept.iter())
                            .filter(|(r, _)| role_of(r, &kept) == new_role)
                            .count();
                        let numbered = match repeated {
                            0 => new_role,
                            n => format!("{new_role}{}", n + 1),
                        };
                        kept.push((numbered, target));
                    }
                    _ => apart.push(Line::Relation {
                        id: self.fresh.r(),
                        kind: type_name(gold_label),
                        arguments: vec![("Arg1".into(), trigger.clone()), ("Arg2".into(), target)],
                    }),
                },
            }
        }
        let event = Line::Event {
            id: id.to_string(),
            kind: kind.to_string(),
            trigger,
            arguments: kept,
        };
        self.lines.push(event.written());
        self.lines.extend(apart.iter().map(Line::written));
    }

    /// An equivalence line: its `pairs` (the relations read from it) as decided, written as
    /// the classes of the members still linked, label by label; as it was (its `members` in
    /// their order, moved to the gold) when every pair is kept with its label.
    fn equivalence(&mut self, kind: &str, members: &[String], pairs: &[&Relation]) {
        let mut classes: Vec<(String, Vec<String>)> = Vec::new();
        let mut intact = pairs.len() + 1 == members.len();
        for pair in pairs {
            let label = match self.decided.fate(self.base.annotator, &pair.id) {
                Some(None) => {
                    intact = false;
                    continue;
                }
                Some(Some(label)) => type_name(label),
                None => kind.to_string(),
            };
            intact &= label == kind;
            let ends = [&pair.source, &pair.target].map(|e| match e {
                Endpoint::Unit(id) => id.clone(),
                Endpoint::Group { .. } => String::new(),
            });
            let missing = self.missing(ends.clone());
            if !missing.is_empty() {
                intact = false;
                self.flag("relation", &pair.id, &pair.label, &missing);
                continue;
            }
            let [source, target] = ends.map(|id| self.places[&id].clone());
            let mut joined: Vec<String> = Vec::new();
            classes.retain(|(l, members)| {
                let touches =
                    *l == label && (members.contains(&source) || members.contains(&target));
                if touches {
                    joined.extend(members.iter().cloned());
                }
                !touches
            });
            for member in [source, target] {
                if !joined.contains(&member) {
                    joined.push(member);
                }
            }
            classes.push((label, joined));
        }
        let as_it_was: Option<Vec<String>> = (members.iter())
            .map(|m| self.places.get(m).cloned())
            .collect();
        if let (true, Some(members)) = (intact, as_it_was) {
            classes = vec![(kind.to_string(), members)];
        }
        for (kind, members) in classes {
            self.lines
                .push(Line::Equivalence { kind, members }.written());
        }
    }
}

/// The relations of other annotators that the adjudicator kept, between the gold units that
/// stand for their endpoints, with fresh ids, as `.ann` lines; those with an endpoint without
/// a gold unit are listed in `flagged`.
fn picked_relations(
    gold: &Gold<'_>,
    remaps: &[HashMap<String, String>],
    fresh: &mut Fresh,
    flagged: &mut Vec<String>,
) -> String {
    let annotators = &gold.document.annotators;
    let mut relations = Vec::new();
    let mut events: HashMap<(usize, String), String> = HashMap::new();
    for (a, id, label) in gold.relations.kept.iter().filter(|k| k.0 != gold.base) {
        let Some(relation) =
            (annotators.get(*a)).and_then(|x| x.relations.iter().find(|r| &r.id == id))
        else {
            continue;
        };
        let place = |e: &Endpoint| match e {
            Endpoint::Unit(u) => remaps
                .get(*a)
                .and_then(|r| r.get(u))
                .cloned()
                .ok_or(u.clone()),
            Endpoint::Group { .. } => Err("a group".to_string()),
        };
        let (source, target) = match (place(&relation.source), place(&relation.target)) {
            (Ok(source), Ok(target)) => (source, target),
            (source, target) => {
                let missing: Vec<String> =
                    [source.err(), target.err()].into_iter().flatten().collect();
                flagged.push(format!(
                    "relation {id:?} ({label}) of {}, decided into the gold, is not in it: {} {} no gold unit",
                    annotators[*a].name,
                    missing.join(", "),
                    if missing.len() == 1 { "has" } else { "have" }
                ));
                continue;
            }
        };
        let new_id = match relation.id.split_once('/') {
            Some((event, k)) if numbered(event, 'E') && label.contains(':') => {
                let event = (events.entry((*a, event.to_string()))).or_insert_with(|| fresh.e());
                format!("{event}/{k}")
            }
            _ if relation.directed => fresh.r(),
            _ => relation.id.clone(),
        };
        relations.push(Relation {
            id: new_id,
            label: label.clone(),
            source: Endpoint::Unit(source),
            target: Endpoint::Unit(target),
            directed: relation.directed,
        });
    }
    let t_id: HashMap<&str, String> = (relations.iter())
        .flat_map(|r| [&r.source, &r.target])
        .filter_map(|e| match e {
            Endpoint::Unit(id) => Some((id.as_str(), id.clone())),
            Endpoint::Group { .. } => None,
        })
        .collect();
    relation_lines(&relations, &t_id).0
}

/// The notes on content not measured that not every annotator has alike.
fn differences<'a>(
    anns: &[Ann],
    remaps: &[HashMap<String, String>],
    base: usize,
    name: impl Fn(usize) -> &'a str,
) -> Vec<String> {
    let items: Vec<(usize, NotMeasured)> = (anns.iter())
        .map(|ann| (ann.annotator, not_measured(ann, &remaps[ann.annotator])))
        .collect();
    crate::gold_export::differences(&items, base, name)
}

/// What an annotator has that was not measured, by what makes two alike: how many, and how it
/// is named for people. Text-bound annotations by type and offsets; attributes, normalisations
/// and notes by type, value, text and what they are attached to.
fn not_measured(ann: &Ann, remap: &HashMap<String, String>) -> NotMeasured {
    let by_id: HashMap<&str, &Line> = (ann.lines.iter())
        .filter_map(|l| Some((l.id()?, l)))
        .collect();
    let mut items = NotMeasured::new();
    for line in &ann.lines {
        let (key, description) = match line {
            Line::Text {
                id,
                kind,
                offsets,
                span,
                ..
            } if !ann.measured.contains(id) => (
                format!("T {kind} {offsets}"),
                format!("{kind} [{}, {})", span.0, span.1),
            ),
            Line::Attached {
                kind,
                target,
                rest,
                text,
                ..
            } => {
                let (target_key, target_name) = identify(target, &by_id, ann, remap, 0);
                let what = line.attached_what();
                let mut described = format!("{what} {kind}");
                for word in rest {
                    described.push(' ');
                    described.push_str(word);
                }
                if let Some(text) = text {
                    described.push_str(&format!(" “{text}”"));
                }
                (
                    format!("{what} {kind} {rest:?} {text:?} on {target_key}"),
                    format!("{described} on {target_name}"),
                )
            }
            _ => continue,
        };
        items.entry(key).or_insert((0, description)).0 += 1;
    }
    items
}

/// What an id of an annotator's file is, alike across annotators (a measured unit: the gold
/// unit standing for it), and its name for people.
fn identify(
    id: &str,
    by_id: &HashMap<&str, &Line>,
    ann: &Ann,
    remap: &HashMap<String, String>,
    depth: usize,
) -> (String, String) {
    let deeper = |id: &str| identify(id, by_id, ann, remap, depth + 1);
    match by_id.get(id) {
        Some(Line::Text {
            id,
            kind,
            offsets,
            span,
            ..
        }) => {
            let name = format!("{kind} [{}, {})", span.0, span.1);
            match remap.get(id.as_str()) {
                Some(gold) if ann.measured.contains(id) => (format!("gold {gold}"), name),
                _ => (format!("{kind} {offsets}"), name),
            }
        }
        Some(Line::Event { kind, trigger, .. }) if depth < 8 => {
            let (key, name) = deeper(trigger);
            (
                format!("event {kind} at {key}"),
                format!("event {kind} at {name}"),
            )
        }
        Some(Line::Relation {
            kind, arguments, ..
        }) if depth < 8 => {
            let ends: Vec<(String, String)> = arguments.iter().map(|(_, a)| deeper(a)).collect();
            let keys: Vec<&str> = ends.iter().map(|e| e.0.as_str()).collect();
            let names: Vec<&str> = ends.iter().map(|e| e.1.as_str()).collect();
            (
                format!("relation {kind} ({})", keys.join(", ")),
                format!("relation {kind} ({})", names.join(" → ")),
            )
        }
        _ => (format!("unknown {id}"), id.to_string()),
    }
}
