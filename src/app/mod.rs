//! The desktop app: a thin client of the core, cut into rooms. Each room is a folder whose
//! `mod.rs` owns its state and what it does, without widgets, and whose panel files draw it:
//!
//! - [`shell`]: the window (menus, Messages, the side panels' layout, the keyboard's focus,
//!   Help) and which view fills it;
//! - [`files`]: the file dialogs, the open dialog, the recent files, the project, the demos;
//! - [`measure`]: the settings, the γ and tγ runs and their results;
//! - [`document`]: the open documents, the timeline's view, the selection, the shown
//!   alignments, the reading view, the timeline and the categories' colours;
//! - [`adjudication`]: the adjudication of each document;
//! - [`campaign`]: the corpus as a whole — the dashboard, the actions on every document, the
//!   gold corpus export, the saved sessions;
//! - [`coding`]: coding studies (items × coders): a table or a folder of tables, the agreement
//!   with its intervals, the adjudication of each item;
//! - [`shuffling`]: the Corpus Shuffling Tool; [`evaluate`]: evaluation against a reference;
//!   [`report_export`]: the agreement report; [`diagnostics`]: why the annotators disagree
//!   (the feedback pages for each annotator).
//!
//! [`AppState`] is the composition of the rooms' states. Panels read it and ask for changes
//! that outlive their widgets with [`commands::Command`]s, applied in one place at the end of
//! the frame; every long computation is a [`jobs::Job`].

mod adjudication;
pub mod bench;
mod campaign;
mod coding;
mod commands;
mod diagnostics;
mod document;
mod errors;
mod evaluate;
pub mod files;
mod jobs;
pub mod measure;
mod report_export;
mod shell;
pub mod shuffling;

#[cfg(test)]
mod tests;

pub use shell::window::{GammaStudioApp, Launch, install_fonts, run};

use std::path::PathBuf;

/// What the app shows and edits, room by room (no widgets here).
pub struct AppState {
    /// Which view fills the window, Messages, whether keys reach the document.
    pub shell: shell::Shell,
    /// How the open files were read, the recent files, the project, the data folder.
    pub files: files::Files,
    /// The open documents, the one shown, its view and selection.
    pub documents: document::Documents,
    /// The settings and the γ (or tγ) run of the document shown.
    pub measure: measure::Measure,
    /// The adjudication of each document.
    pub adjudication: adjudication::Adjudications,
    /// The corpus as a whole: the dashboard, the queue, the corpus-wide steps.
    pub campaign: campaign::Campaign,
    /// Coding studies: the tables, their agreement and adjudication.
    pub coding: coding::Coding,
    /// The Corpus Shuffling Tool.
    pub shuffling: shuffling::Shuffling,
    /// The Evaluate window.
    pub evaluate: evaluate::Evaluate,
    /// The agreement report being written.
    pub report: report_export::ReportExport,
    /// Why the annotators disagree: the feedback pages' export.
    pub diagnostics: diagnostics::Diagnostics,
    /// The commands sent this frame (see [`commands`]).
    commands: commands::Commands,
    /// Every job running (see [`jobs`]).
    jobs: jobs::Jobs,
}

impl AppState {
    /// A state with no document; `wake` asks the UI to repaint (called from the jobs).
    pub fn new(wake: jobs::Wake) -> AppState {
        AppState {
            shell: Default::default(),
            files: Default::default(),
            documents: Default::default(),
            measure: Default::default(),
            adjudication: Default::default(),
            campaign: Default::default(),
            coding: Default::default(),
            shuffling: Default::default(),
            evaluate: Default::default(),
            report: Default::default(),
            diagnostics: Default::default(),
            commands: Default::default(),
            jobs: jobs::Jobs::new(wake),
        }
    }

    /// Keeps sessions and recent files in `folder` (and reads the recent files from it).
    pub fn with_data_folder(mut self, folder: Option<PathBuf>) -> AppState {
        self.files.recent = files::recent::RecentFiles::in_folder(folder.clone());
        self.documents.category_colours =
            document::palette::CategoryMemory::in_folder(folder.as_deref());
        self.files.data_folder = folder;
        self
    }

    /// Takes what every background job sent (see [`AppState::poll_jobs`]); call once per
    /// frame.
    pub fn poll(&mut self) {
        self.poll_jobs();
    }
}

/// The default demo: the named entities in Glozz format (see [`files::demo`]).
#[cfg(test)]
pub fn demo_document() -> gamma_formats::Document {
    files::demo::Demo::NamedEntities
        .documents()
        .expect("the embedded demo is valid (tested)")
        .remove(0)
}
