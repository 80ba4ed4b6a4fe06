//! What a written format cannot hold of a document, said before a conversion writes it: each
//! codec's [`Description`](crate::format::Description) states what it [`Holds`], and
//! [`conversion_losses`] compares a document with it — features, relations, units with an
//! empty category, overlapping units of one annotator, names that become other names — so that
//! a conversion either keeps everything or says what it changed (issue 35).

use crate::files::{Warning, WarningKind, without_spaces};
pub use crate::format::Holds;
use crate::format::{Format, Output};
use gamma_core::continuum::Continuum;
use gamma_core::relation::Endpoint;
use std::collections::BTreeSet;
use std::path::Path;

/// The warnings ([`WarningKind::Lossy`], [`WarningKind::NamesChanged`]) about `out` that
/// writing `continuum` in `format` deserves: what the format cannot hold and leaves out or
/// changes, each listed. Empty when the format keeps everything.
pub fn conversion_losses(continuum: &Continuum, format: Format, out: &Path) -> Vec<Warning> {
    let holds = format.description().holds;
    let label = format.label();
    let lossy = |message: String| Warning::new(WarningKind::Lossy, out, None, message);
    let mut warnings = Vec::new();
    if !holds.features {
        let mut names = BTreeSet::new();
        let mut units = 0;
        for (_, unit) in continuum.units().filter(|(_, u)| !u.features.is_empty()) {
            units += 1;
            names.extend(unit.features.keys().map(String::as_str));
        }
        if units > 0 {
            warnings.push(lossy(format!(
                "{label} has no place for the units' features: those of {} ({}) are left out",
                count(units, "unit"),
                list(names)
            )));
        }
    }
    if !holds.relations {
        let per_annotator = continuum
            .annotators
            .iter()
            .map(|a| (a.name.as_str(), a.relations.len()));
        if let Some((total, listed)) = tally(per_annotator) {
            warnings.push(lossy(format!(
                "{label} has no place for relations: {} ({listed}) {}",
                count(total, "relation"),
                left_out(total)
            )));
        }
    }
    if holds.relations {
        let per_annotator = (continuum.annotators.iter()).map(|a| {
            (
                a.name.as_str(),
                unwritable_relations(a, holds.relations_to_groups),
            )
        });
        if let Some((total, listed)) = tally(per_annotator) {
            let ends = if holds.relations_to_groups {
                "a unit not written"
            } else {
                "a group of units or a unit not written"
            };
            let what = if holds.relations_to_groups {
                "relations between the units written"
            } else {
                "units only"
            };
            warnings.push(lossy(format!(
                "{label} links {what}: {} whose endpoint is {ends} ({listed}) {}",
                count(total, "relation"),
                left_out(total)
            )));
        }
        if !holds.undirected_relations {
            let per_annotator = (continuum.annotators.iter()).map(|a| {
                (
                    a.name.as_str(),
                    a.relations.iter().filter(|r| !r.directed).count(),
                )
            });
            if let Some((total, listed)) = tally(per_annotator) {
                warnings.push(lossy(format!(
                    "{label} has directed relations only: {} without a direction ({listed}) \
                     written from their first end to their second",
                    count(total, "relation"),
                )));
            }
        }
    }
    if !holds.empty_categories && holds.spaces_in_categories {
        let per_annotator = continuum.annotators.iter().map(|a| {
            let empty = a.units.iter().filter(|u| u.category.is_empty()).count();
            (a.name.as_str(), empty)
        });
        if let Some((total, listed)) = tally(per_annotator) {
            warnings.push(lossy(format!(
                "{label} reads a unit without a category as none: {} with an empty category \
                 ({listed}) {}",
                count(total, "unit"),
                left_out(total)
            )));
        }
    }
    if !holds.overlapping_units {
        warnings.extend(continuum.annotators.iter().filter_map(|annotator| {
            let mut units: Vec<_> = annotator.units.iter().collect();
            units.sort_by(|a, b| a.start.total_cmp(&b.start));
            let overlap = units.windows(2).find(|pair| pair[1].start < pair[0].end)?;
            Some(lossy(format!(
                "{label} does not allow overlapping units on one tier: annotator {:?} has {} \
                 and {} (written as they are; {label} itself may refuse the file)",
                annotator.name,
                span(overlap[0]),
                span(overlap[1])
            )))
        }));
    }
    warnings.extend(names_changed(continuum, format, out));
    warnings
}

/// A [`WarningKind::NamesChanged`] warning listing the categories and annotators' names that
/// `format` writes otherwise: whitespace made `_` where its fields have none, annotators' names
/// made file names where each annotator is a file.
fn names_changed(continuum: &Continuum, format: Format, out: &Path) -> Option<Warning> {
    let holds = format.description().holds;
    let mut changes = BTreeSet::new();
    if !holds.spaces_in_categories {
        for (_, unit) in continuum.units() {
            let written = without_spaces(&unit.category);
            if written != unit.category {
                changes.insert(format!("category {:?} as {written:?}", unit.category));
            }
        }
    }
    if holds.relations && !holds.spaces_in_categories {
        for relation in continuum.annotators.iter().flat_map(|a| &a.relations) {
            let written = without_spaces(&relation.label);
            if written != relation.label {
                changes.insert(format!(
                    "relation label {:?} as {written:?}",
                    relation.label
                ));
            }
        }
    }
    for annotator in &continuum.annotators {
        let name = annotator.name.as_str();
        let mut written = name.to_string();
        if !holds.spaces_in_annotators {
            written = without_spaces(&written);
        }
        if format.description().output == Some(Output::Folder) {
            written = crate::write::safe_file_name(&written);
        }
        if written != name {
            changes.insert(format!("annotator {name:?} as {written:?}"));
        }
    }
    if changes.is_empty() {
        return None;
    }
    let changes: Vec<String> = changes.into_iter().collect();
    Some(Warning::new(
        WarningKind::NamesChanged,
        out,
        None,
        format!(
            "{} cannot hold these names as they are, written otherwise: {}",
            format.label(),
            changes.join(", ")
        ),
    ))
}

/// How many of the annotator's relations a format that links units only cannot write: an
/// endpoint is a group (a Glozz schema) or names none of the annotator's units.
fn unwritable_relations(annotator: &gamma_core::continuum::Annotator, groups: bool) -> usize {
    let ids: BTreeSet<&str> = annotator
        .units
        .iter()
        .filter_map(|u| u.source_id.as_deref())
        .collect();
    let written = |endpoint: &Endpoint| match endpoint {
        Endpoint::Unit(id) => ids.contains(id.as_str()),
        Endpoint::Group { members, .. } => {
            groups && members.iter().all(|m| ids.contains(m.as_str()))
        }
    };
    annotator
        .relations
        .iter()
        .filter(|r| !written(&r.source) || !written(&r.target))
        .count()
}

/// The total of `counts` and the annotators with some, `name N` each; `None` when there is none.
fn tally<'a>(counts: impl Iterator<Item = (&'a str, usize)>) -> Option<(usize, String)> {
    let some: Vec<(&str, usize)> = counts.filter(|(_, n)| *n > 0).collect();
    let total = some.iter().map(|(_, n)| n).sum();
    let listed: Vec<String> = some
        .iter()
        .map(|(name, n)| format!("{name:?} {n}"))
        .collect();
    (total > 0).then(|| (total, listed.join(", ")))
}

/// A unit as `[start, end) "category"`.
fn span(unit: &gamma_core::unit::Unit) -> String {
    format!("[{}, {}) {:?}", unit.start, unit.end, unit.category)
}

fn left_out(n: usize) -> &'static str {
    if n == 1 {
        "is left out"
    } else {
        "are left out"
    }
}

fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    names.into_iter().collect::<Vec<_>>().join(", ")
}
