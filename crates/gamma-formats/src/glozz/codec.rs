//! The Glozz codec: the `.aa` files given together are one document, one annotator each, over
//! the text of their `.ac` (`--text`, or found beside them), with the annotation model (`.aam`)
//! when one is found.

use super::convert::annotator_file;
use super::{consensus_file, default_annotators, read_aa, read_document, text_beside};
use crate::aam;
use crate::annotator_files::{self, AnnotatorFile};
use crate::format::{
    Choice, Codec, Description, Document, Format, Gold, Offered, Output, ReadContext, ReadOptions,
    Source, add_new,
};
use crate::write::{annotator_folder_path, create_folder, document_file_stem, text_of};
use crate::{FileError, Warning, WarningKind, write_atomically};
use gamma_core::continuum::Continuum;
use std::path::{Path, PathBuf};

/// The Glozz codec.
pub const GLOZZ: Format = Format::new(&Glozz);

struct Glozz;

static DESCRIPTION: Description = Description {
    name: "glozz",
    label: "Glozz",
    extensions: &["aa"],
    written_extension: "aa",
    mime_type: "application/xml",
    output: Some(Output::Folder),
    choices: &[Choice::AnnotatorNames, Choice::Text, Choice::UnitTypes],
    holds: crate::format::Holds {
        relations: true,
        relations_to_groups: true,
        ..crate::format::Holds::EVERYTHING_BUT_RELATIONS
    },
};

impl Codec for Glozz {
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
        let named = annotator_files::named(default_annotators(files), &options.annotator_names)?;
        // A file that is not text (an image renamed .aa) is refused as such, before its text is
        // looked for: "text not found" would send the user looking for the wrong thing.
        for path in files {
            let bytes = crate::read_bytes(path)?;
            crate::utf8_text(
                &bytes,
                path,
                "not text (a Glozz .aa file is XML): the file is binary or in another encoding",
            )?;
        }
        let text = match &options.text {
            Some(text) => text.clone(),
            None => text_beside(&files[0]).ok_or_else(|| {
                FileError::new(
                    &files[0],
                    None,
                    "the text of this document was not found (no .ac of the same name beside it, in a \
                     folder up to three levels above, or in an `unannotated` folder next to one): \
                     name the text file",
                )
            })?,
        };
        let (continuum, _, mut warnings) = read_document(&text, &named, &options.glozz)?;
        let model_path = options.model.clone().or_else(|| model_near(&text));
        let model = match model_path {
            Some(path) => {
                let model = aam::read(&path)?;
                warnings.extend(undeclared_types(&continuum, &model, &path));
                Some(model)
            }
            None => None,
        };
        let source = Source::Glozz {
            text,
            files: named,
            model,
        };
        Ok((vec![Document { continuum, source }], warnings))
    }

    fn offer(&self, path: &Path, offered: &mut Offered) -> Result<(), FileError> {
        for unit in read_aa(path)?.units {
            add_new(&mut offered.unit_types, unit.kind);
        }
        Ok(())
    }

    fn planned_paths(&self, continuum: &Continuum, out: &Path) -> Vec<PathBuf> {
        std::iter::once(text_path(continuum, out))
            .chain(
                (continuum.annotators.iter())
                    .map(|a| annotator_folder_path(continuum, &a.name, "aa", out)),
            )
            .collect()
    }

    /// `<out>/<document>.ac` and `<out>/<annotator>/<document>.aa`: the annotator's `.aa` as
    /// read when the document came from Glozz, else its units, its relations and the schemas
    /// they link ([`super::with_relations`]).
    fn write(
        &self,
        continuum: &Continuum,
        source: Option<&Source>,
        out: &Path,
        _options: &ReadOptions,
    ) -> Result<Vec<PathBuf>, FileError> {
        let text = text_of(continuum, 0, DESCRIPTION.label, out)?;
        check_one_text(continuum, &text, out)?;
        let text_path = text_path(continuum, out);
        write_atomically(&text_path, text.as_bytes())?;
        let mut written = vec![text_path];
        for annotator in &continuum.annotators {
            let path = annotator_folder_path(continuum, &annotator.name, "aa", out);
            create_folder(path.parent().expect("inside out"))?;
            let file = annotator_file(source, annotator)
                .unwrap_or_else(|| super::with_relations::file_with_relations(annotator, &text));
            file.write(&path)?;
            written.push(path);
        }
        Ok(written)
    }

    /// The gold as one `.aa` for the document's `.ac`, its units' ids and creation dates
    /// from the time of writing; when the document came from Glozz, with everything the
    /// measure left out, its relations and schemas ([`super::whole`]).
    fn write_gold(&self, gold: &Gold<'_>, path: &Path) -> Result<(), FileError> {
        let text = gold.text(path, "a Glozz .aa")?;
        let length = text.chars().count() as f64;
        if let Some(unit) = gold.units.iter().find(|u| !is_span_of(u, length)) {
            return Err(FileError::new(
                path,
                None,
                format!("gold unit {unit} is not a character span of the {length}-character text"),
            ));
        }
        let first_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        match gold.source {
            Some(Source::Glozz { files, .. }) => {
                super::whole::whole_gold(gold, text, files, first_ms)?
                    .file
                    .write(path)
            }
            _ => consensus_file(gold.units, gold.author, text, first_ms).write(path),
        }
    }
}

fn text_path(continuum: &Continuum, out: &Path) -> PathBuf {
    out.join(format!("{}.ac", document_file_stem(continuum)))
}

fn is_span_of(unit: &gamma_core::unit::Unit, length: f64) -> bool {
    unit.start.fract() == 0.0 && unit.end.fract() == 0.0 && unit.start >= 0.0 && unit.end <= length
}

/// Glozz has one `.ac` per document: every annotator's units are character spans of it.
fn check_one_text(continuum: &Continuum, text: &str, out: &Path) -> Result<(), FileError> {
    if let Some(other) = continuum.annotators.iter().find(|a| a.own_text.is_some()) {
        return Err(FileError::new(
            out,
            None,
            format!(
                "annotator {:?} has another text than the first annotator's (other tokens or transcriptions), and Glozz has one .ac per document",
                other.name
            ),
        ));
    }
    let length = text.chars().count() as f64;
    for annotator in &continuum.annotators {
        if let Some(unit) = annotator.units.iter().find(|u| !is_span_of(u, length)) {
            return Err(FileError::new(
                out,
                None,
                format!(
                    "annotator {:?}: unit {unit} is not a character span of the {length}-character text",
                    annotator.name
                ),
            ));
        }
    }
    Ok(())
}

/// The only `.aam` in the folder of `text` or up to three folders above it.
fn model_near(text: &Path) -> Option<PathBuf> {
    let mut folder = text.parent();
    for _ in 0..4 {
        let here = folder?;
        let listing = if here.as_os_str().is_empty() {
            Path::new(".")
        } else {
            here
        };
        let models: Vec<PathBuf> = std::fs::read_dir(listing)
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "aam"))
            .collect();
        match models.len() {
            0 => folder = here.parent(),
            1 => return models.into_iter().next(),
            _ => return None,
        }
    }
    None
}

/// A warning for every unit type of the document that the model does not declare.
fn undeclared_types(
    continuum: &Continuum,
    model: &aam::AnnotationModel,
    model_path: &Path,
) -> Vec<Warning> {
    let mut missing: Vec<&str> = Vec::new();
    for unit in continuum.annotators.iter().flat_map(|a| &a.units) {
        let kind = unit.features.get("type").unwrap_or(&unit.category);
        if model.unit_type(kind).is_none() && !missing.contains(&kind.as_str()) {
            missing.push(kind);
        }
    }
    missing
        .into_iter()
        .map(|kind| {
            Warning::new(
                WarningKind::UndeclaredType,
                model_path,
                None,
                format!("unit type {kind:?} is not in the model"),
            )
        })
        .collect()
}
