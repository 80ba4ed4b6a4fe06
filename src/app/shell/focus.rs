//! Whether the window gets the keyboard. A window manager gives it to the window clicked;
//! without one (a bare X display, some kiosks and remote sessions) clicks never do, and winit
//! can only ask a window manager for it: keys and text fields then receive nothing, silently.
//! After a click the window asks for the keyboard; after a second click still without it,
//! Messages says so, once.

use eframe::egui;

/// The clicks seen while the window had no keyboard.
#[derive(Debug, Default)]
pub struct FocusWatch {
    unfocused_clicks: u32,
    told: bool,
}

/// What Messages says when clicks do not give the window the keyboard.
pub const NO_KEYBOARD: &str = "this window does not get the keyboard when clicked (no window \
     manager seems to give it, and the app cannot take it itself): shortcuts and text fields \
     receive nothing. Start a window manager, or give the window the focus from outside \
     (xdotool windowfocus)";

impl FocusWatch {
    /// Watches this frame's clicks; returns the message for Messages, once.
    pub fn watch(&mut self, context: &egui::Context) -> Option<&'static str> {
        let (focused, clicked) = context.input(|i| (i.focused, i.pointer.any_pressed()));
        if focused {
            self.unfocused_clicks = 0;
            return None;
        }
        if !clicked {
            return None;
        }
        self.unfocused_clicks += 1;
        if self.unfocused_clicks == 1 {
            context.send_viewport_cmd(egui::ViewportCommand::Focus);
            return None;
        }
        (!std::mem::replace(&mut self.told, true)).then_some(NO_KEYBOARD)
    }
}

/// Whether the keys are for a floating window (the Guide, Evaluate, the saved adjudications)
/// rather than the document behind it: from when the window opens or is clicked until a click
/// on the panels behind it or until it closes. A key never acts behind the window it was
/// typed in.
#[derive(Debug, Default)]
pub struct KeysOwner {
    in_window: bool,
    window_open: bool,
}

impl KeysOwner {
    /// This frame's owner, with `window_open` whether a floating window is open; true when the
    /// keys are the window's.
    pub fn update(&mut self, context: &egui::Context, window_open: bool) -> bool {
        if !window_open {
            *self = KeysOwner::default();
            return false;
        }
        if !std::mem::replace(&mut self.window_open, true) {
            self.in_window = true;
        }
        let pressed = context.input(|i| {
            (i.pointer.any_pressed())
                .then(|| i.pointer.press_origin())
                .flatten()
        });
        if let Some(position) = pressed {
            // The layers of the last frame: the panels are the background, windows above it.
            self.in_window = context
                .layer_id_at(position)
                .is_some_and(|layer| layer.order != egui::Order::Background);
        }
        self.in_window
    }
}
