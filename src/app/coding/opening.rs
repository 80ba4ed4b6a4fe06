//! Opening coding studies: a table through the open dialog (its shape and how missing ratings
//! are written) or at once (the `open` subcommand, Recent: the shape detected), a folder of
//! tables as a dashboard. The open job reads; what it read is installed here, each study
//! resuming its autosaved session when the data folder holds one for the same table.

use super::dashboard::Dashboard;
use super::reading::{OpenForm, Opened, TableRead, read_table};
use super::running::CodingJob;
use super::study::Study;
use super::{CodingInputs, CodingView};
use crate::app::AppState;
use crate::app::shell::Mode;
use gamma_core::coding::CodingAdjudication;
use gamma_formats::ReadOptions;
use gamma_formats::coding_table::CodingReadOptions;
use gamma_formats::coding_table::write::autosave_path;
use std::path::{Path, PathBuf};

impl AppState {
    /// A table picked or dropped: the open dialog asks how to read it.
    pub fn request_coding_open(&mut self, paths: Vec<PathBuf>) {
        self.coding.pending_open = Some(OpenForm::new(paths, &self.coding.reading));
    }

    /// The open dialog's table, read as it says.
    pub(super) fn open_pending_coding(&mut self) {
        if let Some(form) = self.coding.pending_open.take() {
            self.open_coding(form.paths.clone(), form.options());
        }
    }

    /// The study shown, through the open dialog again.
    pub(super) fn read_coding_again(&mut self) {
        if let Some(study) = self.coding.shown() {
            let form = OpenForm::new(study.paths.clone(), &self.coding.reading);
            self.coding.pending_open = Some(form);
        }
    }

    /// Reads one study (a table, or annotation files with the spans shape) in a job.
    pub fn open_coding(&mut self, paths: Vec<PathBuf>, options: CodingReadOptions) {
        let data_folder = self.files.data_folder.clone();
        self.start_coding_job(CodingJob::Open, route_opened, move |context| {
            let read = read_table(&paths, &options, data_folder.as_deref());
            context.send(Opened::Table {
                paths,
                options,
                read,
            });
        });
    }

    /// Reads every table of a folder of tables in a job, the dashboard filling in as they come.
    pub fn open_coding_folder(&mut self, folder: &Path, tables: Vec<PathBuf>) {
        let (folder, options) = (folder.to_path_buf(), self.coding.reading.clone());
        let options = CodingReadOptions {
            // Every table's own shape: one forced for the last table would not fit them all.
            shape: None,
            ..options
        };
        let data_folder = self.files.data_folder.clone();
        self.start_coding_job(CodingJob::Open, route_opened, move |context| {
            context.send(Opened::Folder {
                folder,
                options: options.clone(),
                tables: tables.clone(),
            });
            for (index, table) in tables.iter().enumerate() {
                if context.is_cancelled() {
                    return;
                }
                let read = read_table(
                    std::slice::from_ref(table),
                    &options,
                    data_folder.as_deref(),
                );
                context.send(Opened::FolderTable { index, read });
            }
        });
    }

    /// A study read: its adjudication resumed from the autosaved session when there is one.
    fn study_of(&mut self, paths: Vec<PathBuf>, read: TableRead) -> Study {
        let TableRead {
            study,
            warnings,
            session,
        } = read;
        let save_path = (self.files.data_folder.as_deref()).map(|f| autosave_path(f, &study));
        let adjudicator = self.coding_adjudicator();
        let mut opened = Study::new(paths, study, adjudicator.clone(), save_path);
        opened.warnings = warnings.iter().map(|w| w.to_string()).collect();
        match session {
            Some((path, Ok(session))) => {
                let study = (*opened.study).clone();
                match CodingAdjudication::restore(study, &session, adjudicator) {
                    Ok(adjudication) => {
                        let decided = adjudication.progress().decided;
                        opened.set_adjudication(adjudication);
                        opened.save_path = Some(path.clone());
                        self.coding_says(format!(
                            "{}: resumed the session autosaved in {} ({} decided)",
                            opened.name(),
                            path.display(),
                            crate::wording::plural(decided, "item", "items")
                        ));
                    }
                    Err(e) => self.coding_fails(format!("{}: {e}", path.display())),
                }
            }
            Some((path, Err(e))) => self.coding_fails(format!(
                "{e} (the autosaved session of {}; the next decision replaces it)",
                path.display()
            )),
            None => {}
        }
        opened
    }

    /// Shows the room with `inputs` opened (the span documents stay open in their view).
    fn coding_opened(&mut self, inputs: CodingInputs, options: CodingReadOptions) {
        self.coding.opened = Some(inputs);
        self.coding.reading = options;
        self.coding.project_path = None;
        self.coding.message = None;
        self.shell.mode = Mode::Coding;
    }

    /// Shows study `index` and measures it.
    pub fn show_coding_study(&mut self, index: usize) {
        if index >= self.coding.studies.len() {
            return;
        }
        self.coding.shown = Some(index);
        self.coding.view = CodingView::Study;
        self.coding.typed_label.clear();
        self.coding.agreement.pair = (0, 1);
        self.measure_coding();
    }
}

/// Applies what the open job read.
fn route_opened(state: &mut AppState, opened: Opened) {
    match opened {
        Opened::Table {
            paths,
            options,
            read,
        } => match read {
            Ok(read) => {
                for warning in &read.warnings {
                    state.coding_says(format!("warning: {warning}"));
                }
                let study = state.study_of(paths.clone(), *read);
                state.coding_says(describe(&study));
                // A table of the folder read again (another shape): in its place.
                let row = (state.coding.dashboard.as_ref()).and_then(|d| {
                    let row = d.rows.iter().position(|r| [r.path.clone()] == paths[..])?;
                    d.rows[row].read.as_ref()?.as_ref().ok().copied()
                });
                if let Some(index) = row {
                    state.coding.studies[index] = study;
                    state.show_coding_study(index);
                    state.summarise_coding();
                    return;
                }
                if let Err(e) = state.files.recent.add(&paths, &ReadOptions::default()) {
                    state.coding_fails(e);
                }
                state.coding.studies = vec![study];
                state.coding.dashboard = None;
                state.coding_opened(CodingInputs::Table(paths), options);
                state.show_coding_study(0);
                state.restore_coding_project();
            }
            Err(e) => state.coding_fails(e),
        },
        Opened::Folder {
            folder,
            options,
            tables,
        } => {
            state.coding_says(format!(
                "{}: a folder of {}",
                folder.display(),
                crate::wording::plural(tables.len(), "coding table", "coding tables")
            ));
            state.coding.studies.clear();
            state.coding.shown = None;
            state.coding.dashboard = Some(Dashboard::new(folder.clone(), tables));
            state.coding_opened(CodingInputs::Folder(folder), options);
            state.coding.view = CodingView::Dashboard;
        }
        Opened::FolderTable { index, read } => {
            let Some(path) = (state.coding.dashboard.as_ref())
                .and_then(|d| d.rows.get(index))
                .map(|r| r.path.clone())
            else {
                return;
            };
            let outcome = match read {
                Ok(read) => {
                    let study = state.study_of(vec![path], *read);
                    state.coding.studies.push(study);
                    Ok(state.coding.studies.len() - 1)
                }
                Err(e) => Err(e.message.clone()),
            };
            let dashboard = state.coding.dashboard.as_mut().expect("checked above");
            dashboard.rows[index].read = Some(outcome);
            if dashboard.rows.iter().all(|r| r.read.is_some()) {
                state.summarise_coding();
                state.restore_coding_project();
            }
        }
    }
}

/// What a study is, in a line: its items, coders, labels and missing ratings.
fn describe(study: &Study) -> String {
    let s = &study.study;
    let cells = s.n_items() * s.coders.len();
    let missing = cells - s.n_ratings();
    format!(
        "{}: {} items, {} coders, {} labels, {} ratings ({} missing)",
        s.name,
        s.n_items(),
        s.coders.len(),
        s.categories().len(),
        s.n_ratings(),
        missing
    )
}
