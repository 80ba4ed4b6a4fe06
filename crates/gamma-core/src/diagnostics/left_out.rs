//! γ with each annotator left out: which annotator lowers the agreement of the group.
//!
//! For each annotator, the corpus is measured again without her — every document reduced to
//! the other annotators, with the same options and seed — and given its bootstrap confidence
//! interval ([`crate::bootstrap`]). The γ is exactly that of the reduced corpus opened alone
//! (tested). It needs three annotators at least (two remain).

use crate::bootstrap::{BootstrapError, BootstrapOptions, ConfidenceInterval, bootstrap_gamma};
use crate::continuum::Continuum;
use crate::corpus::Corpus;
use crate::gamma::{GammaError, GammaOptions, RunControl, corpus_gamma};

/// γ of the corpus without one annotator.
#[derive(Debug, Clone)]
pub struct LeftOutGamma {
    /// γ of the others.
    pub gamma: f64,
    /// Its precision interval (from the random continua of `D_e`).
    pub precision_interval: (f64, f64),
    /// γ-cat of the others, when computed.
    pub gamma_cat: Option<f64>,
    /// Its bootstrap confidence interval, or why there is none.
    pub confidence_interval: Result<ConfidenceInterval, BootstrapError>,
}

/// One annotator left out.
#[derive(Debug, Clone)]
pub struct LeftOut {
    /// The annotator left out.
    pub annotator: String,
    /// γ of the others, or why it cannot be computed.
    pub result: Result<LeftOutGamma, GammaError>,
}

impl LeftOut {
    /// γ of the others, when computed.
    pub fn gamma(&self) -> Option<f64> {
        self.result.as_ref().ok().map(|r| r.gamma)
    }
}

/// `document` without the annotator named `name` (as it is when she did not annotate it).
pub fn without(document: &Continuum, name: &str) -> Continuum {
    let mut out = document.clone();
    out.annotators.retain(|a| a.name != name);
    out
}

/// γ of `corpus` with each of its annotators left out in turn (in order of first appearance),
/// each with the `bootstrap` interval. Fewer than three annotators give
/// [`GammaError::Alignment`] rows (too few annotators), cancelling gives
/// [`GammaError::Cancelled`] rows.
pub fn left_out(
    corpus: &Corpus,
    options: &GammaOptions,
    bootstrap: &BootstrapOptions,
    control: RunControl,
) -> Vec<LeftOut> {
    let names = crate::pairwise::annotator_names(corpus);
    let alone = RunControl {
        cancelled: control.cancelled,
        on_progress: None,
    };
    names
        .iter()
        .enumerate()
        .map(|(done, name)| {
            control.progress(done, names.len());
            let reduced = Corpus::new(corpus.documents.iter().map(|d| without(d, name)).collect());
            let result = corpus_gamma(&reduced, options, alone).map(|result| LeftOutGamma {
                gamma: result.gamma,
                precision_interval: result.gamma_interval,
                gamma_cat: result.gamma_cat,
                confidence_interval: bootstrap_gamma(&result, options, bootstrap),
            });
            LeftOut {
                annotator: name.clone(),
                result,
            }
        })
        .collect()
}
