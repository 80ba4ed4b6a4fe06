//! File → Export the agreement report…: the report of `gamma-studio report` (γ with its
//! intervals, γ-cat, γ-k, each document, each pair, the coefficients, the disagreements…) on the
//! open documents and the current settings, gathered by a job and written in the form the
//! file's extension names (.html, .md, .tex, .json).

pub mod panel;

use crate::app::AppState;
use crate::app::errors::AppError;
use crate::app::files::OpenedInputs;
use crate::app::jobs::JobKind;
use crate::report::{Rendering, Report};
use gamma_core::Corpus;
use std::path::{Path, PathBuf};

/// The title of the export's file dialog.
pub const REPORT_TITLE: &str = "Export the agreement report";

/// The report being gathered, if one is.
#[derive(Default)]
pub struct ReportExport {
    /// Whether the report places γ on the Corpus Shuffling Tool's curves (tens of seconds more).
    pub calibrate: bool,
    /// While a report is gathered: (stages done, stages), what its progress window shows.
    pub progress: Option<(usize, usize)>,
}

/// What the report's job sends: each stage ended, then what was written.
pub enum Gathering {
    /// (stages done, stages).
    Stage(usize, usize),
    /// The report written, or why not.
    Written(Result<PathBuf, AppError>),
}

/// The command line that gives the same figures, as the report prints it, to run on a
/// colleague's machine: the inputs named relative to the folder that holds them (a corpus
/// folder by its own name, files under their common folder), the report by its file name, the
/// categories left out of γ by `--exclude-category`; no local path, and no session (the app's
/// own state).
fn rerun(state: &AppState, out: &Path, calibrate: bool) -> String {
    let opened: Vec<PathBuf> = match &state.files.opened {
        Some(OpenedInputs::Files(files)) => files.clone(),
        Some(OpenedInputs::Folder(folder)) => vec![folder.clone()],
        None => vec!["FILES".into()],
    };
    let base = crate::report::command_line::common_folder(&opened);
    let relative: Vec<&Path> = (opened.iter())
        .map(|p| {
            base.as_deref()
                .and_then(|b| p.strip_prefix(b).ok())
                .unwrap_or(p)
        })
        .collect();
    let inputs: Vec<&std::ffi::OsStr> = relative.iter().map(|p| p.as_os_str()).collect();
    let out = out.file_name().map_or(out, Path::new);
    let excluded: Vec<&str> = (state.measure.settings.excluded_categories.iter())
        .map(String::as_str)
        .collect();
    let options = state.measure.settings.gamma_options();
    crate::report::command_line::report_command(&inputs, &options, &excluded, calibrate, out)
}

impl AppState {
    /// Gathers the report of the open documents in a job and writes it to `out`.
    pub fn export_report(&mut self, out: PathBuf) {
        if self.coding_report_offered() {
            return self.export_coding_report(out);
        }
        let Some(rendering) = Rendering::of(&out) else {
            self.shell.messages.error(format!(
                "{}: the agreement report is written as .html, .md, .tex or .json",
                out.display()
            ));
            return;
        };
        let excluded = self.measure.settings.excluded_categories.clone();
        let corpus = Corpus::new(
            (self.documents.open.iter())
                .map(|d| d.continuum().filter_categories(|c| !excluded.contains(c)))
                .collect(),
        );
        let options = self.measure.settings.gamma_options();
        let rerun = rerun(self, &out, self.report.calibrate);
        self.shell.messages.info(format!(
            "gathering the agreement report of {}…",
            crate::wording::plural(corpus.documents.len(), "document", "documents")
        ));
        let calibrate = self.report.calibrate;
        let stages = crate::report::STAGES + usize::from(calibrate);
        self.report.progress = Some((0, stages));
        let (kind, name) = (JobKind::Report, "agreement report");
        self.jobs.start(kind, name, deliver, move |context| {
            let control = context.control(None);
            let stage = |done: usize, _: usize| context.send(Gathering::Stage(done, stages));
            let written = Report::gather_under(&corpus, &options, rerun, control, &stage)
                .map(|report| match calibrate {
                    true => report.with_calibration(&corpus, &options, control),
                    false => report,
                })
                .map_err(AppError::from)
                .and_then(|report| {
                    // Cancelled while calibrating or rendering: nothing is written.
                    if context.is_cancelled() {
                        return Err(AppError::from(gamma_core::gamma::GammaError::Cancelled));
                    }
                    let text = rendering.render(&report);
                    gamma_formats::write_atomically(&out, text.as_bytes()).map_err(AppError::from)
                })
                .map(|()| out);
            context.send(Gathering::Written(written));
        });
    }

    /// Stops the report being gathered: nothing is written.
    pub fn cancel_report(&mut self) {
        if self.jobs.is_running(JobKind::Report) {
            self.jobs.cancel(JobKind::Report);
            (self.shell.messages).info("the agreement report was cancelled: nothing written");
        }
        self.report.progress = None;
    }
}

/// Shows the report's progress, then says in Messages what its job ended with (its route).
fn deliver(state: &mut AppState, message: Gathering) {
    let written = match message {
        Gathering::Stage(done, stages) => {
            state.report.progress = Some((done, stages));
            return;
        }
        Gathering::Written(written) => written,
    };
    state.report.progress = None;
    match written {
        Ok(path) => {
            (state.shell.messages).info(format!("agreement report written: {}", path.display()))
        }
        Err(e) => {
            (state.shell.messages).error(format!("the agreement report was not written: {e}"))
        }
    }
}
