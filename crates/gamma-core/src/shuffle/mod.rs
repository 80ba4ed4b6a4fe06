//! The Corpus Shuffling Tool (Mathet, Widlöcher, Fort et al. 2012, seed 004; used in the γ
//! paper §6.3): simulated annotators made from a reference annotation by errors of a chosen
//! kind and magnitude `m ∈ [0, 1]`, and sweeps of `m` that show how a measure responds.
//!
//! Error kinds (§3.3 of the paper), for one simulated annotator:
//! - **shift**: each boundary moves by a uniform amount in `[−maxlat, maxlat]`,
//!   `maxlat = mean length of the unit's category · m · x` (x = 2); boundaries that cross are
//!   drawn again. The variant that keeps units apart (the γ paper's §6.3.4) moves every distinct
//!   boundary so (touching units share one, as a segmentation's frontiers) and gives the moved
//!   boundaries back in their original order: no unit comes to overlap another, and a
//!   segmentation stays a segmentation (the paper's §6.3.2);
//! - **false negative**: each unit is dropped with probability `m`;
//! - **false positive**: `round(m · x · N)` units are added (x = 1), with the reference's
//!   category prevalences and per-category length ranges, at uniform positions;
//! - **split**: `round(N · x · m)` times (x = 1) a random unit (fragments included) is cut at
//!   a random inner point;
//! - **category**: each unit's category is redrawn from a confusion matrix interpolated
//!   between the perfect matrix A (m = 0) and the worst, B (the reference's prevalences) or C
//!   (uniform) at m = 1; with overlapping, the matrix D of confusions between "friendly"
//!   categories gets the weight `m·(1 − m)` (zero at both ends, largest at m = ½: the paper's
//!   Figure 1 did not survive, this is our reading of it), taken from the worst matrix's share,
//!   so that the expected accuracy still falls monotonically;
//! - **combination**: several kinds applied in order, each with magnitude `m / n`.
//!
//! Everything is seeded: annotator `a` of set `s` at magnitude step `i` uses its own ChaCha
//! stream of the seed, so sweeps are repeatable and independent of the number of threads.
//!
//! The rooms: [`model`] (statistical reference models), [`reference`](mod@reference) (the
//! reference and its statistics), [`damage`](mod@damage) (the error kinds and one simulated
//! annotator), [`sweep`](mod@sweep) (curves of the measures of [`crate::measure`] against the
//! magnitude), [`calibrate`](mod@calibrate) (a document's γ read off those curves) and
//! [`preset`](mod@preset) (the settings under which the curves are the papers').

pub mod calibrate;
pub mod damage;
pub mod error;
pub mod model;
pub mod preset;
pub mod reference;
pub mod sweep;

#[cfg(test)]
pub(crate) use calibrate::magnitude_for;
pub use calibrate::{
    Calibration, calibrate, calibrate_against, calibrate_gamma, each_annotator_as_reference,
};
pub use damage::{ErrorKind, Factors, MAGNITUDE_RANGE, damage, shuffle};
#[cfg(test)]
pub(crate) use damage::{confusion_matrix, shift_latitude};
pub use error::ShuffleError;
pub use model::{CategoryModel, ReferenceModel};
#[cfg(test)]
pub(crate) use model::{MAX_MODEL_EXTENT, MAX_MODEL_UNITS};
pub use preset::SweepPreset;
pub use reference::Reference;
#[cfg(test)]
pub(crate) use sweep::sweep_runs;
pub use sweep::{
    ANNOTATORS_RANGE, SETS_RANGE, STEP_RANGE, SweepOptions, SweepRow, magnitudes, sweep,
    sweep_controlled, sweep_csv,
};

#[cfg(test)]
mod tests;
