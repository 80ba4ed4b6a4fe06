//! brat's links between text-bound annotations, read as [`Relation`]s and written back.
//!
//! - `R<n><TAB><type> <role>:<id> <role>:<id>` is a directed relation from the first argument
//!   (brat's `Arg1`) to the second, labelled with the type; its id is kept.
//! - `*<TAB><type> <id> <id>…` is an equivalence (coreference) class. It becomes undirected
//!   relations between its members *consecutive in the text* (by start, then end): each member
//!   linked to the one before it, as a coreference chain links a mention to its antecedent. A
//!   class of n members is n − 1 relations (all pairs would weigh a class of n with n(n − 1)/2
//!   and let one large class outweigh the rest of the document), and because the members are
//!   taken in text order, two annotators who put the same members in a class in another order
//!   still have the same relations. They are numbered `*1`, `*2`… in file order (equivalences
//!   have no id in brat).
//! - `E<n><TAB><type>:<trigger> <role>:<id>…` is an event: one directed relation from its
//!   trigger to each argument, labelled `<type>:<role>` and numbered `E<n>/1`, `E<n>/2`…; a
//!   role's repetition number (`Theme2` beside `Theme`) is dropped from the label, since brat
//!   numbers repeated roles in the order they were added, which says nothing of the event. An
//!   event without arguments links nothing and is counted among the skipped lines.
//!
//! An argument that is an event stands for the event's trigger (where the event is in the
//! text). A line that does not have the shape of its kind (an `R` without its two `ROLE:ID`
//! arguments, a `*` with one member) is an error naming the file and the line. An argument
//! naming an id that is no text-bound annotation or event of the file (a unit deleted by hand, a
//! relation) does not stop the reading of the units: the relation is read with that id, a
//! warning names the first such line, and [`gamma_core::relations`] reports the relation as
//! unplaced — as it does one whose unit is left out of the measure.
//!
//! Writing does the reverse: relations read from an event (ids `E<n>/<k>`, labels
//! `<type>:<role>`, one trigger) are written as that event, again with repeated roles numbered;
//! other directed relations as `R` lines, undirected ones as `*` lines of two members. An
//! argument that is the trigger of an event written in the same file is written as that event.

use crate::{Warning, WarningKind};
use gamma_core::relation::{Endpoint, Relation};
use gamma_core::unit::Unit;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;
use std::path::Path;

/// A link line of an `.ann`, its ids not yet resolved.
#[derive(Debug, Clone)]
enum Link {
    /// `R`: id, type, and its two arguments' ids.
    Relation {
        id: String,
        label: String,
        source: String,
        target: String,
    },
    /// `*`: type and members' ids.
    Equivalence { label: String, members: Vec<String> },
    /// `E`: id, type, trigger id, and (role, id) of each argument.
    Event {
        id: String,
        label: String,
        trigger: String,
        arguments: Vec<(String, String)>,
    },
}

/// What is wrong with a link line (the reader adds the file and the line).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(super) enum BadLink {
    /// An argument of a relation or an event that is not `ROLE:ID`.
    #[error("{kind} {id}: argument {word:?} is not ROLE:ID")]
    NotRoleId {
        kind: &'static str,
        id: String,
        word: String,
    },
    /// A relation without exactly two arguments: how many it has.
    #[error("relation {id}: expected two arguments (Arg1:ID Arg2:ID), found {found}")]
    NotTwoArguments { id: String, found: usize },
    /// A relation without a type.
    #[error("relation {id}: no type")]
    NoType { id: String },
    /// An equivalence without a type or with fewer than two members: its fields.
    #[error("equivalence: expected a type and at least two ids, found {spec:?}")]
    Equivalence { spec: String },
}

/// The link lines of one `.ann`, gathered while its text-bound lines are read.
#[derive(Debug, Default)]
pub(super) struct Links {
    lines: Vec<(u64, Link)>,
}

impl Links {
    /// Reads a line starting with `R`, `*` or `E`; an error says what is wrong with it.
    pub(super) fn add(&mut self, raw: &str, line: u64) -> Result<(), BadLink> {
        let mut fields = raw.split('\t');
        let id = fields.next().unwrap_or_default().trim();
        let spec = fields.next().unwrap_or_default();
        let mut words = spec.split_whitespace();
        let head = words.next().unwrap_or_default();
        let argument_of = |kind: &'static str| {
            move |word: &str| {
                argument(word).ok_or_else(|| BadLink::NotRoleId {
                    kind,
                    id: id.to_string(),
                    word: word.to_string(),
                })
            }
        };
        let link = match id.chars().next() {
            Some('R') => {
                let arguments = words
                    .map(argument_of("relation"))
                    .collect::<Result<Vec<_>, _>>()?;
                let [(_, source), (_, target)] =
                    <[_; 2]>::try_from(arguments).map_err(|a| BadLink::NotTwoArguments {
                        id: id.to_string(),
                        found: a.len(),
                    })?;
                if head.is_empty() {
                    return Err(BadLink::NoType { id: id.to_string() });
                }
                Link::Relation {
                    id: id.to_string(),
                    label: head.to_string(),
                    source,
                    target,
                }
            }
            Some('*') => {
                let members: Vec<String> = words.map(str::to_string).collect();
                if head.is_empty() || members.len() < 2 {
                    return Err(BadLink::Equivalence {
                        spec: spec.to_string(),
                    });
                }
                Link::Equivalence {
                    label: head.to_string(),
                    members,
                }
            }
            _ => {
                let (label, trigger) = argument_of("event")(head)?;
                let arguments = words.map(argument_of("event"));
                Link::Event {
                    id: id.to_string(),
                    label,
                    trigger,
                    arguments: arguments.collect::<Result<Vec<_>, _>>()?,
                }
            }
        };
        self.lines.push((line, link));
        Ok(())
    }

    /// Events without arguments: they link nothing.
    pub(super) fn events_without_arguments(&self) -> usize {
        self.lines
            .iter()
            .filter(|(_, l)| matches!(l, Link::Event { arguments, .. } if arguments.is_empty()))
            .count()
    }

    /// The relations of the links, in file order, between `units` (ids = their T ids), and a
    /// warning when some name an id that is no text-bound annotation or event of the file.
    pub(super) fn relations(
        &self,
        units: &[Unit],
        path: &Path,
    ) -> (Vec<Relation>, Option<Warning>) {
        let ids = Ids::new(&self.lines, units);
        let mut relations = Vec::new();
        let mut equivalences = 0;
        let mut dangling: Vec<(u64, String)> = Vec::new();
        for (line, link) in &self.lines {
            let mut unit = |id: &str| {
                let (unit, found) = ids.unit(id);
                if !found {
                    dangling.push((*line, id.to_string()));
                }
                unit
            };
            match link {
                Link::Relation {
                    id,
                    label,
                    source,
                    target,
                } => relations.push(Relation {
                    id: id.clone(),
                    label: label.clone(),
                    source: Endpoint::Unit(unit(source)),
                    target: Endpoint::Unit(unit(target)),
                    directed: true,
                }),
                Link::Equivalence { label, members } => {
                    let mut members: Vec<String> = members.iter().map(|m| unit(m)).collect();
                    members.sort_by(|a, b| ids.in_text_order(a, b));
                    for pair in members.windows(2) {
                        equivalences += 1;
                        relations.push(Relation {
                            id: format!("*{equivalences}"),
                            label: label.clone(),
                            source: Endpoint::Unit(pair[0].clone()),
                            target: Endpoint::Unit(pair[1].clone()),
                            directed: false,
                        });
                    }
                }
                Link::Event {
                    id,
                    label,
                    trigger,
                    arguments,
                } => {
                    let trigger = unit(trigger);
                    for (k, (role, argument)) in arguments.iter().enumerate() {
                        relations.push(Relation {
                            id: format!("{id}/{}", k + 1),
                            label: format!("{label}:{}", role_of(role, arguments)),
                            source: Endpoint::Unit(trigger.clone()),
                            target: Endpoint::Unit(unit(argument)),
                            directed: true,
                        });
                    }
                }
            }
        }
        let warning = dangling.first().map(|(line, id)| {
            Warning::new(
                WarningKind::Skipped,
                path,
                Some(*line),
                format!(
                    "{} argument(s) of relations name an id that is no text-bound annotation or \
                     event of the file (first {id}): those relations are read but cannot be \
                     measured",
                    dangling.len()
                ),
            )
        });
        (relations, warning)
    }
}

/// The ids of an `.ann` that arguments may name: T lines (units) and events (their triggers).
struct Ids<'a> {
    trigger_of: HashMap<&'a str, &'a str>,
    /// start, end and file order of each unit, by T id.
    position: HashMap<&'a str, (f64, f64, usize)>,
}

impl<'a> Ids<'a> {
    fn new(lines: &'a [(u64, Link)], units: &'a [Unit]) -> Ids<'a> {
        let trigger_of = lines
            .iter()
            .filter_map(|(_, link)| match link {
                Link::Event { id, trigger, .. } => Some((id.as_str(), trigger.as_str())),
                _ => None,
            })
            .collect();
        let position = units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| Some((u.source_id.as_deref()?, (u.start, u.end, i))))
            .collect();
        Ids {
            trigger_of,
            position,
        }
    }

    /// The unit an argument stands for (an event: its trigger), and whether it is one; an id
    /// that is none is kept as it is, so that the relation is reported as unplaced.
    fn unit(&self, id: &str) -> (String, bool) {
        let unit = self.trigger_of.get(id).copied().unwrap_or(id);
        if self.position.contains_key(unit) {
            (unit.to_string(), true)
        } else {
            (id.to_string(), false)
        }
    }

    /// Units by start, then end, then file order; ids that are no unit last.
    fn in_text_order(&self, a: &str, b: &str) -> std::cmp::Ordering {
        let at = |id: &str| {
            self.position
                .get(id)
                .copied()
                .unwrap_or((f64::INFINITY, f64::INFINITY, usize::MAX))
        };
        let (a, b) = (at(a), at(b));
        a.0.total_cmp(&b.0)
            .then(a.1.total_cmp(&b.1))
            .then(a.2.cmp(&b.2))
    }
}

/// `role:id` split at its colon; `None` when the word is not of that shape.
fn argument(word: &str) -> Option<(String, String)> {
    match word.split_once(':') {
        Some((role, id)) if !role.is_empty() && !id.is_empty() => {
            Some((role.to_string(), id.to_string()))
        }
        _ => None,
    }
}

/// A role without its repetition number: `Theme2` is `Theme` when the event also has a `Theme`.
pub(super) fn role_of<'a>(role: &'a str, arguments: &[(String, String)]) -> &'a str {
    let base = role.trim_end_matches(|c: char| c.is_ascii_digit());
    if base != role && arguments.iter().any(|(r, _)| r == base) {
        base
    } else {
        role
    }
}

/// The relations of one annotator as `.ann` lines, in their order (an event where its first
/// relation is), given the T id written for each unit id. Returns the lines and how many
/// relations were left out because an endpoint is a group or a unit that is not written.
pub(super) fn relation_lines(
    relations: &[Relation],
    t_id: &HashMap<&str, String>,
) -> (String, usize) {
    let (lines, events, left_out) = gather(relations, t_id);
    let mut event_of_trigger: HashMap<&str, &str> = HashMap::new();
    for event in events.values() {
        event_of_trigger.entry(&event.trigger).or_insert(&event.id);
    }
    let argument = |t: &str| event_of_trigger.get(t).copied().unwrap_or(t).to_string();
    // R ids are kept when they are brat's and unique, otherwise fresh ones avoid those kept.
    let kept: BTreeSet<&str> = lines
        .iter()
        .filter_map(|line| match line {
            Line::Other(r, ..) if numbered(&r.id, 'R') => Some(r.id.as_str()),
            _ => None,
        })
        .collect();
    let mut used: BTreeSet<String> = BTreeSet::new();
    let mut next_r = 0;
    let mut out = String::new();
    for line in lines {
        let (relation, source, target) = match line {
            Line::Event(number) => {
                let event = &events[&number];
                let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
                let kind = super::type_name(&event.kind);
                let _ = write!(out, "{}\t{kind}:{}", event.id, event.trigger);
                for (role, target) in &event.arguments {
                    let n = seen.entry(role).or_default();
                    *n += 1;
                    let number = if *n > 1 { n.to_string() } else { String::new() };
                    let _ = write!(
                        out,
                        " {}{number}:{}",
                        super::type_name(role),
                        argument(target)
                    );
                }
                out.push('\n');
                continue;
            }
            Line::Other(relation, source, target) => (relation, source, target),
        };
        let label = super::type_name(&relation.label);
        if !relation.directed {
            let _ = writeln!(out, "*\t{label} {source} {target}");
            continue;
        }
        let id = if numbered(&relation.id, 'R') && used.insert(relation.id.clone()) {
            relation.id.clone()
        } else {
            loop {
                next_r += 1;
                let fresh = format!("R{next_r}");
                if !kept.contains(fresh.as_str()) && used.insert(fresh.clone()) {
                    break fresh;
                }
            }
        };
        let (source, target) = (argument(&source), argument(&target));
        let _ = writeln!(out, "{id}\t{label} Arg1:{source} Arg2:{target}");
    }
    (out, left_out)
}

/// A line to write: an event (by number), or another relation with its endpoints' T ids.
enum Line<'a> {
    Event(u64),
    Other(&'a Relation, String, String),
}

/// The lines to write in order, the events by number, and how many relations are left out.
fn gather<'a>(
    relations: &'a [Relation],
    t_id: &HashMap<&str, String>,
) -> (Vec<Line<'a>>, HashMap<u64, Event>, usize) {
    let written = |endpoint: &Endpoint| match endpoint {
        Endpoint::Unit(id) => t_id.get(id.as_str()).cloned(),
        Endpoint::Group { .. } => None,
    };
    let mut lines = Vec::new();
    let mut events: HashMap<u64, Event> = HashMap::new();
    let mut left_out = 0;
    for relation in relations {
        let (Some(source), Some(target)) = (written(&relation.source), written(&relation.target))
        else {
            left_out += 1;
            continue;
        };
        // A relation of an event joins it when it has the event's type and trigger.
        let event = event_part(relation).filter(|(number, _, kind, _)| {
            events
                .get(number)
                .is_none_or(|e| e.kind == *kind && e.trigger == source)
        });
        match event {
            Some((number, id, kind, role)) => {
                let event = events.entry(number).or_insert_with(|| {
                    lines.push(Line::Event(number));
                    Event {
                        id: id.to_string(),
                        kind: kind.to_string(),
                        trigger: source.clone(),
                        arguments: Vec::new(),
                    }
                });
                event.arguments.push((role.to_string(), target));
            }
            None => lines.push(Line::Other(relation, source, target)),
        }
    }
    (lines, events, left_out)
}

/// An event to be written: its id, type, trigger's T id and (role, T id) of its arguments.
struct Event {
    id: String,
    kind: String,
    trigger: String,
    arguments: Vec<(String, String)>,
}

/// `(n, E<n>, type, role)` of a relation read from an event: id `E<n>/<k>`, label `type:role`.
fn event_part(relation: &Relation) -> Option<(u64, &str, &str, &str)> {
    let (event, k) = relation.id.split_once('/')?;
    let (kind, role) = relation.label.split_once(':')?;
    let number = event.strip_prefix('E')?.parse::<u64>().ok()?;
    (relation.directed && numbered(event, 'E') && k.parse::<usize>().is_ok())
        .then_some((number, event, kind, role))
}

/// Whether `id` is `<letter><digits>`, a brat id of that kind.
pub(super) fn numbered(id: &str, letter: char) -> bool {
    id.strip_prefix(letter)
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}
