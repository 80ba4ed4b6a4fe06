//! Opening: files, a corpus folder, a project or a demo are read by a job (the UI thread never
//! reads a document), then shown. While they are read, the γ of the document shown stops and
//! says so; when reading fails, Messages says why and the document shown stays (its γ is
//! computed again).

use super::demo::Demo;
use super::open_dialog::pre_segmentation::identical_types;
use super::project::ProjectFile;
use super::{OpenedInputs, project};
use crate::app::errors::AppError;
use crate::app::jobs::JobKind;
use crate::app::measure::gamma_run::Status;
use crate::app::measure::settings::AgreementMeasure;
use crate::app::shell::Mode;
use crate::app::{AppState, coding};
use gamma_formats::corpus_folder::CorpusPlan;
use gamma_formats::project::{ProjectInputs, ProjectReading};
use gamma_formats::{Document, ReadOptions, read_documents};
use gamma_formats::{FileError, Warning};
use std::path::{Path, PathBuf};

/// What an open job reads.
enum Reading {
    Files {
        paths: Vec<PathBuf>,
        options: ReadOptions,
    },
    Folder {
        folder: PathBuf,
        options: ReadOptions,
    },
    Demo(Demo),
    Project(PathBuf),
}

/// What an open job read.
pub(crate) enum Opened {
    Files {
        paths: Vec<PathBuf>,
        options: ReadOptions,
        read: Result<(Vec<Document>, Vec<Warning>), FileError>,
    },
    Folder {
        folder: PathBuf,
        options: ReadOptions,
        read: Result<(Vec<Document>, Vec<Warning>, CorpusPlan), FileError>,
        /// The Glozz unit types that are a pre-segmentation in every document.
        pre_segmentation: Vec<String>,
    },
    Demo {
        demo: Demo,
        read: Result<Vec<Document>, AppError>,
    },
    Project {
        path: PathBuf,
        read: Result<Box<(ProjectReading, ProjectFile, Opened)>, AppError>,
    },
}

impl Reading {
    /// Reads (in the job's thread).
    fn read(self) -> Opened {
        match self {
            Reading::Files { paths, options } => {
                let read = read_documents(&paths, &options);
                Opened::Files {
                    paths,
                    options,
                    read,
                }
            }
            Reading::Folder { folder, options } => {
                let read = gamma_formats::read_corpus(&folder, &options);
                let pre_segmentation = match &read {
                    Ok((documents, _, _)) => pre_segmentation(documents),
                    Err(_) => Vec::new(),
                };
                Opened::Folder {
                    folder,
                    options,
                    read,
                    pre_segmentation,
                }
            }
            Reading::Demo(demo) => Opened::Demo {
                demo,
                read: demo.documents(),
            },
            Reading::Project(path) => {
                let read = project::read_project_file(&path).map(|(reading, file)| {
                    let inputs = match &reading.inputs {
                        ProjectInputs::Folder(corpus) => Reading::Folder {
                            folder: corpus.clone(),
                            options: reading.options.clone(),
                        },
                        ProjectInputs::Files(files) => Reading::Files {
                            paths: files.clone(),
                            options: reading.options.clone(),
                        },
                    };
                    // The project says which categories count in γ: a pre-segmentation found
                    // in its folder is left as the project has it.
                    let mut inputs = inputs.read();
                    if let Opened::Folder {
                        pre_segmentation, ..
                    } = &mut inputs
                    {
                        pre_segmentation.clear();
                    }
                    Box::new((reading, file, inputs))
                });
                Opened::Project { path, read }
            }
        }
    }
}

/// The Glozz unit types identical in every annotator's file of every document (STAC's
/// `Dialogue`, `Turn`, `paragraph`): a pre-segmentation.
fn pre_segmentation(documents: &[Document]) -> Vec<String> {
    let mut common: Option<Vec<String>> = None;
    for document in documents {
        let gamma_formats::Source::Glozz { files, .. } = &document.source else {
            return Vec::new();
        };
        let paths: Vec<PathBuf> = files.iter().map(|f| f.path.clone()).collect();
        let types = identical_types(&paths);
        common = Some(match common {
            None => types,
            Some(before) => before.into_iter().filter(|t| types.contains(t)).collect(),
        });
    }
    common.unwrap_or_default()
}

/// Shows what the open job read (its route).
fn deliver(state: &mut AppState, opened: Opened) {
    if !state.show_opened(opened) {
        // The document shown stays: its γ again.
        state.recompute();
    } else if state.shell.mode == Mode::Coding {
        // Documents of spans were opened: the coding room gives way to them.
        state.shell.mode = Mode::Annotations;
    }
}

impl AppState {
    /// Reads `reading` in a job (replacing any opening); the γ of the document shown stops.
    fn start_opening(&mut self, reading: Reading) {
        self.measure.run.stop(&mut self.jobs, Status::Opening);
        self.jobs
            .start(JobKind::Open, "open", deliver, move |context| {
                context.send(reading.read());
            });
        #[cfg(test)]
        self.await_files();
    }

    /// Opens files (any supported format) and starts γ; problems go to Messages.
    pub fn open_files(&mut self, paths: &[PathBuf], options: &ReadOptions) {
        if coding::reading::is_coding_table(paths) {
            return self.open_coding(paths.to_vec(), self.coding.reading.clone());
        }
        self.start_opening(Reading::Files {
            paths: paths.to_vec(),
            options: options.clone(),
        });
    }

    /// Opens every document of a corpus folder (matched by name, as
    /// [`gamma_formats::read_corpus`] reads it) and says its layout in Messages.
    pub fn open_folder(&mut self, folder: &Path, options: &ReadOptions) {
        if let Some(tables) = coding::reading::tables_of(folder) {
            return self.open_coding_folder(folder, tables);
        }
        self.start_opening(Reading::Folder {
            folder: folder.to_path_buf(),
            options: options.clone(),
        });
    }

    /// Opens a bundled demo (tγ for the CorA pair).
    pub fn open_demo(&mut self, demo: Demo) {
        self.start_opening(Reading::Demo(demo));
    }

    /// Opens the project at `path`: its inputs as they were read, its settings and view, and
    /// every adjudication whose document still has the same annotations. Messages say what
    /// could not be restored.
    pub fn open_project(&mut self, path: &Path) {
        if coding::is_coding_project(path) {
            return self.open_coding_project(path);
        }
        self.start_opening(Reading::Project(path.to_path_buf()));
    }

    /// Shows what was read; whether documents were opened.
    fn show_opened(&mut self, opened: Opened) -> bool {
        match opened {
            Opened::Files {
                paths,
                options,
                read,
            } => self.show_files(&paths, &options, read),
            Opened::Folder {
                folder,
                options,
                read,
                pre_segmentation,
            } => self.show_folder(&folder, &options, read, &pre_segmentation),
            Opened::Demo { demo, read } => self.show_demo(demo, read),
            Opened::Project { path, read } => {
                let shown = read.and_then(|read| {
                    let (reading, file, inputs) = *read;
                    self.adopt_project_settings(&reading, &file);
                    if !self.show_opened(inputs) {
                        return Err(AppError::InputsNotOpened(path.clone()));
                    }
                    self.restore_project_view(&file);
                    Ok(())
                });
                match shown {
                    Ok(()) => {
                        if let Err(e) = self.files.recent.add_project(&path) {
                            self.shell.messages.error(e);
                        }
                        self.files.project_path = Some(path);
                        self.files.project_saved = self.project_signature();
                        true
                    }
                    // Nothing was shown: the project file or its inputs could not be read.
                    Err(e) => {
                        self.shell.messages.error(e);
                        false
                    }
                }
            }
        }
    }

    /// Shows the files read, or says why they were not.
    pub(crate) fn show_files(
        &mut self,
        paths: &[PathBuf],
        options: &ReadOptions,
        read: Result<(Vec<Document>, Vec<Warning>), FileError>,
    ) -> bool {
        let (documents, warnings) = match read {
            Ok(read) => read,
            Err(e) => {
                self.shell.messages.error(e);
                return false;
            }
        };
        for warning in warnings {
            self.shell.messages.warning(warning.to_string());
        }
        if let Err(e) = self.files.recent.add(paths, options) {
            self.shell.messages.error(e);
        }
        self.files.read_options = options.clone();
        self.set_documents(documents);
        self.files.corpus_layout = None;
        self.files.opened = Some(OpenedInputs::Files(paths.to_vec()));
        self.files.project_path = None;
        true
    }

    /// Shows the documents of the corpus folder read and says its layout, or says why not.
    pub(crate) fn show_folder(
        &mut self,
        folder: &Path,
        options: &ReadOptions,
        read: Result<(Vec<Document>, Vec<Warning>, CorpusPlan), FileError>,
        pre_segmentation: &[String],
    ) -> bool {
        let (documents, warnings, plan) = match read {
            Ok(read) => read,
            Err(e) => {
                self.shell.messages.error(e);
                return false;
            }
        };
        self.shell.messages.info(format!(
            "{}: {} documents ({})",
            folder.display(),
            documents.len(),
            plan.layout.describe()
        ));
        for warning in warnings {
            self.shell.messages.warning(warning.to_string());
        }
        if documents.is_empty() {
            return false;
        }
        if let Err(e) = self.files.recent.add_folder(folder, options) {
            self.shell.messages.error(e);
        }
        self.files.read_options = options.clone();
        // A pre-segmentation is left out of γ as File → Open… leaves it out: the same document
        // gets the same γ whichever way it was opened. It stays adjudicable, and the gold
        // carries it (Settings → categories measured brings it back).
        if !pre_segmentation.is_empty() {
            let excluded = &mut self.measure.settings.excluded_categories;
            excluded.extend(pre_segmentation.iter().cloned());
            self.shell.messages.info(format!(
                "{}: identical in every annotator's file of every document, a pre-segmentation: \
                 left out of γ, as File → Open… leaves them out (Settings → categories measured \
                 to measure them); the gold carries them",
                pre_segmentation.join(", ")
            ));
        }
        self.set_documents(documents);
        self.files.corpus_layout = Some(plan.layout);
        self.files.opened = Some(OpenedInputs::Folder(folder.to_path_buf()));
        self.files.project_path = None;
        // A campaign is seen first as a whole: where its documents disagree.
        if self.documents.open.len() > 1 {
            self.shell.mode = Mode::Dashboard;
        }
        true
    }

    /// Shows a bundled demo (tγ for the CorA pair).
    fn show_demo(&mut self, demo: Demo, read: Result<Vec<Document>, AppError>) -> bool {
        let documents = match read {
            Ok(documents) => documents,
            Err(e) => {
                (self.shell.messages).error(format!("the demo cannot be opened: {e}"));
                return false;
            }
        };
        self.measure.settings.measure = match demo {
            Demo::HistoricalText => AgreementMeasure::TextGamma,
            Demo::NamedEntities | Demo::DiscourseRelations => AgreementMeasure::Gamma,
        };
        // The demo is read with its own options (the unit types it measures), not the last
        // files' ones.
        self.files.read_options = ReadOptions {
            glozz: demo.files().map(|(_, o)| o.glozz).unwrap_or_default(),
            ..Default::default()
        };
        self.set_documents(documents);
        self.files.opened = None;
        self.files.project_path = None;
        true
    }
}
