//! The files room: the file dialogs and the in-app browser, the open dialog, the recent files,
//! the project file, the bundled demos and what is kept in the data folder.

pub mod browser;
pub mod data_folder;
pub mod demo;
pub mod dialog;
pub mod open_dialog;
pub mod opened;
pub mod panel;
pub mod project;
pub mod recent;
