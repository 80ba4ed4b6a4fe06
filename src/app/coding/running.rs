//! The room's background jobs, by kind, in the app's one registry ([`crate::app::jobs`]): at
//! most one of each runs, starting one replaces (so cancels) the one running, and each message
//! a job sends is applied to the [`AppState`] by the job's route, once per frame. The UI thread
//! never reads a table, measures a study or writes a file.

pub use super::job::CodingJob;
use crate::app::AppState;
use crate::app::jobs::{JobContext, JobKind};

impl AppState {
    /// Runs `work` in a thread as the room's job of `kind`, replacing (cancelling) the one
    /// running; `route` applies each of its messages.
    pub(super) fn start_coding_job<Message: Send + 'static>(
        &mut self,
        kind: CodingJob,
        route: fn(&mut AppState, Message),
        work: impl FnOnce(&JobContext<Message>) + Send + 'static,
    ) {
        let name = format!("coding {kind:?}");
        self.jobs.start(JobKind::Coding(kind), &name, route, work);
    }

    /// Cancels the room's job of `kind`, if one runs (what it sends is never read).
    pub(super) fn cancel_coding_job(&mut self, kind: CodingJob) {
        self.jobs.cancel(JobKind::Coding(kind));
    }

    /// Whether a job of the room runs.
    pub fn coding_is_running(&self) -> bool {
        const KINDS: [CodingJob; 6] = [
            CodingJob::Open,
            CodingJob::Summaries,
            CodingJob::Agreement,
            CodingJob::Pair,
            CodingJob::Bootstrap,
            CodingJob::Export,
        ];
        KINDS
            .iter()
            .any(|&k| self.jobs.is_running(JobKind::Coding(k)))
    }

    /// Whether the bootstrap intervals are being drawn.
    pub fn coding_is_drawing(&self) -> bool {
        self.jobs.is_running(JobKind::Coding(CodingJob::Bootstrap))
    }

    /// Whether the tables are being read.
    pub fn coding_is_reading(&self) -> bool {
        self.jobs.is_running(JobKind::Coding(CodingJob::Open))
    }
}
