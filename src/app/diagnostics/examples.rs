//! Examples for the guidelines (issue 43, item 4): the places where two confused categories
//! meet in the document shown ([`gamma_core::diagnostics::examples`]), listed in the anatomy
//! window and written as a list for the guideline document — Markdown or CSV by the file's
//! extension, every cell neutralised ([`gamma_formats::examples_list`]).

use crate::app::AppState;
use gamma_core::Corpus;
use gamma_core::diagnostics::{Example, examples};
use gamma_formats::examples_list::{csv_text, markdown};
use std::path::PathBuf;

/// The examples of one pair of categories.
#[derive(Debug, Clone, PartialEq)]
pub struct PairExamples {
    /// The pair in words ("LOC with ORG", "PER with ∅").
    pub title: String,
    /// The places, by position.
    pub found: Vec<Example>,
}

impl AppState {
    /// Lists the places where `first` meets `second` (`None`: an empty slot) in the document
    /// whose anatomy is shown.
    pub fn show_examples(&mut self, first: String, second: Option<String>) {
        let view = &self.diagnostics.anatomy;
        let (Some(continuum), Some(result)) = (&view.continuum, &view.result) else {
            return;
        };
        let corpus = Corpus::new(vec![continuum.clone()]);
        let found = examples(&corpus, result, &first, second.as_deref());
        let title = format!("{first} with {}", second.as_deref().unwrap_or("∅"));
        self.diagnostics.examples = Some(PairExamples { title, found });
    }

    /// Writes the examples listed to `path`: Markdown (.md) or CSV (.csv); never over an input.
    pub fn export_examples(&mut self, path: PathBuf) {
        let Some(shown) = &self.diagnostics.examples else {
            return;
        };
        let extension = (path.extension().and_then(|e| e.to_str()))
            .map(str::to_lowercase)
            .unwrap_or_default();
        let text = match extension.as_str() {
            "md" => markdown(&shown.found, &shown.title, 1),
            "csv" => csv_text(&shown.found),
            _ => {
                self.shell.messages.error(format!(
                    "{}: the examples are written as .md (Markdown) or .csv",
                    path.display()
                ));
                return;
            }
        };
        let inputs: Vec<PathBuf> = (self.documents.open.iter())
            .flat_map(|d| d.document.source.paths())
            .collect();
        if gamma_formats::gold_export::is_input(&path, &inputs) {
            let error = format!("{}: is an input file; choose another name", path.display());
            self.shell.messages.error(error);
            return;
        }
        match gamma_formats::write_atomically(&path, text.as_bytes()) {
            Ok(()) => self.shell.messages.done(format!(
                "examples of {} written ({}): {}",
                shown.title,
                crate::wording::plural(shown.found.len(), "place", "places"),
                path.display()
            )),
            Err(e) => (self.shell.messages).error(format!("the examples were not written: {e}")),
        }
    }
}
