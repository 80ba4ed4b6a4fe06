//! The gold `.aa` as a whole document: the adjudicated units, and everything the measure left
//! out, carried from the annotators' files.
//!
//! What was not measured (units of types not measured, such as STAC's Turn, paragraph and
//! Dialogue, or units excluded by author) goes into the gold from the base annotator
//! ([`Gold::base`]); where the annotators agree on it (same span, type and features) that is the
//! one they share, and every unit on which they differ is listed. Relations and schemas come
//! from the base annotator, their terms and members remapped to the gold units that stand for
//! the base annotator's units ([`Gold::stands_for`]). A relation or schema with a term that has
//! no gold unit (its unitary alignment was rejected or left open) is kept out of the gold and
//! listed: never dropped silently. Relations the adjudicator decided ([`Gold::relations`])
//! follow the decisions: rejected ones are left out, relabelled ones take the gold label, and a
//! kept relation of another annotator is written between the gold units that stand for its
//! terms.

use super::{Annotation, AnnotationFile, Positioning, consensus_file, hashcode, read_aa};
use crate::FileError;
use crate::annotator_files::AnnotatorFile;
use crate::format::Gold;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;

/// The gold `.aa` and what the user must hear about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WholeGold {
    /// The file to write.
    pub file: AnnotationFile,
    /// What differed between the annotators and what was kept out of the gold.
    pub notes: crate::gold_export::CarriedNotes,
}

/// What makes two units "the same" outside the measure: type, span and features.
type UnitKey = (String, usize, usize, Vec<(String, String)>);

fn key(unit: &Annotation) -> Option<UnitKey> {
    let Positioning::Span { start, end } = unit.positioning else {
        return None;
    };
    let mut features = unit.features.clone();
    features.sort();
    Some((unit.kind.clone(), start, end, features))
}

fn describe(key: &UnitKey) -> String {
    format!("{} [{}, {})", key.0, key.1, key.2)
}

/// The whole gold of a Glozz document: `files` are the annotators' `.aa` (in the order of the
/// document's annotators), `first_ms` the first id number of the new gold units.
pub(crate) fn whole_gold(
    gold: &Gold<'_>,
    text: &str,
    files: &[AnnotatorFile],
    first_ms: u64,
) -> Result<WholeGold, FileError> {
    let annotators = &gold.document.annotators;
    let aas: Vec<AnnotationFile> = files
        .iter()
        .map(|f| read_aa(&f.path))
        .collect::<Result<_, _>>()?;
    let Some(base_aa) = aas.get(gold.base) else {
        let path = files.first().map_or(Path::new(""), |f| f.path.as_path());
        return Err(crate::gold_export::no_base_file(path, gold.base, aas.len()));
    };
    let name = |a: usize| annotators.get(a).map_or("?", |x| x.name.as_str());
    let not_measured: Vec<Vec<&Annotation>> = aas
        .iter()
        .enumerate()
        .map(|(a, aa)| {
            let measured: HashSet<&str> = annotators
                .get(a)
                .into_iter()
                .flat_map(|x| &x.units)
                .filter_map(|u| u.source_id.as_deref())
                .collect();
            (aa.units.iter())
                .filter(|u| !measured.contains(u.id.as_str()))
                .collect()
        })
        .collect();
    let differed = differences(&not_measured, gold.base, name);
    let carried: Vec<Annotation> = not_measured[gold.base].iter().map(|&u| u.clone()).collect();
    let taken: HashSet<&str> = (aas.iter())
        .flat_map(|aa| aa.units.iter().chain(&aa.relations).chain(&aa.schemas))
        .map(|a| a.id.as_str())
        .collect();
    let mut first_ms = first_ms;
    let mut units = consensus_file(gold.units, gold.author, text, first_ms).units;
    while units.iter().any(|u| taken.contains(u.id.as_str())) {
        first_ms += units.len() as u64;
        units = consensus_file(gold.units, gold.author, text, first_ms).units;
    }
    let remaps: Vec<HashMap<&str, String>> = (0..aas.len())
        .map(|a| {
            let mut remap: HashMap<&str, String> = HashMap::new();
            for (gold_unit, stands_for) in units.iter().zip(gold.stands_for) {
                for (annotator, id) in stands_for {
                    if *annotator == a {
                        remap
                            .entry(id.as_str())
                            .or_insert_with(|| gold_unit.id.clone());
                    }
                }
            }
            remap
        })
        .collect();
    let mut remap = remaps[gold.base].clone();
    for unit in &carried {
        remap.insert(unit.id.as_str(), unit.id.clone());
    }
    let base_structure = as_decided(base_aa, gold);
    let (mut relations, schemas, mut flagged) =
        remapped_structure(&base_structure, &remap, name(gold.base));
    let mut written: HashSet<String> = (units.iter().chain(&carried))
        .chain(&relations)
        .chain(&schemas)
        .map(|a| a.id.clone())
        .collect();
    for (a, id, label) in gold.relations.kept.iter().filter(|k| k.0 != gold.base) {
        let Some(relation) = aas
            .get(*a)
            .and_then(|aa| aa.relations.iter().find(|r| &r.id == id))
        else {
            continue;
        };
        match picked_relation(relation, label, &remaps[*a], gold.author, &mut written) {
            Ok(relation) => relations.push(relation),
            Err(missing) => flagged.push(format!(
                "relation {id:?} ({label}) of {}, decided into the gold, is not in it: {} {} no gold unit",
                name(*a),
                missing.join(", "),
                if missing.len() == 1 { "has" } else { "have" }
            )),
        }
    }
    units.extend(carried);
    units.sort_by_key(|u| match u.positioning {
        Positioning::Span { start, end } => (start, end),
        _ => (usize::MAX, usize::MAX),
    });
    Ok(WholeGold {
        file: AnnotationFile {
            corpus_hashcode: Some(hashcode(text.as_bytes())),
            units,
            relations,
            schemas,
        },
        notes: crate::gold_export::CarriedNotes { differed, flagged },
    })
}

/// The base annotator's file as the relation decisions leave it: its relations decided out of
/// the gold (rejected, or another annotator's kept) removed, those relabelled with the gold
/// label; its undecided relations as they are.
fn as_decided(aa: &AnnotationFile, gold: &Gold<'_>) -> AnnotationFile {
    let mut decided = aa.clone();
    decided.relations = (aa.relations.iter())
        .filter_map(|r| match gold.relations.fate(gold.base, &r.id) {
            None => Some(r.clone()),
            Some(None) => None,
            Some(Some(label)) => Some(Annotation {
                kind: label.to_string(),
                ..r.clone()
            }),
        })
        .collect();
    decided
}

/// Another annotator's relation that the adjudicator kept, its terms moved to the gold units
/// standing for that annotator's units (`remap`), its label the gold's; an id of its own in the
/// gold. Err: the terms with no gold unit (a term that is a schema or a relation of that
/// annotator has none: only the base annotator's structure is carried).
fn picked_relation(
    relation: &Annotation,
    label: &str,
    remap: &HashMap<&str, String>,
    author: &str,
    written: &mut HashSet<String>,
) -> Result<Annotation, Vec<String>> {
    let Positioning::Terms(terms) = &relation.positioning else {
        return Err(Vec::new());
    };
    let missing: Vec<String> = (terms.iter())
        .filter(|t| !remap.contains_key(t.as_str()))
        .cloned()
        .collect();
    if !missing.is_empty() {
        return Err(missing);
    }
    let mut id = relation.id.clone();
    let mut n = 1;
    while written.contains(&id) {
        id = format!("{author}_relation_{n}");
        n += 1;
    }
    written.insert(id.clone());
    Ok(Annotation {
        id,
        kind: label.to_string(),
        positioning: Positioning::Terms(terms.iter().map(|t| remap[t.as_str()].clone()).collect()),
        line: 0,
        ..relation.clone()
    })
}

/// The units not measured that not every annotator has alike.
fn differences<'a>(
    not_measured: &[Vec<&Annotation>],
    base: usize,
    name: impl Fn(usize) -> &'a str,
) -> Vec<String> {
    let counts: Vec<BTreeMap<UnitKey, usize>> = not_measured
        .iter()
        .map(|units| {
            let mut counts = BTreeMap::new();
            for key in units.iter().filter_map(|u| key(u)) {
                *counts.entry(key).or_insert(0) += 1;
            }
            counts
        })
        .collect();
    let mut notes = Vec::new();
    for (a, mine) in counts.iter().enumerate() {
        for (key, &n) in mine {
            let missing: Vec<&str> = (0..counts.len())
                .filter(|&b| b != a && counts[b].get(key).copied().unwrap_or(0) < n)
                .map(&name)
                .collect();
            if missing.is_empty() {
                continue;
            }
            let fate = if a == base {
                "carried into the gold"
            } else {
                "not in the gold"
            };
            notes.push(format!(
                "{} of {} ({fate}, not measured): {} {} none like it",
                describe(key),
                name(a),
                missing.join(", "),
                if missing.len() == 1 { "has" } else { "have" }
            ));
        }
    }
    notes
}

/// The base annotator's relations and schemas whose terms and members all have a place in the
/// gold, remapped; and the list of those left out. A relation may link relations or schemas,
/// and a schema embed them, so they are kept as their terms are: until nothing more can be.
fn remapped_structure(
    aa: &AnnotationFile,
    remap: &HashMap<&str, String>,
    base: &str,
) -> (Vec<Annotation>, Vec<Annotation>, Vec<String>) {
    let unit_ids: HashSet<&str> = aa.units.iter().map(|u| u.id.as_str()).collect();
    let mut kept: BTreeSet<&str> = BTreeSet::new();
    let resolve = |id: &str, kept: &BTreeSet<&str>| -> Option<String> {
        if unit_ids.contains(id) {
            remap.get(id).cloned()
        } else {
            kept.contains(id).then(|| id.to_string())
        }
    };
    let terms = |a: &Annotation| -> Vec<String> {
        match &a.positioning {
            Positioning::Terms(terms) => terms.clone(),
            Positioning::Embedded(members) => members.iter().map(|(_, id)| id.clone()).collect(),
            Positioning::Span { .. } => Vec::new(),
        }
    };
    let structure: Vec<&Annotation> = aa.relations.iter().chain(&aa.schemas).collect();
    loop {
        let before = kept.len();
        for a in &structure {
            if !kept.contains(a.id.as_str()) && terms(a).iter().all(|t| resolve(t, &kept).is_some())
            {
                kept.insert(a.id.as_str());
            }
        }
        if kept.len() == before {
            break;
        }
    }
    let mut flagged = Vec::new();
    let mut remapped = |list: &[Annotation], what: &str| -> Vec<Annotation> {
        let mut out = Vec::new();
        for a in list {
            if !kept.contains(a.id.as_str()) {
                let missing: Vec<String> = (terms(a).into_iter())
                    .filter(|t| resolve(t, &kept).is_none())
                    .collect();
                flagged.push(format!(
                    "{what} {:?} ({}) of {base} is not in the gold: {} {} no gold unit",
                    a.id,
                    a.kind,
                    missing.join(", "),
                    if missing.len() == 1 { "has" } else { "have" }
                ));
                continue;
            }
            let mut a = a.clone();
            a.positioning = match a.positioning {
                Positioning::Terms(terms) => Positioning::Terms(
                    (terms.iter())
                        .map(|t| resolve(t, &kept).expect("kept"))
                        .collect(),
                ),
                Positioning::Embedded(members) => Positioning::Embedded(
                    (members.into_iter())
                        .map(|(kind, id)| (kind, resolve(&id, &kept).expect("kept")))
                        .collect(),
                ),
                span => span,
            };
            out.push(a);
        }
        out
    };
    let relations = remapped(&aa.relations, "relation");
    let schemas = remapped(&aa.schemas, "schema");
    (relations, schemas, flagged)
}
