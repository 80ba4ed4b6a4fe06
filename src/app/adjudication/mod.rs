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
pub mod reasons;
pub mod reasons_panel;
pub mod relations_panel;

use crate::app::AppState;
use crate::app::document::open_document::DocumentId;
use crate::app::document::selection::Selection;
use crate::app::errors::AppError;
use crate::app::jobs::JobKind;
use crate::wording::plural;
use adjudicating::{
    Adjudicating, ExportKind, NotDone, ResumeOffer, initial_adjudicator, lost_text,
};
use gamma_core::Unit;
use gamma_core::gold::{Adjudication, Direction, GoldError, GoldId, RelationChoice};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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
    /// The campaign's reasons, the reason picker, the bulk rules' reason.
    pub reasons: reasons::Reasons,
}

impl Default for Adjudications {
    fn default() -> Self {
        Adjudications {
            by_document: BTreeMap::new(),
            resume_offer: None,
            adjudicator: initial_adjudicator(),
            last_decision: None,
            reasons: Default::default(),
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

/// An edit of the adjudication of the document shown, as the panels and keys send it
/// ([`crate::app::commands::Command::Adjudicate`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Annotator `annotator`'s unit of alignment `alignment` into the gold.
    Pick { alignment: usize, annotator: usize },
    /// The alignment's suggestion into the gold.
    Accept(usize),
    /// Nothing of the alignment into the gold.
    Reject(usize),
    /// The alignment left for later.
    Skip(usize),
    /// A decided or skipped alignment open again.
    Reopen(usize),
    /// Every unanimous alignment decided (and every relation all annotators have alike).
    Unanimous,
    /// Every open alignment with δ ≤ `threshold` where `majority` annotators agree decided.
    BelowThreshold { threshold: f64, majority: usize },
    /// A new gold unit, then selected (`None`: over the view's middle third, of the first
    /// category, to be edited).
    Add(Option<Unit>),
    /// A gold unit's category.
    Category { unit: GoldId, category: String },
    /// A gold unit's boundaries.
    Bounds { unit: GoldId, start: f64, end: f64 },
    /// A gold unit's feature set (`None`: removed).
    Feature {
        unit: GoldId,
        key: String,
        value: Option<String>,
    },
    /// A gold unit split in two at `at`.
    Split { unit: GoldId, at: f64 },
    /// A gold unit merged with the next.
    Merge { unit: GoldId, next: GoldId },
    /// A gold unit removed.
    Remove(GoldId),
    /// A relation decided.
    DecideRelation {
        relation: usize,
        choice: RelationChoice,
    },
    /// A relation left for later.
    SkipRelation(usize),
    /// A decided or skipped relation open again.
    ReopenRelation(usize),
    /// A decision's reason and note (see [`reasons`]).
    Rationale {
        target: reasons::RationaleTarget,
        rationale: gamma_core::gold::Rationale,
    },
}

impl Edit {
    /// Whether the edit decides an alignment (the next open one may follow).
    fn is_decision(&self) -> bool {
        matches!(
            self,
            Edit::Pick { .. } | Edit::Accept(_) | Edit::Reject(_) | Edit::Skip(_)
        )
    }

    /// Does the edit (but [`Edit::Add`]) on the core's adjudication, the campaign's `reasons`
    /// at hand (the bulk rules give theirs); what it did, in the panel's words.
    fn apply(self, a: &mut Adjudication, reasons: &reasons::Reasons) -> Result<String, NotDone> {
        Ok(match self {
            Edit::Pick {
                alignment,
                annotator,
            } => {
                a.pick(alignment, annotator)?;
                let name = &a.continuum().annotators[annotator].name;
                format!("alignment {}: {name}'s unit", alignment + 1)
            }
            Edit::Accept(i) => said(a.accept_suggestion(i), i, ": the suggestion")?,
            Edit::Reject(i) => said(a.reject(i), i, ": rejected")?,
            Edit::Skip(i) => said(a.skip(i), i, ": skipped")?,
            Edit::Reopen(i) => said(a.reopen(i), i, " reopened")?,
            Edit::Unanimous => {
                let relations_before = a.relation_progress().decided;
                let decided =
                    a.apply_rule_with("unanimous", &reasons.rule_rationale(), &reasons.list)?;
                let relations = a.relation_progress().decided - relations_before;
                match (decided, relations) {
                    (0, 0) => {
                        return Err(NotDone::NothingToDecide("unanimous alignment".into()));
                    }
                    (_, 0) => format!(
                        "decided {}",
                        plural(decided, "unanimous alignment", "unanimous alignments")
                    ),
                    _ => format!(
                        "decided {} and {}",
                        plural(decided, "unanimous alignment", "unanimous alignments"),
                        plural(relations, "unanimous relation", "unanimous relations")
                    ),
                }
            }
            Edit::BelowThreshold {
                threshold,
                majority,
            } => match a.apply_rule_with(
                &format!("threshold:{threshold}:{majority}"),
                &reasons.rule_rationale(),
                &reasons.list,
            )? {
                0 => {
                    return Err(NotDone::NothingToDecide(format!(
                        "alignment with δ ≤ {threshold} and {majority} agreeing"
                    )));
                }
                decided => {
                    format!(
                        "decided {decided} alignments with δ ≤ {threshold} and {majority} agreeing"
                    )
                }
            },
            Edit::Add(unit) => {
                let unit = unit.ok_or(NotDone::NothingToDecide("place for a gold unit".into()))?;
                a.add(unit.clone())?;
                format!("added {unit}")
            }
            Edit::Category { unit, category } => {
                a.set_category(unit, &category)?;
                format!("category: {category}")
            }
            Edit::Bounds { unit, start, end } => {
                a.set_bounds(unit, start, end)?;
                format!("boundaries moved to [{start}, {end})")
            }
            Edit::Feature { unit, key, value } => {
                a.set_feature(unit, &key, value.as_deref())?;
                format!("feature {key} changed")
            }
            Edit::Split { unit, at } => {
                a.split(unit, at)?;
                format!("split at {at}")
            }
            Edit::Merge { unit, next } => {
                a.merge(unit, next)?;
                "merged".into()
            }
            Edit::Remove(unit) => {
                a.remove(unit)?;
                "gold unit removed".into()
            }
            Edit::DecideRelation { relation, choice } => {
                a.decide_relation(relation, choice.clone())?;
                let outcome = match a.relation_label(relation, &choice) {
                    Some(label) => format!("relation {}: {label} in the gold", relation + 1),
                    None => format!("relation {}: none in the gold", relation + 1),
                };
                let lost = a.lost_endpoints(relation);
                if lost.is_empty() || choice == RelationChoice::Reject {
                    outcome
                } else {
                    format!("{outcome} — ⚠ {}", lost_text(&lost, true))
                }
            }
            Edit::SkipRelation(i) => {
                a.skip_relation(i)?;
                format!("relation {}: skipped", i + 1)
            }
            Edit::ReopenRelation(i) => {
                a.reopen_relation(i)?;
                format!("relation {} reopened", i + 1)
            }
            Edit::Rationale { target, rationale } => {
                reasons::give(a, target, &rationale, &reasons.list)?
            }
        })
    }
}

/// What a decision on alignment `index` did ("alignment 3: skipped"), once done.
fn said(done: Result<(), GoldError>, index: usize, what: &str) -> Result<String, GoldError> {
    done.map(|()| format!("alignment {}{what}", index + 1))
}

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
        match adjudicating::autosaved_session(folder, document.continuum(), excluded, document.id) {
            Ok(offer) => self.adjudication.resume_offer = offer,
            Err(e) => self.shell.messages.error(e),
        }
    }

    /// Starts adjudicating the current document from the alignment shown; a session autosaved
    /// for it is resumed instead, never replaced (Start over… discards decisions, undoably).
    pub fn start_adjudication(&mut self) -> Result<(), AppError> {
        self.look_for_session();
        if self.adjudication.resume_offer.is_some() {
            self.resume_adjudication();
            return Ok(());
        }
        let outcome = self
            .current_outcome()
            .filter(|_| !self.measure.run.stale)
            .ok_or(AppError::AlignmentPending)?;
        let document = self.document().ok_or(AppError::NoDocument)?;
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

    /// Starts adjudicating, or says in Messages why not.
    pub(crate) fn start_adjudication_and_say(&mut self) {
        if let Err(e) = self.start_adjudication() {
            self.shell.messages.error(e);
        }
    }

    /// Keeps the inputs: the export waiting for the confirmation to overwrite one is dropped.
    pub(crate) fn keep_inputs(&mut self) {
        if let Some(adjudicating) = self.adjudicating_mut() {
            adjudicating.confirm_overwrite = None;
            adjudicating.message = Some("export cancelled".into());
        }
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
        adjudicating.start_against_gold(&self.measure.settings, &mut self.jobs);
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
            Err(e) => self.shell.messages.error(e),
        }
    }

    /// Starts the adjudication of the document shown over: asks first; once the user
    /// `confirmed`, every decision discarded as one step, which undo takes back.
    pub fn start_over(&mut self, confirmed: bool) {
        let Some(adjudicating) = self.adjudicating_mut() else {
            return;
        };
        adjudicating.confirm_start_over = !confirmed;
        if !confirmed {
            return;
        }
        self.adjudicate_counted(
            |a| match a.start_over() {
                0 => Err(NotDone::NothingToDecide("decision to discard".into())),
                1 => Ok("started over: 1 decision discarded (Ctrl+Z brings it back)".into()),
                n => Ok(format!(
                    "started over: {n} decisions discarded (Ctrl+Z brings them back)"
                )),
            },
            1,
        );
    }

    /// Keeps the decisions: Start over's question is dropped.
    pub(crate) fn keep_decisions(&mut self) {
        if let Some(adjudicating) = self.adjudicating_mut() {
            adjudicating.confirm_start_over = false;
        }
    }

    /// Stops adjudicating (the session stays saved).
    pub fn stop_adjudication(&mut self) {
        if let Some(id) = self.document().map(|d| d.id) {
            self.adjudication.by_document.remove(&id);
            self.jobs.cancel(JobKind::AgainstGold(id));
        }
        self.look_for_session();
    }

    /// Runs an action of the core on the adjudication, as [`AppState::edit`] does (the tests
    /// act so; the panels send [`Edit`]s).
    #[cfg(test)]
    pub fn adjudicate(
        &mut self,
        action: impl FnOnce(&mut Adjudication) -> Result<String, GoldError>,
    ) -> bool {
        self.adjudicate_counted(|a| action(a).map_err(NotDone::from), 1)
    }

    /// Runs an action on the adjudication that changes the undo history's length by `steps`
    /// (an action 1, undo −1); on success it is saved and γ against the gold restarts, on
    /// failure the panel's message says why.
    fn adjudicate_counted(
        &mut self,
        action: impl FnOnce(&mut Adjudication) -> Result<String, NotDone>,
        steps: i64,
    ) -> bool {
        let Some(adjudicating) = self.adjudicating_mut() else {
            return false;
        };
        match adjudicating.apply_outcome(action, steps) {
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
        (self.shell.messages).confirm(format!("{DECISION_PREFIX}{message}"));
        self.adjudication.last_decision = Some(DecisionEcho {
            alignment: self.documents.selection.alignment,
            at: std::time::Instant::now(),
        });
    }

    /// Whether a dialog of the document's views is open (the overwrite question, the
    /// category of a new gold unit): keys then stay with it.
    pub fn dialog_open(&self) -> bool {
        self.documents.reading.pending_gold.is_some()
            || self.adjudication.reasons.picker.is_some()
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
        if let Err(e) = adjudicating.changed(message, &self.measure.settings, &mut self.jobs) {
            self.shell.messages.error(e);
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
                .ok_or(NotDone::NothingToUndo)
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
                .ok_or(NotDone::NothingToRedo)
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
        match adjudicating
            .export(kind, path, confirmed, &source, &read_options)
            .map(|()| adjudicating.message.clone())
        {
            Ok(Some(written)) => self.shell.messages.done(written),
            Ok(None) => {}
            Err(e) => self.shell.messages.error(e),
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
        match adjudicating.save_session_as(path.clone(), &inputs) {
            Ok(()) if adjudicating.save_path.as_ref() == Some(&path) => {
                let saved = format!(
                    "session saved (and autosaved from now on): {}",
                    path.display()
                );
                self.shell.messages.done(saved);
            }
            Ok(()) => {}
            Err(e) => self.shell.messages.error(e),
        }
    }

    /// A new gold unit over the view's middle third, of the first category (to be edited).
    fn unit_in_view(&self) -> Option<Unit> {
        let (start, end) = {
            let third = self.documents.view.width() / 3.0;
            let start = (self.documents.view.start + third).max(0.0).round();
            (start, (start + third.round()).max(start + 1.0))
        };
        let category = self
            .document()
            .and_then(|d| d.category_counts.first().map(|(c, _)| c.clone()))
            .unwrap_or_else(|| "unit".into());
        Unit::new(start, end, category).ok()
    }

    /// Applies an edit of the adjudication of the document shown (see [`Edit`]); after a
    /// decision, the next open alignment when the user asked for it.
    pub(crate) fn edit(&mut self, edit: Edit) {
        let decision = edit.is_decision();
        let reasons = self.adjudication.reasons.clone();
        if let Some(adjudicating) = self.adjudicating_mut() {
            // The session records the list its reasons come from.
            adjudicating.session.reasons = reasons.list.clone();
        }
        let done = match edit {
            Edit::Add(unit) => {
                let Some(unit) = unit.or_else(|| self.unit_in_view()) else {
                    return;
                };
                let mut added = None;
                let done = self.adjudicate_counted(
                    |a| {
                        added = Some(a.add(unit.clone())?);
                        Ok(format!("added {unit}"))
                    },
                    1,
                );
                if let Some(id) = added
                    && let Some(adjudicating) = self.adjudicating_mut()
                {
                    adjudicating.selected_gold = Some(id);
                }
                done
            }
            edit => self.adjudicate_counted(|a| edit.apply(a, &reasons), 1),
        };
        if done && decision {
            self.decided();
        }
    }
}
