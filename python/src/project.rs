//! A project file saved by the app: its documents read as the app reads them (inputs, reading
//! options), and γ with the project's settings (its categories left out too) — so that a
//! script or a cluster gives the values the app shows.

use crate::continuum::{Continuum, documents};
use crate::errors::read_error;
use crate::results::{GammaResults, compute};
use gamma_formats::project::{ProjectInputs, ProjectReading, read_project as read_project_file};
use pyo3::prelude::*;
use std::path::PathBuf;

/// A Gamma Studio project (`read_project(path)`).
#[pyclass(module = "gamma_studio")]
pub struct Project {
    path: PathBuf,
    reading: ProjectReading,
    documents: Vec<gamma_core::Continuum>,
}

impl Project {
    /// `continuum` without the categories the project leaves out of γ.
    fn measured(&self, continuum: &gamma_core::Continuum) -> gamma_core::Continuum {
        let excluded = &self.reading.excluded_categories;
        continuum.filter_categories(|category| !excluded.contains(category))
    }
}

/// Reads a project file saved by the app (File → Save project as…): its documents, read from
/// its inputs (relative to the project file) with its reading options. `Project.gamma(doc)` and
/// `Project.corpus_gamma()` use its settings.
#[pyfunction]
pub fn read_project(py: Python<'_>, path: PathBuf) -> PyResult<Project> {
    let reading = read_project_file(&path).map_err(|e| read_error(&e))?;
    let inputs = match &reading.inputs {
        ProjectInputs::Files(files) => files.clone(),
        ProjectInputs::Folder(folder) => vec![folder.clone()],
    };
    let documents = documents(py, inputs, reading.options.clone())?;
    Ok(Project {
        path,
        reading,
        documents,
    })
}

#[pymethods]
impl Project {
    /// The documents, in the order the app lists them.
    #[getter]
    fn documents(&self) -> Vec<Continuum> {
        (self.documents.iter())
            .map(|inner| Continuum {
                inner: inner.clone(),
            })
            .collect()
    }

    /// The seed of the project's settings.
    #[getter]
    fn seed(&self) -> u64 {
        self.reading.settings.seed
    }

    /// The categories the project leaves out of γ.
    #[getter]
    fn excluded_categories(&self) -> Vec<String> {
        self.reading.excluded_categories.iter().cloned().collect()
    }

    /// The reasons the campaign's decisions may give, as `(key, label)` pairs in order.
    #[getter]
    fn reasons(&self) -> Vec<(String, String)> {
        (self.reading.reasons.reasons().iter())
            .map(|r| (r.key.clone(), r.label.clone()))
            .collect()
    }

    /// γ of one document (one of `documents`, possibly on another machine) with the project's
    /// settings, its excluded categories left out.
    #[pyo3(signature = (document, progress=None))]
    fn gamma(
        &self,
        py: Python<'_>,
        document: &Continuum,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<GammaResults> {
        let measured = self.measured(&document.inner);
        compute(py, vec![measured], self.reading.settings.clone(), progress)
    }

    /// γ of the whole corpus (paper §5.2.2) with the project's settings.
    #[pyo3(signature = (progress=None))]
    fn corpus_gamma(&self, py: Python<'_>, progress: Option<Py<PyAny>>) -> PyResult<GammaResults> {
        let measured = self.documents.iter().map(|d| self.measured(d)).collect();
        compute(py, measured, self.reading.settings.clone(), progress)
    }

    fn __repr__(&self) -> String {
        format!(
            "Project({:?}, {} documents)",
            self.path.display().to_string(),
            self.documents.len()
        )
    }

    /// Pickled as its path: a worker reads the project again (its inputs must be reachable there).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (PathBuf,))> {
        let module = py.import("gamma_studio")?;
        Ok((module.getattr("read_project")?, (self.path.clone(),)))
    }
}
