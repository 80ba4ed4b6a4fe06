//! tγ (Barteld, Schröder & Zinsmeister 2016) of CorA-XML files, one per annotator: the same
//! steps as the command line's `textgamma` (read, keep the layers asked for, run), into the
//! core's `TextGammaOptions`.

use crate::errors::{bad_setting, computation, read_error, setting_error};
use gamma_core::gamma::{RunControl, SampleChoices};
use gamma_core::textgamma::sampler::{
    Probabilities, TextGammaOptions, text_gamma as core_text_gamma,
};
use gamma_core::textgamma::{TextAnnotation, TextDistance, TextGammaError, annotations_of};
use gamma_formats::{ReadOptions, read_documents};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::path::PathBuf;

/// A tγ result.
#[pyclass(module = "gamma_studio", frozen)]
pub struct TextGammaResults {
    /// tγ = 1 − D_o / D_e.
    #[pyo3(get)]
    pub tgamma: f64,
    /// D_o: mean pairwise disorder of the annotators' token alignments.
    #[pyo3(get)]
    pub observed_disorder: f64,
    /// D_e: mean disorder of the chance annotations.
    #[pyo3(get)]
    pub expected_disorder: f64,
    /// Number of chance annotations.
    #[pyo3(get)]
    pub n_samples: usize,
    /// The seed of the chance annotations.
    #[pyo3(get)]
    pub seed: u64,
    /// p_t: probability of a text change per token, given or estimated.
    #[pyo3(get)]
    pub p_text: f64,
    /// p_s: probability of a split or merge per token, given or estimated.
    #[pyo3(get)]
    pub p_segmentation: f64,
    /// Relative precision reached on D_e.
    #[pyo3(get)]
    pub achieved_precision: f64,
    /// The annotators.
    #[pyo3(get)]
    pub annotators: Vec<String>,
}

#[pymethods]
impl TextGammaResults {
    /// tγ, under the name γ results use.
    #[getter]
    fn gamma(&self) -> f64 {
        self.tgamma
    }

    fn __repr__(&self) -> String {
        format!(
            "TextGammaResults(tgamma={:.6}, observed_disorder={:.6}, expected_disorder={:.6}, n_samples={}, seed={})",
            self.tgamma, self.observed_disorder, self.expected_disorder, self.n_samples, self.seed
        )
    }
}

fn read_annotations(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    options: ReadOptions,
    layers: Option<&[String]>,
) -> PyResult<Vec<TextAnnotation>> {
    let layer = options.cora.category_layer.clone();
    let (documents, _warnings) = py
        .detach(move || read_documents(&paths, &options))
        .map_err(|e| read_error(&e))?;
    if documents.len() != 1 {
        return Err(bad_setting(format!(
            "tγ compares the annotators of one text; these files make {} documents",
            documents.len()
        )));
    }
    let read = annotations_of(&documents[0].continuum, &layer).map_err(computation)?;
    Ok(match layers {
        Some(layers) => read.into_iter().map(|a| a.with_layers(layers)).collect(),
        None => read,
    })
}

fn options_of(
    p_text: Option<f64>,
    p_segmentation: Option<f64>,
    prior: Option<(f64, f64)>,
    text_distance: Option<&str>,
    samples: (Option<usize>, Option<f64>),
    seed: Option<u64>,
    reference_merges: bool,
) -> PyResult<TextGammaOptions> {
    let probabilities = match (p_text, p_segmentation) {
        (Some(p_text), Some(p_segmentation)) => Probabilities::Given {
            p_text,
            p_segmentation,
        },
        (None, None) => Probabilities::Estimated { prior },
        _ => {
            return Err(bad_setting(
                "give both p_text and p_segmentation, or neither (estimated)",
            ));
        }
    };
    let mut options = TextGammaOptions {
        probabilities,
        ..TextGammaOptions::default()
    };
    if let Some(name) = text_distance {
        options.alignment.dissimilarity.text =
            crate::options::parse::<TextDistance>("text_distance", name)?;
    }
    options.reference_merges = reference_merges;
    if samples.0.is_some() && samples.1.is_some() {
        return Err(bad_setting("give n_samples or precision, not both"));
    }
    options.samples = options
        .samples
        .with_choices(SampleChoices {
            samples: samples.0,
            precision: samples.1,
            ..SampleChoices::default()
        })
        .map_err(|e| setting_error(&e))?;
    if let Some(seed) = seed {
        options.seed = seed;
    }
    options.check().map_err(|e| setting_error(&e))?;
    Ok(options)
}

/// tγ of CorA-XML files (one per annotator of the same text): `layer` is the category layer
/// (default pos), `layers` the layers that count (default all), `base` the pre-annotation
/// the chance model perturbs; `p_text` and `p_segmentation` are estimated unless both are
/// given (`prior=(a, b)`: the Beta posterior mode).
#[pyfunction]
#[pyo3(signature = (*paths, base=None, layer=None, layers=None, p_text=None, p_segmentation=None,
                    prior=None, text_distance=None, n_samples=None, precision=None, seed=None,
                    reference_merges=false))]
#[allow(clippy::too_many_arguments)]
pub fn text_gamma(
    py: Python<'_>,
    paths: &Bound<'_, PyTuple>,
    base: Option<PathBuf>,
    layer: Option<String>,
    layers: Option<Vec<String>>,
    p_text: Option<f64>,
    p_segmentation: Option<f64>,
    prior: Option<(f64, f64)>,
    text_distance: Option<&str>,
    n_samples: Option<usize>,
    precision: Option<f64>,
    seed: Option<u64>,
    reference_merges: bool,
) -> PyResult<TextGammaResults> {
    let options = options_of(
        p_text,
        p_segmentation,
        prior,
        text_distance,
        (n_samples, precision),
        seed,
        reference_merges,
    )?;
    let mut read_options = ReadOptions::default();
    if let Some(layer) = layer {
        read_options.cora.category_layer = layer;
    }
    let files: Vec<PathBuf> = paths.extract()?;
    let annotations = read_annotations(py, files, read_options.clone(), layers.as_deref())?;
    let base = match base {
        Some(path) => {
            let name = path
                .file_stem()
                .map_or("base".into(), |s| s.to_string_lossy().into_owned());
            read_options.annotator_names = vec![(name, path.clone())];
            Some(read_annotations(py, vec![path], read_options, layers.as_deref())?.remove(0))
        }
        None => None,
    };
    let result = py
        .detach(|| core_text_gamma(&annotations, base.as_ref(), &options, RunControl::default()))
        .map_err(|e| match e {
            TextGammaError::Setting(setting) => setting_error(&setting),
            other => computation(other),
        })?;
    Ok(TextGammaResults {
        tgamma: result.tgamma,
        observed_disorder: result.observed.disorder,
        expected_disorder: result.expected_disorder,
        n_samples: result.n_samples,
        seed: result.seed,
        p_text: result.p_text,
        p_segmentation: result.p_segmentation,
        achieved_precision: result.achieved_precision,
        annotators: annotations.iter().map(|a| a.name.clone()).collect(),
    })
}
