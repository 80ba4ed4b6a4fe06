//! Generated continua (the core's `synthetic::noisy_copies`): the inputs of `gamma-studio
//! bench` and of the comparison with pygamma-agreement, so that their figures compare.

use crate::continuum::Continuum;
use crate::errors::bad_setting;
use gamma_core::synthetic::{Density, noisy_copies};
use pyo3::prelude::*;

/// `annotators` noisy copies of a random reference of `units` units (categories c0–c3),
/// `density` "sparse" (axis max(10 000, 100·units)) or "dense" (30·units); seeded.
#[pyfunction]
#[pyo3(signature = (annotators, units, density="sparse", seed=1))]
pub fn synthetic_continuum(
    annotators: usize,
    units: usize,
    density: &str,
    seed: u64,
) -> PyResult<Continuum> {
    let density = match density {
        "sparse" => Density::Sparse,
        "dense" => Density::Dense,
        other => {
            return Err(bad_setting(format!(
                "density: unknown {other:?} (sparse or dense)"
            )));
        }
    };
    if annotators == 0 || units == 0 {
        return Err(bad_setting("annotators and units must be at least 1"));
    }
    Ok(Continuum {
        inner: noisy_copies(annotators, units, density, seed),
    })
}
