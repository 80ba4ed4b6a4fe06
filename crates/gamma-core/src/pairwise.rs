//! γ of every pair of annotators over a corpus: the matrix that says who disagrees with whom.
//!
//! The γ of a pair is the corpus γ ([`crate::corpus_gamma`]) of the documents both annotated,
//! each reduced to those two annotators, with the same options (and so the same seed) as the
//! whole. Annotators are named, not numbered: a corpus whose documents have different annotators
//! (a folder per annotator where not everyone annotated everything) pairs them by name.
//!
//! `n` annotators make `n(n − 1)/2` pairs, each a γ with its own sampling: past
//! [`MAX_PAIRWISE_ANNOTATORS`] ([`MAX_PAIRS`] pairs) the matrix is refused before any γ is
//! computed ([`GammaError::TooManyPairs`], from [`check_pairs`] and [`try_pairwise`]).

use crate::continuum::Continuum;
use crate::corpus::Corpus;
use crate::gamma::{GammaError, GammaOptions, GammaResult, RunControl, corpus_gamma};
use rayon::prelude::*;

/// The most annotators whose pairwise γ is computed: a matrix of 100 × 100 can still be read.
pub const MAX_PAIRWISE_ANNOTATORS: usize = 100;

/// The most pairs of annotators whose γ is computed, `n(n − 1)/2` of
/// [`MAX_PAIRWISE_ANNOTATORS`].
pub const MAX_PAIRS: usize = MAX_PAIRWISE_ANNOTATORS * (MAX_PAIRWISE_ANNOTATORS - 1) / 2;

/// How many pairs the annotators of `corpus` make, or [`GammaError::TooManyPairs`] past
/// [`MAX_PAIRWISE_ANNOTATORS`].
pub fn check_pairs(corpus: &Corpus) -> Result<usize, GammaError> {
    let annotators = annotator_names(corpus).len();
    let pairs = annotators * annotators.saturating_sub(1) / 2;
    if annotators > MAX_PAIRWISE_ANNOTATORS {
        return Err(GammaError::TooManyPairs {
            annotators,
            pairs,
            limit: MAX_PAIRWISE_ANNOTATORS,
        });
    }
    Ok(pairs)
}

/// [`pairwise`] within [`MAX_PAIRWISE_ANNOTATORS`]: refused ([`check_pairs`]) before any γ is computed.
pub fn try_pairwise(
    corpus: &Corpus,
    options: &GammaOptions,
    control: RunControl,
) -> Result<Vec<PairGamma>, GammaError> {
    check_pairs(corpus)?;
    Ok(pairwise(corpus, options, control))
}

/// γ of one pair of annotators.
#[derive(Debug, Clone)]
pub struct PairGamma {
    /// The two annotators' names, in order of first appearance in the corpus.
    pub annotators: [String; 2],
    /// How many documents both annotated.
    pub documents: usize,
    /// The corpus γ of those documents reduced to the pair, or why there is none.
    pub result: Result<GammaResult, GammaError>,
}

impl PairGamma {
    /// γ, when it could be computed.
    pub fn gamma(&self) -> Option<f64> {
        self.result.as_ref().ok().map(|r| r.gamma)
    }
}

/// Every annotator's name, in order of first appearance in the corpus.
pub fn annotator_names(corpus: &Corpus) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut names: Vec<String> = Vec::new();
    for document in &corpus.documents {
        for annotator in &document.annotators {
            if seen.insert(annotator.name.as_str()) {
                names.push(annotator.name.clone());
            }
        }
    }
    names
}

/// `document` reduced to the two named annotators, if it has both.
fn reduced(document: &Continuum, pair: &[String; 2]) -> Option<Continuum> {
    let mut out = Continuum::new(document.name.clone());
    out.text = document.text.clone();
    for name in pair {
        out.annotators.push(
            document
                .annotators
                .iter()
                .find(|a| &a.name == name)?
                .clone(),
        );
    }
    Some(out)
}

/// γ of every pair of annotators, pairs in the order of [`annotator_names`] (first with second,
/// first with third, …). Cancelling through `control` stops the pairs not yet done. The number
/// of pairs is not checked: [`try_pairwise`] refuses more than [`MAX_PAIRS`].
pub fn pairwise(corpus: &Corpus, options: &GammaOptions, control: RunControl) -> Vec<PairGamma> {
    let names = annotator_names(corpus);
    let mut pairs = Vec::new();
    for (i, first) in names.iter().enumerate() {
        for second in &names[i + 1..] {
            pairs.push([first.clone(), second.clone()]);
        }
    }
    pairs
        .into_par_iter()
        .map(|pair| {
            let documents: Vec<Continuum> = corpus
                .documents
                .iter()
                .filter_map(|d| reduced(d, &pair))
                .collect();
            let n = documents.len();
            let alone = RunControl {
                cancelled: control.cancelled,
                on_progress: None,
            };
            // No document annotated by both: no corpus to measure.
            let result = if documents.is_empty() {
                Err(GammaError::NoDocument)
            } else if control.is_cancelled() {
                Err(GammaError::Cancelled)
            } else {
                corpus_gamma(&Corpus::new(documents), options, alone)
            };
            PairGamma {
                annotators: pair,
                documents: n,
                result,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gamma::SampleCount;

    fn options() -> GammaOptions {
        GammaOptions {
            samples: SampleCount::Fixed(30),
            seed: 3,
            ..GammaOptions::default()
        }
    }

    #[test]
    fn a_pair_is_the_corpus_of_the_documents_both_annotated() {
        let mut one = Continuum::new("one");
        let mut two = Continuum::new("two");
        for (s, e) in [(0.0, 10.0), (20.0, 30.0), (40.0, 50.0)] {
            one.add("a", s, e, "x").unwrap();
            one.add("b", s + 1.0, e, "x").unwrap();
            two.add("a", s, e, "x").unwrap();
            two.add("c", s, e + 3.0, "x").unwrap();
        }
        let corpus = Corpus::new(vec![one.clone(), two.clone()]);
        let pairs = pairwise(&corpus, &options(), RunControl::default());
        let names: Vec<[String; 2]> = pairs.iter().map(|p| p.annotators.clone()).collect();
        assert_eq!(
            names,
            [
                ["a".to_string(), "b".to_string()],
                ["a".to_string(), "c".to_string()],
                ["b".to_string(), "c".to_string()]
            ]
        );
        let ab = crate::gamma::gamma(&one, &options(), RunControl::default()).unwrap();
        assert_eq!(pairs[0].gamma(), Some(ab.gamma));
        assert_eq!(pairs[0].documents, 1);
        assert!(pairs[2].result.is_err(), "b and c share no document");
        assert_eq!(pairs[2].documents, 0);
    }
}
