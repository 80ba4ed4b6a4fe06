//! The INCEpTION family — WebAnno TSV 3, UIMA CAS XMI and the project export — shares one
//! model: a span layer (a full type name) whose units' category is one of its features. This
//! module holds what their codecs share: reading the files of one document (one user each)
//! with the layer each reads, choosing the layer a document is written in, and writing one
//! file per annotator.

use super::annotator_files;
use super::annotator_files::AnnotatorFile;
use super::format::{Gold, ReadOptions, Source};
use super::webanno_tsv::LayerChoice;
use super::write::{per_annotator_path, text_of};
use super::{FileError, Warning, write_atomically};
use gamma_core::continuum::Continuum;
use gamma_core::relation::Relation;
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

/// A document of files of one user each, as read by `read_file`.
pub(crate) struct SpanDocument {
    pub continuum: Continuum,
    pub files: Vec<AnnotatorFile>,
    pub layer: String,
    pub feature: String,
    pub warnings: Vec<Warning>,
}

/// Reads the files of one document, one annotator each: the layer and feature are the last
/// file's (every file is read with the same choice).
pub(crate) fn read_document(
    files: Vec<AnnotatorFile>,
    options: &ReadOptions,
    read_file: impl Fn(&Path, &LayerChoice) -> Result<SpanFile, FileError>,
) -> Result<SpanDocument, FileError> {
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
    Ok(SpanDocument {
        continuum,
        files,
        layer: layer.0,
        feature: layer.1,
        warnings,
    })
}

/// Makes one file of the family: `(text, units, layer, feature)` to its contents.
pub(crate) type MakeFile = fn(&str, &[Unit], &str, &str) -> Result<String, String>;

/// Writes `<out>/<annotator>.<extension>` for every annotator, in the layer of [`span_layer`];
/// every file is made before the first is written.
pub(crate) fn write_per_annotator(
    continuum: &Continuum,
    source: Option<&Source>,
    out: &Path,
    (label, extension): (&str, &str),
    make: MakeFile,
) -> Result<Vec<PathBuf>, FileError> {
    let (layer, feature) = span_layer(source, continuum.annotators.iter().flat_map(|a| &a.units));
    let mut files = Vec::new();
    for (index, annotator) in continuum.annotators.iter().enumerate() {
        let text = text_of(continuum, index, label, out)?;
        let made = make(&text, &annotator.units, layer, feature).map_err(|e| {
            FileError::new(out, None, format!("annotator {:?}: {e}", annotator.name))
        })?;
        files.push((per_annotator_path(&annotator.name, extension, out), made));
    }
    for (path, made) in &files {
        write_atomically(path, made.as_bytes())?;
    }
    Ok(files.into_iter().map(|(path, _)| path).collect())
}

/// Writes the gold units at `path`, in the layer of [`span_layer`].
pub(crate) fn write_gold(
    gold: &Gold<'_>,
    path: &Path,
    label: &str,
    make: MakeFile,
) -> Result<(), FileError> {
    let text = gold.text(path, label)?;
    let (layer, feature) = span_layer(gold.source, gold.units.iter());
    let contents =
        make(text, gold.units, layer, feature).map_err(|e| FileError::new(path, None, e))?;
    write_atomically(path, contents.as_bytes())
}

/// The span layer and category feature written when a document's own are not known (it was
/// read from another format): INCEpTION's built-in custom span layer.
pub const DEFAULT_SPAN_LAYER: (&str, &str) = ("webanno.custom.Span", "value");

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
