//! The measure settings the user edits in the app: the core's own option types
//! ([`GammaOptions`], [`TextGammaOptions`]) with their defaults, so that the app and the
//! command line compute the same thing for the same choices; and the categories left out of
//! the measure, which the command line gives as `--exclude-category`.

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
