//! Coding studies (items × coders) in Python: `CodingStudy` read from a table or built from
//! rows, the survey's coefficients chosen by name (the core's registry, `alpha:interval`,
//! `ac2`, …) with their standard errors and intervals, pairwise and per-category tables, and a
//! gold label per item from bulk rules. The same names and numbers as `gamma-studio coding`.

use crate::errors::{bad_setting, computation, read_error};
use gamma_core::bootstrap::BootstrapOptions;
use gamma_core::coding::intervals::{IntervalOptions, measure};
use gamma_core::coding::tables::{confusion, pairwise, per_category};
use gamma_core::coding::{
    BulkRule, CodingAdjudication, CodingStudy as CoreStudy, CoefficientChoice, StudyBuilder,
    canonical_set,
};
use gamma_formats::coding_table::{CodingReadOptions, TableShape, read_coding_study};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

/// A coefficient of a coding study with what it rests on and its intervals.
#[pyclass(module = "gamma_studio", frozen, get_all)]
pub struct CodingCoefficient {
    /// The choice's name (`alpha:quadratic`).
    pub name: String,
    /// Its label ("Krippendorff's α (interval)").
    pub label: String,
    /// The coefficient.
    pub value: f64,
    /// Observed agreement A_o (disagreement D_o for α).
    pub observed: f64,
    /// Expected agreement A_e (disagreement D_e for α).
    pub expected: f64,
    /// "agreement" or "disagreement": what `observed` and `expected` are.
    pub basis: String,
    /// Gwet's linearised standard error (None with fewer than two items).
    pub standard_error: Option<f64>,
    /// The analytic 95 % interval (low, high).
    pub analytic_interval: Option<(f64, f64)>,
    /// The bootstrap 95 % interval over items, when asked for.
    pub bootstrap_interval: Option<(f64, f64)>,
    /// The bootstrap's seed, when drawn.
    pub seed: Option<u64>,
    /// Items rated at least once.
    pub items: usize,
    /// Items rated at least twice.
    pub pairable_items: usize,
}

#[pymethods]
impl CodingCoefficient {
    fn __repr__(&self) -> String {
        let se = self
            .standard_error
            .map_or("None".to_string(), |e| format!("{e:.6}"));
        format!(
            "CodingCoefficient(name={:?}, value={:.6}, observed={:.6}, expected={:.6}, standard_error={se})",
            self.name, self.value, self.observed, self.expected
        )
    }
}

/// Items × coders: each coder's label of each item, or none (missing, never a category).
#[pyclass(module = "gamma_studio")]
pub struct CodingStudy {
    study: CoreStudy,
}

fn choice_of(name: &str, distance: Option<&str>) -> PyResult<CoefficientChoice> {
    let text = match distance {
        Some(d) => format!("{name}:{d}"),
        None => name.to_string(),
    };
    CoefficientChoice::parse(&text, None).map_err(|e| bad_setting(e.to_string()))
}

#[pymethods]
impl CodingStudy {
    /// A study from rows (one per item) of labels, `None` or `""` for a missing rating;
    /// `coders` names the columns (default `coder1`, …), `items` the rows (default 1, 2, …).
    /// A label holding `set_separator` is a set (`None`: never).
    #[new]
    #[pyo3(signature = (rows, coders=None, items=None, set_separator=Some(';')))]
    fn new(
        rows: Vec<Vec<Option<String>>>,
        coders: Option<Vec<String>>,
        items: Option<Vec<String>>,
        set_separator: Option<char>,
    ) -> PyResult<CodingStudy> {
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let coders = coders.unwrap_or_else(|| (1..=width).map(|c| format!("coder{c}")).collect());
        if width > coders.len() {
            return Err(bad_setting(format!(
                "a row has {width} labels but {} coders are named",
                coders.len()
            )));
        }
        let items = items.unwrap_or_else(|| (1..=rows.len()).map(|i| i.to_string()).collect());
        if items.len() != rows.len() {
            return Err(bad_setting(format!(
                "{} items named for {} rows",
                items.len(),
                rows.len()
            )));
        }
        let mut builder = StudyBuilder::new("study");
        for coder in &coders {
            builder
                .coder(coder)
                .map_err(|e| bad_setting(e.to_string()))?;
        }
        for (item, row) in items.iter().zip(&rows) {
            builder.item(item).map_err(|e| bad_setting(e.to_string()))?;
            for (coder, label) in coders.iter().zip(row) {
                let label = label.as_deref().and_then(|l| match set_separator {
                    Some(s) => canonical_set(l, s),
                    None => Some(l.trim().to_string()).filter(|l| !l.is_empty()),
                });
                if let Some(label) = label {
                    builder
                        .rate(item, coder, &label)
                        .map_err(|e| bad_setting(e.to_string()))?;
                }
            }
        }
        Ok(CodingStudy {
            study: builder.build(),
        })
    }

    /// Reads a coding table (wide, long, contingency; `shape` to force one, `"spans"` for
    /// annotation files whose units at identical positions are the items).
    #[staticmethod]
    #[pyo3(signature = (*paths, shape=None, missing=Vec::new(), missing_as=None, sets=true, categories=None))]
    fn read(
        py: Python<'_>,
        paths: Vec<PathBuf>,
        shape: Option<String>,
        missing: Vec<String>,
        missing_as: Option<String>,
        sets: bool,
        categories: Option<Vec<String>>,
    ) -> PyResult<CodingStudy> {
        let shape: Option<TableShape> = shape
            .map(|s| {
                s.parse()
                    .map_err(|e: gamma_formats::coding_table::UnknownShape| {
                        bad_setting(e.to_string())
                    })
            })
            .transpose()?;
        let options = CodingReadOptions {
            shape,
            set_separator: sets.then_some(gamma_core::coding::SET_SEPARATOR),
            missing,
            missing_as,
            categories,
            ..CodingReadOptions::default()
        };
        let (study, _warnings) = py
            .detach(move || read_coding_study(&paths, &options))
            .map_err(|e| read_error(&e))?;
        Ok(CodingStudy { study })
    }

    /// The coders.
    #[getter]
    fn coders(&self) -> Vec<String> {
        self.study.coders.clone()
    }

    /// The items' identifiers.
    #[getter]
    fn items(&self) -> Vec<String> {
        self.study.items.clone()
    }

    /// The labels (categories) in the study's order.
    #[getter]
    fn categories(&self) -> Vec<String> {
        self.study.categories().to_vec()
    }

    /// The ratings given.
    #[getter]
    fn n_ratings(&self) -> usize {
        self.study.n_ratings()
    }

    /// Each item's labels, one per coder (None when missing).
    fn rows(&self) -> Vec<Vec<Option<String>>> {
        (0..self.study.n_items())
            .map(|i| {
                (0..self.study.coders.len())
                    .map(|c| self.study.label(i, c).map(str::to_string))
                    .collect()
            })
            .collect()
    }

    /// Puts the categories in this order (it may add categories nobody used).
    fn set_category_order(&mut self, order: Vec<String>) -> PyResult<()> {
        self.study
            .set_category_order(&order)
            .map_err(|e| bad_setting(e.to_string()))
    }

    /// A coefficient by name (`"alpha"`, `"alpha:interval"`, `"ac2"`, `"kappa"`, …; or the
    /// distance apart), with Gwet's standard error, the analytic interval and, with
    /// `bootstrap=N`, the bootstrap interval over items drawn from `seed`.
    #[pyo3(signature = (name, distance=None, bootstrap=None, seed=gamma_core::DEFAULT_SEED))]
    fn coefficient(
        &self,
        py: Python<'_>,
        name: &str,
        distance: Option<&str>,
        bootstrap: Option<usize>,
        seed: u64,
    ) -> PyResult<CodingCoefficient> {
        let choice = choice_of(name, distance)?;
        let bootstrap = bootstrap.map(|replicates| BootstrapOptions {
            replicates,
            level: 0.95,
            seed,
        });
        if let Some(options) = &bootstrap {
            options
                .check()
                .map_err(|e| bad_setting(format!("bootstrap: {e}")))?;
        }
        let options = IntervalOptions {
            level: 0.95,
            bootstrap,
        };
        let study = &self.study;
        let measured = py
            .detach(|| measure(study, &choice, &options))
            .map_err(computation)?;
        let drawn = measured.bootstrap.as_ref().and_then(|b| b.as_ref().ok());
        Ok(CodingCoefficient {
            name: choice.name(),
            label: choice.label(study.coders.len()),
            value: measured.value.value,
            observed: measured.value.observed,
            expected: measured.value.expected,
            basis: serde_json::to_value(measured.value.basis)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
            standard_error: measured.value.standard_error,
            analytic_interval: measured.analytic.as_ref().map(|i| (i.low, i.high)),
            bootstrap_interval: drawn.map(|i| (i.low, i.high)),
            seed: drawn.and(Some(seed)),
            items: measured.value.items,
            pairable_items: measured.value.pairable_items,
        })
    }

    /// The coefficient for every pair of coders: `{(coder, coder): value or None}` and the mean
    /// over pairs.
    #[pyo3(signature = (name, distance=None))]
    fn pairwise<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        distance: Option<&str>,
    ) -> PyResult<(Bound<'py, PyDict>, Option<f64>)> {
        let choice = choice_of(name, distance)?;
        let table = pairwise(&self.study, &choice);
        let values = PyDict::new(py);
        for pair in &table.pairs {
            let key = (
                self.study.coders[pair.first].clone(),
                self.study.coders[pair.second].clone(),
            );
            values.set_item(key, pair.value.as_ref().ok().map(|v| v.value))?;
        }
        Ok((values, table.mean))
    }

    /// Specific agreement and Fleiss's κ of each category:
    /// `{label: (ratings, specific agreement, Fleiss's κ)}`.
    fn per_category<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for c in per_category(&self.study) {
            out.set_item(
                c.category,
                (c.ratings, c.specific_agreement, c.fleiss_kappa),
            )?;
        }
        Ok(out)
    }

    /// The confusion matrix of two coders (by name): (categories, counts, rows the first).
    fn confusion(&self, first: &str, second: &str) -> PyResult<(Vec<String>, Vec<Vec<usize>>)> {
        let index = |name: &str| {
            (self.study.coders.iter().position(|c| c == name))
                .ok_or_else(|| bad_setting(format!("no coder {name:?}")))
        };
        let m = confusion(&self.study, index(first)?, index(second)?);
        Ok((m.categories, m.counts))
    }

    /// The gold label of each item after the bulk rules (`"unanimous"`, `"majority"`,
    /// `"majority:0.75"`, applied in order): `{item: label or None}`; with `out`, the gold table
    /// is also written there (CSV or TSV).
    #[pyo3(signature = (rules, out=None))]
    fn gold<'py>(
        &self,
        py: Python<'py>,
        rules: Vec<String>,
        out: Option<PathBuf>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let mut adjudication = CodingAdjudication::new(self.study.clone(), None);
        for rule in &rules {
            let rule: BulkRule = rule.parse().map_err(|e| bad_setting(format!("{e}")))?;
            adjudication.apply_rule(rule);
        }
        if let Some(out) = out {
            gamma_formats::coding_table::write::write_gold_table(&adjudication, &out)
                .map_err(|e| read_error(&e))?;
        }
        let gold = PyDict::new(py);
        for (item, label) in adjudication.gold() {
            gold.set_item(item, label)?;
        }
        Ok(gold)
    }

    fn __len__(&self) -> usize {
        self.study.n_items()
    }

    fn __repr__(&self) -> String {
        format!(
            "CodingStudy({} items, {} coders, {} labels, {} ratings)",
            self.study.n_items(),
            self.study.coders.len(),
            self.study.categories().len(),
            self.study.n_ratings()
        )
    }
}
