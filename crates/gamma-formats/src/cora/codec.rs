//! The CorA-XML codec: the files given together are one document, one annotator each; the
//! category is a layer of the annotation tokens (see [`super::CoraOptions`]), written back in
//! the structure of the annotator's input file when there is one.

use super::{CoraFile, default_annotators, read, read_document};
use crate::annotator_files::{self, AnnotatorFile};
use crate::format::{
    Choice, Codec, Description, Document, Format, Gold, Offered, Output, ReadContext, ReadOptions,
    Source, add_new,
};
use crate::write::{per_annotator_path, per_annotator_paths, text_of};
use crate::{FileError, Warning};
use gamma_core::continuum::Continuum;
use std::path::{Path, PathBuf};

/// The CorA-XML codec.
pub const CORA: Format = Format::new(&Cora);

struct Cora;

static DESCRIPTION: Description = Description {
    name: "cora",
    label: "CorA-XML",
    extensions: &["xml"],
    written_extension: "xml",
    mime_type: "application/xml",
    output: Some(Output::Folder),
    choices: &[Choice::AnnotatorNames, Choice::AnnotationLayers],
    holds: crate::format::Holds {
        feature_names: crate::format::FeatureNames::XmlNames,
        positions: crate::format::Positions::CoveredText,
        ..crate::format::Holds::EVERYTHING_BUT_RELATIONS
    },
};

impl Codec for Cora {
    fn description(&self) -> &'static Description {
        &DESCRIPTION
    }

    fn default_annotators(&self, paths: &[PathBuf]) -> Vec<AnnotatorFile> {
        default_annotators(paths)
    }

    fn read(
        &self,
        files: &[PathBuf],
        context: &ReadContext<'_>,
    ) -> Result<(Vec<Document>, Vec<Warning>), FileError> {
        let options = context.options;
        let files = annotator_files::named(default_annotators(files), &options.annotator_names)?;
        let (continuum, contents, warnings) = read_document(&files, &options.cora)?;
        let source = Source::Cora { files, contents };
        Ok((vec![Document { continuum, source }], warnings))
    }

    fn offer(&self, path: &Path, offered: &mut Offered) -> Result<(), FileError> {
        for layer in read(path)?.layer_names() {
            add_new(&mut offered.annotation_layers, layer);
        }
        Ok(())
    }

    fn planned_paths(&self, continuum: &Continuum, out: &Path) -> Vec<PathBuf> {
        per_annotator_paths(continuum, "xml", out)
    }

    /// `<out>/<annotator>.xml`, in the structure of the annotator's input file when the
    /// document was read from CorA-XML.
    fn write(
        &self,
        continuum: &Continuum,
        source: Option<&Source>,
        out: &Path,
        options: &ReadOptions,
    ) -> Result<Vec<PathBuf>, FileError> {
        let cora_options = &options.cora;
        let document_name = crate::write::document_file_stem(continuum);
        let mut written = Vec::new();
        for (index, annotator) in continuum.annotators.iter().enumerate() {
            let path = per_annotator_path(&annotator.name, "xml", out);
            let template = match source {
                Some(Source::Cora { files, contents }) => files
                    .iter()
                    .position(|f| f.annotator == annotator.name)
                    .map(|i| (&files[i].path, &contents[i])),
                _ => None,
            };
            let file = match template {
                Some((input, cora_file)) => {
                    cora_file
                        .with_layers_from(&annotator.units, cora_options, input)
                        .map_err(|e| FileError::new(&path, None, e))?
                        .0
                }
                None => CoraFile::from_units(
                    &document_name,
                    &text_of(continuum, index, DESCRIPTION.label, out)?,
                    &annotator.units,
                    cora_options,
                )
                .map_err(|e| {
                    FileError::new(&path, None, format!("annotator {:?}: {e}", annotator.name))
                })?,
            };
            file.write(&path)?;
            written.push(path);
        }
        Ok(written)
    }

    /// The gold in the structure of the base annotator's file when the document came from
    /// CorA-XML ([`super::whole_gold`]).
    fn write_gold(&self, gold: &Gold<'_>, path: &Path) -> Result<(), FileError> {
        let options = &gold.options.cora;
        let file = match gold.source {
            Some(Source::Cora { files, contents }) if !contents.is_empty() => {
                super::whole_gold(gold, files, contents, path)?.0
            }
            _ => {
                let text = gold.text(path, DESCRIPTION.label)?;
                CoraFile::from_units(&gold.document.name, text, gold.units, options)
                    .map_err(|e| FileError::new(path, None, e))?
            }
        };
        file.write(path)
    }
}
