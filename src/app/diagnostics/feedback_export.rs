//! File → Export feedback for each annotator…: one self-contained page per annotator (HTML and
//! Markdown, [`gamma_formats::feedback_pages`]) with her disagreements with the gold where the
//! documents are adjudicated (with the majority elsewhere), each decision's reason and note,
//! and her profile beside the group's ([`gamma_core::feedback`]). Written by a job (its
//! progress shown, Cancel stops it) into the folder chosen, never into a folder that holds an
//! input file (an annotator's folder).

use crate::app::AppState;
use crate::app::errors::AppError;
use crate::app::jobs::JobKind;
use gamma_core::feedback::{FeedbackOptions, feedback};
use gamma_core::gamma::{GammaError, SampleCount};
use gamma_core::gold::Adjudication;
use gamma_core::{Continuum, Corpus, GammaOptions};
use gamma_formats::feedback_pages::{PageFormat, write_feedback};
use std::path::{Path, PathBuf};

/// The title of the folder dialog.
pub const FEEDBACK_TITLE: &str = "Export feedback for each annotator";

/// The pages written: the folder, the files, each annotator with her number of disagreements.
type Written = (PathBuf, Vec<PathBuf>, Vec<(String, usize)>);

/// What the feedback job sends.
enum Sent {
    /// Documents aligned, of how many.
    Progress(usize, usize),
    /// The pages written, or why not.
    Done(Result<Written, AppError>),
}

impl AppState {
    /// Writes the feedback pages of the open documents into `folder` in a job.
    pub fn export_feedback(&mut self, folder: PathBuf) {
        if self.documents.open.is_empty() {
            return;
        }
        let inputs: Vec<PathBuf> = (self.documents.open.iter())
            .flat_map(|d| d.document.source.paths())
            .collect();
        if holds_an_input(&folder, &inputs) {
            self.shell.messages.error(format!(
                "{}: holds annotation files; the feedback pages go into a folder of their own \
                 (nothing is written among the annotators' files)",
                folder.display()
            ));
            return;
        }
        // Each document as measured (the categories left out of γ aside), and its adjudication,
        // whose best alignment the pages compare with.
        let excluded = self.measure.settings.excluded_categories.clone();
        let mut continua: Vec<Continuum> = Vec::new();
        let mut adjudications: Vec<Option<Adjudication>> = Vec::new();
        for document in &self.documents.open {
            match self.adjudication.by_document.get(&document.id) {
                Some(a) => {
                    continua.push(a.adjudication().continuum().clone());
                    adjudications.push(Some(a.adjudication().clone()));
                }
                None => {
                    let measured =
                        (document.continuum()).filter_categories(|c| !excluded.contains(c));
                    continua.push(measured);
                    adjudications.push(None);
                }
            }
        }
        let unit = gamma_formats::position_unit(&self.documents.open[0].document);
        let options = GammaOptions {
            samples: SampleCount::Fixed(2),
            categorical_gammas: false,
            ..self.measure.settings.gamma_options()
        };
        let reasons = self.adjudication.reasons.list.clone();
        let anonymise = self.diagnostics.anonymise;
        let total = continua.len();
        self.diagnostics.feedback = Some((0, total));
        self.jobs.start(
            JobKind::Feedback,
            "feedback pages",
            deliver,
            move |context| {
                let corpus = Corpus::new(continua);
                let progress = |done: usize, total: usize| {
                    context.send(Sent::Progress(done, total));
                };
                let done =
                    gamma_core::corpus_gamma(&corpus, &options, context.control(Some(&progress)))
                        .map_err(AppError::from)
                        .and_then(|result| {
                            let held: Vec<Option<&Adjudication>> =
                                adjudications.iter().map(Option::as_ref).collect();
                            let pages = feedback(
                                &corpus,
                                &result,
                                &held,
                                &reasons,
                                FeedbackOptions { anonymise },
                            );
                            if context.is_cancelled() {
                                return Err(AppError::Gamma(GammaError::Cancelled));
                            }
                            let forms = [PageFormat::Html, PageFormat::Markdown];
                            let written = write_feedback(&folder, &pages, &forms, unit)?;
                            let counts = (pages.iter())
                                .map(|p| (p.annotator.clone(), p.disagreements.len()))
                                .collect();
                            Ok((folder, written, counts))
                        });
                context.send(Sent::Done(done));
            },
        );
        #[cfg(test)]
        self.await_files();
    }

    /// Stops the feedback export (nothing is written once it is cancelled).
    pub fn cancel_feedback(&mut self) {
        self.jobs.cancel(JobKind::Feedback);
        if self.diagnostics.feedback.take().is_some() {
            self.shell
                .messages
                .info("feedback export cancelled: nothing written");
        }
    }
}

/// Whether `folder` holds one of `inputs` itself.
fn holds_an_input(folder: &Path, inputs: &[PathBuf]) -> bool {
    let folder = folder
        .canonicalize()
        .unwrap_or_else(|_| folder.to_path_buf());
    inputs.iter().any(|input| {
        let input = input.canonicalize().unwrap_or_else(|_| input.clone());
        input.parent() == Some(folder.as_path())
    })
}

/// The job's route: its progress, then Messages say what was written.
fn deliver(state: &mut AppState, sent: Sent) {
    match sent {
        Sent::Progress(done, total) => {
            if state.diagnostics.feedback.is_some() {
                state.diagnostics.feedback = Some((done, total));
            }
        }
        Sent::Done(done) => {
            state.diagnostics.feedback = None;
            match done {
                Ok((folder, written, counts)) => {
                    let each: Vec<String> = (counts.iter())
                        .map(|(name, n)| {
                            format!(
                                "{name}: {}",
                                crate::wording::plural(*n, "disagreement", "disagreements")
                            )
                        })
                        .collect();
                    state.shell.messages.done(format!(
                        "feedback written ({}) into {}: {}",
                        crate::wording::plural(written.len(), "page", "pages"),
                        folder.display(),
                        each.join(", ")
                    ));
                }
                Err(AppError::Gamma(GammaError::Cancelled)) => {}
                Err(e) => (state.shell.messages)
                    .error(format!("the feedback pages were not written: {e}")),
            }
        }
    }
}
