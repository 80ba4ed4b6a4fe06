//! The INCEpTION family — WebAnno TSV 3, UIMA CAS XMI and the project export — shares one
//! model: a span layer (a full type name) whose units' category is one of its features. This
//! module holds what their codecs share: reading the files of one document (one user each)
//! with the layer each reads, choosing the layer a document is written in, and writing one
//! file per annotator.

use super::annotator_files;
use super::annotator_files::AnnotatorFile;
use super::format::{Document, Gold, ReadOptions, Source};
use super::webanno_tsv::LayerChoice;
use super::write::{per_annotator_path, text_of};
use super::{FileError, Unwritable, Warning, write_atomically};
use gamma_core::continuum::Continuum;
use gamma_core::relation::{Endpoint, Relation};
use gamma_core::unit::Unit;
use std::path::{Path, PathBuf};

/// What one file of the family holds for the span layer chosen.
pub(crate) struct SpanFile {
    /// The span layer read (full type name).
    pub layer: String,
    /// The feature that is the category (empty when the layer has none).
    pub feature: String,
    /// The document's text.
    pub text: String,
    /// The units.
    pub units: Vec<Unit>,
    /// The relations between them (TSV 3 relation layers over the span layer).
    pub relations: Vec<Relation>,
    /// Problems that leave the units usable.
    pub warnings: Vec<Warning>,
}

/// A family document's source made of its files (one user each), the span layer read and the
/// feature that is the category.
pub(crate) type MakeSource = fn(Vec<AnnotatorFile>, String, String) -> Source;

/// Reads the files of one document, one annotator each, into one corpus document whose source
/// `source` makes: the layer and feature are the last file's (every file is read with the same
/// choice).
pub(crate) fn read_document(
    files: Vec<AnnotatorFile>,
    options: &ReadOptions,
    read_file: impl Fn(&Path, &LayerChoice) -> Result<SpanFile, FileError>,
    source: MakeSource,
) -> Result<(Vec<Document>, Vec<Warning>), FileError> {
    let files = annotator_files::named(files, &options.annotator_names)?;
    let mut continuum = Continuum::new(annotator_files::document_name(&files));
    let mut warnings = Vec::new();
    let mut layer = (String::new(), String::new());
    for file in &files {
        let mut read = read_file(&file.path, &options.layer)?;
        layer = (read.layer, read.feature);
        warnings.append(&mut read.warnings);
        annotator_files::add_with_text(&mut continuum, file, read.text, read.units, &mut warnings);
        let index = continuum.add_annotator(&file.annotator);
        continuum.annotators[index]
            .relations
            .append(&mut read.relations);
    }
    let document = Document {
        continuum,
        source: source(files, layer.0, layer.1),
    };
    Ok((vec![document], warnings))
}

/// Makes one file of the family: `(text, units, the relations between them, layer, feature)` to
/// its contents (a format without relations leaves them aside).
pub(crate) trait MakeFile:
    Fn(&str, &[Unit], &[Relation], &str, &str) -> Result<String, Unwritable>
{
}

impl<F: Fn(&str, &[Unit], &[Relation], &str, &str) -> Result<String, Unwritable>> MakeFile for F {}

/// Writes `<out>/<annotator>.<extension>` for every annotator, in the layer of [`span_layer`];
/// every file is made before the first is written.
pub(crate) fn write_per_annotator(
    continuum: &Continuum,
    source: Option<&Source>,
    out: &Path,
    (label, extension): (&str, &str),
    make: impl MakeFile,
) -> Result<Vec<PathBuf>, FileError> {
    let (layer, feature) = span_layer(source, continuum.annotators.iter().flat_map(|a| &a.units));
    let mut files = Vec::new();
    for (index, annotator) in continuum.annotators.iter().enumerate() {
        let text = text_of(continuum, index, label, out)?;
        let made = make(
            &text,
            &annotator.units,
            &annotator.relations,
            layer,
            feature,
        )
        .map_err(|e| FileError::new(out, None, format!("annotator {:?}: {e}", annotator.name)))?;
        files.push((per_annotator_path(&annotator.name, extension, out), made));
    }
    for (path, made) in &files {
        write_atomically(path, made.as_bytes())?;
    }
    Ok(files.into_iter().map(|(path, _)| path).collect())
}

/// Writes the gold units and the relations between them ([`gold_relations`]) at `path`, in the
/// layer of [`span_layer`].
pub(crate) fn write_gold(
    gold: &Gold<'_>,
    path: &Path,
    label: &str,
    make: impl MakeFile,
) -> Result<(), FileError> {
    let text = gold.text(path, label)?;
    let (layer, feature) = span_layer(gold.source, gold.units.iter());
    let (units, relations, _) = gold_relations(gold);
    let contents = make(text, &units, &relations, layer, feature)
        .map_err(|e| FileError::new(path, None, e))?;
    write_atomically(path, contents.as_bytes())
}

/// The gold's relations between the gold units, for the formats that hold relations but not
/// the rest of the document: the gold units with their index as id, the relations between
/// them ([`decided_relations`]), and the notes on those left out.
pub(crate) fn gold_relations(gold: &Gold<'_>) -> (Vec<Unit>, Vec<Relation>, Vec<String>) {
    let ids: Vec<String> = (0..gold.units.len()).map(|i| i.to_string()).collect();
    let units = (gold.units.iter().zip(&ids))
        .map(|(u, id)| u.clone().with_source_id(id.clone()))
        .collect();
    let (relations, notes) = decided_relations(gold, &ids);
    (
        units,
        relations.into_iter().map(|(_, r)| r).collect(),
        notes,
    )
}

/// The relations of the gold between gold units named `ids` (one per gold unit), each with the
/// annotator whose relation it is (its id is its id in that annotator's file), and the notes on
/// those left out. The base annotator's relations ([`Gold::base`]) as the decisions leave them
/// (decided out: left out; relabelled: the gold label; undecided: as they are) and the other
/// annotators' relations kept into the gold, their endpoints moved to the gold units standing
/// for their units ([`Gold::stands_for`]); one with an endpoint without a gold unit is left out
/// and listed.
pub(crate) fn decided_relations(
    gold: &Gold<'_>,
    ids: &[String],
) -> (Vec<(usize, Relation)>, Vec<String>) {
    let annotators = &gold.document.annotators;
    let mut remaps: Vec<std::collections::HashMap<&str, &str>> =
        vec![Default::default(); annotators.len()];
    for (stands_for, gold_id) in gold.stands_for.iter().zip(ids) {
        for (a, id) in stands_for {
            if let Some(remap) = remaps.get_mut(*a) {
                remap.entry(id.as_str()).or_insert(gold_id);
            }
        }
    }
    let base = (annotators.get(gold.base).into_iter())
        .flat_map(|a| &a.relations)
        .filter_map(|r| match gold.relations.fate(gold.base, &r.id) {
            None => Some((gold.base, r, r.label.clone(), "")),
            Some(None) => None,
            Some(Some(label)) => Some((gold.base, r, label.to_string(), "")),
        });
    let picked = (gold.relations.kept.iter())
        .filter(|(a, _, _)| *a != gold.base)
        .filter_map(|(a, id, label)| {
            let relation = annotators.get(*a)?.relations.iter().find(|r| &r.id == id)?;
            Some((*a, relation, label.clone(), ", decided into the gold,"))
        });
    let mut relations = Vec::new();
    let mut notes = Vec::new();
    for (a, relation, label, decided) in base.chain(picked) {
        let place = |e: &Endpoint| match e {
            Endpoint::Unit(id) => (remaps[a].get(id.as_str()))
                .map(|i| Endpoint::Unit(i.to_string()))
                .ok_or_else(|| id.clone()),
            Endpoint::Group { .. } => Err("a group".to_string()),
        };
        match (place(&relation.source), place(&relation.target)) {
            (Ok(source), Ok(target)) => relations.push((
                a,
                Relation {
                    label,
                    source,
                    target,
                    ..relation.clone()
                },
            )),
            (source, target) => {
                let missing: Vec<String> =
                    [source.err(), target.err()].into_iter().flatten().collect();
                notes.push(format!(
                    "relation {:?} ({label}) of {}{decided} is not in {}: {} {} no gold unit",
                    relation.id,
                    annotators[a].name,
                    if decided.is_empty() { "the gold" } else { "it" },
                    missing.join(", "),
                    if missing.len() == 1 { "has" } else { "have" }
                ));
            }
        }
    }
    (relations, notes)
}

/// The span layer and category feature written when a document's own are not known (it was
/// read from another format): INCEpTION's built-in custom span layer.
pub(crate) const DEFAULT_SPAN_LAYER: (&str, &str) = ("webanno.custom.Span", "value");

/// The span layer (full type name) and category feature a TSV 3 or XMI file of a document is
/// written in: those it was read with (TSV 3, XMI, project export); a layer read without a
/// category feature (its units' category is its short name) keeps its type, with no category
/// feature when every unit's category is that name and with `value` otherwise; a document read
/// from another format gets [`DEFAULT_SPAN_LAYER`].
pub fn span_layer<'a, 'u>(
    source: Option<&'a Source>,
    mut units: impl Iterator<Item = &'u gamma_core::unit::Unit>,
) -> (&'a str, &'a str) {
    match source {
        Some(
            Source::WebannoTsv { layer, feature, .. }
            | Source::Xmi { layer, feature, .. }
            | Source::InceptionProject { layer, feature, .. },
        ) if !layer.is_empty() => {
            if !feature.is_empty() {
                return (layer.as_str(), feature.as_str());
            }
            let short = layer.rsplit('.').next().unwrap_or(layer);
            if units.all(|u| u.category == short || u.category == "*") {
                (layer.as_str(), "")
            } else {
                (layer.as_str(), DEFAULT_SPAN_LAYER.1)
            }
        }
        _ => DEFAULT_SPAN_LAYER,
    }
}
