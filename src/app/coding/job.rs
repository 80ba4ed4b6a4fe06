//! The kinds of the room's jobs, as the app's registry ([`crate::app::jobs`]) names them.

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
