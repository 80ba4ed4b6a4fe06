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
//! listed: never dropped silently.

use super::{Annotation, AnnotationFile, Positioning, consensus_file, hashcode, read_aa};
use crate::FileError;
use crate::annotator_files::AnnotatorFile;
use crate::format::Gold;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;

/// The gold `.aa` and what the user must hear about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WholeGold {
    /// The file to write.
    pub file: AnnotationFile,
    /// Content not measured on which the annotators differ (the base annotator's is in the gold).
    pub differed: Vec<String>,
    /// Relations and schemas kept out of the gold: a term has no gold unit.
    pub flagged: Vec<String>,
}

impl WholeGold {
    /// Every note, the differences first.
    pub fn notes(&self) -> Vec<String> {
        self.differed.iter().chain(&self.flagged).cloned().collect()
    }
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
pub fn whole_gold(
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
        return Err(FileError::new(
            path,
            None,
            format!(
                "there is no annotator {} to take what was not measured from ({} files)",
                gold.base + 1,
                aas.len()
            ),
        ));
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
    let mut remap: HashMap<&str, String> = HashMap::new();
    for (gold_unit, stands_for) in units.iter().zip(gold.stands_for) {
        for (annotator, id) in stands_for {
            if *annotator == gold.base {
                remap
                    .entry(id.as_str())
                    .or_insert_with(|| gold_unit.id.clone());
            }
        }
    }
    for unit in &carried {
        remap.insert(unit.id.as_str(), unit.id.clone());
    }
    let (relations, schemas, flagged) = remapped_structure(base_aa, &remap, name(gold.base));
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
        differed,
        flagged,
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
