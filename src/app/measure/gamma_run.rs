//! The γ run room: what to compute for the document shown (γ with its bootstrap confidence
//! interval, the agreement on its relations and its pairwise γ, γ of the other open documents,
//! and of the corpus with its interval and relations; or tγ), the job computing it
//! ([`crate::app::jobs::Jobs`]), where it stands, and the latest result with its shown
//! alignments (built in the job's thread, once per result). No widgets here.

use super::settings::Settings;
use super::text_gamma_run::TextGammaRequest;
use crate::app::AppState;
use crate::app::document::open_document::OpenDocument;
use crate::app::document::shown_alignments::ShownAlignments;
use crate::app::errors::AppError;
use crate::app::jobs::{JobContext, JobKind, Jobs};
use gamma_core::bootstrap::{BootstrapOptions, ConfidenceInterval, bootstrap_gamma};
use gamma_core::relations::{RelationAgreement, any_relations, result_relation_agreement};
use gamma_core::textgamma::TextGammaResult;
use gamma_core::{Continuum, Corpus, GammaOptions, GammaResult};
use gamma_formats::cora::CoraOptions;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Where the γ of the current document stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// No document, or nothing asked yet.
    Idle,
    /// Files are being read: the document shown will be replaced.
    Opening,
    /// The job runs: samples done of the samples needed so far.
    Running {
        /// Samples of the expected disorder drawn.
        done: usize,
        /// Samples needed so far (re-estimated as they come, γ paper §5.3).
        needed: usize,
    },
    /// The result arrived.
    Done,
    /// The user cancelled the job.
    Cancelled,
    /// The job failed.
    Failed(AppError),
}

/// A γ result, the settings it was computed with and its shown alignments.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The core's result.
    pub result: Arc<GammaResult>,
    /// The settings of the run.
    pub settings: Settings,
    /// The document measured (index in the open documents).
    pub document: usize,
    /// γ of each pair of annotators `(i, j)`, i < j, as they arrive.
    pub pairwise: Vec<((usize, usize), Result<f64, AppError>)>,
    /// The best alignment, as the panels show it.
    pub shown: ShownAlignments,
    /// The bootstrap's confidence interval of γ over stretches of the text (`None` until the
    /// job sends it, or why there is none).
    pub confidence_interval: Option<Result<ConfidenceInterval, AppError>>,
    /// Agreement on the relations between the units, through γ's best alignment (when the
    /// annotators have relations).
    pub relations: Option<RelationAgreement>,
}

/// γ of all open documents as one corpus, with its bootstrap confidence interval over the
/// documents (or why there is none).
#[derive(Debug, Clone, PartialEq)]
pub struct CorpusOutcome {
    pub gamma: f64,
    pub confidence_interval: Result<ConfidenceInterval, AppError>,
    /// Agreement on the relations, each document's through its best alignment, summed by pair
    /// of annotators (when any annotator has relations).
    pub relations: Option<RelationAgreement>,
}

/// The main result of a γ job: γ, its shown alignments, and the agreement on the relations
/// through its best alignment.
#[derive(Debug)]
struct Measured {
    result: Arc<GammaResult>,
    shown: ShownAlignments,
    relations: Option<RelationAgreement>,
}

/// A tγ result and its shown alignments (the first pair's aligned tokens).
#[derive(Debug, Clone)]
pub struct TextOutcome {
    /// The core's result.
    pub result: Arc<TextGammaResult>,
    /// The document measured (index in the open documents).
    pub document: usize,
    /// The first pair's aligned tokens, as the panels show them.
    pub shown: ShownAlignments,
}

/// What a γ job computes.
pub struct GammaRequest {
    /// The document shown, as measured (without the excluded categories): its full result
    /// first.
    pub continuum: Continuum,
    /// When categories are excluded: the document as shown, and for each annotator the index
    /// there of each unit of `continuum` (the shown alignments point at the shown units).
    pub unfiltered: Option<(Continuum, Vec<Vec<usize>>)>,
    /// γ's options.
    pub options: GammaOptions,
    /// Then γ of every pair of its annotators.
    pub pairwise: bool,
    /// Then γ of the other open documents (their indices in the document list)…
    pub others: Vec<(usize, Continuum)>,
    /// …and of all documents as a corpus, when there are several.
    pub corpus: Option<Corpus>,
    /// tγ instead of γ.
    pub text_gamma: Option<TextGammaRequest>,
    /// The bootstrap of γ's confidence interval (of the document, of the corpus).
    pub bootstrap: BootstrapOptions,
}

impl GammaRequest {
    /// γ of document `current` with its confidence interval and pairwise γ, then γ of the
    /// other documents not measured yet, then the corpus γ with its confidence interval when
    /// several are open and `corpus_known` is false; the units of the categories `settings`
    /// excludes are left out of every one.
    pub fn gamma(
        documents: &[OpenDocument],
        current: usize,
        settings: &Settings,
        corpus_known: bool,
    ) -> GammaRequest {
        let (options, excluded) = (settings.gamma_options(), &settings.excluded_categories);
        let measured = |d: &OpenDocument| without(d.continuum(), excluded).0;
        let others = documents
            .iter()
            .enumerate()
            .filter(|(i, d)| *i != current && d.gamma.is_none())
            .map(|(i, d)| (i, measured(d)))
            .collect();
        let corpus = (documents.len() > 1 && !corpus_known)
            .then(|| Corpus::new(documents.iter().map(measured).collect()));
        let shown = documents[current].continuum();
        let (continuum, kept) = without(shown, excluded);
        GammaRequest {
            continuum,
            unfiltered: (!excluded.is_empty()).then(|| (shown.clone(), kept)),
            options,
            pairwise: true,
            others,
            corpus,
            text_gamma: None,
            bootstrap: settings.bootstrap_options(),
        }
    }

    /// tγ of a CorA document, its tokens read as `cora` says, with the tγ settings.
    pub fn text_gamma(
        document: &OpenDocument,
        settings: &Settings,
        cora: &CoraOptions,
    ) -> Result<GammaRequest, AppError> {
        Ok(GammaRequest {
            continuum: document.continuum().clone(),
            unfiltered: None,
            options: settings.gamma_options(),
            pairwise: false,
            others: Vec::new(),
            corpus: None,
            text_gamma: Some(TextGammaRequest::new(document.continuum(), settings, cora)?),
            bootstrap: settings.bootstrap_options(),
        })
    }
}

/// `continuum` without the units of the `excluded` categories (the core's filter), and for
/// each annotator the index in `continuum` of each unit kept.
pub fn without(continuum: &Continuum, excluded: &BTreeSet<String>) -> (Continuum, Vec<Vec<usize>>) {
    let keep = |category: &str| !excluded.contains(category);
    let kept = continuum
        .annotators
        .iter()
        .map(|a| {
            (a.units.iter().enumerate())
                .filter(|(_, u)| keep(&u.category))
                .map(|(i, _)| i)
                .collect()
        })
        .collect();
    (continuum.filter_categories(keep), kept)
}

/// What a γ job sends back.
#[derive(Debug)]
enum GammaMessage {
    Progress {
        done: usize,
        needed: usize,
    },
    Finished(Result<Box<Measured>, AppError>),
    /// The confidence interval of the main result (sent right after it).
    Bootstrap(Box<Result<ConfidenceInterval, AppError>>),
    TextGammaFinished(Result<Box<(TextGammaResult, ShownAlignments)>, AppError>),
    /// γ of one pair of annotators (sent after the main result).
    Pairwise {
        first: usize,
        second: usize,
        gamma: Result<f64, AppError>,
    },
    /// γ of another open document (sent after the pairwise γ).
    OtherDocument {
        document: usize,
        gamma: Result<f64, AppError>,
    },
    /// γ of all open documents as one corpus (sent last).
    Corpus(Box<Result<CorpusOutcome, AppError>>),
}

/// What the run tells the rest of the app after a poll.
#[derive(Debug, Clone, PartialEq)]
pub enum RunReport {
    /// The result of the document measured arrived; `keeps_selection` when the previous
    /// result of the same document had as many alignments (the selection still means
    /// something).
    Arrived {
        document: usize,
        gamma: f64,
        keeps_selection: bool,
    },
    /// γ of another open document.
    OtherDocument {
        document: usize,
        gamma: Result<f64, AppError>,
    },
    /// γ of the open documents as one corpus.
    Corpus(Box<Result<CorpusOutcome, AppError>>),
    /// The run failed (not cancelled): for Messages.
    Failed(AppError),
}

/// The γ run: its status, its job, its latest results.
pub struct GammaRun {
    /// Where it stands.
    pub status: Status,
    /// The latest γ result.
    pub outcome: Option<Outcome>,
    /// The latest tγ result (tγ mode, CorA documents).
    pub text_outcome: Option<TextOutcome>,
    /// The settings or document changed since the results were computed (shown as stale).
    pub stale: bool,
    /// The document and settings of the job running.
    running: Option<(usize, Settings)>,
}

impl Default for GammaRun {
    fn default() -> Self {
        GammaRun {
            status: Status::Idle,
            outcome: None,
            text_outcome: None,
            stale: false,
            running: None,
        }
    }
}

impl GammaRun {
    /// Starts `request` for document `document` (replacing, so cancelling, any job).
    pub fn start(
        &mut self,
        jobs: &mut Jobs,
        document: usize,
        settings: Settings,
        request: GammaRequest,
    ) {
        self.stale = self.outcome.is_some() || self.text_outcome.is_some();
        let name = if request.text_gamma.is_some() {
            "tgamma"
        } else {
            "gamma"
        };
        log::info!("{name} of {:?} in the background", request.continuum.name);
        jobs.start(JobKind::Gamma, name, deliver, move |context| {
            run(&request, context)
        });
        self.running = Some((document, settings));
        self.status = Status::Running { done: 0, needed: 0 };
    }

    /// Nothing to compute (no document, files being read) or a request that could not be
    /// built: stops any job.
    pub fn stop(&mut self, jobs: &mut Jobs, status: Status) {
        jobs.cancel(JobKind::Gamma);
        self.running = None;
        self.stale = self.outcome.is_some() || self.text_outcome.is_some();
        self.status = status;
    }

    /// Forgets the results (another document is shown).
    pub fn forget(&mut self) {
        self.outcome = None;
        self.text_outcome = None;
    }

    /// Cancels the job (its results, if any come, are dropped with it).
    pub fn cancel(&mut self, jobs: &mut Jobs) {
        jobs.cancel(JobKind::Gamma);
        self.running = None;
        if self.is_running() {
            self.status = Status::Cancelled;
        }
    }

    /// Whether a job runs.
    pub fn is_running(&self) -> bool {
        matches!(self.status, Status::Running { .. })
    }

    /// Takes a message of the job: what the rest of the app is to know of it.
    fn receive(&mut self, message: GammaMessage) -> Option<RunReport> {
        match message {
            GammaMessage::Progress { done, needed } => {
                self.status = Status::Running { done, needed };
                None
            }
            GammaMessage::Finished(Ok(measured)) => self.show_gamma(*measured),
            GammaMessage::TextGammaFinished(Ok(finished)) => {
                let (result, shown) = *finished;
                self.show_text_gamma(result, shown)
            }
            GammaMessage::Finished(Err(message))
            | GammaMessage::TextGammaFinished(Err(message)) => {
                self.status = Status::Failed(message.clone());
                Some(RunReport::Failed(message))
            }
            GammaMessage::Bootstrap(interval) => {
                if let Some(outcome) = &mut self.outcome {
                    outcome.confidence_interval = Some(*interval);
                }
                None
            }
            GammaMessage::Pairwise {
                first,
                second,
                gamma,
            } => {
                if let Some(outcome) = &mut self.outcome {
                    outcome.pairwise.push(((first, second), gamma));
                }
                None
            }
            GammaMessage::OtherDocument { document, gamma } => {
                Some(RunReport::OtherDocument { document, gamma })
            }
            GammaMessage::Corpus(gamma) => Some(RunReport::Corpus(gamma)),
        }
    }

    /// Shows a γ result of the document of the job running.
    fn show_gamma(&mut self, measured: Measured) -> Option<RunReport> {
        let Measured {
            result,
            shown,
            relations,
        } = measured;
        let (document, settings) = self.running.clone()?;
        let keeps_selection = self
            .outcome
            .as_ref()
            .is_some_and(|o| o.document == document && o.shown.len() == shown.len());
        let gamma = result.gamma;
        self.outcome = Some(Outcome {
            result,
            settings,
            document,
            pairwise: Vec::new(),
            shown,
            confidence_interval: None,
            relations,
        });
        self.stale = false;
        self.status = Status::Done;
        Some(RunReport::Arrived {
            document,
            gamma,
            keeps_selection,
        })
    }

    fn show_text_gamma(
        &mut self,
        result: TextGammaResult,
        shown: ShownAlignments,
    ) -> Option<RunReport> {
        let (document, _) = self.running.clone()?;
        let keeps_selection = self
            .text_outcome
            .as_ref()
            .is_some_and(|o| o.document == document && o.shown.len() == shown.len());
        let gamma = result.tgamma;
        self.text_outcome = Some(TextOutcome {
            result: Arc::new(result),
            document,
            shown,
        });
        self.stale = false;
        self.status = Status::Done;
        Some(RunReport::Arrived {
            document,
            gamma,
            keeps_selection,
        })
    }
}

/// Applies a message of the γ job to the app (the job's route).
fn deliver(state: &mut AppState, message: GammaMessage) {
    if let Some(report) = state.measure.run.receive(message) {
        state.on_run_report(report);
    }
}

/// The job: the main result (with its shown alignments), then pairwise γ, the other
/// documents and the corpus, each sent as it is known; stops when cancelled.
fn run(request: &GammaRequest, context: &JobContext<GammaMessage>) {
    let (continuum, options) = (&request.continuum, &request.options);
    let report = |done: usize, needed: usize| context.send(GammaMessage::Progress { done, needed });
    let control = context.control(Some(&report));
    if let Some(text_gamma) = &request.text_gamma {
        let result = text_gamma.run(control).map(|r| {
            let shown = ShownAlignments::of_text_gamma(continuum, &r);
            Box::new((r, shown))
        });
        if !context.is_cancelled() {
            context.send(GammaMessage::TextGammaFinished(result));
        }
        return;
    }
    let result = gamma_core::gamma(continuum, options, control)
        .map(|r| {
            let shown = match &request.unfiltered {
                Some((shown, kept)) => ShownAlignments::of_gamma_kept(shown, &r.documents[0], kept),
                None => ShownAlignments::of_gamma(continuum, &r.documents[0]),
            };
            Box::new(Measured {
                relations: relations_of(std::slice::from_ref(continuum), &r),
                result: Arc::new(r),
                shown,
            })
        })
        .map_err(AppError::from);
    let measured = result.as_ref().ok().map(|m| Arc::clone(&m.result));
    if context.is_cancelled() {
        return;
    }
    context.send(GammaMessage::Finished(result));
    let Some(measured) = measured else {
        return;
    };
    context.send(GammaMessage::Bootstrap(Box::new(bootstrap(
        &measured,
        options,
        &request.bootstrap,
    ))));
    let quiet = context.control(None);
    let n = if request.pairwise {
        continuum.n_annotators()
    } else {
        0
    };
    for first in 0..n {
        for second in first + 1..n {
            if context.is_cancelled() {
                return;
            }
            let mut pair = continuum.clone();
            pair.annotators = vec![
                continuum.annotators[first].clone(),
                continuum.annotators[second].clone(),
            ];
            let gamma = gamma_core::gamma(&pair, options, quiet)
                .map(|r| r.gamma)
                .map_err(AppError::from);
            context.send(GammaMessage::Pairwise {
                first,
                second,
                gamma,
            });
        }
    }
    for (document, other) in &request.others {
        if context.is_cancelled() {
            return;
        }
        let gamma = gamma_core::gamma(other, options, quiet)
            .map(|r| r.gamma)
            .map_err(AppError::from);
        context.send(GammaMessage::OtherDocument {
            document: *document,
            gamma,
        });
    }
    if let Some(corpus) = &request.corpus
        && !context.is_cancelled()
    {
        let outcome = gamma_core::corpus_gamma(corpus, options, quiet)
            .map(|r| CorpusOutcome {
                gamma: r.gamma,
                confidence_interval: bootstrap(&r, options, &request.bootstrap),
                relations: relations_of(&corpus.documents, &r),
            })
            .map_err(AppError::from);
        context.send(GammaMessage::Corpus(Box::new(outcome)));
    }
}

/// The bootstrap's confidence interval of `result` (over stretches of one document's text, or
/// over the documents of a corpus), in the app's words when there is none.
fn bootstrap(
    result: &GammaResult,
    options: &GammaOptions,
    bootstrap: &BootstrapOptions,
) -> Result<ConfidenceInterval, AppError> {
    bootstrap_gamma(result, options, bootstrap).map_err(AppError::from)
}

/// Agreement on the relations of `documents` (measured as `result` says, in the same order),
/// each through its best alignment and summed by pair of annotators over several; `None` when
/// no annotator has relations.
fn relations_of(documents: &[Continuum], result: &GammaResult) -> Option<RelationAgreement> {
    any_relations(documents).then(|| result_relation_agreement(documents, result))
}
