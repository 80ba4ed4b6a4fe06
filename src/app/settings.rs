//! The measure settings the user edits in the app: the core's own option types
//! ([`GammaOptions`], [`TextGammaOptions`]) with their defaults, so that the app and the
//! command line compute the same thing for the same choices; and the categories left out of
//! the measure, which the command line gives as `--exclude-category`.

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

/// The settings the user edits.
#[derive(Debug, Clone, PartialEq, Default)]
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
}

impl Settings {
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
        .map_err(|e| setting_words(&e))
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
