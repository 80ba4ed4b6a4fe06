//! The one way the panels and keys change what outlives their widgets: they send a [`Command`]
//! during the frame ([`AppState::send`]) and it is applied in one place at the frame's end
//! ([`AppState::apply_commands`]), as egui_demo_app's `Command` and rerun's command handling do
//! — so that an action, its messages and its undo are one thing, whoever asked for it. The
//! queue is private to this file: only [`AppState::apply_commands`] drains it.
//!
//! What a panel changes in place is its room's form — the values a later command will use
//! (the sweep's settings, a threshold, the filters and orders of the lists), the view and the
//! selection. Everything that acts — computes, decides, reads or writes a file, opens or
//! closes something — is a command.

use crate::app::AppState;
use crate::app::adjudication::Edit;
use crate::app::adjudication::adjudicating::ExportKind;
use crate::app::adjudication::reasons::ReasonEdit;
use crate::app::campaign::{CorpusRule, QueueOrder};
use crate::app::coding::CodingCommand;
use crate::app::document::open_document::DocumentId;
use crate::app::files::demo::Demo;
use crate::app::files::open_dialog::OpenChoices;
use crate::app::measure::settings::Settings;
use crate::app::shuffling::Export as ShufflingExport;
use gamma_core::gold::Direction;
use gamma_formats::ReadOptions;
use std::path::PathBuf;

/// An action on the app state.
#[derive(Debug, Clone)]
pub enum Command {
    // Files.
    /// Files picked or dropped: a folder opens as a corpus, files with something to choose go
    /// through the open dialog, the others open at once.
    Open(Vec<PathBuf>),
    /// Files read with these options.
    OpenFiles {
        paths: Vec<PathBuf>,
        options: ReadOptions,
    },
    /// A corpus folder, its files read with these options.
    OpenFolder {
        folder: PathBuf,
        options: ReadOptions,
    },
    /// The open dialog's choices, remembered for the next files of the same kind.
    RememberChoices(OpenChoices),
    /// A bundled demo.
    OpenDemo(Demo),
    /// A project file: its inputs, settings, view and adjudications.
    OpenProject(PathBuf),
    /// Entry `n` of File → Recent, opened as it was (files, a corpus folder, a project).
    OpenRecent(usize),
    /// Whether the last entry of File → Recent reopens when the app starts.
    ReopenLastAtStart(bool),
    /// Save the project there (and autosave there from then on).
    SaveProject(PathBuf),
    /// Write the agreement report there.
    ExportReport(PathBuf),
    /// Write each annotator's feedback pages into this folder.
    ExportFeedback(PathBuf),
    /// Stop the feedback export.
    CancelFeedback,
    /// Compute the anatomy of the disagreement of the document shown.
    ComputeAnatomy,
    /// Focus the adjudication room on the alignments behind a figure of the anatomy.
    FocusAlignments {
        label: String,
        alignments: Vec<gamma_core::diagnostics::AlignmentId>,
    },
    /// Go through every alignment again (the focus cleared).
    ClearFocus,
    /// List the places where two categories meet (`None`: a category and an empty slot).
    ShowExamples {
        first: String,
        second: Option<String>,
    },
    /// Write the examples listed there (.md or .csv).
    ExportExamples(PathBuf),
    /// Stop gathering the agreement report (nothing is written).
    CancelReport,
    /// List the sessions autosaved in the data folder (File → Saved adjudications…).
    ListSessions,
    /// Reopen the files of a saved session listed.
    ReopenSession(usize),

    // The measure.
    /// New settings: the shown result is stale until the new one arrives.
    Settings(Box<Settings>),
    /// Read a matrix of categorical dissimilarities (the categories' setting then).
    LoadMatrix(PathBuf),
    /// Write the matrix of categorical dissimilarities there.
    SaveMatrix(PathBuf),
    /// Compute γ (or tγ) of the document shown again.
    Compute,
    /// Cancel γ of the document shown.
    Cancel,

    // Documents.
    /// Show this document (in the Annotations view).
    OpenDocument(DocumentId),

    // Adjudication.
    /// Adjudicate the document shown from its alignment.
    StartAdjudication,
    /// Resume the session offered.
    ResumeAdjudication,
    /// Stop adjudicating (the session stays saved).
    StopAdjudication,
    /// Open a session file (of the document shown).
    LoadSession(PathBuf),
    /// Save the session there (and autosave there from then on).
    SaveSessionAs(PathBuf),
    /// Write the gold or the report; an input is overwritten only once `confirmed`.
    Export {
        kind: ExportKind,
        path: PathBuf,
        confirmed: bool,
    },
    /// Keep the inputs: the export waiting for the overwrite's confirmation is dropped.
    KeepInputs,
    /// Start the adjudication of the document shown over: asks first, then (`confirmed`)
    /// discards every decision as one step that undo takes back.
    StartOver { confirmed: bool },
    /// Keep the decisions: Start over's question is dropped.
    KeepDecisions,
    /// An edit of the adjudication of the document shown.
    Adjudicate(Edit),
    /// A change of the campaign's list of reasons for decisions.
    Reasons(ReasonEdit),
    /// N or P: the next or previous open alignment, in the next document when this one has
    /// none left.
    GoToOpen(Direction),
    /// Undo the last action (a corpus-wide step in every document).
    Undo,
    /// Redo the last action undone.
    Redo,

    // The campaign.
    /// A bulk rule over every document.
    CorpusRule(CorpusRule),
    /// The order of the documents in the queue.
    QueueOrder(QueueOrder),
    /// Write the dashboard's table, these documents in this order, as CSV.
    ExportTable {
        path: PathBuf,
        documents: Vec<DocumentId>,
    },
    /// Write every adjudicated document's gold into this folder, laid out as the corpus.
    ExportGoldCorpus(PathBuf),

    // The shuffling tool.
    /// Run the sweep of the current settings.
    Sweep,
    /// Calibrate γ of the document shown.
    Calibrate,
    /// Stop the sweep or calibration running.
    StopShuffling,
    /// Write the sweep's table or the calibration's curves as CSV.
    ExportShuffling {
        what: ShufflingExport,
        path: PathBuf,
    },

    // Evaluation.
    /// Read a label mapping (system label → reference label).
    LoadMapping(PathBuf),
    /// Forget the label mapping.
    DropMapping,
    /// Write the evaluation's table as CSV.
    ExportEvaluation(PathBuf),
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

    /// Applies one command: each is an action of a room (see its `mod.rs`).
    pub fn apply(&mut self, command: Command) {
        match command {
            Command::Open(paths) => self.request_open(paths),
            Command::OpenFiles { paths, options } => self.open_files(&paths, &options),
            Command::OpenFolder { folder, options } => self.open_folder(&folder, &options),
            Command::RememberChoices(choices) => self.remember_choices(choices),
            Command::OpenDemo(demo) => self.open_demo(demo),
            Command::OpenProject(path) => self.open_project(&path),
            Command::OpenRecent(index) => self.open_recent(index),
            Command::ReopenLastAtStart(reopen) => {
                if let Err(e) = self.files.recent.set_reopen_last(reopen) {
                    self.shell.messages.error(e);
                }
            }
            Command::SaveProject(path) => self.save_project_and_say(&path),
            Command::ExportReport(path) => self.export_report(path),
            Command::ExportFeedback(folder) => self.export_feedback(folder),
            Command::CancelFeedback => self.cancel_feedback(),
            Command::ComputeAnatomy => self.compute_anatomy(),
            Command::FocusAlignments { label, alignments } => {
                self.focus_alignments(label, alignments)
            }
            Command::ClearFocus => self.diagnostics.focus = None,
            Command::ShowExamples { first, second } => self.show_examples(first, second),
            Command::ExportExamples(path) => self.export_examples(path),
            Command::CancelReport => self.cancel_report(),
            Command::ListSessions => self.list_saved_sessions(),
            Command::ReopenSession(index) => self.reopen_saved_session(index),
            Command::Settings(settings) => self.change_settings(*settings),
            Command::LoadMatrix(path) => self.load_matrix(path),
            Command::SaveMatrix(path) => self.save_matrix(&path),
            Command::Compute => self.recompute(),
            Command::Cancel => self.cancel(),
            Command::OpenDocument(id) => self.open_document(id),
            Command::StartAdjudication => self.start_adjudication_and_say(),
            Command::ResumeAdjudication => self.resume_adjudication(),
            Command::StopAdjudication => self.stop_adjudication(),
            Command::LoadSession(path) => self.load_session(&path),
            Command::SaveSessionAs(path) => self.save_session_as(path),
            Command::Export {
                kind,
                path,
                confirmed,
            } => self.export(kind, path, confirmed),
            Command::KeepInputs => self.keep_inputs(),
            Command::StartOver { confirmed } => self.start_over(confirmed),
            Command::KeepDecisions => self.keep_decisions(),
            Command::Adjudicate(edit) => self.edit(edit),
            Command::Reasons(edit) => self.edit_reasons(edit),
            Command::GoToOpen(direction) => self.go_across(direction),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::CorpusRule(rule) => self.apply_corpus_rule(rule),
            Command::QueueOrder(order) => self.campaign.order = order,
            Command::ExportTable { path, documents } => self.export_table(path, &documents),
            Command::ExportGoldCorpus(folder) => {
                self.export_gold_corpus(&folder, self.campaign.open_alignments)
            }
            Command::Sweep => self.start_sweep(),
            Command::Calibrate => self.start_calibration(),
            Command::StopShuffling => self.shuffling.cancel(&mut self.jobs),
            Command::ExportShuffling { what, path } => self.export_shuffling(what, path),
            Command::LoadMapping(path) => self.evaluate.load_mapping(path),
            Command::DropMapping => self.evaluate.mapping = None,
            Command::ExportEvaluation(path) => self.export_evaluation(path),
            Command::Coding(command) => self.apply_coding(command),
        }
    }
}
