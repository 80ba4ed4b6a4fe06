//! The WebAnno TSV 3 codec: the files given together are one document, one user each, read in
//! the span layer chosen (see [`crate::span_layer`]).

use super::{
    LayerChoice, LayerKind, RelationLayer, Tsv3File, looks_like, read, to_tsv3_with_relations,
};
use crate::format::{
    Choice, Codec, Description, Document, Format, Gold, Offered, Output, ReadContext, ReadOptions,
    Source,
};
use crate::span_layer::{self, SpanFile};
use crate::write::per_annotator_paths;
use crate::{FileError, Warning};
use gamma_core::continuum::Continuum;
use std::path::{Path, PathBuf};

/// The WebAnno TSV 3 codec.
pub const TSV3: Format = Format::new(&WebannoTsv);

struct WebannoTsv;

static DESCRIPTION: Description = Description {
    name: "tsv3",
    label: "WebAnno TSV 3",
    extensions: &["tsv"],
    written_extension: "tsv",
    mime_type: "text/tab-separated-values",
    output: Some(Output::Folder),
    choices: &[Choice::AnnotatorNames, Choice::SpanLayer],
    holds: crate::format::Holds {
        relations: true,
        feature_names: crate::format::FeatureNames::Identifiers(&super::write::RESERVED),
        positions: crate::format::Positions::WholeTokens,
        ..crate::format::Holds::EVERYTHING_BUT_RELATIONS
    },
};

/// The span layer `choice` names in a TSV 3 file, with its units.
pub(crate) fn span_file(
    file: Tsv3File,
    choice: &LayerChoice,
    path: &Path,
) -> Result<SpanFile, FileError> {
    let (index, column) = file.resolve(choice, path)?;
    let declared = &file.layers[index];
    let layer = declared.name.clone();
    let feature = column
        .map(|c| declared.columns[c].clone())
        .unwrap_or_default();
    let (units, mut warnings) = file.units(choice, path)?;
    let (relations, unknown) = file.relations(index, path);
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

impl Codec for WebannoTsv {
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
            |files, layer, feature| Source::WebannoTsv {
                files,
                layer,
                feature,
            },
        )
    }

    fn offer(&self, path: &Path, offered: &mut Offered) -> Result<(), FileError> {
        for (_, layer) in read(path)?.span_layers() {
            let features = layer.features().into_iter().map(String::from).collect();
            offered.add_span_layer(&layer.name, features);
        }
        Ok(())
    }

    fn planned_paths(&self, continuum: &Continuum, out: &Path) -> Vec<PathBuf> {
        per_annotator_paths(continuum, DESCRIPTION.written_extension, out)
    }

    /// `<out>/<annotator>.tsv`, in the layer read (see [`span_layer::span_layer`]).
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

    /// The gold units and the relations between them ([`span_layer::gold_relations`]).
    fn write_gold(&self, gold: &Gold<'_>, path: &Path) -> Result<(), FileError> {
        if let Some(whole) = super::whole_gold(gold, path)? {
            return crate::write_atomically(path, whole.tsv.as_bytes());
        }
        let layers = relation_layers(gold.source);
        span_layer::write_gold(gold, path, DESCRIPTION.label, with_relations(&layers))
    }
}

/// Makes a TSV 3 file with its relations in `layers`.
fn with_relations(layers: &[RelationLayer]) -> impl span_layer::MakeFile + '_ {
    move |text, units, relations, layer, feature| {
        to_tsv3_with_relations(text, units, relations, layer, feature, layers).map(|(tsv, _)| tsv)
    }
}

/// The relation layers over the span layer of a document read from TSV 3 (those of its first
/// file), so that its relations are written back in them; none for a document of another
/// format (the default layer is written when there are relations).
fn relation_layers(source: Option<&Source>) -> Vec<RelationLayer> {
    let Some(Source::WebannoTsv { files, layer, .. }) = source else {
        return Vec::new();
    };
    let Some(file) = files.first().and_then(|f| read(&f.path).ok()) else {
        return Vec::new();
    };
    let base = format!("BT_{layer}");
    (file.layers.iter().enumerate())
        .filter(|(_, l)| l.kind == LayerKind::Relation && l.columns.last() == Some(&base))
        .map(|(i, l)| RelationLayer {
            name: l.name.clone(),
            feature: file.label_column(i).map(|k| l.columns[k].clone()),
        })
        .collect()
}
