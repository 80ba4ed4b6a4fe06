//! The shell: which view fills the window, what Messages says (typed [`Message`]s: info,
//! warnings, errors, and the confirmation of the last action), and whether the keys typed reach
//! the document. Its files draw the window around the rooms: [`window`] (what eframe
//! runs), [`menus`], the Messages [`panel`], the side panels' [`layout`], the keyboard's
//! [`focus`] and [`help`]; [`digit_keys`], the keys 1 … 9 (and 0) every room decides with.

pub mod digit_keys;
pub mod focus;
pub mod help;
pub mod layout;
pub mod menus;
pub mod panel;
pub mod widgets;
pub mod window;

/// The views of the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The open documents: tracks, alignment, γ, adjudication.
    Annotations,
    /// The Corpus Shuffling Tool and the calibration of γ.
    Shuffling,
    /// The campaign dashboard: every open document in one table.
    Dashboard,
    /// A coding study (items × coders), or a folder of them.
    Coding,
}

/// What a message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    /// What was done or found: files opened, a layout, what was written.
    Info,
    /// Something the user should know about what was read or done (what a reader left out).
    Warning,
    /// Something that failed.
    Error,
    /// The outcome of the last action on the adjudication (only the last is kept, so that
    /// decisions never push warnings out of view).
    Confirmation,
}

/// A line of Messages.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub kind: MessageKind,
    pub text: String,
    /// When it was said.
    pub at: std::time::SystemTime,
}

impl Message {
    /// Its text.
    #[cfg(test)]
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

/// A message reads as its text.
impl std::ops::Deref for Message {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl PartialEq<str> for Message {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for Message {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl PartialEq<String> for Message {
    fn eq(&self, other: &String) -> bool {
        &self.text == other
    }
}

/// What the Messages panel shows, oldest first.
#[derive(Debug, Clone, Default)]
pub struct Messages {
    list: Vec<Message>,
    /// Outcomes said with [`Messages::done`] that the window has not shown as a toast yet.
    toasts: Vec<String>,
}

impl std::ops::Deref for Messages {
    type Target = [Message];

    fn deref(&self) -> &[Message] {
        &self.list
    }
}

impl Messages {
    /// Adds a message of `kind`; a confirmation replaces the previous one.
    pub fn say(&mut self, kind: MessageKind, text: impl Into<String>) {
        if kind == MessageKind::Confirmation {
            self.list.retain(|m| m.kind != MessageKind::Confirmation);
        }
        self.list.push(Message {
            kind,
            text: text.into(),
            at: std::time::SystemTime::now(),
        });
    }

    /// What was done or found.
    pub fn info(&mut self, text: impl Into<String>) {
        self.say(MessageKind::Info, text);
    }

    /// What an action wrote or saved: in Messages, and shown as a toast where the user looks
    /// (the panel may be scrolled away or hidden).
    pub fn done(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.toasts.push(text.clone());
        self.say(MessageKind::Info, text);
    }

    /// The toasts to show, each once.
    pub fn take_toasts(&mut self) -> Vec<String> {
        std::mem::take(&mut self.toasts)
    }

    /// Something the user should know about.
    pub fn warning(&mut self, text: impl Into<String>) {
        self.say(MessageKind::Warning, text);
    }

    /// Something that failed.
    pub fn error(&mut self, text: impl std::fmt::Display) {
        self.say(MessageKind::Error, text.to_string());
    }

    /// The outcome of the last action, replacing the previous one.
    pub fn confirm(&mut self, text: impl Into<String>) {
        self.say(MessageKind::Confirmation, text);
    }

    /// Forgets every message (Messages' Clear).
    pub fn clear(&mut self) {
        self.list.clear();
    }
}

/// The shell's state.
#[derive(Debug)]
pub struct Shell {
    /// Which view fills the window.
    pub mode: Mode,
    /// What the Messages panel shows.
    pub messages: Messages,
    /// Whether the keys typed this frame reach the document (its shortcuts and the
    /// adjudication's keys): no dialog is open and no text field has the keyboard. Set at the
    /// start of every frame, before any panel reads a key.
    pub keys_reach_document: bool,
}

impl Default for Shell {
    fn default() -> Self {
        Shell {
            mode: Mode::Annotations,
            messages: Messages::default(),
            keys_reach_document: true,
        }
    }
}

/// Writes RGBA pixels of `size` (width, height) as PNG at `path` (through a temporary file
/// renamed at the end): the window's screenshot.
pub fn save_png(
    path: &std::path::Path,
    size: [usize; 2],
    rgba: &[u8],
) -> Result<(), gamma_formats::FileError> {
    let not_encoded = |e: png::EncodingError| gamma_formats::FileError::new(path, None, e);
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, size[0] as u32, size[1] as u32);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(not_encoded)?;
        writer.write_image_data(rgba).map_err(not_encoded)?;
    }
    gamma_formats::write_atomically(path, &bytes)
}
