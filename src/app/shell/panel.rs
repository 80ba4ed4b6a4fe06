//! The Messages panel at the bottom of the window: what the app says, oldest first, each with
//! the time it was said and its kind (a warning, an error, the confirmation of the last
//! action), with Clear.

use super::window::GammaStudioApp;
use super::{Message, MessageKind};
use eframe::egui::{self, Color32, RichText, Ui};

impl GammaStudioApp {
    pub(super) fn messages_panel(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.strong("Messages");
            if ui.button("Clear").clicked() {
                self.state.shell.messages.clear();
            }
        });
        egui::ScrollArea::vertical()
            .id_salt("errors")
            .max_height(120.0)
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for message in self.state.shell.messages.iter() {
                    line(ui, message);
                }
            });
    }
}

/// One message: its time, its kind's mark, its text (wrapped).
fn line(ui: &mut Ui, message: &Message) {
    let (mark, colour, kind) = match message.kind {
        MessageKind::Info => ("·", ui.visuals().weak_text_color(), "information"),
        MessageKind::Warning => ("⚠", Color32::from_rgb(220, 160, 40), "warning"),
        MessageKind::Error => ("✖", Color32::from_rgb(220, 70, 50), "error"),
        MessageKind::Confirmation => ("✔", Color32::from_rgb(80, 170, 90), "done"),
    };
    ui.horizontal(|ui| {
        ui.label(RichText::new(clock(message.at)).weak().monospace());
        ui.label(RichText::new(mark).color(colour))
            .on_hover_text(kind);
        ui.add(egui::Label::new(&message.text).wrap());
    });
}

/// The local time of day of `at`, as HH:MM:SS.
fn clock(at: std::time::SystemTime) -> String {
    let seconds = at
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    #[cfg(unix)]
    {
        let time = seconds as libc::time_t;
        // SAFETY: `localtime_r` reads `time` and writes only into `local`, which it owns.
        let mut local: libc::tm = unsafe { std::mem::zeroed() };
        if !unsafe { libc::localtime_r(&time, &mut local) }.is_null() {
            return format!(
                "{:02}:{:02}:{:02}",
                local.tm_hour, local.tm_min, local.tm_sec
            );
        }
    }
    let of_day = seconds % 86_400;
    format!(
        "{:02}:{:02}:{:02} UTC",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60
    )
}
