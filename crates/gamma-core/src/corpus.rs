//! A corpus: several continua annotated by the same team (paper §4.8.1, §5.2.2).
//!
//! The corpus sampler draws random annotations across documents, and the corpus γ pools the
//! observed disorders of all documents; both need every document to have the same number of
//! annotators.

use crate::continuum::Continuum;

/// The documents of a corpus, each one continuum.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Corpus {
    /// The documents, in the order given; [`crate::corpus_gamma`] rejects a corpus whose
    /// documents have different numbers of annotators.
    pub documents: Vec<Continuum>,
}

impl Corpus {
    /// A corpus of these documents (not checked here: see [`Corpus::documents`]).
    pub fn new(documents: Vec<Continuum>) -> Corpus {
        Corpus { documents }
    }

    /// Every category of every document, sorted alphabetically, each once.
    pub fn categories(&self) -> Vec<String> {
        let mut all: Vec<String> = self
            .documents
            .iter()
            .flat_map(Continuum::categories)
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// The number of units of all documents and annotators.
    pub fn n_units(&self) -> usize {
        self.documents.iter().map(Continuum::n_units).sum()
    }
}
