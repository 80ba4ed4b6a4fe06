//! How many random continua the expected disorder is estimated from (paper §5.3): enough for a
//! precision asked with a confidence, or a fixed count; the ranges every front end checks
//! through the core.

use crate::settings::{Range, Setting, SettingError};

/// How many random continua to draw.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SampleCount {
    /// §5.3: enough samples for `D_e` to be within `precision` (relative) of its true value
    /// with probability `confidence`; at least 30, at most `max_samples`.
    Precision {
        /// Relative precision wanted on the expected disorder.
        precision: f64,
        /// Probability of reaching that precision.
        confidence: f64,
        /// Upper bound on the number of samples.
        max_samples: usize,
    },
    /// Exactly this many samples.
    Fixed(usize),
}

impl Default for SampleCount {
    fn default() -> Self {
        SampleCount::Precision {
            precision: 0.02,
            confidence: 0.95,
            max_samples: 5000,
        }
    }
}

/// The sample count a user chose: each `None` keeps the current value (the command line's and
/// the Python package's options are these, checked here once).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SampleChoices {
    /// Exactly this many samples (at least 1), instead of the precision rule.
    pub samples: Option<usize>,
    /// Relative precision wanted on the expected disorder, strictly between 0 and 1.
    pub precision: Option<f64>,
    /// Confidence of that precision, strictly between 0 and 1.
    pub confidence: Option<f64>,
    /// Upper bound of the precision rule (at least 1).
    pub max_samples: Option<usize>,
}

/// The values of [`SampleChoices::precision`] and [`SampleChoices::confidence`].
pub const UNIT_INTERVAL: Range = Range::open(0.0, 1.0);

/// The values of a fixed sample count and of the precision rule's upper bound: each sample is
/// a whole alignment, so at most [`MAX_SAMPLES`].
pub const SAMPLES_RANGE: Range = Range::closed(1.0, MAX_SAMPLES as f64);

impl SampleCount {
    /// The confidence of the interval and of the precision reported (0.95 with a fixed count).
    pub fn confidence(&self) -> f64 {
        match self {
            SampleCount::Precision { confidence, .. } => *confidence,
            SampleCount::Fixed(_) => 0.95,
        }
    }

    /// Whether every value is in its range ([`SAMPLES_RANGE`], [`UNIT_INTERVAL`]): the one
    /// check of the sample count, which every front end calls.
    pub fn check(&self) -> Result<(), SettingError> {
        match *self {
            SampleCount::Fixed(n) => SAMPLES_RANGE.check_count(Setting::Samples, n as u64),
            SampleCount::Precision {
                precision,
                confidence,
                max_samples,
            } => {
                UNIT_INTERVAL.check(Setting::Precision, precision)?;
                UNIT_INTERVAL.check(Setting::Confidence, confidence)?;
                SAMPLES_RANGE.check_count(Setting::MaxSamples, max_samples as u64)
            }
        }
    }

    /// This sample count with the user's choices, checked: a fixed count replaces the precision
    /// rule; otherwise each value given replaces the rule's (a fixed count stays fixed).
    pub fn with_choices(self, choices: SampleChoices) -> Result<SampleCount, SettingError> {
        let chosen = match (choices.samples, self) {
            (Some(n), _) => SampleCount::Fixed(n),
            (
                None,
                SampleCount::Precision {
                    precision,
                    confidence,
                    max_samples,
                },
            ) => SampleCount::Precision {
                precision: choices.precision.unwrap_or(precision),
                confidence: choices.confidence.unwrap_or(confidence),
                max_samples: choices.max_samples.unwrap_or(max_samples),
            },
            (None, fixed) => fixed,
        };
        chosen.check()?;
        Ok(chosen)
    }
}

/// The most random continua one run may draw (fixed, or as the bound of the §5.3 rule).
pub const MAX_SAMPLES: usize = 1_000_000;
