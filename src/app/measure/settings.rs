//! The measure settings the user edits in the app: the core's own option types
//! ([`GammaOptions`], [`TextGammaOptions`]) with their defaults, so that the app and the
//! command line compute the same thing for the same choices; and the categories left out of
//! the measure, which the command line gives as `--exclude-category`.

use gamma_core::bootstrap::{
    BootstrapError, BootstrapOptions, MAX_REPLICATES, MIN_UNITS_PER_STRETCH, ResamplingUnit,
};
use gamma_core::gamma::{GammaError, GammaOptions, SampleCount};
use gamma_core::settings::{Setting, SettingError};
use gamma_core::textgamma::TextGammaError;
use gamma_core::textgamma::sampler::TextGammaOptions;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Which agreement measure the app computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AgreementMeasure {
    /// γ (Mathet et al. 2015).
    #[default]
    Gamma,
    /// tγ (Barteld et al. 2016), for CorA-XML documents whose annotators also corrected tokens
    /// and transcriptions; other documents get γ.
    TextGamma,
}

/// The annotation tγ's chance model perturbs (the core's `text_gamma` takes it beside its
/// options, as the command line's `--base`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum TextGammaBase {
    /// Each annotator's annotation in turn.
    #[default]
    EachInTurn,
    /// This annotator's annotation (its text and tokens).
    Annotator(String),
    /// A pre-annotation the annotators corrected: a CorA-XML file, read in the job.
    File(PathBuf),
}

/// The replicates of the bootstrap's confidence interval unless the user asks for others (the
/// report's).
pub const DEFAULT_REPLICATES: usize = 1000;

/// The settings the user edits.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// γ or tγ.
    pub measure: AgreementMeasure,
    /// Every γ setting (the app always asks for γ-cat and γ-k: the core's default).
    pub gamma: GammaOptions,
    /// Every tγ setting.
    pub text_gamma: TextGammaOptions,
    /// The file the category matrix of `gamma` was loaded from (`None`: none, or edited).
    pub matrix_file: Option<PathBuf>,
    /// Which annotation tγ's chance model perturbs.
    pub text_gamma_base: TextGammaBase,
    /// Layers tγ leaves out when it compares paired tokens (all compared when empty).
    pub text_gamma_excluded_layers: BTreeSet<String>,
    /// Categories left out of γ: their units are dropped before measuring (the core's
    /// `Continuum::filter_categories`, as the command line's `--exclude-category`).
    pub excluded_categories: BTreeSet<String>,
    /// Replicates of the bootstrap's 95 % confidence interval of γ (seeded by γ's seed).
    pub bootstrap_replicates: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            measure: AgreementMeasure::default(),
            gamma: GammaOptions::default(),
            text_gamma: TextGammaOptions::default(),
            matrix_file: None,
            text_gamma_base: TextGammaBase::default(),
            text_gamma_excluded_layers: BTreeSet::new(),
            excluded_categories: BTreeSet::new(),
            bootstrap_replicates: DEFAULT_REPLICATES,
        }
    }
}

impl Settings {
    /// The bootstrap of γ's 95 % confidence interval: the replicates chosen, γ's seed.
    pub fn bootstrap_options(&self) -> BootstrapOptions {
        BootstrapOptions {
            replicates: self.bootstrap_replicates,
            level: 0.95,
            seed: self.gamma.seed,
        }
    }

    /// The tγ options.
    pub fn text_gamma_options(&self) -> TextGammaOptions {
        self.text_gamma.clone()
    }

    /// The γ options.
    pub fn gamma_options(&self) -> GammaOptions {
        self.gamma.clone()
    }

    /// The sample count and seed of the measure chosen (the settings panel edits these).
    pub fn sampling_mut(&mut self) -> (&mut SampleCount, &mut u64) {
        match self.measure {
            AgreementMeasure::Gamma => (&mut self.gamma.samples, &mut self.gamma.seed),
            AgreementMeasure::TextGamma => {
                (&mut self.text_gamma.samples, &mut self.text_gamma.seed)
            }
        }
    }
}

/// What the app's panels call `setting` (the settings panel's, tγ's and the shuffling
/// panel's labels).
pub fn setting_label(setting: Setting) -> &'static str {
    match setting {
        Setting::Alpha => "α (positional)",
        Setting::Beta => "β (categorical)",
        Setting::DeltaEmpty => "Δ∅ (empty slot)",
        Setting::Samples => "samples",
        Setting::Precision => "precision",
        Setting::Confidence => "confidence",
        Setting::MaxSamples => "the most samples",
        Setting::TextEditProbability => "p_t (text edits)",
        Setting::SegmentationProbability => "p_s (splits, merges)",
        Setting::Prior => "the prior's a, b",
        Setting::TextGap => "the text gap cost",
        Setting::BoundaryGap => "the boundary gap cost",
        Setting::Magnitude => "magnitude",
        Setting::Step => "magnitude step",
        Setting::Sets => "sets per magnitude",
        Setting::Annotators => "simulated annotators",
        Setting::ShiftFactor => "shift factor",
        Setting::FalsePositiveFactor => "false-positive factor",
        Setting::SplitFactor => "split factor",
    }
}

/// A setting out of its range, in the app's words.
pub fn setting_words(error: &SettingError) -> String {
    error.worded(setting_label(error.setting))
}

/// Why γ could not be computed, in the app's words (a setting by its label).
pub fn gamma_error_words(error: &GammaError) -> String {
    match error.setting() {
        Some(setting) => setting_words(setting),
        None => error.to_string(),
    }
}

/// Why the bootstrap made no confidence interval, in the app's words.
pub fn bootstrap_error_words(error: &BootstrapError) -> String {
    match error {
        BootstrapError::Replicates(n) => {
            format!("bootstrap replicates must be from 2 to {MAX_REPLICATES} (got {n})")
        }
        BootstrapError::TooFewUnits {
            unit: ResamplingUnit::Stretches,
            found,
        } => format!(
            "none: the text has {found} stretch(es) that no alignment crosses with at least {MIN_UNITS_PER_STRETCH} units each, and a bootstrap needs 2"
        ),
        BootstrapError::TooFewUnits {
            unit: ResamplingUnit::Documents,
            found,
        } => format!("none: {found} document(s), and a bootstrap needs 2"),
        other => other.to_string(),
    }
}

/// Why tγ could not be computed, in the app's words (a setting by its label).
pub fn text_gamma_error_words(error: &TextGammaError) -> String {
    match error {
        TextGammaError::Setting(setting) => setting_words(setting),
        other => other.to_string(),
    }
}

impl Settings {
    /// The core's check of the measure chosen, in the app's words: what a run would refuse
    /// (values come from the widgets' ranges, and from session files that may hold any).
    pub fn check(&self) -> Result<(), String> {
        match self.measure {
            AgreementMeasure::Gamma => self.gamma.check(),
            AgreementMeasure::TextGamma => self.text_gamma.check(),
        }
        .map_err(|e| setting_words(&e))?;
        match self.measure {
            AgreementMeasure::Gamma => {
                (self.bootstrap_options().check()).map_err(|e| bootstrap_error_words(&e))
            }
            AgreementMeasure::TextGamma => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamma_core::textgamma::sampler::Probabilities;

    /// The values the command line and Python refuse (tests/cli_settings.rs,
    /// python/tests/test_settings.py) are refused here, named as the panels name them.
    #[test]
    fn the_app_refuses_what_the_core_refuses_in_its_own_words() {
        let mut settings = Settings::default();
        assert_eq!(settings.check(), Ok(()));
        settings.gamma.dissimilarity.delta_empty = 0.0;
        assert_eq!(
            settings.check(),
            Err("Δ∅ (empty slot) must be greater than 0 and at most 1e6 (got 0)".into())
        );
        settings.gamma.dissimilarity.delta_empty = 1.0;
        settings.gamma.samples = SampleCount::Precision {
            precision: 1.5,
            confidence: 0.95,
            max_samples: 10,
        };
        assert_eq!(
            settings.check(),
            Err("precision must be strictly between 0 and 1 (got 1.5)".into())
        );
        settings.gamma.samples = SampleCount::Precision {
            precision: 0.02,
            confidence: 0.0,
            max_samples: 10,
        };
        assert_eq!(
            settings.check(),
            Err("confidence must be strictly between 0 and 1 (got 0)".into())
        );
        settings.gamma.samples = SampleCount::default();
        settings.bootstrap_replicates = 1;
        assert_eq!(
            settings.check(),
            Err("bootstrap replicates must be from 2 to 1000000 (got 1)".into())
        );
        settings.measure = AgreementMeasure::TextGamma;
        settings.text_gamma.probabilities = Probabilities::Given {
            p_text: 1.5,
            p_segmentation: 0.1,
        };
        assert_eq!(
            settings.check(),
            Err("p_t (text edits) must be a number from 0 to 1 (got 1.5)".into())
        );
    }
}
