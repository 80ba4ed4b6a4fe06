//! The UIMA CAS XMI codec: the files given together are one document, one user each, read in
//! the span layer chosen (see [`crate::span_layer`]).

use super::relations::relation_layers;
use super::write::{RelationLayer, to_xmi_with_relations};
use super::{XmiFile, looks_like, read};
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
        relations: true,
        ..crate::format::Holds::EVERYTHING_BUT_RELATIONS
    },
};

/// The span layer `choice` names in an XMI file, with its units.
pub(crate) fn span_file(
    file: XmiFile,
    choice: &LayerChoice,
    path: &Path,
) -> Result<SpanFile, FileError> {
    let (layer, feature, units, mut warnings) = file.units(choice, path)?;
    let (relations, unknown) = file.relations_over(&layer, &units, path);
    warnings.extend(unknown);
    Ok(SpanFile {
        layer,
        feature,
        text: file.text,
        units,
        relations,
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

    /// `<out>/<annotator>.xmi`, in the layer read (see [`span_layer::span_layer`]), with the
    /// relations in the relation layers read ([`relation_layers`]).
    fn write(
        &self,
        continuum: &Continuum,
        source: Option<&Source>,
        out: &Path,
        _options: &ReadOptions,
    ) -> Result<Vec<PathBuf>, FileError> {
        let kind = (DESCRIPTION.label, DESCRIPTION.written_extension);
        let layers = relation_layers(source);
        span_layer::write_per_annotator(continuum, source, out, kind, with_relations(&layers))
    }

    /// The gold of an XMI document as a whole document ([`super::whole`]); of another, the
    /// gold units and the relations between them ([`span_layer::gold_relations`]).
    fn write_gold(&self, gold: &Gold<'_>, path: &Path) -> Result<(), FileError> {
        if let Some(Source::Xmi { files, .. }) = gold.source {
            let whole = super::whole_gold(gold, files, path)?;
            return crate::write_atomically(path, whole.xmi.as_bytes());
        }
        let layers = relation_layers(gold.source);
        span_layer::write_gold(gold, path, DESCRIPTION.label, with_relations(&layers))
    }
}

/// Makes an XMI file with its relations in `layers`.
fn with_relations(layers: &[RelationLayer]) -> impl span_layer::MakeFile + '_ {
    move |text, units, relations, layer, feature| {
        to_xmi_with_relations(text, units, relations, layer, feature, layers).map(|(xmi, _)| xmi)
    }
}
