//! What a written format cannot hold of a document, said when a conversion writes it: each
//! codec's [`Description`](crate::format::Description) states what it [`Holds`], and
//! [`conversion_losses`] compares a document with it — features and their names, relations and
//! groups, units with an empty category, overlapping units of one annotator, names that become
//! other names, units whose bounds move (`positions`) — and with what its input files hold
//! beyond it (`unread`: other layers, tiers and units, a project's curated document), so that
//! a conversion either keeps everything or says what it changed (issue 35). A warning lists
//! what it names; a list of moved units shows the first [`LISTED`] and their number.

mod positions;
mod unread;
pub(crate) use unread::carried;

use crate::files::{Warning, WarningKind, without_spaces};
pub use crate::format::Holds;
use crate::format::{FeatureNames, Format, Output, ReadOptions, Source};
use gamma_core::continuum::{Annotator, Continuum};
use gamma_core::relation::Endpoint;
use std::collections::BTreeSet;
use std::path::Path;

/// How many moved units a warning shows before it gives their number alone.
pub const LISTED: usize = 10;

/// Makes a [`WarningKind::Lossy`] warning about the output.
type Lossy<'a> = dyn Fn(String) -> Warning + 'a;

/// The warnings ([`WarningKind::Lossy`], [`WarningKind::NamesChanged`]) about `out` that
/// converting `continuum`, read from `source` with `options`, to `format` deserves: what the
/// format cannot hold and leaves out or changes, and what the input files hold that the
/// document read from them does not. Empty when the format keeps everything.
pub fn conversion_losses(
    continuum: &Continuum,
    source: Option<&Source>,
    options: &ReadOptions,
    format: Format,
    out: &Path,
) -> Vec<Warning> {
    let mut warnings = written_losses(continuum, source, options, format, out);
    let lossy = |message: String| Warning::new(WarningKind::Lossy, out, None, message);
    warnings.extend(unread::left_out(continuum, source, options, format).map(lossy));
    warnings.extend(
        unread::reference_left_out(source, format)
            .map(|message| lossy(message).with_remedy(crate::Remedy::CurationAsAnnotator)),
    );
    warnings
}

/// What `format` cannot hold of `continuum` itself (see [`conversion_losses`]), whatever its
/// input files held beyond it: the gold's writers carry those themselves.
pub fn written_losses(
    continuum: &Continuum,
    source: Option<&Source>,
    options: &ReadOptions,
    format: Format,
    out: &Path,
) -> Vec<Warning> {
    let holds = format.description().holds;
    let label = format.label();
    let lossy = |message: String| Warning::new(WarningKind::Lossy, out, None, message);
    let mut warnings = Vec::new();
    if format == crate::elan::ELAN && crate::elan::convert::input_file(source, continuum).is_some()
    {
        // The input file is written as it is.
        return warnings;
    }
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
        let per_annotator = (continuum.annotators.iter())
            .map(|a| (a.name.as_str(), unwritable_relations(a, source, format)));
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
    warnings.extend(feature_losses(continuum, source, options, format).map(lossy));
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
    warnings.extend(positions::moved(continuum, source, options, format, &lossy));
    warnings.extend(names_changed(continuum, source, format, out));
    warnings
}

/// A [`WarningKind::NamesChanged`] warning listing the categories and annotators' names that
/// `format` writes otherwise: whitespace made `_` where its fields have none, annotators' names
/// made file names where each annotator is a file.
fn names_changed(
    continuum: &Continuum,
    source: Option<&Source>,
    format: Format,
    out: &Path,
) -> Option<Warning> {
    let holds = format.description().holds;
    let mut changes = BTreeSet::new();
    if let FeatureNames::Identifiers(reserved) = holds.feature_names {
        for (written, key) in uima_features(continuum, source, reserved) {
            if written != key {
                changes.insert(format!("feature {key:?} as {written:?}"));
            }
        }
    }
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
/// endpoint is a group (a Glozz schema) where the format has none, or names none of the
/// annotator's units. Glozz writes the annotator's own file as it was read, with every relation.
fn unwritable_relations(annotator: &Annotator, source: Option<&Source>, format: Format) -> usize {
    let groups = format.description().holds.relations_to_groups;
    if groups && crate::glozz::convert::annotator_file(source, annotator).is_some() {
        return 0;
    }
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

/// The features of the units that `format` leaves out for their name, said as one sentence:
/// CorA-XML made from units writes a feature as a layer, an XML element of its name, other than
/// the category's; WebAnno TSV 3 and XMI write no feature of the category feature's name.
fn feature_losses(
    continuum: &Continuum,
    source: Option<&Source>,
    options: &ReadOptions,
    format: Format,
) -> Option<String> {
    let holds = format.description().holds;
    let names = continuum.units().flat_map(|(_, u)| u.features.keys());
    let (left_out, why): (BTreeSet<&String>, String) = match holds.feature_names {
        FeatureNames::AsTheyAre => return None,
        FeatureNames::XmlNames if matches!(source, Some(Source::Cora { .. })) => return None,
        FeatureNames::XmlNames => {
            let category = &options.cora.category_layer;
            (
                names
                    .filter(|n| *n == category || !crate::cora::is_xml_name(n))
                    .collect(),
                format!(
                    "made from units writes a feature as a layer of its name, an XML name other \
                     than the category's {category:?}"
                ),
            )
        }
        FeatureNames::Identifiers(_) => {
            let units = continuum.units().map(|(_, u)| u);
            let (_, category) = crate::span_layer::span_layer(source, units);
            (
                names.filter(|n| *n == category).collect(),
                format!("writes no feature of the name of the category's feature {category:?}"),
            )
        }
    };
    let mut units = 0;
    for (_, unit) in continuum.units() {
        units += usize::from(unit.features.keys().any(|k| left_out.contains(k)));
    }
    (!left_out.is_empty()).then(|| {
        format!(
            "{} {why}: the features {} of {} are left out",
            format.label(),
            list(left_out.iter().map(|n| format!("{n:?}"))),
            count(units, "unit")
        )
    })
}

/// `(written name, feature)` for every feature of the units that an INCEpTION-family format
/// writes (as one file per annotator does: the names made on each annotator's units).
fn uima_features(
    continuum: &Continuum,
    source: Option<&Source>,
    reserved: &[&str],
) -> BTreeSet<(String, String)> {
    let (_, category) = crate::span_layer::span_layer(source, continuum.units().map(|(_, u)| u));
    (continuum.annotators.iter())
        .flat_map(|a| crate::webanno_tsv::layer_features(&a.units, category, reserved))
        .filter_map(|(written, key)| Some((written, key?)))
        .collect()
}

/// Up to [`LISTED`] of `items`, and their number when there are more.
fn listed(items: &[String]) -> String {
    let shown = items[..items.len().min(LISTED)].join(", ");
    if items.len() > LISTED {
        format!("{shown}, … {} in all", items.len())
    } else {
        shown
    }
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

pub(crate) fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn list<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> String {
    let names: Vec<S> = names.into_iter().collect();
    let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    names.join(", ")
}
