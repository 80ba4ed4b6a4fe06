//! The seam in front of the native file dialog: the app asks a [`FileDialog`]; the real one is
//! rfd's (desktop portal, zenity as fallback), tests give a scripted one.

use gamma_studio::io::{FORMATS, Format};
use std::path::PathBuf;

pub trait FileDialog {
    /// Files to open (any number), or `None` if the user cancelled.
    fn pick_files(&mut self, title: &str) -> Option<Vec<PathBuf>>;
    /// One file with one of these extensions.
    fn pick_file(&mut self, title: &str, extensions: &[&str]) -> Option<PathBuf>;
    /// Where to save.
    fn save_file(&mut self, title: &str, suggested_name: &str) -> Option<PathBuf>;
}

/// The operating system's dialog.
pub struct NativeDialog;

impl FileDialog for NativeDialog {
    fn pick_files(&mut self, title: &str) -> Option<Vec<PathBuf>> {
        let mut dialog = rfd::FileDialog::new()
            .set_title(title)
            .add_filter("Annotations", &Format::readable_extensions());
        for row in &FORMATS {
            let extensions: Vec<&str> = row
                .extensions
                .iter()
                .chain([&row.written_extension])
                .copied()
                .filter(|e| !e.is_empty())
                .collect();
            dialog = dialog.add_filter(row.label, &extensions);
        }
        dialog.pick_files()
    }

    fn pick_file(&mut self, title: &str, extensions: &[&str]) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title(title)
            .add_filter(title, extensions)
            .pick_file()
    }

    fn save_file(&mut self, title: &str, suggested_name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title(title)
            .set_file_name(suggested_name)
            .save_file()
    }
}

/// A dialog that answers from a script, for tests: each call takes the next answer.
#[cfg(test)]
#[derive(Default)]
pub struct ScriptedDialog {
    pub answers: std::collections::VecDeque<Option<Vec<PathBuf>>>,
    pub asked: Vec<String>,
}

#[cfg(test)]
impl ScriptedDialog {
    fn next(&mut self, title: &str) -> Option<Vec<PathBuf>> {
        self.asked.push(title.to_string());
        self.answers.pop_front().flatten()
    }
}

#[cfg(test)]
impl FileDialog for ScriptedDialog {
    fn pick_files(&mut self, title: &str) -> Option<Vec<PathBuf>> {
        self.next(title)
    }

    fn pick_file(&mut self, title: &str, _extensions: &[&str]) -> Option<PathBuf> {
        self.next(title).and_then(|p| p.into_iter().next())
    }

    fn save_file(&mut self, title: &str, _suggested_name: &str) -> Option<PathBuf> {
        self.next(title).and_then(|p| p.into_iter().next())
    }
}
