//! What the input files hold beyond the document read from them, and a conversion therefore
//! cannot write: Glozz units not measured, schemas and relations between relations; CorA
//! layers that are neither the category nor a feature; the layers of a WebAnno TSV 3 or XMI
//! file, or of the users' files of an INCEpTION project export, other than the span layer read
//! (and its relations); ELAN tiers not measured. Each is
//! counted in the input files.
//! A Glozz document written as Glozz keeps its annotators' files whole, an ELAN document written
//! as ELAN its file, and a CorA document written as CorA-XML its layers not read: they say
//! nothing.

use super::{count, tally};
use crate::format::{Format, ReadOptions, Source};
use crate::inception_project::{self, ParsedEntry};
use crate::webanno_tsv::{self, LayerKind, Tsv3File};
use crate::xmi::XmiFile;
use gamma_core::continuum::Continuum;
use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

/// What the input files of `source` hold that `continuum` does not, and so `format` does not
/// write, as one sentence; `None` when there is nothing.
pub(super) fn left_out(
    continuum: &Continuum,
    source: Option<&Source>,
    options: &ReadOptions,
    format: Format,
) -> Option<String> {
    let label = format.label();
    match source? {
        Source::Glozz { files, .. } => {
            let left_out = |file: &crate::AnnotatorFile| -> Option<[usize; 3]> {
                let annotator = continuum
                    .annotators
                    .iter()
                    .find(|a| a.name == file.annotator)?;
                if format == crate::glozz::GLOZZ
                    && crate::glozz::convert::annotator_file(source, annotator).is_some()
                {
                    return None;
                }
                let aa = crate::glozz::read_aa(&file.path).ok()?;
                let measured: HashSet<&str> = (annotator.units.iter())
                    .filter_map(|u| u.source_id.as_deref())
                    .collect();
                let units = aa
                    .units
                    .iter()
                    .filter(|u| !measured.contains(u.id.as_str()))
                    .count();
                let on_relations = aa.relations.len() - crate::glozz::relations_of(&aa).len();
                Some([units, aa.schemas.len(), on_relations])
            };
            let counts: Vec<(&str, [usize; 3])> = (files.iter())
                .filter_map(|file| Some((file.annotator.as_str(), left_out(file)?)))
                .collect();
            let parts = ["unit not measured", "schema", "relation between relations"];
            let said: Vec<String> = (parts.iter().enumerate())
                .filter_map(|(i, what)| {
                    let (total, listed) = tally(counts.iter().map(|(name, n)| (*name, n[i])))?;
                    Some(format!("{} ({listed})", plural(total, what)))
                })
                .collect();
            (!said.is_empty()).then(|| {
                format!(
                    "{label} is written from what was measured: the input's {} {}",
                    said.join(", "),
                    super::left_out(counts.iter().map(|(_, n)| n.iter().sum::<usize>()).sum())
                )
            })
        }
        Source::Elan(path) => {
            if format == crate::elan::ELAN
                && crate::elan::convert::input_file(source, continuum).is_some()
            {
                return None;
            }
            let tiers = crate::elan::convert::tiers_not_measured(path, continuum);
            let each: Vec<String> = (tiers.iter())
                .map(|(id, n)| format!("{id:?} {}", count(*n, "annotation")))
                .collect();
            (!tiers.is_empty()).then(|| {
                format!(
                    "{label} is written from the tiers measured: the input's other tiers are left \
                     out ({})",
                    each.join(", ")
                )
            })
        }
        Source::Cora { contents, .. } if format != crate::cora::CORA => {
            let layers = cora_layers_not_read(contents, options);
            (!layers.is_empty()).then(|| {
                format!(
                    "{label} is written from the layers read: the input's other CorA layers are \
                     left out ({})",
                    counted(&layers, "token")
                )
            })
        }
        Source::WebannoTsv { files, layer, .. } => {
            other_layers(label, &tsv3_other_layers(files, layer))
        }
        Source::Xmi { files, layer, .. } => other_layers(label, &xmi_other_layers(files, layer)),
        Source::InceptionProject {
            path,
            document,
            layer,
            ..
        } => {
            let users: Vec<&str> = (continuum.annotators.iter())
                .map(|a| a.name.as_str())
                .collect();
            let mut layers = BTreeMap::new();
            for (_, entry) in inception_project::parsed_entries(path, document, &users) {
                match entry {
                    ParsedEntry::Tsv3(file) => tsv3_layers_not_read(&file, layer, &mut layers),
                    ParsedEntry::Xmi(file) => xmi_layers_not_read(&file, layer, &mut layers),
                }
            }
            other_layers(label, &layers)
        }
        _ => None,
    }
}

/// The curated document of an INCEpTION project export when it is the reference, not an
/// annotator: a conversion writes the users and leaves it out, as one sentence.
pub(super) fn reference_left_out(source: Option<&Source>, format: Format) -> Option<String> {
    let Some(Source::InceptionProject {
        curation: Some(curation),
        ..
    }) = source
    else {
        return None;
    };
    Some(format!(
        "{} is written from the users: the export's curated document, the reference, is left \
         out ({})",
        format.label(),
        count(curation.units.len(), "unit")
    ))
}

/// What the opening says of the content of each of a document's files that is not measured
/// and that the gold carries (from the base annotator's file): ELAN tiers not measured, CorA
/// layers not read, the other layers of WebAnno TSV 3 and XMI files and of the TSV 3 entries
/// of a project export; the files with none are not named (Glozz files say it as they are
/// read).
pub(crate) fn carried(
    continuum: &Continuum,
    source: &Source,
    options: &ReadOptions,
) -> Vec<(PathBuf, String)> {
    let each: Vec<(PathBuf, &str, String)> = match source {
        Source::Elan(path) => {
            let tiers = crate::elan::convert::tiers_not_measured(path, continuum);
            let each: Vec<String> = (tiers.iter())
                .filter(|(_, n)| *n > 0)
                .map(|(id, n)| format!("{id:?} {}", count(*n, "annotation")))
                .collect();
            vec![(path.clone(), "its other tiers", each.join(", "))]
        }
        Source::Cora { files, contents } => (files.iter().zip(contents))
            .map(|(f, c)| {
                let layers = cora_layers_not_read(std::slice::from_ref(c), options);
                (
                    f.path.clone(),
                    "its layers not read",
                    counted(&layers, "token"),
                )
            })
            .collect(),
        Source::WebannoTsv { files, layer, .. } => (files.iter())
            .map(|f| {
                let layers = non_empty(tsv3_other_layers(std::slice::from_ref(f), layer));
                (f.path.clone(), "its other layers", layers)
            })
            .collect(),
        Source::Xmi { files, layer, .. } => (files.iter())
            .map(|f| {
                let layers = non_empty(xmi_other_layers(std::slice::from_ref(f), layer));
                (f.path.clone(), "its other layers", layers)
            })
            .collect(),
        Source::InceptionProject {
            path,
            document,
            layer,
            ..
        } => {
            // The gold of a project document is TSV 3: what its users' TSV 3 entries hold.
            let users: Vec<&str> = (continuum.annotators.iter())
                .map(|a| a.name.as_str())
                .collect();
            (inception_project::parsed_entries(path, document, &users).into_iter())
                .filter_map(|(entry, parsed)| {
                    let ParsedEntry::Tsv3(file) = parsed else {
                        return None;
                    };
                    let mut layers = BTreeMap::new();
                    tsv3_layers_not_read(&file, layer, &mut layers);
                    Some((
                        path.join(&entry.name),
                        "its other layers",
                        non_empty(layers),
                    ))
                })
                .collect()
        }
        _ => Vec::new(),
    };
    (each.into_iter())
        .filter(|(_, _, listed)| !listed.is_empty())
        .map(|(path, what, listed)| {
            let said = format!(
                "{what} ({listed}) are not measured and are carried into the gold (from the \
                 base annotator's file)"
            );
            (path, said)
        })
        .collect()
}

/// The layers counted, those with annotations only.
fn non_empty(layers: BTreeMap<String, usize>) -> String {
    let layers: BTreeMap<&str, usize> = (layers.iter())
        .filter(|(_, n)| **n > 0)
        .map(|(k, v)| (k.as_str(), *v))
        .collect();
    counted(&layers, "annotation")
}

/// The CorA layers of the annotation tokens that are neither the category nor kept as
/// features: how many tokens have each.
fn cora_layers_not_read<'a>(
    contents: &'a [crate::cora::CoraFile],
    options: &ReadOptions,
) -> BTreeMap<&'a str, usize> {
    let cora = &options.cora;
    let mut layers: BTreeMap<&str, usize> = BTreeMap::new();
    for token in contents.iter().flat_map(|c| c.annotation_tokens()) {
        for (name, _) in &token.layers {
            if *name != cora.category_layer && !cora.keeps_layer(name) {
                *layers.entry(name.as_str()).or_default() += 1;
            }
        }
    }
    layers
}

/// The layers of TSV 3 files other than the span layer `layer` and the relation layers over
/// it: how many annotations each has (chain layers: none counted).
fn tsv3_other_layers(files: &[crate::AnnotatorFile], layer: &str) -> BTreeMap<String, usize> {
    let mut layers = BTreeMap::new();
    for file in files.iter().filter_map(|f| webanno_tsv::read(&f.path).ok()) {
        tsv3_layers_not_read(&file, layer, &mut layers);
    }
    layers
}

/// The layers of XMI files other than the span layer `layer` and the relation layers over it:
/// how many annotations each has.
fn xmi_other_layers(files: &[crate::AnnotatorFile], layer: &str) -> BTreeMap<String, usize> {
    let mut layers = BTreeMap::new();
    for file in files.iter().filter_map(|f| crate::xmi::read(&f.path).ok()) {
        xmi_layers_not_read(&file, layer, &mut layers);
    }
    layers
}

/// Counts, by short name, the annotations of a TSV 3 file's layers other than the span layer
/// `layer` and the relation layers over it.
fn tsv3_layers_not_read(file: &Tsv3File, layer: &str, layers: &mut BTreeMap<String, usize>) {
    let over = format!("BT_{layer}");
    let read = |l: &webanno_tsv::Layer| match l.kind {
        LayerKind::Span => l.name == layer,
        LayerKind::Relation => l.columns.last() == Some(&over),
        LayerKind::Chain => false,
    };
    for (index, declared) in file.layers.iter().enumerate().filter(|(_, l)| !read(l)) {
        let n = match declared.kind {
            LayerKind::Span => file.spans.iter().filter(|s| s.layer == index).count(),
            LayerKind::Relation => file.relations.iter().filter(|r| r.layer == index).count(),
            LayerKind::Chain => 0,
        };
        *layers.entry(short(&declared.name).to_string()).or_default() += n;
    }
}

/// Counts, by short name, the annotations of an XMI file's layers other than the span layer
/// `layer`, and its relations of layers not over it.
fn xmi_layers_not_read(file: &XmiFile, layer: &str, layers: &mut BTreeMap<String, usize>) {
    for (name, _) in file.layers.iter().filter(|(name, _)| name != layer) {
        let n = file.annotations.iter().filter(|a| a.layer == *name).count();
        *layers.entry(short(name).to_string()).or_default() += n;
    }
    let over: Vec<&str> = (file.relation_layers_over(layer).into_iter())
        .map(|t| t.name.as_str())
        .collect();
    for relation in file.relations.iter().filter(|r| !over.contains(&&*r.layer)) {
        *layers
            .entry(short(&relation.layer).to_string())
            .or_default() += 1;
    }
}

fn other_layers(label: &str, layers: &BTreeMap<String, usize>) -> Option<String> {
    let layers: BTreeMap<&str, usize> = layers.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    (!layers.is_empty()).then(|| {
        format!(
            "{label} is written in the span layer read: the input's other layers are left out ({})",
            counted(&layers, "annotation")
        )
    })
}

/// A type name after its last dot.
fn short(name: &str) -> &str {
    name.rsplit('.').next().unwrap_or(name)
}

/// `name N things`, each.
fn counted(layers: &BTreeMap<&str, usize>, what: &str) -> String {
    let each: Vec<String> = (layers.iter())
        .map(|(name, n)| format!("{name} {}", count(*n, what)))
        .collect();
    each.join(", ")
}

/// `N things`, where the plural of `relation between relations` is `relations between
/// relations`.
fn plural(n: usize, what: &str) -> String {
    match what.split_once(' ') {
        Some((head, tail)) if n != 1 => format!("{n} {head}s {tail}"),
        _ => count(n, what),
    }
}
