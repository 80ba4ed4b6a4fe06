//! Reading and writing annotation files. Every reader returns the core model
//! ([`crate::Continuum`]); every error names the file, the line when there is one, and what is
//! wrong. Files are never modified: writers go through a temporary file that is renamed.

pub mod aam;
pub mod cora;
pub mod csv;
pub mod elan;
pub mod format;
pub mod glozz;
pub mod lines;
pub mod xml;

pub use format::{Document, Format, ReadOptions, Source, read_documents, write_continuum};

use std::fmt;
use std::path::{Path, PathBuf};

/// A problem with an input or output file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub struct FileError {
    pub file: PathBuf,
    pub line: Option<u64>,
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(
                f,
                "{}: line {}: {}",
                self.file.display(),
                line,
                self.message
            ),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

/// A problem that leaves the data usable (reported, not fatal).
pub type Warning = FileError;

impl FileError {
    pub fn new(file: &Path, line: Option<u64>, message: impl Into<String>) -> FileError {
        FileError {
            file: file.to_path_buf(),
            line,
            message: message.into(),
        }
    }
}

/// The bytes of an input file, or an error naming it.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, FileError> {
    let cannot = |e: std::io::Error| FileError::new(path, None, format!("cannot read: {e}"));
    // A FIFO or a device would block or never end: only regular files are read.
    let metadata = std::fs::metadata(path).map_err(cannot)?;
    if !metadata.is_file() {
        let what = if metadata.is_dir() {
            "a folder"
        } else {
            "not a regular file"
        };
        return Err(FileError::new(path, None, format!("cannot read: {what}")));
    }
    std::fs::read(path).map_err(cannot)
}

/// The bytes as text, or an error naming the line of the first byte that is not UTF-8.
pub fn utf8_text<'a>(bytes: &'a [u8], path: &Path, message: &str) -> Result<&'a str, FileError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u64
            + 1;
        FileError::new(path, Some(line), message)
    })
}

/// Writes `contents` to `path` through a temporary file in the same folder, renamed at the end,
/// so that a failed export never leaves a half-written file.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), FileError> {
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = folder.join(format!(".{name}.{}.tmp", std::process::id()));
    let fail = |e: std::io::Error| FileError::new(path, None, format!("cannot write: {e}"));
    let written = std::fs::File::create(&temporary).and_then(|mut file| {
        use std::io::Write;
        file.write_all(contents)?;
        // On disk before the rename: a crash leaves the old file or the new one, never an
        // empty one.
        file.sync_all()
    });
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(fail(e));
    }
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        fail(e)
    })?;
    // The rename itself reaches the disk with the folder's entry.
    if let Ok(folder) = std::fs::File::open(folder) {
        let _ = folder.sync_all();
    }
    Ok(())
}
