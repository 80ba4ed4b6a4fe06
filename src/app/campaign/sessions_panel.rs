//! File → Saved adjudications…: every session autosaved in the data folder, named by its
//! document with its annotators and progress, the most recent first; **Open** reopens its
//! files (where they were when it was saved) and offers to resume it.

use crate::app::state::AppState;
use eframe::egui::{self, RichText};
use gamma_formats::session::{SavedSession, saved_sessions};

/// The window's state: the sessions listed when it was opened.
#[derive(Debug, Default)]
pub struct SessionsWindow {
    /// `Some` while the window is open.
    pub listed: Option<Vec<SavedSession>>,
}

impl SessionsWindow {
    /// Opens the window on the sessions of `state`'s data folder.
    pub fn open(&mut self, state: &AppState) {
        self.listed = Some(
            (state.data_folder.as_deref())
                .map(saved_sessions)
                .unwrap_or_default(),
        );
    }

    /// Shows the window while it is open; **Open** opens a session's files.
    pub fn window(&mut self, context: &egui::Context, state: &mut AppState) {
        let Some(listed) = &self.listed else {
            return;
        };
        let mut open = true;
        let mut chosen = None;
        egui::Window::new("Saved adjudications")
            .open(&mut open)
            .collapsible(false)
            .default_width(560.0)
            .show(context, |ui| {
                if listed.is_empty() {
                    ui.label("No adjudication is saved in the data folder yet.");
                    return;
                }
                egui::ScrollArea::vertical()
                    .max_height(400.0)
                    .show(ui, |ui| {
                        egui::Grid::new("saved-sessions")
                            .striped(true)
                            .show(ui, |ui| {
                                for (index, session) in listed.iter().enumerate() {
                                    ui.strong(&session.document);
                                    ui.label(session.annotators.join(", "));
                                    ui.label(format!(
                                        "decided {} of {}",
                                        session.progress.decided, session.progress.total
                                    ));
                                    ui.label(RichText::new(&session.saved_at).weak());
                                    let missing = session.inputs.iter().any(|p| !p.is_file());
                                    let button =
                                        ui.add_enabled(!missing, egui::Button::new("Open"));
                                    let button = if missing {
                                        button.on_disabled_hover_text(
                                    "its files are no longer where they were when it was saved",
                                )
                                    } else {
                                        button
                                    };
                                    if button.clicked() {
                                        chosen = Some(index);
                                    }
                                    ui.end_row();
                                }
                            });
                    });
            });
        if let Some(index) = chosen {
            let (files, options) = reopening(&listed[index], state);
            state.open_files(&files, &options);
            open = false;
        }
        if !open {
            self.listed = None;
        }
    }
}

/// The annotation files of a session and how to read them: the files it lists that are not
/// annotations are their companions (a Glozz `.ac` becomes the text read with them).
fn reopening(
    session: &SavedSession,
    state: &AppState,
) -> (Vec<std::path::PathBuf>, gamma_formats::ReadOptions) {
    let mut options = gamma_formats::ReadOptions {
        text: None,
        ..state.read_options.clone()
    };
    let mut files = Vec::new();
    for path in &session.inputs {
        if gamma_formats::Format::detect(path).is_ok() {
            files.push(path.clone());
        } else if path.extension().is_some_and(|e| e == "ac") {
            options.text = Some(path.clone());
        }
    }
    (files, options)
}
