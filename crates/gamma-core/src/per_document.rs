//! The documents of a corpus measured one by one: the table of an annotation campaign.
//!
//! The corpus γ ([`crate::corpus_gamma`]) pools the observed disorder of every document and
//! draws its chance disorders from the whole corpus: one figure for the campaign. A campaign also
//! needs each document's own γ, to find the documents where the annotators disagree most and
//! adjudicate those first. Each document here is measured exactly as if it were opened alone
//! (same options, same seed), so that a document's row equals its single-document run. Documents
//! are measured in parallel; one that cannot be measured (one annotator, no unit) has its error in
//! its row and does not stop the others.

use crate::continuum::Continuum;
use crate::corpus::Corpus;
use crate::gamma::{GammaError, GammaOptions, GammaResult, RunControl, gamma};
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One document's row: who annotated it, how much, and its γ (without γ-cat and γ-k).
#[derive(Debug, Clone)]
pub struct DocumentGamma {
    /// The document's name ([`Continuum::name`]).
    pub document: String,
    /// Its annotators, in the document's order.
    pub annotators: Vec<String>,
    /// Its units, every annotator together.
    pub n_units: usize,
    /// Its γ as if opened alone, or why it cannot be measured.
    pub result: Result<GammaResult, GammaError>,
}

impl DocumentGamma {
    /// γ, when the document could be measured.
    pub fn gamma(&self) -> Option<f64> {
        self.result.as_ref().ok().map(|r| r.gamma)
    }
}

/// Every document's γ, in the corpus's order. `control.on_progress` is called with (documents
/// done, documents); cancelling stops the documents not yet started (their rows say
/// [`GammaError::Cancelled`]).
pub fn per_document(
    corpus: &Corpus,
    options: &GammaOptions,
    control: RunControl,
) -> Vec<DocumentGamma> {
    let done = AtomicUsize::new(0);
    let total = corpus.documents.len();
    // γ-cat and γ-k are the corpus's figures; a row needs γ alone (the same γ either way).
    let options = GammaOptions {
        categorical_gammas: false,
        ..options.clone()
    };
    let options = &options;
    let row = |document: &Continuum| {
        let result = if control.is_cancelled() {
            Err(GammaError::Cancelled)
        } else {
            let alone = RunControl {
                cancelled: control.cancelled,
                on_progress: None,
            };
            gamma(document, options, alone)
        };
        control.progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
        DocumentGamma {
            document: document.name.clone(),
            annotators: document.annotator_names(),
            n_units: document.n_units(),
            result,
        }
    };
    corpus.documents.par_iter().map(row).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gamma::{SampleCount, corpus_gamma};

    fn document(name: &str, shift: f64) -> Continuum {
        let mut c = Continuum::new(name);
        for (s, e, k) in [(0.0, 10.0, "x"), (20.0, 30.0, "y"), (40.0, 50.0, "x")] {
            c.add("a", s, e, k).unwrap();
            c.add("b", s + shift, e + shift, k).unwrap();
        }
        c
    }

    fn options() -> GammaOptions {
        GammaOptions {
            samples: SampleCount::Fixed(30),
            seed: 7,
            ..GammaOptions::default()
        }
    }

    #[test]
    fn each_row_is_the_document_measured_alone() {
        let corpus = Corpus::new(vec![document("close", 1.0), document("far", 4.0)]);
        let rows = per_document(&corpus, &options(), RunControl::default());
        assert_eq!(rows.len(), 2);
        for (row, continuum) in rows.iter().zip(&corpus.documents) {
            let alone = corpus_gamma(
                &Corpus::new(vec![continuum.clone()]),
                &options(),
                RunControl::default(),
            )
            .unwrap();
            let result = row.result.as_ref().unwrap();
            assert_eq!(result.gamma, alone.gamma);
            assert_eq!(result.observed_disorder, alone.observed_disorder);
            assert_eq!(row.annotators, ["a", "b"]);
            assert_eq!(row.n_units, 6);
        }
        assert!(rows[0].gamma().unwrap() > rows[1].gamma().unwrap());
    }

    #[test]
    fn a_document_that_cannot_be_measured_has_its_error_in_its_row() {
        let mut lonely = Continuum::new("lonely");
        lonely.add("a", 0.0, 5.0, "x").unwrap();
        let corpus = Corpus::new(vec![lonely, document("close", 1.0)]);
        let rows = per_document(&corpus, &options(), RunControl::default());
        assert!(rows[0].result.is_err());
        assert!(rows[1].gamma().is_some());
    }
}
