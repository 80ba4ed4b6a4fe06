//! γ in a background thread: the UI thread never computes. A job reports progress and its
//! result through a channel; every job has a generation number so that the result of a job
//! started before the latest settings change is recognised as stale and dropped.

use gamma_studio::gamma::RunControl;
use gamma_studio::{Continuum, GammaOptions, GammaResult};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

/// What a job sends back.
#[derive(Debug)]
pub enum WorkerMessage {
    Progress {
        generation: u64,
        done: usize,
        needed: usize,
    },
    Finished {
        generation: u64,
        result: Result<Box<GammaResult>, String>,
    },
    /// γ of one pair of annotators, for the pairwise matrix (sent after the main result).
    Pairwise {
        generation: u64,
        first: usize,
        second: usize,
        gamma: Result<f64, String>,
    },
}

/// A running job: its channel and its cancel flag.
pub struct Job {
    pub generation: u64,
    pub receiver: Receiver<WorkerMessage>,
    cancel: Arc<AtomicBool>,
}

impl Job {
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

impl Drop for Job {
    /// A replaced job stops as soon as it next checks its flag.
    fn drop(&mut self) {
        self.cancel();
    }
}

/// Starts γ of `continuum` in a new thread; `wake` is called after each message (the app asks
/// egui to repaint). With `pairwise`, γ of every pair of annotators follows the main result.
pub fn start(
    generation: u64,
    continuum: Continuum,
    options: GammaOptions,
    pairwise: bool,
    wake: impl Fn() + Send + Sync + 'static,
) -> Job {
    let (sender, receiver) = channel();
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    std::thread::Builder::new()
        .name(format!("gamma-job-{generation}"))
        .spawn(move || {
            run(
                generation, &continuum, &options, pairwise, &flag, &sender, &wake,
            )
        })
        .expect("a thread can be started");
    Job {
        generation,
        receiver,
        cancel,
    }
}

fn run(
    generation: u64,
    continuum: &Continuum,
    options: &GammaOptions,
    pairwise: bool,
    cancel: &AtomicBool,
    sender: &Sender<WorkerMessage>,
    wake: &(dyn Fn() + Send + Sync),
) {
    let report = |done: usize, needed: usize| {
        let _ = sender.send(WorkerMessage::Progress {
            generation,
            done,
            needed,
        });
        wake();
    };
    let control = RunControl {
        cancelled: Some(cancel),
        on_progress: Some(&report),
    };
    let result = gamma_studio::gamma(continuum, options, control)
        .map(Box::new)
        .map_err(|e| e.to_string());
    let succeeded = result.is_ok();
    let _ = sender.send(WorkerMessage::Finished { generation, result });
    wake();
    if !pairwise || !succeeded {
        return;
    }
    let n = continuum.n_annotators();
    for first in 0..n {
        for second in first + 1..n {
            if cancel.load(Ordering::Relaxed) {
                return;
            }
            let mut pair = continuum.clone();
            pair.annotators = vec![
                continuum.annotators[first].clone(),
                continuum.annotators[second].clone(),
            ];
            let control = RunControl {
                cancelled: Some(cancel),
                on_progress: None,
            };
            let gamma = gamma_studio::gamma(&pair, options, control)
                .map(|r| r.gamma)
                .map_err(|e| e.to_string());
            let _ = sender.send(WorkerMessage::Pairwise {
                generation,
                first,
                second,
                gamma,
            });
            wake();
        }
    }
}
