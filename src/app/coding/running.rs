//! The room's background jobs, by kind: at most one of each runs, starting one replaces (so
//! cancels) the one running, and each message a job sends is applied to the [`AppState`] by
//! the job's route, once per frame ([`AppState::poll_coding`]). The UI thread never reads a
//! table, measures a study or writes a file.

use crate::app::AppState;
use crate::app::jobs::{Job, JobContext, Wake};
use std::collections::BTreeMap;
use std::sync::Arc;

/// What a job of the room does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum CodingJob {
    /// Reading a table, or the tables of a folder.
    Open,
    /// The dashboard's row of every table (its chosen coefficients).
    Summaries,
    /// The coefficients of the study shown, their analytic intervals and tables.
    Agreement,
    /// The confusion matrix of the pair of coders chosen.
    Pair,
    /// The bootstrap intervals of the study shown.
    Bootstrap,
    /// Writing a gold table, a decision report, the dashboard's table or the report.
    Export,
}

/// A job with the function that applies its messages to the app state.
trait Routed {
    /// Applies what the job sent; whether it is over.
    fn deliver(&mut self, state: &mut AppState) -> bool;
}

struct Route<Message> {
    job: Job<Message>,
    route: fn(&mut AppState, Message),
    /// Set by the thread when it ends (it sends nothing after).
    over: Arc<std::sync::atomic::AtomicBool>,
}

impl<Message> Routed for Route<Message> {
    fn deliver(&mut self, state: &mut AppState) -> bool {
        // Read `over` first: a message sent before the end is then among those taken.
        let over = self.over.load(std::sync::atomic::Ordering::Acquire);
        for message in self.job.messages() {
            (self.route)(state, message);
        }
        over
    }
}

/// The room's running jobs.
#[derive(Default)]
pub struct RoomJobs {
    running: BTreeMap<CodingJob, Box<dyn Routed>>,
}

impl RoomJobs {
    /// Runs `work` in a thread as the job of `kind`, replacing (cancelling) the one running.
    pub fn start<Message: Send + 'static>(
        &mut self,
        kind: CodingJob,
        wake: &Wake,
        route: fn(&mut AppState, Message),
        work: impl FnOnce(&JobContext<Message>) + Send + 'static,
    ) {
        let over = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let ended = Arc::clone(&over);
        let wake_at_end = Arc::clone(wake);
        let job = Job::spawn(
            &format!("coding {kind:?}"),
            Arc::clone(wake),
            move |context| {
                work(context);
                ended.store(true, std::sync::atomic::Ordering::Release);
                wake_at_end();
            },
        );
        self.running
            .insert(kind, Box::new(Route { job, route, over }));
    }

    /// Cancels the job of `kind`, if one runs (what it sends is never read).
    pub fn cancel(&mut self, kind: CodingJob) {
        self.running.remove(&kind);
    }

    /// Whether a job of `kind` runs.
    pub fn is_running(&self, kind: CodingJob) -> bool {
        self.running.contains_key(&kind)
    }

    /// Whether any job runs.
    pub fn any_running(&self) -> bool {
        !self.running.is_empty()
    }
}

impl AppState {
    /// Applies what the room's jobs sent, and forgets those that are over. A job replaced or
    /// cancelled while its messages are applied is not put back.
    pub(super) fn poll_coding_jobs(&mut self) {
        let kinds: Vec<CodingJob> = self.coding.jobs.running.keys().copied().collect();
        for kind in kinds {
            let Some(mut job) = self.coding.jobs.running.remove(&kind) else {
                continue;
            };
            let over = job.deliver(self);
            if !over && !self.coding.jobs.running.contains_key(&kind) {
                self.coding.jobs.running.insert(kind, job);
            }
        }
    }
}
