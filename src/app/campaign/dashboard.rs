//! The campaign dashboard's room (its view is [`super::dashboard_panel`]): every open
//! document's γ, the corpus γ and the pairwise matrix of annotators, and the table's order.
//!
//! The figures come from one background job ([`crate::app::jobs::Jobs`]): each document
//! measured alone ([`gamma_core::per_document::per_document`], in batches so that rows fill in
//! as they come; each document's best alignment is kept, from which its adjudication starts),
//! then the corpus γ with γ-k per category, then the pairwise matrix
//! ([`gamma_core::pairwise::pairwise`]). The UI only reads what arrived; a change of documents
//! or settings replaces (cancels) the job.
//!
//! The table can be narrowed to the documents of an annotator or with a category, and written
//! as CSV with the columns of `gamma DIR --per-document FILE.csv`.

use crate::app::AppState;
use crate::app::document::open_document::OpenDocument;
use crate::app::errors::AppError;
use crate::app::jobs::{JobContext, JobKind, Jobs};
use crate::app::measure::gamma_run::without;
use crate::app::measure::settings::Settings;
use gamma_core::bootstrap::BootstrapOptions;
use gamma_core::gamma::DocumentAlignment;
use gamma_core::pairwise::{self, PairGamma};
use gamma_core::per_document::per_document;
use gamma_core::{Corpus, GammaOptions, GammaResult};
use std::collections::BTreeMap;
use std::sync::Arc;

/// How many documents a batch measures before its rows are sent (enough to keep every core
/// busy, few enough that the table fills in visibly).
const BATCH: usize = 8;

/// A document's measured figures (γ-cat and γ-k are the corpus's).
#[derive(Debug, Clone)]
pub struct Measured {
    pub gamma: f64,
    /// The bootstrap 95 % confidence interval of γ (over stretches of the document that no
    /// alignment crosses), or why there is none (too few stretches).
    pub confidence: Result<(f64, f64), String>,
    /// The precision interval of the chance estimate: how precisely the random continua
    /// estimated D_e (not a confidence interval of γ).
    pub precision: (f64, f64),
    pub observed_disorder: f64,
    pub expected_disorder: f64,
    /// Its best alignment: its adjudication starts from it.
    pub alignment: Arc<DocumentAlignment>,
}

/// The corpus γ and how it was computed.
#[derive(Debug, Clone, PartialEq)]
pub struct CorpusFigure {
    pub gamma: f64,
    /// The bootstrap 95 % confidence interval of the corpus γ (over documents), or why there
    /// is none.
    pub confidence: Result<(f64, f64), String>,
    /// The precision interval of the chance estimate (not a confidence interval).
    pub precision: (f64, f64),
    /// The bootstrap's replicates.
    pub replicates: usize,
    pub n_samples: usize,
    pub seed: u64,
    /// γ-k of each category over the corpus (the categories that occur).
    pub gamma_k: BTreeMap<String, f64>,
}

/// A column of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Document,
    Annotators,
    Units,
    Gamma,
    ObservedDisorder,
    Decided,
    State,
}

impl Column {
    pub const ALL: [Column; 7] = [
        Column::Document,
        Column::Annotators,
        Column::Units,
        Column::Gamma,
        Column::ObservedDisorder,
        Column::Decided,
        Column::State,
    ];

    /// The header's words.
    pub fn title(self) -> &'static str {
        match self {
            Column::Document => "Document",
            Column::Annotators => "Annotators",
            Column::Units => "Units",
            Column::Gamma => "γ [95 % CI]",
            Column::ObservedDisorder => "D_o",
            Column::Decided => "Decided",
            Column::State => "State",
        }
    }
}

/// What the job sends.
enum Message {
    /// Documents measured of all.
    Progress(usize, usize),
    /// The rows of a batch: (document index, its figures or why none).
    Rows(Vec<(usize, Result<Measured, AppError>)>),
    Corpus(Result<CorpusFigure, AppError>),
    Pairwise(Result<Vec<PairGamma>, AppError>),
}

/// The dashboard: what arrived, the table's order, the job.
pub struct Dashboard {
    /// Each open document's figures (same order as the documents; `None` while measuring).
    pub rows: Vec<Option<Result<Measured, AppError>>>,
    pub corpus: Option<Result<CorpusFigure, AppError>>,
    /// γ of every pair of annotators, or why there is none (too many annotators).
    pub pairwise: Option<Result<Vec<PairGamma>, AppError>>,
    /// Documents measured of all.
    pub progress: (usize, usize),
    /// The column sorted by, and whether ascending.
    pub sort: (Column, bool),
    /// Only the documents this annotator annotated.
    pub annotator_filter: Option<String>,
    /// Only the documents with units of this category.
    pub category_filter: Option<String>,
    /// The settings the figures are (being) computed with.
    computed_with: Option<Settings>,
    /// Whether the job measures (until its last figures, the pairwise matrix, arrive).
    measuring: bool,
}

impl Default for Dashboard {
    fn default() -> Self {
        Dashboard {
            rows: Vec::new(),
            corpus: None,
            pairwise: None,
            progress: (0, 0),
            // The worst documents first: the ones to adjudicate.
            sort: (Column::Gamma, true),
            annotator_filter: None,
            category_filter: None,
            computed_with: None,
            measuring: false,
        }
    }
}

impl Dashboard {
    /// Forgets every figure (other documents are open); the order chosen stays.
    pub fn forget(&mut self) {
        *self = Dashboard {
            sort: self.sort,
            annotator_filter: self.annotator_filter.take(),
            category_filter: self.category_filter.take(),
            ..Dashboard::default()
        };
    }

    /// Whether the job measures.
    pub fn is_running(&self) -> bool {
        self.measuring
    }

    /// Document `index`'s figures, once measured.
    pub fn measured(&self, index: usize) -> Option<&Measured> {
        self.rows.get(index)?.as_ref()?.as_ref().ok()
    }

    /// Document `index`'s best alignment and the options it was computed with, once measured.
    pub fn alignment(&self, index: usize) -> Option<(&DocumentAlignment, &Settings)> {
        let settings = self.computed_with.as_ref()?;
        Some((&self.measured(index)?.alignment, settings))
    }

    /// Takes a message of the job.
    fn receive(&mut self, message: Message) {
        match message {
            Message::Progress(done, total) => self.progress = (done, total),
            Message::Rows(rows) => {
                for (i, row) in rows {
                    if let Some(slot) = self.rows.get_mut(i) {
                        *slot = Some(row);
                    }
                }
            }
            Message::Corpus(corpus) => self.corpus = Some(corpus),
            Message::Pairwise(pairs) => {
                self.pairwise = Some(pairs);
                self.measuring = false;
            }
        }
    }
}

/// Applies a message of the dashboard's job (its route).
fn deliver(state: &mut AppState, message: Message) {
    state.campaign.dashboard.receive(message);
}

impl Dashboard {
    /// Starts the job when the documents or the settings changed (γ only: `text_gamma` runs
    /// have no corpus figures), and takes what it sent. Call once per frame.
    pub fn keep_up(
        &mut self,
        documents: &[OpenDocument],
        settings: &Settings,
        text_gamma: bool,
        jobs: &mut Jobs,
    ) {
        if text_gamma || documents.is_empty() {
            jobs.cancel(JobKind::Dashboard);
            self.measuring = false;
            return;
        }
        if self.computed_with.as_ref() != Some(settings) || self.rows.len() != documents.len() {
            self.start(documents, settings, jobs);
        }
    }

    fn start(&mut self, documents: &[OpenDocument], settings: &Settings, jobs: &mut Jobs) {
        let excluded = &settings.excluded_categories;
        let corpus = Corpus::new(
            (documents.iter())
                .map(|d| without(d.continuum(), excluded).0)
                .collect(),
        );
        let options = settings.gamma_options();
        let bootstrap = settings.bootstrap_options();
        self.forget();
        self.rows = vec![None; corpus.documents.len()];
        self.progress = (0, corpus.documents.len());
        self.computed_with = Some(settings.clone());
        self.measuring = true;
        jobs.start(JobKind::Dashboard, "dashboard", deliver, move |context| {
            measure(&corpus, &options, &bootstrap, context)
        });
    }
}

/// The job: the rows by batches, the corpus γ, the pairwise matrix.
fn measure(
    corpus: &Corpus,
    options: &GammaOptions,
    bootstrap: &BootstrapOptions,
    context: &JobContext<Message>,
) {
    let confidence = |result: &GammaResult| {
        gamma_core::bootstrap::bootstrap_gamma(result, options, bootstrap)
            .map(|interval| interval.gamma)
            .map_err(|e| confidence_error_words(&e))
    };
    let total = corpus.documents.len();
    let quiet = context.control(None);
    let mut done = 0;
    for (b, batch) in corpus.documents.chunks(BATCH).enumerate() {
        if context.is_cancelled() {
            return;
        }
        let part = Corpus::new(batch.to_vec());
        let rows = per_document(&part, options, quiet)
            .into_iter()
            .enumerate()
            .map(|(i, row)| {
                let figures = row.result.map(|mut r| Measured {
                    gamma: r.gamma,
                    confidence: confidence(&r),
                    precision: r.gamma_interval,
                    observed_disorder: r.observed_disorder,
                    expected_disorder: r.expected_disorder,
                    alignment: Arc::new(r.documents.swap_remove(0)),
                });
                (b * BATCH + i, figures.map_err(AppError::from))
            })
            .collect();
        done += batch.len();
        context.send(Message::Rows(rows));
        context.send(Message::Progress(done, total));
    }
    if context.is_cancelled() {
        return;
    }
    // γ-k comes with the corpus γ (the same random continua), and the same γ.
    let with_categories = GammaOptions {
        categorical_gammas: true,
        ..options.clone()
    };
    let figure = gamma_core::corpus_gamma(corpus, &with_categories, quiet)
        .map(|r: GammaResult| CorpusFigure {
            gamma: r.gamma,
            confidence: confidence(&r),
            precision: r.gamma_interval,
            replicates: bootstrap.replicates,
            n_samples: r.n_samples,
            seed: r.seed,
            gamma_k: r.gamma_k.unwrap_or_default(),
        })
        .map_err(AppError::from);
    context.send(Message::Corpus(figure));
    if context.is_cancelled() {
        return;
    }
    let corpus_options = GammaOptions {
        categorical_gammas: false,
        ..options.clone()
    };
    // Refused up front past the core's limit of annotators (thousands of γ runs).
    context.send(Message::Pairwise(
        pairwise::try_pairwise(corpus, &corpus_options, quiet).map_err(AppError::from),
    ));
}

/// Why a bootstrap gave no interval, in the dashboard's words.
fn confidence_error_words(error: &gamma_core::bootstrap::BootstrapError) -> String {
    use gamma_core::bootstrap::{BootstrapError, ResamplingUnit};
    match error {
        BootstrapError::TooFewUnits {
            unit: ResamplingUnit::Stretches,
            found,
        } => format!(
            "no confidence interval: the text has {} that no alignment crosses (a bootstrap \
             needs at least 2)",
            crate::wording::plural(*found, "stretch", "stretches")
        ),
        BootstrapError::TooFewUnits { found, .. } => format!(
            "no confidence interval: {} to resample (a bootstrap needs at least 2)",
            crate::wording::plural(*found, "document", "documents")
        ),
        other => format!("no confidence interval: {other}"),
    }
}

/// One document's line of the per-document CSV: its name, annotators, units and figures (or
/// why it could not be measured; nothing while it is being measured).
pub struct CsvRow<'a> {
    pub document: &'a str,
    pub annotators: &'a [String],
    pub n_units: usize,
    pub measured: Option<&'a Result<Measured, AppError>>,
}

/// The table as CSV, with the columns of `gamma DIR --per-document FILE.csv`, rows in the
/// order given.
pub fn table_csv(rows: &[CsvRow]) -> String {
    use gamma_formats::per_document_table::{Figures, Row, to_csv};
    let errors: Vec<Option<String>> = (rows.iter())
        .map(|row| {
            row.measured
                .and_then(|m| m.as_ref().err())
                .map(AppError::to_string)
        })
        .collect();
    let rows: Vec<Row> = (rows.iter().zip(&errors))
        .map(|(row, error)| Row {
            document: row.document,
            annotators: row.annotators,
            n_units: row.n_units,
            figures: row.measured.map(|m| match m {
                Ok(m) => Ok(Figures {
                    gamma: m.gamma,
                    confidence: m.confidence.as_ref().ok().copied(),
                    precision: m.precision,
                    observed_disorder: m.observed_disorder,
                    expected_disorder: m.expected_disorder,
                }),
                Err(_) => Err(error.as_deref().unwrap_or_default()),
            }),
        })
        .collect();
    to_csv(&rows)
}
