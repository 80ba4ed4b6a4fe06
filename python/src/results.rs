//! γ runs and their results: `GammaResults` (pygamma-agreement's name), the best `Alignment`
//! and its `UnitaryAlignment`s. The computation runs without the GIL; a progress callback is
//! called with the GIL taken back, and an exception it raises stops the run.

use crate::errors::{bad_setting, computation, setting_error};
use crate::unit::Unit;
use gamma_core::gamma::{
    DocumentAlignment, GammaError, RunControl, corpus_gamma as core_corpus_gamma,
};
use gamma_core::relations::result_relation_agreement;
use gamma_core::{Corpus, GammaOptions};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// One unitary alignment (paper §4.5): one slot per annotator, a unit or `None`, and its
/// disorder δ(ă).
#[pyclass(module = "gamma_studio", frozen, from_py_object)]
#[derive(Clone)]
pub struct UnitaryAlignment {
    /// δ(ă): the mean dissimilarity of its pairs of slots.
    #[pyo3(get)]
    pub disorder: f64,
    /// The unit of each annotator (annotator order), or `None` for an empty slot.
    #[pyo3(get)]
    pub units: Vec<Option<Unit>>,
    /// The annotators, in slot order.
    #[pyo3(get)]
    pub annotators: Vec<String>,
}

#[pymethods]
impl UnitaryAlignment {
    /// `[(annotator, unit or None), …]`, as pygamma's `UnitaryAlignment.n_tuple`.
    #[getter]
    fn n_tuple(&self) -> Vec<(String, Option<Unit>)> {
        self.annotators
            .iter()
            .cloned()
            .zip(self.units.iter().cloned())
            .collect()
    }

    fn __len__(&self) -> usize {
        self.units.len()
    }

    fn __repr__(&self) -> String {
        let slots: Vec<String> = self
            .units
            .iter()
            .map(|u| match u {
                Some(u) => format!("{} [{}, {})", u.category, u.start, u.end),
                None => "∅".to_string(),
            })
            .collect();
        format!(
            "UnitaryAlignment(disorder={:.6}, [{}])",
            self.disorder,
            slots.join(", ")
        )
    }
}

/// A best alignment: its unitary alignments (sorted by leftmost start) and its disorder
/// `Σ δ(ă) / x̄`. Iterable; `to_dataframe()` gives one row per slot.
#[pyclass(module = "gamma_studio", frozen)]
pub struct Alignment {
    /// The document's name.
    #[pyo3(get)]
    pub name: String,
    /// The alignment's disorder `Σ δ(ă) / x̄`.
    #[pyo3(get)]
    pub disorder: f64,
    /// The unitary alignments.
    #[pyo3(get)]
    pub unitary_alignments: Vec<UnitaryAlignment>,
    /// The annotators, in slot order.
    #[pyo3(get)]
    pub annotators: Vec<String>,
}

impl Alignment {
    fn of(aligned: &DocumentAlignment, document: &gamma_core::Continuum) -> Alignment {
        let annotators: Vec<String> = document.annotators.iter().map(|a| a.name.clone()).collect();
        let alignment = &aligned.alignment;
        let unitary_alignments = (0..alignment.unitary_alignments.len())
            .map(|which| UnitaryAlignment {
                disorder: alignment.unitary_alignments[which].disorder,
                units: alignment
                    .slots(&aligned.problem, which)
                    .into_iter()
                    .enumerate()
                    .map(|(a, slot)| {
                        slot.map(|i| Unit::of(&annotators[a], &document.annotators[a].units[i]))
                    })
                    .collect(),
                annotators: annotators.clone(),
            })
            .collect();
        Alignment {
            name: aligned.name.clone(),
            disorder: alignment.disorder,
            unitary_alignments,
            annotators,
        }
    }
}

#[pymethods]
impl Alignment {
    fn __len__(&self) -> usize {
        self.unitary_alignments.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<UnitaryAlignment> {
        let n = self.unitary_alignments.len() as isize;
        let at = if index < 0 { index + n } else { index };
        if !(0..n).contains(&at) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "unitary alignment index out of range",
            ));
        }
        Ok(self.unitary_alignments[at as usize].clone())
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = PyList::new(py, self.unitary_alignments.iter().cloned())?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// One row per slot: `alignment` (its index), `disorder`, `annotator`, `start`, `end`,
    /// `category` (NaN/None for an empty slot). Needs pandas.
    fn to_dataframe<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let columns = PyDict::new(py);
        let mut index = Vec::new();
        let mut disorder = Vec::new();
        let mut annotator = Vec::new();
        let mut start = Vec::new();
        let mut end = Vec::new();
        let mut category = Vec::new();
        for (i, unitary) in self.unitary_alignments.iter().enumerate() {
            for (name, unit) in unitary.annotators.iter().zip(&unitary.units) {
                index.push(i);
                disorder.push(unitary.disorder);
                annotator.push(name.clone());
                start.push(unit.as_ref().map_or(f64::NAN, |u| u.start));
                end.push(unit.as_ref().map_or(f64::NAN, |u| u.end));
                category.push(unit.as_ref().map(|u| u.category.clone()));
            }
        }
        columns.set_item("alignment", index)?;
        columns.set_item("disorder", disorder)?;
        columns.set_item("annotator", annotator)?;
        columns.set_item("start", start)?;
        columns.set_item("end", end)?;
        columns.set_item("category", category)?;
        py.import("pandas")?.getattr("DataFrame")?.call1((columns,))
    }

    fn __repr__(&self) -> String {
        format!(
            "Alignment(disorder={:.6}, unitary_alignments={})",
            self.disorder,
            self.unitary_alignments.len()
        )
    }
}

/// Everything a γ run found (pygamma-agreement's `GammaResults`).
#[pyclass(module = "gamma_studio", frozen)]
pub struct GammaResults {
    /// γ = 1 − D_o / D_e.
    #[pyo3(get)]
    pub gamma: f64,
    /// D_o, the disorder of the best alignment.
    #[pyo3(get)]
    pub observed_disorder: f64,
    /// D_e, the mean disorder of the random continua.
    #[pyo3(get)]
    pub expected_disorder: f64,
    /// The interval of γ implied by the precision reached on D_e.
    #[pyo3(get)]
    pub gamma_interval: (f64, f64),
    /// Relative precision reached on D_e at the requested confidence.
    #[pyo3(get)]
    pub achieved_precision: f64,
    /// Number of random continua.
    #[pyo3(get)]
    pub n_samples: usize,
    /// The seed: the same seed gives the same result.
    #[pyo3(get)]
    pub seed: u64,
    /// The disorder of each random continuum, in sample order.
    #[pyo3(get)]
    pub chance_disorders: Vec<f64>,
    /// Categories, alphabetical.
    #[pyo3(get)]
    pub categories: Vec<String>,
    /// γ-cat (Mathet 2017), when computed.
    #[pyo3(get)]
    pub gamma_cat: Option<f64>,
    /// Seconds of computation.
    #[pyo3(get)]
    pub seconds: f64,
    gamma_ks: Option<BTreeMap<String, f64>>,
    alignments: Vec<Py<Alignment>>,
    /// The agreement on relations through the best alignments, as JSON.
    relations: String,
    /// What was measured, for the diagnostics asked for afterwards.
    measured: std::sync::Arc<crate::diagnostics::Measured>,
}

#[pymethods]
impl GammaResults {
    /// γ-k of `category` (Mathet 2017), or of every category as a dict when none is given.
    #[pyo3(signature = (category=None))]
    fn gamma_k<'py>(&self, py: Python<'py>, category: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
        let Some(ks) = &self.gamma_ks else {
            return Err(bad_setting(
                "γ-k was not computed (categorical_gammas=False)",
            ));
        };
        match category {
            None => Ok(ks.clone().into_pyobject(py)?.into_any()),
            Some(name) => match ks.get(name) {
                Some(value) => Ok(value.into_pyobject(py)?.into_any()),
                None => Err(pyo3::exceptions::PyKeyError::new_err(format!(
                    "no unit of category {name:?}"
                ))),
            },
        }
    }

    /// The γ interval under pygamma-agreement's name.
    #[getter]
    fn approx_gamma_range(&self) -> (f64, f64) {
        self.gamma_interval
    }

    /// The best alignment (of the first document for a corpus).
    #[getter]
    fn best_alignment(&self, py: Python<'_>) -> Py<Alignment> {
        self.alignments[0].clone_ref(py)
    }

    /// The best alignment of each document.
    #[getter]
    fn best_alignments(&self, py: Python<'_>) -> Vec<Py<Alignment>> {
        self.alignments.iter().map(|a| a.clone_ref(py)).collect()
    }

    /// Agreement on the documents' relations (Glozz relations and schemas, brat relations,
    /// equivalences and events, TSV 3 relation layers) through the best alignment of the units,
    /// as a dict with the keys of `gamma-studio gamma --relations --json`: `pairs` (per pair of
    /// annotators: `annotators`, `relations` [n₁, n₂], `same_label`, `other_label`,
    /// `only_first`, `only_second`, `attached`, `f1_unlabelled`, `f1_labelled`,
    /// `f1_attachment`, `label_kappa`, `matches`), `overall` (the pairs summed),
    /// `mean_label_kappa`, `labels` (per label: `label`, `relations`, `same_label`, `f1`) and
    /// `unplaced` (relations an endpoint of which is not a measured unit).
    fn relation_agreement<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?
            .getattr("loads")?
            .call1((&self.relations,))
    }

    /// Why the annotators disagree, from the best alignment, as a dict with the keys of
    /// `gamma-studio gamma --diagnose --json`: `confusions` (pairs of categories aligned
    /// together, `second` None for an empty slot, with `pairs`, `disorder`, `share` of D_o and
    /// the `alignments` behind them as {document, alignment} from 0), `decomposition` (D_o in
    /// `positional`, `categorical` and `empty` parts: `total`, `per_category`, `per_pair`) and
    /// `profiles` (per annotator: `units`, `others_mean_units`, `missed`, `added`,
    /// `start_offset`, `end_offset`, `categories` with their `usage` against the pool).
    fn anatomy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = crate::diagnostics::anatomy_json(&self.measured)?;
        py.import("json")?.getattr("loads")?.call1((json,))
    }

    /// γ with each annotator left out (three annotators or more), with its bootstrap confidence
    /// interval: a list of dicts `annotator`, `gamma`, `confidence_interval` (low, high) or
    /// `error`. Each is a whole γ run of the others, with the same settings and seed.
    #[pyo3(signature = (replicates=1000, level=0.95))]
    fn left_out<'py>(
        &self,
        py: Python<'py>,
        replicates: usize,
        level: f64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let measured = self.measured.clone();
        let json =
            py.detach(move || crate::diagnostics::left_out_json(&measured, replicates, level))?;
        py.import("json")?.getattr("loads")?.call1((json,))
    }

    /// The unitary alignments where a unit of category `first` meets one of `second` (or, with
    /// `second=None`, an empty slot), with every annotator's unit and the text around them:
    /// examples for the guidelines, as a list of dicts.
    #[pyo3(signature = (first, second=None))]
    fn examples<'py>(
        &self,
        py: Python<'py>,
        first: &str,
        second: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let json = crate::diagnostics::examples_json(&self.measured, first, second)?;
        py.import("json")?.getattr("loads")?.call1((json,))
    }

    /// The main values as a dict (JSON-ready).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("gamma", self.gamma)?;
        d.set_item("observed_disorder", self.observed_disorder)?;
        d.set_item("expected_disorder", self.expected_disorder)?;
        d.set_item("gamma_interval", self.gamma_interval)?;
        d.set_item("achieved_precision", self.achieved_precision)?;
        d.set_item("n_samples", self.n_samples)?;
        d.set_item("seed", self.seed)?;
        d.set_item("gamma_cat", self.gamma_cat)?;
        d.set_item("gamma_k", self.gamma_ks.clone())?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "GammaResults(gamma={:.6}, observed_disorder={:.6}, expected_disorder={:.6}, n_samples={}, seed={})",
            self.gamma, self.observed_disorder, self.expected_disorder, self.n_samples, self.seed
        )
    }
}

/// Runs γ on `documents` without the GIL, with `progress(done, needed)` called under the GIL.
pub fn compute(
    py: Python<'_>,
    documents: Vec<gamma_core::Continuum>,
    options: GammaOptions,
    progress: Option<Py<PyAny>>,
) -> PyResult<GammaResults> {
    let cancelled = AtomicBool::new(false);
    let callback_error: Mutex<Option<PyErr>> = Mutex::new(None);
    let report = |done: usize, needed: usize| {
        let Some(callback) = &progress else { return };
        if cancelled.load(Ordering::Relaxed) {
            return;
        }
        if let Err(error) = Python::attach(|py| callback.call1(py, (done, needed)).map(drop)) {
            cancelled.store(true, Ordering::Relaxed);
            if let Ok(mut slot) = callback_error.lock() {
                slot.get_or_insert(error);
            }
        }
    };
    let corpus = Corpus::new(documents);
    let control = RunControl {
        cancelled: Some(&cancelled),
        on_progress: Some(&report),
    };
    // The computation runs on its own thread while this one waits without the GIL and checks
    // for signals now and then, so that Ctrl+C (KeyboardInterrupt) stops a long run.
    let outcome = std::thread::scope(|scope| {
        let (done, finished) = std::sync::mpsc::channel();
        let (corpus, options) = (&corpus, &options);
        scope.spawn(move || {
            let _ = done.send(core_corpus_gamma(corpus, options, control));
        });
        let mut finished = Some(finished);
        loop {
            // A receiver is not `Sync`: it goes into the GIL-free wait and comes back.
            let receiver = finished
                .take()
                .expect("the receiver is put back after each wait");
            let (waited, receiver) = py.detach(move || {
                let waited = receiver.recv_timeout(std::time::Duration::from_millis(50));
                (waited, receiver)
            });
            finished = Some(receiver);
            match waited {
                Ok(outcome) => break Some(outcome),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break None,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            }
            if let Err(interrupt) = py.check_signals() {
                cancelled.store(true, Ordering::Relaxed);
                if let Ok(mut slot) = callback_error.lock() {
                    slot.get_or_insert(interrupt);
                }
            }
        }
    });
    let outcome =
        outcome.ok_or_else(|| computation("the computation stopped unexpectedly (a bug)"))?;
    if let Some(error) = callback_error.into_inner().ok().flatten() {
        return Err(error);
    }
    let result = outcome.map_err(|e| match (&e, e.setting()) {
        (_, Some(setting)) => setting_error(setting),
        (
            GammaError::Parameters(_) | GammaError::NoDocument | GammaError::TooFewDocuments { .. },
            None,
        ) => bad_setting(e.to_string()),
        _ => computation(e),
    })?;
    let alignments = result
        .documents
        .iter()
        .zip(&corpus.documents)
        .map(|(aligned, document)| Py::new(py, Alignment::of(aligned, document)))
        .collect::<PyResult<Vec<_>>>()?;
    let relations = result_relation_agreement(&corpus.documents, &result);
    let relations = serde_json::to_string(&relations).map_err(computation)?;
    let measured = std::sync::Arc::new(crate::diagnostics::Measured {
        corpus,
        result: result.clone(),
        options,
    });
    Ok(GammaResults {
        gamma: result.gamma,
        observed_disorder: result.observed_disorder,
        expected_disorder: result.expected_disorder,
        gamma_interval: result.gamma_interval,
        achieved_precision: result.achieved_precision,
        n_samples: result.n_samples,
        seed: result.seed,
        chance_disorders: result.chance_disorders,
        categories: result.categories,
        gamma_cat: result.gamma_cat,
        seconds: result.seconds,
        gamma_ks: result.gamma_k,
        alignments,
        relations,
        measured,
    })
}
