//! The shell: which view fills the window, what Messages says, and whether the keys typed
//! reach the document. Its files draw the window around the rooms: [`window`] (what eframe
//! runs), [`menus`], the Messages [`panel`], the side panels' [`layout`], the keyboard's
//! [`focus`] and [`help`].

pub mod focus;
pub mod help;
pub mod layout;
pub mod menus;
pub mod panel;
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

/// The shell's state.
#[derive(Debug)]
pub struct Shell {
    /// Which view fills the window.
    pub mode: Mode,
    /// Messages for the Messages panel (newest last).
    pub messages: Vec<String>,
    /// Whether the keys typed this frame reach the document (its shortcuts and the
    /// adjudication's keys): no dialog is open and no text field has the keyboard. Set at the
    /// start of every frame, before any panel reads a key.
    pub keys_reach_document: bool,
}

impl Default for Shell {
    fn default() -> Self {
        Shell {
            mode: Mode::Annotations,
            messages: Vec::new(),
            keys_reach_document: true,
        }
    }
}
