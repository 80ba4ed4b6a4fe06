//! Random continua for the expected disorder (paper §4.8, §5.2).
//!
//! Every sample is drawn from its own ChaCha8 stream: stream `i` of the run's seed gives sample
//! `i`, so a run is repeatable from its seed whatever the number of threads, and asking for more
//! samples only appends new ones.
//!
//! * [`Sampler::Statistical`] — pygamma-agreement's default (not in the paper): per annotator, a
//!   number of units, gaps, lengths and categories drawn from normal laws / frequencies fitted on
//!   the whole input.
//! * [`Sampler::Shuffle`] — §5.2.1: each random annotator is a real annotator's annotation cut
//!   at a random pivot and rotated (units past the end wrap to the beginning). Pivots of one
//!   sample are kept apart by at least the mean unit length (the paper) or half of it (the Gamma
//!   Software and pygamma-agreement).
//! * [`Sampler::Corpus`] — §5.2.2: `n` distinct documents of the corpus, one random annotator of
//!   each, each tiled to the length of the longest, so that agreement can only come by chance.

use crate::dissimilarity::Span;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Normal};
use std::fmt;

/// Minimum distance between two pivots of one shuffled sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PivotDistance {
    /// The mean unit length (paper §5.2.1).
    #[default]
    MeanLength,
    /// Half the mean unit length (Gamma Software, pygamma-agreement).
    HalfMeanLength,
}

/// How random continua are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sampler {
    /// Units drawn from the input's statistics (pygamma-agreement's default).
    #[default]
    Statistical,
    /// Rotated copies of the real annotators (paper §5.2.1).
    Shuffle {
        /// How far apart the pivots of one sample are at least.
        min_pivot_distance: PivotDistance,
        /// Pivots truncated to integers (Gamma Software), for character-offset continua.
        integer_pivots: bool,
    },
    /// Annotators of distinct documents of a corpus (paper §5.2.2).
    Corpus,
}

/// The samplers by name, as a user chooses them (`--sampler`, the app's list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SamplerKind {
    /// [`Sampler::Statistical`].
    #[default]
    Statistical,
    /// [`Sampler::Shuffle`].
    Shuffle,
    /// [`Sampler::Corpus`].
    Corpus,
}

impl SamplerKind {
    /// What the kind does, in a sentence for a tooltip or `--help`.
    pub fn description(self) -> &'static str {
        match self {
            SamplerKind::Statistical => {
                "units drawn from the input's statistics (pygamma-agreement's default)"
            }
            SamplerKind::Shuffle => "rotated copies of the real annotators (paper §5.2.1)",
            SamplerKind::Corpus => "annotators of distinct documents (paper §5.2.2; several files)",
        }
    }
}

crate::named_choices! {
    SamplerKind, "sampler", dash_or_underscore;
    Statistical => "statistical",
    Shuffle => "shuffle",
    Corpus => "corpus",
}

impl Sampler {
    /// Which kind of sampler this is.
    pub fn kind(&self) -> SamplerKind {
        match self {
            Sampler::Statistical => SamplerKind::Statistical,
            Sampler::Shuffle { .. } => SamplerKind::Shuffle,
            Sampler::Corpus => SamplerKind::Corpus,
        }
    }

    /// This sampler switched to `kind`: unchanged when it is already of that kind (so a
    /// preset's shuffle variant survives choosing "shuffle" again), else the kind's paper
    /// variant (pivots one mean length apart, real-valued).
    pub fn with_kind(self, kind: SamplerKind) -> Sampler {
        if self.kind() == kind {
            return self;
        }
        match kind {
            SamplerKind::Statistical => Sampler::Statistical,
            SamplerKind::Shuffle => Sampler::Shuffle {
                min_pivot_distance: PivotDistance::MeanLength,
                integer_pivots: false,
            },
            SamplerKind::Corpus => Sampler::Corpus,
        }
    }
}

impl fmt::Display for Sampler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sampler::Statistical => write!(f, "statistical"),
            Sampler::Shuffle {
                min_pivot_distance: PivotDistance::MeanLength,
                ..
            } => write!(f, "shuffle"),
            Sampler::Shuffle {
                min_pivot_distance: PivotDistance::HalfMeanLength,
                ..
            } => {
                write!(f, "shuffle (half mean length between pivots)")
            }
            Sampler::Corpus => write!(f, "corpus"),
        }
    }
}

/// The random generator of sample `index` of a run seeded with `seed`.
pub(crate) fn sample_rng(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// A continuum as the samplers see it: each annotator's spans (sorted by position) and the
/// continuum's extent.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SpanContinuum {
    /// Each annotator's spans, sorted by start, then end, then category.
    pub annotators: Vec<Vec<Span>>,
    /// The continuum's extent (start, end), as [`crate::Continuum::bounds`] gives it.
    pub bounds: (f64, f64),
}

impl SpanContinuum {
    /// The spans of each annotator, sorted here, on the extent `bounds`.
    pub fn new(mut annotators: Vec<Vec<Span>>, bounds: (f64, f64)) -> SpanContinuum {
        for spans in &mut annotators {
            spans.sort_by(|a, b| {
                a.start
                    .total_cmp(&b.start)
                    .then(a.end.total_cmp(&b.end))
                    .then(a.category.cmp(&b.category))
            });
        }
        SpanContinuum { annotators, bounds }
    }

    fn all(&self) -> impl Iterator<Item = &Span> {
        self.annotators.iter().flatten()
    }

    fn n_units(&self) -> usize {
        self.annotators.iter().map(Vec::len).sum()
    }

    fn mean_length(&self) -> f64 {
        self.all().map(|s| s.end - s.start).sum::<f64>() / self.n_units().max(1) as f64
    }
}

fn mean_and_population_std(values: &[f64]) -> (f64, f64) {
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
    (mean, variance.sqrt())
}

/// The laws of the statistical sampler, fitted once on the input.
#[derive(Debug, Clone)]
pub(crate) struct StatisticalModel {
    n_annotators: usize,
    units_per_annotator: (f64, f64),
    gap: (f64, f64),
    length: (f64, f64),
    /// Cumulative category frequencies, indexed by category.
    category_cumulative: Vec<f64>,
}

impl StatisticalModel {
    /// Fitted on `sources` (one continuum, or every document of a corpus).
    pub fn fit(sources: &[&SpanContinuum], n_categories: usize) -> StatisticalModel {
        let mut counts = Vec::new();
        // pygamma-agreement 0.5.9 starts its gap list with a 0; kept for comparable numbers.
        let mut gaps = vec![0.0];
        let mut lengths = Vec::new();
        let mut frequencies = vec![0.0; n_categories];
        for source in sources {
            for spans in &source.annotators {
                counts.push(spans.len() as f64);
                for pair in spans.windows(2) {
                    gaps.push(pair[1].start - pair[0].end);
                }
                if let Some(first) = spans.first()
                    && first.start > 0.0
                {
                    gaps.push(first.start);
                }
                for span in spans {
                    lengths.push(span.end - span.start);
                    frequencies[span.category as usize] += 1.0;
                }
            }
        }
        let mut total = 0.0;
        let category_cumulative = frequencies
            .iter()
            .map(|f| {
                total += f;
                total
            })
            .collect();
        StatisticalModel {
            n_annotators: sources.first().map(|s| s.annotators.len()).unwrap_or(0),
            units_per_annotator: mean_and_population_std(&counts),
            gap: mean_and_population_std(&gaps),
            length: mean_and_population_std(&lengths),
            category_cumulative,
        }
    }

    /// One random continuum: for each annotator (as many as the first source has), at least
    /// one unit, placed one after another from position 0.
    pub fn sample(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Span>> {
        let normal =
            |(mean, std): (f64, f64)| Normal::new(mean, std).expect("finite standard deviation");
        let (count_law, gap_law, length_law) = (
            normal(self.units_per_annotator),
            normal(self.gap),
            normal(self.length),
        );
        let total = *self.category_cumulative.last().unwrap_or(&1.0);
        (0..self.n_annotators)
            .map(|_| {
                let count = (count_law.sample(rng).trunc().max(1.0)) as usize;
                let mut last_end = 0.0;
                (0..count)
                    .map(|_| {
                        let start = last_end + gap_law.sample(rng);
                        let mut length = length_law.sample(rng).abs();
                        while length < 1e-6 {
                            length = length_law.sample(rng).abs();
                        }
                        let pick = rng.random::<f64>() * total;
                        let category = self
                            .category_cumulative
                            .partition_point(|&c| c <= pick)
                            .min(self.category_cumulative.len() - 1)
                            as u32;
                        last_end = start + length;
                        Span {
                            start,
                            end: last_end,
                            category,
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

/// §5.2.1: each random annotator is a rotated copy of a real annotator. Draws again until the
/// sample has a unit, so `source` must have one (it would loop forever otherwise).
pub(crate) fn shuffle_sample(
    source: &SpanContinuum,
    min_pivot_distance: PivotDistance,
    integer_pivots: bool,
    rng: &mut ChaCha8Rng,
) -> Vec<Vec<Span>> {
    let (low, high) = source.bounds;
    let distance = match min_pivot_distance {
        PivotDistance::MeanLength => source.mean_length(),
        PivotDistance::HalfMeanLength => source.mean_length() / 2.0,
    };
    let n = source.annotators.len();
    loop {
        let mut available: Vec<(f64, f64)> = vec![(low, high)];
        let mut sample = Vec::with_capacity(n);
        for _ in 0..n {
            let mut pivot = if available.is_empty() {
                rng.random_range(low..=high)
            } else {
                let total: f64 = available.iter().map(|(a, b)| b - a).sum();
                let mut pick = rng.random::<f64>() * total;
                let mut chosen = available[available.len() - 1];
                for &(a, b) in &available {
                    if pick < b - a {
                        chosen = (a, b);
                        break;
                    }
                    pick -= b - a;
                }
                chosen.0 + rng.random::<f64>() * (chosen.1 - chosen.0)
            };
            if integer_pivots {
                pivot = pivot.trunc();
            }
            available = remove_around(&available, pivot, distance);
            let source_annotator = &source.annotators[rng.random_range(0..n)];
            let spans = source_annotator
                .iter()
                .map(|s| {
                    let shift = if s.start + pivot > high {
                        pivot + low - high
                    } else {
                        pivot
                    };
                    Span {
                        start: s.start + shift,
                        end: s.end + shift,
                        category: s.category,
                    }
                })
                .collect();
            sample.push(spans);
        }
        if sample.iter().any(|s: &Vec<Span>| !s.is_empty()) {
            return sample;
        }
    }
}

fn remove_around(available: &[(f64, f64)], pivot: f64, distance: f64) -> Vec<(f64, f64)> {
    let (cut_low, cut_high) = (pivot - distance, pivot + distance);
    let mut out = Vec::with_capacity(available.len() + 1);
    for &(a, b) in available {
        if b <= cut_low || a >= cut_high {
            out.push((a, b));
            continue;
        }
        if a < cut_low {
            out.push((a, cut_low));
        }
        if b > cut_high {
            out.push((cut_high, b));
        }
    }
    out
}

/// §5.2.2: `n_annotators` distinct documents, one random annotator of each, tiled to the
/// longest of them. Needs at least `n_annotators` documents (panics otherwise) and a unit in
/// one of them (draws again until the sample has one).
pub(crate) fn corpus_sample(
    documents: &[SpanContinuum],
    n_annotators: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<Vec<Span>> {
    loop {
        let chosen = rand::seq::index::sample(rng, documents.len(), n_annotators);
        let longest = chosen
            .iter()
            .map(|d| documents[d].bounds.1 - documents[d].bounds.0)
            .fold(0.0, f64::max);
        let sample: Vec<Vec<Span>> = chosen
            .iter()
            .map(|d| {
                let document = &documents[d];
                let annotator =
                    &document.annotators[rng.random_range(0..document.annotators.len())];
                let (low, high) = document.bounds;
                let length = high - low;
                let mut spans = Vec::new();
                let mut offset = 0.0;
                while offset < longest && length > 0.0 {
                    for s in annotator {
                        let start = s.start - low + offset;
                        if start < longest {
                            spans.push(Span {
                                start,
                                end: s.end - low + offset,
                                category: s.category,
                            });
                        }
                    }
                    offset += length;
                }
                spans
            })
            .collect();
        if sample.iter().any(|s| !s.is_empty()) {
            return sample;
        }
    }
}

/// The unbiased standard deviation of `values` (at least two).
pub(crate) fn unbiased_std(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0)).sqrt()
}

/// §5.3: `n₀ = ⌈(z · cv / e)²⌉` with `cv = σ/μ`, σ the unbiased standard deviation.
pub(crate) fn required_samples(disorders: &[f64], z: f64, precision: f64) -> usize {
    let n = disorders.len();
    if n < 2 {
        return 2;
    }
    let mean = disorders.iter().sum::<f64>() / n as f64;
    if mean <= 0.0 {
        return n;
    }
    let cv = unbiased_std(disorders) / mean;
    ((z * cv / precision).powi(2)).ceil() as usize
}

/// The standard normal quantile (`z` such that `P(Z ≤ z) = p`).
pub(crate) fn normal_quantile(p: f64) -> f64 {
    use statrs::distribution::{ContinuousCDF, Normal};
    Normal::standard().inverse_cdf(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_size_rule_reproduces_the_papers_example() {
        // §5.3: μ = 3.49, σ = 0.1403 (unbiased), cv = 0.040188, e = 2 %, 95 % → n₀ = 15.5.
        let z = normal_quantile(0.975);
        assert!((z - 1.959964).abs() < 1e-6);
        let cv: f64 = 0.040188;
        assert!(((z * cv / 0.02).powi(2) - 15.5).abs() < 0.05);
        // and 1 % needs about 62 (the paper: 30 drawn + 32 more).
        assert!(((z * cv / 0.01).powi(2) - 62.0).abs() < 0.1);
        let spread = [3.3, 3.5, 3.7, 3.4, 3.6];
        assert_eq!(required_samples(&spread, z, 0.02), 20);
    }

    fn span(start: f64, end: f64) -> Span {
        Span {
            start,
            end,
            category: 0,
        }
    }

    #[test]
    fn same_seed_and_index_give_the_same_sample() {
        let source = SpanContinuum::new(
            vec![
                vec![span(0.0, 10.0), span(20.0, 30.0)],
                vec![span(5.0, 8.0)],
            ],
            (0.0, 40.0),
        );
        let model = StatisticalModel::fit(&[&source], 1);
        assert_eq!(
            model.sample(&mut sample_rng(3, 5)),
            model.sample(&mut sample_rng(3, 5))
        );
        assert_ne!(
            model.sample(&mut sample_rng(3, 5)),
            model.sample(&mut sample_rng(3, 6))
        );
        let a = shuffle_sample(
            &source,
            PivotDistance::MeanLength,
            false,
            &mut sample_rng(1, 0),
        );
        let b = shuffle_sample(
            &source,
            PivotDistance::MeanLength,
            false,
            &mut sample_rng(1, 0),
        );
        assert_eq!(a, b);
    }

    #[test]
    fn shuffled_units_keep_their_lengths_and_stay_near_the_continuum() {
        let source = SpanContinuum::new(
            vec![
                vec![span(0.0, 10.0), span(20.0, 30.0)],
                vec![span(5.0, 8.0)],
            ],
            (0.0, 40.0),
        );
        for index in 0..50 {
            for annotator in shuffle_sample(
                &source,
                PivotDistance::HalfMeanLength,
                true,
                &mut sample_rng(9, index),
            ) {
                for s in annotator {
                    let length = s.end - s.start;
                    assert!(length == 10.0 || length == 3.0, "{s:?}");
                    assert!(s.start >= 0.0 && s.start <= 40.0, "{s:?}");
                    assert_eq!(s.start.fract(), 0.0);
                }
            }
        }
    }

    #[test]
    fn removing_around_a_pivot_splits_the_free_intervals() {
        assert_eq!(
            remove_around(&[(0.0, 100.0)], 50.0, 10.0),
            vec![(0.0, 40.0), (60.0, 100.0)]
        );
        assert_eq!(
            remove_around(&[(0.0, 100.0)], 5.0, 10.0),
            vec![(15.0, 100.0)]
        );
        assert!(remove_around(&[(0.0, 10.0)], 5.0, 10.0).is_empty());
    }

    #[test]
    fn corpus_samples_use_distinct_documents_tiled_to_the_longest() {
        let short = SpanContinuum::new(
            vec![vec![span(0.0, 5.0)], vec![span(1.0, 5.0)]],
            (0.0, 10.0),
        );
        let long = SpanContinuum::new(
            vec![vec![span(0.0, 5.0)], vec![span(2.0, 4.0)]],
            (0.0, 30.0),
        );
        let sample = corpus_sample(&[short, long], 2, &mut sample_rng(0, 0));
        let counts: Vec<usize> = sample.iter().map(Vec::len).collect();
        let mut sorted = counts.clone();
        sorted.sort();
        assert_eq!(
            sorted,
            vec![1, 3],
            "the short document is tiled three times: {sample:?}"
        );
    }
}
