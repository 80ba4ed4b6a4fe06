//! Sweep presets: the settings under which a sweep's curves are those a paper or another tool
//! reports (γ's definition and the errors' `x` factors), applied to [`SweepOptions`] before the
//! user's own choices, as the γ [`Preset`]s are.

use super::damage::Factors;
use super::sweep::SweepOptions;
use crate::preset::Preset;

/// The settings of a paper's or another tool's sweeps. They set what the curves measure (γ's
/// dissimilarity, sampler and `x̄` rule; the errors' factors), never how many sets, which
/// magnitudes, annotators or seed: those stay the user's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SweepPreset {
    /// The γ paper's experiments (§6.3, made with the authors' Corpus Shuffling Tool and Gamma
    /// Software): γ as the Gamma Software computes it ([`Preset::GammaSoftware`]: α = 3, its
    /// shuffle sampler, `x̄` floored), shifts of up to the category's mean length · m · 2, and
    /// up to five splits per reference unit (the paper's Figure 27).
    Papers,
    /// γ as the Gamma Software computes it, with the Corpus Shuffling Tool's factors (seed 004:
    /// shift 2, false positives 1, splits 1).
    GammaSoftware,
    /// γ as pygamma-agreement computes it (our defaults), with the Corpus Shuffling Tool's
    /// factors: the default sweep.
    Pygamma,
}

impl SweepPreset {
    /// What the preset sets, in a sentence for a tooltip or `--help`.
    pub fn description(self) -> &'static str {
        match self {
            SweepPreset::Papers => {
                "the γ paper's §6.3: the Gamma Software's γ (α = 3, shuffle sampler, x̄ floored), \
                 shifts ×2, splits ×5"
            }
            SweepPreset::GammaSoftware => {
                "the Gamma Software's γ (α = 3, shuffle sampler, x̄ floored), the shuffling \
                 tool's factors"
            }
            SweepPreset::Pygamma => {
                "pygamma-agreement's γ (our defaults), the shuffling tool's factors"
            }
        }
    }

    /// The γ preset the sweep computes γ with.
    pub(crate) fn gamma_preset(self) -> Preset {
        match self {
            SweepPreset::Papers | SweepPreset::GammaSoftware => Preset::GammaSoftware,
            SweepPreset::Pygamma => Preset::Pygamma,
        }
    }

    /// The errors' `x` factors.
    pub fn factors(self) -> Factors {
        match self {
            SweepPreset::Papers => Factors {
                split: 5.0,
                ..Factors::default()
            },
            SweepPreset::GammaSoftware | SweepPreset::Pygamma => Factors::default(),
        }
    }

    /// Sets the preset's fields of `options`: γ's definition (see [`Preset::apply`]) and the
    /// factors; the errors, measures, step, sets, annotators, seeds and sample count stay.
    pub fn apply(self, options: &mut SweepOptions) {
        self.gamma_preset().apply(&mut options.gamma);
        options.factors = self.factors();
    }

    /// The default sweep with this preset applied.
    pub fn options(self) -> SweepOptions {
        let mut options = SweepOptions::default();
        self.apply(&mut options);
        options
    }

    /// The preset whose fields `options` have, if any (what the app shows as chosen).
    pub fn matching(options: &SweepOptions) -> Option<SweepPreset> {
        SweepPreset::ALL.into_iter().find(|preset| {
            let mut applied = options.clone();
            preset.apply(&mut applied);
            applied == *options
        })
    }
}

crate::named_choices! {
    SweepPreset, "sweep preset", dash_or_underscore;
    Papers => "papers",
    GammaSoftware => "gamma-software",
    Pygamma => "pygamma",
}
