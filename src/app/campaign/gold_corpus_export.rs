//! "Export the gold corpus…": every document's gold in one action, into a folder laid out as
//! the corpus ([`gamma_formats::gold_corpus`]), all files written together with one decision
//! report (`gold-decisions.json` in the folder).

use crate::app::AppState;
use crate::app::jobs::JobKind;
use gamma_core::gold::OpenAlignments;
use gamma_formats::FileError;
use gamma_formats::corpus_folder::Layout;
use gamma_formats::gold_corpus::{
    CorpusGold, CorpusGoldOptions, DocumentToExport, write_gold_corpus,
};
use gamma_formats::inception_project::INCEPTION;
use std::path::{Path, PathBuf};

/// The decision report written beside the gold files.
pub const CORPUS_REPORT: &str = "gold-decisions.json";

impl AppState {
    /// The layout the gold corpus mirrors: the corpus folder's, else one file per document (the
    /// documents of project exports, by name).
    pub fn gold_corpus_layout(&self) -> Layout {
        self.files.corpus_layout.unwrap_or_else(|| {
            let from_exports =
                (self.documents.open.iter()).all(|d| d.document.source.format() == INCEPTION);
            if from_exports {
                Layout::ProjectExports
            } else {
                Layout::DocumentFiles
            }
        })
    }

    /// Writes the gold of every adjudicated document into `folder`, what becomes of open
    /// alignments decided by `open_alignments` (with the suggestions, every document that can
    /// be adjudicated is). Messages say what was written, skipped or left out.
    pub fn export_gold_corpus(&mut self, folder: &Path, open_alignments: OpenAlignments) {
        let mut left_out = Vec::new();
        if open_alignments == OpenAlignments::Suggestions {
            for index in 0..self.documents.open.len() {
                if let Err(why) = self.ensure_adjudication(index) {
                    left_out.push(format!(
                        "{} ({why})",
                        self.documents.open[index].continuum().name
                    ));
                }
            }
        }
        let mut to_export = Vec::new();
        for document in &self.documents.open {
            match self.adjudication.by_document.get(&document.id) {
                Some(adjudicating) => to_export.push((
                    document.document.clone(),
                    adjudicating.adjudication().clone(),
                )),
                None if open_alignments != OpenAlignments::Suggestions => {
                    left_out.push(format!("{} (not adjudicated)", document.continuum().name));
                }
                None => {}
            }
        }
        if to_export.is_empty() {
            (self.shell.messages).warning("no document is adjudicated yet: nothing to export");
            return;
        }
        let (layout, read_options) = (self.gold_corpus_layout(), self.files.read_options.clone());
        let folder = folder.to_path_buf();
        self.jobs.start(
            JobKind::GoldCorpus,
            "gold corpus",
            deliver,
            move |context| {
                let documents: Vec<DocumentToExport> = (to_export.iter())
                    .map(|(document, adjudication)| DocumentToExport {
                        document,
                        adjudication,
                    })
                    .collect();
                let report = folder.join(CORPUS_REPORT);
                let options = CorpusGoldOptions {
                    format: None,
                    open_alignments,
                    base: None,
                    read_options: &read_options,
                    report: Some(&report),
                };
                let written = write_gold_corpus(&documents, layout, &folder, &options);
                context.send(Exported {
                    folder,
                    written,
                    left_out,
                });
            },
        );
        #[cfg(test)]
        self.await_files();
    }
}

/// What the gold corpus export did.
struct Exported {
    folder: PathBuf,
    written: Result<CorpusGold, FileError>,
    /// The documents left out, and why.
    left_out: Vec<String>,
}

/// Says in Messages what was written, skipped or left out (the export job's route).
fn deliver(state: &mut AppState, exported: Exported) {
    let Exported {
        folder,
        written,
        left_out,
    } = exported;
    let messages = &mut state.shell.messages;
    match written {
        Ok(corpus) => {
            let units: usize = corpus.exported.iter().map(|e| e.gold_units).sum();
            messages.info(format!(
                "gold of {} written ({units} units) into {}, with {CORPUS_REPORT}",
                crate::wording::plural(corpus.exported.len(), "document", "documents"),
                folder.display()
            ));
            for skipped in &corpus.skipped {
                messages.warning(format!(
                    "{}: skipped, {} alignment(s) open",
                    skipped.document, skipped.open
                ));
            }
            for exported in &corpus.exported {
                for note in &exported.notes {
                    messages.info(format!("{}: {note}", exported.document));
                }
            }
            if !left_out.is_empty() {
                messages.warning(format!("left out: {}", left_out.join(", ")));
            }
        }
        Err(e) => messages.error(format!("the gold corpus was not written: {e}")),
    }
}
