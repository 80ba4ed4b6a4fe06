//! Writing a continuum in any format: one file (CSV, ELAN, TextGrid, RTTM) or a folder with
//! one file per annotator (Glozz, CorA-XML, WebAnno TSV 3, XMI, brat); see
//! [`super::format::FORMATS`].

use super::format::{Format, Output, Source, span_layer};
use super::{FileError, brat, cora, csv, elan, glozz, rttm, textgrid, webanno_tsv, xmi};
use gamma_core::continuum::Continuum;
use std::path::{Path, PathBuf};

fn document_file_stem(continuum: &Continuum) -> String {
    if continuum.name.is_empty() {
        "document".to_string()
    } else {
        safe_file_name(&continuum.name)
    }
}

fn glozz_text_path(continuum: &Continuum, out: &Path) -> PathBuf {
    out.join(format!("{}.ac", document_file_stem(continuum)))
}

fn glozz_annotation_path(continuum: &Continuum, annotator: &str, out: &Path) -> PathBuf {
    out.join(safe_file_name(annotator))
        .join(format!("{}.aa", document_file_stem(continuum)))
}

fn brat_path(continuum: &Continuum, annotator: &str, out: &Path) -> PathBuf {
    out.join(safe_file_name(annotator))
        .join(format!("{}.ann", document_file_stem(continuum)))
}

/// `<out>/<annotator>.tsv` or `.xmi`: INCEpTION's layout of a document's users.
fn per_annotator_path(annotator: &str, format: Format, out: &Path) -> PathBuf {
    out.join(format!(
        "{}.{}",
        safe_file_name(annotator),
        format.info().written_extension
    ))
}

fn cora_path(annotator: &str, out: &Path) -> PathBuf {
    out.join(format!("{}.xml", safe_file_name(annotator)))
}

/// The files [`write_continuum`] would write, so that a caller can refuse to overwrite inputs
/// or ask first.
pub fn planned_paths(continuum: &Continuum, format: Format, out: &Path) -> Vec<PathBuf> {
    match format {
        Format::Csv | Format::Elan | Format::TextGrid | Format::Rttm | Format::InceptionProject => {
            vec![out.to_path_buf()]
        }
        Format::Glozz => std::iter::once(glozz_text_path(continuum, out))
            .chain(
                continuum
                    .annotators
                    .iter()
                    .map(|a| glozz_annotation_path(continuum, &a.name, out)),
            )
            .collect(),
        Format::Cora => continuum
            .annotators
            .iter()
            .map(|a| cora_path(&a.name, out))
            .collect(),
        Format::WebannoTsv | Format::Xmi => continuum
            .annotators
            .iter()
            .map(|a| per_annotator_path(&a.name, format, out))
            .collect(),
        Format::Brat => continuum
            .annotators
            .iter()
            .flat_map(|a| {
                let ann = brat_path(continuum, &a.name, out);
                [brat::text_beside(&ann), ann]
            })
            .collect(),
    }
}

/// Writes a continuum in a format. CSV, ELAN, TextGrid and RTTM write one file at `out`. The
/// others write a folder `out`: Glozz `<doc>.ac` and `<annotator>/<doc>.aa`; CorA
/// `<annotator>.xml` — with the structure of the annotator's input file when the document was
/// read from CorA-XML; WebAnno TSV 3 `<annotator>.tsv` and XMI `<annotator>.xmi` (the layer and
/// category feature read, when the document came from TSV 3, XMI or a project export, see
/// [`span_layer`]; the units' other features too); brat `<annotator>/<doc>.ann` and `.txt`.
/// Returns the files written. The files are replaced together (see [`super::write_together`]): a
/// kill leaves the old ones or the new ones, never a mix.
pub fn write_continuum(
    continuum: &Continuum,
    source: Option<&Source>,
    format: Format,
    out: &Path,
    cora_options: &cora::CoraOptions,
) -> Result<Vec<PathBuf>, FileError> {
    super::write_together(|| write_files(continuum, source, format, out, cora_options))
}

fn write_files(
    continuum: &Continuum,
    source: Option<&Source>,
    format: Format,
    out: &Path,
    cora_options: &cora::CoraOptions,
) -> Result<Vec<PathBuf>, FileError> {
    if format.info().output == Output::Folder {
        // Names from inside the files become file names: none may name another place.
        super::distinct_safe_file_names(
            continuum.annotators.iter().map(|a| a.name.as_str()),
            "annotator",
        )
        .map_err(|e| FileError::new(out, None, e))?;
        if !continuum.name.is_empty() {
            super::safe_file_name(&continuum.name).map_err(|e| {
                FileError::new(out, None, format!("document {:?}: {e}", continuum.name))
            })?;
        }
    }
    if format.info().output == Output::Folder && format.info().writable {
        if out.is_file() {
            return Err(FileError::new(
                out,
                None,
                format!("{format} output is a folder (one file per annotator), not a file"),
            ));
        }
        std::fs::create_dir_all(out)
            .map_err(|e| FileError::new(out, None, format!("cannot create the folder: {e}")))?;
    }
    let text_problem = |e: String| FileError::new(out, None, e);
    match format {
        Format::Csv => csv::write(continuum, out)?,
        Format::Elan => elan::write(continuum, out)?,
        Format::TextGrid => textgrid::write(continuum, out)?,
        Format::Rttm => rttm::write(continuum, out)?,
        Format::Glozz => return write_glozz(continuum, out),
        Format::InceptionProject => {
            return Err(FileError::new(
                out,
                None,
                format!(
                    "{} is read, not written: write tsv3 or xmi (INCEpTION imports them)",
                    format.info().label
                ),
            ));
        }
        Format::Cora => return write_cora(continuum, source, out, cora_options),
        Format::WebannoTsv | Format::Xmi => {
            let (layer, feature) =
                span_layer(source, continuum.annotators.iter().flat_map(|a| &a.units));
            let contents = |text: &str, units: &[gamma_core::unit::Unit]| match format {
                Format::Xmi => xmi::to_xmi(text, units, layer, feature),
                _ => webanno_tsv::to_tsv3(text, units, layer, feature),
            };
            // Every file is made before the first is written.
            let mut files = Vec::new();
            for (index, annotator) in continuum.annotators.iter().enumerate() {
                let text = text_of(continuum, index, format, out)?;
                let made = contents(&text, &annotator.units)
                    .map_err(|e| text_problem(format!("annotator {:?}: {e}", annotator.name)))?;
                files.push((per_annotator_path(&annotator.name, format, out), made));
            }
            for (path, made) in &files {
                super::write_atomically(path, made.as_bytes())?;
            }
            return Ok(files.into_iter().map(|(path, _)| path).collect());
        }
        Format::Brat => {
            brat::type_names_distinct(continuum.units().map(|(_, u)| u.category.as_str()))
                .map_err(text_problem)?;
            let mut written = Vec::new();
            for (index, annotator) in continuum.annotators.iter().enumerate() {
                let path = brat_path(continuum, &annotator.name, out);
                let text = text_of(continuum, index, format, out)?;
                brat::to_ann(&annotator.units, &text)
                    .map_err(|e| text_problem(format!("annotator {:?}: {e}", annotator.name)))?;
                let folder = path.parent().expect("inside out");
                std::fs::create_dir_all(folder).map_err(|e| {
                    FileError::new(folder, None, format!("cannot create the folder: {e}"))
                })?;
                written.extend(brat::write(&path, &annotator.units, &text)?);
            }
            return Ok(written);
        }
    }
    Ok(vec![out.to_path_buf()])
}

/// The text annotator `index`'s units point into, or an error saying the format needs one.
fn text_of(
    continuum: &Continuum,
    index: usize,
    format: Format,
    out: &Path,
) -> Result<String, FileError> {
    continuum.text_of(index).map(str::to_string).ok_or_else(|| {
        FileError::new(
            out,
            None,
            format!(
                "{} needs the annotated text, and document {:?} has none",
                format.info().label,
                continuum.name
            ),
        )
    })
}

fn write_glozz(continuum: &Continuum, out: &Path) -> Result<Vec<PathBuf>, FileError> {
    let needs_text = || text_of(continuum, 0, Format::Glozz, out);
    let text = needs_text()?;
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
        if let Some(unit) = annotator.units.iter().find(|u| {
            u.start.fract() != 0.0 || u.end.fract() != 0.0 || u.start < 0.0 || u.end > length
        }) {
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
    let text_path = glozz_text_path(continuum, out);
    super::write_atomically(&text_path, text.as_bytes())?;
    let mut written = vec![text_path];
    for annotator in &continuum.annotators {
        let path = glozz_annotation_path(continuum, &annotator.name, out);
        let folder = path.parent().expect("inside out");
        std::fs::create_dir_all(folder)
            .map_err(|e| FileError::new(folder, None, format!("cannot create the folder: {e}")))?;
        glozz::consensus_file(&annotator.units, &annotator.name, &text, 0).write(&path)?;
        written.push(path);
    }
    Ok(written)
}

fn write_cora(
    continuum: &Continuum,
    source: Option<&Source>,
    out: &Path,
    cora_options: &cora::CoraOptions,
) -> Result<Vec<PathBuf>, FileError> {
    let needs_text = || text_of(continuum, 0, Format::Cora, out);
    let document_name = document_file_stem(continuum);
    let mut written = Vec::new();
    for (index, annotator) in continuum.annotators.iter().enumerate() {
        let path = cora_path(&annotator.name, out);
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
            None => cora::CoraFile::from_units(
                &document_name,
                &match continuum.text_of(index) {
                    Some(text) => text.to_string(),
                    None => needs_text()?,
                },
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

/// A name usable as a file or folder name on every system ([`super::safe_file_name`]; the names
/// it refuses are refused by [`write_continuum`] before anything is written).
fn safe_file_name(name: &str) -> String {
    super::safe_file_name(name).unwrap_or_else(|_| "annotator".into())
}
