//! The measure settings the user edits in the app.

use gamma_studio::gamma::GammaOptions;
use gamma_studio::textgamma::sampler::TextGammaOptions;
use gamma_studio::{CategoryDissimilarity, CategoryMatrix, PivotDistance, SampleCount, Sampler};
use std::path::PathBuf;

/// How random continua are drawn (see the γ paper §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SamplerChoice {
    Statistical,
    Shuffle,
}

/// How categories compare.
#[derive(Debug, Clone, PartialEq)]
pub enum CategoryChoice {
    Nominal,
    Levenshtein,
    Matrix {
        matrix: CategoryMatrix,
        from: PathBuf,
    },
}

/// Which agreement measure the app computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// γ (Mathet et al. 2015).
    Gamma,
    /// tγ (Barteld et al. 2016), for CorA-XML documents whose annotators also corrected tokens
    /// and transcriptions; other documents get γ.
    TextGamma,
}

/// The γ settings the user edits.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub measure: Measure,
    pub alpha: f64,
    pub beta: f64,
    pub delta_empty: f64,
    pub categories: CategoryChoice,
    pub sampler: SamplerChoice,
    pub precision: f64,
    pub confidence: f64,
    pub seed: u64,
    /// The Java Gamma Software's settings (α = 3, its shuffle sampler, x̄ floored).
    pub gamma_software_preset: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            measure: Measure::Gamma,
            alpha: 1.0,
            beta: 1.0,
            delta_empty: 1.0,
            categories: CategoryChoice::Nominal,
            sampler: SamplerChoice::Statistical,
            precision: 0.02,
            confidence: 0.95,
            seed: 1,
            gamma_software_preset: false,
        }
    }
}

impl Settings {
    /// tγ options: the chance model's probabilities estimated from the annotators, the same
    /// precision, confidence and seed as γ.
    pub fn text_gamma_options(&self) -> TextGammaOptions {
        TextGammaOptions {
            samples: SampleCount::Precision {
                precision: self.precision,
                confidence: self.confidence,
                max_samples: 5000,
            },
            seed: Some(self.seed),
            ..TextGammaOptions::default()
        }
    }

    pub fn gamma_options(&self) -> GammaOptions {
        let mut options = if self.gamma_software_preset {
            GammaOptions::gamma_software()
        } else {
            let mut options = GammaOptions {
                sampler: match self.sampler {
                    SamplerChoice::Statistical => Sampler::Statistical,
                    SamplerChoice::Shuffle => Sampler::Shuffle {
                        min_pivot_distance: PivotDistance::MeanLength,
                        integer_pivots: false,
                    },
                },
                ..GammaOptions::default()
            };
            options.dissimilarity.alpha = self.alpha;
            options
        };
        options.dissimilarity.beta = self.beta;
        options.dissimilarity.delta_empty = self.delta_empty;
        options.dissimilarity.categorical = match &self.categories {
            CategoryChoice::Nominal => CategoryDissimilarity::Nominal,
            CategoryChoice::Levenshtein => CategoryDissimilarity::Levenshtein,
            CategoryChoice::Matrix { matrix, .. } => CategoryDissimilarity::Matrix(matrix.clone()),
        };
        options.samples = SampleCount::Precision {
            precision: self.precision,
            confidence: self.confidence,
            max_samples: 5000,
        };
        options.seed = Some(self.seed);
        options.categorical_gammas = true;
        options
    }
}
