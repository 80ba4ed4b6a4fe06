//! Writing a continuum in any writable format: one file (CSV, ELAN, TextGrid, RTTM) or a
//! folder with one file per annotator (Glozz, CorA-XML, WebAnno TSV 3, XMI, brat), as the
//! format's codec lays it out; and the file names the codecs share.

use super::FileError;
use super::format::{Format, Output, ReadOptions, Source};
use gamma_core::continuum::Continuum;
use std::path::{Path, PathBuf};

/// The files [`write_continuum`] would write, so that a caller can refuse to overwrite inputs
/// or ask first.
pub fn planned_paths(continuum: &Continuum, format: Format, out: &Path) -> Vec<PathBuf> {
    format.planned_paths(continuum, out)
}

/// Writes a continuum in a format ([`crate::format::Codec::write`]): a file at `out`, or a
/// folder `out` with one file per annotator. `source` is where the document came from and
/// `options` how it was read: writers keep what they can of both (CorA-XML the structure of
/// the annotator's input file, TSV 3 and XMI the span layer read). Returns the files
/// written. The files are replaced together (see [`super::write_together`]): a kill leaves
/// the old ones or the new ones, never a mix.
pub fn write_continuum(
    continuum: &Continuum,
    source: Option<&Source>,
    format: Format,
    out: &Path,
    options: &ReadOptions,
) -> Result<Vec<PathBuf>, FileError> {
    if format.description().output == Some(Output::Folder) {
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
    super::write_together(|| {
        if format.description().output == Some(Output::Folder) {
            if out.is_file() {
                return Err(FileError::new(
                    out,
                    None,
                    format!("{format} output is a folder (one file per annotator), not a file"),
                ));
            }
            create_folder(out)?;
        }
        format.write(continuum, source, out, options)
    })
}

/// Creates a folder and those above it.
pub(crate) fn create_folder(folder: &Path) -> Result<(), FileError> {
    std::fs::create_dir_all(folder)
        .map_err(|e| FileError::new(folder, None, format!("cannot create the folder: {e}")))
}

/// The stem of a document's files: its name made safe, or `document`.
pub(crate) fn document_file_stem(continuum: &Continuum) -> String {
    if continuum.name.is_empty() {
        "document".to_string()
    } else {
        safe_file_name(&continuum.name)
    }
}

/// `<out>/<annotator>.<extension>`: INCEpTION's layout of a document's users.
pub(crate) fn per_annotator_path(annotator: &str, extension: &str, out: &Path) -> PathBuf {
    out.join(format!("{}.{extension}", safe_file_name(annotator)))
}

/// [`per_annotator_path`] of every annotator of `continuum`.
pub(crate) fn per_annotator_paths(
    continuum: &Continuum,
    extension: &str,
    out: &Path,
) -> Vec<PathBuf> {
    (continuum.annotators.iter())
        .map(|a| per_annotator_path(&a.name, extension, out))
        .collect()
}

/// `<out>/<annotator>/<document>.<extension>`: Glozz's and brat's layout.
pub(crate) fn annotator_folder_path(
    continuum: &Continuum,
    annotator: &str,
    extension: &str,
    out: &Path,
) -> PathBuf {
    out.join(safe_file_name(annotator))
        .join(format!("{}.{extension}", document_file_stem(continuum)))
}

/// The text annotator `index`'s units point into, or an error saying the format needs one.
pub(crate) fn text_of(
    continuum: &Continuum,
    index: usize,
    label: &str,
    out: &Path,
) -> Result<String, FileError> {
    continuum.text_of(index).map(str::to_string).ok_or_else(|| {
        FileError::new(
            out,
            None,
            format!(
                "{label} needs the annotated text, and document {:?} has none",
                continuum.name
            ),
        )
    })
}

/// A name usable as a file or folder name on every system ([`super::safe_file_name`]; the names
/// it refuses are refused by [`write_continuum`] before anything is written).
pub(crate) fn safe_file_name(name: &str) -> String {
    super::safe_file_name(name).unwrap_or_else(|_| "annotator".into())
}
