//! The adjudication of the current document, as the app holds it: the core's
//! [`Adjudication`] inside its [`Session`], where the session is autosaved, the selection on
//! the gold track, the navigation filter, and γ of each annotator against the gold so far
//! (computed in a worker after every change). No widgets here.

use super::settings::Settings;
use super::state::AppState;
use super::worker::{self, Job, WorkerMessage};
use crate::environment::default_adjudicator;
use gamma_studio::gold::export::{self, is_input};
use gamma_studio::gold::session::{Session, autosave_path, fingerprint};
use gamma_studio::gold::{Adjudication, Direction, Filter, GoldError, GoldId};
use gamma_studio::io::Format;
use gamma_studio::{SampleCount, Unit};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// An adjudication in progress.
pub struct Adjudicating {
    pub session: Session,
    /// The document adjudicated (index in the open documents).
    pub document: usize,
    /// Where the session is saved after every change (`None` when the app has no data folder
    /// and the user has not chosen a file).
    pub save_path: Option<PathBuf>,
    pub selected_gold: Option<GoldId>,
    pub filter: Filter,
    /// Bulk rule inputs.
    pub threshold: f64,
    pub majority: usize,
    /// Go to the next open alignment after each decision.
    pub advance: bool,
    /// The last action's outcome, shown in the panel.
    pub message: Option<String>,
    /// γ of each annotator against the gold (`None` while computing).
    pub against_gold: Vec<Option<Result<f64, String>>>,
    /// Proposal indices, the most disordered first.
    pub worst_first: Vec<usize>,
    /// For each gold unit shown, its sub-row on the gold track, and the number of sub-rows.
    pub gold_rows: (BTreeMap<GoldId, usize>, usize),
    /// An export waiting for the user's confirmation to overwrite an input.
    pub confirm_overwrite: Option<PendingExport>,
    /// A boundary of a gold unit being dragged on the timeline: the unit, whether it is the
    /// start (else the end), and where it is now.
    pub dragging: Option<(GoldId, bool, f64)>,
    job: Option<Job>,
    generation: u64,
}

/// What an export writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    Gold,
    Report,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PendingExport {
    pub kind: ExportKind,
    pub path: PathBuf,
}

/// A session found for the document that is open, offered for resuming.
#[derive(Debug, Clone)]
pub struct ResumeOffer {
    pub document: usize,
    pub path: PathBuf,
    pub session: Session,
}

impl Adjudicating {
    fn new(session: Session, document: usize, save_path: Option<PathBuf>) -> Adjudicating {
        let adjudication = &session.adjudication;
        let mut worst_first: Vec<usize> = (0..adjudication.proposals().len()).collect();
        worst_first.sort_by(|&a, &b| {
            adjudication.proposals()[b]
                .disorder
                .total_cmp(&adjudication.proposals()[a].disorder)
        });
        let n = adjudication.continuum().n_annotators();
        let mut adjudicating = Adjudicating {
            document,
            save_path,
            selected_gold: None,
            filter: Filter::default(),
            threshold: 0.2,
            majority: n.div_ceil(2).max(1),
            advance: true,
            message: None,
            against_gold: vec![None; n],
            worst_first,
            gold_rows: (BTreeMap::new(), 1),
            confirm_overwrite: None,
            dragging: None,
            job: None,
            generation: 0,
            session,
        };
        adjudicating.layout_gold();
        adjudicating
    }

    pub fn adjudication(&self) -> &Adjudication {
        &self.session.adjudication
    }

    /// Stacks overlapping gold units in sub-rows.
    fn layout_gold(&mut self) {
        let mut rows = BTreeMap::new();
        let mut row_ends: Vec<f64> = Vec::new();
        for (id, gold) in self.session.adjudication.gold() {
            let row = match row_ends.iter().position(|&end| end <= gold.unit.start) {
                Some(row) => row,
                None => {
                    row_ends.push(f64::NEG_INFINITY);
                    row_ends.len() - 1
                }
            };
            row_ends[row] = gold.unit.end;
            rows.insert(id, row);
        }
        self.gold_rows = (rows, row_ends.len().max(1));
    }

    /// Proposal order for navigation and the list.
    pub fn order(&self, worst_first: bool) -> Vec<usize> {
        if worst_first {
            self.worst_first.clone()
        } else {
            (0..self.worst_first.len()).collect()
        }
    }
}

/// The settings as the session records them.
fn settings_record(settings: &Settings) -> BTreeMap<String, String> {
    let options = settings.gamma_options();
    let d = &options.dissimilarity;
    BTreeMap::from([
        ("alpha".to_string(), d.alpha.to_string()),
        ("beta".to_string(), d.beta.to_string()),
        ("delta_empty".to_string(), d.delta_empty.to_string()),
        ("categorical".to_string(), format!("{:?}", d.categorical)),
        (
            "gamma_software_preset".to_string(),
            settings.gamma_software_preset.to_string(),
        ),
    ])
}

/// The extension the gold of a document gets by default: its own format's.
pub fn gold_extension(format: Format) -> &'static str {
    format.gold_format().info().written_extension
}

impl AppState {
    /// The adjudication of the document shown, if there is one.
    pub fn adjudicating(&self) -> Option<&Adjudicating> {
        self.adjudicating
            .as_ref()
            .filter(|a| a.document == self.current)
    }

    pub fn adjudicating_mut(&mut self) -> Option<&mut Adjudicating> {
        let current = self.current;
        self.adjudicating.as_mut().filter(|a| a.document == current)
    }

    /// Looks for an autosaved session of the current document (called when a document is
    /// shown); a found one is offered, never loaded unasked.
    pub(super) fn look_for_session(&mut self) {
        self.resume_offer = None;
        if self.adjudicating().is_some() {
            return;
        }
        let (Some(folder), Some(document)) = (&self.data_folder, self.document()) else {
            return;
        };
        let path = autosave_path(folder, &fingerprint(document.continuum()));
        if !path.is_file() {
            return;
        }
        match Session::load(&path) {
            Ok(session) => {
                self.resume_offer = Some(ResumeOffer {
                    document: self.current,
                    path,
                    session,
                })
            }
            Err(e) => self
                .errors
                .push(format!("an autosaved adjudication cannot be resumed: {e}")),
        }
    }

    /// Starts adjudicating the current document from the alignment shown (a fresh session,
    /// replacing any autosaved one of the same document).
    pub fn start_adjudication(&mut self) -> Result<(), String> {
        let outcome = self
            .current_outcome()
            .filter(|_| !self.outcome_is_stale)
            .ok_or("wait for the alignment of this document first")?;
        let document = self.document().ok_or("no document")?;
        let aligned = &outcome.result.documents[0];
        let adjudication = Adjudication::new(
            document.continuum().clone(),
            &aligned.problem,
            &aligned.alignment,
            self.adjudicator.clone(),
        );
        let session = Session::new(
            document.document.source.paths(),
            settings_record(&outcome.settings),
            adjudication,
        );
        let save_path = self
            .data_folder
            .as_ref()
            .map(|folder| autosave_path(folder, &session.fingerprint));
        self.resume_offer = None;
        self.adjudicating = Some(Adjudicating::new(session, self.current, save_path));
        self.after_change(None);
        Ok(())
    }

    /// Resumes the offered session.
    pub fn resume_adjudication(&mut self) {
        let Some(offer) = self.resume_offer.take() else {
            return;
        };
        if offer.document != self.current {
            return;
        }
        let progress = offer.session.adjudication.progress();
        let mut adjudicating = Adjudicating::new(offer.session, offer.document, Some(offer.path));
        adjudicating.message = Some(format!(
            "resumed: decided {} of {}",
            progress.decided, progress.total
        ));
        self.adjudicating = Some(adjudicating);
        self.start_against_gold();
    }

    /// Opens a session file the user chose (it must be of the document shown).
    pub fn load_session(&mut self, path: &Path) {
        let session = match Session::load(path) {
            Ok(session) => session,
            Err(e) => return self.errors.push(e.to_string()),
        };
        let Some(document) = self.document() else {
            return;
        };
        if session.fingerprint != fingerprint(document.continuum()) {
            return self.errors.push(format!(
                "{}: this session is of other annotations ({}), not of the document shown",
                path.display(),
                session
                    .inputs
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        self.resume_offer = Some(ResumeOffer {
            document: self.current,
            path: path.to_path_buf(),
            session,
        });
        self.resume_adjudication();
    }

    /// Stops adjudicating (the session stays saved).
    pub fn stop_adjudication(&mut self) {
        self.adjudicating = None;
        self.look_for_session();
    }

    /// Runs an action on the adjudication; on success it is saved and γ against the gold
    /// restarts, on failure the message says why.
    pub fn adjudicate(
        &mut self,
        action: impl FnOnce(&mut Adjudication) -> Result<String, GoldError>,
    ) -> bool {
        let Some(adjudicating) = self.adjudicating_mut() else {
            return false;
        };
        match action(&mut adjudicating.session.adjudication) {
            Ok(message) => {
                self.after_change(Some(message));
                true
            }
            Err(e) => {
                adjudicating.message = Some(format!("not done: {e}"));
                false
            }
        }
    }

    /// After a decision: the next open alignment, when the user asked for it.
    pub fn decided(&mut self) {
        if self.adjudicating().is_some_and(|a| a.advance) {
            self.go_to_open(Direction::Next);
        }
    }

    pub fn undo(&mut self) {
        self.adjudicate(|a| {
            a.undo()
                .map(|label| format!("undone: {label}"))
                .ok_or(GoldError::BadRule("nothing to undo".into()))
        });
    }

    pub fn redo(&mut self) {
        self.adjudicate(|a| {
            a.redo()
                .map(|label| format!("redone: {label}"))
                .ok_or(GoldError::BadRule("nothing to redo".into()))
        });
    }

    /// Selects the next (or previous) open alignment passing the filter.
    pub fn go_to_open(&mut self, direction: Direction) {
        let worst_first = self.alignment_order == super::state::AlignmentOrder::WorstFirst;
        let current = self.selected_alignment;
        let Some(adjudicating) = self.adjudicating_mut() else {
            return;
        };
        let order = adjudicating.order(worst_first);
        let found =
            adjudicating
                .adjudication()
                .next_open(&order, current, direction, &adjudicating.filter);
        match found {
            Some(index) => {
                adjudicating.selected_gold = None;
                self.select_alignment(index);
            }
            None => adjudicating.message = Some("no open alignment left".into()),
        }
    }

    /// Saves the session where it is saved, and restarts γ against the gold.
    fn after_change(&mut self, message: Option<String>) {
        let Some(adjudicating) = self.adjudicating.as_mut() else {
            return;
        };
        adjudicating.layout_gold();
        if let Some(gone) = adjudicating.selected_gold
            && adjudicating.adjudication().gold_unit(gone).is_none()
        {
            adjudicating.selected_gold = None;
        }
        adjudicating.message = message;
        if let Some(path) = adjudicating.save_path.clone()
            && let Err(e) = adjudicating.session.save(&path)
        {
            self.errors
                .push(format!("the adjudication could not be saved: {e}"));
        }
        self.start_against_gold();
    }

    fn start_against_gold(&mut self) {
        let mut options = self.settings.gamma_options();
        options.categorical_gammas = false;
        options.samples = SampleCount::Precision {
            precision: 0.05,
            confidence: 0.95,
            max_samples: 1000,
        };
        let wake = Arc::clone(&self.wake);
        let Some(adjudicating) = self.adjudicating.as_mut() else {
            return;
        };
        let adjudication = &adjudicating.session.adjudication;
        let continua = (0..adjudication.continuum().n_annotators())
            .map(|a| adjudication.annotator_against_gold(a))
            .collect();
        adjudicating.generation += 1;
        adjudicating.against_gold = vec![None; adjudication.continuum().n_annotators()];
        adjudicating.job = Some(worker::start_against_gold(
            adjudicating.generation,
            continua,
            options,
            move || wake(),
        ));
    }

    /// Takes the γ against the gold that arrived; call once per frame.
    pub(super) fn poll_adjudication(&mut self) {
        let Some(adjudicating) = self.adjudicating.as_mut() else {
            return;
        };
        let Some(job) = &adjudicating.job else { return };
        let messages: Vec<WorkerMessage> = job.receiver.try_iter().collect();
        for message in messages {
            if let WorkerMessage::AgainstGold {
                generation,
                annotator,
                gamma,
            } = message
                && generation == adjudicating.generation
                && let Some(slot) = adjudicating.against_gold.get_mut(annotator)
            {
                *slot = Some(gamma);
            }
        }
    }

    /// Writes the gold or the report; an input file is only overwritten once the user
    /// confirmed (`confirmed`), otherwise the export waits for that confirmation.
    pub fn export(&mut self, kind: ExportKind, path: PathBuf, confirmed: bool) {
        let cora_options = self.cora_options.clone();
        let Some(source) = self
            .adjudicating()
            .and_then(|a| self.documents.get(a.document))
            .map(|d| d.document.source.clone())
        else {
            return;
        };
        let inputs = source.paths();
        let Some(adjudicating) = self.adjudicating_mut() else {
            return;
        };
        if !confirmed && is_input(&path, &inputs) {
            adjudicating.confirm_overwrite = Some(PendingExport { kind, path });
            return;
        }
        adjudicating.confirm_overwrite = None;
        let adjudication = adjudicating.adjudication();
        let written = match kind {
            ExportKind::Gold => {
                export::write_gold(adjudication, &path, Some(&source), &cora_options, confirmed)
                    .map(|format| {
                        format!(
                            "gold written ({format}, {} units): {}",
                            adjudication.gold().len(),
                            path.display()
                        )
                    })
            }
            ExportKind::Report => export::write_report(adjudication, &path, &inputs, confirmed)
                .map(|()| format!("report written: {}", path.display())),
        };
        match written {
            Ok(message) => adjudicating.message = Some(message),
            Err(e) => {
                adjudicating.message = Some(format!("not written: {e}"));
                self.errors.push(e.to_string());
            }
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
        if is_input(&path, &inputs) {
            adjudicating.message = Some(format!("not saved: {} is an input file", path.display()));
            return;
        }
        match adjudicating.session.save(&path) {
            Ok(()) => {
                adjudicating.message = Some(format!("session saved: {}", path.display()));
                adjudicating.save_path = Some(path);
            }
            Err(e) => self.errors.push(e.to_string()),
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

/// The adjudicator's name when none was set.
pub fn initial_adjudicator() -> String {
    default_adjudicator()
}
