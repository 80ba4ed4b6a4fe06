//! Which documents an evaluation reads, and against which reference: an annotator the user
//! names, or — when none is named — the reference that came with the documents (the curated
//! document of an INCEpTION project export, [`Document::reference`]). The command line
//! (`gamma-studio evaluate`) and the app's Evaluate window both build their corpus here.

use crate::Document;
use gamma_core::continuum::Continuum;

/// The continua to evaluate and the name of their reference.
#[derive(Debug, Clone, PartialEq)]
pub struct Referenced {
    /// The reference annotator's name in the continua.
    pub reference: String,
    /// Whether the reference is the documents' own (the curated document), not a name asked for.
    pub curated: bool,
    /// The documents evaluated, each with its curated document as one more annotator when that
    /// is the reference ([`Document::with_reference`]).
    pub continua: Vec<Continuum>,
    /// The names of the documents left out: without a curated document when it is the
    /// reference.
    pub left_out: Vec<String>,
}

/// The continua of `documents` to evaluate against `asked` (an annotator's name; the curated
/// document of a project export when it is named `curation`), or, when `asked` is `None`, against
/// the documents' curated document, the documents that have none left out. `None` when no
/// reference is asked for and no document came with one.
pub fn with_reference(documents: &[Document], asked: Option<&str>) -> Option<Referenced> {
    let curated = |d: &Document| d.reference().map(|r| r.name.clone());
    let reference = match asked {
        Some(name) => name.to_string(),
        None => documents.iter().find_map(curated)?,
    };
    let mut continua = Vec::new();
    let mut left_out = Vec::new();
    let has_reference = |document: &Document| {
        curated(document).as_deref() == Some(reference.as_str())
            || document
                .continuum
                .annotators
                .iter()
                .any(|a| a.name == reference)
    };
    // A reference no document has: every document is kept, and the evaluation names the
    // annotators there are.
    let none_has_it = !documents.iter().any(has_reference);
    for document in documents {
        let has_annotator = none_has_it
            || document
                .continuum
                .annotators
                .iter()
                .any(|a| a.name == reference);
        if curated(document).as_deref() == Some(reference.as_str()) {
            continua.push(document.with_reference());
        } else if asked.is_some() && has_annotator {
            continua.push(document.continuum.clone());
        } else {
            // Neither the reference annotator nor a curated document: nothing to compare with.
            left_out.push(document.continuum.name.clone());
        }
    }
    Some(Referenced {
        reference,
        curated: asked.is_none(),
        continua,
        left_out,
    })
}
