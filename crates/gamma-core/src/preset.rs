//! Presets: the settings of other tools, so that a user can reproduce the numbers they give.

use crate::disorder::MeanUnitsRule;
use crate::dissimilarity::Dissimilarity;
use crate::gamma::GammaOptions;
use crate::gamma_cat::GammaCatVariant;
use crate::sampler::{PivotDistance, Sampler};

/// Settings of another tool, applied to [`GammaOptions`] before the user's own choices (an
/// explicit α after a preset wins, in the command line and the app alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// The original (Java) Gamma Software: α = 3, the shuffle sampler with half the mean unit
    /// length between pivots and integer pivots, `x̄` floored.
    GammaSoftware,
    /// pygamma-agreement 0.5.9's library: α = β = Δ∅ = 1, nominal categories, the statistical
    /// sampler, real `x̄`, its γ-cat variant (our defaults).
    Pygamma,
}

impl Preset {
    /// What the preset sets, in a sentence for a tooltip or `--help`.
    pub fn description(self) -> &'static str {
        match self {
            Preset::GammaSoftware => {
                "the Java Gamma Software: α = 3, shuffle sampler (half the mean length between \
                 integer pivots), x̄ floored"
            }
            Preset::Pygamma => {
                "pygamma-agreement: α = β = Δ∅ = 1, nominal categories, statistical sampler, \
                 real x̄"
            }
        }
    }

    /// Sets the preset's fields of `options` (the measure's definition: dissimilarity
    /// weights, sampler, `x̄` rule, γ-cat variant); the sample count and seed stay.
    pub fn apply(self, options: &mut GammaOptions) {
        let categorical = std::mem::take(&mut options.dissimilarity.categorical);
        options.dissimilarity = Dissimilarity {
            categorical,
            ..Dissimilarity::default()
        };
        options.gamma_cat_variant = GammaCatVariant::Pygamma;
        match self {
            Preset::GammaSoftware => {
                options.dissimilarity.alpha = 3.0;
                options.sampler = Sampler::Shuffle {
                    min_pivot_distance: PivotDistance::HalfMeanLength,
                    integer_pivots: true,
                };
                options.mean_units_rule = MeanUnitsRule::Floored;
            }
            Preset::Pygamma => {
                options.sampler = Sampler::Statistical;
                options.mean_units_rule = MeanUnitsRule::Exact;
            }
        }
    }

    /// The defaults with this preset applied.
    pub fn options(self) -> GammaOptions {
        let mut options = GammaOptions::default();
        self.apply(&mut options);
        options
    }

    /// The preset whose fields `options` have, if any (what the app shows as chosen).
    pub fn matching(options: &GammaOptions) -> Option<Preset> {
        Preset::ALL.into_iter().find(|preset| {
            let mut applied = options.clone();
            preset.apply(&mut applied);
            applied == *options
        })
    }
}

crate::named_choices! {
    Preset, "preset", dash_or_underscore;
    GammaSoftware => "gamma-software",
    Pygamma => "pygamma",
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dissimilarity::CategoryScale;
    use crate::gamma_cat::GammaCatVariant;
    use crate::sampler::SamplerKind;

    #[test]
    fn names_round_trip_and_unknown_names_list_the_choices() {
        for preset in Preset::ALL {
            assert_eq!(preset.to_string().parse::<Preset>(), Ok(preset));
        }
        for kind in SamplerKind::ALL {
            assert_eq!(kind.to_string().parse::<SamplerKind>(), Ok(kind));
        }
        for scale in CategoryScale::ALL {
            assert_eq!(scale.to_string().parse::<CategoryScale>(), Ok(scale));
        }
        for variant in GammaCatVariant::ALL {
            assert_eq!(variant.to_string().parse::<GammaCatVariant>(), Ok(variant));
        }
        assert_eq!(
            "Gamma_Software".parse::<Preset>(),
            Ok(Preset::GammaSoftware)
        );
        let error = "shufle".parse::<SamplerKind>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown sampler \"shufle\": expected one of statistical, shuffle, corpus"
        );
    }

    #[test]
    fn presets_set_the_other_tools_definitions_and_are_recognised() {
        let mut options = GammaOptions::default();
        assert_eq!(Preset::matching(&options), Some(Preset::Pygamma));
        Preset::GammaSoftware.apply(&mut options);
        assert_eq!(options.dissimilarity.alpha, 3.0);
        assert_eq!(options.mean_units_rule, MeanUnitsRule::Floored);
        assert_eq!(Preset::matching(&options), Some(Preset::GammaSoftware));
        // A change after the preset is the user's own: no preset matches any more.
        options.dissimilarity.alpha = 2.0;
        assert_eq!(Preset::matching(&options), None);
        // The sample count and the seed are not the preset's.
        options.seed = 7;
        Preset::Pygamma.apply(&mut options);
        assert_eq!(options.seed, 7);
        assert_eq!(Preset::matching(&options), Some(Preset::Pygamma));
    }

    #[test]
    fn options_survive_a_json_round_trip_and_missing_fields_take_the_defaults() {
        let mut options = GammaOptions::default();
        Preset::GammaSoftware.apply(&mut options);
        options.dissimilarity.categorical = CategoryScale::Ordinal
            .dissimilarity(&["a".into(), "b".into()])
            .unwrap();
        let json = serde_json::to_string(&options).unwrap();
        assert_eq!(
            serde_json::from_str::<GammaOptions>(&json).unwrap(),
            options
        );
        let partial: GammaOptions = serde_json::from_str(r#"{"seed": 9}"#).unwrap();
        assert_eq!(
            partial,
            GammaOptions {
                seed: 9,
                ..GammaOptions::default()
            }
        );
    }
}
