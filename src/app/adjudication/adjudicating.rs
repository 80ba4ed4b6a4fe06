//! The adjudication of one document, as the app holds it: the core's [`Adjudication`] inside
//! its [`Session`], where the session is autosaved, its shown alignments (the proposals, fixed
//! when it began), the selection on the gold track, the navigation filter, and γ of each
//! annotator against the gold so far (a job of the [`crate::app::jobs::Jobs`] registry,
//! restarted after every change, whose route gives each γ back to its document). No widgets
//! here: the app state calls these methods and keeps Messages, the selection and the view.

use crate::app::AppState;
use crate::app::document::open_document::{DocumentId, OpenDocument, RowStack};
use crate::app::document::shown_alignments::ShownAlignments;
use crate::app::errors::{AppError, gold_error_text};
use crate::app::jobs::{JobKind, Jobs};
use crate::app::measure::settings::Settings;
use crate::environment::default_adjudicator;
use gamma_core::gamma::DocumentAlignment;
use gamma_core::gold::{Adjudication, Direction, Filter, GoldError, GoldId, LostEndpoint};
use gamma_core::{Continuum, GammaOptions, SampleCount, Unit};
use gamma_formats::gold_export::{self as export, is_input};
use gamma_formats::session::{Session, autosave_path, find_autosave};
use gamma_formats::{Format, ReadOptions, Source};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// γ of one annotator against the gold, as the job sends it: the document, the annotator, γ.
type AgainstGold = (DocumentId, usize, Result<f64, AppError>);

/// An adjudication in progress.
pub struct Adjudicating {
    /// The adjudication and what the session file records with it.
    pub session: Session,
    /// The document adjudicated.
    pub document: DocumentId,
    /// The undo history's length as the app counts it (an action +1, undo −1, redo +1): a
    /// corpus-wide step is undone as one only where it is still the last step.
    pub depth: i64,
    /// Where the session is saved after every change (`None` when the app has no data folder
    /// and the user has not chosen a file).
    pub save_path: Option<PathBuf>,
    /// The gold unit selected on the gold track (its editor is shown).
    pub selected_gold: Option<GoldId>,
    /// Which open alignments N and P go to.
    pub filter: Filter,
    /// The alignments selected since N last entered the document: N visits the others before
    /// it leaves.
    pub visited: BTreeSet<usize>,
    /// Bulk rule input: the largest disorder decided.
    pub threshold: f64,
    /// Bulk rule input: how many annotators must agree.
    pub majority: usize,
    /// Go to the next open alignment after each decision.
    pub advance: bool,
    /// The last action's outcome, shown in the panel.
    pub message: Option<String>,
    /// γ of each annotator against the gold (`None` while computing).
    pub against_gold: Vec<Option<Result<f64, AppError>>>,
    /// The proposals, as the panels show them.
    pub shown: ShownAlignments,
    /// For each gold unit shown, its sub-row on the gold track, and the number of sub-rows.
    pub gold_rows: (BTreeMap<GoldId, usize>, usize),
    /// An export waiting for the user's confirmation to overwrite an input.
    pub confirm_overwrite: Option<PendingExport>,
    /// Start over waits for the user's confirmation.
    pub confirm_start_over: bool,
    /// What the last gold export said it carried from the base annotator or kept out (the
    /// report of the decisions lists them).
    pub gold_notes: Vec<String>,
    /// A boundary of a gold unit being dragged on the timeline: the unit, whether it is the
    /// start (else the end), and where it is now.
    pub dragging: Option<(GoldId, bool, f64)>,
    /// Whether γ against the gold was started since the gold last changed elsewhere.
    against_gold_started: bool,
}

/// What an export writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    /// The gold standard, in the document's format (or the one the extension names).
    Gold,
    /// Every decision, as CSV or JSON.
    Report,
}

/// An export waiting for the user's confirmation (it would overwrite an input).
#[derive(Debug, Clone, PartialEq)]
pub struct PendingExport {
    /// What is written.
    pub kind: ExportKind,
    /// Where.
    pub path: PathBuf,
}

/// A session found for the document that is open, offered for resuming.
#[derive(Debug, Clone)]
pub struct ResumeOffer {
    /// The document it is of.
    pub document: DocumentId,
    /// The session file.
    pub path: PathBuf,
    /// The session read from it.
    pub session: Session,
}

/// Why an action on the adjudication was not done: the core refused it, or there was nothing
/// to do. Said in the panel's words by its `Display` (alignments numbered from 1).
#[derive(Debug, Clone, PartialEq)]
pub enum NotDone {
    /// The core refused the action.
    Refused(GoldError),
    /// Undo, and nothing is left to undo.
    NothingToUndo,
    /// Redo, and nothing was undone.
    NothingToRedo,
    /// A bulk rule that found nothing open to decide: what it looked for.
    NothingToDecide(String),
}

impl From<GoldError> for NotDone {
    fn from(error: GoldError) -> Self {
        NotDone::Refused(error)
    }
}

impl std::fmt::Display for NotDone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotDone::Refused(error) => f.write_str(&gold_error_text(error)),
            NotDone::NothingToUndo => f.write_str("nothing to undo"),
            NotDone::NothingToRedo => f.write_str("nothing to redo"),
            NotDone::NothingToDecide(what) => write!(f, "no open {what}"),
        }
    }
}

impl Adjudicating {
    /// The adjudication `session` of document `document`, whose annotations as the views show
    /// them are `shown_in` (the units left out of γ included).
    pub(crate) fn new(
        session: Session,
        document: DocumentId,
        shown_in: &Continuum,
        save_path: Option<PathBuf>,
    ) -> Adjudicating {
        let n = session.adjudication.continuum().n_annotators();
        let mut adjudicating = Adjudicating {
            document,
            depth: 0,
            save_path,
            selected_gold: None,
            filter: Filter::default(),
            visited: BTreeSet::new(),
            threshold: 0.2,
            majority: n.div_ceil(2).max(1),
            advance: true,
            message: None,
            against_gold: vec![None; n],
            shown: ShownAlignments::of_adjudication(&session.adjudication, shown_in),
            gold_rows: (BTreeMap::new(), 1),
            confirm_overwrite: None,
            confirm_start_over: false,
            gold_notes: Vec::new(),
            dragging: None,
            against_gold_started: false,
            session,
        };
        adjudicating.layout_gold();
        adjudicating
    }

    /// A fresh adjudication of `open` from its best alignment `aligned` (computed with
    /// `options`, the categories `excluded` left out of γ: their units are carried, not
    /// decided), autosaved in `data_folder` (replacing any autosaved session of the same
    /// document).
    pub fn start(
        open: &OpenDocument,
        excluded: &BTreeSet<String>,
        aligned: &DocumentAlignment,
        options: GammaOptions,
        adjudicator: String,
        data_folder: Option<&Path>,
    ) -> Adjudicating {
        let (measured, left_out) = as_adjudicated(open.continuum(), excluded);
        let mut adjudication =
            Adjudication::new(measured, &aligned.problem, &aligned.alignment, adjudicator);
        adjudication.set_left_out(left_out);
        let session = Session::new(open.document.source.paths(), options, adjudication);
        let save_path =
            data_folder.map(|folder| autosave_path(folder, session.adjudication.continuum()));
        Adjudicating::new(session, open.id, open.continuum(), save_path)
    }

    /// The offered session, resumed on its document, whose annotations are `shown_in`.
    pub fn resume(offer: ResumeOffer, shown_in: &Continuum) -> Adjudicating {
        let progress = offer.session.adjudication.progress();
        let mut adjudicating =
            Adjudicating::new(offer.session, offer.document, shown_in, Some(offer.path));
        adjudicating.message = Some(format!(
            "resumed: decided {} of {}",
            progress.decided, progress.total
        ));
        adjudicating
    }

    /// The core's adjudication.
    pub fn adjudication(&self) -> &Adjudication {
        &self.session.adjudication
    }

    /// Stacks overlapping gold units in sub-rows.
    fn layout_gold(&mut self) {
        let gold = self.session.adjudication.gold();
        let spans: Vec<(f64, f64)> = gold
            .iter()
            .map(|(_, g)| (g.unit.start, g.unit.end))
            .collect();
        let stack = RowStack::new(&spans);
        let rows = gold
            .iter()
            .zip(&stack.row_of)
            .map(|((id, _), &row)| (*id, row))
            .collect();
        self.gold_rows = (rows, stack.rows);
    }

    /// [`Adjudicating::apply_outcome`] for an action of the core (the tests act so).
    #[cfg(test)]
    pub fn apply_counted(
        &mut self,
        action: impl FnOnce(&mut Adjudication) -> Result<String, GoldError>,
        steps: i64,
    ) -> Option<String> {
        self.apply_outcome(|a| action(a).map_err(NotDone::from), steps)
    }

    /// Runs an action that changes the undo history's length by `steps` (an action 1, an undo
    /// −1); returns its message when it was done, else says why not (in the panel's message).
    /// After a success call [`Adjudicating::changed`].
    pub fn apply_outcome(
        &mut self,
        action: impl FnOnce(&mut Adjudication) -> Result<String, NotDone>,
        steps: i64,
    ) -> Option<String> {
        let flagged_before = self.session.adjudication.flagged_relations().len();
        match action(&mut self.session.adjudication) {
            Ok(mut message) => {
                self.depth += steps;
                let flagged = self.session.adjudication.flagged_relations().len();
                if flagged > flagged_before {
                    message.push_str(&format!(
                        " — ⚠ {} decided into the gold now with an endpoint rejected",
                        match flagged - flagged_before {
                            1 => "1 relation".to_string(),
                            n => format!("{n} relations"),
                        }
                    ));
                }
                Some(message)
            }
            Err(e) => {
                self.message = Some(format!("not done: {e}"));
                None
            }
        }
    }

    /// After a change: lays out the gold track, saves the session where it is saved (an error
    /// is returned for the error panel) and restarts γ against the gold.
    pub fn changed(
        &mut self,
        message: Option<String>,
        settings: &Settings,
        jobs: &mut Jobs,
    ) -> Result<(), AppError> {
        let saved = self.record(message);
        self.start_against_gold(settings, jobs);
        saved
    }

    /// After a change made while another document is shown: lays out the gold track and saves
    /// the session; γ against the gold waits until the document is shown
    /// ([`Adjudicating::against_gold_waits`]).
    pub fn changed_elsewhere(
        &mut self,
        message: Option<String>,
        jobs: &mut Jobs,
    ) -> Result<(), AppError> {
        jobs.cancel(JobKind::AgainstGold(self.document));
        self.against_gold_started = false;
        self.against_gold = vec![None; self.against_gold.len()];
        self.record(message)
    }

    /// Whether γ against the gold is to be computed (never started, or the gold changed while
    /// another document was shown).
    pub fn against_gold_waits(&self) -> bool {
        !self.against_gold_started
    }

    /// Lays out the gold track, keeps the message, saves the session where it is saved.
    fn record(&mut self, message: Option<String>) -> Result<(), AppError> {
        self.layout_gold();
        if let Some(gone) = self.selected_gold
            && self.adjudication().gold_unit(gone).is_none()
        {
            self.selected_gold = None;
        }
        self.message = message;
        match &self.save_path {
            Some(path) => self.session.save(path).map_err(AppError::NotSaved),
            None => Ok(()),
        }
    }

    /// Starts γ of each annotator against the gold decided so far (replacing any such job).
    pub fn start_against_gold(&mut self, settings: &Settings, jobs: &mut Jobs) {
        let mut options = settings.gamma_options();
        options.categorical_gammas = false;
        options.samples = SampleCount::Precision {
            precision: 0.05,
            confidence: 0.95,
            max_samples: 1000,
        };
        let adjudication = &self.session.adjudication;
        let n = adjudication.continuum().n_annotators();
        // `continua[a]` holds annotator `a` and the gold.
        let continua: Vec<Continuum> = (0..n)
            .map(|a| adjudication.annotator_against_gold(a))
            .collect();
        self.against_gold = vec![None; n];
        self.against_gold_started = true;
        let document = self.document;
        let kind = JobKind::AgainstGold(document);
        jobs.start(kind, "gold-gamma", deliver, move |context| {
            for (annotator, continuum) in continua.iter().enumerate() {
                if context.is_cancelled() {
                    return;
                }
                let gamma = gamma_core::gamma(continuum, &options, context.control(None))
                    .map(|r| r.gamma)
                    .map_err(AppError::from);
                context.send((document, annotator, gamma));
            }
        });
    }

    /// The next (or previous) open alignment after `current` in `order` passing the filter;
    /// when there is none the panel's message says so.
    pub fn next_open(
        &mut self,
        order: &[usize],
        current: Option<usize>,
        direction: Direction,
    ) -> Option<usize> {
        let found = self
            .adjudication()
            .next_open(order, current, direction, &self.filter);
        match found {
            Some(_) => self.selected_gold = None,
            None => self.message = Some("no open alignment left".into()),
        }
        found
    }

    /// Writes the gold or the report (the document was read from `source`); an input file is
    /// only overwritten once the user confirmed (`confirmed`), otherwise the export waits for
    /// that confirmation. An error is returned for the error panel.
    pub fn export(
        &mut self,
        kind: ExportKind,
        path: PathBuf,
        confirmed: bool,
        source: &Source,
        read_options: &ReadOptions,
    ) -> Result<(), AppError> {
        let inputs = source.paths();
        if !confirmed && is_input(&path, &inputs) {
            self.confirm_overwrite = Some(PendingExport { kind, path });
            return Ok(());
        }
        self.confirm_overwrite = None;
        let adjudication = &self.session.adjudication;
        let written = match kind {
            ExportKind::Gold => export::write_whole_gold(
                adjudication,
                &path,
                Some(source),
                read_options,
                confirmed,
                0,
            )
            .map(|(format, notes)| {
                let mut message = format!(
                    "gold written ({format}, {} units): {}",
                    adjudication.gold().len(),
                    path.display()
                );
                for note in &notes {
                    message.push_str(&format!("\n  {note}"));
                }
                self.gold_notes = notes;
                message
            }),
            // The report says what the last gold export carried or kept out.
            ExportKind::Report => export::write_report_with_notes(
                adjudication,
                &path,
                &inputs,
                confirmed,
                &self.gold_notes,
            )
            .map(|()| format!("report written: {}", path.display())),
        };
        match written {
            Ok(message) => {
                self.message = Some(message);
                Ok(())
            }
            Err(e) => {
                self.message = Some(format!("not written: {e}"));
                Err(e.into())
            }
        }
    }

    /// Saves the session to a file the user chose (and from then on autosaves there); never
    /// over one of `inputs`. An error is returned for the error panel.
    pub fn save_session_as(&mut self, path: PathBuf, inputs: &[PathBuf]) -> Result<(), AppError> {
        if is_input(&path, inputs) {
            self.message = Some(format!("not saved: {} is an input file", path.display()));
            return Ok(());
        }
        self.session.save(&path)?;
        self.message = Some(format!("session saved: {}", path.display()));
        self.save_path = Some(path);
        Ok(())
    }
}

/// Applies γ of an annotator against the gold to its document's adjudication (the job's route).
fn deliver(state: &mut AppState, (document, annotator, gamma): AgainstGold) {
    if let Some(adjudicating) = state.adjudication.by_document.get_mut(&document)
        && let Some(slot) = adjudicating.against_gold.get_mut(annotator)
    {
        *slot = Some(gamma);
    }
}

/// A document as it is adjudicated: without the units of the categories `excluded` (left out
/// of γ, as γ was measured), and those units, annotator by annotator.
pub fn as_adjudicated(
    continuum: &Continuum,
    excluded: &BTreeSet<String>,
) -> (Continuum, Vec<Vec<Unit>>) {
    if excluded.is_empty() {
        return (continuum.clone(), Vec::new());
    }
    let left_out = (continuum.annotators.iter())
        .map(|a| {
            (a.units.iter())
                .filter(|u| excluded.contains(&u.category))
                .cloned()
                .collect()
        })
        .collect();
    (
        continuum.filter_categories(|c| !excluded.contains(c)),
        left_out,
    )
}

/// The autosaved session of `continuum` (document `document`, the categories `excluded` left
/// out of γ) in `folder`, if there is one; the units left out are the document's as read now.
pub fn autosaved_session(
    folder: &Path,
    continuum: &Continuum,
    excluded: &BTreeSet<String>,
    document: DocumentId,
) -> Result<Option<ResumeOffer>, AppError> {
    let (measured, left_out) = as_adjudicated(continuum, excluded);
    let Some(path) = find_autosave(folder, &measured) else {
        return Ok(None);
    };
    let session = Session::resume(&path, &measured).map_err(AppError::NotResumable)?;
    Ok(session.map(|mut session| {
        session.adjudication.set_left_out(left_out);
        ResumeOffer {
            document,
            path,
            session,
        }
    }))
}

/// The session in `path`, which must be of `continuum` (document `document`, the categories
/// `excluded` left out of γ).
pub fn session_of(
    path: &Path,
    continuum: &Continuum,
    excluded: &BTreeSet<String>,
    document: DocumentId,
) -> Result<ResumeOffer, AppError> {
    let (measured, left_out) = as_adjudicated(continuum, excluded);
    let mut session = Session::resume(path, &measured)
        .map_err(AppError::from)?
        .ok_or_else(|| AppError::NoSession(path.to_path_buf()))?;
    session.adjudication.set_left_out(left_out);
    Ok(ResumeOffer {
        document,
        path: path.to_path_buf(),
        session,
    })
}

/// What the input `path` of a document read from `source` holds, in the words of an overwrite
/// prompt: an annotator's annotation ("ana's annotation"), the text, or every annotator's.
pub fn what_input_holds(source: &Source, path: &Path) -> String {
    let same = |other: &Path| gamma_formats::gold_export::is_input(path, &[other.to_path_buf()]);
    let annotator_files = match source {
        Source::Glozz { files, .. }
        | Source::Cora { files, .. }
        | Source::WebannoTsv { files, .. }
        | Source::Xmi { files, .. }
        | Source::Brat { files, .. } => files.as_slice(),
        _ => &[],
    };
    if let Some(file) = annotator_files.iter().find(|f| same(&f.path)) {
        return format!("{}'s annotation", file.annotator);
    }
    match source {
        Source::Glozz { text, .. } | Source::Brat { text, .. } if same(text) => {
            "the document's text".into()
        }
        _ => "the annotators' annotations".into(),
    }
}

/// Why a relation has nowhere to go in the gold, in the panel's words.
pub fn lost_text(lost: &[LostEndpoint], decided: bool) -> String {
    let places: Vec<String> = (lost.iter())
        .map(|l| {
            let fate = if l.rejected {
                "rejected"
            } else {
                "not decided"
            };
            format!("alignment {} is {fate}", l.alignment + 1)
        })
        .collect();
    let rejected = lost.iter().any(|l| l.rejected);
    let consequence = match (decided, rejected) {
        (true, true) => {
            "this relation, decided into the gold, is left out of it unless that alignment is reopened and kept (or the relation decided otherwise)"
        }
        (true, false) => "this relation, decided into the gold, waits for that alignment's unit",
        (false, _) => "a relation kept here would have no gold unit at that end",
    };
    format!("{}: {consequence}", places.join(", "))
}

/// The extension the gold of a document gets by default: its own format's.
pub fn gold_extension(format: Format) -> &'static str {
    format.gold_format().description().written_extension
}

/// The adjudicator's name when none was set.
pub fn initial_adjudicator() -> String {
    default_adjudicator()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::demo_document;
    use std::sync::Arc;

    /// An adjudication of the demo from its γ result, autosaved in `folder`.
    fn adjudicating(folder: Option<&Path>) -> (OpenDocument, Adjudicating) {
        let open = OpenDocument::new(demo_document());
        let settings = Settings::default();
        let result = gamma_core::gamma(
            open.continuum(),
            &settings.gamma_options(),
            Default::default(),
        )
        .unwrap();
        let adjudicating = Adjudicating::start(
            &open,
            &Default::default(),
            &result.documents[0],
            settings.gamma_options(),
            "tester".into(),
            folder,
        );
        (open, adjudicating)
    }

    #[test]
    fn its_shown_alignments_are_the_proposals_worst_first() {
        let (_, adjudicating) = adjudicating(None);
        let proposals = adjudicating.adjudication().proposals();
        assert_eq!(adjudicating.shown.len(), proposals.len());
        for (shown, proposal) in adjudicating.shown.rows.iter().zip(proposals) {
            assert_eq!(
                (&shown.units, shown.disorder),
                (&proposal.slots, proposal.disorder)
            );
        }
        let disorders: Vec<f64> = (adjudicating.shown.worst_first.iter())
            .map(|&i| proposals[i].disorder)
            .collect();
        assert!(disorders.windows(2).all(|d| d[0] >= d[1]), "{disorders:?}");
    }

    #[test]
    fn a_failed_action_says_why_and_an_unsaveable_session_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let (_, mut adjudicating) = adjudicating(None);
        let n = adjudicating.shown.len();
        assert_eq!(
            adjudicating.apply_counted(|a| a.pick(n, 0).map(|()| "x".into()), 1),
            None
        );
        assert!(
            (adjudicating.message.as_deref()).is_some_and(|m| m.starts_with("not done: ")),
            "{:?}",
            adjudicating.message
        );
        // A folder where the session file should be: saving fails, and says so.
        let blocked = dir.path().join("session.json");
        std::fs::create_dir(&blocked).unwrap();
        adjudicating.save_path = Some(blocked);
        let message =
            adjudicating.apply_counted(|a| Ok(format!("{} decided", a.decide_unanimous())), 1);
        let mut jobs = Jobs::new(Arc::new(|| {}));
        let saved = adjudicating.changed(message, &Settings::default(), &mut jobs);
        let error = saved.expect_err("a folder is in the way").to_string();
        assert!(
            error.starts_with("the adjudication could not be saved"),
            "{error}"
        );
        assert!(
            adjudicating.adjudication().progress().decided > 0,
            "decided all the same"
        );
    }

    #[test]
    fn an_autosaved_session_is_found_and_a_session_of_other_annotations_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let (open, mut adjudicating) = adjudicating(Some(dir.path()));
        let none = BTreeSet::new();
        assert!(
            autosaved_session(dir.path(), open.continuum(), &none, open.id)
                .unwrap()
                .is_none(),
            "nothing saved before the first change"
        );
        let mut jobs = Jobs::new(Arc::new(|| {}));
        adjudicating
            .changed(None, &Settings::default(), &mut jobs)
            .unwrap();
        let offer = autosaved_session(dir.path(), open.continuum(), &none, open.id)
            .unwrap()
            .expect("autosaved");
        assert_eq!(offer.document, open.id);
        assert_eq!(Some(&offer.path), adjudicating.save_path.as_ref());
        assert!(session_of(&offer.path, open.continuum(), &none, open.id).is_ok());
        let mut other = open.continuum().clone();
        other.annotators.pop();
        let refused = session_of(&offer.path, &other, &none, open.id)
            .unwrap_err()
            .to_string();
        assert!(
            refused.starts_with(&offer.path.display().to_string())
                && refused.contains("holds the adjudication of another document"),
            "{refused}"
        );
    }
}
