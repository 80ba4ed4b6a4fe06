//! The expected disorder of tγ (§6 of the paper): chance annotations made from a
//! pre-annotation (the text, tokens and labels the annotators started from) by random text
//! edits and token splits/merges, with labels drawn at random.
//!
//! One sample: every annotator gets an independent copy of the base; in each copy
//! `Binomial(N, p_text)` units get one character inserted, deleted or substituted (characters
//! drawn from the annotators' texts), then `Binomial(N, p_segmentation)` split or merge
//! attempts are made (a split cuts a unit at a random inner point; a merge joins a unit with
//! the next one when only one space or nothing separates them); finally every unit gets, for
//! every layer, a label drawn from that layer's distribution over all annotators' units (a unit
//! may get no value when units lacking the layer exist). The sample is the observed disorder
//! between the copies. Samples are drawn until the precision rule of the γ paper (§5.3) holds.
//!
//! Without a base, each annotator's annotation serves as the base in turn (sample `i` uses
//! annotator `i mod n`). `p_text` and `p_segmentation` are given, or estimated from how the
//! annotators differ from the base (maximum likelihood, or the mode of the posterior with a
//! Beta prior).

use super::{
    AlignmentOptions, TextAnnotation, TextGammaError, TextGammaResult, TextUnit, observed,
};
use crate::gamma::{RunControl, SampleCount, gamma_from};
use crate::sampler::sample_rng;
use crate::settings::{Range, Setting, SettingError};
use rand::RngExt;
use rand_distr::{Binomial, Distribution};
use std::collections::BTreeMap;

/// How chance annotations are made.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChanceModel {
    /// Probability that a unit's text is edited.
    pub p_text: f64,
    /// Probability per unit of a split or merge attempt.
    pub p_segmentation: f64,
    /// Merge only units that touch (TextGammaTool), never across a space.
    pub reference_merges: bool,
}

/// Where the probabilities come from.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Probabilities {
    /// Given by the user.
    Given {
        /// Probability that a unit's text is edited.
        p_text: f64,
        /// Probability per unit of a split or merge.
        p_segmentation: f64,
    },
    /// Estimated from the differences to the base: maximum likelihood, or with `prior`
    /// `Beta(a, b)` the posterior mode `(k + a − 1) / (N + a + b − 2)`.
    Estimated {
        /// `(a, b)` of the Beta prior; `None` for the maximum-likelihood estimate.
        prior: Option<(f64, f64)>,
    },
}

/// Options of a tγ run. Like [`crate::gamma::GammaOptions`], the one type that the command
/// line, the app and session files hold; its `Default` is every front end's default.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TextGammaOptions {
    /// How texts are aligned and tokens compared.
    pub alignment: AlignmentOptions,
    /// p_t and p_s of the chance model, given or estimated.
    pub probabilities: Probabilities,
    /// Merge only touching tokens in the chance model, as TextGammaTool does.
    pub reference_merges: bool,
    /// How many chance annotations.
    pub samples: SampleCount,
    /// Seed of the chance annotations; the result reports it.
    pub seed: u64,
}

impl Default for TextGammaOptions {
    fn default() -> Self {
        TextGammaOptions {
            alignment: AlignmentOptions::default(),
            probabilities: Probabilities::Estimated { prior: None },
            reference_merges: false,
            samples: SampleCount::Precision {
                precision: 0.01,
                confidence: 0.95,
                max_samples: 20_000,
            },
            seed: crate::settings::DEFAULT_SEED,
        }
    }
}

/// The values of a given p_t or p_s.
pub(crate) const PROBABILITY_RANGE: Range = Range::closed(0.0, 1.0);

/// The values of the Beta prior's `a` and `b`: from 1, where the prior is flat.
pub(crate) const PRIOR_RANGE: Range = Range::at_least(1.0);

/// The values of a gap cost of the character alignment.
pub(crate) const GAP_RANGE: Range = Range::at_least(1.0);

impl TextGammaOptions {
    /// Whether every number is in its range (the gap costs, p_t and p_s or the prior, the
    /// sample count): the one check, which every front end calls and [`text_gamma`] calls
    /// again.
    pub fn check(&self) -> Result<(), SettingError> {
        let gaps = &self.alignment.gaps;
        GAP_RANGE.check_count(Setting::TextGap, u64::from(gaps.text))?;
        GAP_RANGE.check_count(Setting::BoundaryGap, u64::from(gaps.boundary))?;
        match self.probabilities {
            Probabilities::Given {
                p_text,
                p_segmentation,
            } => {
                PROBABILITY_RANGE.check(Setting::TextEditProbability, p_text)?;
                PROBABILITY_RANGE.check(Setting::SegmentationProbability, p_segmentation)?;
            }
            Probabilities::Estimated {
                prior: Some((a, b)),
            } => {
                PRIOR_RANGE.check(Setting::Prior, a)?;
                PRIOR_RANGE.check(Setting::Prior, b)?;
            }
            Probabilities::Estimated { prior: None } => {}
        }
        self.samples.check()
    }
}

/// Character and label distributions of the annotators' units.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Distributions {
    /// Characters with cumulative probabilities.
    characters: Vec<(char, f64)>,
    /// Per layer: values (`None`: the unit lacks the layer) with cumulative probabilities.
    layers: BTreeMap<String, Vec<(Option<String>, f64)>>,
}

fn cumulative<T: Clone + Ord>(counts: BTreeMap<T, usize>) -> Vec<(T, f64)> {
    let total: usize = counts.values().sum();
    let mut running = 0usize;
    counts
        .into_iter()
        .map(|(value, count)| {
            running += count;
            (value, running as f64 / total as f64)
        })
        .collect()
}

fn draw<'a, T, R: rand::Rng + ?Sized>(table: &'a [(T, f64)], rng: &mut R) -> Option<&'a T> {
    let x: f64 = rng.random();
    let at = table
        .partition_point(|(_, p)| *p <= x)
        .min(table.len().checked_sub(1)?);
    Some(&table[at].0)
}

impl Distributions {
    /// From every unit of every annotator; each layer separately.
    pub fn of(annotations: &[TextAnnotation]) -> Distributions {
        let mut characters: BTreeMap<char, usize> = BTreeMap::new();
        let units: Vec<&TextUnit> = annotations.iter().flat_map(|a| &a.units).collect();
        for unit in &units {
            for c in unit.text.chars() {
                *characters.entry(c).or_default() += 1;
            }
        }
        let names: std::collections::BTreeSet<&String> =
            units.iter().flat_map(|u| u.layers.keys()).collect();
        let layers = names
            .into_iter()
            .map(|name| {
                let mut counts: BTreeMap<Option<String>, usize> = BTreeMap::new();
                for unit in &units {
                    *counts.entry(unit.layers.get(name).cloned()).or_default() += 1;
                }
                (name.clone(), cumulative(counts))
            })
            .collect();
        Distributions {
            characters: cumulative(characters),
            layers,
        }
    }
}

/// One chance copy of `base`.
pub(crate) fn perturb<R: rand::Rng + ?Sized>(
    base: &TextAnnotation,
    distributions: &Distributions,
    model: &ChanceModel,
    rng: &mut R,
) -> TextAnnotation {
    let mut text = base.text.clone();
    let mut spans: Vec<(usize, usize)> = base.units.iter().map(|u| (u.start, u.end)).collect();
    let n = spans.len();
    let binomial = |p: f64, rng: &mut R| {
        if n == 0 || p <= 0.0 {
            0
        } else {
            Binomial::new(n as u64, p.min(1.0)).map_or(0, |b| b.sample(rng) as usize)
        }
    };

    // Text edits, at most one per unit.
    let edits = binomial(model.p_text, rng).min(n);
    let mut changed = vec![false; n];
    let mut unchanged: Vec<usize> = (0..n).collect();
    let mut done = 0;
    let mut attempts = 0;
    while done < edits && !unchanged.is_empty() && attempts < 100 * (edits + 1) {
        attempts += 1;
        let kind = rng.random_range(0..3);
        let pick = rng.random_range(0..unchanged.len());
        let unit = unchanged[pick];
        let (start, end) = spans[unit];
        let shift: isize = match kind {
            0 => {
                let Some(&c) = draw(&distributions.characters, rng) else {
                    continue;
                };
                let at = start + rng.random_range(0..=end - start);
                text.insert(at, c);
                1
            }
            1 => {
                if end - start < 2 {
                    continue;
                }
                text.remove(start + rng.random_range(0..end - start));
                -1
            }
            _ => {
                let at = start + rng.random_range(0..end - start);
                let old = text[at];
                let others = distributions.characters.iter().any(|(c, _)| *c != old);
                if !others {
                    continue;
                }
                let new = loop {
                    match draw(&distributions.characters, rng) {
                        Some(&c) if c != old => break c,
                        _ => {}
                    }
                };
                text[at] = new;
                0
            }
        };
        spans[unit].1 = (spans[unit].1 as isize + shift) as usize;
        for later in spans.iter_mut().skip(unit + 1) {
            later.0 = (later.0 as isize + shift) as usize;
            later.1 = (later.1 as isize + shift) as usize;
        }
        changed[unit] = true;
        unchanged.swap_remove(pick);
        done += 1;
    }

    // Splits and merges.
    let attempts = binomial(model.p_segmentation, rng);
    for _ in 0..attempts {
        if spans.is_empty() {
            break;
        }
        let unit = rng.random_range(0..spans.len());
        let (start, end) = spans[unit];
        if rng.random_bool(0.5) {
            if end - start >= 2 {
                let at = start + rng.random_range(1..end - start);
                spans[unit] = (start, at);
                spans.insert(unit + 1, (at, end));
            }
        } else if let Some(&(next_start, next_end)) = spans.get(unit + 1) {
            let touching = next_start == end;
            let one_space = next_start == end + 1 && text[end].is_whitespace();
            if touching || (!model.reference_merges && one_space) {
                spans[unit] = (start, next_end);
                spans.remove(unit + 1);
            }
        }
    }

    // Labels at random, layer by layer.
    let units = spans
        .into_iter()
        .map(|(start, end)| {
            let mut layers = BTreeMap::new();
            for (name, table) in &distributions.layers {
                if let Some(Some(value)) = draw(table, rng) {
                    layers.insert(name.clone(), value.clone());
                }
            }
            TextUnit {
                start,
                end,
                text: text[start..end].iter().collect(),
                layers,
            }
        })
        .collect();
    TextAnnotation {
        name: base.name.clone(),
        text,
        units,
    }
}

/// Differences of an annotator to a base: units whose text differs among the paired ones, and
/// split/merge events (each leaves about three units unpaired: one on one side, two on the
/// other), out of the base's units.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Differences {
    /// Paired units whose text differs.
    pub text_changes: usize,
    /// Splits and merges: the unpaired units of both sides divided by three, rounded up.
    pub segmentation_changes: usize,
    /// Units of the base (the number of trials of both rates).
    pub units: usize,
}

/// How annotator `other` differs from `base` (both in `annotations`).
pub fn differences(
    annotations: &[TextAnnotation],
    base: usize,
    other: usize,
    options: &AlignmentOptions,
) -> Result<Differences, TextGammaError> {
    let pair = super::align_pair(annotations, base, other, options)?;
    let (a, b) = (&annotations[base], &annotations[other]);
    let mut text_changes = 0;
    let mut alone: usize = 0;
    for (x, y, _) in &pair.units {
        match (x, y) {
            (Some(x), Some(y)) => text_changes += usize::from(a.units[*x].text != b.units[*y].text),
            _ => alone += 1,
        }
    }
    Ok(Differences {
        text_changes,
        segmentation_changes: alone.div_ceil(3),
        units: a.units.len(),
    })
}

/// Estimates `(p_text, p_segmentation)`: against `base` (an extra annotation), or, without
/// one, from every pair of annotators (each difference then comes from one of two copies).
pub fn estimate(
    annotations: &[TextAnnotation],
    base: Option<&TextAnnotation>,
    prior: Option<(f64, f64)>,
    options: &AlignmentOptions,
) -> Result<(f64, f64), TextGammaError> {
    let mut total = Differences::default();
    let mut copies_per_difference = 1.0;
    match base {
        Some(base) => {
            let mut all = vec![base.clone()];
            all.extend(annotations.iter().cloned());
            for other in 1..all.len() {
                let d = differences(&all, 0, other, options)?;
                total.text_changes += d.text_changes;
                total.segmentation_changes += d.segmentation_changes;
                total.units += d.units;
            }
        }
        None => {
            copies_per_difference = 2.0;
            for first in 0..annotations.len() {
                for second in first + 1..annotations.len() {
                    let d = differences(annotations, first, second, options)?;
                    total.text_changes += d.text_changes;
                    total.segmentation_changes += d.segmentation_changes;
                    total.units += d.units;
                }
            }
        }
    }
    let trials = total.units as f64 * copies_per_difference;
    let rate = |k: usize| -> f64 {
        if trials == 0.0 {
            return 0.0;
        }
        let p = match prior {
            None => k as f64 / trials,
            Some((a, b)) => (k as f64 + a - 1.0) / (trials + a + b - 2.0),
        };
        p.clamp(0.0, 1.0)
    };
    Ok((rate(total.text_changes), rate(total.segmentation_changes)))
}

/// tγ of the annotations, with the expected disorder sampled from `base` (or each annotator in
/// turn).
pub fn text_gamma(
    annotations: &[TextAnnotation],
    base: Option<&TextAnnotation>,
    options: &TextGammaOptions,
    control: RunControl,
) -> Result<TextGammaResult, TextGammaError> {
    options.check()?;
    for annotation in annotations.iter().chain(base) {
        annotation.symbols()?;
    }
    let observed = observed(annotations, &options.alignment)?;
    let (p_text, p_segmentation) = match options.probabilities {
        Probabilities::Given {
            p_text,
            p_segmentation,
        } => (p_text, p_segmentation),
        Probabilities::Estimated { prior } => {
            estimate(annotations, base, prior, &options.alignment)?
        }
    };
    log::info!(
        "tγ: observed disorder {:.6}; chance model p_t = {p_text:.4}, p_s = {p_segmentation:.4}",
        observed.disorder
    );
    let model = ChanceModel {
        p_text,
        p_segmentation,
        reference_merges: options.reference_merges,
    };
    let distributions = Distributions::of(annotations);
    let seed = options.seed;
    let n = annotations.len();
    let sample = |index: usize| -> Result<f64, TextGammaError> {
        if control.is_cancelled() {
            return Err(TextGammaError::Cancelled);
        }
        let mut rng = sample_rng(seed, index as u64);
        let base = base.unwrap_or(&annotations[index % n]);
        let copies: Vec<TextAnnotation> = (0..n)
            .map(|k| {
                let mut copy = perturb(base, &distributions, &model, &mut rng);
                copy.name = annotations[k].name.clone();
                copy
            })
            .collect();
        Ok(super::observed(&copies, &options.alignment)?.disorder)
    };
    let (disorders, z) =
        crate::gamma::draw_until_precise(options.samples, control, |d: &f64| *d, sample)?;
    let count = disorders.len();
    let expected_disorder = disorders.iter().sum::<f64>() / count as f64;
    if expected_disorder <= 0.0 {
        return Err(TextGammaError::NoExpectedDisorder);
    }
    let achieved_precision = if count > 1 {
        z * crate::gamma::unbiased_std(&disorders) / (expected_disorder * (count as f64).sqrt())
    } else {
        0.0
    };
    let tgamma_interval =
        crate::gamma::gamma_interval(observed.disorder, expected_disorder, achieved_precision);
    Ok(TextGammaResult {
        tgamma: gamma_from(observed.disorder, expected_disorder),
        tgamma_interval,
        chance_disorders: disorders,
        observed,
        expected_disorder,
        n_samples: count,
        seed,
        p_text,
        p_segmentation,
        base: base.map(|b| b.name.clone()),
        achieved_precision,
    })
}
