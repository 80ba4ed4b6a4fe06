//! What can go wrong when shuffling, sweeping or calibrating.

/// Why a shuffle cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ShuffleError {
    /// The reference annotation (or annotator) has no unit to damage.
    #[error("the reference has no unit")]
    EmptyReference,
    /// A statistical reference model that cannot generate a reference.
    #[error("reference model: {0}")]
    Model(String),
    /// A setting outside its range: the magnitude, a factor, the step, the sets, the
    /// annotators.
    #[error(transparent)]
    Setting(#[from] crate::settings::SettingError),
    /// The run was cancelled (by the app's Cancel button).
    #[error("cancelled")]
    Cancelled,
    /// A calibration without a reference to simulate annotators from.
    #[error("no reference to simulate annotators from")]
    NoReference,
    /// A document none of whose annotators has a unit to serve as the reference.
    #[error("no annotator has a unit to serve as the reference")]
    NoAnnotatorWithUnits,
    /// The γ of the document calibrated could not be measured.
    #[error(transparent)]
    Gamma(#[from] crate::gamma::GammaError),
}
