//! The actions the panels and keys ask for that reach beyond the widget that asked: they are
//! queued during the frame ([`AppState::send`]) and applied in one place at its end
//! ([`AppState::apply_commands`]), as egui_demo_app's `Command` and rerun's command handling
//! do — so that a corpus-wide action and its undo are one thing, whoever asked for it. The
//! queue is private to this file: only [`AppState::apply_commands`] drains it.

use crate::app::AppState;
use crate::app::campaign::{CorpusRule, QueueOrder};
use crate::app::coding::CodingCommand;
use crate::app::document::open_document::DocumentId;
use crate::app::shell::Mode;
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
    /// An action of the coding room.
    Coding(CodingCommand),
}

/// The commands sent this frame, in order.
#[derive(Debug, Default)]
pub struct Commands(Vec<Command>);

impl AppState {
    /// Asks for `command`, applied at the end of the frame.
    pub fn send(&mut self, command: Command) {
        self.commands.0.push(command);
    }

    /// Applies the commands sent this frame, in order.
    pub fn apply_commands(&mut self) {
        for command in std::mem::take(&mut self.commands.0) {
            self.apply(command);
        }
    }

    /// Applies one command.
    pub fn apply(&mut self, command: Command) {
        match command {
            Command::GoToOpen(direction) => self.go_across(direction),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::CorpusRule(rule) => self.apply_corpus_rule(rule),
            Command::QueueOrder(order) => self.campaign.order = order,
            Command::OpenDocument(id) => {
                self.shell.mode = Mode::Annotations;
                if let Some(index) = self.documents.open.iter().position(|d| d.id == id)
                    && index != self.documents.current
                {
                    self.select_document(index);
                }
            }
            Command::ExportTable { path, documents } => self.export_table(path, &documents),
            Command::ExportGoldCorpus(folder) => {
                self.export_gold_corpus(&folder, self.campaign.open_alignments)
            }
            Command::Coding(command) => self.apply_coding(command),
        }
    }
}
