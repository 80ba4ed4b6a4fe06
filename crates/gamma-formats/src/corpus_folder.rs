//! Opening a corpus as annotation tools ship it: a folder, whose documents are matched by name.
//!
//! Four layouts are recognised ([`Layout`]):
//! - **one folder per annotator** with same-named files (`units/<annotator>/<document>.aa`, the
//!   texts in `unannotated/` as STAC ships its Glozz files; brat, TSV 3, XMI, CorA, one-tier
//!   TextGrid… likewise): a document is a file name, its annotators the folders that have it;
//! - **one folder per document** with a file per annotator (`<document>/<annotator>.tsv`, as
//!   INCEpTION's `annotation/` folder): a document is a folder, its annotators its files;
//! - **one file per document** holding every annotator (CSV, ELAN, TextGrid, RTTM);
//! - **INCEpTION project exports** (`.zip`): every document of every export.
//!
//! A document that only some annotators have is measured with those; one that only one
//! annotator has cannot be measured and is listed in [`CorpusPlan::left_out`]. Nothing is
//! written; symbolic links to folders are not followed (a link loop cannot hang the walk) and
//! hidden entries (`.name`) are skipped.

use crate::files::FileError;
use crate::format::{Document, Format, Grouping, ReadOptions};
use crate::{Warning, WarningKind, read_documents};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The file our gold export writes into a corpus's `gold/` folder
/// ([`gold_corpus`](crate::gold_corpus)): a folder holding it is a gold standard, never read as
/// an annotator.
pub const GOLD_MARK: &str = ".gamma-studio-gold";

/// How a corpus folder holds its documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// `<annotator>/<document>.<ext>`: documents matched by file name across the folders.
    AnnotatorFolders,
    /// `<document>/<annotator>.<ext>`: each folder one document.
    DocumentFolders,
    /// `<document>.<ext>`, each file holding every annotator (CSV, ELAN, TextGrid, RTTM).
    DocumentFiles,
    /// INCEpTION project exports (`.zip`): every document of each.
    ProjectExports,
}

impl Layout {
    /// How the layout is named to people.
    pub fn describe(self) -> &'static str {
        match self {
            Layout::AnnotatorFolders => "one folder per annotator, documents matched by file name",
            Layout::DocumentFolders => "one folder per document, one file per annotator",
            Layout::DocumentFiles => "one file per document, holding every annotator",
            Layout::ProjectExports => "INCEpTION project exports",
        }
    }
}

/// One document of a corpus folder: its name and the files that make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedDocument {
    /// The name the documents are matched by (a file stem, or a document folder's name).
    pub name: String,
    /// Each annotator's file as (annotator, file); one file with no annotator name when the
    /// file holds every annotator (or is a project export).
    pub files: Vec<(Option<String>, PathBuf)>,
}

/// What a corpus folder holds, before anything is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorpusPlan {
    /// The folder opened.
    pub folder: PathBuf,
    /// How it holds its documents.
    pub layout: Layout,
    /// The documents to read, by name.
    pub documents: Vec<PlannedDocument>,
    /// Documents only one annotator has (name, annotator): they cannot be measured.
    pub left_out: Vec<(String, String)>,
    /// Sub-folders skipped because our gold export wrote them (they hold
    /// [`GOLD_MARK`]): a gold is never measured as an annotator.
    pub gold_folders: Vec<PathBuf>,
}

/// Reads every document of a corpus folder, matched by name; the warnings name the documents
/// left out or measured with only some of the annotators.
pub fn read_corpus(
    folder: &Path,
    options: &ReadOptions,
) -> Result<(Vec<Document>, Vec<Warning>, CorpusPlan), FileError> {
    let plan = plan_corpus(folder, options)?;
    let mut documents = Vec::new();
    let mut warnings = Vec::new();
    let every_annotator = annotators_of(&plan);
    for planned in &plan.documents {
        let paths: Vec<PathBuf> = planned.files.iter().map(|(_, p)| p.clone()).collect();
        let mut document_options = options.clone();
        document_options.annotator_names = planned
            .files
            .iter()
            .filter_map(|(name, path)| Some((name.clone()?, path.clone())))
            .collect();
        let (mut read, mut read_warnings) = read_documents(&paths, &document_options)?;
        if plan.layout == Layout::AnnotatorFolders || plan.layout == Layout::DocumentFolders {
            for document in &mut read {
                document.continuum.name = planned.name.clone();
            }
            let missing: Vec<&str> = every_annotator
                .iter()
                .filter(|a| !planned.files.iter().any(|(n, _)| n.as_deref() == Some(a)))
                .map(String::as_str)
                .collect();
            if !missing.is_empty() {
                warnings.push(Warning::new(
                    WarningKind::Corpus,
                    &paths[0],
                    None,
                    format!(
                        "document {:?} is measured without {} (not in the corpus folder)",
                        planned.name,
                        missing.join(", ")
                    ),
                ));
            }
        }
        documents.append(&mut read);
        warnings.append(&mut read_warnings);
    }
    for gold in &plan.gold_folders {
        warnings.push(Warning::new(
            WarningKind::Corpus,
            gold,
            None,
            format!(
                "folder {:?} skipped: it is a gold standard written by Gamma Studio (it holds {}), \
                 not an annotator",
                name_of(gold),
                GOLD_MARK
            ),
        ));
    }
    for (name, annotator) in &plan.left_out {
        warnings.push(Warning::new(
            WarningKind::Corpus,
            folder,
            None,
            format!("document {name:?} is left out: only {annotator} annotated it"),
        ));
    }
    Ok((documents, warnings, plan))
}

/// Every annotator named in the plan, in folder order.
fn annotators_of(plan: &CorpusPlan) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for document in &plan.documents {
        for (name, _) in &document.files {
            if let Some(name) = name
                && !names.contains(name)
            {
                names.push(name.clone());
            }
        }
    }
    names
}

/// The entries of a folder, sorted by name: annotation files and sub-folders, hidden entries
/// and links to folders skipped.
struct Listing {
    files: Vec<PathBuf>,
    folders: Vec<PathBuf>,
}

fn list(folder: &Path) -> Result<Listing, FileError> {
    let entries = std::fs::read_dir(folder)
        .map_err(|e| FileError::new(folder, None, format!("cannot read the folder: {e}")))?;
    let mut listing = Listing {
        files: Vec::new(),
        folders: Vec::new(),
    };
    for entry in entries {
        let entry = entry
            .map_err(|e| FileError::new(folder, None, format!("cannot read the folder: {e}")))?;
        let path = entry.path();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            listing.folders.push(path);
        } else if path.is_file() {
            listing.files.push(path);
        }
    }
    listing.files.sort();
    listing.folders.sort();
    Ok(listing)
}

/// The annotation files among `files` with their formats: texts, models and unknown files are
/// companions, not documents. A `.txt` is a text (a CSV's or brat's, a README, a manifest)
/// unless the format is named: CSV documents in a folder are `.csv` or `.tsv`.
fn annotation_files(files: &[PathBuf], options: &ReadOptions) -> Vec<(PathBuf, Format)> {
    let companion = |path: &Path| {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        let text = extension == "txt" && options.format.is_none();
        text || matches!(extension.as_str(), "ac" | "aam" | "md" | "json" | "")
    };
    files
        .iter()
        .filter(|path| !companion(path))
        .filter_map(|path| {
            let format = match options.format {
                Some(format) => format,
                None => Format::detect(path).ok()?,
            };
            Some((path.clone(), format))
        })
        .collect()
}

/// Whether one file of this format is a whole document (every annotator, or a project).
fn holds_every_annotator(format: Format, options: &ReadOptions) -> bool {
    // An RTTM file alone holds every speaker; several given together are one annotator each,
    // but a corpus folder's RTTM files are its documents.
    format.grouping(options) == Grouping::EachFile || format == crate::rttm::RTTM
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn name_of(path: &Path) -> String {
    path.file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// What a corpus folder holds: its layout and its documents, matched by name (see the module
/// documentation). Errors name the folder and say what was found.
pub fn plan_corpus(folder: &Path, options: &ReadOptions) -> Result<CorpusPlan, FileError> {
    let top = list(folder)?;
    let files = annotation_files(&top.files, options);
    let mut gold_folders = Vec::new();
    let top_folders: Vec<&PathBuf> = (top.folders.iter())
        .filter(|sub| {
            let ours = sub.join(GOLD_MARK).is_file();
            if ours {
                gold_folders.push(sub.to_path_buf());
            }
            !ours
        })
        .collect();
    let plan = |layout, documents, left_out| CorpusPlan {
        folder: folder.to_path_buf(),
        layout,
        documents,
        left_out,
        gold_folders: gold_folders.clone(),
    };
    if !files.is_empty() {
        return Ok(plan_files(folder, &files, options, plan));
    }
    // Folders holding annotation files; a text folder (`unannotated/`) is not an annotator.
    let mut inner: Vec<(PathBuf, Vec<(PathBuf, Format)>)> = Vec::new();
    let mut deeper: Vec<String> = Vec::new();
    for sub in top_folders {
        let listing = list(sub)?;
        let found = annotation_files(&listing.files, options);
        if name_of(sub) == "unannotated" {
            continue;
        }
        if !found.is_empty() {
            inner.push((sub.clone(), found));
        } else if listing
            .folders
            .iter()
            .any(|f| list(f).is_ok_and(|l| !annotation_files(&l.files, options).is_empty()))
        {
            deeper.push(name_of(sub));
        }
    }
    if inner.is_empty() {
        let message = if deeper.is_empty() {
            "no annotation file in this folder or its sub-folders".to_string()
        } else {
            format!(
                "the folder holds several corpora or annotation stages ({}): open one of them",
                deeper.join(", ")
            )
        };
        return Err(FileError::new(folder, None, message));
    }
    let layout = folder_layout(&inner);
    let (documents, left_out) = match layout {
        Layout::DocumentFolders => by_document_folder(&inner),
        _ => by_annotator_folder(&inner),
    };
    if documents.is_empty() {
        return Err(FileError::new(
            folder,
            None,
            "no document is annotated by two annotators: the folders share no file name",
        ));
    }
    Ok(plan(layout, documents, left_out))
}

/// A folder of annotation files: each a document when it holds every annotator, else one
/// document of one annotator per file.
fn plan_files(
    folder: &Path,
    files: &[(PathBuf, Format)],
    options: &ReadOptions,
    plan: impl Fn(Layout, Vec<PlannedDocument>, Vec<(String, String)>) -> CorpusPlan,
) -> CorpusPlan {
    let whole: Vec<&(PathBuf, Format)> = files
        .iter()
        .filter(|(_, f)| holds_every_annotator(*f, options))
        .collect();
    if whole.len() == files.len() {
        let layout = if whole
            .iter()
            .all(|(_, f)| *f == crate::inception_project::INCEPTION)
        {
            Layout::ProjectExports
        } else {
            Layout::DocumentFiles
        };
        let documents = whole
            .iter()
            .map(|(path, _)| PlannedDocument {
                name: stem(path),
                files: vec![(None, path.clone())],
            })
            .collect();
        return plan(layout, documents, Vec::new());
    }
    let document = PlannedDocument {
        name: name_of(folder),
        files: files
            .iter()
            .map(|(p, _)| (Some(stem(p)), p.clone()))
            .collect(),
    };
    plan(Layout::DocumentFolders, vec![document], Vec::new())
}

/// Document folders are told from annotator folders by their names (INCEpTION names a document's
/// folder after its source file, `wsj.txt`) or by a text inside whose name is none of the
/// annotation files' (`doc.ac` beside `alice.aa`).
fn folder_layout(inner: &[(PathBuf, Vec<(PathBuf, Format)>)]) -> Layout {
    let looks_like_document = |(folder, files): &(PathBuf, Vec<(PathBuf, Format)>)| {
        let named_like_a_file = Path::new(&name_of(folder)).extension().is_some();
        let own_text = std::fs::read_dir(folder).is_ok_and(|entries| {
            entries.flatten().any(|e| {
                let path = e.path();
                path.extension().is_some_and(|x| x == "ac")
                    && !files.iter().any(|(f, _)| stem(f) == stem(&path))
            })
        });
        named_like_a_file || own_text
    };
    if inner.iter().all(looks_like_document) {
        Layout::DocumentFolders
    } else {
        Layout::AnnotatorFolders
    }
}

type Documents = (Vec<PlannedDocument>, Vec<(String, String)>);

fn by_annotator_folder(inner: &[(PathBuf, Vec<(PathBuf, Format)>)]) -> Documents {
    let mut by_name: BTreeMap<String, Vec<(Option<String>, PathBuf)>> = BTreeMap::new();
    for (folder, files) in inner {
        for (path, _) in files {
            by_name
                .entry(stem(path))
                .or_default()
                .push((Some(name_of(folder)), path.clone()));
        }
    }
    split_single(by_name)
}

fn by_document_folder(inner: &[(PathBuf, Vec<(PathBuf, Format)>)]) -> Documents {
    let by_name = inner
        .iter()
        .map(|(folder, files)| {
            let files = files
                .iter()
                .map(|(path, _)| (Some(stem(path)), path.clone()))
                .collect();
            (name_of(folder), files)
        })
        .collect();
    split_single(by_name)
}

/// Documents of two annotators or more, and those of one (left out).
fn split_single(by_name: BTreeMap<String, Vec<(Option<String>, PathBuf)>>) -> Documents {
    let mut documents = Vec::new();
    let mut left_out = Vec::new();
    for (name, files) in by_name {
        if files.len() < 2 {
            let annotator = files
                .first()
                .and_then(|(n, _)| n.clone())
                .unwrap_or_default();
            left_out.push((name, annotator));
        } else {
            documents.push(PlannedDocument { name, files });
        }
    }
    (documents, left_out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::Builder::new().prefix(name).tempdir().unwrap();
        for (path, content) in files {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, content).unwrap();
        }
        dir
    }

    const CSV: &str = "annotator,category,start,end\na,x,0,5\nb,x,0,5\n";

    #[test]
    fn files_that_hold_every_annotator_are_each_a_document() {
        let dir = folder(
            "csv",
            &[("one.csv", CSV), ("two.csv", CSV), ("notes.md", "x")],
        );
        let plan = plan_corpus(dir.path(), &ReadOptions::default()).unwrap();
        assert_eq!(plan.layout, Layout::DocumentFiles);
        let names: Vec<&str> = plan.documents.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["one", "two"]);
        let (documents, warnings, _) = read_corpus(dir.path(), &ReadOptions::default()).unwrap();
        assert_eq!(documents.len(), 2);
        assert!(warnings.is_empty(), "{warnings:?}");
    }

    #[test]
    fn an_empty_folder_or_one_of_stages_says_what_it_found() {
        let dir = folder("empty", &[("readme.md", "x")]);
        let e = plan_corpus(dir.path(), &ReadOptions::default()).unwrap_err();
        assert!(e.message.contains("no annotation file"), "{e}");
        let dir = folder(
            "stages",
            &[("units/a/d.csv", CSV), ("discourse/a/d.csv", CSV)],
        );
        let e = plan_corpus(dir.path(), &ReadOptions::default()).unwrap_err();
        assert!(
            e.message
                .contains("several corpora or annotation stages (discourse, units)"),
            "{e}"
        );
    }
}
