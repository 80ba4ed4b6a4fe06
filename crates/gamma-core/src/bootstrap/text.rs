//! The bootstrap confidence interval of tγ for two annotators: their texts are aligned in
//! order (a monotone alignment), so the unitary alignments, in text order, can be cut between
//! any two of them without cutting a pairing. Stretches of consecutive unitary alignments of at
//! least [`MIN_UNITS_PER_STRETCH`] units are resampled as γ's stretches are (module doc of
//! [`super`]): `D_o* = Σ δ / x̄*` over the drawn stretches, `D_e*` the mean of the chance
//! annotations resampled, and the expanded percentile interval.

use super::{
    BootstrapError, BootstrapOptions, ConfidenceInterval, MIN_UNITS_PER_STRETCH, ResamplingUnit,
    check, expanded_level, percentile_interval,
};
use crate::gamma::gamma_from;
use crate::textgamma::{PairAlignment, TextGammaResult};
use rand::RngExt;
use std::collections::BTreeMap;

/// A stretch: the sum of its unitary alignments' dissimilarities and its units.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Stretch {
    disorder: f64,
    units: usize,
}

/// The stretches of a pair alignment, in text order; a short tail joins the stretch before it.
fn stretches(pair: &PairAlignment) -> Vec<Stretch> {
    let mut out: Vec<Stretch> = Vec::new();
    let mut current = Stretch {
        disorder: 0.0,
        units: 0,
    };
    for &(first, second, dissimilarity) in &pair.units {
        current.disorder += dissimilarity;
        current.units += usize::from(first.is_some()) + usize::from(second.is_some());
        if current.units >= MIN_UNITS_PER_STRETCH {
            out.push(current);
            current = Stretch {
                disorder: 0.0,
                units: 0,
            };
        }
    }
    if current.units > 0 {
        match out.last_mut() {
            Some(last) => {
                last.disorder += current.disorder;
                last.units += current.units;
            }
            None => out.push(current),
        }
    }
    out
}

/// The bootstrap confidence interval of a tγ result of two annotators (see the module doc).
pub fn bootstrap_text_gamma(
    result: &TextGammaResult,
    options: &BootstrapOptions,
) -> Result<ConfidenceInterval, BootstrapError> {
    let mut rng = check(options)?;
    let [pair] = result.observed.pairs.as_slice() else {
        // n annotators make n (n − 1) / 2 pairs.
        let pairs = result.observed.pairs.len() as f64;
        let annotators = ((1.0 + (1.0 + 8.0 * pairs).sqrt()) / 2.0).round() as usize;
        return Err(BootstrapError::TextGammaAnnotators(annotators));
    };
    let clusters = stretches(pair);
    if clusters.len() < 2 {
        return Err(BootstrapError::TooFewUnits {
            unit: ResamplingUnit::TextStretches,
            found: clusters.len(),
        });
    }
    let chance = &result.chance_disorders;
    if chance.is_empty() {
        return Err(BootstrapError::NoChanceSamples);
    }
    let mut values = Vec::with_capacity(options.replicates);
    for _ in 0..options.replicates {
        let (mut disorder, mut units) = (0.0, 0);
        for _ in 0..clusters.len() {
            let drawn = clusters[rng.random_range(0..clusters.len())];
            disorder += drawn.disorder;
            units += drawn.units;
        }
        let expected = (0..chance.len())
            .map(|_| chance[rng.random_range(0..chance.len())])
            .sum::<f64>()
            / chance.len() as f64;
        // x̄*: the mean number of units per annotator among those drawn.
        let observed = disorder / (units as f64 / 2.0);
        values.push(gamma_from(observed, expected));
    }
    Ok(ConfidenceInterval {
        level: options.level,
        gamma: percentile_interval(&mut values, expanded_level(options.level, clusters.len())),
        gamma_cat: None,
        gamma_k: BTreeMap::new(),
        unit: ResamplingUnit::TextStretches,
        n_units: clusters.len(),
        replicates: options.replicates,
        seed: options.seed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(units: Vec<(Option<usize>, Option<usize>, f64)>) -> PairAlignment {
        PairAlignment {
            first: 0,
            second: 1,
            disorder_sum: units.iter().map(|u| u.2).sum(),
            units,
            text_cost: 0,
        }
    }

    #[test]
    fn stretches_hold_ten_units_and_a_short_tail_joins_the_last() {
        // 12 pairs (2 units each) then one unit alone: stretches of 5 pairs (10 units), the
        // tail of 2 pairs and the lone unit (5 units) joining the second.
        let mut units: Vec<_> = (0..12).map(|i| (Some(i), Some(i), 0.1)).collect();
        units.push((Some(12), None, 1.0));
        let found = stretches(&pair(units));
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].units, 10);
        assert_eq!(found[1].units, 15);
        assert!((found[0].disorder - 0.5).abs() < 1e-12);
        assert!((found[1].disorder - 1.7).abs() < 1e-12);
    }

    fn result(pairs: Vec<PairAlignment>, chance: Vec<f64>) -> TextGammaResult {
        TextGammaResult {
            tgamma: 0.0,
            observed: crate::textgamma::Observed {
                disorder: 0.0,
                pairs,
            },
            expected_disorder: chance.iter().sum::<f64>() / chance.len() as f64,
            n_samples: chance.len(),
            seed: 1,
            p_text: 0.1,
            p_segmentation: 0.1,
            base: None,
            achieved_precision: 0.0,
            tgamma_interval: (0.0, 0.0),
            chance_disorders: chance,
        }
    }

    #[test]
    fn identical_stretches_give_a_point_interval_at_tgamma() {
        // Every stretch: 5 pairs of dissimilarity 0.2 (10 units, Σ δ = 1): D_o = 1 / 5 = 0.2;
        // D_e = 0.8 in every chance sample: tγ = 1 − 0.2 / 0.8 = 0.75 in every replicate.
        let units: Vec<_> = (0..20).map(|i| (Some(i), Some(i), 0.2)).collect();
        let options = BootstrapOptions {
            replicates: 200,
            level: 0.95,
            seed: 3,
        };
        let interval =
            bootstrap_text_gamma(&result(vec![pair(units)], vec![0.8; 30]), &options).unwrap();
        assert_eq!(interval.n_units, 4);
        assert_eq!(interval.unit, ResamplingUnit::TextStretches);
        assert!((interval.gamma.0 - 0.75).abs() < 1e-12 && (interval.gamma.1 - 0.75).abs() < 1e-12);
    }

    #[test]
    fn three_annotators_and_too_few_units_are_refused() {
        let units: Vec<_> = (0..20).map(|i| (Some(i), Some(i), 0.2)).collect();
        let options = BootstrapOptions {
            replicates: 200,
            level: 0.95,
            seed: 3,
        };
        let three = result(vec![pair(units.clone()); 3], vec![0.8; 30]);
        assert_eq!(
            bootstrap_text_gamma(&three, &options),
            Err(BootstrapError::TextGammaAnnotators(3))
        );
        let short = result(vec![pair(units[..4].to_vec())], vec![0.8; 30]);
        assert_eq!(
            bootstrap_text_gamma(&short, &options),
            Err(BootstrapError::TooFewUnits {
                unit: ResamplingUnit::TextStretches,
                found: 1
            })
        );
    }
}
