//! The measure room: the settings the user edits and the γ (or tγ) run of the document shown
//! with its results, γ of the other open documents and of the corpus; starting and
//! cancelling the run. Its files: the [`settings`], the run ([`gamma_run`],
//! [`text_gamma_run`]), and the panels that draw them: [`settings_panel`],
//! [`text_gamma_panel`], [`results_panel`], [`relation_agreement_panel`] (laid out by
//! [`number_rows`]).

pub mod gamma_run;
pub mod number_rows;
pub mod relation_agreement_panel;
pub mod results_panel;
pub mod settings;
pub mod settings_panel;
pub mod text_gamma_panel;
pub mod text_gamma_run;

use crate::app::AppState;
use crate::app::errors::AppError;
use gamma_core::{CategoryDissimilarity, CategoryMatrix};
use gamma_formats::Source;
use gamma_run::{CorpusOutcome, GammaRequest, GammaRun, Outcome, RunReport, Status, TextOutcome};
use settings::{AgreementMeasure, Settings};
use std::path::{Path, PathBuf};

/// The measure room's state.
#[derive(Default)]
pub struct Measure {
    /// The γ settings the user edits.
    pub settings: Settings,
    /// γ (or tγ) of the document shown: the job, its status, the latest results.
    pub run: GammaRun,
    /// γ of all open documents as one corpus (when several are open), with its interval.
    pub corpus_gamma: Option<Result<CorpusOutcome, AppError>>,
}

impl AppState {
    /// New settings (from the panels): the shown result is stale until the new one arrives.
    pub(crate) fn change_settings(&mut self, settings: Settings) {
        self.measure.settings = settings;
        self.settings_changed();
    }

    /// Reads a matrix of categorical dissimilarities: the categories compare by it from now on.
    pub(crate) fn load_matrix(&mut self, path: PathBuf) {
        match CategoryMatrix::read(&path) {
            Ok(matrix) => {
                let mut settings = self.measure.settings.clone();
                settings.gamma.dissimilarity.categorical = CategoryDissimilarity::Matrix(matrix);
                settings.matrix_file = Some(path);
                self.change_settings(settings);
            }
            Err(e) => self.shell.messages.error(e),
        }
    }

    /// Writes the matrix of categorical dissimilarities in use at `path`.
    pub(crate) fn save_matrix(&mut self, path: &Path) {
        if let CategoryDissimilarity::Matrix(matrix) =
            &self.measure.settings.gamma.dissimilarity.categorical
            && let Err(e) = gamma_formats::write_atomically(path, matrix.to_csv().as_bytes())
        {
            self.shell.messages.error(e);
        }
    }

    /// The settings changed: the shown result is stale until the new one arrives.
    pub fn settings_changed(&mut self) {
        for document in &mut self.documents.open {
            document.gamma = None;
        }
        self.measure.corpus_gamma = None;
        self.recompute();
    }

    /// Starts γ (or tγ) of the current document with the current settings (cancelling any
    /// job).
    pub fn recompute(&mut self) {
        let Some(document) = self.document() else {
            self.measure.run.stop(&mut self.jobs, Status::Idle);
            return;
        };
        let request = if self.uses_text_gamma() {
            GammaRequest::text_gamma(
                document,
                &self.measure.settings,
                &self.files.read_options.cora,
            )
        } else {
            Ok(GammaRequest::gamma(
                &self.documents.open,
                self.documents.current,
                &self.measure.settings,
                self.measure.corpus_gamma.is_some(),
            ))
        };
        match request {
            Ok(request) => self.measure.run.start(
                &mut self.jobs,
                self.documents.current,
                self.measure.settings.clone(),
                request,
            ),
            Err(e) => {
                self.measure
                    .run
                    .stop(&mut self.jobs, Status::Failed(e.clone()));
                self.shell.messages.error(e);
            }
        }
    }

    /// Cancels γ of the current document.
    pub fn cancel(&mut self) {
        self.measure.run.cancel(&mut self.jobs);
    }

    /// Whether γ of the current document is being computed.
    pub fn is_running(&self) -> bool {
        self.measure.run.is_running()
    }

    /// What the γ job told: a document's γ, the corpus γ, a failure.
    pub(crate) fn on_run_report(&mut self, report: RunReport) {
        match report {
            RunReport::Arrived {
                document,
                gamma,
                keeps_selection,
            } => {
                if let Some(open) = self.documents.open.get_mut(document) {
                    open.gamma = Some(gamma);
                }
                if !keeps_selection && self.adjudicating().is_none() {
                    self.documents.selection.alignment = None;
                }
            }
            RunReport::OtherDocument { document, gamma } => match gamma {
                Ok(gamma) => {
                    if let Some(open) = self.documents.open.get_mut(document) {
                        open.gamma = Some(gamma);
                    }
                }
                Err(message) => {
                    (self.shell.messages).error(format!("document {}: {message}", document + 1))
                }
            },
            RunReport::Corpus(gamma) => self.measure.corpus_gamma = Some(*gamma),
            RunReport::Failed(message) => self.shell.messages.error(message),
        }
    }

    /// The γ result for the current document, if it is the one shown.
    pub fn current_outcome(&self) -> Option<&Outcome> {
        if self.uses_text_gamma() {
            return None;
        }
        let outcome = self.measure.run.outcome.as_ref();
        outcome.filter(|o| o.document == self.documents.current)
    }

    /// The tγ result for the current document, in tγ mode.
    pub fn current_text_outcome(&self) -> Option<&TextOutcome> {
        if !self.uses_text_gamma() {
            return None;
        }
        let outcome = self.measure.run.text_outcome.as_ref();
        outcome.filter(|o| o.document == self.documents.current)
    }

    /// Whether the current document is measured with tγ (tγ chosen, and a CorA document).
    pub fn uses_text_gamma(&self) -> bool {
        self.measure.settings.measure == AgreementMeasure::TextGamma
            && self
                .document()
                .is_some_and(|d| matches!(d.document.source, Source::Cora { .. }))
    }
}
