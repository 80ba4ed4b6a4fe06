//! Background work: the UI thread never computes, reads or writes documents. Every long piece
//! of work of the app — reading the files opened, γ or tγ of the document shown, γ of each
//! annotator against the gold, the dashboard's figures, the Corpus Shuffling Tool's sweeps and
//! calibrations, the evaluation, the agreement report, the gold corpus export, the coding
//! room's tables, measures and outputs — is a [`Job`]: a
//! thread with its own channel and cancel flag, held by the one registry, [`Jobs`].
//!
//! A job is started with its [`JobKind`] and a route: the function that applies each of its
//! typed messages to the [`AppState`]. [`AppState::poll_jobs`] routes what every job sent, once
//! per frame, and forgets the jobs whose thread ended. Starting a job of a kind replaces (drops)
//! the one of that kind, which cancels it and drops its receiver, so nothing a superseded job
//! sends can ever be read — no generation numbers needed. Dropping the registry (quitting)
//! cancels every job, and no job is ever joined: none keeps the window open.

use crate::app::AppState;
use crate::app::document::open_document::DocumentId;
use gamma_core::gamma::RunControl;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};

/// Asks the UI to repaint (called from a job's thread after each message).
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// What a job does: at most one job of each kind runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum JobKind {
    /// Reading the files, folder, project or demo opened.
    Open,
    /// γ (or tγ) of the document shown, then its pairs, the other documents, the corpus.
    Gamma,
    /// γ of each annotator of a document against its gold so far.
    AgainstGold(DocumentId),
    /// The dashboard's figures: each document, the corpus, the pairs of annotators.
    Dashboard,
    /// A sweep or a calibration of the Corpus Shuffling Tool.
    Shuffling,
    /// The evaluation against a reference.
    Evaluate,
    /// The agreement report.
    Report,
    /// The gold of every adjudicated document, written as a corpus.
    GoldCorpus,
    /// The feedback pages of each annotator.
    Feedback,
    /// The anatomy of the disagreement of the document shown, γ with each annotator left out.
    Anatomy,
    /// A job of the coding room (reading tables, measuring a study, writing its outputs).
    Coding(crate::app::coding::job::CodingJob),
}

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

impl<Message> Drop for JobContext<Message> {
    /// The job's thread ended: the UI looks once more (and finds the job over).
    fn drop(&mut self) {
        (self.wake)();
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
    /// The messages sent since the last call (never blocks), and whether the job's thread has
    /// ended (it will send nothing more).
    pub fn take(&self) -> (Vec<Message>, bool) {
        let mut messages = Vec::new();
        loop {
            match self.receiver.try_recv() {
                Ok(message) => messages.push(message),
                Err(TryRecvError::Empty) => return (messages, false),
                Err(TryRecvError::Disconnected) => return (messages, true),
            }
        }
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

/// A job with the function that applies its messages to the app state.
trait Routed {
    /// Applies what the job sent to `state`; whether the job is over.
    fn deliver(&mut self, state: &mut AppState) -> bool;
}

struct Route<Message> {
    job: Job<Message>,
    route: fn(&mut AppState, Message),
}

impl<Message> Routed for Route<Message> {
    fn deliver(&mut self, state: &mut AppState) -> bool {
        let (messages, over) = self.job.take();
        for message in messages {
            (self.route)(state, message);
        }
        over
    }
}

/// Every job running, by kind.
pub struct Jobs {
    running: BTreeMap<JobKind, Box<dyn Routed>>,
    wake: Wake,
    /// While [`AppState::poll_jobs`] delivers: the kinds started or cancelled meanwhile (the
    /// jobs taken out to deliver are then superseded).
    touched: Option<Vec<JobKind>>,
}

impl Jobs {
    /// No job; `wake` asks the UI to repaint.
    pub fn new(wake: Wake) -> Jobs {
        Jobs {
            running: BTreeMap::new(),
            wake,
            touched: None,
        }
    }

    /// Runs `work` in a thread as the job of `kind` (replacing, so cancelling, the one
    /// running); each message it sends is applied by `route` when the jobs are polled.
    pub fn start<Message: Send + 'static>(
        &mut self,
        kind: JobKind,
        name: &str,
        route: fn(&mut AppState, Message),
        work: impl FnOnce(&JobContext<Message>) + Send + 'static,
    ) {
        let job = Job::spawn(name, Arc::clone(&self.wake), work);
        self.touch(kind);
        self.running.insert(kind, Box::new(Route { job, route }));
    }

    /// Cancels the job of `kind`, if one runs (what it sends is never read).
    pub fn cancel(&mut self, kind: JobKind) {
        self.touch(kind);
        self.running.remove(&kind);
    }

    /// Cancels every job whose kind passes `which`.
    pub fn cancel_where(&mut self, which: impl Fn(JobKind) -> bool) {
        let kinds: Vec<JobKind> = self.running.keys().copied().filter(|k| which(*k)).collect();
        for kind in kinds {
            self.cancel(kind);
        }
    }

    /// Cancels every job (quitting: none is waited for).
    pub fn cancel_all(&mut self) {
        self.cancel_where(|_| true);
    }

    /// Whether a job of `kind` runs.
    pub fn is_running(&self, kind: JobKind) -> bool {
        self.running.contains_key(&kind)
    }

    /// Whether any job runs.
    pub fn any_running(&self) -> bool {
        !self.running.is_empty()
    }

    fn touch(&mut self, kind: JobKind) {
        if let Some(touched) = &mut self.touched {
            touched.push(kind);
        }
    }

    /// The jobs the tests wait for as soon as they start: reading and writing files, which
    /// the user sees done a few milliseconds later, and the UI tests in the same frame, as when
    /// the UI thread read them itself.
    #[cfg(test)]
    fn awaited(kind: JobKind) -> bool {
        matches!(
            kind,
            JobKind::Open | JobKind::GoldCorpus | JobKind::Feedback
        )
    }
}

impl AppState {
    /// Applies what every job sent, in the order of their kinds, and forgets the jobs that are
    /// over; call once per frame.
    pub fn poll_jobs(&mut self) {
        let mut taken = std::mem::take(&mut self.jobs.running);
        self.jobs.touched = Some(Vec::new());
        taken.retain(|_, job| !job.deliver(self));
        let touched = self.jobs.touched.take().unwrap_or_default();
        for (kind, job) in taken {
            if !touched.contains(&kind) {
                self.jobs.running.insert(kind, job);
            }
        }
    }

    /// Waits until the jobs that read or write files are over, and applies what they sent (see
    /// [`Jobs::awaited`]); the app never waits so.
    #[cfg(test)]
    pub(crate) fn await_files(&mut self) {
        let start = std::time::Instant::now();
        while self.jobs.running.keys().any(|k| Jobs::awaited(*k))
            && start.elapsed() < std::time::Duration::from_secs(60)
        {
            let mut taken = std::mem::take(&mut self.jobs.running);
            self.jobs.touched = Some(Vec::new());
            taken.retain(|kind, job| !Jobs::awaited(*kind) || !job.deliver(self));
            let touched = self.jobs.touched.take().unwrap_or_default();
            for (kind, job) in taken {
                if !touched.contains(&kind) {
                    self.jobs.running.insert(kind, job);
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
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
            received.extend(job.take().0);
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
        let start = Instant::now();
        while !job.take().1 && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(job.take().1, "over once its thread ended");
        assert_eq!(
            wakes.load(Ordering::Relaxed),
            4,
            "a wake per message, and one when it ended"
        );
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

    /// The registry: a message reaches the state through the job's route, the job is
    /// forgotten once over, a job of the same kind replaces (cancels) the one running, and
    /// dropping the registry cancels every job without waiting for any.
    #[test]
    fn the_registry_routes_replaces_and_cancels_its_jobs() {
        let mut state = AppState::new(Arc::new(|| {}));
        let route = |state: &mut AppState, text: String| state.shell.messages.info(text);
        state.jobs.start(JobKind::Report, "said", route, |context| {
            context.send("from the job".to_string())
        });
        let start = Instant::now();
        while state.jobs.any_running() && start.elapsed() < Duration::from_secs(10) {
            state.poll_jobs();
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(!state.jobs.any_running(), "forgotten once over");
        assert_eq!(
            state.shell.messages.last().map(|m| m.text.as_str()),
            Some("from the job")
        );
        let flags: Vec<Arc<AtomicBool>> = (0..2).map(|_| Arc::default()).collect();
        for flag in &flags {
            let flag = Arc::clone(flag);
            state
                .jobs
                .start(JobKind::Report, "waits", route, move |context| {
                    while !context.is_cancelled() {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    flag.store(true, Ordering::Relaxed);
                });
        }
        let stopped = |flag: &Arc<AtomicBool>| {
            let start = Instant::now();
            while !flag.load(Ordering::Relaxed) && start.elapsed() < Duration::from_secs(10) {
                std::thread::sleep(Duration::from_millis(2));
            }
            flag.load(Ordering::Relaxed)
        };
        assert!(stopped(&flags[0]), "replaced, so cancelled");
        assert!(state.jobs.is_running(JobKind::Report));
        let clock = Instant::now();
        drop(state);
        assert!(
            clock.elapsed() < Duration::from_millis(100),
            "nothing joined"
        );
        assert!(
            stopped(&flags[1]),
            "dropped with the registry, so cancelled"
        );
    }
}
