//! The coding room: coding studies — items that several coders each labelled (or left out),
//! read from a wide, long or contingency table ([`gamma_formats::coding_table`]) and measured
//! with the coefficients of Artstein & Poesio's survey ([`gamma_core::coding`]).
//!
//! A table opens as one [`study::Study`]; a folder of tables as a [`dashboard`] (a row per
//! table) from which each study opens. The study's view lists its items with each coder's
//! label (disagreements first, filtered by category and coder), the confusion matrix of a pair
//! of coders, and the [`agreement`] panel with the coefficients chosen and their intervals;
//! its items are decided with the keys of alignments (1…9, A, R, N/P, Ctrl+Z/Ctrl+Y, a typed
//! label), by bulk rules, and the gold table and the decision report exported. Every change is
//! autosaved in the data folder, and the session resumed when the same table opens again; a
//! [`project`] saves and reopens the whole.
//!
//! Its files: [`reading`] (which inputs are coding tables, the open dialog's form, what the open
//! job reads), [`study`], [`agreement`], [`dashboard`], [`project`], the actions of
//! [`opening`], [`measuring`], [`deciding`] and [`exporting`], the room's jobs ([`running`],
//! their kinds in [`job`]); drawn by [`panel`] (the view), [`items_panel`], [`pairs_panel`],
//! [`agreement_panel`], [`decision_panel`] (with the keys), [`dashboard_panel`] and
//! [`open_dialog`].

pub mod agreement;
pub mod agreement_panel;
pub mod dashboard;
pub mod dashboard_panel;
pub mod deciding;
pub mod decision_panel;
pub mod exporting;
pub mod items_panel;
pub mod job;
pub mod measuring;
pub mod open_dialog;
pub mod opening;
pub mod pairs_panel;
pub mod panel;
pub mod project;
pub mod reading;
pub mod running;
pub mod study;

use crate::app::AppState;
use agreement::Agreement;
use dashboard::Dashboard;
use gamma_core::coding::BulkRule;
use gamma_core::gold::Direction;
use gamma_formats::coding_table::CodingReadOptions;
use reading::OpenForm;
use std::path::PathBuf;
use study::{Decision, Study};

pub use project::is_coding_project;

/// What was opened: a table (or the annotation files of the spans shape), or a folder of
/// tables.
#[derive(Debug, Clone, PartialEq)]
pub enum CodingInputs {
    Table(Vec<PathBuf>),
    Folder(PathBuf),
}

/// Which of the room's views fills the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CodingView {
    /// The study shown.
    #[default]
    Study,
    /// The folder's tables.
    Dashboard,
}

/// The central panel's tab in the study view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StudyTab {
    /// The items and each coder's label.
    #[default]
    Items,
    /// Coder × coder: the confusion matrix of a pair, the coefficients per pair.
    Pairs,
}

/// An action of the room, sent by its panels and keys and applied in one place
/// ([`AppState::apply_coding`], from [`crate::app::commands`]).
#[derive(Debug, Clone, PartialEq)]
pub enum CodingCommand {
    /// Open what the open dialog holds, read as it says.
    OpenPending,
    /// Close the open dialog.
    CancelPending,
    /// The study shown through the open dialog again (another shape, missing cells…).
    ReadAgain,
    /// Show study `index`.
    Show(usize),
    /// Show the folder's dashboard.
    ShowDashboard,
    /// Decide the item selected.
    Decide(Decision),
    /// N, P: the next or previous open disagreement (in the next table of a folder when this
    /// one has none left).
    GoToOpen(Direction),
    Undo,
    Redo,
    /// A bulk rule over the open items of the study shown.
    Rule(BulkRule),
    /// The coefficients or the bootstrap's settings changed: measure again.
    Measure,
    /// Stop drawing the bootstrap intervals.
    StopBootstrap,
    /// The confusion matrix of this pair of coders.
    Pair(usize, usize),
    /// Write the gold table of the study shown.
    ExportGold(PathBuf),
    /// Write its decision report.
    ExportDecisions(PathBuf),
    /// Write the dashboard's lines as CSV.
    ExportTable(PathBuf),
}

/// The room's state.
pub struct Coding {
    /// What was opened (a project records it).
    pub opened: Option<CodingInputs>,
    /// How the tables were read.
    pub reading: CodingReadOptions,
    /// The studies read: the table's, or every table of the folder read so far.
    pub studies: Vec<Study>,
    /// The folder's tables, when a folder was opened.
    pub dashboard: Option<Dashboard>,
    /// The study shown (an index into `studies`).
    pub shown: Option<usize>,
    pub view: CodingView,
    pub tab: StudyTab,
    /// The coefficients chosen, the bootstrap's settings, and what was measured.
    pub agreement: Agreement,
    /// The open dialog, while a table waits for the user's choices.
    pub pending_open: Option<OpenForm>,
    /// After a decision, go to the next open disagreement.
    pub advance: bool,
    /// The majority rule's threshold (its share of the item's ratings).
    pub threshold: f64,
    /// The label being typed for the item selected.
    pub typed_label: String,
    /// Whether the items table scrolls to the item selected (it was reached by a key).
    pub reveal: bool,
    /// The outcome of the last action, shown in the decision panel.
    pub message: Option<String>,
    /// The project file autosaved after every change, once saved or opened.
    pub project_path: Option<PathBuf>,
    /// What the project held when last saved.
    project_saved: String,
    /// A project being opened: what it restores once its tables are read.
    pending_project: Option<Box<project::CodingProject>>,
}

impl Default for Coding {
    fn default() -> Self {
        Coding {
            opened: None,
            reading: CodingReadOptions::default(),
            studies: Vec::new(),
            dashboard: None,
            shown: None,
            view: CodingView::default(),
            tab: StudyTab::default(),
            agreement: Agreement::default(),
            pending_open: None,
            advance: true,
            threshold: 0.75,
            typed_label: String::new(),
            reveal: false,
            message: None,
            project_path: None,
            project_saved: String::new(),
            pending_project: None,
        }
    }
}

impl Coding {
    /// Whether a study or a folder of tables is open (the Coding view is offered).
    pub fn is_open(&self) -> bool {
        self.opened.is_some()
    }

    /// The study shown.
    pub fn shown(&self) -> Option<&Study> {
        self.studies.get(self.shown?)
    }

    /// The study shown, to change.
    pub fn shown_mut(&mut self) -> Option<&mut Study> {
        self.studies.get_mut(self.shown?)
    }

    /// The inputs read, for the outputs' checks (never written over).
    pub fn inputs(&self) -> Vec<PathBuf> {
        let mut inputs: Vec<PathBuf> = self.studies.iter().flat_map(|s| s.paths.clone()).collect();
        if let Some(dashboard) = &self.dashboard {
            inputs.extend(dashboard.rows.iter().map(|r| r.path.clone()));
        }
        inputs
    }
}

impl AppState {
    /// Applies one of the room's commands.
    pub fn apply_coding(&mut self, command: CodingCommand) {
        match command {
            CodingCommand::OpenPending => self.open_pending_coding(),
            CodingCommand::CancelPending => self.coding.pending_open = None,
            CodingCommand::ReadAgain => self.read_coding_again(),
            CodingCommand::Show(index) => self.show_coding_study(index),
            CodingCommand::ShowDashboard => {
                if self.coding.dashboard.is_some() {
                    self.coding.view = CodingView::Dashboard;
                }
            }
            CodingCommand::Decide(decision) => self.decide_coding(decision),
            CodingCommand::GoToOpen(direction) => self.coding_go_to_open(direction),
            CodingCommand::Undo => self.coding_undo(false),
            CodingCommand::Redo => self.coding_undo(true),
            CodingCommand::Rule(rule) => self.coding_rule(rule),
            CodingCommand::Measure => self.measure_coding(),
            CodingCommand::StopBootstrap => self.stop_coding_bootstrap(),
            CodingCommand::Pair(first, second) => self.coding_pair(first, second),
            CodingCommand::ExportGold(path) => self.export_coding(exporting::Export::Gold, path),
            CodingCommand::ExportDecisions(path) => {
                self.export_coding(exporting::Export::Decisions, path)
            }
            CodingCommand::ExportTable(path) => {
                self.export_coding(exporting::Export::Dashboard, path)
            }
        }
    }

    /// Says something in Messages.
    fn coding_says(&mut self, text: impl Into<String>) {
        self.shell.messages.info(text);
    }

    /// Says what failed in Messages.
    fn coding_fails(&mut self, text: impl std::fmt::Display) {
        self.shell.messages.error(text);
    }

    /// The adjudicator recorded with each decision (none when the name is empty).
    fn coding_adjudicator(&self) -> Option<String> {
        let name = self.adjudication.adjudicator.trim();
        (!name.is_empty()).then(|| name.to_string())
    }
}
