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
use gamma_formats::Source;
use gamma_run::{CorpusOutcome, GammaRequest, GammaRun, Outcome, RunReport, Status, TextOutcome};
use settings::{AgreementMeasure, Settings};
use std::sync::Arc;

/// The measure room's state.
#[derive(Default)]
pub struct Measure {
    /// The γ settings the user edits.
    pub settings: Settings,
    /// γ (or tγ) of the document shown: the job, its status, the latest results.
    pub run: GammaRun,
    /// γ of all open documents as one corpus (when several are open), with its interval.
    pub corpus_gamma: Option<Result<CorpusOutcome, String>>,
}

impl AppState {
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
            self.measure.run.stop(Status::Idle);
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
                self.documents.current,
                self.measure.settings.clone(),
                request,
                Arc::clone(&self.wake),
            ),
            Err(e) => {
                self.measure.run.stop(Status::Failed(e.clone()));
                self.shell.messages.push(e);
            }
        }
    }

    /// Cancels γ of the current document.
    pub fn cancel(&mut self) {
        self.measure.run.cancel();
    }

    /// Whether γ of the current document is being computed.
    pub fn is_running(&self) -> bool {
        self.measure.run.is_running()
    }

    /// Takes what the γ run sent (see [`AppState::poll`]).
    pub(crate) fn poll_run(&mut self) {
        for report in self.measure.run.poll() {
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
                    Err(message) => self
                        .shell
                        .messages
                        .push(format!("document {}: {message}", document + 1)),
                },
                RunReport::Corpus(gamma) => self.measure.corpus_gamma = Some(*gamma),
                RunReport::Failed(message) => self.shell.messages.push(message),
            }
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
