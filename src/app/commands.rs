//! The actions the panels and keys ask for that reach beyond the widget that asked: they are
//! queued during the frame and applied in one place at its end
//! ([`super::command_handling`]), as egui_demo_app's `Command` and rerun's command handling
//! do — so that a corpus-wide action and its undo are one thing, whoever asked for it.

use super::campaign::{CorpusRule, QueueOrder};
use crate::app::document::open_document::DocumentId;
use gamma_core::gold::Direction;
use std::path::PathBuf;

/// An action on the app state.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// N or P: the next or previous open alignment, in the next document when this one has
    /// none left.
    GoToOpen(Direction),
    /// Undo the last action (a corpus-wide step in every document).
    Undo,
    /// Redo the last action undone.
    Redo,
    /// A bulk rule over every document.
    CorpusRule(CorpusRule),
    /// The order of the documents in the queue.
    QueueOrder(QueueOrder),
    /// Show this document (in the Annotations view).
    OpenDocument(DocumentId),
    /// Write the dashboard's table, these documents in this order, as CSV.
    ExportTable {
        path: PathBuf,
        documents: Vec<DocumentId>,
    },
    /// Write every adjudicated document's gold into this folder, laid out as the corpus.
    ExportGoldCorpus(PathBuf),
}
