//! File → Export the agreement report…: the report of `gamma-studio report` (γ with its
//! intervals, γ-cat, γ-k, each document, each pair, the coefficients, the disagreements…) on the
//! open documents and the current settings, gathered by a job and written in the form the
//! file's extension names (.html, .md, .tex, .json).

use super::jobs::Job;
use super::opened::OpenedInputs;
use super::state::AppState;
use crate::report::{Rendering, Report};
use gamma_core::Corpus;
use std::path::{Path, PathBuf};

/// The title of the export's file dialog.
pub const REPORT_TITLE: &str = "Export the agreement report";

/// The report being gathered, if one is.
#[derive(Default)]
pub struct ReportExport {
    job: Option<Job<Result<PathBuf, String>>>,
    /// Whether the report places γ on the Corpus Shuffling Tool's curves (tens of seconds more).
    pub calibrate: bool,
}

/// The command line that gives the same figures, as the report prints it.
fn rerun(state: &AppState, out: &Path, calibrate: bool) -> String {
    let inputs: Vec<&std::ffi::OsStr> = match &state.opened {
        Some(OpenedInputs::Files(files)) => files.iter().map(|f| f.as_os_str()).collect(),
        Some(OpenedInputs::Folder(folder)) => vec![folder.as_os_str()],
        None => vec!["FILES".as_ref()],
    };
    let options = state.settings.gamma_options();
    crate::report::command_line::report_command(&inputs, &options, calibrate, out)
}

impl ReportExport {
    /// Whether a report is being gathered.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// Gathers the report of the open documents in a job and writes it to `out`.
    pub fn start(&mut self, state: &mut AppState, out: PathBuf) {
        let Some(rendering) = Rendering::of(&out) else {
            state.errors.push(format!(
                "{}: the agreement report is written as .html, .md, .tex or .json",
                out.display()
            ));
            return;
        };
        let excluded = state.settings.excluded_categories.clone();
        let corpus = Corpus::new(
            (state.documents.iter())
                .map(|d| d.continuum().filter_categories(|c| !excluded.contains(c)))
                .collect(),
        );
        let options = state.settings.gamma_options();
        let rerun = rerun(state, &out, self.calibrate);
        state.errors.push(format!(
            "gathering the agreement report of {} document(s)…",
            corpus.documents.len()
        ));
        let wake = std::sync::Arc::clone(&state.wake);
        let calibrate = self.calibrate;
        self.job = Some(Job::spawn("agreement report", wake, move |context| {
            let written = Report::gather(&corpus, &options, rerun)
                .map(|report| match calibrate {
                    true => report.with_calibration(&corpus, &options),
                    false => report,
                })
                .map_err(|e| e.to_string())
                .and_then(|report| {
                    let text = rendering.render(&report);
                    gamma_formats::write_atomically(&out, text.as_bytes())
                        .map_err(|e| e.to_string())
                })
                .map(|()| out);
            context.send(written);
        }));
    }

    /// Says in Messages what the job ended with.
    pub fn poll(&mut self, state: &mut AppState) {
        let Some(job) = &self.job else {
            return;
        };
        for written in job.messages() {
            self.job = None;
            state.errors.push(match written {
                Ok(path) => format!("agreement report written: {}", path.display()),
                Err(e) => format!("the agreement report was not written: {e}"),
            });
        }
    }
}
