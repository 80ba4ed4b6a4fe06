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
