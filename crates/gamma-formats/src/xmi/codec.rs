//! The UIMA CAS XMI codec: the files given together are one document, one user each, read in
//! the span layer chosen (see [`crate::span_layer`]).

use super::{XmiFile, looks_like, read, to_xmi};
use crate::format::{
    Choice, Codec, Description, Document, Format, Gold, Offered, Output, ReadContext, ReadOptions,
    Source,
};
use crate::span_layer::{self, SpanFile};
use crate::webanno_tsv::LayerChoice;
use crate::write::per_annotator_paths;
use crate::{FileError, Warning};
use gamma_core::continuum::Continuum;
use std::path::{Path, PathBuf};

/// The UIMA CAS XMI codec.
pub const XMI: Format = Format::new(&Xmi);

struct Xmi;

static DESCRIPTION: Description = Description {
    name: "xmi",
    label: "UIMA CAS XMI",
    extensions: &["xmi", "xml"],
    written_extension: "xmi",
    mime_type: "application/vnd.xmi+xml",
    output: Some(Output::Folder),
    choices: &[Choice::AnnotatorNames, Choice::SpanLayer],
    holds: crate::format::Holds {
        feature_names: crate::format::FeatureNames::Identifiers(&super::write::RESERVED),
        ..crate::format::Holds::EVERYTHING_BUT_RELATIONS
    },
};

/// The span layer `choice` names in an XMI file, with its units.
pub(crate) fn span_file(
    file: XmiFile,
    choice: &LayerChoice,
    path: &Path,
) -> Result<SpanFile, FileError> {
    let (layer, feature, units, warnings) = file.units(choice, path)?;
    Ok(SpanFile {
        layer,
        feature,
        text: file.text,
        units,
        relations: Vec::new(),
        warnings,
    })
}

impl Codec for Xmi {
    fn description(&self) -> &'static Description {
        &DESCRIPTION
    }

    fn recognises(&self, start: &[u8]) -> Option<bool> {
        Some(looks_like(start))
    }

    fn read(
        &self,
        files: &[PathBuf],
        context: &ReadContext<'_>,
    ) -> Result<(Vec<Document>, Vec<Warning>), FileError> {
        span_layer::read_document(
            self.default_annotators(files),
            context.options,
            |path, choice| span_file(read(path)?, choice, path),
            |files, layer, feature| Source::Xmi {
                files,
                layer,
                feature,
            },
        )
    }

    fn offer(&self, path: &Path, offered: &mut Offered) -> Result<(), FileError> {
        for (name, features) in read(path)?.layers {
            offered.add_span_layer(&name, features);
        }
        Ok(())
    }

    fn planned_paths(&self, continuum: &Continuum, out: &Path) -> Vec<PathBuf> {
        per_annotator_paths(continuum, DESCRIPTION.written_extension, out)
    }

    /// `<out>/<annotator>.xmi`, in the layer read (see [`span_layer::span_layer`]).
    fn write(
        &self,
        continuum: &Continuum,
        source: Option<&Source>,
        out: &Path,
        _options: &ReadOptions,
    ) -> Result<Vec<PathBuf>, FileError> {
        let kind = (DESCRIPTION.label, DESCRIPTION.written_extension);
        span_layer::write_per_annotator(continuum, source, out, kind, without_relations)
    }

    fn write_gold(&self, gold: &Gold<'_>, path: &Path) -> Result<(), FileError> {
        span_layer::write_gold(gold, path, DESCRIPTION.label, without_relations)
    }
}

/// [`to_xmi`]: the relations have no place in it (the conversion says so beforehand).
fn without_relations(
    text: &str,
    units: &[gamma_core::unit::Unit],
    _relations: &[gamma_core::relation::Relation],
    layer: &str,
    feature: &str,
) -> Result<String, crate::Unwritable> {
    to_xmi(text, units, layer, feature)
}
