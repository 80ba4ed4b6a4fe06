//! The measure settings the user edits in the app: the core's own option types
//! ([`GammaOptions`], [`TextGammaOptions`]) with their defaults, so that the app and the
//! command line compute the same thing for the same choices; and the categories left out of
//! the measure, which the command line gives as `--exclude-category`.

use crate::app::errors::AppError;
use gamma_core::bootstrap::BootstrapOptions;
use gamma_core::gamma::{GammaOptions, SampleCount};
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

impl Settings {
    /// The core's check of the measure chosen, in the app's words: what a run would refuse
    /// (values come from the widgets' ranges, and from session files that may hold any).
    pub fn check(&self) -> Result<(), AppError> {
        match self.measure {
            AgreementMeasure::Gamma => self.gamma.check(),
            AgreementMeasure::TextGamma => self.text_gamma.check(),
        }?;
        match self.measure {
            AgreementMeasure::Gamma => Ok(self.bootstrap_options().check()?),
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
        let check = |s: &Settings| s.check().map_err(|e| e.to_string());
        assert_eq!(check(&settings), Ok(()));
        settings.gamma.dissimilarity.delta_empty = 0.0;
        assert_eq!(
            check(&settings),
            Err("Δ∅ (empty slot) must be greater than 0 and at most 1e6 (got 0)".into())
        );
        settings.gamma.dissimilarity.delta_empty = 1.0;
        settings.gamma.samples = SampleCount::Precision {
            precision: 1.5,
            confidence: 0.95,
            max_samples: 10,
        };
        assert_eq!(
            check(&settings),
            Err("precision must be strictly between 0 and 1 (got 1.5)".into())
        );
        settings.gamma.samples = SampleCount::Precision {
            precision: 0.02,
            confidence: 0.0,
            max_samples: 10,
        };
        assert_eq!(
            check(&settings),
            Err("confidence must be strictly between 0 and 1 (got 0)".into())
        );
        settings.gamma.samples = SampleCount::default();
        settings.bootstrap_replicates = 1;
        assert_eq!(
            check(&settings),
            Err("bootstrap replicates must be from 2 to 1000000 (got 1)".into())
        );
        settings.measure = AgreementMeasure::TextGamma;
        settings.text_gamma.probabilities = Probabilities::Given {
            p_text: 1.5,
            p_segmentation: 0.1,
        };
        assert_eq!(
            check(&settings),
            Err("p_t (text edits) must be a number from 0 to 1 (got 1.5)".into())
        );
    }
}
