//! The adjudication room: the adjudication of each open document (each [`Adjudicating`]:
//! its decisions, undo history, autosave and γ against the gold, kept while other documents
//! are shown), the autosaved session offered for the document shown, the adjudicator's name
//! and the last decision's echo; the adjudication's actions, which also keep Messages, the
//! selection and the view in step. Its panels: the adjudication [`panel`] (with the keys),
//! its [`bulk_rules_panel`] and [`relations_panel`].

pub mod adjudicating;
pub mod bulk_rules_panel;
pub mod confirm_panel;
pub mod panel;
pub mod relations_panel;

use crate::app::AppState;
use crate::app::document::open_document::DocumentId;
use crate::app::document::selection::Selection;
use adjudicating::{Adjudicating, ExportKind, ResumeOffer, initial_adjudicator};
use gamma_core::Unit;
use gamma_core::gold::{Adjudication, Direction, GoldError, GoldId};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The adjudication room's state.
pub struct Adjudications {
    /// The adjudications in progress, by document: each keeps its decisions, undo history and
    /// autosave while other documents are shown.
    pub by_document: BTreeMap<DocumentId, Adjudicating>,
    /// An autosaved adjudication of the document shown, offered for resuming.
    pub resume_offer: Option<ResumeOffer>,
    /// Recorded with every decision.
    pub adjudicator: String,
    /// The last decision, for the views to flash its alignment.
    pub last_decision: Option<DecisionEcho>,
}

impl Default for Adjudications {
    fn default() -> Self {
        Adjudications {
            by_document: BTreeMap::new(),
            resume_offer: None,
            adjudicator: initial_adjudicator(),
            last_decision: None,
        }
    }
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

/// The adjudication's actions: each asks [`Adjudicating`], then keeps Messages, the
/// selection and the view in step.
impl AppState {
    /// The adjudication of the document shown, if there is one.
    pub fn adjudicating(&self) -> Option<&Adjudicating> {
        self.adjudication.by_document.get(&self.document()?.id)
    }

    /// The adjudication of the document shown, to change it.
    pub fn adjudicating_mut(&mut self) -> Option<&mut Adjudicating> {
        let id = self.document()?.id;
        self.adjudication.by_document.get_mut(&id)
    }

    /// Looks for an autosaved session of the current document (called when a document is
    /// shown); a found one is offered, never loaded unasked.
    pub(crate) fn look_for_session(&mut self) {
        self.adjudication.resume_offer = None;
        if self.adjudicating().is_some() {
            return;
        }
        let (Some(folder), Some(document)) = (&self.files.data_folder, self.document()) else {
            return;
        };
        let excluded = &self.measure.settings.excluded_categories;
        match adjudicating::autosaved_session(folder, document.continuum(), excluded, document.id)
        {
            Ok(offer) => self.adjudication.resume_offer = offer,
            Err(e) => self.shell.messages.push(e),
        }
    }

    /// Starts adjudicating the current document from the alignment shown; a session autosaved
    /// for it is resumed instead, never replaced (Start over… discards decisions, undoably).
    pub fn start_adjudication(&mut self) -> Result<(), String> {
        self.look_for_session();
        if self.adjudication.resume_offer.is_some() {
            self.resume_adjudication();
            return Ok(());
        }
        let outcome = self
            .current_outcome()
            .filter(|_| !self.measure.run.stale)
            .ok_or("wait for the alignment of this document first")?;
        let document = self.document().ok_or("no document")?;
        let adjudicating = Adjudicating::start(
            document,
            &outcome.settings.excluded_categories,
            &outcome.result.documents[0],
            outcome.settings.gamma_options(),
            self.adjudication.adjudicator.clone(),
            self.files.data_folder.as_deref(),
        );
        let id = document.id;
        self.adjudication.resume_offer = None;
        self.adjudication.by_document.insert(id, adjudicating);
        self.after_change(None);
        Ok(())
    }

    /// Resumes the offered session.
    pub fn resume_adjudication(&mut self) {
        let Some(offer) = self.adjudication.resume_offer.take() else {
            return;
        };
        let Some(document) = self.document().filter(|d| d.id == offer.document) else {
            return;
        };
        let mut adjudicating = Adjudicating::resume(offer, document.continuum());
        adjudicating.start_against_gold(&self.measure.settings, Arc::clone(&self.wake));
        self.adjudication
            .by_document
            .insert(adjudicating.document, adjudicating);
    }

    /// Opens a session file the user chose (it must be of the document shown).
    pub fn load_session(&mut self, path: &Path) {
        let Some(document) = self.document() else {
            return;
        };
        let excluded = &self.measure.settings.excluded_categories;
        match adjudicating::session_of(path, document.continuum(), excluded, document.id) {
            Ok(offer) => {
                self.adjudication.resume_offer = Some(offer);
                self.resume_adjudication();
            }
            Err(e) => self.shell.messages.push(e),
        }
    }

    /// Starts the adjudication of the document shown over, once the user confirmed: every
    /// decision discarded as one step, which undo takes back.
    pub fn start_over(&mut self) {
        let Some(adjudicating) = self.adjudicating_mut() else {
            return;
        };
        adjudicating.confirm_start_over = false;
        self.adjudicate(|a| match a.start_over() {
            0 => Err(GoldError::BadRule("nothing was decided".into())),
            1 => Ok("started over: 1 decision discarded (Ctrl+Z brings it back)".into()),
            n => Ok(format!(
                "started over: {n} decisions discarded (Ctrl+Z brings them back)"
            )),
        });
    }

    /// Stops adjudicating (the session stays saved).
    pub fn stop_adjudication(&mut self) {
        if let Some(id) = self.document().map(|d| d.id) {
            self.adjudication.by_document.remove(&id);
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
        self.shell
            .messages
            .retain(|m| !m.starts_with(DECISION_PREFIX));
        self.shell
            .messages
            .push(format!("{DECISION_PREFIX}{message}"));
        self.adjudication.last_decision = Some(DecisionEcho {
            alignment: self.documents.selection.alignment,
            at: std::time::Instant::now(),
        });
    }

    /// Whether a dialog of the document's views is open (the overwrite question, the
    /// category of a new gold unit): keys then stay with it.
    pub fn dialog_open(&self) -> bool {
        self.documents.reading.pending_gold.is_some()
            || self
                .adjudicating()
                .is_some_and(|a| a.confirm_overwrite.is_some() || a.confirm_start_over)
    }

    /// Saves the session where it is saved, and restarts γ against the gold.
    fn after_change(&mut self, message: Option<String>) {
        let Some(id) = self.document().map(|d| d.id) else {
            return;
        };
        let Some(adjudicating) = self.adjudication.by_document.get_mut(&id) else {
            return;
        };
        if let Err(e) =
            adjudicating.changed(message, &self.measure.settings, Arc::clone(&self.wake))
        {
            self.shell.messages.push(e);
        }
    }

    /// After a decision: the next open alignment, when the user asked for it.
    pub fn decided(&mut self) {
        if self.adjudicating().is_some_and(|a| a.advance) {
            self.go_across(Direction::Next);
        }
    }

    /// Undoes the last action of the document shown, and selects what it changed.
    pub(super) fn undo_here(&mut self) {
        let target = self.step_target(false);
        let undo = |a: &mut Adjudication| {
            a.undo()
                .map(|label| format!("undone: {label}"))
                .ok_or(GoldError::BadRule("nothing to undo".into()))
        };
        if self.adjudicate_counted(undo, -1) {
            self.select_step_target(target);
        }
    }

    /// Redoes the last action of the document shown undone, and selects what it changed.
    pub(super) fn redo_here(&mut self) {
        let target = self.step_target(true);
        let redo = |a: &mut Adjudication| {
            a.redo()
                .map(|label| format!("redone: {label}"))
                .ok_or(GoldError::BadRule("nothing to redo".into()))
        };
        if self.adjudicate_counted(redo, 1) {
            self.select_step_target(target);
        }
    }

    /// What the next undo (redo) of the document shown changes: its alignment, and its gold
    /// units.
    fn step_target(&self, redo: bool) -> (Option<usize>, Vec<GoldId>) {
        let Some(adjudicating) = self.adjudicating() else {
            return (None, Vec::new());
        };
        let adjudication = adjudicating.adjudication();
        let step = if redo {
            adjudication.redo_step()
        } else {
            adjudication.undo_step()
        };
        step.map_or((None, Vec::new()), |s| (s.alignment(), s.gold_units()))
    }

    /// Selects what an undo or redo changed: its alignment (brought into view), and the first
    /// of its gold units that is in the gold now.
    fn select_step_target(&mut self, (alignment, gold): (Option<usize>, Vec<GoldId>)) {
        if let Some(alignment) = alignment {
            self.select_alignment(alignment);
        }
        if let Some(adjudicating) = self.adjudicating_mut() {
            let present = gold
                .into_iter()
                .find(|id| adjudicating.adjudication().gold_unit(*id).is_some());
            adjudicating.selected_gold = present.or(adjudicating.selected_gold);
        }
    }

    /// Selects the next (or previous) open alignment of the document shown passing the filter
    /// (wrapping around in it).
    pub fn go_to_open(&mut self, direction: Direction) {
        let Selection { alignment, order } = self.documents.selection;
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
        let read_options = self.files.read_options.clone();
        let Some(adjudicating) = self.adjudicating_mut() else {
            return;
        };
        if let Err(e) = adjudicating.export(kind, path, confirmed, &source, &read_options) {
            self.shell.messages.push(e);
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
            self.shell.messages.push(e);
        }
    }

    /// A new gold unit over the view's middle third, of the first category (to be edited).
    pub fn add_gold_unit(&mut self) {
        let (start, end) = {
            let third = self.documents.view.width() / 3.0;
            let start = (self.documents.view.start + third).max(0.0).round();
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
