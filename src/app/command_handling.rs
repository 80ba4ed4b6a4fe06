//! Where the [`Command`]s the panels and keys sent during a frame are applied, in order, at its
//! end: the one place that changes the app state for them.

use super::commands::Command;
use super::state::{AppState, Mode};
use crate::app::campaign::dashboard::{CsvRow, table_csv};
use crate::app::document::open_document::DocumentId;
use std::path::PathBuf;

impl AppState {
    /// Asks for `command`, applied at the end of the frame.
    pub fn send(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// Applies the commands sent this frame, in order.
    pub fn apply_commands(&mut self) {
        for command in std::mem::take(&mut self.commands) {
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
                self.mode = Mode::Annotations;
                if let Some(index) = self.documents.iter().position(|d| d.id == id)
                    && index != self.current
                {
                    self.select_document(index);
                }
            }
            Command::ExportTable { path, documents } => self.export_table(path, &documents),
            Command::ExportGoldCorpus(folder) => {
                self.export_gold_corpus(&folder, self.campaign.open_alignments)
            }
        }
    }

    /// Writes the dashboard's rows of `documents` as CSV at `path` (all at once: the old file
    /// stays whole if writing fails).
    fn export_table(&mut self, path: PathBuf, documents: &[DocumentId]) {
        let names: Vec<_> = (self.documents.iter())
            .map(|d| d.continuum().annotator_names())
            .collect();
        let rows: Vec<CsvRow> = (documents.iter())
            .filter_map(|id| self.documents.iter().position(|d| d.id == *id))
            .map(|i| CsvRow {
                document: &self.documents[i].continuum().name,
                annotators: &names[i],
                n_units: self.documents[i].continuum().n_units(),
                measured: self.dashboard.rows.get(i).and_then(Option::as_ref),
            })
            .collect();
        let (count, text) = (rows.len(), table_csv(&rows));
        let message = match gamma_formats::write_atomically(&path, text.as_bytes()) {
            Ok(()) => format!("table written ({count} documents): {}", path.display()),
            Err(e) => format!("the table was not written: {e}"),
        };
        self.errors.push(message);
    }
}
