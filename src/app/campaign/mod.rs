//! The adjudication of a corpus as a whole, its room: the order of the queue of open
//! alignments across documents, the bulk rules applied to every document at once, and the
//! corpus-wide steps for undo and redo. What acts on them is in [`crate::app::campaign::actions`].

pub mod actions;
pub mod dashboard;
pub mod dashboard_panel;
pub mod dashboard_table;
pub mod gold_corpus_export;
pub mod sessions_panel;

use crate::app::document::open_document::DocumentId;
use gamma_core::gold::{Adjudication, GoldError};

/// The order of the documents in the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum QueueOrder {
    /// As the documents were opened (the corpus's order).
    #[default]
    Documents,
    /// The document with the lowest γ first (as the dashboard measured them; those not measured
    /// last).
    WorstFirst,
}

/// A bulk rule applied to every document.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CorpusRule {
    /// Every alignment where all annotators have the same unit.
    Unanimous,
    /// Every alignment with a disorder of at most `threshold` where `majority` annotators agree
    /// on the category.
    BelowThreshold { threshold: f64, majority: usize },
}

impl CorpusRule {
    /// Applies the rule to one document's adjudication: how many alignments it decided.
    pub(super) fn apply(self, adjudication: &mut Adjudication) -> Result<usize, GoldError> {
        match self {
            CorpusRule::Unanimous => Ok(adjudication.decide_unanimous()),
            CorpusRule::BelowThreshold {
                threshold,
                majority,
            } => adjudication.decide_below_threshold(threshold, majority),
        }
    }

    /// What the rule decides, in the panel's words.
    pub(super) fn describe(self) -> String {
        match self {
            CorpusRule::Unanimous => "unanimous alignments".into(),
            CorpusRule::BelowThreshold {
                threshold,
                majority,
            } => format!("alignments with δ ≤ {threshold} and {majority} agreeing"),
        }
    }
}

/// A corpus-wide step: what it did and where it is in the history of each document it changed
/// (the step is whole only while it is the last step of every one).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct CorpusStep {
    pub label: String,
    pub marks: Vec<Mark>,
}

/// A corpus-wide step in one document's history.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Mark {
    pub document: DocumentId,
    /// The document's undo depth right after the step (right after its undo, for redo).
    pub depth: i64,
    /// The core's label of the document's step.
    pub step: String,
}

/// The corpus's queue order and its corpus-wide steps, for undo and redo.
#[derive(Debug, Default)]
pub struct Campaign {
    /// The order of the documents in the queue (chosen on the dashboard).
    pub order: QueueOrder,
    /// What the gold corpus export does with documents not fully decided.
    pub open_alignments: gamma_core::gold::OpenAlignments,
    pub(super) undo: Vec<CorpusStep>,
    pub(super) redo: Vec<CorpusStep>,
}

/// Decided alignments of all alignments, in how many documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CorpusProgress {
    pub decided: usize,
    pub total: usize,
    /// Documents counted: adjudicated, or measured (their alignments known).
    pub documents: usize,
}
