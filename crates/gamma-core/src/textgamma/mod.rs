//! tγ, text-gamma (Barteld, Schröder & Zinsmeister 2016): agreement when annotators also
//! correct the tokenization and the transcription while they tag.
//!
//! Every annotator has its own text (its transcription) and its own tokens (units, with the
//! values of its annotation layers). Texts are aligned character by character with the unit
//! boundaries as symbols ([`align`]); units that cover the same aligned span are paired, the
//! others are paired with ∅. The dissimilarity of a pair is
//! `(d_text + Σ_layers d_layer) / (number of layers + 1)` — the number of layers present on
//! either unit; a layer missing on one side differs, missing on both is equal — and Δ∅ = 1.
//! The disorder is the sum over the unitary alignments divided by the mean number of units per
//! annotator; `tγ = 1 − D_o / D_e`, with the expected disorder sampled from a chance model that
//! perturbs a pre-annotation ([`sampler`]).
//!
//! More than two annotators: each pair of annotators is aligned as above, and the disorder is
//! the mean of the pairwise sums over `x̄`, the mean number of units per annotator of all of
//! them. This is the γ disorder of an n-way alignment whose unitary alignments agree with the
//! pairwise ones (a unitary alignment's disorder is the mean of its pairwise dissimilarities),
//! and it reduces to the paper's definition for two annotators.
//!
//! Differences from the reference implementation (TextGammaTool), deliberate: the label
//! distributions of the chance model are per layer (the reference mixes the values of the
//! layers it processed before); a merge in the chance model joins a unit with the next across
//! one separating space (the reference only merges units that touch, so in texts whose tokens
//! are separated by spaces it never merges; [`sampler::ChanceModel::reference_merges`] restores
//! that); positions are characters, not UTF-16 code units; dissimilarities are computed in
//! double precision (the reference divides in single precision: 1/3 is 0.33333334 there).

pub mod align;
pub mod sampler;

use crate::continuum::Continuum;
use crate::dissimilarity::CategoryMatrix;
use align::{GapCosts, Symbol};
use std::collections::BTreeMap;

/// One annotator's text and tokens.
#[derive(Debug, Clone, PartialEq)]
pub struct TextAnnotation {
    /// The annotator's name.
    pub name: String,
    /// The annotator's transcription, character by character.
    pub text: Vec<char>,
    /// Sorted, disjoint, non-empty spans of `text`.
    pub units: Vec<TextUnit>,
}

/// A token of one annotator: its span, its text, its layers.
#[derive(Debug, Clone, PartialEq)]
pub struct TextUnit {
    /// First character of the token in its annotator's text.
    pub start: usize,
    /// One past the token's last character.
    pub end: usize,
    /// The token's text, compared by [`TextDistance`].
    pub text: String,
    /// Annotation layer → value (POS, morphology…), compared nominally or by a matrix.
    pub layers: BTreeMap<String, String>,
}

/// Why tγ cannot be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TextGammaError {
    /// Fewer than two annotators (the number found).
    #[error("tγ needs at least 2 annotators, found {0}")]
    TooFewAnnotators(usize),
    /// An annotator's tokens do not fit its text (no text, a span that is not a character span,
    /// empty or beyond the text, overlapping or unsorted tokens).
    #[error("annotator {annotator:?}: {message}")]
    Annotation {
        /// The annotator's name.
        annotator: String,
        /// What is wrong.
        message: String,
    },
    /// The character alignment cannot be computed within its limits.
    #[error(transparent)]
    Align(#[from] align::AlignError),
    /// A number of the options is outside its range (a probability outside [0, 1], precision
    /// or confidence outside (0, 1)).
    #[error(transparent)]
    Setting(#[from] crate::settings::SettingError),
    /// Every chance annotation agrees with the others: tγ would divide by zero.
    #[error("the expected disorder is 0: every chance annotation agrees (is there any label?)")]
    NoExpectedDisorder,
    /// [`crate::gamma::RunControl::cancelled`] was set before the run ended.
    #[error("cancelled")]
    Cancelled,
}

/// How the text of two paired units compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TextDistance {
    /// 0 if identical, else 1 (the paper).
    #[default]
    Nominal,
    /// Levenshtein distance over the longer length.
    Levenshtein,
}

crate::named_choices! {
    TextDistance, "text distance", dash_or_underscore;
    Nominal => "nominal",
    Levenshtein => "levenshtein",
}

/// How units compare.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TextDissimilarity {
    /// How the texts of two paired tokens compare.
    pub text: TextDistance,
    /// A category matrix for one layer (others stay nominal).
    pub layer_matrix: Option<(String, CategoryMatrix)>,
}

impl TextDissimilarity {
    /// `(d_text + Σ d_layer) / (|layers on either| + 1)`.
    pub fn pair(&self, u: &TextUnit, v: &TextUnit) -> f64 {
        let text = match self.text {
            TextDistance::Nominal => f64::from(u8::from(u.text != v.text)),
            TextDistance::Levenshtein => normalised_levenshtein(&u.text, &v.text),
        };
        let mut names: Vec<&String> = u.layers.keys().chain(v.layers.keys()).collect();
        names.sort();
        names.dedup();
        let mut sum = text;
        for name in &names {
            sum += match (u.layers.get(*name), v.layers.get(*name)) {
                (Some(x), Some(y)) => match &self.layer_matrix {
                    Some((layer, matrix)) if layer == *name => {
                        matrix.get(x, y).unwrap_or(f64::from(u8::from(x != y)))
                    }
                    _ => f64::from(u8::from(x != y)),
                },
                _ => 1.0,
            };
        }
        sum / (names.len() as f64 + 1.0)
    }
}

fn normalised_levenshtein(a: &str, b: &str) -> f64 {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let longest = a.len().max(b.len());
    if longest == 0 {
        return 0.0;
    }
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()] as f64 / longest as f64
}

/// How texts are aligned and units compared.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct AlignmentOptions {
    /// Costs of gaps in the character alignment.
    pub gaps: GapCosts,
    /// How paired tokens compare.
    pub dissimilarity: TextDissimilarity,
    /// Largest dynamic-programming band, in cells (one byte each).
    pub max_cells: u64,
}

impl Default for AlignmentOptions {
    fn default() -> Self {
        AlignmentOptions {
            gaps: GapCosts::default(),
            dissimilarity: TextDissimilarity::default(),
            max_cells: 400_000_000,
        }
    }
}

impl TextAnnotation {
    /// Checks the units (sorted, disjoint, inside the text) and returns the symbol string.
    pub fn symbols(&self) -> Result<Vec<Symbol>, TextGammaError> {
        let spans: Vec<(usize, usize)> = self.units.iter().map(|u| (u.start, u.end)).collect();
        align::symbols(&self.text, &spans).map_err(|message| TextGammaError::Annotation {
            annotator: self.name.clone(),
            message,
        })
    }

    /// Keeps only these layers.
    pub fn with_layers(mut self, keep: &[String]) -> TextAnnotation {
        for unit in &mut self.units {
            unit.layers.retain(|name, _| keep.contains(name));
        }
        self
    }

    /// Every layer name used, sorted.
    pub fn layer_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .units
            .iter()
            .flat_map(|u| u.layers.keys().cloned())
            .collect();
        names.sort();
        names.dedup();
        names
    }
}

/// The annotations of a continuum read from CorA-XML (or any format with texts): each
/// annotator's own text, its units sorted by position, the category as layer `category_layer`
/// and the features as the other layers.
pub fn annotations_of(
    continuum: &Continuum,
    category_layer: &str,
) -> Result<Vec<TextAnnotation>, TextGammaError> {
    let mut out = Vec::new();
    for (index, annotator) in continuum.annotators.iter().enumerate() {
        let text: Vec<char> = continuum
            .text_of(index)
            .ok_or_else(|| TextGammaError::Annotation {
                annotator: annotator.name.clone(),
                message: "tγ needs the annotated text, and there is none".into(),
            })?
            .chars()
            .collect();
        let mut units = Vec::with_capacity(annotator.units.len());
        for unit in &annotator.units {
            if unit.start.fract() != 0.0 || unit.end.fract() != 0.0 || unit.start < 0.0 {
                return Err(TextGammaError::Annotation {
                    annotator: annotator.name.clone(),
                    message: format!("unit {unit} is not a character span"),
                });
            }
            let (start, end) = (unit.start as usize, unit.end as usize);
            if end > text.len() {
                return Err(TextGammaError::Annotation {
                    annotator: annotator.name.clone(),
                    message: format!("unit {unit} ends beyond the {}-character text", text.len()),
                });
            }
            let mut layers = unit.features.clone();
            if !unit.category.is_empty() {
                layers.insert(category_layer.to_string(), unit.category.clone());
            }
            units.push(TextUnit {
                start,
                end,
                text: text[start..end].iter().collect(),
                layers,
            });
        }
        units.sort_by_key(|u| (u.start, u.end));
        out.push(TextAnnotation {
            name: annotator.name.clone(),
            text,
            units,
        });
    }
    Ok(out)
}

/// The aligned units of two annotators.
#[derive(Debug, Clone, PartialEq)]
pub struct PairAlignment {
    /// Index of the first annotator in the annotations aligned.
    pub first: usize,
    /// Index of the second annotator.
    pub second: usize,
    /// Each unitary alignment: a unit of the first or ∅, a unit of the second or ∅, and its
    /// dissimilarity; in text order.
    pub units: Vec<(Option<usize>, Option<usize>, f64)>,
    /// Sum of the dissimilarities (pairs, plus Δ∅ = 1 per unit left alone).
    pub disorder_sum: f64,
    /// Cost of the optimal text alignment (gaps).
    pub text_cost: u64,
}

impl PairAlignment {
    /// The number of unitary alignments that pair a unit of each annotator.
    pub fn n_pairs(&self) -> usize {
        self.units
            .iter()
            .filter(|(a, b, _)| a.is_some() && b.is_some())
            .count()
    }
}

/// Aligns annotators `first` and `second`.
pub(crate) fn align_pair(
    annotations: &[TextAnnotation],
    first: usize,
    second: usize,
    options: &AlignmentOptions,
) -> Result<PairAlignment, TextGammaError> {
    let (a, b) = (&annotations[first], &annotations[second]);
    let (sa, sb) = (a.symbols()?, b.symbols()?);
    let d = |x: usize, y: usize| options.dissimilarity.pair(&a.units[x], &b.units[y]);
    let pairing = align::best_pairing(&sa, &sb, &options.gaps, options.max_cells, d)?;
    // Text order: the unpaired units between two pairs go between them.
    let mut units = Vec::with_capacity(a.units.len() + b.units.len());
    let (mut next_a, mut next_b) = (0, 0);
    let ends = pairing
        .pairs
        .iter()
        .map(|&(x, y)| (x, y, Some(d(x, y))))
        .chain(std::iter::once((a.units.len(), b.units.len(), None)));
    for (x, y, pair) in ends {
        units.extend((next_a..x).map(|x| (Some(x), None, 1.0)));
        units.extend((next_b..y).map(|y| (None, Some(y), 1.0)));
        if let Some(dissimilarity) = pair {
            units.push((Some(x), Some(y), dissimilarity));
        }
        (next_a, next_b) = (x + 1, y + 1);
    }
    let alone = a.units.len() + b.units.len() - 2 * pairing.pairs.len();
    Ok(PairAlignment {
        first,
        second,
        units,
        disorder_sum: pairing.pair_dissimilarity + alone as f64,
        text_cost: pairing.alignment_cost,
    })
}

/// The observed disorder of two or more annotators, with the pairwise alignments.
#[derive(Debug, Clone, PartialEq)]
pub struct Observed {
    /// D_o: the mean of the pairwise disorder sums over `x̄` (0 when there is no unit).
    pub disorder: f64,
    /// The alignment of every pair of annotators, (0, 1), (0, 2)… (1, 2)…
    pub pairs: Vec<PairAlignment>,
}

/// `x̄`: the mean number of units per annotator.
fn mean_units(annotations: &[TextAnnotation]) -> f64 {
    annotations.iter().map(|a| a.units.len()).sum::<usize>() as f64 / annotations.len() as f64
}

/// The observed disorder (see the module documentation for more than two annotators).
pub fn observed(
    annotations: &[TextAnnotation],
    options: &AlignmentOptions,
) -> Result<Observed, TextGammaError> {
    if annotations.len() < 2 {
        return Err(TextGammaError::TooFewAnnotators(annotations.len()));
    }
    let mut pairs = Vec::new();
    for first in 0..annotations.len() {
        for second in first + 1..annotations.len() {
            pairs.push(align_pair(annotations, first, second, options)?);
        }
    }
    let x = mean_units(annotations);
    let mean_sum = pairs.iter().map(|p| p.disorder_sum).sum::<f64>() / pairs.len() as f64;
    Ok(Observed {
        disorder: if x > 0.0 { mean_sum / x } else { 0.0 },
        pairs,
    })
}

/// A tγ result.
#[derive(Debug, Clone, PartialEq)]
pub struct TextGammaResult {
    /// tγ = 1 − D_o / D_e: 1 for perfect agreement, 0 at chance.
    pub tgamma: f64,
    /// D_o, with the pairwise alignments it comes from.
    pub observed: Observed,
    /// D_e, the mean disorder of the chance annotations.
    pub expected_disorder: f64,
    /// The number of chance annotations drawn (each a set of one per annotator).
    pub n_samples: usize,
    /// The seed of the chance annotations (repeat the run with it).
    pub seed: u64,
    /// The probability of a text change per unit that the chance model used (p_t).
    pub p_text: f64,
    /// The probability of a split or merge per unit that the chance model used (p_s).
    pub p_segmentation: f64,
    /// Which annotation the chance model perturbed (`None`: each annotator's in turn).
    pub base: Option<String>,
    /// Relative precision reached on D_e at the requested confidence.
    pub achieved_precision: f64,
    /// (low, high) bounds on tγ implied by the precision reached on D_e, as γ's interval;
    /// (1, 1) when D_o = 0.
    pub tgamma_interval: (f64, f64),
    /// The observed disorder of every chance annotation, in the order drawn (D_e is their
    /// mean).
    pub chance_disorders: Vec<f64>,
}

#[cfg(test)]
mod tests;
