//! Following and stopping a long computation: the one type every measure takes for it.
//!
//! A front end (the app's job, the command line's Ctrl+C handler, Python's signal check) sets
//! the cancel flag; the computation checks it as it goes — between random continua, and inside
//! each best-alignment search — and stops with its own `Cancelled` error.

use std::sync::atomic::{AtomicBool, Ordering};

/// Lets a caller follow and stop a long computation (the GUI's worker, Ctrl+C).
#[derive(Default, Clone, Copy)]
pub struct RunControl<'a> {
    /// When set to true, the run stops soon after with its `Cancelled` error (between random
    /// continua, and inside each search for a best alignment).
    pub cancelled: Option<&'a AtomicBool>,
    /// Called with (samples done, samples needed so far).
    pub on_progress: Option<&'a (dyn Fn(usize, usize) + Sync)>,
}

/// The run was cancelled through its [`RunControl`]: each module's error says it in its own
/// variant (`From` conversions), so `control.check()?` stops any search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cancelled;

impl<'a> RunControl<'a> {
    /// Stopped by `flag`, with no progress reported.
    pub fn cancelled_by(flag: &'a AtomicBool) -> RunControl<'a> {
        RunControl {
            cancelled: Some(flag),
            on_progress: None,
        }
    }

    pub(crate) fn is_cancelled(&self) -> bool {
        self.cancelled.is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// [`Cancelled`] once the flag is set.
    pub(crate) fn check(&self) -> Result<(), Cancelled> {
        if self.is_cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }

    pub(crate) fn progress(&self, done: usize, needed: usize) {
        if let Some(report) = self.on_progress {
            report(done, needed);
        }
    }
}
