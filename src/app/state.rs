//! Everything the app shows and edits, without widgets, as rooms: the open documents and the
//! timeline's view ([`crate::app::document::open_document`]), the γ settings, the γ run
//! ([`crate::app::measure::gamma_run`]), the selection ([`crate::app::document::selection`]), the adjudication
//! ([`crate::app::adjudication::adjudicating`]), the Corpus Shuffling Tool ([`super::shuffling`]) and the recent
//! files. [`AppState`] owns them and does what involves several: opening documents, starting
//! γ when a document or a setting changes, polling every background job once per frame, and
//! the adjudication's actions (which also move the selection and the view, and report errors).

use super::jobs::Wake;
use super::shuffling::Shuffling;
use crate::app::adjudication::adjudicating::{
    self as adjudication, Adjudicating, ExportKind, ResumeOffer, initial_adjudicator,
};
use crate::app::document::open_document::{DocumentId, OpenDocument, View};
use crate::app::document::palette::CategoryMemory;
use crate::app::document::reading_view::ReadingView;
use crate::app::document::selection::Selection;
use crate::app::document::shown_alignments::ShownAlignments;
use crate::app::files::recent::RecentFiles;
use crate::app::measure::gamma_run::{
    CorpusOutcome, GammaRequest, GammaRun, Outcome, RunReport, Status, TextOutcome,
};
use crate::app::measure::settings::{AgreementMeasure, Settings};
use gamma_core::Unit;
use gamma_core::gold::{Adjudication, Direction, GoldError};
use gamma_formats::{Document, ReadOptions, Source, read_documents};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A selected alignment's neighbourhood on the timeline, in characters: about as many as
/// the timeline draws legibly (7 pixels each) on a usual window.
const LEGIBLE_CHARACTERS: f64 = 100.0;

/// What the app shows.
pub struct AppState {
    /// The open documents.
    pub documents: Vec<OpenDocument>,
    /// The document shown (index in `documents`).
    pub current: usize,
    /// The γ settings the user edits.
    pub settings: Settings,
    /// γ (or tγ) of the document shown: the job, its status, the latest results.
    pub run: GammaRun,
    /// The selected unitary alignment and the list's order.
    pub selection: Selection,
    /// The timeline's visible window.
    pub view: View,
    /// The reading view (or the timeline) in the central panel, and what it remembers.
    pub reading: ReadingView,
    /// Categories hidden from the timeline.
    pub hidden_categories: BTreeSet<String>,
    /// Messages for the error panel (newest last).
    pub errors: Vec<String>,
    /// Files opened before, newest first (kept in the data folder across runs).
    pub recent_files: RecentFiles,
    /// γ of all open documents as one corpus (when several are open), with its interval.
    pub corpus_gamma: Option<Result<CorpusOutcome, String>>,
    /// The adjudications in progress, by document: each keeps its decisions, undo history and
    /// autosave while other documents are shown.
    pub adjudications: BTreeMap<DocumentId, Adjudicating>,
    /// The adjudication of the corpus as a whole: the queue's order, the corpus-wide steps.
    pub campaign: super::campaign::Campaign,
    /// Actions asked for by the panels this frame, applied in one place
    /// ([`AppState::apply_commands`]).
    pub commands: Vec<super::commands::Command>,
    /// An autosaved adjudication of the document shown, offered for resuming.
    pub resume_offer: Option<ResumeOffer>,
    /// Where sessions and the recent files are kept (`None`: nothing is kept, as in tests).
    pub data_folder: Option<PathBuf>,
    /// Recorded with every decision.
    pub adjudicator: String,
    /// How the open files were read (their gold is written the same way, tγ compares the
    /// layers read).
    pub read_options: ReadOptions,
    /// Which view fills the window.
    pub mode: Mode,
    /// The Corpus Shuffling Tool view.
    pub shuffling: Shuffling,
    /// Whether the keys typed this frame reach the document (its shortcuts and the
    /// adjudication's keys): no dialog is open and no text field has the keyboard. Set at the
    /// start of every frame, before any panel reads a key.
    pub keys_reach_document: bool,
    /// The colours categories had in this session's documents (they keep them).
    pub category_colours: CategoryMemory,
    /// The last decision, for the views to flash its alignment.
    pub last_decision: Option<DecisionEcho>,
    /// The campaign dashboard: every document's γ, the corpus γ, the pairwise matrix.
    pub dashboard: crate::app::campaign::dashboard::Dashboard,
    /// How the corpus folder opened holds its documents (its gold is laid out the same).
    pub corpus_layout: Option<gamma_formats::corpus_folder::Layout>,
    /// What was opened (a project records it).
    pub opened: Option<crate::app::files::opened::OpenedInputs>,
    /// The project file autosaved after every change, once saved or opened.
    pub project_path: Option<PathBuf>,
    /// What the project file held when last saved (see [`AppState::autosave_project`]).
    pub(super) project_saved: String,
    pub(super) wake: Wake,
}

/// A decision just made, echoed where the user looks: its alignment flashes for
/// [`DecisionEcho::FLASH`] and Messages names it.
#[derive(Debug, Clone, PartialEq)]
pub struct DecisionEcho {
    /// The alignment decided, when the decision was about one.
    pub alignment: Option<usize>,
    /// When it was made.
    pub at: std::time::Instant,
}

impl DecisionEcho {
    /// How long the alignment flashes.
    pub const FLASH: std::time::Duration = std::time::Duration::from_millis(700);

    /// How strongly `alignment` flashes now, from 1 (just decided) to 0 (over).
    pub fn strength(echo: Option<&DecisionEcho>, alignment: usize) -> f32 {
        match echo {
            Some(echo) if echo.alignment == Some(alignment) => {
                let elapsed = echo.at.elapsed().as_secs_f32();
                (1.0 - elapsed / DecisionEcho::FLASH.as_secs_f32()).max(0.0)
            }
            _ => 0.0,
        }
    }
}

/// How Messages names a decision (only the last one is kept there, so that decisions do
/// not push warnings out of view).
pub const DECISION_PREFIX: &str = "adjudication: ";

/// The two views of the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The open documents: tracks, alignment, γ, adjudication.
    Annotations,
    /// The Corpus Shuffling Tool and the calibration of γ.
    Shuffling,
    /// The campaign dashboard: every open document in one table.
    Dashboard,
}

impl AppState {
    /// A state with no document; `wake` asks the UI to repaint (called from the jobs).
    pub fn new(wake: Wake) -> AppState {
        AppState {
            documents: Vec::new(),
            current: 0,
            settings: Settings::default(),
            run: GammaRun::default(),
            selection: Selection::default(),
            view: View {
                start: 0.0,
                end: 1.0,
            },
            reading: ReadingView::default(),
            hidden_categories: BTreeSet::new(),
            errors: Vec::new(),
            recent_files: RecentFiles::default(),
            corpus_gamma: None,
            adjudications: BTreeMap::new(),
            campaign: Default::default(),
            commands: Vec::new(),
            mode: Mode::Annotations,
            shuffling: Shuffling::default(),
            resume_offer: None,
            data_folder: None,
            adjudicator: initial_adjudicator(),
            read_options: ReadOptions::default(),
            keys_reach_document: true,
            category_colours: CategoryMemory::default(),
            last_decision: None,
            dashboard: Default::default(),
            corpus_layout: None,
            opened: None,
            project_path: None,
            project_saved: String::new(),
            wake,
        }
    }

    /// Keeps sessions and recent files in `folder` (and reads the recent files from it).
    pub fn with_data_folder(mut self, folder: Option<PathBuf>) -> AppState {
        self.recent_files = RecentFiles::in_folder(folder.clone());
        self.category_colours = CategoryMemory::in_folder(folder.as_deref());
        self.data_folder = folder;
        self
    }

    /// The document shown.
    pub fn document(&self) -> Option<&OpenDocument> {
        self.documents.get(self.current)
    }

    /// The annotators of the document shown (none when no document is open).
    pub fn annotator_names(&self) -> Vec<String> {
        self.document()
            .map(|d| d.continuum().annotator_names())
            .unwrap_or_default()
    }

    /// Replaces the open documents and starts γ on the first.
    pub fn set_documents(&mut self, documents: Vec<Document>) {
        self.documents = documents.into_iter().map(OpenDocument::new).collect();
        let before = self.category_colours.clone();
        for document in &mut self.documents {
            document.recolour(&mut self.category_colours);
        }
        if self.category_colours != before
            && let Some(folder) = &self.data_folder
            && let Err(e) = self.category_colours.save(folder)
        {
            self.errors.push(e);
        }
        // A tγ base belongs to the documents it was chosen for.
        let base_fits = match &self.settings.text_gamma_base {
            crate::app::measure::settings::TextGammaBase::EachInTurn => true,
            crate::app::measure::settings::TextGammaBase::Annotator(name) => self
                .documents
                .iter()
                .all(|d| d.continuum().annotators.iter().any(|a| &a.name == name)),
            crate::app::measure::settings::TextGammaBase::File(_) => false,
        };
        if !base_fits {
            self.settings.text_gamma_base =
                crate::app::measure::settings::TextGammaBase::EachInTurn;
        }
        self.reading.forget();
        self.corpus_gamma = None;
        self.dashboard.forget();
        self.adjudications.clear();
        self.campaign = Default::default();
        self.select_document(0);
    }

    /// Opens files (any supported format) and starts γ; problems go to the error panel.
    pub fn open_files(&mut self, paths: &[PathBuf], options: &ReadOptions) {
        match read_documents(paths, options) {
            Ok((documents, warnings)) => {
                self.errors
                    .extend(warnings.into_iter().map(|w| format!("warning: {w}")));
                if let Err(e) = self.recent_files.add(paths, options) {
                    self.errors.push(e);
                }
                self.read_options = options.clone();
                self.set_documents(documents);
                self.corpus_layout = None;
                self.opened = Some(crate::app::files::opened::OpenedInputs::Files(
                    paths.to_vec(),
                ));
                self.project_path = None;
            }
            Err(e) => self.errors.push(e.to_string()),
        }
    }

    /// Opens every document of a corpus folder (matched by name, as
    /// [`gamma_formats::read_corpus`] reads it) and says its layout in Messages.
    pub fn open_folder(&mut self, folder: &Path, options: &ReadOptions) {
        match gamma_formats::read_corpus(folder, options) {
            Ok((documents, warnings, plan)) => {
                self.errors.push(format!(
                    "{}: {} documents ({})",
                    folder.display(),
                    documents.len(),
                    plan.layout.describe()
                ));
                self.errors
                    .extend(warnings.into_iter().map(|w| format!("warning: {w}")));
                if documents.is_empty() {
                    return;
                }
                self.read_options = options.clone();
                self.set_documents(documents);
                self.say_pre_segmentation();
                self.corpus_layout = Some(plan.layout);
                self.opened = Some(crate::app::files::opened::OpenedInputs::Folder(
                    folder.to_path_buf(),
                ));
                self.project_path = None;
                // A campaign is seen first as a whole: where its documents disagree.
                if self.documents.len() > 1 {
                    self.mode = Mode::Dashboard;
                }
            }
            Err(e) => self.errors.push(e.to_string()),
        }
    }

    /// Says which Glozz unit types are a pre-segmentation in every document opened (the same
    /// spans in every annotator's file, framing the other units: STAC's `Dialogue`, `Turn`,
    /// `paragraph`), which the open dialog leaves out and a folder opens with.
    fn say_pre_segmentation(&mut self) {
        let mut common: Option<Vec<String>> = None;
        for document in &self.documents {
            let gamma_formats::Source::Glozz { files, .. } = &document.document.source else {
                return;
            };
            let paths: Vec<PathBuf> = files.iter().map(|f| f.path.clone()).collect();
            let types = crate::app::files::open_dialog::pre_segmentation::identical_types(&paths);
            common = Some(match common {
                None => types,
                Some(before) => before.into_iter().filter(|t| types.contains(t)).collect(),
            });
        }
        if let Some(types) = common.filter(|t| !t.is_empty()) {
            self.errors.push(format!(
                "{}: identical in every annotator's file of every document, a pre-segmentation: \
                 they are measured here and raise γ (File → Open… leaves them out; so does \
                 --exclude-category on the command line)",
                types.join(", ")
            ));
        }
    }

    /// Shows document `index` and starts its γ.
    pub fn select_document(&mut self, index: usize) {
        self.current = index.min(self.documents.len().saturating_sub(1));
        self.selection.alignment = None;
        self.run.forget();
        self.zoom_to_fit();
        self.recompute();
        self.look_for_session();
        let (settings, wake) = (&self.settings, &self.wake);
        if let Some(adjudicating) = (self.documents.get(self.current))
            .and_then(|d| self.adjudications.get_mut(&d.id))
            .filter(|a| a.against_gold_waits())
        {
            adjudicating.start_against_gold(settings, Arc::clone(wake));
        }
    }

    /// The whole document in view.
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

    /// Starts γ (or tγ) of the current document with the current settings (cancelling any
    /// job).
    pub fn recompute(&mut self) {
        let Some(document) = self.document() else {
            self.run.stop(Status::Idle);
            return;
        };
        let request = if self.uses_text_gamma() {
            GammaRequest::text_gamma(document, &self.settings, &self.read_options.cora)
        } else {
            Ok(GammaRequest::gamma(
                &self.documents,
                self.current,
                &self.settings,
                self.corpus_gamma.is_some(),
            ))
        };
        match request {
            Ok(request) => self.run.start(
                self.current,
                self.settings.clone(),
                request,
                Arc::clone(&self.wake),
            ),
            Err(e) => {
                self.run.stop(Status::Failed(e.clone()));
                self.errors.push(e);
            }
        }
    }

    /// Cancels γ of the current document.
    pub fn cancel(&mut self) {
        self.run.cancel();
    }

    /// Whether γ of the current document is being computed.
    pub fn is_running(&self) -> bool {
        self.run.is_running()
    }

    /// Takes what every background job sent (γ, γ against the gold, the shuffling tool);
    /// call once per frame.
    pub fn poll(&mut self) {
        for report in self.run.poll() {
            match report {
                RunReport::Arrived {
                    document,
                    gamma,
                    keeps_selection,
                } => {
                    if let Some(open) = self.documents.get_mut(document) {
                        open.gamma = Some(gamma);
                    }
                    if !keeps_selection && self.adjudicating().is_none() {
                        self.selection.alignment = None;
                    }
                }
                RunReport::OtherDocument { document, gamma } => match gamma {
                    Ok(gamma) => {
                        if let Some(open) = self.documents.get_mut(document) {
                            open.gamma = Some(gamma);
                        }
                    }
                    Err(message) => self
                        .errors
                        .push(format!("document {}: {message}", document + 1)),
                },
                RunReport::Corpus(gamma) => self.corpus_gamma = Some(*gamma),
                RunReport::Failed(message) => self.errors.push(message),
            }
        }
        for adjudicating in self.adjudications.values_mut() {
            adjudicating.poll();
        }
        self.shuffling.poll();
    }

    /// The γ result for the current document, if it is the one shown.
    pub fn current_outcome(&self) -> Option<&Outcome> {
        if self.uses_text_gamma() {
            return None;
        }
        let outcome = self.run.outcome.as_ref();
        outcome.filter(|o| o.document == self.current)
    }

    /// The tγ result for the current document, in tγ mode.
    pub fn current_text_outcome(&self) -> Option<&TextOutcome> {
        if !self.uses_text_gamma() {
            return None;
        }
        let outcome = self.run.text_outcome.as_ref();
        outcome.filter(|o| o.document == self.current)
    }

    /// Whether the current document is measured with tγ (tγ chosen, and a CorA document).
    /// Whether a category left out of γ has units in the current document (adjudication then
    /// waits: its proposals would miss them).
    pub fn excludes_categories_here(&self) -> bool {
        let excluded = &self.settings.excluded_categories;
        // The document's category counts are kept: no scan of its units (it runs every frame).
        !excluded.is_empty()
            && self.document().is_some_and(|d| {
                (d.category_counts.iter()).any(|(category, _)| excluded.contains(category))
            })
    }

    pub fn uses_text_gamma(&self) -> bool {
        self.settings.measure == AgreementMeasure::TextGamma
            && self
                .document()
                .is_some_and(|d| matches!(d.document.source, Source::Cora { .. }))
    }

    /// The unitary alignments shown: the adjudicated ones while adjudicating this document
    /// (they stay as they were when adjudication began), else those of the latest result.
    pub fn shown(&self) -> Option<&ShownAlignments> {
        if let Some(adjudicating) = self.adjudicating() {
            return Some(&adjudicating.shown);
        }
        self.current_outcome()
            .map(|o| &o.shown)
            .or_else(|| self.current_text_outcome().map(|o| &o.shown))
    }

    /// Selects a unitary alignment and brings it into view.
    pub fn select_alignment(&mut self, index: usize) {
        self.selection.alignment = Some(index);
        let (Some(shown), Some(document)) = (self.shown(), self.document()) else {
            return;
        };
        let Some(alignment) = shown.get(index) else {
            return;
        };
        let (low, high, limits) = (alignment.start, alignment.end, document.extent());
        let has_text = document.continuum().text.is_some();
        self.view.bring_into_view(low, high, limits);
        // With a text, zoom in until its words are legible on the timeline (the whole
        // alignment still in view).
        let legible = ((high - low) * 1.5).max(LEGIBLE_CHARACTERS);
        if has_text && self.view.width() > legible {
            self.view
                .zoom(self.view.width() / legible, (low + high) / 2.0, limits);
            self.view.centre_on((low + high) / 2.0, limits);
        }
    }
}

/// The adjudication's actions: each asks [`Adjudicating`], then keeps the error panel, the
/// selection and the view in step.
impl AppState {
    /// The adjudication of the document shown, if there is one.
    pub fn adjudicating(&self) -> Option<&Adjudicating> {
        self.adjudications.get(&self.document()?.id)
    }

    /// The adjudication of the document shown, to change it.
    pub fn adjudicating_mut(&mut self) -> Option<&mut Adjudicating> {
        let id = self.document()?.id;
        self.adjudications.get_mut(&id)
    }

    /// Looks for an autosaved session of the current document (called when a document is
    /// shown); a found one is offered, never loaded unasked.
    fn look_for_session(&mut self) {
        self.resume_offer = None;
        if self.adjudicating().is_some() {
            return;
        }
        let (Some(folder), Some(document)) = (&self.data_folder, self.document()) else {
            return;
        };
        match adjudication::autosaved_session(folder, document.continuum(), document.id) {
            Ok(offer) => self.resume_offer = offer,
            Err(e) => self.errors.push(e),
        }
    }

    /// Starts adjudicating the current document from the alignment shown (a fresh session,
    /// replacing any autosaved one of the same document).
    pub fn start_adjudication(&mut self) -> Result<(), String> {
        let outcome = self
            .current_outcome()
            .filter(|_| !self.run.stale)
            .ok_or("wait for the alignment of this document first")?;
        if self.excludes_categories_here() {
            return Err(
                "every category must count in γ to adjudicate (Settings → categories measured)"
                    .into(),
            );
        }
        let document = self.document().ok_or("no document")?;
        let adjudicating = Adjudicating::start(
            document,
            &outcome.result.documents[0],
            outcome.settings.gamma_options(),
            self.adjudicator.clone(),
            self.data_folder.as_deref(),
        );
        let id = document.id;
        self.resume_offer = None;
        self.adjudications.insert(id, adjudicating);
        self.after_change(None);
        Ok(())
    }

    /// Resumes the offered session.
    pub fn resume_adjudication(&mut self) {
        let Some(offer) = self.resume_offer.take() else {
            return;
        };
        if self.document().is_none_or(|d| d.id != offer.document) {
            return;
        }
        let mut adjudicating = Adjudicating::resume(offer);
        adjudicating.start_against_gold(&self.settings, Arc::clone(&self.wake));
        self.adjudications
            .insert(adjudicating.document, adjudicating);
    }

    /// Opens a session file the user chose (it must be of the document shown).
    pub fn load_session(&mut self, path: &Path) {
        let Some(document) = self.document() else {
            return;
        };
        match adjudication::session_of(path, document.continuum(), document.id) {
            Ok(offer) => {
                self.resume_offer = Some(offer);
                self.resume_adjudication();
            }
            Err(e) => self.errors.push(e),
        }
    }

    /// Stops adjudicating (the session stays saved).
    pub fn stop_adjudication(&mut self) {
        if let Some(id) = self.document().map(|d| d.id) {
            self.adjudications.remove(&id);
        }
        self.look_for_session();
    }

    /// Runs an action on the adjudication; on success it is saved and γ against the gold
    /// restarts, on failure the message says why.
    pub fn adjudicate(
        &mut self,
        action: impl FnOnce(&mut Adjudication) -> Result<String, GoldError>,
    ) -> bool {
        self.adjudicate_counted(action, 1)
    }

    /// [`AppState::adjudicate`] for an action that changes the undo history's length by
    /// `steps` (undo −1).
    fn adjudicate_counted(
        &mut self,
        action: impl FnOnce(&mut Adjudication) -> Result<String, GoldError>,
        steps: i64,
    ) -> bool {
        let Some(adjudicating) = self.adjudicating_mut() else {
            return false;
        };
        match adjudicating.apply_counted(action, steps) {
            Some(message) => {
                self.echo(&message);
                self.after_change(Some(message));
                true
            }
            None => false,
        }
    }

    /// Names an action in Messages (replacing the previous one's line) and flashes the
    /// selected alignment, which the action was about.
    fn echo(&mut self, message: &str) {
        self.errors.retain(|m| !m.starts_with(DECISION_PREFIX));
        self.errors.push(format!("{DECISION_PREFIX}{message}"));
        self.last_decision = Some(DecisionEcho {
            alignment: self.selection.alignment,
            at: std::time::Instant::now(),
        });
    }

    /// Whether a dialog of the document's views is open (the overwrite question, the
    /// category of a new gold unit): keys then stay with it.
    pub fn dialog_open(&self) -> bool {
        self.reading.pending_gold.is_some()
            || self
                .adjudicating()
                .is_some_and(|a| a.confirm_overwrite.is_some())
    }

    /// Saves the session where it is saved, and restarts γ against the gold.
    fn after_change(&mut self, message: Option<String>) {
        let Some(id) = self.document().map(|d| d.id) else {
            return;
        };
        let Some(adjudicating) = self.adjudications.get_mut(&id) else {
            return;
        };
        if let Err(e) = adjudicating.changed(message, &self.settings, Arc::clone(&self.wake)) {
            self.errors.push(e);
        }
    }

    /// After a decision: the next open alignment, when the user asked for it.
    pub fn decided(&mut self) {
        if self.adjudicating().is_some_and(|a| a.advance) {
            self.go_across(Direction::Next);
        }
    }

    /// Undoes the last action of the document shown.
    pub(super) fn undo_here(&mut self) {
        let undo = |a: &mut Adjudication| {
            a.undo()
                .map(|label| format!("undone: {label}"))
                .ok_or(GoldError::BadRule("nothing to undo".into()))
        };
        self.adjudicate_counted(undo, -1);
    }

    /// Redoes the last action of the document shown undone.
    pub(super) fn redo_here(&mut self) {
        let redo = |a: &mut Adjudication| {
            a.redo()
                .map(|label| format!("redone: {label}"))
                .ok_or(GoldError::BadRule("nothing to redo".into()))
        };
        self.adjudicate_counted(redo, 1);
    }

    /// Selects the next (or previous) open alignment of the document shown passing the filter
    /// (wrapping around in it).
    pub fn go_to_open(&mut self, direction: Direction) {
        let Selection { alignment, order } = self.selection;
        let Some(adjudicating) = self.adjudicating_mut() else {
            return;
        };
        let order = adjudicating.shown.ordered(order);
        if let Some(index) = adjudicating.next_open(&order, alignment, direction) {
            self.select_alignment(index);
        }
    }

    /// Writes the gold or the report; an input file is only overwritten once the user
    /// confirmed (`confirmed`), otherwise the export waits for that confirmation.
    pub fn export(&mut self, kind: ExportKind, path: PathBuf, confirmed: bool) {
        let Some(source) = self.document().map(|d| d.document.source.clone()) else {
            return;
        };
        let read_options = self.read_options.clone();
        let Some(adjudicating) = self.adjudicating_mut() else {
            return;
        };
        if let Err(e) = adjudicating.export(kind, path, confirmed, &source, &read_options) {
            self.errors.push(e);
        }
    }

    /// Saves the session to a file the user chose (and from then on autosaves there).
    pub fn save_session_as(&mut self, path: PathBuf) {
        let inputs = self
            .document()
            .map(|d| d.document.source.paths())
            .unwrap_or_default();
        let Some(adjudicating) = self.adjudicating_mut() else {
            return;
        };
        if let Err(e) = adjudicating.save_session_as(path, &inputs) {
            self.errors.push(e);
        }
    }

    /// A new gold unit over the view's middle third, of the first category (to be edited).
    pub fn add_gold_unit(&mut self) {
        let (start, end) = {
            let third = self.view.width() / 3.0;
            let start = (self.view.start + third).max(0.0).round();
            (start, (start + third.round()).max(start + 1.0))
        };
        let category = self
            .document()
            .and_then(|d| d.category_counts.first().map(|(c, _)| c.clone()))
            .unwrap_or_else(|| "unit".into());
        let Ok(unit) = Unit::new(start, end, category) else {
            return;
        };
        let mut added = None;
        self.adjudicate(|a| {
            let id = a.add(unit.clone())?;
            added = Some(id);
            Ok(format!("added {unit}"))
        });
        if let Some(adjudicating) = self.adjudicating_mut() {
            adjudicating.selected_gold = added;
        }
    }
}
