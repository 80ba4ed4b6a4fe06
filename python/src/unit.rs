//! `Unit`: one annotated span as Python sees it (pygamma-agreement's `Unit`, with its
//! `segment` and `annotation`), with its annotator and features.

use pyo3::prelude::*;
use std::collections::BTreeMap;

/// One annotated span: `start`, `end`, `category` (pygamma's `segment` and `annotation` too),
/// its `annotator` and its `features` (extra CSV columns, Glozz features, CorA layers).
#[pyclass(module = "gamma_studio", frozen, from_py_object)]
#[derive(Clone)]
pub struct Unit {
    /// Name of the annotator who made the unit.
    #[pyo3(get)]
    pub annotator: String,
    /// Start of the span.
    #[pyo3(get)]
    pub start: f64,
    /// End of the span.
    #[pyo3(get)]
    pub end: f64,
    /// The unit's category.
    #[pyo3(get)]
    pub category: String,
    /// Other attributes of the unit.
    #[pyo3(get)]
    pub features: BTreeMap<String, String>,
}

impl Unit {
    /// The Python view of a core unit.
    pub fn of(annotator: &str, unit: &gamma_core::Unit) -> Unit {
        Unit {
            annotator: annotator.to_string(),
            start: unit.start,
            end: unit.end,
            category: unit.category.clone(),
            features: unit.features.clone(),
        }
    }
}

#[pymethods]
impl Unit {
    /// `(start, end)`, as pygamma's `Unit.segment`.
    #[getter]
    fn segment(&self) -> (f64, f64) {
        (self.start, self.end)
    }

    /// The category, as pygamma's `Unit.annotation`.
    #[getter]
    fn annotation(&self) -> String {
        self.category.clone()
    }

    /// `end − start`.
    #[getter]
    fn duration(&self) -> f64 {
        self.end - self.start
    }

    fn __repr__(&self) -> String {
        format!(
            "Unit(annotator={:?}, start={}, end={}, category={:?})",
            self.annotator, self.start, self.end, self.category
        )
    }

    fn __eq__(&self, other: &Unit) -> bool {
        self.annotator == other.annotator
            && self.start == other.start
            && self.end == other.end
            && self.category == other.category
            && self.features == other.features
    }
}
