//! Entry point of the pygamma-agreement drop-in (`gamma_studio.pygamma`, pure Python): the
//! exact best alignments (or best soft alignments, pygamma's soft-γ) of continua given as
//! spans, several at once in parallel without the GIL.
//!
//! The drop-in draws its random continua in Python with numpy's global generator (so that
//! `np.random.seed(s)` gives pygamma's samples) and sends them here as spans: one `bytes` per
//! annotator holding native-endian f64 triples `(start, end, category index)`. Categories are
//! indices `0..n_categories` into a matrix of dissimilarities in [0, 1] (row-major, symmetric,
//! zero diagonal), or nominal when no matrix is given.

use crate::errors::{bad_setting, computation};
use gamma_core::alignment::{AlignmentError, AlignmentProblem, AlignmentSearch};
use gamma_core::dissimilarity::{ResolvedDissimilarity, Span};
use gamma_core::gamma::RunControl;
use gamma_core::{CategoryDissimilarity, CategoryMatrix, Dissimilarity};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// One best alignment: its total `Σ δ / x̄` and its unitary alignments, each its δ and, per
/// annotator, the index of its unit (in that annotator's list) or −1 for ∅.
type AlignmentRows = (f64, Vec<(f64, Vec<i64>)>);

/// The spans of each annotator from its bytes of f64 triples.
fn spans_of(annotators: &[Vec<u8>], n_categories: usize) -> PyResult<Vec<Vec<Span>>> {
    annotators
        .iter()
        .map(|bytes| {
            if bytes.len() % 24 != 0 {
                return Err(bad_setting(
                    "spans: bytes of (start, end, category) f64 triples",
                ));
            }
            bytes
                .chunks_exact(24)
                .map(|triple| {
                    let value = |i: usize| {
                        f64::from_ne_bytes(triple[i * 8..i * 8 + 8].try_into().expect("8 bytes"))
                    };
                    let (start, end, category) = (value(0), value(1), value(2));
                    if !(start.is_finite() && end.is_finite() && end > start) {
                        return Err(bad_setting(format!(
                            "a unit must end after it starts (got [{start}, {end}])"
                        )));
                    }
                    if !(category >= 0.0 && (category as usize) < n_categories.max(1)) {
                        return Err(bad_setting(format!(
                            "category index {category} out of range"
                        )));
                    }
                    Ok(Span {
                        start,
                        end,
                        category: category as u32,
                    })
                })
                .collect()
        })
        .collect()
}

/// The core's dissimilarity `α·d_pos·Δ∅ + β·D[c_u, c_v]·Δ∅` over categories named by their
/// zero-padded index (so that alphabetical order is index order).
fn dissimilarity(
    alpha: f64,
    beta: f64,
    delta_empty: f64,
    n_categories: usize,
    matrix: Option<Vec<f64>>,
) -> PyResult<ResolvedDissimilarity> {
    let names: Vec<String> = (0..n_categories.max(1))
        .map(|i| format!("{i:010}"))
        .collect();
    let categorical = match matrix {
        None => CategoryDissimilarity::Nominal,
        Some(values) => CategoryDissimilarity::Matrix(
            CategoryMatrix::new(names.clone(), values, "categorical dissimilarity")
                .map_err(|e| bad_setting(e.to_string()))?,
        ),
    };
    Dissimilarity {
        alpha,
        beta,
        delta_empty,
        categorical,
    }
    .resolve(&names)
    .map_err(|e| bad_setting(e.to_string()))
}

fn alignment_error(error: AlignmentError) -> PyErr {
    match error {
        AlignmentError::Cancelled => pyo3::exceptions::PyKeyboardInterrupt::new_err("cancelled"),
        other => computation(other),
    }
}

/// The exact best alignment of each continuum (a list, per annotator, of bytes of f64 triples
/// `(start, end, category index)`), solved in parallel without the GIL; Ctrl+C stops the run.
/// With `soft`, the best soft alignment (a unit may be in several unitary alignments).
#[pyfunction]
#[pyo3(signature = (continua, alpha, beta, delta_empty, n_categories, matrix=None, soft=false))]
#[allow(clippy::too_many_arguments)]
pub fn best_alignments(
    py: Python<'_>,
    continua: Vec<Vec<Vec<u8>>>,
    alpha: f64,
    beta: f64,
    delta_empty: f64,
    n_categories: usize,
    matrix: Option<Vec<f64>>,
    soft: bool,
) -> PyResult<Vec<AlignmentRows>> {
    let d = dissimilarity(alpha, beta, delta_empty, n_categories, matrix)?;
    let problems = continua
        .iter()
        .map(|annotators| {
            Ok(AlignmentProblem::from_spans(
                &spans_of(annotators, n_categories)?,
                d.clone(),
            ))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let cancelled = AtomicBool::new(false);
    let solved = std::thread::scope(|scope| {
        let (done, finished) = std::sync::mpsc::channel();
        let (problems, cancelled) = (&problems, &cancelled);
        scope.spawn(move || {
            let solved: Vec<_> = problems
                .par_iter()
                .map(|p| {
                    AlignmentSearch::new()
                        .soft(soft)
                        .best_alignment(p, RunControl::cancelled_by(cancelled))
                })
                .collect();
            let _ = done.send(solved);
        });
        // A receiver is not `Sync`: it goes into each GIL-free wait and comes back.
        let mut finished = Some(finished);
        let mut interrupted = None;
        loop {
            let receiver = finished.take().expect("put back after each wait");
            let (waited, receiver) = py.detach(move || {
                let waited = receiver.recv_timeout(std::time::Duration::from_millis(50));
                (waited, receiver)
            });
            finished = Some(receiver);
            match waited {
                Ok(solved) => break interrupted.map_or(Ok(solved), Err),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    break Err(computation("the alignment stopped unexpectedly (a bug)"));
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            }
            if interrupted.is_none()
                && let Err(interrupt) = py.check_signals()
            {
                // The workers notice the flag soon and finish; the interrupt is raised then.
                cancelled.store(true, Ordering::Relaxed);
                interrupted = Some(interrupt);
            }
        }
    });
    let solved = solved?;
    let mut out = Vec::with_capacity(solved.len());
    for (problem, alignment) in problems.iter().zip(solved) {
        let alignment = alignment.map_err(alignment_error)?;
        let rows = (0..alignment.unitary_alignments.len())
            .map(|which| {
                let slots = alignment
                    .slots(problem, which)
                    .into_iter()
                    .map(|slot| slot.map_or(-1, |i| i as i64))
                    .collect();
                (alignment.unitary_alignments[which].disorder, slots)
            })
            .collect();
        out.push((alignment.disorder, rows));
    }
    Ok(out)
}
