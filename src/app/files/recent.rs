//! The files opened before (File → Recent), newest first, with the reading options they were
//! opened with (the Glozz text and types, the CorA layers, the TSV 3 / XMI layer and feature,
//! the TextGrid tier, the users of a project…), kept in the data folder across runs. Entries
//! are named so that they can be told apart: files of the same name by their annotators'
//! folders ("hjoseph, SILVER: s1_12.aa").
//!
//! Earlier versions stored each entry as a bare list of paths: such entries are still read
//! (without options; they open through the open dialog again). Paths and options are stored
//! as [`gamma_formats::stored_options`] says. Beside them, the open dialog's choices for the next files
//! of the same kind ([`OpenChoices`]).

use super::open_dialog::OpenChoices;
use crate::app::errors::AppError;
use gamma_formats::ReadOptions;
use gamma_formats::stored_options::{StoredOptions, StoredPath};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file in the data folder that lists the recent files.
const RECENT_FILES: &str = "recent-files.json";

/// How many entries are kept.
const KEPT: usize = 10;

/// What an entry opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecentKind {
    /// Annotation files.
    #[default]
    Files,
    /// A corpus folder (its one path).
    Folder,
    /// A project file (its one path).
    Project,
}

/// One open: the files, the corpus folder or the project, and how they were read (`None` for
/// entries of earlier versions).
#[derive(Debug, Clone)]
pub struct RecentEntry {
    /// The files opened, or the one folder or project.
    pub paths: Vec<PathBuf>,
    /// The reading options they were opened with.
    pub options: Option<ReadOptions>,
    /// Files, a folder or a project.
    pub kind: RecentKind,
}

/// The recent files and where they are kept.
#[derive(Debug, Clone, Default)]
pub struct RecentFiles {
    /// The entries, newest first.
    pub entries: Vec<RecentEntry>,
    /// What the user chose in the open dialog, for the next files of the same kind.
    pub choices: OpenChoices,
    /// Whether the app reopens the last entry when it starts without files.
    pub reopen_last: bool,
    /// The data folder (`None`: nothing is kept, as in tests).
    folder: Option<PathBuf>,
}

/// The file in the data folder that says whether the last campaign reopens at start.
const STARTUP: &str = "startup.json";

/// What the app does when it starts without files.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Startup {
    /// Reopen the last entry of File → Recent (else the demo).
    reopen_last: bool,
}

/// One entry as stored: a bare list of paths (earlier versions), or the paths with options.
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum StoredEntry {
    WithOptions {
        paths: Vec<StoredPath>,
        options: Box<StoredOptions>,
        #[serde(default)]
        kind: RecentKind,
    },
    Paths(Vec<StoredPath>),
}

impl StoredEntry {
    /// The entry, if this platform can hold its paths (options it cannot hold are dropped).
    fn entry(self) -> Option<RecentEntry> {
        let (paths, options, kind) = match self {
            StoredEntry::Paths(paths) => (paths, None, RecentKind::Files),
            StoredEntry::WithOptions {
                paths,
                options,
                kind,
            } => (paths, options.options(), kind),
        };
        Some(RecentEntry {
            paths: paths
                .into_iter()
                .map(StoredPath::path)
                .collect::<Option<_>>()?,
            options,
            kind,
        })
    }
}

impl RecentFiles {
    /// The recent files kept in `folder` (none when it is `None`, or holds none, or holds an
    /// unreadable list); an entry that cannot be read (edited by hand, written by another
    /// version) is skipped, the others kept.
    pub fn in_folder(folder: Option<PathBuf>) -> RecentFiles {
        let stored: Vec<serde_json::Value> =
            super::data_folder::read_kept(folder.as_deref(), RECENT_FILES);
        let entries = stored
            .into_iter()
            .filter_map(|value| serde_json::from_value::<StoredEntry>(value).ok())
            .filter_map(StoredEntry::entry)
            .collect();
        let startup: Startup = super::data_folder::read_kept(folder.as_deref(), STARTUP);
        RecentFiles {
            entries,
            choices: OpenChoices::in_folder(folder.as_deref()),
            reopen_last: startup.reopen_last,
            folder,
        }
    }

    /// Sets whether the last entry reopens at start, and keeps it in the data folder.
    pub fn set_reopen_last(&mut self, reopen: bool) -> Result<(), AppError> {
        self.reopen_last = reopen;
        match &self.folder {
            Some(folder) => super::data_folder::keep(
                folder,
                STARTUP,
                &Startup {
                    reopen_last: reopen,
                },
                "the choice to reopen the last campaign",
            ),
            None => Ok(()),
        }
    }

    /// Remembers the open dialog's `choices` (and keeps them in the data folder); an error
    /// says why they were not kept.
    pub fn remember(&mut self, choices: OpenChoices) -> Result<(), crate::app::errors::AppError> {
        self.choices = choices;
        match &self.folder {
            Some(folder) => self.choices.save(folder),
            None => Ok(()),
        }
    }

    /// The files of each entry, newest first.
    #[cfg(test)]
    pub fn lists(&self) -> Vec<Vec<PathBuf>> {
        self.entries.iter().map(|e| e.paths.clone()).collect()
    }

    /// Puts `paths` read with `options` first (an earlier entry of the same files goes) and
    /// saves the list; an error says why it was not saved.
    pub fn add(&mut self, paths: &[PathBuf], options: &ReadOptions) -> Result<(), AppError> {
        self.add_kind(paths, options, RecentKind::Files)
    }

    /// Puts the corpus folder `folder` read with `options` first, and saves the list.
    pub fn add_folder(&mut self, folder: &Path, options: &ReadOptions) -> Result<(), AppError> {
        self.add_kind(&[folder.to_path_buf()], options, RecentKind::Folder)
    }

    /// Puts the project `path` first, and saves the list.
    pub fn add_project(&mut self, path: &Path) -> Result<(), AppError> {
        let options = ReadOptions::default();
        self.add_kind(&[path.to_path_buf()], &options, RecentKind::Project)
    }

    fn add_kind(
        &mut self,
        paths: &[PathBuf],
        options: &ReadOptions,
        kind: RecentKind,
    ) -> Result<(), AppError> {
        self.entries.retain(|r| r.paths != paths);
        self.entries.insert(
            0,
            RecentEntry {
                paths: paths.to_vec(),
                options: Some(options.clone()),
                kind,
            },
        );
        self.entries.truncate(KEPT);
        self.save()
    }

    /// The menu's name of each entry: the file names, those of files with the same name
    /// prefixed by their folders; two entries that would still read the same get the folder
    /// holding their files.
    pub fn labels(&self) -> Vec<String> {
        let short: Vec<String> = (self.entries.iter())
            .map(|e| match e.kind {
                RecentKind::Files => label(&e.paths),
                RecentKind::Folder => format!("folder {}", label(&e.paths)),
                RecentKind::Project => format!("project {}", label(&e.paths)),
            })
            .collect();
        short
            .iter()
            .zip(&self.entries)
            .map(|(name, entry)| {
                if short.iter().filter(|s| *s == name).count() > 1
                    && let Some(place) = common_folder(&entry.paths)
                {
                    format!("{name} — in {place}")
                } else {
                    name.clone()
                }
            })
            .collect()
    }

    fn save(&self) -> Result<(), crate::app::errors::AppError> {
        let Some(folder) = &self.folder else {
            return Ok(());
        };
        let stored: Vec<StoredEntry> = self
            .entries
            .iter()
            .map(|entry| {
                let paths = entry.paths.iter().map(|p| StoredPath::of(p)).collect();
                match &entry.options {
                    Some(options) => StoredEntry::WithOptions {
                        paths,
                        options: Box::new(StoredOptions::of(options)),
                        kind: entry.kind,
                    },
                    None => StoredEntry::Paths(paths),
                }
            })
            .collect();
        super::data_folder::keep(folder, RECENT_FILES, &stored, "the recent files")
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.to_string_lossy().into_owned())
}

fn folder_name(path: &Path) -> String {
    path.parent()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The files' names in order; files that share a name are named once, after their folders
/// ("hjoseph, SILVER: s1_12.aa").
fn label(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|p| file_name(p)).collect();
    let mut parts: Vec<String> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            continue;
        }
        let same: Vec<&PathBuf> = paths
            .iter()
            .zip(&names)
            .filter(|(_, n)| *n == name)
            .map(|(p, _)| p)
            .collect();
        if same.len() > 1 {
            let folders: Vec<String> = same.iter().map(|p| folder_name(p)).collect();
            parts.push(format!("{}: {name}", folders.join(", ")));
        } else {
            parts.push(name.clone());
        }
    }
    parts.join("; ")
}

/// The last two components of the folder holding every file (above the annotators' folders
/// when each file is in its own).
fn common_folder(paths: &[PathBuf]) -> Option<String> {
    let first = paths.first()?.parent()?;
    let common = first
        .ancestors()
        .find(|a| paths.iter().all(|p| p.starts_with(a)))?;
    let parts: Vec<String> = common
        .components()
        .rev()
        .take(2)
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let parts: Vec<String> = parts.into_iter().rev().collect();
    Some(parts.join("/").replace("//", "/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(recent: &mut RecentFiles, paths: &[PathBuf]) {
        recent.add(paths, &ReadOptions::default()).unwrap();
    }

    #[test]
    fn entries_of_earlier_versions_are_still_read_and_new_ones_keep_their_options() {
        let dir = tempfile::tempdir().unwrap();
        // An earlier version's file: bare lists of paths.
        std::fs::write(
            dir.path().join(RECENT_FILES),
            r#"[["/d/a.aa", "/d/b.aa"], ["/d/c.csv"]]"#,
        )
        .unwrap();
        let mut recent = RecentFiles::in_folder(Some(dir.path().to_path_buf()));
        let pair = vec![PathBuf::from("/d/a.aa"), PathBuf::from("/d/b.aa")];
        assert_eq!(recent.lists(), [pair.clone(), vec!["/d/c.csv".into()]]);
        assert!(recent.entries.iter().all(|e| e.options.is_none()));
        let options = ReadOptions {
            text: Some("/d/doc.ac".into()),
            ..ReadOptions::default()
        };
        recent.add(&pair, &options).unwrap();
        let back = RecentFiles::in_folder(Some(dir.path().to_path_buf()));
        assert_eq!(back.lists(), [pair, vec!["/d/c.csv".into()]], "once");
        let kept = back.entries[0].options.as_ref().expect("options kept");
        assert_eq!(kept.text, Some(PathBuf::from("/d/doc.ac")));
        assert!(back.entries[1].options.is_none(), "still an old entry");
    }

    #[test]
    fn at_most_ten_entries_are_kept_and_without_a_folder_nothing_is_written() {
        let mut recent = RecentFiles::in_folder(None);
        for i in 0..12 {
            add(&mut recent, &[PathBuf::from(format!("{i}.csv"))]);
        }
        assert_eq!(recent.entries.len(), 10);
        assert_eq!(recent.entries[0].paths, [PathBuf::from("11.csv")]);
        assert!(RecentFiles::in_folder(None).entries.is_empty());
    }

    #[test]
    fn an_unreadable_list_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(RECENT_FILES), "{not json").unwrap();
        let recent = RecentFiles::in_folder(Some(dir.path().to_path_buf()));
        assert!(recent.entries.is_empty());
        // One damaged entry among good ones: the others stay.
        let mut good = RecentFiles::in_folder(Some(dir.path().to_path_buf()));
        add(&mut good, &[PathBuf::from("a.csv")]);
        add(&mut good, &[PathBuf::from("b.csv")]);
        let path = dir.path().join(RECENT_FILES);
        let mut list: Vec<serde_json::Value> =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        list.insert(1, serde_json::json!({"paths": 42, "options": "damaged"}));
        std::fs::write(&path, serde_json::to_vec(&list).unwrap()).unwrap();
        let back = RecentFiles::in_folder(Some(dir.path().to_path_buf()));
        assert_eq!(
            back.lists(),
            [vec![PathBuf::from("b.csv")], vec![PathBuf::from("a.csv")]]
        );
    }

    #[test]
    fn files_of_the_same_name_are_named_by_their_folders() {
        let mut recent = RecentFiles::in_folder(None);
        add(
            &mut recent,
            &[
                "/stac/s1/hjoseph/s1_12.aa".into(),
                "/stac/s1/SILVER/s1_12.aa".into(),
            ],
        );
        add(&mut recent, &["/x/a.xml".into(), "/x/b.xml".into()]);
        add(
            &mut recent,
            &[
                "/stac/s2/hjoseph/s1_12.aa".into(),
                "/stac/s2/SILVER/s1_12.aa".into(),
            ],
        );
        assert_eq!(
            recent.labels(),
            [
                "hjoseph, SILVER: s1_12.aa — in stac/s2",
                "a.xml; b.xml",
                "hjoseph, SILVER: s1_12.aa — in stac/s1",
            ]
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_file_name_that_is_not_utf8_is_saved_and_read_back_exactly() {
        use std::os::unix::ffi::OsStringExt;
        let dir = tempfile::tempdir().unwrap();
        // "caf\xe9.csv": Latin-1 é, not UTF-8.
        let latin1 = PathBuf::from(std::ffi::OsString::from_vec(b"/data/caf\xe9.csv".to_vec()));
        assert!(latin1.to_str().is_none());
        let mut recent = RecentFiles::in_folder(Some(dir.path().to_path_buf()));
        let list = vec![PathBuf::from("/data/plain.csv"), latin1.clone()];
        let options = ReadOptions {
            text: Some(latin1.clone()),
            ..ReadOptions::default()
        };
        recent.add(&list, &options).unwrap();
        let read_back = RecentFiles::in_folder(Some(dir.path().to_path_buf()));
        assert_eq!(read_back.lists(), [list]);
        assert_eq!(
            read_back.entries[0].paths[1].as_os_str(),
            latin1.as_os_str()
        );
        let text = read_back.entries[0].options.as_ref().unwrap().text.clone();
        assert_eq!(text.unwrap().as_os_str(), latin1.as_os_str());
    }
}
