//! Background work: the UI thread never computes. Every long computation of the app — γ or tγ
//! of the document shown, γ of each annotator against the gold, sweeps and calibrations of the
//! Corpus Shuffling Tool — is a [`Job`]: a thread with its own channel and cancel flag. The
//! owner keeps the job in an `Option` and polls it once per frame; starting a new job replaces
//! (drops) the old one, which cancels it and drops its receiver, so nothing a superseded job
//! sends can ever be read — no generation numbers needed.

use gamma_core::gamma::RunControl;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

/// Asks the UI to repaint (called from a job's thread after each message).
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// A running job: the receiving end of its channel and its cancel flag.
pub struct Job<Message> {
    receiver: Receiver<Message>,
    cancel: Arc<AtomicBool>,
}

/// What a job's thread holds: where to send its messages, whether it was cancelled.
pub struct JobContext<Message> {
    sender: Sender<Message>,
    cancel: Arc<AtomicBool>,
    wake: Wake,
}

impl<Message> JobContext<Message> {
    /// Sends a message to the owner and wakes the UI (a dropped receiver is not an error:
    /// the job was superseded).
    pub fn send(&self, message: Message) {
        let _ = self.sender.send(message);
        (self.wake)();
    }

    /// Whether the owner cancelled or dropped the job: the work should stop.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The core's control for this job: its cancel flag and `on_progress`.
    pub fn control<'a>(
        &'a self,
        on_progress: Option<&'a (dyn Fn(usize, usize) + Sync)>,
    ) -> RunControl<'a> {
        RunControl {
            cancelled: Some(&self.cancel),
            on_progress,
        }
    }
}

impl<Message: Send + 'static> Job<Message> {
    /// Runs `work` in a new thread named `name`; `wake` is called after each message.
    pub fn spawn(
        name: &str,
        wake: Wake,
        work: impl FnOnce(&JobContext<Message>) + Send + 'static,
    ) -> Job<Message> {
        let (sender, receiver) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let context = JobContext {
            sender,
            cancel: Arc::clone(&cancel),
            wake,
        };
        log::info!("job {name} started");
        std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || work(&context))
            .expect("a thread can be started");
        Job { receiver, cancel }
    }
}

impl<Message> Job<Message> {
    /// The messages sent since the last call (never blocks).
    pub fn messages(&self) -> Vec<Message> {
        self.receiver.try_iter().collect()
    }

    /// Asks the work to stop at its next check.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl<Message> Drop for Job<Message> {
    /// A replaced or dropped job stops as soon as it next checks its flag.
    fn drop(&mut self) {
        self.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn wait_for<M>(job: &Job<M>, count: usize) -> Vec<M> {
        let start = Instant::now();
        let mut received = Vec::new();
        while received.len() < count && start.elapsed() < Duration::from_secs(10) {
            received.extend(job.messages());
            std::thread::sleep(Duration::from_millis(5));
        }
        received
    }

    #[test]
    fn a_job_sends_its_messages_and_wakes_the_ui_for_each() {
        let wakes = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = Arc::clone(&wakes);
        let job = Job::spawn(
            "test-job",
            Arc::new(move || {
                counter.fetch_add(1, Ordering::Relaxed);
            }),
            |context| {
                for i in 0..3 {
                    context.send(i);
                }
            },
        );
        assert_eq!(wait_for(&job, 3), [0, 1, 2]);
        assert_eq!(wakes.load(Ordering::Relaxed), 3);
    }

    #[test]
    fn dropping_a_job_cancels_its_work() {
        let stopped = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&stopped);
        let job: Job<()> = Job::spawn("test-cancel", Arc::new(|| {}), move |context| {
            let start = Instant::now();
            while !context.is_cancelled() && start.elapsed() < Duration::from_secs(10) {
                std::thread::sleep(Duration::from_millis(1));
            }
            seen.store(context.is_cancelled(), Ordering::Relaxed);
        });
        drop(job);
        let start = Instant::now();
        while !stopped.load(Ordering::Relaxed) && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(
            stopped.load(Ordering::Relaxed),
            "the work saw the cancel flag"
        );
    }
}
