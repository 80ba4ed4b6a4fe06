//! Python bindings of Gamma Studio's core (`import gamma_studio`): exact γ (Mathet et al. 2015),
//! γ-cat and γ-k (Mathet 2017), tγ (Barteld et al. 2016) and the readers of `gamma_formats`.
//!
//! The API follows pygamma-agreement's names where the concept is the same (`Continuum`,
//! `compute_gamma`, `GammaResults`, `best_alignment`, unitary alignments with an `n_tuple`), so
//! that its users recognise it; every setting is parsed into the core's own types
//! ([`gamma_core::GammaOptions`] and the names of its choices), never into a second set of
//! defaults. Long computations release the GIL.

use pyo3::prelude::*;

mod coding;
mod continuum;
mod corpus;
mod diagnostics;
mod errors;
mod options;
mod project;
mod pygamma;
mod results;
mod synthetic;
mod textgamma;
mod unit;

/// The extension module `gamma_studio._core` (re-exported by the `gamma_studio` package).
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add(
        "GammaStudioError",
        py.get_type::<errors::GammaStudioError>(),
    )?;
    m.add("ReadError", py.get_type::<errors::ReadError>())?;
    m.add("DEFAULT_SEED", gamma_core::DEFAULT_SEED)?;
    m.add_class::<continuum::Continuum>()?;
    m.add_class::<coding::CodingStudy>()?;
    m.add_class::<coding::CodingCoefficient>()?;
    m.add_class::<unit::Unit>()?;
    m.add_class::<options::Dissimilarity>()?;
    m.add_class::<results::GammaResults>()?;
    m.add_class::<results::Alignment>()?;
    m.add_class::<results::UnitaryAlignment>()?;
    m.add_class::<textgamma::TextGammaResults>()?;
    m.add_function(wrap_pyfunction!(continuum::read, m)?)?;
    m.add_function(wrap_pyfunction!(continuum::read_corpus, m)?)?;
    m.add_function(wrap_pyfunction!(continuum::read_manifest, m)?)?;
    m.add_function(wrap_pyfunction!(project::read_project, m)?)?;
    m.add_class::<project::Project>()?;
    m.add_function(wrap_pyfunction!(continuum::py_manifest_paths, m)?)?;
    m.add_function(wrap_pyfunction!(corpus::corpus_gamma, m)?)?;
    m.add_function(wrap_pyfunction!(textgamma::text_gamma, m)?)?;
    m.add_function(wrap_pyfunction!(synthetic::synthetic_continuum, m)?)?;
    m.add_function(wrap_pyfunction!(pygamma::best_alignments, m)?)?;
    Ok(())
}
