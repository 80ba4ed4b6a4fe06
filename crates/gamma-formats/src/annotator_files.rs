//! What the formats that hold one annotator per file share when they read: the annotator of
//! each file ([`AnnotatorFile`]), the document's name, and an annotator whose text differs
//! from the document's.

use super::{FileError, Warning, WarningKind};
use gamma_core::continuum::Continuum;
use std::path::{Path, PathBuf};

/// A file that holds one annotator's annotations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnnotatorFile {
    /// The annotator's name.
    pub annotator: String,
    /// The file.
    pub path: PathBuf,
}

/// Annotators named after their files' stems, or after their folders when stems collide
/// (brat and INCEpTION put one user per folder).
pub fn default_annotators(paths: &[PathBuf]) -> Vec<AnnotatorFile> {
    let stem = |p: &PathBuf| {
        p.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let folder = |p: &PathBuf| {
        p.parent()
            .and_then(|f| f.file_name())
            .map(|n| n.to_string_lossy().into_owned())
    };
    let stems: Vec<String> = paths.iter().map(stem).collect();
    let distinct = |names: &[String]| {
        names
            .iter()
            .enumerate()
            .all(|(i, n)| !names[..i].contains(n))
    };
    let folders: Option<Vec<String>> = paths.iter().map(folder).collect();
    let names = match folders {
        Some(folders) if !distinct(&stems) && distinct(&folders) => folders,
        _ => stems,
    };
    paths
        .iter()
        .zip(names)
        .map(|(path, annotator)| AnnotatorFile {
            annotator,
            path: path.clone(),
        })
        .collect()
}

/// The files with their annotators, named by `defaults` unless `--annotator NAME=FILE`
/// names them; refused when two annotators would have one name.
pub fn named(
    defaults: Vec<AnnotatorFile>,
    names: &[(String, PathBuf)],
) -> Result<Vec<AnnotatorFile>, FileError> {
    let mut files = defaults;
    for file in &mut files {
        if let Some((given, _)) = names.iter().find(|(_, p)| *p == file.path) {
            file.annotator = given.clone();
        }
    }
    check_distinct(&files)?;
    Ok(files)
}

fn check_distinct(files: &[AnnotatorFile]) -> Result<(), FileError> {
    let mut seen: Vec<(&String, &PathBuf)> = Vec::new();
    for file in files {
        let (name, path) = (&file.annotator, &file.path);
        if let Some((_, first)) = seen.iter().find(|(n, _)| *n == name) {
            return Err(FileError::new(
                path,
                None,
                format!(
                    "annotator name {name:?} is also that of {}",
                    first.display()
                ),
            )
            .with_remedy(crate::Remedy::NameAnnotators));
        }
        seen.push((name, path));
    }
    Ok(())
}

/// The document's name: the folder of the files when they are users' files side by side (as
/// INCEpTION's `annotation/<document>/<user>.tsv`), else the stem of the first file (as brat's
/// `<user>/<document>.ann`).
pub(crate) fn document_name(files: &[AnnotatorFile]) -> String {
    let stem = |path: &Path| {
        path.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let first = &files[0].path;
    let side_by_side = files.len() > 1
        && files
            .iter()
            .all(|f| f.path.parent() == first.parent() && stem(&f.path) == f.annotator);
    if side_by_side && let Some(folder) = first.parent().and_then(|f| f.file_name()) {
        return folder.to_string_lossy().into_owned();
    }
    stem(first)
}

/// Adds an annotator whose text may differ from the document's (then kept as its own text,
/// with a warning).
pub(crate) fn add_with_text(
    continuum: &mut Continuum,
    file: &AnnotatorFile,
    text: String,
    units: Vec<gamma_core::unit::Unit>,
    warnings: &mut Vec<Warning>,
) {
    let index = continuum.add_annotator(&file.annotator);
    match &continuum.text {
        None => continuum.text = Some(text),
        Some(first) if *first != text => {
            warnings.push(Warning::new(
                WarningKind::TextDiffers,
                &file.path,
                None,
                "its text differs from the first file's: its units are positions in its own text",
            ));
            continuum.annotators[index].own_text = Some(text);
        }
        Some(_) => {}
    }
    continuum.annotators[index].units.extend(units);
}
