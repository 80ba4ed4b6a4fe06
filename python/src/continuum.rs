//! `Continuum` (paper §3.1: one source annotated by several annotators) and `Unit`, with the
//! readers of every format the core reads (`gamma_formats::read_documents`).

use crate::errors::{bad_setting, read_error};
use crate::options::{Dissimilarity, GammaArguments};
use crate::results::{GammaResults, compute};
use crate::unit::Unit;
use gamma_formats::{Format, ReadOptions, read_documents, write_continuum};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One document annotated by several annotators (pygamma-agreement's `Continuum`).
///
/// `Continuum()` then `add(annotator, start, end, category)`; or `Continuum.read(*paths)` for
/// CSV, Glozz, CorA-XML, ELAN and every other format of the core; or
/// `Continuum.from_dataframe(df)`. `compute_gamma(...)` gives γ.
#[pyclass(module = "gamma_studio", from_py_object)]
#[derive(Clone)]
pub struct Continuum {
    pub inner: gamma_core::Continuum,
}

/// `(start, end)` from `start, end` numbers, a `(start, end)` pair or an object with `start`
/// and `end` attributes (pyannote's `Segment`), with `end` then omitted.
fn span_of(start: &Bound<'_, PyAny>, end: Option<f64>) -> PyResult<(f64, f64)> {
    if let Some(end) = end {
        return Ok((start.extract::<f64>()?, end));
    }
    if let Ok(pair) = start.extract::<(f64, f64)>() {
        return Ok(pair);
    }
    match (start.getattr("start"), start.getattr("end")) {
        (Ok(s), Ok(e)) => Ok((s.extract()?, e.extract()?)),
        _ => Err(bad_setting(
            "add(annotator, start, end, category) or add(annotator, segment, category) with a (start, end) segment",
        )),
    }
}

/// The reading options of the keyword arguments shared by `read`, `read_corpus`, `read_manifest`.
#[allow(clippy::too_many_arguments)]
fn read_options(
    format: Option<&str>,
    text: Option<PathBuf>,
    model: Option<PathBuf>,
    annotators: Option<BTreeMap<String, PathBuf>>,
    layer: Option<String>,
    layers: Option<Vec<String>>,
    category_feature: Option<String>,
    exclude_types: Option<Vec<String>>,
) -> PyResult<ReadOptions> {
    let mut options = ReadOptions {
        format: format
            .map(|f| f.parse::<Format>().map_err(|e| bad_setting(e.to_string())))
            .transpose()?,
        text,
        model,
        annotator_names: annotators.unwrap_or_default().into_iter().collect(),
        ..ReadOptions::default()
    };
    if let Some(layer) = layer {
        options.cora.category_layer = layer;
    }
    options.cora.layers = layers;
    options.glozz.category_feature = category_feature;
    options.glozz.exclude_types = exclude_types.unwrap_or_default();
    Ok(options)
}

/// Every document of these files (a CSV or ELAN file is a document; Glozz `.aa` or CorA-XML
/// files given together are one), or of one corpus folder given alone (documents matched by
/// name, as `gamma-studio gamma DIR` reads it), reading without the GIL; warnings go to
/// Python's `warnings`.
pub(crate) fn documents(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    options: ReadOptions,
) -> PyResult<Vec<gamma_core::Continuum>> {
    let (documents, warnings) = py
        .detach(move || match paths.as_slice() {
            [folder] if folder.is_dir() => {
                gamma_formats::read_corpus(folder, &options).map(|(d, w, _)| (d, w))
            }
            _ => read_documents(&paths, &options),
        })
        .map_err(|e| read_error(&e))?;
    if !warnings.is_empty() {
        let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
        for warning in &warnings {
            let message =
                std::ffi::CString::new(warning.to_string().replace('\0', " ")).unwrap_or_default();
            PyErr::warn(py, &category, &message, 1)?;
        }
    }
    Ok(documents.into_iter().map(|d| d.continuum).collect())
}

fn paths_of(paths: &Bound<'_, PyTuple>) -> PyResult<Vec<PathBuf>> {
    let mut out = Vec::new();
    for item in paths.iter() {
        if let Ok(path) = item.extract::<PathBuf>() {
            out.push(path);
        } else {
            out.extend(item.extract::<Vec<PathBuf>>().map_err(|_| {
                bad_setting("paths: file names (str or os.PathLike), or lists of them")
            })?);
        }
    }
    Ok(out)
}

/// Reads one document from annotation files in any format the core reads (by extension, or
/// `format=`): CSV (`annotator,category,start,end`), Glozz `.aa` (one per annotator, with
/// `text=` the `.ac` unless beside them), CorA-XML (`layer=` the category layer), ELAN `.eaf`.
/// Errors raise `ReadError` with the reader's message (file, line).
#[pyfunction]
#[pyo3(signature = (*paths, format=None, text=None, model=None, annotators=None, layer=None,
                    layers=None, category_feature=None, exclude_types=None))]
#[allow(clippy::too_many_arguments)]
pub fn read(
    py: Python<'_>,
    paths: &Bound<'_, PyTuple>,
    format: Option<&str>,
    text: Option<PathBuf>,
    model: Option<PathBuf>,
    annotators: Option<BTreeMap<String, PathBuf>>,
    layer: Option<String>,
    layers: Option<Vec<String>>,
    category_feature: Option<String>,
    exclude_types: Option<Vec<String>>,
) -> PyResult<Continuum> {
    let options = read_options(
        format,
        text,
        model,
        annotators,
        layer,
        layers,
        category_feature,
        exclude_types,
    )?;
    let files = paths_of(paths)?;
    let mut read = documents(py, files, options)?;
    if read.len() != 1 {
        return Err(bad_setting(format!(
            "these files make {} documents; read_corpus reads several",
            read.len()
        )));
    }
    Ok(Continuum {
        inner: read.remove(0),
    })
}

/// Reads several documents (a corpus): every CSV or ELAN file is a document; one folder given
/// alone is a corpus folder (one folder per annotator with same-named files, one folder per
/// document, or one file per document), its documents matched by name.
#[pyfunction]
#[pyo3(signature = (*paths, format=None, text=None, model=None, annotators=None, layer=None,
                    layers=None, category_feature=None, exclude_types=None))]
#[allow(clippy::too_many_arguments)]
pub fn read_corpus(
    py: Python<'_>,
    paths: &Bound<'_, PyTuple>,
    format: Option<&str>,
    text: Option<PathBuf>,
    model: Option<PathBuf>,
    annotators: Option<BTreeMap<String, PathBuf>>,
    layer: Option<String>,
    layers: Option<Vec<String>>,
    category_feature: Option<String>,
    exclude_types: Option<Vec<String>>,
) -> PyResult<Vec<Continuum>> {
    let options = read_options(
        format,
        text,
        model,
        annotators,
        layer,
        layers,
        category_feature,
        exclude_types,
    )?;
    let files = paths_of(paths)?;
    Ok(documents(py, files, options)?
        .into_iter()
        .map(|inner| Continuum { inner })
        .collect())
}

/// The files a manifest lists: one file per line, relative to the manifest's folder; blank
/// lines and lines starting with `#` are skipped.
pub fn manifest_paths(manifest: &Path) -> PyResult<Vec<PathBuf>> {
    let text = std::fs::read_to_string(manifest).map_err(|e| {
        read_error(&gamma_formats::FileError::new(
            manifest,
            None,
            format!("cannot read: {e}"),
        ))
    })?;
    let folder = manifest.parent().unwrap_or(Path::new("."));
    let paths: Vec<PathBuf> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| folder.join(line))
        .collect();
    if paths.is_empty() {
        return Err(read_error(&gamma_formats::FileError::new(
            manifest,
            None,
            "the manifest lists no file",
        )));
    }
    Ok(paths)
}

/// The files a manifest lists (one per line, relative to the manifest; `#` comments), as
/// strings: what a distributed recipe sends to its workers.
#[pyfunction(name = "manifest_paths")]
pub fn py_manifest_paths(manifest: PathBuf) -> PyResult<Vec<String>> {
    Ok(manifest_paths(&manifest)?
        .iter()
        .map(|p| p.display().to_string())
        .collect())
}

/// Reads the documents a manifest lists (one file per line, relative to the manifest; `#`
/// comments): the corpus whose expected disorder the corpus sampler draws from.
#[pyfunction]
#[pyo3(signature = (manifest, format=None))]
pub fn read_manifest(
    py: Python<'_>,
    manifest: PathBuf,
    format: Option<&str>,
) -> PyResult<Vec<Continuum>> {
    let options = read_options(format, None, None, None, None, None, None, None)?;
    let files = manifest_paths(&manifest)?;
    Ok(documents(py, files, options)?
        .into_iter()
        .map(|inner| Continuum { inner })
        .collect())
}

#[pymethods]
impl Continuum {
    #[new]
    #[pyo3(signature = (name=""))]
    fn py_new(name: &str) -> Self {
        Continuum {
            inner: gamma_core::Continuum::new(name),
        }
    }

    /// Adds a unit: `add("ann1", 10.0, 25.0, "PER")`, or pygamma's
    /// `add("ann1", Segment(10, 25), "PER")` / `add("ann1", (10, 25), "PER")`.
    #[pyo3(signature = (annotator, start, end=None, category=None))]
    fn add(
        &mut self,
        annotator: &str,
        start: &Bound<'_, PyAny>,
        end: Option<&Bound<'_, PyAny>>,
        category: Option<String>,
    ) -> PyResult<()> {
        // add(annotator, segment, category): the second positional argument is the category.
        let (end, category) = match end {
            Some(e) if e.extract::<f64>().is_ok() => (Some(e.extract::<f64>()?), category),
            Some(e) if category.is_none() => (None, Some(e.extract::<String>()?)),
            Some(_) => return Err(bad_setting("end must be a number")),
            None => (None, category),
        };
        let (s, e) = span_of(start, end)?;
        self.inner
            .add(annotator, s, e, category.as_deref().unwrap_or(""))
            .map_err(|err| bad_setting(format!("annotator {annotator:?}: {err}")))
    }

    /// Adds an annotator with no unit (it still counts as one of the annotators).
    fn add_annotator(&mut self, annotator: &str) {
        self.inner.add_annotator(annotator);
    }

    /// The document's name (its file, when read).
    #[getter]
    fn name(&self) -> String {
        self.inner.name.clone()
    }

    /// The annotated text, when there is one (Glozz `.ac`, rebuilt CorA text).
    #[getter]
    fn text(&self) -> Option<String> {
        self.inner.text.clone()
    }

    /// Annotator names, in the order they were added or read.
    #[getter]
    fn annotators(&self) -> Vec<String> {
        self.inner
            .annotators
            .iter()
            .map(|a| a.name.clone())
            .collect()
    }

    /// Categories, in alphabetical order (the order of category matrices).
    #[getter]
    fn categories(&self) -> Vec<String> {
        self.inner.categories()
    }

    /// Number of units of every annotator.
    #[getter]
    fn num_units(&self) -> usize {
        self.inner.n_units()
    }

    /// Number of annotators.
    #[getter]
    fn num_annotators(&self) -> usize {
        self.inner.n_annotators()
    }

    /// Mean number of units per annotator (x̄).
    #[getter]
    fn avg_num_annotations_per_annotator(&self) -> f64 {
        self.inner.n_units() as f64 / self.inner.n_annotators().max(1) as f64
    }

    /// Lowest start of a unit.
    #[getter]
    fn bound_inf(&self) -> f64 {
        self.inner.bounds().0
    }

    /// Highest end of a unit.
    #[getter]
    fn bound_sup(&self) -> f64 {
        self.inner.bounds().1
    }

    /// The units of one annotator, or of all (annotator order, then reading order).
    #[pyo3(signature = (annotator=None))]
    fn units(&self, annotator: Option<&str>) -> PyResult<Vec<Unit>> {
        if let Some(name) = annotator
            && !self.inner.annotators.iter().any(|a| a.name == name)
        {
            return Err(pyo3::exceptions::PyKeyError::new_err(format!(
                "no annotator {name:?}"
            )));
        }
        Ok(self
            .inner
            .annotators
            .iter()
            .filter(|a| annotator.is_none_or(|name| a.name == name))
            .flat_map(|a| a.units.iter().map(|u| Unit::of(&a.name, u)))
            .collect())
    }

    /// The units of one annotator (pygamma's name).
    fn iterunits(&self, annotator: &str) -> PyResult<Vec<Unit>> {
        self.units(Some(annotator))
    }

    fn __len__(&self) -> usize {
        self.inner.n_units()
    }

    fn __repr__(&self) -> String {
        format!(
            "Continuum(name={:?}, annotators={}, units={})",
            self.inner.name,
            self.inner.n_annotators(),
            self.inner.n_units()
        )
    }

    /// Writes the continuum as `annotator,category,start,end` CSV (through a temporary file
    /// renamed at the end).
    fn to_csv(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let inner = self.inner.clone();
        py.detach(move || {
            write_continuum(
                &inner,
                None,
                gamma_formats::csv::CSV,
                &path,
                &Default::default(),
            )
        })
        .map_err(|e| read_error(&e))?;
        Ok(())
    }

    /// Reads one document (see `gamma_studio.read`).
    #[staticmethod]
    #[pyo3(signature = (*paths, **kwargs))]
    fn read(
        py: Python<'_>,
        paths: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let function = py.import("gamma_studio._core")?.getattr("read")?;
        Ok(function.call(paths, kwargs)?.unbind())
    }

    /// Reads a CSV file `annotator,category,start,end` (header optional), as pygamma's
    /// `Continuum.from_csv`.
    #[staticmethod]
    fn from_csv(py: Python<'_>, path: PathBuf) -> PyResult<Continuum> {
        let options = read_options(Some("csv"), None, None, None, None, None, None, None)?;
        let mut read = documents(py, vec![path], options)?;
        Ok(Continuum {
            inner: read.remove(0),
        })
    }

    /// γ of this continuum (paper §4.8): the exact best alignment and the expected disorder of
    /// random continua. Settings default to the core's (statistical sampler, precision 0.02 at
    /// 95 %, seed 1); the result is the same for the same seed. `progress(done, needed)` is
    /// called as random continua are solved; if it raises, the computation stops and the
    /// exception propagates.
    #[pyo3(signature = (dissimilarity=None, n_samples=None, precision_level=None, *,
                        precision=None, confidence=None, max_samples=None, sampler=None,
                        seed=None, preset=None, gamma_cat_variant=None, categorical_gammas=true,
                        soft=false, progress=None))]
    #[allow(clippy::too_many_arguments)]
    fn compute_gamma<'py>(
        &self,
        py: Python<'py>,
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
        compute(py, vec![self.inner.clone()], arguments.options()?, progress)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let json = serde_json::to_string(&self.inner).map_err(crate::errors::computation)?;
        let class = py.get_type::<Continuum>();
        Ok((class.getattr("_from_json")?, (json,)))
    }

    /// The continuum of its JSON form (pickling).
    #[staticmethod]
    fn _from_json(json: &str) -> PyResult<Continuum> {
        serde_json::from_str(json)
            .map(|inner| Continuum { inner })
            .map_err(|e| bad_setting(format!("not a continuum: {e}")))
    }
}
