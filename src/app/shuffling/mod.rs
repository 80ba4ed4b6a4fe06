//! The Corpus Shuffling Tool view's state: what to sweep, the sweep or calibration running as
//! a background job ([`crate::app::jobs::Jobs`]), and their results. Nothing here draws (see
//! [`panel`]).

pub mod panel;

use crate::app::AppState;
use crate::app::errors::AppError;
use crate::app::jobs::{JobKind, Jobs};
use gamma_core::Continuum;
use gamma_core::gamma::RunControl;
use gamma_core::shuffle::{
    self, Calibration, ErrorKind, Reference, ReferenceModel, SweepOptions, SweepRow,
};
use std::path::PathBuf;

/// Where the simulated annotators come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReferenceChoice {
    /// The built-in statistical model `default`.
    Model,
    /// One annotator of the document shown.
    Annotator(usize),
    /// The gold standard being adjudicated for the document shown.
    Gold,
}

/// What a sweep does: its reference and the core's options.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepSettings {
    pub reference: ReferenceChoice,
    /// The built-in model chosen (one of [`ReferenceModel::BUILT_IN`]).
    pub model_name: &'static str,
    /// The model used when the reference is [`ReferenceChoice::Model`]: the built-in one named,
    /// with the units and overlap chosen.
    pub model: ReferenceModel,
    pub sweep: SweepOptions,
}

impl Default for SweepSettings {
    fn default() -> Self {
        SweepSettings {
            reference: ReferenceChoice::Model,
            model_name: ReferenceModel::BUILT_IN[0],
            model: ReferenceModel::default_model(),
            sweep: SweepOptions::shuffling_tool(),
        }
    }
}

/// A finished sweep.
#[derive(Debug, Clone)]
pub struct SweepOutcome {
    pub settings: SweepSettings,
    /// "model default (100 units)", "annotator ana", "gold"…
    pub reference: String,
    pub rows: Vec<SweepRow>,
    pub seconds: f64,
}

impl SweepOutcome {
    /// The curve of the measure in column `column`: (magnitude, mean) where defined.
    pub fn curve(&self, column: usize) -> Vec<[f64; 2]> {
        self.rows
            .iter()
            .filter_map(|row| Some([row.magnitude, row.means.get(column).copied()??]))
            .collect()
    }
}

/// A finished calibration of a document's γ.
#[derive(Debug, Clone)]
pub struct CalibrationOutcome {
    pub document: String,
    /// "each annotator in turn" or "the gold standard".
    pub references: String,
    pub calibration: Calibration,
    pub sets: usize,
    pub step: f64,
    pub seed: u64,
    pub seconds: f64,
}

impl CalibrationOutcome {
    /// One sentence per error kind: "positional errors of magnitude 0.32".
    pub fn sentences(&self) -> Vec<String> {
        self.calibration
            .kinds
            .iter()
            .map(|(kind, magnitude, _)| match magnitude {
                Some(m) => format!("{} of magnitude {m:.2}", kind.description()),
                None => format!(
                    "{}: never this low, even at magnitude 1",
                    kind.description()
                ),
            })
            .collect()
    }
}

/// What the shuffling worker sends back.
#[derive(Debug)]
pub enum ShufflingMessage {
    Progress { done: usize, needed: usize },
    Sweep(Result<Box<SweepOutcome>, AppError>),
    Calibration(Result<CalibrationOutcome, AppError>),
}

/// The shuffling view's state.
pub struct Shuffling {
    pub settings: SweepSettings,
    /// The error kinds a calibration sweeps.
    pub calibration_kinds: Vec<ErrorKind>,
    /// Sets per magnitude and reference in a calibration (each annotator is a reference, so
    /// fewer than a sweep's).
    pub calibration_sets: usize,
    pub sweep: Option<SweepOutcome>,
    pub calibration: Option<CalibrationOutcome>,
    /// (runs done, runs in all) of the job running.
    pub progress: Option<(usize, usize)>,
    pub error: Option<String>,
    /// Where the last CSV export went.
    pub exported: Option<std::path::PathBuf>,
    /// Whether a sweep or a calibration runs.
    running: bool,
    /// Whether the job running (or last run) is a calibration rather than a sweep: its progress
    /// shows under the button that started it.
    pub calibrating: bool,
}

impl Default for Shuffling {
    fn default() -> Self {
        Shuffling {
            settings: SweepSettings::default(),
            calibration_kinds: ErrorKind::CALIBRATION.to_vec(),
            calibration_sets: 5,
            sweep: None,
            calibration: None,
            progress: None,
            error: None,
            exported: None,
            running: false,
            calibrating: false,
        }
    }
}

/// The reference the settings name, for the document shown (and its gold, when adjudicating).
pub fn reference_of(
    settings: &SweepSettings,
    document: Option<&Continuum>,
    gold: Option<Vec<gamma_core::Unit>>,
) -> Result<(Reference, String), AppError> {
    match settings.reference {
        ReferenceChoice::Model => {
            let model = &settings.model;
            let overlap = if model.overlap { ", overlapping" } else { "" };
            model
                .generate(settings.sweep.seed)
                .map(|r| {
                    (
                        r,
                        format!(
                            "the built-in model {} ({} units{overlap})",
                            settings.model_name, model.units
                        ),
                    )
                })
                .map_err(AppError::from)
        }
        ReferenceChoice::Annotator(a) => {
            let continuum = document.ok_or(AppError::NoDocument)?;
            let annotator = (continuum.annotators.get(a)).ok_or(AppError::NoSuchAnnotator)?;
            let of = format!("annotator {}", annotator.name);
            match Reference::from_annotator(continuum, a) {
                Ok(reference) => Ok((reference, of)),
                Err(error) => Err(AppError::Reference { of, error }),
            }
        }
        ReferenceChoice::Gold => {
            let units = gold.ok_or(AppError::NoGold)?;
            Reference::new(units)
                .map(|r| (r, "the gold standard".to_string()))
                .map_err(gold_reference)
        }
    }
}

/// The gold standard refused as a reference.
fn gold_reference(error: gamma_core::shuffle::ShuffleError) -> AppError {
    AppError::Reference {
        of: "the gold standard".into(),
        error,
    }
}

impl Shuffling {
    /// Whether a sweep or a calibration runs.
    pub fn is_running(&self) -> bool {
        self.running
    }

    /// Stops the sweep or calibration running.
    pub fn cancel(&mut self, jobs: &mut Jobs) {
        jobs.cancel(JobKind::Shuffling);
        self.running = false;
        self.progress = None;
    }

    /// Runs `work` as the job (replacing, so cancelling, the one running).
    fn start(
        &mut self,
        name: &str,
        jobs: &mut Jobs,
        work: impl FnOnce(RunControl) -> ShufflingMessage + Send + 'static,
    ) {
        self.error = None;
        self.progress = Some((0, 1));
        self.running = true;
        jobs.start(JobKind::Shuffling, name, deliver, move |context| {
            let report = |done: usize, needed: usize| {
                // Every 1 % is enough for a progress bar.
                if done == needed || done.is_multiple_of((needed / 100).max(1)) {
                    context.send(ShufflingMessage::Progress { done, needed });
                }
            };
            let message = work(context.control(Some(&report)));
            if !context.is_cancelled() {
                context.send(message);
            }
        });
    }

    /// Starts a sweep of the current settings from `reference` (named `reference_name`).
    pub fn start_sweep(&mut self, reference: Reference, reference_name: String, jobs: &mut Jobs) {
        let settings = self.settings.clone();
        log::info!(
            "sweep of {} from {reference_name}: {} sets, step {}",
            settings
                .sweep
                .errors
                .iter()
                .map(ErrorKind::to_string)
                .collect::<Vec<_>>()
                .join("+"),
            settings.sweep.sets,
            settings.sweep.step
        );
        self.calibrating = false;
        self.start("sweep", jobs, move |control| {
            let clock = std::time::Instant::now();
            let result = shuffle::sweep_controlled(&reference, &settings.sweep, control)
                .map(|rows| {
                    Box::new(SweepOutcome {
                        settings,
                        reference: reference_name,
                        rows,
                        seconds: clock.elapsed().as_secs_f64(),
                    })
                })
                .map_err(AppError::from);
            ShufflingMessage::Sweep(result)
        });
    }

    /// Starts calibrating `continuum`'s γ against sweeps from `references`.
    pub fn start_calibration(
        &mut self,
        continuum: Continuum,
        references: Vec<Reference>,
        references_name: String,
        jobs: &mut Jobs,
    ) {
        let kinds = self.calibration_kinds.clone();
        // The sweep's γ and factors (its preset), with the calibration's own sets and step.
        let options = SweepOptions {
            sets: self.calibration_sets,
            step: 0.1,
            ..self.settings.sweep.clone()
        };
        self.calibrating = true;
        self.start("calibration", jobs, move |control| {
            let clock = std::time::Instant::now();
            let result =
                shuffle::calibrate_against(&continuum, &references, &kinds, &options, control).map(
                    |calibration| CalibrationOutcome {
                        document: continuum.name.clone(),
                        references: references_name,
                        calibration,
                        sets: options.sets,
                        step: options.step,
                        seed: options.seed,
                        seconds: clock.elapsed().as_secs_f64(),
                    },
                );
            ShufflingMessage::Calibration(result.map_err(AppError::from))
        });
    }

    /// Takes a message of the job.
    fn receive(&mut self, message: ShufflingMessage) {
        match message {
            ShufflingMessage::Progress { done, needed } => {
                self.progress = Some((done, needed));
                return;
            }
            ShufflingMessage::Sweep(result) => match result {
                Ok(outcome) => self.sweep = Some(*outcome),
                Err(e) => self.error = Some(format!("the sweep failed: {e}")),
            },
            ShufflingMessage::Calibration(result) => match result {
                Ok(outcome) => self.calibration = Some(outcome),
                Err(e) => self.error = Some(format!("the calibration failed: {e}")),
            },
        }
        self.running = false;
        self.progress = None;
    }
}

/// Applies a message of the sweep's or the calibration's job (its route).
fn deliver(state: &mut AppState, message: ShufflingMessage) {
    state.shuffling.receive(message);
}

/// What the tool writes as CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Export {
    /// The sweep's table: each measure's mean at each magnitude.
    Sweep,
    /// The calibration's curves.
    Calibration,
}

impl Export {
    /// The file name offered.
    pub fn suggested_name(self) -> &'static str {
        match self {
            Export::Sweep => "sweep.csv",
            Export::Calibration => "calibration.csv",
        }
    }
}

/// The tool's actions on the document shown.
impl AppState {
    /// The gold units decided so far, while the document shown is adjudicated.
    fn gold_units(&self) -> Option<Vec<gamma_core::Unit>> {
        self.adjudicating().map(|a| {
            a.session
                .adjudication
                .gold()
                .into_iter()
                .map(|(_, g)| g.unit.clone())
                .collect()
        })
    }

    /// Starts the sweep of the current settings (the reference is built here, on the UI thread:
    /// it is a copy of units, not a computation).
    pub(crate) fn start_sweep(&mut self) {
        let settings = &self.shuffling.settings;
        let continuum = self.document().map(|d| &d.document.continuum);
        match reference_of(settings, continuum, self.gold_units()) {
            Ok((reference, name)) => {
                self.shuffling.start_sweep(reference, name, &mut self.jobs);
            }
            Err(e) => self.shuffling.error = Some(e.to_string()),
        }
    }

    /// Starts calibrating the document shown: against its gold when one is being adjudicated,
    /// otherwise against each annotator in turn.
    pub(crate) fn start_calibration(&mut self) {
        let Some(document) = self.document() else {
            self.shuffling.error = Some("open a document to calibrate its γ".into());
            return;
        };
        let continuum = document.document.continuum.clone();
        let references = match self.gold_units() {
            Some(gold) => gamma_core::shuffle::Reference::new(gold)
                .map(|r| (vec![r], "the gold standard".to_string()))
                .map_err(gold_reference),
            None => shuffle::each_annotator_as_reference(&continuum)
                .map(|r| (r, "each annotator in turn".to_string()))
                .map_err(AppError::from),
        };
        match references {
            Ok((references, name)) => {
                (self.shuffling).start_calibration(continuum, references, name, &mut self.jobs);
            }
            Err(e) => self.shuffling.error = Some(e.to_string()),
        }
    }

    /// Writes the last sweep's table or calibration's curves at `path`.
    pub(crate) fn export_shuffling(&mut self, what: Export, path: PathBuf) {
        let shuffling = &self.shuffling;
        let csv = match what {
            Export::Sweep => (shuffling.sweep.as_ref())
                .map(|sweep| shuffle::sweep_csv(&sweep.settings.sweep.measures, &sweep.rows)),
            Export::Calibration => {
                (shuffling.calibration.as_ref()).map(|c| c.calibration.curves_csv())
            }
        };
        let Some(csv) = csv else {
            return;
        };
        match gamma_formats::write_atomically(&path, csv.as_bytes()) {
            Ok(()) => self.shuffling.exported = Some(path),
            Err(e) => self.shell.messages.error(e),
        }
    }
}
