//! Opening annotation files of any supported format as documents: what the CLI (`gamma`,
//! `convert`, …) and the app share. Each file's format is found in [`crate::codec::CODECS`]
//! and its codec reads it.
//!
//! Grouping: every CSV and ELAN file is one document, and so is every TextGrid file read
//! without a tier (its tiers are the annotators). The files of the formats that hold one
//! annotator per file — Glozz `.aa`, CorA-XML, WebAnno TSV 3, XMI, brat `.ann`, TextGrid with a
//! tier (`layer`) — given together are one document, one annotator each, and so are several
//! RTTM files (one RTTM file alone: its file-ids are the annotators). An INCEpTION project
//! export is one document per document of the project. A `.txt` given with the `.ann` of the
//! same name is that brat file's text, not a document.

use super::codec::CODECS;
use super::format::{Document, Format, Grouping, ReadContext, ReadOptions};
use super::{FileError, Warning, WarningKind};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// Reads the files as documents (see the module documentation for the grouping), with the
/// warnings of the readers.
pub fn read_documents(
    paths: &[PathBuf],
    options: &ReadOptions,
) -> Result<(Vec<Document>, Vec<Warning>), FileError> {
    if paths.is_empty() {
        return Err(FileError::new(
            Path::new("(no file)"),
            None,
            "no input file",
        ));
    }
    log::info!("reading {} file(s)", paths.len());
    check_given_once(paths)?;
    let mut detected: Vec<Format> = Vec::new();
    for format in paths.iter().filter_map(|p| Format::detect(p).ok()) {
        if !detected.contains(&format) {
            detected.push(format);
        }
    }
    let given: HashSet<&Path> = paths.iter().map(PathBuf::as_path).collect();
    let context = ReadContext {
        paths,
        formats: &detected,
        options,
    };
    let mut documents = Vec::new();
    let mut warnings = Vec::new();
    let mut groups: Vec<(Format, Vec<PathBuf>)> = Vec::new();
    for path in paths {
        let format = match options.format {
            Some(format) => format,
            None => Format::detect(path)?,
        };
        if CODECS.iter().any(|codec| codec.companion(path, &given)) {
            continue;
        }
        match format.grouping(options) {
            Grouping::EachFile => {
                let (mut read, mut read_warnings) =
                    format.read(std::slice::from_ref(path), &context)?;
                documents.append(&mut read);
                warnings.append(&mut read_warnings);
            }
            Grouping::Together => match groups.iter_mut().find(|(f, _)| *f == format) {
                Some((_, group)) => group.push(path.clone()),
                None => groups.push((format, vec![path.clone()])),
            },
        }
    }
    check_annotator_names(&groups, options)?;
    for (format, group) in &groups {
        let (mut read, mut read_warnings) = format.read(group, &context)?;
        warnings.append(&mut read_warnings);
        documents.append(&mut read);
    }
    warnings.extend(documents.iter().flat_map(|d| carried(d, options)));
    log_documents(&documents, &warnings);
    Ok((documents, warnings))
}

/// The same file twice would count its annotations twice (as two documents, or two
/// annotators that agree perfectly).
/// Linear in the number of paths (a hash of the canonical paths): 100,000 paths are checked at
/// once (issue 45).
fn check_given_once(paths: &[PathBuf]) -> Result<(), FileError> {
    let mut seen: HashMap<PathBuf, &PathBuf> = HashMap::with_capacity(paths.len());
    for path in paths {
        let resolved = path.canonicalize().unwrap_or_else(|_| path.clone());
        if let Some(first) = seen.insert(resolved, path) {
            return Err(FileError::new(
                path,
                None,
                format!(
                    "given twice (also as {}): each file counts once",
                    first.display()
                ),
            ));
        }
    }
    Ok(())
}

/// An annotator name may only be given for a file that holds one annotator.
fn check_annotator_names(
    groups: &[(Format, Vec<PathBuf>)],
    options: &ReadOptions,
) -> Result<(), FileError> {
    let per_file: Vec<&PathBuf> = groups
        .iter()
        .filter(|(format, group)| format.one_annotator_per_file(group))
        .flat_map(|(_, group)| group)
        .collect();
    for (name, file) in &options.annotator_names {
        if !per_file.contains(&file) {
            return Err(FileError::new(
                file,
                None,
                format!(
                    "annotator name {name:?} given for a file that does not hold one annotator (a Glozz, CorA, TSV 3, brat, RTTM file, or a TextGrid tier)"
                ),
            ));
        }
    }
    Ok(())
}

fn log_documents(documents: &[Document], warnings: &[Warning]) {
    for document in documents {
        log::info!(
            "document {:?}: {} annotators, {} units, {}",
            document.continuum.name,
            document.continuum.n_annotators(),
            document.continuum.n_units(),
            match &document.continuum.text {
                Some(text) => format!("a text of {} characters", text.chars().count()),
                None => "no text".to_string(),
            }
        );
    }
    for warning in warnings {
        log::debug!("warning: {warning}");
    }
}

/// What the opening says of a document's content that is not measured and that the gold
/// carries, file by file ([`crate::losses::carried`]).
fn carried(document: &Document, options: &ReadOptions) -> Vec<Warning> {
    (crate::losses::carried(&document.continuum, &document.source, options).into_iter())
        .map(|(file, message)| Warning::new(WarningKind::Carried, &file, None, message))
        .collect()
}
