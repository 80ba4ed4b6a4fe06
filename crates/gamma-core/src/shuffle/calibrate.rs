//! Calibration: what a document's γ means, as the magnitude of each error kind whose
//! simulated annotators have that γ (read off the sweeps' γ curves).

use super::damage::ErrorKind;
use super::reference::Reference;
use super::sweep::{SweepOptions, sweep_controlled, sweep_runs};
use crate::continuum::Continuum;
use crate::gamma::RunControl;
use crate::measure::Measure;
use crate::shuffle::ShuffleError;

/// The magnitude at which a falling curve of (magnitude, mean γ) reaches `target`, by linear
/// interpolation between the two sweep points around it (`None` if it never does).
pub(crate) fn magnitude_for(curve: &[(f64, Option<f64>)], target: f64) -> Option<f64> {
    let points: Vec<(f64, f64)> = curve.iter().filter_map(|&(m, g)| Some((m, g?))).collect();
    if points.first().is_some_and(|&(_, g)| target >= g) {
        return Some(points[0].0);
    }
    points.windows(2).find_map(|pair| {
        let ((m0, g0), (m1, g1)) = (pair[0], pair[1]);
        (g0 >= target && target >= g1).then(|| {
            if g0 == g1 {
                m0
            } else {
                m0 + (m1 - m0) * (g0 - target) / (g0 - g1)
            }
        })
    })
}

/// A curve of a sweep: (magnitude, mean of the measure where it is defined).
pub(crate) type Curve = Vec<(f64, Option<f64>)>;

/// Where a document's γ sits on the curves of each error kind.
#[derive(Debug, Clone, PartialEq)]
pub struct Calibration {
    /// The document's γ.
    pub gamma: f64,
    /// For each error kind: the magnitude whose simulated annotators have that γ (when the
    /// curve reaches it), and the γ curve.
    pub kinds: Vec<(ErrorKind, Option<f64>, Curve)>,
}

impl Calibration {
    /// The γ curves as CSV: `magnitude`, then one column per error kind (empty where no
    /// simulated set was defined).
    pub fn curves_csv(&self) -> String {
        let mut out = String::from("magnitude");
        for (kind, _, _) in &self.kinds {
            out.push(',');
            out.push_str(&kind.to_string());
        }
        out.push('\n');
        let magnitudes = self.kinds.first().map(|k| k.2.len()).unwrap_or(0);
        for i in 0..magnitudes {
            out.push_str(&format!("{:.2}", self.kinds[0].2[i].0));
            for (_, _, curve) in &self.kinds {
                out.push(',');
                if let Some((_, Some(g))) = curve.get(i) {
                    out.push_str(&format!("{g:.6}"));
                }
            }
            out.push('\n');
        }
        out
    }
}

/// Calibrates a document's γ: every annotator in turn is the reference of sweeps of each error
/// kind (with as many simulated annotators as the document has); the curves are averaged over
/// the references.
pub fn calibrate(
    continuum: &Continuum,
    kinds: &[ErrorKind],
    options: &SweepOptions,
) -> Result<Calibration, ShuffleError> {
    let references = each_annotator_as_reference(continuum)?;
    calibrate_against(
        continuum,
        &references,
        kinds,
        options,
        RunControl::default(),
    )
}

/// Every annotator with units, as a reference.
pub fn each_annotator_as_reference(continuum: &Continuum) -> Result<Vec<Reference>, ShuffleError> {
    let references: Vec<Reference> = (0..continuum.n_annotators())
        .filter_map(|a| Reference::from_annotator(continuum, a).ok())
        .collect();
    if references.is_empty() {
        return Err(ShuffleError::NoAnnotatorWithUnits);
    }
    Ok(references)
}

/// Calibrates a document's γ against sweeps from the given references (each annotator, or a
/// gold standard), averaging the curves over them; reports (runs done, runs in all) through
/// `control`, which can also stop it.
pub fn calibrate_against(
    continuum: &Continuum,
    references: &[Reference],
    kinds: &[ErrorKind],
    options: &SweepOptions,
    control: RunControl,
) -> Result<Calibration, ShuffleError> {
    if references.is_empty() {
        return Err(ShuffleError::NoReference);
    }
    options.check()?;
    let mut gamma_options = options.gamma.clone();
    gamma_options.seed = options.seed;
    let gamma = crate::gamma(continuum, &gamma_options, RunControl::default())?.gamma;
    calibrate_gamma(
        gamma,
        continuum.n_annotators(),
        references,
        kinds,
        options,
        control,
    )
}

/// Calibrates a γ already measured (a corpus's, over `annotators` annotators) against sweeps
/// from the given references — for a corpus, annotators of its documents — averaging the curves
/// over them; reports (runs done, runs in all) through `control`, which can also stop it.
pub fn calibrate_gamma(
    gamma: f64,
    annotators: usize,
    references: &[Reference],
    kinds: &[ErrorKind],
    options: &SweepOptions,
    control: RunControl,
) -> Result<Calibration, ShuffleError> {
    if references.is_empty() {
        return Err(ShuffleError::NoReference);
    }
    options.check()?;
    let per_sweep = sweep_runs(options);
    let total = per_sweep * references.len() * kinds.len();
    let mut out = Vec::new();
    for (k, &kind) in kinds.iter().enumerate() {
        let sweep_options = SweepOptions {
            errors: vec![kind],
            measures: vec![Measure::Gamma],
            annotators: annotators.max(2),
            ..options.clone()
        };
        let mut sums: Vec<(f64, f64, usize)> = Vec::new();
        for (r, reference) in references.iter().enumerate() {
            let before = (k * references.len() + r) * per_sweep;
            let report = |done: usize, _: usize| control.progress(before + done, total);
            let inner = RunControl {
                cancelled: control.cancelled,
                on_progress: Some(&report),
            };
            let rows = sweep_controlled(reference, &sweep_options, inner)?;
            if sums.is_empty() {
                sums = rows.iter().map(|r| (r.magnitude, 0.0, 0)).collect();
            }
            for (sum, row) in sums.iter_mut().zip(&rows) {
                if let Some(Some(g)) = row.means.first() {
                    sum.1 += g;
                    sum.2 += 1;
                }
            }
        }
        let curve: Curve = sums
            .iter()
            .map(|&(m, total, n)| (m, (n > 0).then(|| total / n as f64)))
            .collect();
        out.push((kind, magnitude_for(&curve, gamma), curve));
    }
    Ok(Calibration { gamma, kinds: out })
}
