//! Settings from Python keyword arguments, parsed into the core's types: names go through the
//! core's `FromStr` (`"shuffle".parse::<SamplerKind>()`), defaults are the core's
//! ([`GammaOptions::default`]), so the package, the command line and the app agree.

use crate::errors::{bad_setting, setting_error};
use gamma_core::SamplerKind;
use gamma_core::gamma::{SampleChoices, SampleCount};
use gamma_core::gamma_cat::GammaCatVariant;
use gamma_core::{CategoryDissimilarity, CategoryMatrix, CategoryScale, GammaOptions, Preset};
use pyo3::prelude::*;
use std::path::PathBuf;

/// How two units compare (paper §4.4): `d = α·d_pos + β·d_cat`, both scaled by Δ∅
/// (pygamma-agreement's `CombinedCategoricalDissimilarity`).
///
/// `category_scale` is one of nominal, ordinal (with `category_order`), numeric, levenshtein;
/// `category_matrix` is a CSV file (header of categories, one row per category) or a pair
/// `(categories, rows)`. `preset` ("gamma-software", "pygamma") is applied first.
#[pyclass(module = "gamma_studio", from_py_object)]
#[derive(Clone, Default)]
pub struct Dissimilarity {
    pub inner: gamma_core::Dissimilarity,
}

/// Parses a named choice with the core's `FromStr`, as a `ValueError` naming the argument.
pub fn parse<T>(argument: &str, name: &str) -> PyResult<T>
where
    T: std::str::FromStr<Err = gamma_core::settings::UnknownName>,
{
    name.parse::<T>()
        .map_err(|e| bad_setting(format!("{argument}: {e}")))
}

/// A category matrix from a path or `(categories, rows)`.
fn matrix_of(matrix: &Bound<'_, PyAny>) -> PyResult<CategoryMatrix> {
    if let Ok(path) = matrix.extract::<PathBuf>() {
        return CategoryMatrix::read(&path).map_err(|e| bad_setting(e.to_string()));
    }
    let (categories, rows): (Vec<String>, Vec<Vec<f64>>) = matrix.extract().map_err(|_| {
        bad_setting("category_matrix: a CSV file or a pair (categories, rows of numbers)")
    })?;
    CategoryMatrix::new(categories, rows.concat(), "category_matrix")
        .map_err(|e| bad_setting(e.to_string()))
}

#[pymethods]
impl Dissimilarity {
    #[new]
    #[pyo3(signature = (alpha=None, beta=None, delta_empty=None, category_scale=None,
                        category_order=None, category_matrix=None, preset=None))]
    fn py_new(
        alpha: Option<f64>,
        beta: Option<f64>,
        delta_empty: Option<f64>,
        category_scale: Option<&str>,
        category_order: Option<Vec<String>>,
        category_matrix: Option<&Bound<'_, PyAny>>,
        preset: Option<&str>,
    ) -> PyResult<Self> {
        let mut inner = match preset {
            Some(name) => parse::<Preset>("preset", name)?.options().dissimilarity,
            None => gamma_core::Dissimilarity::default(),
        };
        inner.alpha = alpha.unwrap_or(inner.alpha);
        inner.beta = beta.unwrap_or(inner.beta);
        inner.delta_empty = delta_empty.unwrap_or(inner.delta_empty);
        inner.check().map_err(|e| setting_error(&e))?;
        match (category_scale, category_matrix) {
            (Some(_), Some(_)) => {
                return Err(bad_setting(
                    "give category_scale or category_matrix, not both",
                ));
            }
            (Some(scale), None) => {
                let scale = parse::<CategoryScale>("category_scale", scale)?;
                inner.categorical = scale
                    .dissimilarity(category_order.as_deref().unwrap_or_default())
                    .map_err(|e| bad_setting(format!("category_scale {scale}: {e}")))?;
            }
            (None, Some(matrix)) => {
                inner.categorical = CategoryDissimilarity::Matrix(matrix_of(matrix)?);
            }
            (None, None) if category_order.is_some() => {
                let order = category_order.unwrap_or_default();
                inner.categorical = CategoryDissimilarity::Ordinal(order);
            }
            (None, None) => {}
        }
        Ok(Dissimilarity { inner })
    }

    /// Weight α of the positional dissimilarity.
    #[getter]
    fn alpha(&self) -> f64 {
        self.inner.alpha
    }

    /// Weight β of the categorical dissimilarity.
    #[getter]
    fn beta(&self) -> f64 {
        self.inner.beta
    }

    /// Cost Δ∅ of an empty slot (scales both terms).
    #[getter]
    fn delta_empty(&self) -> f64 {
        self.inner.delta_empty
    }

    /// How categories compare: nominal, ordinal, numeric, levenshtein or matrix.
    #[getter]
    fn category_scale(&self) -> String {
        self.inner.categorical.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Dissimilarity(alpha={}, beta={}, delta_empty={}, category_scale={:?})",
            self.inner.alpha,
            self.inner.beta,
            self.inner.delta_empty,
            self.inner.categorical.to_string()
        )
    }
}

/// The keyword arguments of `compute_gamma` and `corpus_gamma`.
pub struct GammaArguments<'py> {
    pub dissimilarity: Option<Dissimilarity>,
    pub n_samples: Option<usize>,
    pub precision_level: Option<Bound<'py, PyAny>>,
    pub confidence: Option<f64>,
    pub max_samples: Option<usize>,
    pub sampler: Option<String>,
    pub seed: Option<u64>,
    pub preset: Option<String>,
    pub gamma_cat_variant: Option<String>,
    pub categorical_gammas: bool,
    /// Soft-γ: a unit may be in several unitary alignments (pygamma-agreement 0.5's).
    pub soft: bool,
}

/// `precision_level` (pygamma-agreement's name) or `precision` (the same, as the issue and the
/// command line call it), not both.
pub fn one_precision<'py>(
    precision_level: Option<Bound<'py, PyAny>>,
    precision: Option<Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    if precision.is_some() && precision_level.is_some() {
        return Err(bad_setting(
            "give precision or precision_level (the same), not both",
        ));
    }
    Ok(precision_level.or(precision))
}

/// pygamma-agreement's named precision levels (its `PRECISION_LEVEL`).
fn precision_of(level: &Bound<'_, PyAny>) -> PyResult<f64> {
    if let Ok(value) = level.extract::<f64>() {
        return Ok(value);
    }
    let name: String = level
        .extract()
        .map_err(|_| bad_setting("precision_level: a number or high, medium, low"))?;
    match name.as_str() {
        "high" => Ok(0.01),
        "medium" => Ok(0.02),
        "low" => Ok(0.1),
        other => Err(bad_setting(format!(
            "precision_level: unknown level {other:?} (high = 0.01, medium = 0.02, low = 0.1, or a number)"
        ))),
    }
}

impl GammaArguments<'_> {
    /// The core's defaults, the preset, then each argument given.
    pub fn options(&self) -> PyResult<GammaOptions> {
        let mut options = GammaOptions::default();
        if let Some(name) = &self.preset {
            parse::<Preset>("preset", name)?.apply(&mut options);
        }
        if let Some(d) = &self.dissimilarity {
            options.dissimilarity = d.inner.clone();
        }
        if let Some(name) = &self.sampler {
            options.sampler = options
                .sampler
                .with_kind(parse::<SamplerKind>("sampler", name)?);
        }
        if let Some(name) = &self.gamma_cat_variant {
            options.gamma_cat_variant = parse::<GammaCatVariant>("gamma_cat_variant", name)?;
        }
        options.categorical_gammas = self.categorical_gammas;
        options.soft = self.soft;
        if let Some(seed) = self.seed {
            options.seed = seed;
        }
        options.samples = self.sample_count(options.samples)?;
        options.check().map_err(|e| setting_error(&e))?;
        Ok(options)
    }

    fn sample_count(&self, current: SampleCount) -> PyResult<SampleCount> {
        if self.n_samples.is_some() && (self.precision_level.is_some() || self.confidence.is_some())
        {
            return Err(bad_setting(
                "give n_samples or precision_level/confidence, not both",
            ));
        }
        let precision = match &self.precision_level {
            Some(level) => Some(precision_of(level)?),
            None => None,
        };
        let choices = SampleChoices {
            samples: self.n_samples,
            precision,
            confidence: self.confidence,
            max_samples: self.max_samples,
        };
        current.with_choices(choices).map_err(|e| setting_error(&e))
    }
}
