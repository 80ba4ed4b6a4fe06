//! The report's calibration: what the measured γ means as the magnitude of each kind of error
//! whose simulated annotators have that γ — the Corpus Shuffling Tool (Mathet et al. 2012),
//! as `gamma-studio calibrate` computes it (each annotator in turn as the reference; for a
//! corpus, the annotators of its documents).

use super::Report;
use gamma_core::GammaOptions;
use gamma_core::corpus::Corpus;
use gamma_core::gamma::RunControl;
use gamma_core::shuffle::{ErrorKind, Reference, SweepOptions, calibrate_gamma};
use serde::Serialize;

/// Sets of simulated annotators per magnitude and reference (`calibrate`'s default).
pub const SETS: usize = 5;
/// The magnitude step of the curves (`calibrate`'s default).
pub const STEP: f64 = 0.1;
/// At most this many references (annotators of the first documents of a corpus): each one is
/// a sweep of every error kind.
pub const MAX_REFERENCES: usize = 6;

/// Where γ sits on the curves of each error kind.
#[derive(Debug, Clone, Serialize)]
pub struct CalibrationSection {
    /// The γ calibrated (the report's).
    pub gamma: f64,
    /// Whose units the simulated annotators start from.
    pub references: String,
    /// Sets of simulated annotators per magnitude and reference.
    pub sets: usize,
    /// The magnitude step.
    pub step: f64,
    /// The seed of the simulations.
    pub seed: u64,
    /// One row per error kind.
    pub kinds: Vec<CalibratedKind>,
}

/// One error kind's curve and where γ falls on it.
#[derive(Debug, Clone, Serialize)]
pub struct CalibratedKind {
    /// The error kind, as `--error` names it.
    pub error: String,
    /// What it is, in words ("positional errors").
    pub description: String,
    /// The magnitude whose simulated annotators have the report's γ, when the curve reaches it.
    pub magnitude: Option<f64>,
    /// The curve: (magnitude, mean γ of the simulated annotators).
    pub curve: Vec<(f64, Option<f64>)>,
}

/// The error kinds calibrated against (`calibrate`'s default).
fn kinds() -> Vec<ErrorKind> {
    [
        "shift",
        "false-negative",
        "false-positive",
        "split",
        "category",
    ]
    .iter()
    .map(|name| name.parse().expect("a known error kind"))
    .collect()
}

impl Report {
    /// The report with its calibration: the report's γ on the Corpus Shuffling Tool's curves,
    /// simulated from each annotator of `corpus` (of its first documents, at most
    /// [`MAX_REFERENCES`]) with the report's γ settings.
    pub fn with_calibration(
        mut self,
        corpus: &Corpus,
        options: &GammaOptions,
        control: RunControl<'_>,
    ) -> Report {
        let mut references = Vec::new();
        for document in &corpus.documents {
            for a in 0..document.n_annotators() {
                if references.len() < MAX_REFERENCES
                    && let Ok(reference) = Reference::from_annotator(document, a)
                {
                    references.push(reference);
                }
            }
        }
        let annotators = (corpus.documents.iter())
            .map(|d| d.n_annotators())
            .max()
            .unwrap_or(2);
        let sweep = SweepOptions::default();
        let options = SweepOptions {
            sets: SETS,
            step: STEP,
            seed: options.seed,
            gamma: GammaOptions {
                dissimilarity: options.dissimilarity.clone(),
                sampler: options.sampler,
                ..sweep.gamma.clone()
            },
            ..sweep
        };
        let described = if corpus.documents.len() == 1 {
            "each annotator in turn".to_string()
        } else {
            format!(
                "{} annotators of the first documents in turn",
                references.len()
            )
        };
        let calibration = calibrate_gamma(
            self.overall.gamma,
            annotators,
            &references,
            &kinds(),
            &options,
            control,
        )
        .map(|calibration| CalibrationSection {
            gamma: calibration.gamma,
            references: described,
            sets: SETS,
            step: STEP,
            seed: options.seed,
            kinds: (calibration.kinds.into_iter())
                .map(|(kind, magnitude, curve)| CalibratedKind {
                    error: kind.to_string(),
                    description: kind.description().to_string(),
                    magnitude,
                    curve,
                })
                .collect(),
        });
        self.calibration = Some(calibration.map_err(|e| e.to_string()));
        self
    }
}
