//! The in-app file browser, for desktops without a system file dialog (tiling window
//! managers, SSH, containers): a folder's listing (folders first, then the files the chosen
//! filter shows), one editable path (a name in the folder, or a whole path to a file or a
//! folder), Home, the recent folders, the parent, a new folder, and for opening several files
//! a list of files added from any number of folders. Saving over an existing file asks first.
//! [`super::dialog::WithFallback`] opens it and takes its answer.

use eframe::egui::{self, RichText};
use gamma_formats::{CODECS, Format};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What the browser is asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// Files to open: several (`many`) or one, with one of `extensions` (any when empty).
    Open { many: bool, extensions: Vec<String> },
    /// Where to save, suggesting `name` (its extension is the format).
    Save { name: String },
    /// A folder to open: the one listed, or the one the path field names.
    Folder,
}

/// One folder entry.
#[derive(Debug, Clone, PartialEq)]
struct Entry {
    name: String,
    is_folder: bool,
}

/// A filter of the listing: its label and the extensions it shows (all files when empty).
#[derive(Debug, Clone, PartialEq)]
struct Filter {
    label: String,
    extensions: Vec<String>,
}

/// What confirming the path field did.
#[derive(Debug, Clone, PartialEq)]
enum Confirmed {
    /// The answer: these paths.
    Answer(Vec<PathBuf>),
    /// The field named a folder: it is listed now.
    Entered,
    /// Saving over an existing file: the question is asked first.
    AskOverwrite,
    /// Nothing to do (the field's problem says why).
    Nothing,
}

/// The browser's state.
pub struct Browser {
    /// The request's title (the caller asks again with it to take the answer).
    pub title: String,
    request: Request,
    /// The folder listed.
    folder: PathBuf,
    /// The folder line as typed (a path to go to on Enter).
    folder_field: String,
    /// Its entries (read when the folder or the filter changes), or why it cannot be read.
    entries: Result<Vec<Entry>, String>,
    /// The filters offered and the one chosen.
    filters: Vec<Filter>,
    filter: usize,
    /// The path field: a file or folder name in the folder, or a whole path.
    field: String,
    /// Files added so far (opening several).
    chosen: BTreeSet<PathBuf>,
    /// Folders answered from before, newest first.
    recent: Vec<PathBuf>,
    /// The name of a new folder, while it is being named.
    new_folder: Option<String>,
    /// The existing file that saving would replace, while the user is asked.
    overwrite: Option<PathBuf>,
    /// Why the last action failed (a folder not made, a folder not found).
    failure: Option<String>,
    /// Whether the path field still has to take the keyboard (the browser just opened).
    focus_field: bool,
}

impl Browser {
    /// A browser for `request`, listing `folder`; `recent` are the folders answered before.
    pub fn new(title: &str, request: Request, folder: PathBuf, recent: Vec<PathBuf>) -> Browser {
        let field = match &request {
            Request::Save { name } => name.clone(),
            Request::Open { .. } | Request::Folder => String::new(),
        };
        let filters = filters_for(&request);
        let mut browser = Browser {
            title: title.to_string(),
            request,
            entries: Ok(Vec::new()),
            folder: PathBuf::new(),
            folder_field: String::new(),
            filters,
            filter: 0,
            field,
            chosen: BTreeSet::new(),
            recent,
            new_folder: None,
            overwrite: None,
            failure: None,
            focus_field: true,
        };
        browser.enter(folder);
        browser
    }

    /// Lists `folder`.
    fn enter(&mut self, folder: PathBuf) {
        self.entries = list(&folder, &self.filters[self.filter].extensions);
        self.folder_field = folder.display().to_string();
        self.folder = folder;
        self.failure = None;
    }

    /// The path the field names (relative to the folder unless absolute, `~` the home folder).
    fn field_path(&self) -> Option<PathBuf> {
        typed_path(&self.field, &self.folder)
    }

    /// Goes to the folder typed on the folder line.
    fn go_to_typed_folder(&mut self) {
        match typed_path(&self.folder_field, &self.folder) {
            Some(folder) if folder.is_dir() => self.enter(folder),
            Some(folder) => self.failure = Some(format!("{} is not a folder", folder.display())),
            None => self.folder_field = self.folder.display().to_string(),
        }
    }

    /// Acts on the path field (the Open or Save button, or Enter in the field): a folder is
    /// entered, a file answered — after the question when saving would replace it.
    fn confirm(&mut self) -> Confirmed {
        if let Some(path) = self.field_path().filter(|p| p.is_dir()) {
            self.field = match &self.request {
                Request::Save { name } => name.clone(),
                Request::Open { .. } | Request::Folder => String::new(),
            };
            self.enter(path);
            return Confirmed::Entered;
        }
        if self.problem().is_some() {
            return Confirmed::Nothing;
        }
        let mut paths: Vec<PathBuf> = self.chosen.iter().cloned().collect();
        if let Some(path) = self.field_path() {
            if matches!(self.request, Request::Save { .. }) && path.exists() {
                self.overwrite = Some(path);
                return Confirmed::AskOverwrite;
            }
            if !paths.contains(&path) {
                paths.push(path);
            }
        }
        Confirmed::Answer(paths)
    }

    /// The user's answer to the overwrite question: the path (replace it) or nothing.
    fn answer_overwrite(&mut self, replace: bool) -> Option<Vec<PathBuf>> {
        let path = self.overwrite.take()?;
        replace.then(|| vec![path])
    }

    /// Makes the folder named `name` in the folder listed, and lists it.
    fn make_folder(&mut self, name: &str) {
        let name = name.trim();
        if name.is_empty() || name.contains(['/', '\\']) {
            self.failure = Some("a new folder needs a name without /".into());
            return;
        }
        let folder = self.folder.join(name);
        match std::fs::create_dir(&folder) {
            Ok(()) => self.enter(folder),
            Err(e) => self.failure = Some(format!("{} cannot be made: {e}", folder.display())),
        }
    }

    /// Draws the browser; `Some(answer)` once the user chose (`Some(None)`: cancelled).
    pub fn show(&mut self, context: &egui::Context) -> Option<Option<Vec<PathBuf>>> {
        let mut answer = None;
        egui::Window::new(format!("{} (in-app browser)", self.title))
            .id(egui::Id::unique("in-app-file-browser"))
            .collapsible(false)
            .resizable(true)
            .default_size([560.0, 440.0])
            .show(context, |ui| {
                self.places(ui);
                self.folder_line(ui);
                ui.separator();
                self.listing(ui);
                ui.separator();
                answer = self.bottom(ui);
            });
        answer
    }

    /// Home, the recent folders, the parent, a new folder, the filter.
    fn places(&mut self, ui: &mut egui::Ui) {
        let mut go = None;
        ui.horizontal_wrapped(|ui| {
            if ui.button("⬆ Parent").clicked() {
                go = self.folder.parent().map(Path::to_path_buf);
            }
            if let Some(home) = dirs::home_dir()
                && ui
                    .button("Home")
                    .on_hover_text(home.display().to_string())
                    .clicked()
            {
                go = Some(home);
            }
            if !self.recent.is_empty() {
                egui::ComboBox::from_id_salt("browser-recent")
                    .selected_text("Recent folders")
                    .show_ui(ui, |ui| {
                        for folder in &self.recent {
                            if ui.button(folder.display().to_string()).clicked() {
                                go = Some(folder.clone());
                            }
                        }
                    });
            }
            if ui.button("New folder…").clicked() {
                self.new_folder = Some(String::new());
            }
            let before = self.filter;
            egui::ComboBox::from_id_salt("browser-filter")
                .selected_text(&self.filters[self.filter].label)
                .show_ui(ui, |ui| {
                    for (i, filter) in self.filters.iter().enumerate() {
                        ui.selectable_value(&mut self.filter, i, &filter.label);
                    }
                });
            if self.filter != before {
                go = Some(self.folder.clone());
            }
        });
        if let Some(name) = &mut self.new_folder {
            let mut made = None;
            ui.horizontal(|ui| {
                let label = ui.label("New folder");
                let edit = ui.text_edit_singleline(name).labelled_by(label.id);
                let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Make").clicked() || entered {
                    made = Some(Some(name.clone()));
                }
                if ui.button("Cancel").clicked() {
                    made = Some(None);
                }
            });
            match made {
                Some(Some(name)) => {
                    self.new_folder = None;
                    self.make_folder(&name);
                }
                Some(None) => self.new_folder = None,
                None => {}
            }
        }
        if let Some(folder) = go {
            self.enter(folder);
        }
    }

    /// The folder's path, editable: Enter goes there.
    fn folder_line(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let label = ui.label("Folder");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.folder_field).desired_width(f32::INFINITY),
                )
                .labelled_by(label.id);
            if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                self.go_to_typed_folder();
            }
        });
        if let Some(failure) = &self.failure {
            ui.label(RichText::new(failure).color(ui.visuals().error_fg_color));
        }
    }

    /// The folder's entries: a folder opens, a file is put in the field (or added).
    fn listing(&mut self, ui: &mut egui::Ui) {
        let mut enter = None;
        egui::ScrollArea::vertical()
            .id_salt("in-app-browser-listing")
            .max_height((ui.available_height() - 110.0).max(80.0))
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

    /// The path field (focused when the browser opens, the suggested name's stem selected).
    fn path_field(&mut self, ui: &mut egui::Ui) -> bool {
        let mut entered = false;
        ui.horizontal(|ui| {
            let label = ui.label(match self.request {
                Request::Save { .. } => "Save as",
                Request::Folder => "Chosen folder",
                Request::Open { .. } => "File",
            });
            let id = ui.make_persistent_id("in-app-browser-path");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.field)
                        .id(id)
                        .hint_text("a name in this folder, or a path to a file or a folder")
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(label.id);
            if std::mem::take(&mut self.focus_field) {
                edit.request_focus();
                let stem = Path::new(&self.field)
                    .file_stem()
                    .map_or(0, |s| s.to_string_lossy().chars().count());
                let mut state =
                    egui::text_edit::TextEditState::load(ui.ctx(), id).unwrap_or_default();
                state
                    .cursor
                    .set_char_range(Some(egui::text::CCursorRange::two(
                        egui::text::CCursor::new(0),
                        egui::text::CCursor::new(stem),
                    )));
                state.store(ui.ctx(), id);
            }
            entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        });
        entered
    }

    /// The path field, the files added so far, and the buttons (or the overwrite question).
    fn bottom(&mut self, ui: &mut egui::Ui) -> Option<Option<Vec<PathBuf>>> {
        if let Some(path) = &self.overwrite {
            let mut replace = None;
            ui.label(
                RichText::new(format!("{} exists. Replace it?", path.display()))
                    .color(ui.visuals().warn_fg_color),
            );
            ui.horizontal(|ui| {
                if ui.button("Replace").clicked() {
                    replace = Some(true);
                }
                if ui.button("Keep it").clicked() {
                    replace = Some(false);
                }
            });
            return match replace? {
                true => Some(self.answer_overwrite(true)),
                false => {
                    self.answer_overwrite(false);
                    None
                }
            };
        }
        if self.request == Request::Folder {
            return self.folder_buttons(ui);
        }
        let many = matches!(self.request, Request::Open { many: true, .. });
        let saving = matches!(self.request, Request::Save { .. });
        let entered = self.path_field(ui);
        if many {
            self.added(ui);
        }
        let mut answer = None;
        let problem = self.problem();
        let names_folder = self.field_path().is_some_and(|p| p.is_dir());
        ui.horizontal(|ui| {
            let verb = match (names_folder, saving) {
                (true, _) => "Go to the folder",
                (false, true) => "Save",
                (false, false) => "Open",
            };
            let enabled = problem.is_none() || names_folder;
            let button = ui.add_enabled(enabled, egui::Button::new(verb));
            if (button.clicked() || entered)
                && let Confirmed::Answer(paths) = self.confirm()
            {
                answer = Some(Some(paths));
            }
            if ui.button("Cancel").clicked() {
                answer = Some(None);
            }
            if let Some(problem) = problem.filter(|_| !names_folder) {
                ui.label(RichText::new(problem).weak());
            }
        });
        answer
    }

    /// Choosing a folder: the one the path field names — an existing folder, or a new one in an
    /// existing folder (an export creates it; opening says it does not exist) — else the one
    /// listed. Never another folder than the one shown beside the button.
    fn folder_buttons(&mut self, ui: &mut egui::Ui) -> Option<Option<Vec<PathBuf>>> {
        let entered = self.path_field(ui);
        let (chosen, problem) = match self.chosen_folder() {
            Ok(chosen) => (Some(chosen), None),
            Err(problem) => (None, Some(problem)),
        };
        let mut answer = None;
        ui.horizontal(|ui| {
            let button = ui.add_enabled(chosen.is_some(), egui::Button::new("Choose this folder"));
            if let Some(chosen) = &chosen
                && (button.clicked() || entered)
            {
                answer = Some(Some(vec![chosen.clone()]));
            }
            if ui.button("Cancel").clicked() {
                answer = Some(None);
            }
            let said = match (&chosen, problem) {
                (Some(chosen), _) if !chosen.exists() => {
                    format!("{} (a new folder)", chosen.display())
                }
                (Some(chosen), _) => chosen.display().to_string(),
                (None, Some(problem)) => problem,
                (None, None) => String::new(),
            };
            ui.label(RichText::new(said).weak());
        });
        answer
    }

    /// The folder a folder request answers: the one the path field names (an existing folder,
    /// or a new one in an existing folder), else the one listed; or why there is none.
    fn chosen_folder(&self) -> Result<PathBuf, String> {
        match self.field_path() {
            None => Ok(self.folder.clone()),
            Some(path) if path.is_dir() => Ok(path),
            Some(path) if path.exists() => Err(format!("{} is a file", path.display())),
            Some(path) if path.parent().is_some_and(Path::is_dir) => Ok(path),
            Some(path) => Err(format!("no such folder: {}", path.display())),
        }
    }

    /// The Add button and the files added so far (opening several).
    fn added(&mut self, ui: &mut egui::Ui) {
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
            Request::Folder => None,
            Request::Open { .. } => match field {
                None if self.chosen.is_empty() => Some("pick a file".into()),
                None => None,
                Some(path) if !path.exists() => Some(format!("{} does not exist", path.display())),
                Some(path) if !path.is_file() => Some(format!("{} is not a file", path.display())),
                Some(_) => None,
            },
        }
    }
}

/// A typed path: absolute, under the home folder (`~/…`), or relative to `folder`.
fn typed_path(typed: &str, folder: &Path) -> Option<PathBuf> {
    let typed = typed.trim();
    if typed.is_empty() {
        return None;
    }
    let home = || dirs::home_dir().unwrap_or_else(|| PathBuf::from("/"));
    Some(if typed == "~" {
        home()
    } else if let Some(rest) = typed.strip_prefix("~/") {
        home().join(rest)
    } else if Path::new(typed).is_absolute() {
        PathBuf::from(typed)
    } else {
        folder.join(typed)
    })
}

/// The filters a request offers: its own extensions first, then every format's (opening any
/// annotation file), then all files.
fn filters_for(request: &Request) -> Vec<Filter> {
    let of = |label: String, extensions: Vec<String>| Filter { label, extensions };
    let mut filters = match request {
        Request::Open { extensions, .. } if extensions.is_empty() => {
            let mut filters = vec![of(
                "annotation files".into(),
                Format::readable_extensions()
                    .into_iter()
                    .map(String::from)
                    .collect(),
            )];
            for format in CODECS {
                let row = format.description();
                let extensions: Vec<String> = (row.extensions.iter())
                    .chain([&row.written_extension])
                    .filter(|e| !e.is_empty())
                    .map(|e| e.to_string())
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect();
                let label = format!("{} (.{})", row.label, extensions.join(", ."));
                filters.push(of(label, extensions));
            }
            filters
        }
        Request::Open { extensions, .. } => {
            vec![of(
                format!(".{}", extensions.join(", .")),
                extensions.clone(),
            )]
        }
        Request::Save { name } => extension_of(name)
            .map(|e| of(format!(".{e}"), vec![e]))
            .into_iter()
            .collect(),
        Request::Folder => Vec::new(),
    };
    filters.push(of("all files".into(), Vec::new()));
    filters
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
mod tests;
