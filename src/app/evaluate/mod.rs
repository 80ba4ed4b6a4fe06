//! The evaluate room: every annotator of the document shown against a reference — another
//! annotator, the curated document of an INCEpTION project export (the default when the
//! document came with one; the corpus is built as the command line builds it,
//! [`gamma_formats::reference::with_reference`]), or the gold being adjudicated (the
//! annotators' units in decided alignments against the gold, as the adjudication panel's γ) —
//! with γ and the SemEval-2013 span scores
//! ([`gamma_core::evaluate`]), per-category bars, the confusion matrix and the disagreements;
//! clicking a disagreement selects it on the timeline.
//!
//! The evaluation runs in a thread of its own (one document is fast, but γ's sampling may take
//! a moment); it is started again whenever what it depends on changes while the window is open.
//! The window is drawn by [`panel`].

pub mod panel;

use crate::app::AppState;
use crate::app::errors::AppError;
use crate::app::jobs::{JobKind, Jobs};
use gamma_core::Continuum;
use gamma_core::corpus::Corpus;
use gamma_core::evaluate::mapping::LabelMapping;
use gamma_core::evaluate::spans::Scheme;
use gamma_core::evaluate::{
    ChanceModel, Disagreement, Evaluation, EvaluationOptions, SystemEvaluation, evaluate,
};
use gamma_core::gamma::GammaOptions;
use gamma_formats::evaluation_report as report;
use gamma_formats::gold_export::check_not_input;
use gamma_formats::reference::with_reference;
use std::path::PathBuf;

/// Name of the gold annotator in the evaluated continuum.
const GOLD: &str = "gold (adjudicated)";

/// How the curated document is offered as the reference.
pub const CURATED: &str = "the curated document (INCEpTION curation)";

/// What the systems are compared with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReferenceChoice {
    /// An annotator of the document, by name.
    Annotator(String),
    /// The reference that came with the document: the curated document of a project export.
    Curated,
    /// The gold standard of the adjudication in progress.
    Gold,
}

/// Everything an evaluation depends on: when it changes, the shown result is stale.
#[derive(Debug, Clone, PartialEq)]
struct Key {
    document: usize,
    /// The document's name and files (another set of files may reuse the index).
    source: (String, Vec<PathBuf>),
    reference: ReferenceChoice,
    chance_model: ChanceModel,
    mapping: Option<PathBuf>,
    options: GammaOptions,
    /// Units of the document, and for the gold: decided alignments and gold units.
    size: (usize, usize, usize),
}

/// A finished evaluation.
pub struct Finished {
    key: Key,
    pub evaluation: Result<Evaluation, AppError>,
}

/// The evaluate room's state: the window's choices, the evaluation shown and the one running.
pub struct Evaluate {
    pub open: bool,
    pub reference: Option<ReferenceChoice>,
    pub chance_model: ChanceModel,
    /// The scheme of the per-category bars.
    pub scheme: Scheme,
    /// Index of the system whose details are shown.
    pub selected_system: usize,
    pub mapping: Option<(PathBuf, LabelMapping)>,
    pub finished: Option<Finished>,
    pub message: Option<String>,
    /// What the evaluation running evaluates.
    running: Option<Key>,
}

impl Default for Evaluate {
    fn default() -> Self {
        Evaluate {
            open: false,
            reference: None,
            chance_model: ChanceModel::Reference,
            scheme: Scheme::Strict,
            selected_system: 0,
            mapping: None,
            finished: None,
            message: None,
            running: None,
        }
    }
}

impl Evaluate {
    /// Collects a finished evaluation.
    fn finish(&mut self, evaluation: Result<Evaluation, AppError>) {
        if let Some(key) = self.running.take() {
            self.finished = Some(Finished { key, evaluation });
        }
    }

    /// Whether an evaluation is running.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Drops the running evaluation (its job stops).
    pub(crate) fn cancel(&mut self, jobs: &mut Jobs) {
        jobs.cancel(JobKind::Evaluate);
        self.running = None;
    }

    /// The reference picked, or the curated document when the document came with one, or its
    /// first annotator.
    pub(crate) fn reference(&self, state: &AppState) -> Option<ReferenceChoice> {
        let document = state.document()?;
        let curated = document.document.reference().is_some();
        let names: Vec<&String> = document
            .continuum()
            .annotators
            .iter()
            .map(|a| &a.name)
            .collect();
        match &self.reference {
            Some(ReferenceChoice::Gold) if state.adjudicating().is_some() => {
                Some(ReferenceChoice::Gold)
            }
            Some(ReferenceChoice::Annotator(name)) if names.contains(&name) => {
                Some(ReferenceChoice::Annotator(name.clone()))
            }
            _ if curated => Some(ReferenceChoice::Curated),
            _ => names
                .first()
                .map(|n| ReferenceChoice::Annotator(n.to_string())),
        }
    }

    fn key(&self, state: &AppState, reference: &ReferenceChoice) -> Option<Key> {
        let document = state.document()?;
        let gold = state
            .adjudicating()
            .filter(|_| *reference == ReferenceChoice::Gold)
            .map(|a| {
                let adjudication = a.adjudication();
                (adjudication.progress().decided, adjudication.gold().len())
            })
            .unwrap_or_default();
        Some(Key {
            document: state.documents.current,
            source: (
                document.continuum().name.clone(),
                document.document.source.paths(),
            ),
            reference: reference.clone(),
            chance_model: self.chance_model,
            mapping: self.mapping.as_ref().map(|(p, _)| p.clone()),
            options: state.measure.settings.gamma_options(),
            size: (document.continuum().n_units(), gold.0, gold.1),
        })
    }

    /// Starts the evaluation of `key` in a thread.
    fn start(&mut self, state: &mut AppState, key: Key) {
        self.cancel(&mut state.jobs);
        let (continuum, reference) = match evaluated_continuum(state, &key.reference) {
            Ok(input) => input,
            Err(message) => {
                self.finished = Some(Finished {
                    key,
                    evaluation: Err(message),
                });
                return;
            }
        };
        let options = EvaluationOptions {
            gamma: key.options.clone(),
            chance_model: key.chance_model,
            mapping: self.mapping.as_ref().map(|(_, m)| m.clone()),
            ..EvaluationOptions::default()
        };
        let corpus = Corpus::new(vec![continuum]);
        state
            .jobs
            .start(JobKind::Evaluate, "evaluate", deliver, move |context| {
                let outcome = evaluate(&corpus, &reference, &options, context.control(None))
                    .map_err(AppError::from);
                context.send(outcome);
            });
        self.running = Some(key);
    }

    /// Reads the label mapping at `path` (the message says why not).
    pub(crate) fn load_mapping(&mut self, path: PathBuf) {
        match gamma_formats::label_mapping::read(&path) {
            Ok(mapping) => {
                self.mapping = Some((path, mapping));
                self.message = None;
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// Starts an evaluation when the window is open and the shown one is missing or stale.
    pub(crate) fn refresh(&mut self, state: &mut AppState) {
        let Some(reference) = self.reference(state) else {
            return;
        };
        let Some(key) = self.key(state, &reference) else {
            return;
        };
        let current = |k: &Key| *k == key;
        if self.running.as_ref().is_some_and(current)
            || self.finished.as_ref().is_some_and(|f| current(&f.key))
        {
            return;
        }
        self.start(state, key);
    }
}

/// Applies the evaluation's outcome (its job's route).
fn deliver(state: &mut AppState, evaluation: Result<Evaluation, AppError>) {
    state.evaluate.finish(evaluation);
}

impl AppState {
    /// Writes the evaluation shown as CSV at `path` (never over an input).
    pub(crate) fn export_evaluation(&mut self, path: PathBuf) {
        let Some(evaluation) =
            (self.evaluate.finished.as_ref()).and_then(|f| f.evaluation.as_ref().ok())
        else {
            return;
        };
        let inputs = (self.document())
            .map(|d| d.document.source.paths())
            .unwrap_or_default();
        let written = check_not_input(&path, &inputs, false).and_then(|()| {
            gamma_formats::write_atomically(&path, report::to_csv(evaluation).as_bytes())
        });
        self.evaluate.message = written.err().map(|e| e.to_string());
    }
}

/// The continuum to evaluate and the reference's name in it.
fn evaluated_continuum(
    state: &AppState,
    reference: &ReferenceChoice,
) -> Result<(Continuum, String), AppError> {
    let document = state.document().ok_or(AppError::NoDocument)?;
    // As the command line does: the curated document joins the annotators when it is the
    // reference, and only then.
    let referenced = |asked: Option<&str>| {
        with_reference(std::slice::from_ref(&document.document), asked)
            .and_then(|r| Some((r.continua.into_iter().next()?, r.reference)))
            .ok_or(AppError::NoCuratedDocument)
    };
    match reference {
        ReferenceChoice::Annotator(name) => referenced(Some(name)),
        ReferenceChoice::Curated => referenced(None),
        ReferenceChoice::Gold => {
            let adjudicating = state.adjudicating().ok_or(AppError::NotAdjudicated)?;
            let adjudication = adjudicating.adjudication();
            let source = adjudication.continuum();
            let mut continuum = Continuum {
                name: source.name.clone(),
                text: source.text.clone(),
                annotators: vec![adjudication.gold_annotator(GOLD)],
            };
            for a in 0..source.n_annotators() {
                let mut against = adjudication.annotator_against_gold(a);
                continuum.annotators.push(against.annotators.remove(0));
            }
            Ok((continuum, GOLD.to_string()))
        }
    }
}

/// Selects the unitary alignment of the app's own alignment that holds the disagreement's unit
/// (the system's, else the reference's); centres the timeline on it when there is none.
pub(crate) fn select_disagreement(
    state: &mut AppState,
    reference_name: &str,
    system: &SystemEvaluation,
    d: &Disagreement,
) {
    let Some(document) = state.document() else {
        return;
    };
    let annotators = &document.continuum().annotators;
    let mut found = None;
    for (name, unit) in [
        (system.annotator.as_str(), d.system.as_ref()),
        (reference_name, d.reference.as_ref()),
    ] {
        let Some(unit) = unit else { continue };
        let Some(a) = annotators.iter().position(|x| x.name == name) else {
            continue;
        };
        // The evaluated units are the document's (an annotator as reference) or the decided
        // ones (the gold): find the document's unit by its span and category.
        let category = unit.written_category.as_ref().unwrap_or(&unit.category);
        let units = &annotators[a].units;
        let index = Some(unit.index)
            .filter(|&i| {
                units
                    .get(i)
                    .is_some_and(|u| u.start == unit.start && u.end == unit.end)
            })
            .or_else(|| {
                units.iter().position(|u| {
                    u.start == unit.start && u.end == unit.end && &u.category == category
                })
            });
        let shown = state.shown();
        if let Some(alignment) = index.and_then(|i| shown.and_then(|s| s.of_unit(a, i))) {
            found = Some(alignment);
            break;
        }
    }
    match found {
        Some(alignment) => state.select_alignment(alignment),
        None => {
            let span = d.system.as_ref().or(d.reference.as_ref());
            if let (Some(u), Some(document)) = (span, state.document()) {
                let limits = document.extent();
                state.documents.view.bring_into_view(u.start, u.end, limits);
            }
        }
    }
}

#[cfg(test)]
mod tests;
