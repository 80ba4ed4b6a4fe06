//! Everything the app shows and edits, without widgets: the open documents, the γ settings,
//! the running job and its result, the selection and the timeline's view. Panels read and
//! change this; only [`AppState::poll`] and [`AppState::recompute`] talk to the worker.

use super::adjudication::{Adjudicating, ResumeOffer, initial_adjudicator};
use super::palette::{self, CategoryColours};
use super::settings::{AgreementMeasure, Settings};
use super::shuffling::Shuffling;
use super::worker::{self, Job, WorkerMessage};
use gamma_studio::io::cora::CoraOptions;
use gamma_studio::io::{Document, ReadOptions, Source, read_documents};
use gamma_studio::textgamma::{TextAnnotation, TextGammaResult, annotations_of};
use gamma_studio::{Continuum, Corpus, GammaResult};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;

/// Where the γ of the current document stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// No document, or nothing asked yet.
    Idle,
    Running {
        done: usize,
        needed: usize,
    },
    Done,
    Cancelled,
    Failed(String),
}

/// A γ result and the settings it was computed with.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub result: Arc<GammaResult>,
    pub settings: Settings,
    pub document: usize,
    /// γ of each pair of annotators `(i, j)`, i < j, as they arrive.
    pub pairwise: Vec<((usize, usize), Result<f64, String>)>,
    /// Indices of the unitary alignments, the most disordered first.
    pub worst_first: Vec<usize>,
}

/// A tγ result, with the annotations it was computed on.
#[derive(Debug, Clone)]
pub struct TextOutcome {
    pub result: Arc<TextGammaResult>,
    pub document: usize,
    /// For each annotator, the index in the continuum of each of its tokens (tγ sorts them).
    pub unit_index: Vec<Vec<usize>>,
    /// Indices of the first pair's aligned tokens, the most disordered first.
    pub worst_first: Vec<usize>,
}

/// An open document and what the timeline needs to draw it fast.
#[derive(Debug, Clone)]
pub struct OpenDocument {
    pub document: Document,
    /// For each annotator, the sub-row of each unit (overlapping units stacked) and the
    /// number of sub-rows.
    pub rows: Vec<(Vec<usize>, usize)>,
    /// For each annotator, its unit indices sorted by start (to find the visible ones).
    pub by_start: Vec<Vec<usize>>,
    /// For each annotator, the length of its longest unit (how far before the view to look).
    pub longest: Vec<f64>,
    /// γ of this document, once computed with the current settings.
    pub gamma: Option<f64>,
    /// Categories in alphabetical order, with their number of units (the legend).
    pub category_counts: Vec<(String, usize)>,
    /// A stable colour per category (the Glozz model's order first).
    pub colours: CategoryColours,
    /// The colour of each unit of each annotator (its category's).
    pub unit_colours: Vec<Vec<eframe::egui::Color32>>,
}

impl OpenDocument {
    pub fn new(document: Document) -> OpenDocument {
        let continuum = &document.continuum;
        let mut rows = Vec::new();
        let mut by_start = Vec::new();
        for annotator in &continuum.annotators {
            let mut order: Vec<usize> = (0..annotator.units.len()).collect();
            order.sort_by(|&a, &b| {
                let (u, v) = (&annotator.units[a], &annotator.units[b]);
                u.start.total_cmp(&v.start).then(v.end.total_cmp(&u.end))
            });
            let mut row_of = vec![0; annotator.units.len()];
            let mut row_ends: Vec<f64> = Vec::new();
            for &i in &order {
                let unit = &annotator.units[i];
                match row_ends.iter().position(|&end| end <= unit.start) {
                    Some(row) => {
                        row_ends[row] = unit.end;
                        row_of[i] = row;
                    }
                    None => {
                        row_of[i] = row_ends.len();
                        row_ends.push(unit.end);
                    }
                }
            }
            rows.push((row_of, row_ends.len().max(1)));
            by_start.push(order);
        }
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for unit in continuum.annotators.iter().flat_map(|a| &a.units) {
            *counts.entry(unit.category.as_str()).or_default() += 1;
        }
        let category_counts: Vec<(String, usize)> = counts
            .into_iter()
            .map(|(c, n)| (c.to_string(), n))
            .collect();
        let categories: Vec<String> = category_counts.iter().map(|(c, _)| c.clone()).collect();
        let model_order: Option<Vec<String>> = match &document.source {
            Source::Glozz {
                model: Some(model), ..
            } => Some(
                model
                    .unit_type_names()
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
            ),
            _ => None,
        };
        let colours = palette::for_categories(&categories, model_order.as_deref());
        let unit_colours = continuum
            .annotators
            .iter()
            .map(|a| {
                a.units
                    .iter()
                    .map(|u| colours.colour(&u.category))
                    .collect()
            })
            .collect();
        let longest = continuum
            .annotators
            .iter()
            .map(|a| a.units.iter().map(|u| u.length()).fold(0.0, f64::max))
            .collect();
        OpenDocument {
            document,
            rows,
            by_start,
            longest,
            gamma: None,
            category_counts,
            colours,
            unit_colours,
        }
    }

    pub fn continuum(&self) -> &Continuum {
        &self.document.continuum
    }

    /// `[first, last]` position of any unit (or of the text).
    pub fn extent(&self) -> (f64, f64) {
        let continuum = self.continuum();
        let text_end = continuum
            .text
            .as_ref()
            .map(|t| t.chars().count() as f64)
            .unwrap_or(0.0);
        let (mut first, mut last) = (f64::INFINITY, text_end);
        for unit in continuum.annotators.iter().flat_map(|a| &a.units) {
            first = first.min(unit.start);
            last = last.max(unit.end);
        }
        if continuum.text.is_some() {
            first = 0.0;
        }
        if !first.is_finite() || last <= first {
            (0.0, 1.0)
        } else {
            (first, last)
        }
    }
}

/// The visible window of the timeline, in continuum positions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    pub start: f64,
    pub end: f64,
}

impl View {
    pub fn width(&self) -> f64 {
        self.end - self.start
    }

    /// Zooms by `factor` (> 1 zooms in) keeping `anchor` where it is, within `limits`.
    pub fn zoom(&mut self, factor: f64, anchor: f64, limits: (f64, f64)) {
        let width = (self.width() / factor).clamp(2.0, (limits.1 - limits.0).max(2.0) * 1.2);
        let share = ((anchor - self.start) / self.width()).clamp(0.0, 1.0);
        self.start = anchor - share * width;
        self.end = self.start + width;
        self.keep_within(limits);
    }

    pub fn pan(&mut self, by: f64, limits: (f64, f64)) {
        self.start += by;
        self.end += by;
        self.keep_within(limits);
    }

    /// Centres the view on `position`, keeping the width.
    pub fn centre_on(&mut self, position: f64, limits: (f64, f64)) {
        let half = self.width() / 2.0;
        self.start = position - half;
        self.end = position + half;
        self.keep_within(limits);
    }

    fn keep_within(&mut self, (low, high): (f64, f64)) {
        let margin = (high - low) * 0.1;
        let width = self.width();
        if self.start < low - margin {
            self.start = low - margin;
            self.end = self.start + width;
        }
        if self.end > high + margin {
            self.end = high + margin;
            self.start = self.end - width;
        }
    }
}

/// Order of the list of unitary alignments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlignmentOrder {
    WorstFirst,
    TextOrder,
}

/// What the app shows.
pub struct AppState {
    pub documents: Vec<OpenDocument>,
    pub current: usize,
    pub settings: Settings,
    pub status: Status,
    pub outcome: Option<Outcome>,
    /// The latest tγ result (tγ mode, CorA documents).
    pub text_outcome: Option<TextOutcome>,
    /// The settings or document changed since `outcome` was computed (shown as stale).
    pub outcome_is_stale: bool,
    pub selected_alignment: Option<usize>,
    pub view: View,
    pub hidden_categories: BTreeSet<String>,
    pub alignment_order: AlignmentOrder,
    /// Messages for the error panel (newest last).
    pub errors: Vec<String>,
    /// Files opened before, newest first (kept in the data folder across runs).
    pub recent_files: Vec<Vec<PathBuf>>,
    /// γ of all open documents as one corpus (when several are open).
    pub corpus_gamma: Option<Result<f64, String>>,
    /// The adjudication in progress (of one of the open documents).
    pub adjudicating: Option<Adjudicating>,
    /// An autosaved adjudication of the document shown, offered for resuming.
    pub resume_offer: Option<ResumeOffer>,
    /// Where sessions and the recent files are kept (`None`: nothing is kept, as in tests).
    pub data_folder: Option<PathBuf>,
    /// Recorded with every decision.
    pub adjudicator: String,
    /// How the open CorA files were read (their gold is written the same way).
    pub cora_options: CoraOptions,
    /// Which view fills the window.
    pub mode: Mode,
    /// The Corpus Shuffling Tool view.
    pub shuffling: Shuffling,
    job: Option<Job>,
    generation: u64,
    pub(super) wake: Arc<dyn Fn() + Send + Sync>,
}

/// The two views of the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The open documents: tracks, alignment, γ, adjudication.
    Annotations,
    /// The Corpus Shuffling Tool and the calibration of γ.
    Shuffling,
}

/// The file in the data folder that lists the recent files.
const RECENT_FILES: &str = "recent-files.json";

impl AppState {
    /// A state with no document; `wake` asks the UI to repaint (called from the worker).
    pub fn new(wake: Arc<dyn Fn() + Send + Sync>) -> AppState {
        AppState {
            documents: Vec::new(),
            current: 0,
            settings: Settings::default(),
            status: Status::Idle,
            outcome: None,
            text_outcome: None,
            outcome_is_stale: false,
            selected_alignment: None,
            view: View {
                start: 0.0,
                end: 1.0,
            },
            hidden_categories: BTreeSet::new(),
            alignment_order: AlignmentOrder::WorstFirst,
            errors: Vec::new(),
            recent_files: Vec::new(),
            corpus_gamma: None,
            adjudicating: None,
            mode: Mode::Annotations,
            shuffling: Shuffling::default(),
            resume_offer: None,
            data_folder: None,
            adjudicator: initial_adjudicator(),
            cora_options: CoraOptions::default(),
            job: None,
            generation: 0,
            wake,
        }
    }

    /// Keeps sessions and recent files in `folder` (and reads the recent files from it).
    pub fn with_data_folder(mut self, folder: Option<PathBuf>) -> AppState {
        self.recent_files = folder
            .as_ref()
            .and_then(|f| std::fs::read(f.join(RECENT_FILES)).ok())
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        self.data_folder = folder;
        self
    }

    fn save_recent_files(&mut self) {
        let Some(folder) = &self.data_folder else {
            return;
        };
        let json = serde_json::to_vec_pretty(&self.recent_files).expect("paths encode");
        let saved = std::fs::create_dir_all(folder)
            .map_err(|e| e.to_string())
            .and_then(|()| {
                gamma_studio::io::write_atomically(&folder.join(RECENT_FILES), &json)
                    .map_err(|e| e.to_string())
            });
        if let Err(e) = saved {
            self.errors
                .push(format!("the recent files could not be saved: {e}"));
        }
    }

    pub fn document(&self) -> Option<&OpenDocument> {
        self.documents.get(self.current)
    }

    /// Replaces the open documents and starts γ on the first.
    pub fn set_documents(&mut self, documents: Vec<Document>) {
        self.documents = documents.into_iter().map(OpenDocument::new).collect();
        self.corpus_gamma = None;
        self.adjudicating = None;
        self.select_document(0);
    }

    /// Opens files (any supported format) and starts γ; problems go to the error panel.
    pub fn open_files(&mut self, paths: &[PathBuf], options: &ReadOptions) {
        match read_documents(paths, options) {
            Ok((documents, warnings)) => {
                self.errors
                    .extend(warnings.into_iter().map(|w| format!("warning: {w}")));
                self.recent_files.retain(|r| r != paths);
                self.recent_files.insert(0, paths.to_vec());
                self.recent_files.truncate(10);
                self.save_recent_files();
                self.cora_options = options.cora.clone();
                self.set_documents(documents);
            }
            Err(e) => self.errors.push(e.to_string()),
        }
    }

    pub fn select_document(&mut self, index: usize) {
        self.current = index.min(self.documents.len().saturating_sub(1));
        self.selected_alignment = None;
        self.outcome = None;
        self.text_outcome = None;
        self.zoom_to_fit();
        self.recompute();
        self.look_for_session();
    }

    pub fn zoom_to_fit(&mut self) {
        if let Some(document) = self.document() {
            let (start, end) = document.extent();
            let margin = (end - start) * 0.01;
            self.view = View {
                start: start - margin,
                end: end + margin,
            };
        }
    }

    /// The settings changed: the shown result is stale until the new one arrives.
    pub fn settings_changed(&mut self) {
        for document in &mut self.documents {
            document.gamma = None;
        }
        self.corpus_gamma = None;
        self.recompute();
    }

    /// Starts γ of the current document with the current settings (cancelling any job).
    pub fn recompute(&mut self) {
        self.job = None;
        self.outcome_is_stale = self.outcome.is_some() || self.text_outcome.is_some();
        let Some(document) = self.document() else {
            self.status = Status::Idle;
            return;
        };
        if self.uses_text_gamma() {
            let annotations =
                match annotations_of(document.continuum(), &self.cora_options.category_layer) {
                    Ok(annotations) => match &self.cora_options.layers {
                        Some(layers) => annotations
                            .into_iter()
                            .map(|a| a.with_layers(layers))
                            .collect::<Vec<TextAnnotation>>(),
                        None => annotations,
                    },
                    Err(e) => {
                        self.status = Status::Failed(e.to_string());
                        self.errors.push(e.to_string());
                        return;
                    }
                };
            let continuum = document.continuum().clone();
            self.generation += 1;
            let wake = Arc::clone(&self.wake);
            self.job = Some(worker::start(
                worker::Request {
                    generation: self.generation,
                    continuum,
                    options: self.settings.gamma_options(),
                    pairwise: false,
                    others: Vec::new(),
                    corpus: None,
                    text_gamma: Some((annotations, self.settings.text_gamma_options())),
                },
                move || wake(),
            ));
            self.status = Status::Running { done: 0, needed: 0 };
            return;
        }
        let continuum = document.continuum().clone();
        self.generation += 1;
        let others: Vec<(usize, Continuum)> = self
            .documents
            .iter()
            .enumerate()
            .filter(|(i, d)| *i != self.current && d.gamma.is_none())
            .map(|(i, d)| (i, d.continuum().clone()))
            .collect();
        let corpus = (self.documents.len() > 1 && self.corpus_gamma.is_none()).then(|| {
            Corpus::new(
                self.documents
                    .iter()
                    .map(|d| d.continuum().clone())
                    .collect(),
            )
        });
        let wake = Arc::clone(&self.wake);
        self.job = Some(worker::start(
            worker::Request {
                generation: self.generation,
                continuum,
                options: self.settings.gamma_options(),
                pairwise: true,
                others,
                corpus,
                text_gamma: None,
            },
            move || wake(),
        ));
        self.status = Status::Running { done: 0, needed: 0 };
    }

    pub fn cancel(&mut self) {
        if let Some(job) = &self.job {
            job.cancel();
        }
        if matches!(self.status, Status::Running { .. }) {
            self.status = Status::Cancelled;
        }
    }

    pub fn is_running(&self) -> bool {
        matches!(self.status, Status::Running { .. })
    }

    /// Takes what the worker sent; call once per frame.
    pub fn poll(&mut self) {
        self.poll_adjudication();
        let Some(job) = &self.job else { return };
        let generation = job.generation;
        let cancelled = job.is_cancelled();
        let messages: Vec<WorkerMessage> = job.receiver.try_iter().collect();
        for message in messages {
            match message {
                WorkerMessage::Progress {
                    generation: g,
                    done,
                    needed,
                } if g == generation && !cancelled => {
                    self.status = Status::Running { done, needed };
                }
                WorkerMessage::Finished {
                    generation: g,
                    result,
                } if g == generation => match result {
                    Ok(result) => {
                        if let Some(document) = self.documents.get_mut(self.current) {
                            document.gamma = Some(result.gamma);
                        }
                        let keeps_selection = self.outcome.as_ref().is_some_and(|o| {
                            o.document == self.current
                                && o.result.documents[0].alignment.unitary_alignments.len()
                                    == result.documents[0].alignment.unitary_alignments.len()
                        });
                        if !keeps_selection && self.adjudicating().is_none() {
                            self.selected_alignment = None;
                        }
                        let alignments = &result.documents[0].alignment.unitary_alignments;
                        let mut worst_first: Vec<usize> = (0..alignments.len()).collect();
                        worst_first.sort_by(|&a, &b| {
                            alignments[b].disorder.total_cmp(&alignments[a].disorder)
                        });
                        self.outcome = Some(Outcome {
                            worst_first,
                            result: Arc::from(result),
                            settings: self.settings.clone(),
                            document: self.current,
                            pairwise: Vec::new(),
                        });
                        self.outcome_is_stale = false;
                        self.status = Status::Done;
                    }
                    Err(message) => self.job_failed(cancelled, message),
                },
                WorkerMessage::TextGammaFinished {
                    generation: g,
                    result,
                } if g == generation => match result {
                    Ok(result) => {
                        let unit_index = self
                            .document()
                            .map(|d| tgamma_unit_index(d.continuum()))
                            .unwrap_or_default();
                        if let Some(document) = self.documents.get_mut(self.current) {
                            document.gamma = Some(result.tgamma);
                        }
                        let units = result
                            .observed
                            .pairs
                            .first()
                            .map_or(&[][..], |p| &p.units[..]);
                        let mut worst_first: Vec<usize> = (0..units.len()).collect();
                        worst_first.sort_by(|&a, &b| units[b].2.total_cmp(&units[a].2));
                        self.text_outcome = Some(TextOutcome {
                            result: Arc::from(result),
                            document: self.current,
                            unit_index,
                            worst_first,
                        });
                        self.outcome_is_stale = false;
                        self.status = Status::Done;
                    }
                    Err(message) => self.job_failed(cancelled, message),
                },
                WorkerMessage::OtherDocument {
                    generation: g,
                    document,
                    gamma,
                } if g == generation => {
                    if let (Some(open), Ok(gamma)) = (self.documents.get_mut(document), &gamma) {
                        open.gamma = Some(*gamma);
                    } else if let Err(message) = gamma {
                        self.errors
                            .push(format!("document {}: {message}", document + 1));
                    }
                }
                WorkerMessage::Corpus {
                    generation: g,
                    gamma,
                } if g == generation => {
                    self.corpus_gamma = Some(gamma);
                }
                WorkerMessage::Pairwise {
                    generation: g,
                    first,
                    second,
                    gamma,
                } if g == generation => {
                    if let Some(outcome) = &mut self.outcome {
                        outcome.pairwise.push(((first, second), gamma));
                    }
                }
                _ => {}
            }
        }
    }

    /// A job ended in an error: cancelled if the user asked for it, else failed (and said).
    fn job_failed(&mut self, cancelled: bool, message: String) {
        if cancelled {
            self.status = Status::Cancelled;
        } else {
            self.status = Status::Failed(message.clone());
            self.errors.push(message);
        }
    }

    /// The result for the current document, if it is the one shown.
    pub fn current_outcome(&self) -> Option<&Outcome> {
        if self.uses_text_gamma() {
            return None;
        }
        self.outcome.as_ref().filter(|o| o.document == self.current)
    }

    /// The tγ result for the current document, in tγ mode.
    pub fn current_text_outcome(&self) -> Option<&TextOutcome> {
        if !self.uses_text_gamma() {
            return None;
        }
        self.text_outcome
            .as_ref()
            .filter(|o| o.document == self.current)
    }

    /// Whether the current document is measured with tγ (tγ chosen, and a CorA document).
    pub fn uses_text_gamma(&self) -> bool {
        self.settings.measure == AgreementMeasure::TextGamma
            && self
                .document()
                .is_some_and(|d| matches!(d.document.source, Source::Cora { .. }))
    }

    /// The unitary alignments shown: the adjudicated ones while adjudicating this document
    /// (they stay as they were when adjudication began), else those of the latest result.
    pub fn shown_alignment_count(&self) -> usize {
        if let Some(adjudicating) = self.adjudicating() {
            return adjudicating.adjudication().proposals().len();
        }
        if let Some(text) = self.current_text_outcome() {
            return text
                .result
                .observed
                .pairs
                .first()
                .map_or(0, |p| p.units.len());
        }
        self.current_outcome().map_or(0, |o| {
            o.result.documents[0].alignment.unitary_alignments.len()
        })
    }

    /// For each annotator, its unit in shown unitary alignment `index` (or ∅), and the
    /// alignment's disorder.
    pub fn shown_alignment(&self, index: usize) -> Option<(Vec<Option<usize>>, f64)> {
        if let Some(adjudicating) = self.adjudicating() {
            let proposal = adjudicating.adjudication().proposals().get(index)?;
            return Some((proposal.slots.clone(), proposal.disorder));
        }
        if let Some(text) = self.current_text_outcome() {
            // The first pair of annotators (tγ aligns annotators pairwise).
            let pair = text.result.observed.pairs.first()?;
            let (x, y, d) = *pair.units.get(index)?;
            let mut slots = vec![None; text.unit_index.len()];
            slots[pair.first] = x.map(|x| text.unit_index[pair.first][x]);
            slots[pair.second] = y.map(|y| text.unit_index[pair.second][y]);
            return Some((slots, d));
        }
        let aligned = &self.current_outcome()?.result.documents[0];
        let unitary = aligned.alignment.unitary_alignments.get(index)?;
        Some((
            aligned.alignment.slots(&aligned.problem, index),
            unitary.disorder,
        ))
    }

    /// Indices of the shown unitary alignments in the list's order.
    pub fn ordered_alignments(&self) -> Vec<usize> {
        let worst_first = self.alignment_order == AlignmentOrder::WorstFirst;
        if let Some(adjudicating) = self.adjudicating() {
            return adjudicating.order(worst_first);
        }
        if let Some(text) = self.current_text_outcome() {
            return if worst_first {
                text.worst_first.clone()
            } else {
                (0..text.worst_first.len()).collect()
            };
        }
        let Some(outcome) = self.current_outcome() else {
            return Vec::new();
        };
        if worst_first {
            outcome.worst_first.clone()
        } else {
            (0..outcome.worst_first.len()).collect()
        }
    }

    /// Selects a unitary alignment and centres the timeline on it.
    pub fn select_alignment(&mut self, index: usize) {
        self.selected_alignment = Some(index);
        let (Some((slots, _)), Some(document)) = (self.shown_alignment(index), self.document())
        else {
            return;
        };
        let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
        for (a, slot) in slots.iter().enumerate() {
            if let Some(u) = slot {
                let unit = &document.continuum().annotators[a].units[*u];
                low = low.min(unit.start);
                high = high.max(unit.end);
            }
        }
        if !low.is_finite() {
            return;
        }
        let limits = document.extent();
        let mut view = self.view;
        if high - low > view.width() * 0.8 {
            view.zoom(
                view.width() / ((high - low) * 1.5),
                (low + high) / 2.0,
                limits,
            );
        }
        view.centre_on((low + high) / 2.0, limits);
        self.view = view;
    }

    /// The shown unitary alignment that holds unit `unit` of annotator `annotator`.
    pub fn alignment_of_unit(&self, annotator: usize, unit: usize) -> Option<usize> {
        if let Some(adjudicating) = self.adjudicating() {
            return adjudicating
                .adjudication()
                .proposal_of_unit(annotator, unit);
        }
        let outcome = self.current_outcome()?;
        let document = &outcome.result.documents[0];
        document.alignment.unitary_alignments.iter().position(|a| {
            a.members.iter().any(|&m| {
                let u = &document.problem.units[m as usize];
                u.annotator as usize == annotator && u.index as usize == unit
            })
        })
    }
}

/// For each annotator, the continuum index of each token in the order tγ sorts them (by
/// start, then end), as `annotations_of` does.
fn tgamma_unit_index(continuum: &Continuum) -> Vec<Vec<usize>> {
    continuum
        .annotators
        .iter()
        .map(|a| {
            let mut order: Vec<usize> = (0..a.units.len()).collect();
            order.sort_by(|&x, &y| {
                let (u, v) = (&a.units[x], &a.units[y]);
                (u.start, u.end)
                    .partial_cmp(&(v.start, v.end))
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
            order
        })
        .collect()
}
