//! The shell: the window's layout (side panels, their widths), whether clicks give the window
//! the keyboard, and the Help menu.

pub mod focus;
pub mod help;
pub mod layout;
