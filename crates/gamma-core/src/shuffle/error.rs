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
    /// A magnitude outside `[0, 1]`.
    #[error("magnitude {0} is not between 0 and 1")]
    Magnitude(f64),
    /// Sweep settings outside their range (the setting, the value and the range).
    #[error("{0}")]
    Settings(String),
    /// The run was cancelled (by the app's Cancel button).
    #[error("cancelled")]
    Cancelled,
}
