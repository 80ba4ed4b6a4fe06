//! The seam in front of the file dialogs. The app asks a [`FileDialog`]; the real one,
//! [`WithFallback`], asks the system's dialog ([`SystemDialog`]: rfd's, through the desktop
//! portal or zenity) and, when there is none or it fails, opens the in-app file browser
//! ([`super::browser`]) instead and says why in the Messages panel. Tests give a
//! `ScriptedDialog` as the system's dialog.
//!
//! The app's calls are synchronous (a button asks, the answer comes back at once) but the
//! in-app browser needs frames: when it has an answer for a request, [`FileDialog::ready`]
//! says so and the caller asks again (same title), which takes the answer.

use super::browser::{Browser, Request, extension_of};
use eframe::egui;
use gamma_formats::{CODECS, Format};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The file dialogs the app uses.
pub trait FileDialog {
    /// Files to open (any number), or `None` if the user cancelled.
    fn pick_files(&mut self, title: &str) -> Option<Vec<PathBuf>>;
    /// One file with one of these extensions.
    fn pick_file(&mut self, title: &str, extensions: &[&str]) -> Option<PathBuf>;
    /// Where to save (the suggested name's extension is the format offered; a suggested path
    /// opens the dialog in its folder).
    fn save_file(&mut self, title: &str, suggested_name: &str) -> Option<PathBuf>;
    /// A folder to open (a corpus).
    fn pick_folder(&mut self, title: &str) -> Option<PathBuf>;
    /// Whether an answer to the request titled `title` is waiting (the caller asks again).
    fn ready(&self, _title: &str) -> bool {
        false
    }
    /// Draws the in-app file browser while it is open.
    fn show(&mut self, _context: &egui::Context) {}
    /// Whether the in-app file browser is open (it has the keyboard then).
    fn is_open(&self) -> bool {
        false
    }
    /// Closes the in-app file browser without an answer (Escape).
    fn cancel(&mut self) {}
    /// Messages for the Messages panel (why the in-app browser took over).
    fn take_messages(&mut self) -> Vec<String> {
        Vec::new()
    }
    /// Where the dialogs open when the user has not chosen a folder yet in this session:
    /// beside the inputs, never inside the annotators' folders (see
    /// [`super::Files::beside_inputs`]).
    fn start_in(&mut self, _folder: Option<PathBuf>) {}
}

/// What a system dialog answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// The user chose these paths.
    Chosen(Vec<PathBuf>),
    /// The user closed the dialog without choosing.
    Cancelled,
    /// There is no dialog (or it failed): why.
    Unavailable(String),
}

/// A system's file dialog: it may be missing. Each opens in `folder` when there is one.
pub trait SystemFiles {
    /// Files to open.
    fn pick_files(&mut self, title: &str, folder: Option<&Path>) -> Answer;
    /// One file with one of these extensions.
    fn pick_file(&mut self, title: &str, extensions: &[&str], folder: Option<&Path>) -> Answer;
    /// Where to save.
    fn save_file(&mut self, title: &str, suggested_name: &str, folder: Option<&Path>) -> Answer;
    fn pick_folder(&mut self, title: &str, folder: Option<&Path>) -> Answer;
}

/// rfd's dialog titled `title`, opening in `folder` if there is one.
fn rfd_dialog(title: &str, folder: Option<&Path>) -> rfd::FileDialog {
    let dialog = rfd::FileDialog::new().set_title(title);
    match folder {
        Some(folder) => dialog.set_directory(folder),
        None => dialog,
    }
}

/// The operating system's dialog (rfd: the XDG desktop portal, else zenity).
pub struct SystemDialog {
    /// Why there is no dialog, once known (checked at the first request).
    missing: Option<Option<String>>,
}

impl SystemDialog {
    /// The system's dialog, not yet probed.
    pub fn new() -> SystemDialog {
        SystemDialog { missing: None }
    }

    /// Why no dialog can be shown, if none can: rfd needs the desktop portal (a D-Bus session
    /// with xdg-desktop-portal) or the `zenity` program, and says nothing when both are
    /// missing (the dialog just never appears).
    fn missing(&mut self) -> Option<String> {
        self.missing
            .get_or_insert_with(|| {
                let on_path = |program: &str| {
                    std::env::var_os("PATH").is_some_and(|paths| {
                        std::env::split_paths(&paths).any(|dir| dir.join(program).is_file())
                    })
                };
                let portal = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
                    && ["/usr/libexec", "/usr/lib", "/usr/lib/xdg-desktop-portal"]
                        .iter()
                        .any(|dir| {
                            std::path::Path::new(dir)
                                .join("xdg-desktop-portal")
                                .is_file()
                        });
                (!portal && !on_path("zenity")).then(|| {
                    "no system file dialog (neither the desktop portal nor zenity is available)"
                        .to_string()
                })
            })
            .clone()
    }

    fn answer(&mut self, ask: impl FnOnce() -> Option<Vec<PathBuf>>) -> Answer {
        if let Some(reason) = self.missing() {
            return Answer::Unavailable(reason);
        }
        match ask() {
            Some(paths) => Answer::Chosen(paths),
            None => Answer::Cancelled,
        }
    }
}

impl Default for SystemDialog {
    fn default() -> Self {
        SystemDialog::new()
    }
}

/// The filters of the dialog that opens annotation files: every extension read, then one
/// filter per format of [`CODECS`].
pub fn annotation_filters() -> Vec<(&'static str, Vec<&'static str>)> {
    std::iter::once(("Annotations", Format::readable_extensions()))
        .chain(CODECS.iter().map(|f| (f.label(), f.dialog_extensions())))
        .collect()
}

impl SystemFiles for SystemDialog {
    fn pick_files(&mut self, title: &str, folder: Option<&Path>) -> Answer {
        self.answer(|| {
            let mut dialog = rfd_dialog(title, folder);
            for (name, extensions) in annotation_filters() {
                dialog = dialog.add_filter(name, &extensions);
            }
            dialog.pick_files()
        })
    }

    fn pick_file(&mut self, title: &str, extensions: &[&str], folder: Option<&Path>) -> Answer {
        self.answer(|| {
            rfd_dialog(title, folder)
                .add_filter(title, extensions)
                .pick_file()
                .map(|p| vec![p])
        })
    }

    fn save_file(&mut self, title: &str, suggested_name: &str, folder: Option<&Path>) -> Answer {
        self.answer(|| {
            // A suggested path (the coding room's) opens the dialog in its folder unless a
            // folder is given.
            let suggested = Path::new(suggested_name);
            let name = suggested.file_name().map(|n| n.to_string_lossy());
            let parent = suggested.parent().filter(|f| f.is_dir());
            let mut dialog = rfd_dialog(title, folder.or(parent))
                .set_file_name(name.as_deref().unwrap_or(suggested_name));
            if let Some(extension) = extension_of(suggested_name) {
                dialog = dialog.add_filter(extension.to_uppercase(), &[extension.as_str()]);
            }
            dialog.save_file().map(|p| vec![p])
        })
    }

    fn pick_folder(&mut self, title: &str, folder: Option<&Path>) -> Answer {
        self.answer(|| rfd_dialog(title, folder).pick_folder().map(|p| vec![p]))
    }
}

/// The app's dialog: the system's, and the in-app browser when the system has none.
pub struct WithFallback<S: SystemFiles> {
    system: S,
    /// The in-app browser, while open.
    browser: Option<Browser>,
    /// The browser's answers, by request title, until the caller takes them.
    answers: BTreeMap<String, Vec<PathBuf>>,
    messages: Vec<String>,
    /// Whether Messages has been told why the in-app browser opens (once per session).
    told: bool,
    /// The folders of the browser's answers, newest first: it opens in the first.
    recent_folders: Vec<PathBuf>,
    /// Where the dialogs open before the user chose a folder (beside the inputs).
    start: Option<PathBuf>,
    /// The folder of the last file saved this session: the next save opens there.
    last_save: Option<PathBuf>,
}

/// How many recent folders the browser offers.
const RECENT_FOLDERS: usize = 8;

impl<S: SystemFiles> WithFallback<S> {
    /// `system`'s dialog, with the in-app browser behind it.
    pub fn new(system: S) -> WithFallback<S> {
        WithFallback {
            system,
            browser: None,
            answers: BTreeMap::new(),
            messages: Vec::new(),
            told: false,
            recent_folders: Vec::new(),
            start: None,
            last_save: None,
        }
    }

    /// Where a dialog for `request` opens: a save where the last save went, else beside the
    /// inputs; an opening where the user last chose, else beside the inputs.
    fn folder_for(&self, request: &Request) -> Option<PathBuf> {
        let chosen = match request {
            Request::Save { .. } => self.last_save.clone(),
            Request::Open { .. } | Request::Folder => self.recent_folders.first().cloned(),
        };
        chosen.or_else(|| self.start.clone())
    }

    /// Remembers the folder of an answer (the browser opens there next time).
    fn remember_folder(&mut self, paths: &[PathBuf]) {
        let Some(folder) = paths.first().and_then(|p| p.parent()) else {
            return;
        };
        let folder = folder.to_path_buf();
        self.recent_folders.retain(|f| *f != folder);
        self.recent_folders.insert(0, folder);
        self.recent_folders.truncate(RECENT_FOLDERS);
    }

    /// Takes the browser's answer to `title`, or asks the system's dialog; when it has none,
    /// opens the browser for `request` and answers `None` for now.
    fn ask(
        &mut self,
        title: &str,
        request: Request,
        system: impl FnOnce(&mut S, Option<&Path>) -> Answer,
    ) -> Option<Vec<PathBuf>> {
        let save = matches!(request, Request::Save { .. });
        if let Some(paths) = self.answers.remove(title) {
            if save {
                self.last_save = paths
                    .first()
                    .and_then(|p| p.parent())
                    .map(Path::to_path_buf);
            }
            return Some(paths);
        }
        let folder = self.folder_for(&request);
        match system(&mut self.system, folder.as_deref()) {
            Answer::Chosen(paths) => {
                self.remember_folder(&paths);
                if save {
                    self.last_save = paths
                        .first()
                        .and_then(|p| p.parent())
                        .map(Path::to_path_buf);
                }
                Some(paths)
            }
            Answer::Cancelled => None,
            Answer::Unavailable(reason) => {
                if !std::mem::replace(&mut self.told, true) {
                    self.messages.push(format!(
                        "{reason}: the in-app file browser opens instead (for the rest of \
                         this session)"
                    ));
                }
                let folder = (folder.filter(|f| f.is_dir()))
                    .or_else(|| std::env::current_dir().ok())
                    .unwrap_or_else(|| PathBuf::from("/"));
                let browser = Browser::new(title, request, folder, self.recent_folders.clone());
                self.browser = Some(browser);
                None
            }
        }
    }
}

#[cfg(test)]
impl<S: SystemFiles> WithFallback<S> {
    /// The system dialog behind it (a test scripts its answers there).
    pub fn system_mut(&mut self) -> &mut S {
        &mut self.system
    }
}

impl<S: SystemFiles> FileDialog for WithFallback<S> {
    fn pick_files(&mut self, title: &str) -> Option<Vec<PathBuf>> {
        self.ask(
            title,
            Request::Open {
                many: true,
                extensions: Vec::new(),
            },
            |s, folder| s.pick_files(title, folder),
        )
    }

    fn pick_file(&mut self, title: &str, extensions: &[&str]) -> Option<PathBuf> {
        let request = Request::Open {
            many: false,
            extensions: extensions.iter().map(|e| e.to_string()).collect(),
        };
        self.ask(title, request, |s, folder| {
            s.pick_file(title, extensions, folder)
        })
        .and_then(|p| p.into_iter().next())
    }

    fn save_file(&mut self, title: &str, suggested_name: &str) -> Option<PathBuf> {
        let request = Request::Save {
            name: suggested_name.to_string(),
        };
        self.ask(title, request, |s, folder| {
            s.save_file(title, suggested_name, folder)
        })
        .and_then(|p| p.into_iter().next())
    }

    fn pick_folder(&mut self, title: &str) -> Option<PathBuf> {
        self.ask(title, Request::Folder, |s, folder| {
            s.pick_folder(title, folder)
        })
        .and_then(|p| p.into_iter().next())
    }

    fn ready(&self, title: &str) -> bool {
        self.answers.contains_key(title)
    }

    fn is_open(&self) -> bool {
        self.browser.is_some()
    }

    fn cancel(&mut self) {
        self.browser = None;
    }

    fn show(&mut self, context: &egui::Context) {
        let Some(browser) = &mut self.browser else {
            return;
        };
        match browser.show(context) {
            None => {}
            Some(answer) => {
                let title = browser.title.clone();
                if let Some(paths) = answer {
                    self.remember_folder(&paths);
                    self.answers.insert(title, paths);
                }
                self.browser = None;
                context.request_repaint();
            }
        }
    }

    fn take_messages(&mut self) -> Vec<String> {
        std::mem::take(&mut self.messages)
    }

    fn start_in(&mut self, folder: Option<PathBuf>) {
        self.start = folder;
    }
}

/// Each request of a [`ScriptedDialog`]: its title and the folder it opened in.
#[cfg(test)]
pub type Requests = std::sync::Arc<std::sync::Mutex<Vec<(String, Option<PathBuf>)>>>;

/// A system dialog that answers from a script, for tests: each call takes the next answer
/// (`None`: cancelled); when `missing` is set there is no dialog at all.
#[cfg(test)]
#[derive(Default)]
pub struct ScriptedDialog {
    pub answers: std::collections::VecDeque<Option<Vec<PathBuf>>>,
    pub asked: Vec<String>,
    /// Each request's title and the folder it opened in, in order (shared: the test keeps a
    /// handle while the app owns the dialog).
    pub opened_in: Requests,
    pub missing: bool,
}

#[cfg(test)]
impl ScriptedDialog {
    fn next(&mut self, title: &str, folder: Option<&Path>) -> Answer {
        self.asked.push(title.to_string());
        (self.opened_in.lock().expect("not poisoned"))
            .push((title.to_string(), folder.map(Path::to_path_buf)));
        if self.missing {
            return Answer::Unavailable("no system file dialog (scripted)".into());
        }
        match self.answers.pop_front().flatten() {
            Some(paths) => Answer::Chosen(paths),
            None => Answer::Cancelled,
        }
    }
}

#[cfg(test)]
impl SystemFiles for ScriptedDialog {
    fn pick_files(&mut self, title: &str, folder: Option<&Path>) -> Answer {
        self.next(title, folder)
    }

    fn pick_file(&mut self, title: &str, _extensions: &[&str], folder: Option<&Path>) -> Answer {
        self.next(title, folder)
    }

    fn save_file(&mut self, title: &str, _suggested_name: &str, folder: Option<&Path>) -> Answer {
        self.next(title, folder)
    }

    fn pick_folder(&mut self, title: &str, folder: Option<&Path>) -> Answer {
        self.next(title, folder)
    }
}

#[cfg(test)]
mod tests {
    /// One filter of every extension read, then one per format of the table, in its order.
    #[test]
    fn the_annotation_filters_are_the_formats_of_the_table() {
        let filters = super::annotation_filters();
        let labels: Vec<&str> = filters[1..].iter().map(|(label, _)| *label).collect();
        let table: Vec<&str> = gamma_formats::CODECS.iter().map(|f| f.label()).collect();
        assert_eq!(labels, table);
        assert_eq!(filters[1], ("CSV", vec!["csv", "tsv", "txt"]));
        assert_eq!(filters[0].0, "Annotations");
        for (_, extensions) in &filters[1..] {
            assert!(extensions.iter().all(|e| filters[0].1.contains(e)));
        }
    }
}
