//! The desktop app: a thin client of the core. [`state::AppState`] holds what is shown, in
//! rooms (documents and view, γ run, selection, adjudication, shuffling tool, recent files);
//! one file per panel draws it; every long computation is a [`jobs::Job`] polled once per
//! frame.

mod adjudication;
pub mod bench;
mod campaign;
mod command_handling;
mod commands;
mod document;
mod evaluate;
pub mod files;
mod jobs;
pub mod measure;
mod report_export;
mod shell;
pub mod shuffling;
pub mod state;

#[cfg(test)]
mod tests;

use eframe::egui::{self, Ui};
use files::dialog::{FileDialog, SystemDialog, WithFallback};
use files::open_dialog::{Decision, OpenDialog};
#[cfg(test)]
use gamma_formats::Document;
use gamma_formats::ReadOptions;
use state::AppState;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The default demo: the named entities in Glozz format (see [`demo`]).
#[cfg(test)]
pub fn demo_document() -> Document {
    files::demo::Demo::NamedEntities
        .documents()
        .expect("the embedded demo is valid (tested)")
        .remove(0)
}

/// egui's fonts, then DejaVu as the fallback for the characters of historical and phonetic
/// texts (ſ, combining diacritics) and of our notation (∅, δ, Δ).
pub fn install_fonts(context: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    for (name, bytes, family) in [
        (
            "DejaVuSans",
            &include_bytes!("../../assets/fonts/DejaVuSans.ttf")[..],
            egui::FontFamily::Proportional,
        ),
        (
            "DejaVuSansMono",
            &include_bytes!("../../assets/fonts/DejaVuSansMono.ttf")[..],
            egui::FontFamily::Monospace,
        ),
    ] {
        fonts
            .font_data
            .insert(name.into(), Arc::new(egui::FontData::from_static(bytes)));
        fonts.families.entry(family).or_default().push(name.into());
    }
    context.set_fonts(fonts);
}

/// The application icon (drawn for the project: `assets/gamma-studio.svg`, rendered to PNG).
pub fn window_icon() -> Option<egui::IconData> {
    let bytes = include_bytes!("../../assets/icons/gamma-studio-256.png");
    let mut reader = png::Decoder::new(std::io::Cursor::new(&bytes[..]))
        .read_info()
        .ok()?;
    let mut rgba = vec![0; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut rgba).ok()?;
    if info.color_type != png::ColorType::Rgba || info.bit_depth != png::BitDepth::Eight {
        return None;
    }
    rgba.truncate(info.buffer_size());
    Some(egui::IconData {
        rgba,
        width: info.width,
        height: info.height,
    })
}

/// How the app starts.
#[derive(Debug, Clone, Default)]
pub struct Launch {
    /// Files to open (the demo when empty).
    pub files: Vec<PathBuf>,
    pub read_options: ReadOptions,
    /// Save a screenshot here once the first γ is shown, then quit.
    pub screenshot: Option<PathBuf>,
    /// Where adjudication sessions and recent files are kept (`None`: nowhere).
    pub data_folder: Option<PathBuf>,
}

/// Opens the window; returns when it is closed.
pub fn run(mut launch: Launch) -> Result<(), String> {
    if launch.data_folder.is_none() {
        launch.data_folder = crate::environment::data_folder();
    }
    let mut viewport = egui::ViewportBuilder::default();
    if let Some(icon) = window_icon() {
        viewport = viewport.with_icon(Arc::new(icon));
    }
    let options = eframe::NativeOptions {
        viewport: viewport
            .with_title("Gamma Studio")
            .with_inner_size([1200.0, 760.0])
            .with_min_inner_size([640.0, 420.0])
            .with_app_id("io.github.gammastudio.GammaStudio"),
        ..Default::default()
    };
    eframe::run_native(
        "Gamma Studio",
        options,
        Box::new(move |cc| {
            install_fonts(&cc.egui_ctx);
            let context = cc.egui_ctx.clone();
            let mut app = GammaStudioApp::new(
                Arc::new(move || context.request_repaint()),
                Box::new(WithFallback::new(SystemDialog::new())),
                launch,
            );
            // Window size and panel widths come back with egui's memory; the view chosen here.
            if let Some(storage) = cc.storage {
                app.restore(storage);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| format!("cannot open the window: {e}"))
}

/// The title of File → Open's dialog.
const OPEN_TITLE: &str = "Open annotation files";
/// The title of File → Open project…'s dialog.
pub(super) const OPEN_PROJECT_TITLE: &str = "Open a project";
/// The title of File → Save project as…'s dialog.
pub(super) const SAVE_PROJECT_TITLE: &str = "Save the project";
/// The title of File → Open folder…'s dialog.
const OPEN_FOLDER_TITLE: &str = "Open a corpus folder";

/// Where the `--screenshot` run stands.
enum Screenshot {
    None,
    /// Waiting for the first γ; then a few frames so that everything is laid out.
    Waiting {
        path: PathBuf,
        frames_after_result: u32,
    },
    Requested,
}

pub struct GammaStudioApp {
    pub state: AppState,
    dialog: Box<dyn FileDialog>,
    screenshot: Screenshot,
    /// Files waiting for the user's choices (annotator names, types, layer).
    pending_open: Option<OpenDialog>,
    /// The Help window shown, if any.
    help: Option<shell::help::HelpPage>,
    sessions: campaign::sessions_panel::SessionsWindow,
    report_export: report_export::ReportExport,
    /// Set by the screenshot callback: the PNG was written (or failed), so quit.
    screenshot_done: Arc<std::sync::Mutex<Option<Result<PathBuf, String>>>>,
    evaluate: evaluate::EvaluatePanel,
    /// The side panels: shown or not, their widths.
    panels: shell::layout::Panels,
    /// Whether clicks give the window the keyboard.
    focus_watch: shell::focus::FocusWatch,
}

impl GammaStudioApp {
    pub fn new(
        wake: Arc<dyn Fn() + Send + Sync>,
        dialog: Box<dyn FileDialog>,
        launch: Launch,
    ) -> GammaStudioApp {
        let mut state = AppState::new(wake).with_data_folder(launch.data_folder);
        let open_demo = launch.files.is_empty();
        match launch.files.as_slice() {
            [] => {}
            [folder] if folder.is_dir() => state.open_folder(folder, &launch.read_options),
            [file] if files::project::is_project(file) => state.open_project(file),
            files => state.open_files(files, &launch.read_options),
        }
        let mut app = GammaStudioApp {
            state,
            dialog,
            screenshot: match launch.screenshot {
                Some(path) => Screenshot::Waiting {
                    path,
                    frames_after_result: 0,
                },
                None => Screenshot::None,
            },
            screenshot_done: Arc::default(),
            pending_open: None,
            evaluate: Default::default(),
            help: None,
            sessions: Default::default(),
            report_export: Default::default(),
            panels: Default::default(),
            focus_watch: Default::default(),
        };
        if open_demo {
            app.open_demo(files::demo::Demo::NamedEntities);
        }
        app
    }

    /// What the last run kept (eframe's storage): the central view chosen, and the
    /// timeline's view when the same document is shown.
    fn restore(&mut self, storage: &dyn eframe::Storage) {
        if let Some(central) = eframe::get_value(storage, CENTRAL_VIEW_KEY) {
            self.state.reading.central = central;
        }
        if let Some(saved) = eframe::get_value::<SavedView>(storage, VIEW_KEY) {
            saved.restore(&mut self.state);
        }
    }

    /// Opens a bundled demo (tγ for the CorA pair).
    pub fn open_demo(&mut self, demo: files::demo::Demo) {
        match demo.documents() {
            Ok(documents) => {
                self.state.settings.measure = match demo {
                    files::demo::Demo::HistoricalText => {
                        measure::settings::AgreementMeasure::TextGamma
                    }
                    files::demo::Demo::NamedEntities | files::demo::Demo::DiscourseRelations => {
                        measure::settings::AgreementMeasure::Gamma
                    }
                };
                // The demo is read with its own options (the unit types it measures), not the
                // last files' ones.
                self.state.read_options = gamma_formats::ReadOptions {
                    glozz: demo.files().map(|(_, o)| o.glozz).unwrap_or_default(),
                    ..Default::default()
                };
                self.state.set_documents(documents);
                self.state.opened = None;
                self.state.project_path = None;
            }
            Err(e) => self
                .state
                .errors
                .push(format!("the demo cannot be opened: {e}")),
        }
    }

    /// Opens files picked or dropped by the user: those with something to choose (Glozz, CorA,
    /// TSV 3, XMI, brat, TextGrid, project exports) go through the open dialog first, other
    /// formats open at once.
    pub fn request_open(&mut self, paths: Vec<PathBuf>) {
        if let [folder] = paths.as_slice()
            && folder.is_dir()
        {
            self.state.open_folder(folder, &ReadOptions::default());
        } else if OpenDialog::needed(&paths) {
            let remembered = &self.state.recent_files.choices;
            self.pending_open = Some(OpenDialog::new(paths, remembered));
        } else {
            self.state.open_files(&paths, &ReadOptions::default());
        }
    }

    /// File → Open (Ctrl+O): the dialog, then the files (the in-app browser answers later).
    fn ask_files_to_open(&mut self) {
        if let Some(paths) = self.dialog.pick_files(OPEN_TITLE) {
            self.request_open(paths);
        }
    }

    /// File → Open folder…: the dialog, then the corpus (the in-app browser answers later).
    fn ask_folder_to_open(&mut self) {
        if let Some(folder) = self.dialog.pick_folder(OPEN_FOLDER_TITLE) {
            self.state.open_folder(&folder, &ReadOptions::default());
        }
    }

    fn open_dialog_window(&mut self, ui: &Ui) {
        let Some(pending) = &mut self.pending_open else {
            return;
        };
        let mut decision = None;
        egui::Window::new("Open annotation files")
            .collapsible(false)
            .resizable(true)
            .default_width(560f32.min(ui.ctx().content_rect().width() - 40.0))
            .show(ui.ctx(), |ui| {
                decision = pending.show(ui, self.dialog.as_mut());
            });
        match decision {
            Some(Decision::Open(paths, options)) => {
                if let Some(dialog) = self.pending_open.take()
                    && let Err(e) = self.state.recent_files.remember(dialog.choices())
                {
                    self.state.errors.push(e);
                }
                self.state.open_files(&paths, &options);
            }
            Some(Decision::Cancel) => self.pending_open = None,
            None => {}
        }
    }

    /// Whether a dialog is open: the open dialog, the in-app file browser, or one of the
    /// document's views (the keys typed then are the dialog's, never the document's).
    fn dialog_open(&self) -> bool {
        self.pending_open.is_some() || self.dialog.is_open() || self.state.dialog_open()
    }

    /// Draws the whole window (the eframe entry point and the tests call this).
    pub fn draw(&mut self, ui: &mut Ui) {
        self.state.poll();
        // Before the panels, so that Messages shows what the job ended with in this frame.
        self.report_export.poll(&mut self.state);
        let text_gamma = self.state.uses_text_gamma();
        let state = &mut self.state;
        (state.dashboard).keep_up(&state.documents, &state.settings, text_gamma, &state.wake);
        self.take_dropped_files(ui);
        self.state.keys_reach_document =
            !self.dialog_open() && !ui.ctx().egui_wants_keyboard_input();
        self.panels.update(ui, &self.state);
        if let Some(message) = self.focus_watch.watch(ui.ctx()) {
            self.state.errors.push(message.to_string());
        }
        if self.state.mode == state::Mode::Annotations {
            adjudication::panel::handle_keys(ui, &mut self.state);
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        let open_key = self.state.keys_reach_document
            && ui.input_mut(|i| {
                i.consume_shortcut(&egui::KeyboardShortcut::new(
                    egui::Modifiers::COMMAND,
                    egui::Key::O,
                ))
            });
        if open_key || self.dialog.ready(OPEN_TITLE) {
            self.ask_files_to_open();
        }
        if self.dialog.ready(OPEN_FOLDER_TITLE) {
            self.ask_folder_to_open();
        }
        if self.dialog.ready(OPEN_PROJECT_TITLE) {
            self.ask_project_to_open();
        }
        if self.dialog.ready(SAVE_PROJECT_TITLE) {
            self.ask_project_to_save();
        }
        if self.dialog.ready(report_export::REPORT_TITLE) {
            self.ask_report_to_export();
        }
        if !self.state.errors.is_empty() {
            egui::Panel::bottom("errors")
                .resizable(true)
                .show(ui, |ui| self.errors_panel(ui));
        }
        match self.state.mode {
            state::Mode::Shuffling => self.draw_shuffling(ui),
            state::Mode::Dashboard => {
                egui::CentralPanel::default().show(ui, |ui| {
                    self.panels.central = ui.max_rect();
                    campaign::dashboard_panel::show(ui, &mut self.state, self.dialog.as_mut());
                });
            }
            state::Mode::Annotations => self.draw_annotations(ui),
        }
        self.open_dialog_window(ui);
        self.evaluate
            .window(ui, &mut self.state, self.dialog.as_mut());
        // What the panels and keys asked for, in one place.
        self.state.apply_commands();
        self.state.autosave_project();
        self.dialog.show(ui.ctx());
        shell::help::window(ui.ctx(), &mut self.help);
        self.sessions.window(ui.ctx(), &mut self.state);
        self.state.errors.extend(self.dialog.take_messages());
        if self.state.is_running()
            || self.report_export.is_running()
            || self.state.shuffling.is_running()
            || self.state.dashboard.is_running()
        {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
        self.screenshot_step(ui);
    }

    fn draw_shuffling(&mut self, ui: &mut Ui) {
        if self.panels.left {
            self.panels
                .controls(ui, "shuffling-controls")
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("shuffling-left")
                        .show(ui, |ui| {
                            shuffling::panel::show_controls(
                                ui,
                                &mut self.state,
                                self.dialog.as_mut(),
                            );
                        });
                });
        }
        egui::CentralPanel::default().show(ui, |ui| {
            self.panels.central = ui.max_rect();
            shuffling::panel::show_plots(ui, &self.state);
        });
    }

    fn draw_annotations(&mut self, ui: &mut Ui) {
        if self.panels.left {
            self.panels.left(ui, "settings").show(ui, |ui| {
                egui::ScrollArea::both().id_salt("left").show(ui, |ui| {
                    ui.collapsing("Settings", |ui| {
                        measure::settings_panel::show(ui, &mut self.state, self.dialog.as_mut());
                    });
                    ui.separator();
                    measure::results_panel::show(ui, &mut self.state);
                });
            });
        }
        if self.panels.right {
            self.panels.right(ui, "alignment").show(ui, |ui| {
                // Three parts, each with its own room: the adjudication, the inspector (never
                // squeezed to a line by a long adjudication panel), the list.
                let height = ui.available_height();
                // While adjudicating, the decisions (and the relations under them) get most room.
                let (decisions, inspector): (f32, f32) = match self.state.adjudicating() {
                    Some(_) => (0.6, 0.18),
                    None => (0.45, 0.3),
                };
                // Both ways: a wide row scrolls instead of widening the panel over the text.
                egui::ScrollArea::both()
                    .id_salt("right")
                    .max_height(height * decisions)
                    .show(ui, |ui| {
                        adjudication::panel::show(ui, &mut self.state, self.dialog.as_mut());
                    });
                ui.separator();
                egui::ScrollArea::both()
                    .id_salt("inspector")
                    .min_scrolled_height(height * inspector.min(0.2))
                    .max_height(height * inspector)
                    .show(ui, |ui| {
                        document::alignments_panel::show_inspector(ui, &self.state)
                    });
                ui.separator();
                document::alignments_panel::show_list(ui, &mut self.state);
            });
        }
        egui::CentralPanel::default().show(ui, |ui| {
            self.panels.central = ui.max_rect();
            document::documents_panel::show(ui, &mut self.state);
            document::reading_view::tabs(ui, &mut self.state);
            ui.separator();
            if document::reading_view::is_shown(&self.state) {
                document::reading_view::show(ui, &mut self.state);
            } else {
                egui::ScrollArea::vertical()
                    .id_salt("timeline")
                    .show(ui, |ui| {
                        document::timeline::show(ui, &mut self.state);
                    });
            }
        });
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui
                    .button("Open…")
                    .on_hover_text(ui.ctx().format_shortcut(&egui::KeyboardShortcut::new(
                        egui::Modifiers::COMMAND,
                        egui::Key::O,
                    )))
                    .clicked()
                {
                    ui.close();
                    self.ask_files_to_open();
                }
                if ui
                    .button("Open folder…")
                    .on_hover_text("a corpus: its documents matched by name")
                    .clicked()
                {
                    ui.close();
                    self.ask_folder_to_open();
                }
                if ui
                    .button("Open project…")
                    .on_hover_text("a campaign saved with Save project as…")
                    .clicked()
                {
                    ui.close();
                    self.ask_project_to_open();
                }
                if ui
                    .add_enabled(
                        self.state.opened.is_some(),
                        egui::Button::new("Save project as…"),
                    )
                    .on_hover_text(
                        "the inputs, reading options, settings and every adjudication in one \
                         file, autosaved from then on",
                    )
                    .clicked()
                {
                    ui.close();
                    self.ask_project_to_save();
                }
                ui.menu_button("Open a demo", |ui| {
                    for demo in files::demo::Demo::ALL {
                        if ui.button(demo.title()).clicked() {
                            ui.close();
                            self.open_demo(demo);
                        }
                    }
                });
                self.recent_menu(ui);
                if ui
                    .add_enabled(
                        !self.state.documents.is_empty(),
                        egui::Button::new("Export the agreement report…"),
                    )
                    .on_hover_text(
                        "γ with its intervals, γ-cat, γ-k, each document and pair, the \
                         coefficients, the worst disagreements: .html, .md, .tex or .json",
                    )
                    .clicked()
                {
                    ui.close();
                    self.ask_report_to_export();
                }
                ui.checkbox(
                    &mut self.report_export.calibrate,
                    "   with what γ means (Shuffling tool)",
                );
                if ui
                    .button("Saved adjudications…")
                    .on_hover_text("every adjudication autosaved, by document, with its progress")
                    .clicked()
                {
                    ui.close();
                    self.sessions.open(&self.state);
                }
                ui.separator();
                if ui.button("Quit").clicked() {
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("View", |ui| {
                if ui.button("Zoom to fit").clicked() {
                    ui.close();
                    self.state.mode = state::Mode::Annotations;
                    self.state.zoom_to_fit();
                }
                ui.checkbox(&mut self.evaluate.open, "Evaluate against a reference…");
                ui.separator();
                self.panels.menu(ui);
            });
            shell::help::menu(ui, &mut self.help);
            ui.separator();
            ui.selectable_value(
                &mut self.state.mode,
                state::Mode::Annotations,
                "Annotations",
            )
            .on_hover_text("the open documents: tracks, alignment, γ, adjudication");
            ui.selectable_value(&mut self.state.mode, state::Mode::Dashboard, "Dashboard")
                .on_hover_text("every open document's γ, the corpus γ, who disagrees with whom");
            ui.selectable_value(
                &mut self.state.mode,
                state::Mode::Shuffling,
                "Shuffling tool",
            )
            .on_hover_text(
                "how γ and the other measures respond to controlled errors; what this γ means",
            );
        });
    }

    /// File → Recent: each entry opens as it was opened (its reading options); an entry of
    /// an earlier version, which kept no options, goes through the open dialog again.
    fn recent_menu(&mut self, ui: &mut Ui) {
        let recent = &self.state.recent_files;
        if recent.entries.is_empty() {
            return;
        }
        let entries: Vec<_> = recent
            .labels()
            .into_iter()
            .zip(recent.entries.clone())
            .collect();
        ui.menu_button("Recent", |ui| {
            for (label, entry) in entries {
                let paths: Vec<String> = entry
                    .paths
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                if ui.button(label).on_hover_text(paths.join("\n")).clicked() {
                    ui.close();
                    match &entry.options {
                        Some(options) => self.state.open_files(&entry.paths, options),
                        None => self.request_open(entry.paths),
                    }
                }
            }
        });
    }

    fn errors_panel(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.strong("Messages");
            if ui.button("Clear").clicked() {
                self.state.errors.clear();
            }
        });
        egui::ScrollArea::vertical()
            .id_salt("errors")
            .max_height(120.0)
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for error in &self.state.errors {
                    ui.add(egui::Label::new(error).wrap());
                }
            });
    }

    fn take_dropped_files(&mut self, ui: &Ui) {
        let dropped: Vec<PathBuf> = ui.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        });
        if !dropped.is_empty() {
            self.request_open(dropped);
        }
    }

    fn screenshot_step(&mut self, ui: &Ui) {
        if let Some(done) = self.screenshot_done.lock().expect("not poisoned").take() {
            match done {
                Ok(path) => eprintln!("gamma-studio: screenshot saved to {}", path.display()),
                Err(e) => eprintln!("gamma-studio: screenshot failed: {e}"),
            }
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        let dashboard_shown = self.state.mode == state::Mode::Dashboard;
        let busy =
            self.state.is_running() || (dashboard_shown && self.state.dashboard.is_running());
        let finished = !busy
            && (self.state.current_outcome().is_some()
                || self.state.current_text_outcome().is_some())
            || matches!(self.state.run.status, measure::gamma_run::Status::Failed(_))
            || self.state.documents.is_empty();
        match &mut self.screenshot {
            Screenshot::Waiting {
                path,
                frames_after_result,
            } if finished => {
                *frames_after_result += 1;
                // Show the worst alignment selected (inspector, highlight in the text).
                if *frames_after_result == 1
                    && !dashboard_shown
                    && self.state.selection.alignment.is_none()
                    && let Some(&worst) = self.state.shown().and_then(|s| s.worst_first.first())
                {
                    self.state.select_alignment(worst);
                }
                if *frames_after_result >= 3 {
                    let path = path.clone();
                    let done = Arc::clone(&self.screenshot_done);
                    let context = ui.ctx().clone();
                    ui.ctx().request_screenshot(move |image| {
                        *done.lock().expect("not poisoned") =
                            Some(save_png(&image, &path).map(|()| path));
                        context.request_repaint();
                    });
                    self.screenshot = Screenshot::Requested;
                }
                ui.ctx().request_repaint();
            }
            Screenshot::Waiting { .. } => ui.ctx().request_repaint(),
            _ => {}
        }
    }
}

/// Where the central view chosen (reading view or timeline) is kept across runs.
const CENTRAL_VIEW_KEY: &str = "central-view";
/// Where the timeline's zoom and pan are kept across runs.
const VIEW_KEY: &str = "timeline-view";

/// The timeline's visible window, and the document it was of: it comes back when the same
/// document opens first at the next start (the view of another document would mean nothing).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
struct SavedView {
    /// The document's name.
    document: String,
    /// Its extent, which tells two versions of a document apart.
    extent: (f64, f64),
    /// The window: its first and last positions.
    view: (f64, f64),
}

impl SavedView {
    /// The view of the document shown.
    fn of(state: &AppState) -> Option<SavedView> {
        let document = state.document()?;
        Some(SavedView {
            document: document.continuum().name.clone(),
            extent: document.extent(),
            view: (state.view.start, state.view.end),
        })
    }

    /// Shows this view if the document shown is the one it was of.
    fn restore(&self, state: &mut AppState) {
        if SavedView::of(state)
            .is_some_and(|now| now.document == self.document && now.extent == self.extent)
            && self.view.0 < self.view.1
        {
            state.view = document::open_document::View {
                start: self.view.0,
                end: self.view.1,
            };
        }
    }
}

impl eframe::App for GammaStudioApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.draw(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, CENTRAL_VIEW_KEY, &self.state.reading.central);
        if let Some(view) = SavedView::of(&self.state) {
            eframe::set_value(storage, VIEW_KEY, &view);
        }
    }
}

/// Writes an egui image as PNG (through a temporary file renamed at the end).
fn save_png(image: &egui::ColorImage, path: &Path) -> Result<(), String> {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, image.size[0] as u32, image.size[1] as u32);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
        let rgba: Vec<u8> = image.pixels.iter().flat_map(|c| c.to_array()).collect();
        writer.write_image_data(&rgba).map_err(|e| e.to_string())?;
    }
    gamma_formats::write_atomically(path, &bytes).map_err(|e| e.to_string())
}
