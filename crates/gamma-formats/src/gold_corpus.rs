//! The gold standard of a whole corpus, written in one action: every document's gold in one
//! format, into a folder that mirrors the corpus folder's [`Layout`], all files replaced together
//! (a kill leaves every old file or every new one), with one decision report for the corpus.
//!
//! Where each document's gold goes:
//! - one folder per annotator (`units/<annotator>/<document>.aa`, as STAC ships its Glozz
//!   files): a `gold` annotator folder, `OUT/gold/<document>.<ext>`. With the corpus folder as
//!   `OUT`, the gold is one more annotator folder beside the others;
//! - one folder per document (INCEpTION's `annotation/<document>/<user>.tsv`):
//!   `OUT/<document>/gold.<ext>`;
//! - one file per document, and the documents of project exports: `OUT/<document>.<ext>` (TSV 3
//!   for project exports, which INCEpTION imports as curation).
//!
//! A document whose alignments are not all decided is skipped, exported with what was decided,
//! or completed with the suggestions ([`OpenAlignments`]). Nothing is written outside `OUT`: a
//! link, or a file, where a folder or a file of the gold must be is refused, and so is a gold
//! that would replace an input or another document's gold. Every check is made before anything
//! is written.

use crate::corpus_folder::Layout;
use crate::csv_cells::{CsvTable, original};
use crate::files::{FileError, safe_file_name};
use crate::format::{Document, Format, ReadOptions};
use crate::gold_export::{GOLD_NAME, ReportKind, is_input, report_contents, write_whole_gold};
use crate::{write_atomically, write_together};
use gamma_core::gold::{Adjudication, OpenAlignments};
use serde_json::{Value, json};
use std::borrow::Cow;
use std::path::{Path, PathBuf};

pub use crate::corpus_folder::GOLD_MARK;

/// What [`GOLD_MARK`] says to whoever opens it.
const GOLD_MARK_TEXT: &str = "This folder is a gold standard written by Gamma Studio \
    (gamma-studio gold). Gamma Studio does not read it as an annotator when it opens the corpus \
    folder around it; delete this file to measure the gold as an annotator.\n";

/// One document of the corpus and its adjudication.
#[derive(Debug, Clone, Copy)]
pub struct DocumentToExport<'a> {
    /// The document as read (its source decides what the whole-document gold carries).
    pub document: &'a Document,
    /// Its adjudication.
    pub adjudication: &'a Adjudication,
}

/// How a corpus's gold is written.
#[derive(Debug, Clone)]
pub struct CorpusGoldOptions<'a> {
    /// The format of every gold file; `None`: each document's own ([`Format::gold_format`]).
    pub format: Option<Format>,
    /// What becomes of documents not fully decided.
    pub open_alignments: OpenAlignments,
    /// The annotator whose content not measured, relations and schemas the gold carries where
    /// the annotators differ; a document without it takes its first annotator (said in its
    /// notes). `None`: the first.
    pub base: Option<&'a str>,
    /// How the documents were read (writers keep what was read: CorA's layers, TSV 3's layer).
    pub read_options: &'a ReadOptions,
    /// The decision report of the corpus (`.json`, or CSV for any other extension).
    pub report: Option<&'a Path>,
}

/// One gold file written.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportedGold {
    /// The document's name.
    pub document: String,
    /// The gold file.
    pub path: PathBuf,
    /// Its format.
    pub format: Format,
    /// How many units the gold holds.
    pub gold_units: usize,
    /// How many alignments were left open (nothing of them is in the gold).
    pub left_open: usize,
    /// How many open alignments took the suggestion ([`OpenAlignments::Suggestions`]).
    pub completed: usize,
    /// What the whole-document gold says it differed on or kept out.
    pub notes: Vec<String>,
}

/// A document that was not exported, and how many of its alignments are open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedDocument {
    /// The document's name.
    pub document: String,
    /// Its open alignments.
    pub open: usize,
}

/// What a corpus export wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct CorpusGold {
    /// The gold files, in the documents' order.
    pub exported: Vec<ExportedGold>,
    /// The documents skipped ([`OpenAlignments::Skip`]).
    pub skipped: Vec<SkippedDocument>,
}

/// Where the gold of `document` goes in `out`, for a corpus of `layout` (see the module's
/// documentation). The document's name becomes a file name ([`safe_file_name`]) or is refused.
pub(crate) fn gold_path(
    out: &Path,
    layout: Layout,
    document: &str,
    format: Format,
) -> Result<PathBuf, FileError> {
    let extension = format.description().written_extension;
    let name = safe_file_name(document).map_err(|why| {
        FileError::new(
            out,
            None,
            format!("document {document:?} cannot be named in the gold folder: {why}"),
        )
    })?;
    Ok(match layout {
        Layout::AnnotatorFolders => out.join(GOLD_NAME).join(format!("{name}.{extension}")),
        Layout::DocumentFolders => out.join(name).join(format!("{GOLD_NAME}.{extension}")),
        Layout::DocumentFiles | Layout::ProjectExports => out.join(format!("{name}.{extension}")),
    })
}

/// A document's gold, planned before anything is written.
struct Planned<'a> {
    document: &'a Document,
    adjudication: Cow<'a, Adjudication>,
    completed: usize,
    path: PathBuf,
    base: usize,
    base_note: Option<String>,
}

/// Writes the gold of every document of a corpus into `out` (see the module's documentation),
/// and the corpus's decision report when asked, all together.
pub fn write_gold_corpus(
    documents: &[DocumentToExport<'_>],
    layout: Layout,
    out: &Path,
    options: &CorpusGoldOptions<'_>,
) -> Result<CorpusGold, FileError> {
    let (planned, skipped) = plan(documents, layout, out, options)?;
    prepare_folders(out, &planned)?;
    let exported = write_together(|| {
        let mut exported = Vec::new();
        for p in &planned {
            let (format, mut notes) = write_whole_gold(
                &p.adjudication,
                &p.path,
                Some(&p.document.source),
                options.read_options,
                false,
                p.base,
            )?;
            notes.extend(p.base_note.clone());
            exported.push(ExportedGold {
                document: p.document.continuum.name.clone(),
                path: p.path.clone(),
                format,
                gold_units: p.adjudication.gold().len(),
                left_open: p.adjudication.progress().open,
                completed: p.completed,
                notes,
            });
        }
        if layout == Layout::AnnotatorFolders && !planned.is_empty() {
            // The mark that keeps the next reading of the corpus from taking the gold folder
            // for one more annotator (`corpus_folder` skips a folder holding it).
            write_atomically(
                &out.join(GOLD_NAME).join(GOLD_MARK),
                GOLD_MARK_TEXT.as_bytes(),
            )?;
        }
        if let Some(report) = options.report {
            let contents = corpus_report(&planned, &exported, ReportKind::of(report));
            write_atomically(report, contents.as_bytes())?;
        }
        Ok(exported)
    })?;
    log::info!(
        "gold of {} written into {}",
        crate::losses::count(exported.len(), "document"),
        out.display()
    );
    Ok(CorpusGold { exported, skipped })
}

/// Every document's gold path, checked: no two documents on one file, no input replaced, no
/// link or folder where a gold file goes.
fn plan<'a>(
    documents: &[DocumentToExport<'a>],
    layout: Layout,
    out: &Path,
    options: &CorpusGoldOptions<'_>,
) -> Result<(Vec<Planned<'a>>, Vec<SkippedDocument>), FileError> {
    let inputs: Vec<PathBuf> = (documents.iter())
        .flat_map(|d| d.document.source.paths())
        .collect();
    let mut planned: Vec<Planned<'a>> = Vec::new();
    let mut skipped = Vec::new();
    for d in documents {
        let name = &d.document.continuum.name;
        let open = d.adjudication.progress().open;
        let Some(adjudication) = d.adjudication.for_export(options.open_alignments) else {
            skipped.push(SkippedDocument {
                document: name.clone(),
                open,
            });
            continue;
        };
        let completed = open - adjudication.progress().open;
        let format = (options.format).unwrap_or_else(|| d.document.source.format().gold_format());
        let path = gold_path(out, layout, name, format)?;
        if let Some(other) = planned.iter().find(|p| p.path == path) {
            return Err(FileError::new(
                &path,
                None,
                format!(
                    "documents {:?} and {name:?} would both write this gold file",
                    other.document.continuum.name
                ),
            ));
        }
        refuse_input_or_link(&path, &inputs)?;
        let names = d.document.continuum.annotator_names();
        let (base, base_note) = match options.base {
            None => (0, None),
            Some(wanted) => match names.iter().position(|n| n == wanted) {
                Some(index) => (index, None),
                None => (
                    0,
                    Some(format!(
                        "{name}: no annotator {wanted:?}; the base is {}",
                        names[0]
                    )),
                ),
            },
        };
        planned.push(Planned {
            document: d.document,
            adjudication,
            completed,
            path,
            base,
            base_note,
        });
    }
    if let Some(report) = options.report {
        refuse_input_or_link(report, &inputs)?;
        if planned.iter().any(|p| p.path == report) {
            return Err(FileError::new(
                report,
                None,
                "the report would replace a document's gold: choose another file",
            ));
        }
    }
    Ok((planned, skipped))
}

fn refuse_input_or_link(path: &Path, inputs: &[PathBuf]) -> Result<(), FileError> {
    if is_input(path, inputs) {
        return Err(FileError::new(
            path,
            None,
            "is a file of the corpus read: the gold never replaces an input; choose another \
             output folder",
        ));
    }
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Err(FileError::new(
            path,
            None,
            "is a symbolic link: the gold of a corpus is written only inside its folder; \
             remove the link or choose another folder",
        )),
        Ok(m) if m.is_dir() => Err(FileError::new(
            path,
            None,
            "is a folder where a gold file must go",
        )),
        _ => Ok(()),
    }
}

/// Creates `out` (when missing) and the folders inside it that the gold files go into; a link or
/// a file where one of those folders must be is refused before anything is created.
fn prepare_folders(out: &Path, planned: &[Planned<'_>]) -> Result<(), FileError> {
    let mut inner: Vec<&Path> = (planned.iter())
        .filter_map(|p| p.path.parent())
        .filter(|folder| *folder != out)
        .collect();
    inner.dedup();
    for folder in &inner {
        match std::fs::symlink_metadata(folder) {
            Ok(m) if m.is_dir() => {}
            Ok(m) if m.file_type().is_symlink() => {
                return Err(FileError::new(
                    folder,
                    None,
                    "is a symbolic link: the gold of a corpus is written only inside its \
                     folder; remove the link or choose another folder",
                ));
            }
            Ok(_) => {
                return Err(FileError::new(
                    folder,
                    None,
                    "is a file where a folder of the gold must be",
                ));
            }
            Err(_) => {}
        }
    }
    match std::fs::metadata(out) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => return Err(FileError::new(out, None, "is a file, not a folder")),
        Err(_) => std::fs::create_dir_all(out)
            .map_err(|e| FileError::new(out, None, format!("cannot create the folder: {e}")))?,
    }
    for folder in inner {
        if std::fs::symlink_metadata(folder).is_err() {
            std::fs::create_dir(folder).map_err(|e| {
                FileError::new(folder, None, format!("cannot create the folder: {e}"))
            })?;
        }
    }
    Ok(())
}

/// One report for the corpus: in JSON, each document's report (as the one-document export
/// writes it) under `documents`, with its gold file; in CSV, a `document` column first and one
/// column per annotator of the corpus.
fn corpus_report(planned: &[Planned<'_>], exported: &[ExportedGold], kind: ReportKind) -> String {
    match kind {
        ReportKind::Json => {
            let documents: Vec<Value> = (planned.iter().zip(exported))
                .map(|(p, e)| {
                    let report = report_contents(&p.adjudication, &e.notes, ReportKind::Json);
                    let mut value: Value =
                        serde_json::from_str(&report).expect("the report is JSON");
                    value["gold"] = json!(e.path);
                    value["format"] = json!(e.format.name());
                    value["completed_with_suggestions"] = json!(e.completed);
                    value
                })
                .collect();
            serde_json::to_string_pretty(&json!({ "documents": documents }))
                .expect("JSON of plain values")
        }
        ReportKind::Csv => corpus_report_csv(planned, exported),
    }
}

fn corpus_report_csv(planned: &[Planned<'_>], exported: &[ExportedGold]) -> String {
    const LEADING: usize = 7;
    let mut annotators: Vec<String> = Vec::new();
    for p in planned {
        for name in p.adjudication.continuum().annotator_names() {
            if !annotators.contains(&name) {
                annotators.push(name);
            }
        }
    }
    let mut writer = CsvTable::new();
    let mut header = vec!["document".to_string()];
    header.extend(
        [
            "alignment",
            "disorder",
            "status",
            "choice",
            "rule",
            "by",
            "at",
        ]
        .map(String::from),
    );
    header.extend(annotators.iter().cloned());
    header.extend([GOLD_NAME.to_string(), "reason".into(), "note".into()]);
    writer.row(&header);
    for (p, e) in planned.iter().zip(exported) {
        let report = report_contents(&p.adjudication, &e.notes, ReportKind::Csv);
        let names = p.adjudication.continuum().annotator_names();
        let mut reader = ::csv::Reader::from_reader(report.as_bytes());
        for record in reader.records() {
            let record = record.expect("the report is CSV");
            // The document's report is read back as it was before it was neutralised: the
            // table neutralises every cell again, once.
            let cell = |i: usize| original(&record[i]).into_owned();
            let mut row = vec![e.document.clone()];
            row.extend((0..LEADING).map(cell));
            for annotator in &annotators {
                let column = names.iter().position(|n| n == annotator);
                row.push(column.map_or_else(String::new, |c| cell(LEADING + c)));
            }
            let gold = LEADING + names.len();
            row.extend((gold..gold + 3).map(cell));
            writer.row(&row);
        }
    }
    writer.finish()
}
