//! γ of a corpus of documents (paper §5.2.2), with the corpus sampler when asked.

use crate::continuum::Continuum;
use crate::options::{Dissimilarity, GammaArguments};
use crate::results::{GammaResults, compute};
use pyo3::prelude::*;

/// γ of a corpus (paper §5.2.2): the documents' best alignments together over the corpus's
/// x̄, and the expected disorder from random continua — with `sampler="corpus"`, made of
/// annotators of distinct documents. Same settings as `Continuum.compute_gamma`.
#[pyfunction]
#[pyo3(signature = (documents, dissimilarity=None, n_samples=None, precision_level=None, *,
                    precision=None, confidence=None, max_samples=None, sampler=None,
                    seed=None, preset=None, gamma_cat_variant=None, categorical_gammas=true,
                    soft=false, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn corpus_gamma<'py>(
    py: Python<'py>,
    documents: Vec<Continuum>,
    dissimilarity: Option<Dissimilarity>,
    n_samples: Option<usize>,
    precision_level: Option<Bound<'py, PyAny>>,
    precision: Option<Bound<'py, PyAny>>,
    confidence: Option<f64>,
    max_samples: Option<usize>,
    sampler: Option<String>,
    seed: Option<u64>,
    preset: Option<String>,
    gamma_cat_variant: Option<String>,
    categorical_gammas: bool,
    soft: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<GammaResults> {
    let arguments = GammaArguments {
        dissimilarity,
        n_samples,
        precision_level: crate::options::one_precision(precision_level, precision)?,
        confidence,
        max_samples,
        sampler,
        seed,
        preset,
        gamma_cat_variant,
        categorical_gammas,
        soft,
    };
    let documents = documents.into_iter().map(|c| c.inner).collect();
    compute(py, documents, arguments.options()?, progress)
}
