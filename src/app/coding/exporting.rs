//! What the room writes, each by a job: the gold table of the study shown (`item,gold`), its
//! decision report (CSV, TSV or JSON), the dashboard's table, and the agreement report of the
//! study (File → Export the agreement report…, the report of `gamma-studio coding --report`).
//! An output is never one of the tables read. The dialogs suggest them beside the folder of
//! the tables, never inside it (a gold table among the tables would be read as one more study
//! the next time the folder opens).

use super::CodingInputs;
use super::agreement::choices_of;
use super::running::CodingJob;
use crate::app::AppState;
use gamma_core::coding::CoefficientChoice;
use gamma_core::coding::intervals::{IntervalOptions, Measured, measure};
use gamma_formats::coding_table::write::{write_decision_report, write_gold_table, write_rows};
use std::path::{Path, PathBuf};

/// What is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Export {
    Gold,
    Decisions,
    Dashboard,
}

impl AppState {
    /// Where an output named `name` is suggested: beside the folder that holds the tables read
    /// (the folder opened, or the table's own folder), never inside it.
    pub fn coding_output(&self, name: &str) -> PathBuf {
        let folder = match &self.coding.opened {
            Some(CodingInputs::Folder(folder)) => Some(folder.clone()),
            Some(CodingInputs::Table(paths)) => paths
                .first()
                .and_then(|p| p.parent())
                .map(Path::to_path_buf),
            None => None,
        };
        let absolute = folder.map(|f| std::path::absolute(&f).unwrap_or(f));
        match absolute.as_deref().and_then(Path::parent) {
            Some(beside) => beside.join(name),
            None => PathBuf::from(name),
        }
    }

    /// Writes what `export` names at `path` (in a job); Messages says what was written.
    pub(super) fn export_coding(&mut self, export: Export, path: PathBuf) {
        if gamma_formats::gold_export::is_input(&path, &self.coding.inputs()) {
            self.coding_fails(format!(
                "{}: is a table read here; choose another file (inputs are never written over)",
                path.display()
            ));
            return;
        }
        let work: Box<dyn FnOnce() -> Result<String, String> + Send> = match export {
            Export::Gold | Export::Decisions => {
                let Some(study) = self.coding.shown() else {
                    return;
                };
                let adjudication = study.adjudication.clone();
                let path = path.clone();
                Box::new(move || {
                    let (decided, total) = {
                        let p = adjudication.progress();
                        (p.decided, p.total)
                    };
                    if export == Export::Gold {
                        write_gold_table(&adjudication, &path).map_err(|e| e.to_string())?;
                        Ok(format!(
                            "gold table written ({decided} of {total} items decided; the others \
                             have an empty gold): {}",
                            path.display()
                        ))
                    } else {
                        write_decision_report(&adjudication, &path).map_err(|e| e.to_string())?;
                        Ok(format!(
                            "decision report written ({decided} decisions): {}",
                            path.display()
                        ))
                    }
                })
            }
            Export::Dashboard => {
                let lines = self.coding_lines();
                let rows = self.coding_table_rows(&lines);
                let path = path.clone();
                Box::new(move || {
                    write_rows(&path, &rows).map_err(|e| e.to_string())?;
                    Ok(format!(
                        "table written ({} tables): {}",
                        rows.len() - 1,
                        path.display()
                    ))
                })
            }
        };
        self.coding_job(work);
    }

    /// Runs `work` as the room's export job; what it says goes to Messages.
    fn coding_job(&mut self, work: Box<dyn FnOnce() -> Result<String, String> + Send>) {
        self.start_coding_job(
            CodingJob::Export,
            |state: &mut AppState, said: Result<String, String>| match said {
                Ok(text) => state.coding_says(text),
                Err(e) => state.coding_fails(format!("not written: {e}")),
            },
            move |context| context.send(work()),
        );
    }

    /// Whether File → Export the agreement report… is the coding study's (it is shown).
    pub fn coding_report_offered(&self) -> bool {
        self.shell.mode == crate::app::shell::Mode::Coding && self.coding.shown().is_some()
    }

    /// File → Export the agreement report… while a coding study is shown: its coefficients,
    /// intervals (the bootstrap's with the panel's settings) and methods, by the extension.
    pub fn export_coding_report(&mut self, out: PathBuf) {
        if crate::report::Rendering::of(&out).is_none() {
            self.coding_fails(format!(
                "{}: the agreement report is written as .html, .md, .tex or .json",
                out.display()
            ));
            return;
        }
        if gamma_formats::gold_export::is_input(&out, &self.coding.inputs()) {
            self.coding_fails(format!("{}: is a table read here", out.display()));
            return;
        }
        let Some(study) = self.coding.shown() else {
            return;
        };
        let study = std::sync::Arc::clone(&study.study);
        let agreement = &self.coding.agreement;
        let (forms, matrix) = (agreement.choices.clone(), agreement.matrix.clone());
        let intervals = IntervalOptions {
            level: 0.95,
            bootstrap: agreement.bootstrap.options(),
        };
        let reading = self.coding.reading.clone();
        let rerun = self.coding_command_line(&out);
        self.coding_says(format!("gathering the agreement report of {}…", study.name));
        self.coding_job(Box::new(move || {
            let rows: Vec<(CoefficientChoice, Result<Measured, String>)> =
                (choices_of(&forms, matrix.as_deref()).into_iter())
                    .flatten()
                    .map(|choice| {
                        let measured =
                            measure(&study, &choice, &intervals).map_err(|e| e.to_string());
                        (choice, measured)
                    })
                    .collect();
            crate::report::coding::write_with_rerun(
                &out, &study, &rows, &reading, &intervals, &rerun,
            )?;
            Ok(format!("agreement report written: {}", out.display()))
        }));
    }

    /// The `gamma-studio coding` command that gives the figures shown, writing the report at
    /// `out` (shell-quoted).
    pub fn coding_command_line(&self, out: &Path) -> String {
        use crate::report::coding::shell_quote;
        let quote = |p: &Path| shell_quote(&p.to_string_lossy());
        let mut words = vec!["gamma-studio coding".to_string()];
        match self.coding.shown() {
            Some(study) => words.extend(study.paths.iter().map(|p| quote(p))),
            None => words.push("TABLE".into()),
        }
        let reading = &self.coding.reading;
        if let Some(shape) = reading.shape {
            words.push(format!("--shape {}", shape.name()));
        }
        for missing in &reading.missing {
            words.push(format!("--missing {}", shell_quote(missing)));
        }
        if let Some(label) = &reading.missing_as {
            words.push(format!("--missing-as {}", shell_quote(label)));
        }
        if reading.set_separator.is_none() {
            words.push("--no-sets".into());
        }
        if let Some(order) = &reading.categories {
            words.push(format!("--categories {}", shell_quote(&order.join(","))));
        }
        let agreement = &self.coding.agreement;
        words.push(format!("-c {}", shell_quote(&agreement.names().join(","))));
        if let Some(matrix) = &agreement.matrix {
            words.push(format!("--distance-matrix {}", quote(matrix)));
        }
        if let Some(b) = agreement.bootstrap.options() {
            words.push(format!("--bootstrap {} --seed {}", b.replicates, b.seed));
        }
        words.push(format!("--report {}", quote(out)));
        words.join(" ")
    }
}
