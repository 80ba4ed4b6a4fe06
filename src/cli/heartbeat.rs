//! A long computation is never silent: from a few seconds on, the command line says on stderr
//! what it is doing (the phase, how many random continua are aligned, the time so far) and that
//! Ctrl+C stops it.

use crate::printable::tell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Silence allowed before the first line.
const FIRST: Duration = Duration::from_secs(2);
/// Time between two lines.
const EVERY: Duration = Duration::from_secs(5);

#[derive(Default)]
struct Shared {
    /// Random continua aligned, and needed so far (0 needed: still the observed alignment).
    done: AtomicUsize,
    needed: AtomicUsize,
    finished: Mutex<bool>,
    wake: Condvar,
}

/// Prints "still computing" lines on stderr until dropped.
pub struct Heartbeat {
    shared: Arc<Shared>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What a heartbeat counts.
#[derive(Debug, Clone, Copy)]
pub enum Counting {
    /// Random continua of the expected disorder (after the observed alignment).
    RandomContinua,
    /// Documents of a corpus, each measured alone.
    Documents,
    /// Work that gives no count of its progress (bulk rules, the writing of the outputs).
    Uncounted,
}

impl Heartbeat {
    /// Starts the lines for a computation of `what` ("γ of doc.csv").
    pub fn start(what: String) -> Heartbeat {
        Heartbeat::counting(what, Counting::RandomContinua)
    }

    /// Starts the lines for a computation of `what` whose progress counts `counting`.
    pub fn counting(what: String, counting: Counting) -> Heartbeat {
        let shared = Arc::new(Shared::default());
        let thread = {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || beat(&shared, &what, counting))
        };
        Heartbeat {
            shared,
            thread: Some(thread),
        }
    }

    /// Records the expected disorder's progress (a [`gamma_core::gamma::RunControl`] callback).
    pub fn progress(&self, done: usize, needed: usize) {
        self.shared.done.store(done, Ordering::Relaxed);
        self.shared.needed.store(needed, Ordering::Relaxed);
    }
}

fn beat(shared: &Shared, what: &str, counting: Counting) {
    let started = Instant::now();
    let mut wait = FIRST;
    loop {
        // The lock is held only while waiting: a blocked stderr never blocks the command's end.
        {
            let finished = shared.finished.lock().unwrap_or_else(|e| e.into_inner());
            let (finished, _) = shared
                .wake
                .wait_timeout_while(finished, wait, |finished| !*finished)
                .unwrap_or_else(|e| e.into_inner());
            if *finished {
                return;
            }
        }
        let needed = shared.needed.load(Ordering::Relaxed);
        let done = shared.done.load(Ordering::Relaxed);
        let phase = match counting {
            Counting::RandomContinua if needed == 0 => {
                "the best alignment of the annotations".to_string()
            }
            Counting::RandomContinua => {
                format!("the expected disorder, {done} of {needed} random continua aligned")
            }
            Counting::Documents => format!("{done} of {needed} documents measured alone"),
            Counting::Uncounted => "working".to_string(),
        };
        tell!(
            "gamma-studio: {what}: still computing after {} s: {phase} (Ctrl+C stops; -v tells more)",
            started.elapsed().as_secs()
        );
        wait = EVERY;
    }
}

impl Drop for Heartbeat {
    fn drop(&mut self) {
        *self
            .shared
            .finished
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = true;
        self.shared.wake.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
