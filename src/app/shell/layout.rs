//! The window's layout on a laptop: side panels whose widths are shares of the window (so
//! that the reading view keeps at least half of a 1024-pixel window), each collapsible from
//! the View menu or a key, and back to their default widths whenever another document is
//! shown (a 10-annotator document's wide tables never starve the next one's text) or the
//! window's width changes.

use crate::app::AppState;
use eframe::egui::{self, Ui};

/// The left panel (settings, results) as a share of the window's width: default, most.
const LEFT: (f32, f32) = (0.2, 0.35);
/// The right panel (adjudication, inspector, alignments): default, most.
const RIGHT: (f32, f32) = (0.24, 0.28);
/// The narrowest a side panel gets (its buttons keep their labels whole).
const LEFT_MIN: f32 = 170.0;
const RIGHT_MIN: f32 = 230.0;
/// The widest a side panel gets by default on a large screen (more by dragging).
const LEFT_DEFAULT_MAX: f32 = 340.0;
const RIGHT_DEFAULT_MAX: f32 = 460.0;

/// The key that shows or hides the left panel, and the right one's.
pub const LEFT_KEY: egui::Key = egui::Key::F9;
pub const RIGHT_KEY: egui::Key = egui::Key::F10;

/// Which side panels are shown, and which document their widths are of.
#[derive(Debug, Clone, PartialEq)]
pub struct Panels {
    pub left: bool,
    pub right: bool,
    /// The document the widths are of (its name and annotators) and the window's width, and
    /// a count of their changes: the panels' ids include both, so that egui forgets the widths
    /// of another document or of another window's size, also those it stored in a previous
    /// run (where the count started from the same number).
    document: Option<(String, usize, u32)>,
    generation: u64,
    /// Where the last frame put the central panel (the reading view or the timeline).
    pub central: egui::Rect,
    /// Whether the window was fitted to the screen (once, when the screen's size is known).
    fitted: bool,
}

impl Default for Panels {
    fn default() -> Self {
        Panels {
            left: true,
            right: true,
            document: None,
            generation: 0,
            central: egui::Rect::NOTHING,
            fitted: false,
        }
    }
}

/// A window nearly as large as the screen (a laptop's) fills it: without a window manager
/// nothing else would keep it inside the screen. Returns whether the screen's size was known.
fn fit_to_screen(context: &egui::Context) -> bool {
    let (screen, window) = context.input(|i| (i.viewport().monitor_size, i.viewport().inner_rect));
    let (Some(screen), Some(window)) = (screen, window) else {
        return false;
    };
    let size = window.size();
    if size.x > 0.9 * screen.x || size.y > 0.9 * screen.y {
        context.send_viewport_cmd(egui::ViewportCommand::OuterPosition(egui::Pos2::ZERO));
        context.send_viewport_cmd(egui::ViewportCommand::InnerSize(screen));
        context.send_viewport_cmd(egui::ViewportCommand::Maximized(true));
    }
    true
}

/// A side panel of `share` (default, most) of `window` pixels, at least `min`, by default
/// at most `default_max`.
fn side(
    panel: egui::Panel,
    window: f32,
    share: (f32, f32),
    min: f32,
    default_max: f32,
) -> egui::Panel {
    let most = (share.1 * window).max(min);
    let default = (share.0 * window).clamp(min, default_max.min(most));
    panel
        .resizable(true)
        .size_range(min..=most)
        .default_size(default)
}

impl Panels {
    /// Follows the document shown (new widths for another one) and the keys.
    pub fn update(&mut self, ui: &Ui, state: &AppState) {
        if !self.fitted {
            self.fitted = fit_to_screen(ui.ctx());
        }
        let window = ui.ctx().content_rect().width().round() as u32;
        let document = state
            .document()
            .map(|d| (d.continuum().name.clone(), d.continuum().n_annotators()))
            .map(|(name, annotators)| (name, annotators, window));
        if document != self.document {
            self.document = document;
            self.generation += 1;
        }
        if state.shell.keys_reach_document {
            let (left, right) = ui.input(|i| (i.key_pressed(LEFT_KEY), i.key_pressed(RIGHT_KEY)));
            self.left ^= left;
            self.right ^= right;
        }
    }

    /// The left panel (settings and results), its width a share of the window's.
    pub fn left(&self, ui: &Ui, name: &str) -> egui::Panel {
        let window = ui.ctx().content_rect().width();
        side(
            egui::Panel::left((name, &self.document, self.generation)),
            window,
            LEFT,
            LEFT_MIN,
            LEFT_DEFAULT_MAX,
        )
    }

    /// The right panel (adjudication, inspector, alignments).
    pub fn right(&self, ui: &Ui, name: &str) -> egui::Panel {
        let window = ui.ctx().content_rect().width();
        side(
            egui::Panel::right((name, &self.document, self.generation)),
            window,
            RIGHT,
            RIGHT_MIN,
            RIGHT_DEFAULT_MAX,
        )
    }

    /// The shuffling tool's controls: on the left, as wide as the right panel.
    pub fn controls(&self, ui: &Ui, name: &str) -> egui::Panel {
        let window = ui.ctx().content_rect().width();
        side(
            egui::Panel::left((name, &self.document, self.generation)),
            window,
            RIGHT,
            RIGHT_MIN,
            RIGHT_DEFAULT_MAX,
        )
    }

    /// The View menu's entries: each panel, with its key.
    pub fn menu(&mut self, ui: &mut Ui) {
        let key = |k: egui::Key| k.name().to_string();
        ui.checkbox(&mut self.left, "Settings and results panel")
            .on_hover_text(key(LEFT_KEY));
        ui.checkbox(&mut self.right, "Adjudication and alignments panel")
            .on_hover_text(key(RIGHT_KEY));
    }
}
