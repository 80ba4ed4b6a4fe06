//! The files opened before (File → Recent), newest first, kept in the data folder across runs.
//!
//! Paths are not always text: on Unix a file name is any bytes. A path that is valid UTF-8 is
//! stored as a JSON string (the format of earlier versions, which stays readable); any other
//! is stored as its raw bytes (Unix) or UTF-16 units (Windows), so that every path that could
//! be opened comes back exactly.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file in the data folder that lists the recent files.
const RECENT_FILES: &str = "recent-files.json";

/// How many lists of files are kept.
const KEPT: usize = 10;

/// The recent files and where they are kept.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RecentFiles {
    /// The files of each open, newest first.
    pub lists: Vec<Vec<PathBuf>>,
    /// The data folder (`None`: nothing is kept, as in tests).
    folder: Option<PathBuf>,
}

/// One path as stored: text when it is UTF-8, else the platform's raw units. (Each platform
/// writes only its own raw variant, and reads the other's as a path it cannot hold.)
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
#[allow(dead_code)]
enum StoredPath {
    Text(String),
    Bytes { bytes: Vec<u8> },
    Wide { wide: Vec<u16> },
}

impl StoredPath {
    fn of(path: &Path) -> StoredPath {
        if let Some(text) = path.to_str() {
            return StoredPath::Text(text.to_string());
        }
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            StoredPath::Bytes {
                bytes: path.as_os_str().as_bytes().to_vec(),
            }
        }
        #[cfg(windows)]
        {
            use std::os::windows::ffi::OsStrExt;
            StoredPath::Wide {
                wide: path.as_os_str().encode_wide().collect(),
            }
        }
        #[cfg(not(any(unix, windows)))]
        StoredPath::Text(path.to_string_lossy().into_owned())
    }

    /// The path, if this platform can hold it (raw units of another platform cannot).
    fn path(self) -> Option<PathBuf> {
        match self {
            StoredPath::Text(text) => Some(PathBuf::from(text)),
            #[cfg(unix)]
            StoredPath::Bytes { bytes } => {
                use std::os::unix::ffi::OsStringExt;
                Some(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
            }
            #[cfg(windows)]
            StoredPath::Wide { wide } => {
                use std::os::windows::ffi::OsStringExt;
                Some(PathBuf::from(std::ffi::OsString::from_wide(&wide)))
            }
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }
}

impl RecentFiles {
    /// The recent files kept in `folder` (none when it is `None`, or holds none, or holds an
    /// unreadable list).
    pub fn in_folder(folder: Option<PathBuf>) -> RecentFiles {
        let stored: Vec<Vec<StoredPath>> = folder
            .as_ref()
            .and_then(|f| std::fs::read(f.join(RECENT_FILES)).ok())
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        let lists = stored
            .into_iter()
            .filter_map(|list| list.into_iter().map(StoredPath::path).collect())
            .collect();
        RecentFiles { lists, folder }
    }

    /// Puts `paths` first (once) and saves the list; an error says why it was not saved.
    pub fn add(&mut self, paths: &[PathBuf]) -> Result<(), String> {
        self.lists.retain(|r| r != paths);
        self.lists.insert(0, paths.to_vec());
        self.lists.truncate(KEPT);
        self.save()
    }

    fn save(&self) -> Result<(), String> {
        let Some(folder) = &self.folder else {
            return Ok(());
        };
        let stored: Vec<Vec<StoredPath>> = self
            .lists
            .iter()
            .map(|list| list.iter().map(|p| StoredPath::of(p)).collect())
            .collect();
        let json = serde_json::to_vec_pretty(&stored).map_err(|e| e.to_string())?;
        std::fs::create_dir_all(folder)
            .map_err(|e| e.to_string())
            .and_then(|()| {
                gamma_studio::io::write_atomically(&folder.join(RECENT_FILES), &json)
                    .map_err(|e| e.to_string())
            })
            .map_err(|e| format!("the recent files could not be saved: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_paths_are_stored_as_the_earlier_versions_stored_them() {
        let dir = tempfile::tempdir().unwrap();
        let mut recent = RecentFiles::in_folder(Some(dir.path().to_path_buf()));
        let pair = vec![PathBuf::from("/d/a.aa"), PathBuf::from("/d/b.aa")];
        recent.add(&pair).unwrap();
        recent.add(&[PathBuf::from("/d/c.csv")]).unwrap();
        recent.add(&pair).unwrap();
        let json = std::fs::read_to_string(dir.path().join(RECENT_FILES)).unwrap();
        let plain: Vec<Vec<String>> = serde_json::from_str(&json).unwrap();
        assert_eq!(plain, [vec!["/d/a.aa", "/d/b.aa"], vec!["/d/c.csv"]]);
        assert_eq!(
            RecentFiles::in_folder(Some(dir.path().to_path_buf())).lists,
            [pair, vec![PathBuf::from("/d/c.csv")]]
        );
    }

    #[test]
    fn at_most_ten_lists_are_kept_and_without_a_folder_nothing_is_written() {
        let mut recent = RecentFiles::in_folder(None);
        for i in 0..12 {
            recent.add(&[PathBuf::from(format!("{i}.csv"))]).unwrap();
        }
        assert_eq!(recent.lists.len(), 10);
        assert_eq!(recent.lists[0], [PathBuf::from("11.csv")]);
        assert!(RecentFiles::in_folder(None).lists.is_empty());
    }

    #[test]
    fn an_unreadable_list_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(RECENT_FILES), "{not json").unwrap();
        let recent = RecentFiles::in_folder(Some(dir.path().to_path_buf()));
        assert!(recent.lists.is_empty());
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
        recent.add(&list).unwrap();
        let read_back = RecentFiles::in_folder(Some(dir.path().to_path_buf()));
        assert_eq!(read_back.lists, [list]);
        assert_eq!(read_back.lists[0][1].as_os_str(), latin1.as_os_str());
    }
}
