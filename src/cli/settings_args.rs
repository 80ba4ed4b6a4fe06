//! The core's settings as command-line arguments. Every argument here is optional: a missing
//! one keeps the core's default ([`GammaOptions::default`], [`TextGammaOptions::default`]), and
//! a given one is parsed straight into the core's type (its `FromStr`), so the command line
//! never keeps defaults or names of its own, and agrees with the app.

use super::Failure;
use clap::Args;
use gamma_core::alignment::AlignmentError;
use gamma_core::gamma::{GammaError, SampleChoices, SampleCount};
use gamma_core::gamma_cat::GammaCatVariant;
use gamma_core::settings::{Setting, SettingError};
use gamma_core::shuffle::{SweepOptions, SweepPreset};
use gamma_core::{CategoryDissimilarity, CategoryMatrix, CategoryScale, GammaOptions, Preset};
use gamma_core::{SamplerKind, textgamma::sampler::TextGammaOptions};
use std::path::PathBuf;

fn bad(message: impl Into<String>) -> Failure {
    Failure::BadInput(message.into())
}

/// The flag that gives `setting`.
pub fn flag(setting: Setting) -> &'static str {
    match setting {
        Setting::Alpha => "--alpha",
        Setting::Beta => "--beta",
        Setting::DeltaEmpty => "--delta-empty",
        Setting::Samples => "--samples",
        Setting::Precision => "--precision",
        Setting::Confidence => "--confidence",
        Setting::MaxSamples => "--max-samples",
        Setting::TextEditProbability => "--pt",
        Setting::SegmentationProbability => "--ps",
        Setting::Prior => "--prior",
        Setting::TextGap => "--gap-text",
        Setting::BoundaryGap => "--gap-boundary",
        Setting::Magnitude => "--magnitude",
        Setting::Step => "--step",
        Setting::Sets => "--sets",
        Setting::Annotators => "--annotators",
        Setting::ShiftFactor => "--shift-factor",
        Setting::FalsePositiveFactor => "--false-positive-factor",
        Setting::SplitFactor => "--split-factor",
    }
}

/// A setting out of its range, named by its flag.
pub fn setting_failure(error: &SettingError) -> Failure {
    bad(error.worded(flag(error.setting)))
}

/// Why γ could not be computed, in the command line's words: a setting by its flag, a search
/// beyond reach with the flag that accepts a bounded answer; a solver failure or a cancelled
/// run is a failure of the computation, the rest a bad input.
pub fn gamma_failure(error: GammaError) -> Failure {
    if let Some(setting) = error.setting() {
        return setting_failure(setting);
    }
    match error {
        GammaError::Alignment(AlignmentError::Solver(_)) | GammaError::Cancelled => {
            Failure::Computation(error.to_string())
        }
        GammaError::Alignment(AlignmentError::BeyondReach { .. }) => {
            bad(format!("{error} (--bounded)"))
        }
        other => bad(other.to_string()),
    }
}

/// How units compare: what the alignment depends on (shared by `gamma`, `gold`, `evaluate`).
#[derive(Args, Debug, Clone, Default)]
pub struct DissimilarityArgs {
    /// Settings of another tool, applied first: gamma-software (α = 3, its shuffle sampler, x̄
    /// floored) or pygamma (our defaults). Options given with it override it.
    #[arg(long, value_name = "PRESET")]
    pub preset: Option<Preset>,
    /// Weight α of the positional dissimilarity [default: 1].
    #[arg(long)]
    pub alpha: Option<f64>,
    /// Weight β of the categorical dissimilarity [default: 1].
    #[arg(long)]
    pub beta: Option<f64>,
    /// Cost Δ∅ of an empty slot (scales both dissimilarities) [default: 1].
    #[arg(long)]
    pub delta_empty: Option<f64>,
    /// Categorical dissimilarity matrix: header line of categories, then one row per category.
    #[arg(long, value_name = "FILE", conflicts_with = "category_scale")]
    pub category_matrix: Option<PathBuf>,
    /// How categories compare when no matrix is given: nominal, ordinal, numeric, levenshtein
    /// [default: nominal].
    #[arg(long, value_name = "SCALE")]
    pub category_scale: Option<CategoryScale>,
    /// Order of the categories for --category-scale ordinal (comma separated).
    #[arg(long, value_delimiter = ',', value_name = "C1,C2,...")]
    pub category_order: Vec<String>,
}

impl DissimilarityArgs {
    /// The preset (if any), then each option given, applied to `options`.
    pub fn apply(&self, options: &mut GammaOptions) -> Result<(), Failure> {
        if let Some(preset) = self.preset {
            preset.apply(options);
        }
        let d = &mut options.dissimilarity;
        for (given, field) in [
            (self.alpha, &mut d.alpha),
            (self.beta, &mut d.beta),
            (self.delta_empty, &mut d.delta_empty),
        ] {
            if let Some(value) = given {
                *field = value;
            }
        }
        d.check().map_err(|e| setting_failure(&e))?;
        if let Some(path) = &self.category_matrix {
            d.categorical = CategoryDissimilarity::Matrix(
                CategoryMatrix::read(path).map_err(|e| bad(e.to_string()))?,
            );
        }
        if let Some(scale) = self.category_scale {
            d.categorical = scale.dissimilarity(&self.category_order).map_err(|e| {
                bad(format!(
                    "--category-scale {scale}: {e} (--category-order C1,C2,...)"
                ))
            })?;
        }
        Ok(())
    }

    /// The core's defaults with these arguments applied.
    pub fn options(&self) -> Result<GammaOptions, Failure> {
        let mut options = GammaOptions::default();
        self.apply(&mut options)?;
        Ok(options)
    }
}

/// How many random continua (γ) or chance annotations (tγ) to draw (paper §5.3).
#[derive(Args, Debug, Clone, Default)]
pub struct SampleArgs {
    /// Relative precision wanted on the expected disorder [default: 0.02 for γ, 0.01 for tγ].
    #[arg(long)]
    pub precision: Option<f64>,
    /// Confidence of that precision [default: 0.95].
    #[arg(long)]
    pub confidence: Option<f64>,
    /// Draw exactly N samples instead of following --precision.
    #[arg(long, value_name = "N", conflicts_with_all = ["precision", "confidence", "max_samples"])]
    pub samples: Option<usize>,
    /// Upper bound on the number of samples under --precision [default: 5000 for γ, 20000
    /// for tγ].
    #[arg(long, value_name = "N")]
    pub max_samples: Option<usize>,
    /// Seed of the random draws [default: 1]; every result reports it.
    #[arg(long)]
    pub seed: Option<u64>,
}

impl SampleArgs {
    /// `current` (the core's default) with the options given.
    pub fn sample_count(&self, current: SampleCount) -> Result<SampleCount, Failure> {
        let choices = SampleChoices {
            samples: self.samples,
            precision: self.precision,
            confidence: self.confidence,
            max_samples: self.max_samples,
        };
        current
            .with_choices(choices)
            .map_err(|e| setting_failure(&e))
    }

    /// The seed given, or `current` (the core's default).
    pub fn seed(&self, current: u64) -> u64 {
        self.seed.unwrap_or(current)
    }
}

/// Every γ setting: [`DissimilarityArgs`], the sampler, [`SampleArgs`] and γ-cat's variant.
#[derive(Args, Debug, Clone, Default)]
pub struct GammaSettingsArgs {
    #[command(flatten)]
    pub dissimilarity: DissimilarityArgs,
    /// How random continua are drawn for the expected disorder: statistical (units drawn from
    /// the input's statistics), shuffle (paper §5.2.1), corpus (§5.2.2, several files)
    /// [default: statistical].
    #[arg(long, value_name = "SAMPLER")]
    pub sampler: Option<SamplerKind>,
    #[command(flatten)]
    pub samples: SampleArgs,
    /// Definition of γ-cat / γ-k: pygamma (pairs with an empty slot count) or article (only
    /// pairs of two units) [default: pygamma].
    #[arg(long, value_name = "VARIANT")]
    pub gamma_cat_variant: Option<GammaCatVariant>,
    /// When a best alignment is beyond reach (very dense continua), use the best alignment
    /// found and report its proven lower bound and the resulting range of γ, instead of
    /// stopping with an error.
    #[arg(long)]
    pub bounded: bool,
    /// Soft-γ (pygamma-agreement 0.5's): a unit may be in several unitary alignments, so a unit
    /// split by another annotator is matched by both halves instead of left alone.
    #[arg(long)]
    pub soft: bool,
}

impl GammaSettingsArgs {
    /// The core's defaults with these arguments applied.
    pub fn options(&self) -> Result<GammaOptions, Failure> {
        let mut options = self.dissimilarity.options()?;
        if let Some(kind) = self.sampler {
            options.sampler = options.sampler.with_kind(kind);
        }
        options.samples = self.samples.sample_count(options.samples)?;
        options.seed = self.samples.seed(options.seed);
        if let Some(variant) = self.gamma_cat_variant {
            options.gamma_cat_variant = variant;
        }
        if self.bounded {
            options.limits.accept_bounded_answer = true;
        }
        options.soft = self.soft;
        Ok(options)
    }
}

/// What a sweep's curves measure (`sweep`, `calibrate`): a preset, then each option given.
#[derive(Args, Debug, Clone, Default)]
pub struct SweepSettingsArgs {
    /// Settings under which the curves are a paper's or another tool's, applied first: papers
    /// (the γ paper's §6.3: the Gamma Software's γ, α = 3 and its shuffle sampler; splits ×5),
    /// gamma-software (its γ only) or pygamma (our defaults). Options given with it override it.
    #[arg(long, value_name = "PRESET")]
    pub preset: Option<SweepPreset>,
    /// Weight α of γ's positional dissimilarity [default: 1].
    #[arg(long)]
    pub alpha: Option<f64>,
    /// Weight β of γ's categorical dissimilarity [default: 1].
    #[arg(long)]
    pub beta: Option<f64>,
    /// γ's cost Δ∅ of an empty slot [default: 1].
    #[arg(long)]
    pub delta_empty: Option<f64>,
    /// How γ draws random continua: statistical or shuffle (paper §5.2.1) [default:
    /// statistical].
    #[arg(long, value_name = "SAMPLER")]
    pub sampler: Option<SamplerKind>,
}

impl SweepSettingsArgs {
    /// The preset (if any), then each option given, applied to `options`.
    pub fn apply(&self, options: &mut SweepOptions) -> Result<(), Failure> {
        if let Some(preset) = self.preset {
            preset.apply(options);
        }
        DissimilarityArgs {
            alpha: self.alpha,
            beta: self.beta,
            delta_empty: self.delta_empty,
            ..DissimilarityArgs::default()
        }
        .apply(&mut options.gamma)?;
        match self.sampler {
            Some(SamplerKind::Corpus) => {
                return Err(bad(
                    "--sampler corpus needs several documents; each set of a sweep is one",
                ));
            }
            Some(kind) => options.gamma.sampler = options.gamma.sampler.with_kind(kind),
            None => {}
        }
        Ok(())
    }
}

/// The sample count and seed of tγ (its other settings are in `textgamma`'s arguments).
pub fn text_gamma_samples(
    args: &SampleArgs,
    options: &mut TextGammaOptions,
) -> Result<(), Failure> {
    options.samples = args.sample_count(options.samples)?;
    options.seed = args.seed(options.seed);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Probe {
        #[command(flatten)]
        settings: GammaSettingsArgs,
    }

    fn options(args: &[&str]) -> Result<GammaOptions, Failure> {
        let probe = Probe::try_parse_from(std::iter::once("probe").chain(args.iter().copied()))
            .map_err(|e| bad(e.to_string()))?;
        probe.settings.options()
    }

    #[test]
    fn the_app_and_the_command_line_have_the_same_defaults() {
        use crate::cli::{Cli, Command};
        let app = crate::app::measure::settings::Settings::default();
        let Ok(Cli {
            command: Some(Command::Gamma(gamma)),
            ..
        }) = Cli::try_parse_from(["gamma-studio", "gamma", "doc.csv"])
        else {
            panic!("`gamma doc.csv` parses")
        };
        assert_eq!(gamma.options().unwrap(), app.gamma_options());
        let Ok(Cli {
            command: Some(Command::Textgamma(textgamma)),
            ..
        }) = Cli::try_parse_from(["gamma-studio", "textgamma", "a.xml", "b.xml"])
        else {
            panic!("`textgamma a.xml b.xml` parses")
        };
        assert_eq!(textgamma.options().unwrap(), app.text_gamma_options());
        assert_eq!(app.gamma_options().seed, gamma_core::DEFAULT_SEED);
    }

    fn refusal(args: &[&str]) -> String {
        match options(args) {
            Err(Failure::BadInput(message)) => message,
            other => panic!("{args:?} should be refused, got {other:?}"),
        }
    }

    /// The values the app and Python refuse (src/app/measure/settings.rs,
    /// python/tests/test_settings.py) are refused here by the core's check, named by their flag.
    #[test]
    fn the_command_line_refuses_what_the_core_refuses_with_its_flags() {
        assert_eq!(
            refusal(&["--delta-empty", "0"]),
            "--delta-empty must be greater than 0 and at most 1e6 (got 0)"
        );
        assert_eq!(
            refusal(&["--precision", "1.5"]),
            "--precision must be strictly between 0 and 1 (got 1.5)"
        );
        assert_eq!(
            refusal(&["--confidence", "0"]),
            "--confidence must be strictly between 0 and 1 (got 0)"
        );
        assert_eq!(
            refusal(&["--alpha=-1"]),
            "--alpha must be a number from 0 to 1e6 (got -1)"
        );
        assert_eq!(
            refusal(&["--samples", "0"]),
            "--samples must be from 1 to 1000000 (got 0)"
        );
    }

    #[test]
    fn no_argument_gives_the_core_defaults() {
        assert_eq!(options(&[]).unwrap(), GammaOptions::default());
    }

    #[test]
    fn an_option_given_after_a_preset_overrides_it() {
        let o = options(&[
            "--preset",
            "gamma-software",
            "--alpha",
            "2",
            "--sampler",
            "shuffle",
        ])
        .unwrap();
        let preset = Preset::GammaSoftware.options();
        assert_eq!(o.dissimilarity.alpha, 2.0);
        // "shuffle" keeps the preset's own shuffle variant.
        assert_eq!(o.sampler, preset.sampler);
        assert_eq!(o.mean_units_rule, preset.mean_units_rule);
    }

    #[test]
    fn names_are_the_core_names_and_nonsense_is_refused() {
        let o = options(&[
            "--category-scale",
            "levenshtein",
            "--gamma-cat-variant",
            "article",
            "--seed",
            "9",
        ])
        .unwrap();
        assert_eq!(
            o.dissimilarity.categorical,
            CategoryDissimilarity::Levenshtein
        );
        assert_eq!(o.gamma_cat_variant, GammaCatVariant::Article);
        assert_eq!(o.seed, 9);
        assert!(options(&["--sampler", "shufle"]).is_err());
        assert!(options(&["--category-scale", "ordinal"]).is_err());
        assert!(options(&["--alpha", "NaN"]).is_err());
        assert!(options(&["--delta-empty", "1e155"]).is_err());
        assert!(options(&["--max-samples", "0"]).is_err());
        assert!(options(&["--precision", "0"]).is_err());
        assert_eq!(
            options(&["--samples", "40"]).unwrap().samples,
            SampleCount::Fixed(40)
        );
    }
}
