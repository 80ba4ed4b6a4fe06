//! The campaign room: the corpus as a whole. One queue of open alignments across documents (N
//! and P go on into the next document that still has open alignments, in document order or worst
//! γ first), bulk rules over every document at once as one step that one undo undoes in every
//! document, the corpus's progress ("decided k of N in M documents"), the [`dashboard`] of every
//! document's γ, the [`gold_corpus_export`] and the saved sessions. Its panels: the
//! [`dashboard_panel`] with its [`dashboard_table`], and the [`sessions_panel`].
//!
//! Each document keeps its own adjudication (decisions, undo history, autosave) in
//! [`crate::app::adjudication::Adjudications`], keyed by its [`DocumentId`]. A document not
//! adjudicated yet is started from its best alignment as the dashboard measured it, or resumed
//! from its autosaved session when there is one (a session is never replaced unasked).

pub mod dashboard;
pub mod dashboard_panel;
pub mod dashboard_table;
pub mod gold_corpus_export;
pub mod sessions_panel;

use crate::app::AppState;
use crate::app::adjudication::adjudicating::{self as adjudication, Adjudicating, NotDone};
use crate::app::document::open_document::DocumentId;
use crate::app::errors::AppError;
use crate::wording::plural;
use dashboard::{CsvRow, Dashboard, table_csv};
use gamma_core::gold::{Adjudication, Direction, Filter, GoldError};
use gamma_formats::ReadOptions;
use gamma_formats::session::{SavedSession, saved_sessions};
use std::path::PathBuf;

/// The order of the documents in the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum QueueOrder {
    /// As the documents were opened (the corpus's order).
    #[default]
    Documents,
    /// The document with the lowest γ first (as the dashboard measured them; those not measured
    /// last).
    WorstFirst,
}

/// A bulk rule applied to every document.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CorpusRule {
    /// Every alignment where all annotators have the same unit.
    Unanimous,
    /// Every alignment with a disorder of at most `threshold` where `majority` annotators agree
    /// on the category.
    BelowThreshold { threshold: f64, majority: usize },
}

impl CorpusRule {
    /// Applies the rule to one document's adjudication: how many alignments it decided.
    pub(super) fn apply(self, adjudication: &mut Adjudication) -> Result<usize, GoldError> {
        match self {
            CorpusRule::Unanimous => Ok(adjudication.decide_unanimous()),
            CorpusRule::BelowThreshold {
                threshold,
                majority,
            } => adjudication.decide_below_threshold(threshold, majority),
        }
    }

    /// What the rule decides, in the panel's words.
    pub(super) fn describe(self) -> String {
        match self {
            CorpusRule::Unanimous => "unanimous alignments".into(),
            CorpusRule::BelowThreshold {
                threshold,
                majority,
            } => format!("alignments with δ ≤ {threshold} and {majority} agreeing"),
        }
    }
}

/// A corpus-wide step: what it did and where it is in the history of each document it changed
/// (the step is whole only while it is the last step of every one).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct CorpusStep {
    pub label: String,
    pub marks: Vec<Mark>,
}

/// A corpus-wide step in one document's history.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Mark {
    pub document: DocumentId,
    /// The document's undo depth right after the step (right after its undo, for redo).
    pub depth: i64,
    /// The core's label of the document's step.
    pub step: String,
}

/// The campaign room's state: the dashboard, the queue's order, the corpus-wide steps for undo
/// and redo, the saved sessions listed.
#[derive(Default)]
pub struct Campaign {
    /// Every open document's γ, the corpus γ, the pairwise matrix.
    pub dashboard: Dashboard,
    /// The order of the documents in the queue (chosen on the dashboard).
    pub order: QueueOrder,
    /// What the gold corpus export does with documents not fully decided.
    pub open_alignments: gamma_core::gold::OpenAlignments,
    pub(super) undo: Vec<CorpusStep>,
    pub(super) redo: Vec<CorpusStep>,
    /// The sessions autosaved in the data folder, while File → Saved adjudications… is open.
    pub saved_sessions: Option<Vec<SavedSession>>,
}

impl Campaign {
    /// Forgets what belonged to the documents open before (the dashboard's figures, the queue,
    /// the corpus-wide steps); the dashboard's order and filters stay.
    pub fn forget(&mut self) {
        self.dashboard.forget();
        *self = Campaign {
            dashboard: std::mem::take(&mut self.dashboard),
            saved_sessions: self.saved_sessions.take(),
            ..Campaign::default()
        };
    }
}

/// Decided alignments of all alignments, in how many documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CorpusProgress {
    pub decided: usize,
    pub total: usize,
    /// Documents counted: adjudicated, or measured (their alignments known).
    pub documents: usize,
}

impl AppState {
    /// The open documents (indices) in the queue's order.
    pub fn queue(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.documents.open.len()).collect();
        if self.campaign.order == QueueOrder::WorstFirst {
            let gamma = |i: usize| self.campaign.dashboard.measured(i).map(|m| m.gamma);
            order.sort_by(|&a, &b| match (gamma(a), gamma(b)) {
                (Some(x), Some(y)) => x.total_cmp(&y).then(a.cmp(&b)),
                (x, y) => y.is_some().cmp(&x.is_some()).then(a.cmp(&b)),
            });
        }
        order
    }

    /// The adjudication of document `index`, made if there is none: its autosaved session
    /// resumed, else a fresh one from the alignment the dashboard measured. Why not, if it
    /// cannot be adjudicated (yet).
    pub(super) fn ensure_adjudication(&mut self, index: usize) -> Result<DocumentId, AppError> {
        let document = &self.documents.open[index];
        let id = document.id;
        if self.adjudication.by_document.contains_key(&id) {
            return Ok(id);
        }
        let excluded = &self.measure.settings.excluded_categories;
        if let Some(folder) = &self.files.data_folder
            && let Some(offer) =
                adjudication::autosaved_session(folder, document.continuum(), excluded, id)?
        {
            self.adjudication
                .by_document
                .insert(id, Adjudicating::resume(offer, document.continuum()));
            return Ok(id);
        }
        let (aligned, settings) = match self.campaign.dashboard.rows.get(index) {
            Some(Some(Err(why))) => return Err(why.clone()),
            _ => self
                .campaign
                .dashboard
                .alignment(index)
                .ok_or(AppError::NotMeasured)?,
        };
        let adjudicating = Adjudicating::start(
            document,
            &settings.excluded_categories,
            aligned,
            settings.gamma_options(),
            self.adjudication.adjudicator.clone(),
            self.files.data_folder.as_deref(),
        );
        self.adjudication.by_document.insert(id, adjudicating);
        Ok(id)
    }

    /// Resumes the adjudication autosaved in the data folder of every open document that has
    /// one (a session is only read, never replaced), so that a campaign reopened shows every
    /// document's decisions at once; says how many in Messages.
    pub(crate) fn resume_saved_sessions(&mut self) {
        let Some(folder) = self.files.data_folder.clone() else {
            return;
        };
        let excluded = self.measure.settings.excluded_categories.clone();
        let (mut resumed, mut decided, mut total) = (0, 0, 0);
        for document in &self.documents.open {
            if self.adjudication.by_document.contains_key(&document.id) {
                continue;
            }
            match adjudication::autosaved_session(
                &folder,
                document.continuum(),
                &excluded,
                document.id,
            ) {
                Ok(Some(offer)) => {
                    let progress = offer.session.adjudication.progress();
                    (resumed, decided, total) = (
                        resumed + 1,
                        decided + progress.decided,
                        total + progress.total,
                    );
                    let adjudicating = Adjudicating::resume(offer, document.continuum());
                    self.adjudication
                        .by_document
                        .insert(document.id, adjudicating);
                }
                Ok(None) => {}
                Err(e) => {
                    (self.shell.messages).error(format!("{}: {e}", document.continuum().name))
                }
            }
        }
        if resumed > 0 && self.documents.open.len() > 1 {
            self.shell.messages.info(format!(
                "resumed the saved adjudication of {} (decided {decided} of {total})",
                plural(resumed, "document", "documents")
            ));
        }
    }

    /// N and P: the next (or previous) open alignment of the document shown after the one
    /// selected; past its last, the first open alignment of the next document in the queue that
    /// has one (its last, going back); when no other document has any, around this one.
    pub fn go_across(&mut self, direction: Direction) {
        if let Some(index) = self.open_here(direction) {
            self.select_alignment(index);
            return;
        }
        if let Some((index, alignment)) = self.open_elsewhere(direction) {
            self.select_document(index);
            if let Some(adjudicating) = self.adjudicating_mut() {
                adjudicating.visited.clear();
            }
            self.select_alignment(alignment);
            let name = self.documents.open[index].continuum().name.clone();
            if let Some(adjudicating) = self.adjudicating_mut() {
                let progress = adjudicating.adjudication().progress();
                adjudicating.message = Some(format!(
                    "{name}: decided {} of {}",
                    progress.decided, progress.total
                ));
            }
            return;
        }
        self.go_to_open(direction);
    }

    /// The open alignment after (or before) the selected one in the document shown, without
    /// going around — except that N, at the end, goes back to an open disagreement not visited
    /// yet (every open disagreement of a document is visited before N leaves it).
    fn open_here(&mut self, direction: Direction) -> Option<usize> {
        let (selected, order) = (
            self.documents.selection.alignment,
            self.documents.selection.order,
        );
        let adjudicating = self.adjudicating()?;
        let (adjudication, filter) = (adjudicating.adjudication(), &adjudicating.filter);
        let order = adjudicating.shown.ordered(order);
        let here = selected.and_then(|s| order.iter().position(|&i| i == s));
        let rest = match (here, direction) {
            (None, _) => &order[..],
            (Some(h), Direction::Next) => &order[h + 1..],
            (Some(h), Direction::Previous) => &order[..h],
        };
        let ahead = adjudication.next_open(rest, None, direction, filter);
        let disagreement = |i: &usize| !adjudication.is_unanimous(*i);
        if direction == Direction::Previous || ahead.is_some_and(|i| disagreement(&i)) {
            return ahead;
        }
        let not_visited: Vec<usize> = (order.iter().copied())
            .filter(|i| !adjudicating.visited.contains(i) && Some(*i) != selected)
            .collect();
        let missed = adjudication.next_open(&not_visited, None, direction, filter);
        missed.filter(disagreement).or(ahead)
    }

    /// The next document in the queue (going around, this one excepted) with an open alignment
    /// passing the filter carried over from the document shown, and that alignment.
    fn open_elsewhere(&mut self, direction: Direction) -> Option<(usize, usize)> {
        let current = self.documents.current;
        let queue = self.queue();
        let here = queue.iter().position(|&i| i == current)?;
        let mut after: Vec<usize> = queue[here + 1..]
            .iter()
            .chain(&queue[..here])
            .copied()
            .collect();
        if direction == Direction::Previous {
            after.reverse();
        }
        let (category, annotator) = match self.adjudicating() {
            Some(a) => (
                a.filter.category.clone(),
                (a.filter.annotator)
                    .map(|i| a.adjudication().continuum().annotators[i].name.clone()),
            ),
            None => (None, None),
        };
        let order = self.documents.selection.order;
        for index in after {
            let Ok(id) = self.ensure_adjudication(index) else {
                continue;
            };
            let adjudicating = self.adjudication.by_document.get_mut(&id)?;
            let names = adjudicating.adjudication().continuum().annotator_names();
            let annotator = match &annotator {
                Some(name) => match names.iter().position(|n| n == name) {
                    Some(a) => Some(a),
                    None => continue,
                },
                None => None,
            };
            adjudicating.filter = Filter {
                category: category.clone(),
                annotator,
            };
            let order = adjudicating.shown.ordered(order);
            let found = (adjudicating.adjudication()).next_open(
                &order,
                None,
                direction,
                &adjudicating.filter,
            );
            if let Some(alignment) = found {
                return Some((index, alignment));
            }
        }
        None
    }

    /// Applies `rule` to every document (those not adjudicated yet start, or resume their
    /// session) as one corpus-wide step; the message counts per document.
    pub fn apply_corpus_rule(&mut self, rule: CorpusRule) {
        let mut decided: Vec<(String, usize)> = Vec::new();
        let mut not_done: Vec<String> = Vec::new();
        let mut marks = Vec::new();
        let current = self.document().map(|d| d.id);
        for index in 0..self.documents.open.len() {
            let name = self.documents.open[index].continuum().name.clone();
            let id = match self.ensure_adjudication(index) {
                Ok(id) => id,
                Err(why) => {
                    not_done.push(format!("{name} ({why})"));
                    continue;
                }
            };
            let adjudicating = self
                .adjudication
                .by_document
                .get_mut(&id)
                .expect("just made");
            match rule.apply(&mut adjudicating.session.adjudication) {
                Ok(0) => continue,
                Ok(count) => {
                    adjudicating.depth += 1;
                    let step = adjudicating.adjudication().undo_label().unwrap_or_default();
                    marks.push(Mark {
                        document: id,
                        depth: adjudicating.depth,
                        step: step.to_string(),
                    });
                    decided.push((name, count));
                }
                Err(e) => not_done.push(format!(
                    "{name} ({})",
                    crate::app::errors::gold_error_text(&e)
                )),
            }
        }
        let total: usize = decided.iter().map(|(_, n)| n).sum();
        let mut message = format!(
            "decided {total} {} in {} of {} documents",
            rule.describe(),
            decided.len(),
            self.documents.open.len()
        );
        if !decided.is_empty() {
            let counts: Vec<String> = (decided.iter()).map(|(d, n)| format!("{d} {n}")).collect();
            message += &format!(": {}", counts.join(", "));
        }
        if !not_done.is_empty() {
            message += &format!("; not adjudicated: {}", not_done.join(", "));
        }
        self.after_corpus_change(&marks, current, &message);
        if !marks.is_empty() {
            self.campaign.undo.push(CorpusStep {
                label: message.clone(),
                marks,
            });
            self.campaign.redo.clear();
        }
        self.echo_corpus(message);
    }

    /// After a corpus-wide change: every document changed is saved; γ against the gold restarts
    /// for the one shown, the others when they are shown.
    fn after_corpus_change(&mut self, marks: &[Mark], current: Option<DocumentId>, message: &str) {
        let message = &panel_line(message);
        for mark in marks {
            let Some(adjudicating) = self.adjudication.by_document.get_mut(&mark.document) else {
                continue;
            };
            let saved = if Some(mark.document) == current {
                adjudicating.changed(
                    Some(message.to_string()),
                    &self.measure.settings,
                    &mut self.jobs,
                )
            } else {
                adjudicating.changed_elsewhere(Some(message.to_string()), &mut self.jobs)
            };
            if let Err(e) = saved {
                self.shell.messages.error(e);
            }
        }
    }

    /// Says a corpus-wide action in Messages and in the panel of the document shown.
    fn echo_corpus(&mut self, message: String) {
        (self.shell.messages).confirm(format!(
            "{}{message}",
            crate::app::adjudication::DECISION_PREFIX
        ));
        if let Some(adjudicating) = self.adjudicating_mut() {
            adjudicating.message = Some(panel_line(&message));
        }
    }

    /// Whether `mark` is still the last step (the next to redo, for `redo`) of its document.
    fn mark_on_top(&self, mark: &Mark, redo: bool) -> bool {
        self.adjudication
            .by_document
            .get(&mark.document)
            .is_some_and(|a| {
                let adjudication = a.adjudication();
                let last = if redo {
                    adjudication.redo_label()
                } else {
                    adjudication.undo_label()
                };
                a.depth == mark.depth && last == Some(mark.step.as_str())
            })
    }

    /// The last corpus-wide step (the last undone, for `redo`).
    fn last_step(&self, redo: bool) -> Option<&CorpusStep> {
        if redo {
            self.campaign.redo.last()
        } else {
            self.campaign.undo.last()
        }
    }

    /// The corpus-wide step undo (or redo) would take back, if it is the one to: it is whole
    /// (still the last step of every document it changed) and about the document shown, or the
    /// document shown has nothing of its own to undo (redo).
    fn corpus_step_due(&self, redo: bool) -> Option<&CorpusStep> {
        let step = self.last_step(redo)?;
        let here = self.document().map(|d| d.id);
        let touches_here = step.marks.iter().any(|m| Some(m.document) == here);
        let own = self.adjudicating().is_some_and(|a| {
            let adjudication = a.adjudication();
            if redo {
                adjudication.can_redo()
            } else {
                adjudication.can_undo()
            }
        });
        let whole = step.marks.iter().all(|m| self.mark_on_top(m, redo));
        (whole && (touches_here || !own)).then_some(step)
    }

    /// Whether the document shown's own undo (redo) would take back its part of the last
    /// corpus-wide step, which then is no longer whole.
    fn breaks_last_step(&self, redo: bool) -> bool {
        let here = self.document().map(|d| d.id);
        self.last_step(redo).is_some_and(|step| {
            (step.marks.iter()).any(|m| Some(m.document) == here && self.mark_on_top(m, redo))
        })
    }

    /// What undo would take back: a corpus-wide step's label, or the document's own.
    pub fn undo_label(&self) -> Option<String> {
        match self.corpus_step_due(false) {
            Some(step) => Some(format!("in every document: {}", step.label)),
            None => (self.adjudicating()?.adjudication().undo_label()).map(str::to_string),
        }
    }

    /// What redo would do again.
    pub fn redo_label(&self) -> Option<String> {
        match self.corpus_step_due(true) {
            Some(step) => Some(format!("in every document: {}", step.label)),
            None => (self.adjudicating()?.adjudication().redo_label()).map(str::to_string),
        }
    }

    /// Undoes the last action: a corpus-wide step in every document it changed, else the
    /// document's own last action.
    pub fn undo(&mut self) {
        if self.corpus_step_due(false).is_some() {
            let step = self.campaign.undo.pop().expect("due");
            let step = self.replay(step, false);
            self.campaign.redo.push(step);
        } else {
            if self.breaks_last_step(false) {
                self.campaign.undo.pop();
            }
            self.undo_here();
        }
    }

    /// Redoes the last action undone (a corpus-wide step in every document).
    pub fn redo(&mut self) {
        if self.corpus_step_due(true).is_some() {
            let step = self.campaign.redo.pop().expect("due");
            let step = self.replay(step, true);
            self.campaign.undo.push(step);
        } else {
            if self.breaks_last_step(true) {
                self.campaign.redo.pop();
            }
            self.redo_here();
        }
    }

    /// Undoes (or redoes) `step` in every document it changed; the step with the depths
    /// after.
    fn replay(&mut self, step: CorpusStep, redo: bool) -> CorpusStep {
        let mut marks = Vec::new();
        for mark in &step.marks {
            if let Some(adjudicating) = self.adjudication.by_document.get_mut(&mark.document) {
                let replay = |a: &mut Adjudication| {
                    let done = if redo { a.redo() } else { a.undo() };
                    done.ok_or(match redo {
                        true => NotDone::NothingToRedo,
                        false => NotDone::NothingToUndo,
                    })
                };
                adjudicating.apply_outcome(replay, if redo { 1 } else { -1 });
                marks.push(Mark {
                    depth: adjudicating.depth,
                    ..mark.clone()
                });
            }
        }
        let verb = if redo { "redone" } else { "undone" };
        let message = format!("{verb} in {} documents: {}", marks.len(), step.label);
        let current = self.document().map(|d| d.id);
        self.after_corpus_change(&marks, current, &message);
        self.echo_corpus(message);
        CorpusStep {
            label: step.label,
            marks,
        }
    }

    /// Decided alignments of all, over the documents adjudicated or measured.
    pub fn corpus_progress(&self) -> CorpusProgress {
        let mut progress = CorpusProgress::default();
        for (index, document) in self.documents.open.iter().enumerate() {
            if let Some(adjudicating) = self.adjudication.by_document.get(&document.id) {
                let own = adjudicating.adjudication().progress();
                progress.decided += own.decided;
                progress.total += own.total;
            } else if let Some(measured) = self.campaign.dashboard.measured(index) {
                progress.total += measured.alignment.alignment.unitary_alignments.len();
            } else {
                continue;
            }
            progress.documents += 1;
        }
        progress
    }
}

/// A corpus-wide message as the adjudication panel shows it: its first clause, the counts of
/// every document being in Messages (thirty documents' counts would push the alignment's
/// choices out of the panel).
fn panel_line(message: &str) -> String {
    match message.split_once(": ") {
        Some((head, _)) => format!("{head} (each document's count in Messages)"),
        None => message.to_string(),
    }
}

impl AppState {
    /// Writes the dashboard's rows of `documents` as CSV at `path` (all at once: the old file
    /// stays whole if writing fails).
    pub(crate) fn export_table(&mut self, path: PathBuf, documents: &[DocumentId]) {
        let names: Vec<_> = (self.documents.open.iter())
            .map(|d| d.continuum().annotator_names())
            .collect();
        let rows: Vec<CsvRow> = (documents.iter())
            .filter_map(|id| self.documents.open.iter().position(|d| d.id == *id))
            .map(|i| CsvRow {
                document: &self.documents.open[i].continuum().name,
                annotators: &names[i],
                n_units: self.documents.open[i].continuum().n_units(),
                measured: self.campaign.dashboard.rows.get(i).and_then(Option::as_ref),
            })
            .collect();
        let (count, text) = (rows.len(), table_csv(&rows));
        match gamma_formats::write_atomically(&path, text.as_bytes()) {
            Ok(()) => (self.shell.messages).info(format!(
                "table written ({count} documents): {}",
                path.display()
            )),
            Err(e) => (self.shell.messages).error(format!("the table was not written: {e}")),
        }
    }

    /// File → Saved adjudications…: lists the sessions autosaved in the data folder.
    pub fn list_saved_sessions(&mut self) {
        self.campaign.saved_sessions = Some(
            (self.files.data_folder.as_deref())
                .map(saved_sessions)
                .unwrap_or_default(),
        );
    }

    /// Reopens the files of saved session `index` (where they were when it was saved), which
    /// then offers to resume it; the list closes.
    pub fn reopen_saved_session(&mut self, index: usize) {
        let Some(session) = (self.campaign.saved_sessions.take())
            .and_then(|mut s| (index < s.len()).then(|| s.swap_remove(index)))
        else {
            return;
        };
        let (files, options) = reopening(&session, &self.files.read_options);
        self.open_files(&files, &options);
    }
}

/// The annotation files of a session and how to read them: the files it lists that are not
/// annotations are their companions (a Glozz `.ac` becomes the text read with them).
fn reopening(session: &SavedSession, read_options: &ReadOptions) -> (Vec<PathBuf>, ReadOptions) {
    let mut options = ReadOptions {
        text: None,
        ..read_options.clone()
    };
    let mut files = Vec::new();
    for path in &session.inputs {
        if gamma_formats::Format::detect(path).is_ok() {
            files.push(path.clone());
        } else if path.extension().is_some_and(|e| e == "ac") {
            options.text = Some(path.clone());
        }
    }
    (files, options)
}
