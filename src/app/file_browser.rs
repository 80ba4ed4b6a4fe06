//! The in-app file browser, for desktops without a system file dialog (tiling window
//! managers, SSH, containers): a folder's listing (folders first, then the files the request
//! can use), a path field, and for opening several files a list of files added from any
//! number of folders. [`super::file_dialog::WithFallback`] opens it and takes its answer.

use eframe::egui::{self, RichText};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What the browser is asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// Files to open: several (`many`) or one, with one of `extensions` (any when empty).
    Open { many: bool, extensions: Vec<String> },
    /// Where to save, suggesting `name` (its extension is the format).
    Save { name: String },
}

/// One folder entry.
#[derive(Debug, Clone, PartialEq)]
struct Entry {
    name: String,
    is_folder: bool,
}

/// The browser's state.
pub struct Browser {
    /// The request's title (the caller asks again with it to take the answer).
    pub title: String,
    request: Request,
    /// The folder listed.
    folder: PathBuf,
    /// Its entries (read when the folder changes), or why it cannot be read.
    entries: Result<Vec<Entry>, String>,
    /// The path field: a file name in the folder, or a whole path.
    field: String,
    /// Files added so far (opening several).
    chosen: BTreeSet<PathBuf>,
}

impl Browser {
    /// A browser for `request`, in the working folder.
    pub fn new(title: &str, request: Request) -> Browser {
        let folder = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
        let field = match &request {
            Request::Save { name } => name.clone(),
            Request::Open { .. } => String::new(),
        };
        let mut browser = Browser {
            title: title.to_string(),
            request,
            entries: Ok(Vec::new()),
            folder: PathBuf::new(),
            field,
            chosen: BTreeSet::new(),
        };
        browser.enter(folder);
        browser
    }

    /// Lists `folder`.
    fn enter(&mut self, folder: PathBuf) {
        self.entries = list(&folder, &self.extensions());
        self.folder = folder;
    }

    /// The extensions the request accepts (any when empty).
    fn extensions(&self) -> Vec<String> {
        match &self.request {
            Request::Open { extensions, .. } => extensions.clone(),
            Request::Save { name } => extension_of(name).into_iter().collect(),
        }
    }

    /// The path the field names (relative to the folder unless absolute).
    fn field_path(&self) -> Option<PathBuf> {
        let field = self.field.trim();
        if field.is_empty() {
            return None;
        }
        let path = PathBuf::from(field);
        Some(if path.is_absolute() {
            path
        } else {
            self.folder.join(path)
        })
    }

    /// Draws the browser; `Some(answer)` once the user chose (`Some(None)`: cancelled).
    pub fn show(&mut self, context: &egui::Context) -> Option<Option<Vec<PathBuf>>> {
        let mut answer = None;
        egui::Window::new(format!("{} (in-app browser)", self.title))
            .id(egui::Id::unique("in-app-file-browser"))
            .collapsible(false)
            .resizable(true)
            .default_size([520.0, 420.0])
            .show(context, |ui| {
                self.folder_line(ui);
                ui.separator();
                self.listing(ui);
                ui.separator();
                answer = self.bottom(ui);
            });
        answer
    }

    /// The folder's path (editable) and the parent button.
    fn folder_line(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            if ui.button("Up").on_hover_text("the parent folder").clicked()
                && let Some(parent) = self.folder.parent()
            {
                self.enter(parent.to_path_buf());
            }
            let label = ui.label("Folder");
            let mut folder = self.folder.display().to_string();
            let edit = ui
                .add(egui::TextEdit::singleline(&mut folder).desired_width(f32::INFINITY))
                .labelled_by(label.id);
            if edit.lost_focus() && Path::new(&folder).is_dir() {
                self.enter(PathBuf::from(folder));
            }
        });
    }

    /// The folder's entries: a folder opens, a file is put in the field (or added).
    fn listing(&mut self, ui: &mut egui::Ui) {
        let mut enter = None;
        egui::ScrollArea::vertical()
            .id_salt("in-app-browser-listing")
            .max_height(ui.available_height() - 90.0)
            .auto_shrink([false, true])
            .show(ui, |ui| match &self.entries {
                Err(e) => {
                    ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
                }
                Ok(entries) if entries.is_empty() => {
                    ui.label(RichText::new("(nothing here of the kind asked for)").weak());
                }
                Ok(entries) => {
                    for entry in entries {
                        let label = if entry.is_folder {
                            format!("{}/", entry.name)
                        } else {
                            entry.name.clone()
                        };
                        let path = self.folder.join(&entry.name);
                        let selected = self.chosen.contains(&path) || self.field == entry.name;
                        if ui.selectable_label(selected, label).clicked() {
                            if entry.is_folder {
                                enter = Some(path);
                            } else {
                                self.field = entry.name.clone();
                            }
                        }
                    }
                }
            });
        if let Some(folder) = enter {
            self.enter(folder);
        }
    }

    /// The path field, the files added so far, and the buttons.
    fn bottom(&mut self, ui: &mut egui::Ui) -> Option<Option<Vec<PathBuf>>> {
        let many = matches!(self.request, Request::Open { many: true, .. });
        let saving = matches!(self.request, Request::Save { .. });
        ui.horizontal(|ui| {
            let label = ui.label(if saving { "Save as" } else { "File" });
            ui.add(
                egui::TextEdit::singleline(&mut self.field)
                    .hint_text("a name in this folder, or a whole path")
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(label.id);
        });
        if many {
            ui.horizontal_wrapped(|ui| {
                if ui
                    .button("Add")
                    .on_hover_text("add this file and pick more, from any folder")
                    .clicked()
                    && let Some(path) = self.field_path().filter(|p| p.is_file())
                {
                    self.chosen.insert(path);
                    self.field.clear();
                }
                let names: Vec<String> = self
                    .chosen
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect();
                if !names.is_empty() {
                    ui.label(format!("added: {}", names.join(", ")));
                }
            });
        }
        let mut answer = None;
        let problem = self.problem();
        ui.horizontal(|ui| {
            let verb = if saving { "Save" } else { "Open" };
            let button = ui.add_enabled(problem.is_none(), egui::Button::new(verb));
            if button.clicked() {
                let mut paths: Vec<PathBuf> = self.chosen.iter().cloned().collect();
                if let Some(path) = self.field_path()
                    && !paths.contains(&path)
                {
                    paths.push(path);
                }
                answer = Some(Some(paths));
            }
            if ui.button("Cancel").clicked() {
                answer = Some(None);
            }
            if let Some(problem) = problem {
                ui.label(RichText::new(problem).weak());
            }
        });
        answer
    }

    /// Why the answer cannot be given yet.
    fn problem(&self) -> Option<String> {
        let field = self.field_path();
        match &self.request {
            Request::Save { .. } => match field {
                None => Some("name the file".into()),
                Some(path) if path.is_dir() => Some("that is a folder".into()),
                Some(path) if !path.parent().is_some_and(Path::is_dir) => {
                    Some("no such folder".into())
                }
                Some(_) => None,
            },
            Request::Open { .. } => match field {
                None if self.chosen.is_empty() => Some("pick a file".into()),
                None => None,
                Some(path) if !path.is_file() => Some(format!("{} is not a file", path.display())),
                Some(_) => None,
            },
        }
    }
}

/// The extension of a file name, if it has one.
pub(super) fn extension_of(name: &str) -> Option<String> {
    std::path::Path::new(name)
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
}

/// A folder's entries: its folders, then its files with one of `extensions` (all when
/// empty), each by name; hidden ones left out.
fn list(folder: &Path, extensions: &[String]) -> Result<Vec<Entry>, String> {
    let reading = std::fs::read_dir(folder)
        .map_err(|e| format!("{} cannot be listed: {e}", folder.display()))?;
    let mut entries: Vec<Entry> = reading
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            let is_folder = entry.path().is_dir();
            let wanted = is_folder
                || extensions.is_empty()
                || extension_of(&name).is_some_and(|e| extensions.contains(&e));
            (!name.starts_with('.') && wanted).then_some(Entry { name, is_folder })
        })
        .collect();
    entries.sort_by(|a, b| b.is_folder.cmp(&a.is_folder).then(a.name.cmp(&b.name)));
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_lists_its_folders_then_the_files_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["b.aa", "a.csv", "c.txt", ".hidden.aa"] {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        std::fs::create_dir(dir.path().join("zeta")).unwrap();
        let names = |extensions: &[&str]| -> Vec<String> {
            let extensions: Vec<String> = extensions.iter().map(|e| e.to_string()).collect();
            list(dir.path(), &extensions)
                .unwrap()
                .into_iter()
                .map(|e| e.name)
                .collect()
        };
        assert_eq!(names(&["aa", "csv"]), ["zeta", "a.csv", "b.aa"]);
        assert_eq!(names(&[]), ["zeta", "a.csv", "b.aa", "c.txt"]);
        let missing = list(&dir.path().join("nowhere"), &[]).unwrap_err();
        assert!(
            missing.contains("nowhere") && missing.contains("cannot be listed"),
            "{missing}"
        );
    }

    #[test]
    fn saving_needs_a_name_in_an_existing_folder() {
        let dir = tempfile::tempdir().unwrap();
        let mut browser = Browser::new(
            "Export",
            Request::Save {
                name: "gold.aa".into(),
            },
        );
        browser.enter(dir.path().to_path_buf());
        assert_eq!(browser.problem(), None, "the suggested name");
        assert_eq!(browser.field_path(), Some(dir.path().join("gold.aa")));
        browser.field = "missing/gold.aa".into();
        assert_eq!(browser.problem().as_deref(), Some("no such folder"));
        browser.field = String::new();
        assert_eq!(browser.problem().as_deref(), Some("name the file"));
    }
}
