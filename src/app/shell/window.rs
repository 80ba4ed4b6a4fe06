//! The window: what eframe runs (fonts, icon, the frame's order of drawing, what is kept
//! across runs, the `--screenshot` run). What it shows is the [`AppState`]; the window keeps
//! only what is egui's: the side panels' layout, the keyboard's focus, the Help page shown,
//! the file dialogs.

use super::help::HelpPage;
use super::layout::Panels;
use super::{Mode, focus, save_png};
use crate::app::commands::Command;
use crate::app::document::open_document::View;
use crate::app::errors::AppError;
use crate::app::files::dialog::{FileDialog, SystemDialog, WithFallback};
use crate::app::files::{
    self, OPEN_FOLDER_TITLE, OPEN_PROJECT_TITLE, OPEN_TITLE, SAVE_PROJECT_TITLE,
};
use crate::app::jobs::JobKind;
use crate::app::measure::gamma_run;
use crate::app::shuffling;
use crate::app::{
    AppState, adjudication, campaign, coding, document, evaluate, measure, report_export,
};
use eframe::egui::{self, Ui};
use gamma_formats::FileError;
use gamma_formats::ReadOptions;
use std::path::PathBuf;
use std::sync::Arc;

/// egui's fonts, then DejaVu as the fallback for the characters of historical and phonetic
/// texts (ſ, combining diacritics) and of our notation (∅, δ, Δ).
pub fn install_fonts(context: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    for (name, bytes, family) in [
        (
            "DejaVuSans",
            &include_bytes!("../../../assets/fonts/DejaVuSans.ttf")[..],
            egui::FontFamily::Proportional,
        ),
        (
            "DejaVuSansMono",
            &include_bytes!("../../../assets/fonts/DejaVuSansMono.ttf")[..],
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
    let bytes = include_bytes!("../../../assets/icons/gamma-studio-256.png");
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
pub fn run(mut launch: Launch) -> Result<(), AppError> {
    if launch.data_folder.is_none() {
        launch.data_folder = crate::environment::data_folder();
    }
    // Everything the app keeps is in its data folder, egui's memory (window, panels) too:
    // nothing under the home folder when $GAMMA_STUDIO_DATA names another.
    let persistence_path = (launch.data_folder.as_ref())
        .filter(|folder| std::fs::create_dir_all(folder).is_ok())
        .map(|folder| folder.join("app.ron"));
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
        persistence_path,
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
    .map_err(|e| AppError::Window(e.to_string()))
}

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
    pub(crate) dialog: Box<dyn FileDialog>,
    screenshot: Screenshot,
    /// The Help window shown, if any.
    pub(crate) help: Option<HelpPage>,
    /// The Guide's rendered Markdown.
    guide_view: super::help::GuideView,
    /// What was written or saved, shown for a few seconds in the window's corner.
    pub(crate) toasts: egui_notify::Toasts,
    /// Set by the screenshot callback: the PNG was written (or failed), so quit.
    screenshot_done: Arc<std::sync::Mutex<Option<Result<PathBuf, FileError>>>>,
    /// The side panels: shown or not, their widths.
    pub(crate) panels: Panels,
    /// Whether clicks give the window the keyboard.
    focus_watch: focus::FocusWatch,
    /// Whether the keys are for a floating window rather than the document.
    keys_owner: focus::KeysOwner,
    /// The inputs the file dialogs were last told to open beside.
    dialogs_start_for: Option<files::OpenedInputs>,
    /// The timeline's view kept from the last run, while the documents are read.
    saved_view: Option<SavedView>,
}

impl GammaStudioApp {
    pub fn new(
        wake: Arc<dyn Fn() + Send + Sync>,
        dialog: Box<dyn FileDialog>,
        launch: Launch,
    ) -> GammaStudioApp {
        let mut state = AppState::new(wake).with_data_folder(launch.data_folder);
        let reopen_last = launch.files.is_empty() && state.files.recent.reopen_last;
        if reopen_last {
            state.open_recent(0);
        }
        let open_demo = launch.files.is_empty() && state.documents.open.is_empty();
        match launch.files.as_slice() {
            [] => {}
            [folder] if folder.is_dir() => state.apply(Command::OpenFolder {
                folder: folder.clone(),
                options: launch.read_options,
            }),
            [file] if files::project::is_project(file) || coding::is_coding_project(file) => {
                state.apply(Command::OpenProject(file.clone()))
            }
            files => state.apply(Command::OpenFiles {
                paths: files.to_vec(),
                options: launch.read_options,
            }),
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
            help: None,
            guide_view: Default::default(),
            toasts: egui_notify::Toasts::default(),
            panels: Default::default(),
            focus_watch: Default::default(),
            dialogs_start_for: None,
            keys_owner: Default::default(),
            saved_view: None,
        };
        if open_demo {
            (app.state).apply(Command::OpenDemo(files::demo::Demo::NamedEntities));
        }
        app
    }

    /// What the last run kept (eframe's storage): the central view chosen, and the
    /// timeline's view when the same document is shown.
    pub(crate) fn restore(&mut self, storage: &dyn eframe::Storage) {
        if let Some(central) = eframe::get_value(storage, CENTRAL_VIEW_KEY) {
            self.state.documents.reading.central = central;
        }
        // The view comes back once the documents are read.
        self.saved_view = eframe::get_value::<SavedView>(storage, VIEW_KEY);
        self.restore_view();
    }

    /// The saved view of the timeline, once no file is being read.
    fn restore_view(&mut self) {
        if !self.state.jobs.is_running(JobKind::Open)
            && let Some(saved) = self.saved_view.take()
        {
            saved.restore(&mut self.state);
        }
    }

    /// Whether a dialog is open: the open dialog, the in-app file browser, or one of the
    /// document's views (the keys typed then are the dialog's, never the document's).
    fn dialog_open(&self) -> bool {
        self.state.files.pending_open.is_some()
            || self.state.coding.pending_open.is_some()
            || self.dialog.is_open()
            || self.state.dialog_open()
    }

    /// Draws the whole window (the eframe entry point and the tests call this).
    pub fn draw(&mut self, ui: &mut Ui) {
        // Quitting: every job stops now and nothing is drawn (what is kept is on disk already).
        if ui.input(|i| i.viewport().close_requested()) {
            self.state.jobs.cancel_all();
            return;
        }
        // Before the panels, so that Messages shows what the jobs ended with in this frame.
        self.state.poll();
        self.restore_view();
        let text_gamma = self.state.uses_text_gamma();
        let state = &mut self.state;
        (state.campaign.dashboard).keep_up(
            &state.documents.open,
            &state.measure.settings,
            text_gamma,
            &mut state.jobs,
        );
        self.take_dropped_files(ui);
        if self.dialogs_start_for != self.state.files.opened {
            self.dialogs_start_for = self.state.files.opened.clone();
            self.dialog.start_in(self.state.files.dialogs_start());
        }
        self.close_on_escape(ui);
        let floating = self.help.is_some()
            || self.state.evaluate.open
            || self.state.diagnostics.open
            || self.state.campaign.saved_sessions.is_some();
        let keys_in_window = self.keys_owner.update(ui.ctx(), floating);
        self.state.shell.keys_reach_document =
            !self.dialog_open() && !ui.ctx().egui_wants_keyboard_input() && !keys_in_window;
        self.panels.update(ui, &self.state);
        if let Some(message) = self.focus_watch.watch(ui.ctx()) {
            self.state.shell.messages.warning(message);
        }
        match self.state.shell.mode {
            Mode::Annotations => adjudication::panel::handle_keys(ui, &mut self.state),
            Mode::Coding => coding::decision_panel::handle_keys(ui, &mut self.state),
            Mode::Dashboard | Mode::Shuffling => {}
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        let open_key = self.state.shell.keys_reach_document
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
        if (self.dialog).ready(crate::app::diagnostics::feedback_export::FEEDBACK_TITLE) {
            self.ask_feedback_folder();
        }
        // What the keys, the menus and the dialogs' answers asked for, before the panels show
        // the state (the panels' own commands are applied at the end of the frame).
        self.state.apply_commands();
        if !self.state.shell.messages.is_empty() {
            egui::Panel::bottom("errors")
                .resizable(true)
                .show(ui, |ui| self.messages_panel(ui));
        }
        match self.state.shell.mode {
            Mode::Shuffling => self.draw_shuffling(ui),
            Mode::Dashboard => {
                egui::CentralPanel::default().show(ui, |ui| {
                    self.panels.central = ui.max_rect();
                    campaign::dashboard_panel::show(ui, &mut self.state, self.dialog.as_mut());
                });
            }
            Mode::Annotations => self.draw_annotations(ui),
            Mode::Coding => {
                coding::panel::show(ui, &mut self.state, &mut self.panels, self.dialog.as_mut())
            }
        }
        self.open_dialog_window(ui);
        coding::open_dialog::window(ui, &mut self.state);
        evaluate::panel::window(ui, &mut self.state, self.dialog.as_mut());
        crate::app::diagnostics::anatomy_panel::window(ui, &mut self.state, self.dialog.as_mut());
        report_export::panel::progress_window(ui.ctx(), &mut self.state);
        self.dialog.show(ui.ctx());
        super::help::window(ui.ctx(), &mut self.help, &mut self.guide_view);
        campaign::sessions_panel::window(ui.ctx(), &mut self.state);
        // What the panels and windows asked for.
        self.state.apply_commands();
        self.state.autosave_project();
        for message in self.dialog.take_messages() {
            self.state.shell.messages.warning(message);
        }
        self.show_toasts(ui.ctx());
        if self.state.jobs.any_running() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
        self.screenshot_step(ui);
    }

    /// The outcomes said with `Messages::done` since the last frame, as toasts (no icon or close
    /// button: the window's fonts draw neither of egui-notify's glyphs; ✔ as in Messages).
    fn show_toasts(&mut self, context: &egui::Context) {
        for text in self.state.shell.messages.take_toasts() {
            self.toasts
                .basic(format!("✔ {text}"))
                .closable(false)
                .duration(Some(std::time::Duration::from_secs(6)));
        }
        self.toasts.show(context);
    }

    /// Escape closes the dialog or window on top, one per press: a question (as Cancel), the
    /// in-app file browser, the open dialog, a new gold unit's category, the saved
    /// adjudications, Evaluate, Help.
    fn close_on_escape(&mut self, ui: &Ui) {
        if !ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
            return;
        }
        let state = &mut self.state;
        let question = state
            .adjudicating()
            .map(|a| (a.confirm_overwrite.is_some(), a.confirm_start_over));
        if let Some((overwrite, start_over)) = question.filter(|(o, s)| *o || *s) {
            // Answered as Cancel, through the commands the question's own buttons send.
            if overwrite {
                state.send(Command::KeepInputs);
            }
            if start_over {
                state.send(Command::KeepDecisions);
            }
        } else if self.dialog.is_open() {
            self.dialog.cancel();
        } else if state.adjudication.reasons.picker.is_some() {
            state.adjudication.reasons.picker = None;
        } else if state.files.pending_open.is_some() {
            state.files.pending_open = None;
        } else if state.documents.reading.pending_gold.is_some() {
            state.documents.reading.pending_gold = None;
        } else if state.campaign.saved_sessions.is_some() {
            state.campaign.saved_sessions = None;
        } else if state.evaluate.open {
            state.evaluate.open = false;
        } else if state.diagnostics.open {
            state.diagnostics.open = false;
        } else {
            self.help = None;
        }
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
            self.panels
                .right(ui, "alignment")
                .show(ui, |ui| self.draw_right(ui));
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

    /// The right panel: the adjudication (its exports pinned at its foot), the inspector, the
    /// list; the line under the adjudication moves to give it more room.
    fn draw_right(&mut self, ui: &mut Ui) {
        let height = ui.available_height();
        // While adjudicating, the decisions (and the relations under them) get most room; on
        // a laptop's short window the inspector, which repeats the alignment decided, folds
        // away (clicking a unit still makes its alignment the one decided).
        let adjudicating = self.state.adjudicating().is_some();
        let (decisions, inspector): (f32, f32) = match adjudicating {
            true if height < 640.0 => (0.75, 0.0),
            true => (0.6, 0.18),
            false => (0.45, 0.3),
        };
        egui::Panel::top(("adjudication-area", adjudicating, height < 640.0))
            .resizable(true)
            .default_size(height * decisions)
            .size_range(80.0..=(height - 100.0).max(80.0))
            .show(ui, |ui| {
                // The footer under the scrolled decisions, at the height it took last frame:
                // the scrolled part ends where it begins, so nothing hides under it, and the
                // two fill the area exactly (a panel grows to what it holds).
                let id = ui.scope_id().with("adjudication-footer");
                let area = ui.available_rect_before_wrap();
                let footer = (ui.data(|d| d.get_temp::<f32>(id)).unwrap_or(0.0))
                    .clamp(0.0, (area.height() - 60.0).max(0.0));
                let split = area.bottom() - footer;
                let body = egui::Rect::from_x_y_ranges(area.x_range(), area.top()..=split);
                ui.scope_builder(egui::UiBuilder::new().max_rect(body), |ui| {
                    // Both ways: a wide row scrolls instead of widening the panel over the text.
                    egui::ScrollArea::both()
                        .id_salt("right")
                        .auto_shrink([false, false])
                        .show(ui, |ui| {
                            adjudication::panel::show(ui, &mut self.state, self.dialog.as_mut());
                        });
                });
                let below = egui::Rect::from_x_y_ranges(area.x_range(), split..=area.bottom());
                let drawn = ui.scope_builder(egui::UiBuilder::new().max_rect(below), |ui| {
                    if adjudicating {
                        ui.separator();
                    }
                    adjudication::panel::show_footer(ui, &mut self.state, self.dialog.as_mut());
                });
                let height = drawn.response.rect.height();
                if (height - footer).abs() > 0.5 {
                    ui.data_mut(|d| d.insert_temp(id, height));
                    ui.ctx().request_repaint();
                }
            });
        if inspector > 0.0 {
            egui::ScrollArea::both()
                .id_salt("inspector")
                .min_scrolled_height(height * inspector.min(0.2))
                .max_height(height * inspector)
                .show(ui, |ui| {
                    document::alignments_panel::show_inspector(ui, &self.state)
                });
            ui.separator();
        }
        document::alignments_panel::show_list(ui, &mut self.state);
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
            self.state.send(Command::Open(dropped));
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
        let dashboard_shown = self.state.shell.mode == Mode::Dashboard;
        let busy = self.state.is_running()
            || (dashboard_shown && self.state.campaign.dashboard.is_running())
            || self.state.coding_is_running();
        let opening = self.state.jobs.is_running(JobKind::Open);
        let finished = !opening
            && (!busy
                && (self.state.current_outcome().is_some()
                    || self.state.current_text_outcome().is_some())
                || matches!(self.state.measure.run.status, gamma_run::Status::Failed(_))
                || self.state.documents.open.is_empty());
        match &mut self.screenshot {
            Screenshot::Waiting {
                path,
                frames_after_result,
            } if finished => {
                *frames_after_result += 1;
                // Show the worst alignment selected (inspector, highlight in the text).
                if *frames_after_result == 1
                    && !dashboard_shown
                    && self.state.documents.selection.alignment.is_none()
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
                            Some(save_png(&path, image.size, &rgba_of(&image)).map(|()| path));
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
            view: (state.documents.view.start, state.documents.view.end),
        })
    }

    /// Shows this view if the document shown is the one it was of.
    fn restore(&self, state: &mut AppState) {
        if SavedView::of(state)
            .is_some_and(|now| now.document == self.document && now.extent == self.extent)
            && self.view.0 < self.view.1
        {
            state.documents.view = View {
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

    /// Quitting: no job keeps the window open (each is cancelled, none waited for), and the
    /// state is not taken apart piece by piece (a campaign's documents and alignments are
    /// millions of allocations): the process ends and the system takes the memory back. What is
    /// kept is on disk already (sessions and projects are saved at every change).
    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.state.jobs.cancel_all();
        let state = std::mem::replace(&mut self.state, AppState::new(Arc::new(|| {})));
        std::mem::forget(state);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(
            storage,
            CENTRAL_VIEW_KEY,
            &self.state.documents.reading.central,
        );
        if let Some(view) = SavedView::of(&self.state) {
            eframe::set_value(storage, VIEW_KEY, &view);
        }
    }
}

/// An egui image's pixels as RGBA bytes.
fn rgba_of(image: &egui::ColorImage) -> Vec<u8> {
    image.pixels.iter().flat_map(|c| c.to_array()).collect()
}
