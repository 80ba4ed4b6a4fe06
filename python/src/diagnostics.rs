//! The diagnostics of a γ result ([`gamma_core::diagnostics`]): the anatomy of the
//! disagreement, γ with each annotator left out, examples for the guidelines — as JSON that
//! `GammaResults.anatomy()`, `.left_out()` and `.examples()` hand to Python as dicts.

use crate::errors::{bad_setting, computation};
use gamma_core::bootstrap::BootstrapOptions;
use gamma_core::diagnostics::{anatomy, examples, left_out};
use gamma_core::gamma::RunControl;
use gamma_core::{Corpus, GammaOptions, GammaResult};
use pyo3::PyResult;
use serde_json::json;

/// What a γ run measured: the corpus, its result and its settings.
pub struct Measured {
    pub corpus: Corpus,
    pub result: GammaResult,
    pub options: GammaOptions,
}

/// The anatomy as JSON.
pub fn anatomy_json(measured: &Measured) -> PyResult<String> {
    serde_json::to_string(&anatomy(&measured.corpus, &measured.result)).map_err(computation)
}

/// γ left out, with `replicates` bootstrap replicates at `level`, as JSON.
pub fn left_out_json(measured: &Measured, replicates: usize, level: f64) -> PyResult<String> {
    let bootstrap = BootstrapOptions {
        replicates,
        level,
        seed: measured.options.seed,
    };
    bootstrap.check().map_err(|e| bad_setting(e.to_string()))?;
    let rows: Vec<_> = left_out(
        &measured.corpus,
        &measured.options,
        &bootstrap,
        RunControl::default(),
    )
    .into_iter()
    .map(|row| match row.result {
        Ok(r) => json!({
            "annotator": row.annotator,
            "gamma": r.gamma,
            "confidence_interval": r.confidence_interval.as_ref().ok().map(|i| i.gamma),
            "error": r.confidence_interval.err().map(|e| e.to_string()),
        }),
        Err(e) => json!({"annotator": row.annotator, "gamma": null, "error": e.to_string()}),
    })
    .collect();
    serde_json::to_string(&rows).map_err(computation)
}

/// The examples where `first` meets `second` (an empty slot when `None`), as JSON.
pub fn examples_json(measured: &Measured, first: &str, second: Option<&str>) -> PyResult<String> {
    let found = examples(&measured.corpus, &measured.result, first, second);
    serde_json::to_string(&found).map_err(computation)
}
