//! What every reader and writer shares: the file errors and warnings (naming the file and the
//! line), reading a file's bytes and text, and writing through a temporary file renamed at the
//! end.

use std::fmt;
use std::path::{Path, PathBuf};

/// A problem with an input or output file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub struct FileError {
    /// The file.
    pub file: PathBuf,
    /// The line (1-based), when the problem is on one.
    pub line: Option<u64>,
    /// What is wrong.
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

/// A problem that leaves the data usable (reported, not fatal): the file, the line when there
/// is one, what is wrong, and its [kind](WarningKind), so that callers choose which warnings
/// to show by kind, never by the message's wording.
#[derive(Debug, Clone, PartialEq)]
pub struct Warning {
    /// What sort of problem it is.
    pub kind: WarningKind,
    /// The file it is in.
    pub file: PathBuf,
    /// The line (1-based), when the problem is on one.
    pub line: Option<u64>,
    /// What is wrong, for people.
    pub message: String,
}

/// The sorts of reader [`Warning`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WarningKind {
    /// An annotation file records a hash of its text that does not match the text read with it
    /// (Glozz `corpusHashcode`): it may have been annotated on another text.
    TextHashMismatch,
    /// A unit's type is not declared in the annotation model read with it (Glozz `.aam`).
    UndeclaredType,
    /// An annotator's file has a text that differs from the first annotator's (other tokens or
    /// transcriptions): γ positions are approximate, tγ is made for such files.
    TextDiffers,
    /// A discontinuous span was read as one unit from its first start to its last end.
    DiscontinuousSpan,
    /// Parts of the file were skipped (lines that are not annotations, zero-length units).
    Skipped,
    /// A reference came with the annotations and is not measured as an annotator: the curated
    /// document of an INCEpTION project export (`evaluate` compares the annotators with it).
    Reference,
}

impl Warning {
    /// A warning of kind `kind` about `file` (at `line` when there is one).
    pub fn new(
        kind: WarningKind,
        file: &Path,
        line: Option<u64>,
        message: impl Into<String>,
    ) -> Warning {
        Warning {
            kind,
            file: file.to_path_buf(),
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for Warning {
    /// As a [`FileError`]: `file: line N: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        FileError::new(&self.file, self.line, self.message.as_str()).fmt(f)
    }
}

impl FileError {
    /// A problem with `file` (at `line` when there is one).
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
    remove_stray_temporaries(folder, &name);
    Ok(())
}

/// Removes the temporaries `.NAME.PID.tmp` that a process killed while writing `NAME` left
/// behind (where processes are listed in `/proc`: a temporary whose process still runs is
/// another write under way and stays).
fn remove_stray_temporaries(folder: &Path, name: &str) {
    let proc_listed = Path::new("/proc/self").exists();
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if proc_listed && pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists()
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_replaces_the_file_and_clears_a_dead_writers_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gold.csv");
        std::fs::write(&path, "old").unwrap();
        // PID 4194304 is above Linux's maximum (2²²): no process has it.
        let stray = dir.path().join(".gold.csv.4194304.tmp");
        std::fs::write(&stray, "half").unwrap();
        let unrelated = dir.path().join(".other.csv.4194304.tmp");
        std::fs::write(&unrelated, "kept").unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(!stray.exists(), Path::new("/proc/self").exists());
        assert!(unrelated.exists());
    }

    #[test]
    fn folders_and_fifos_are_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let error = read_bytes(dir.path()).unwrap_err();
        assert!(error.to_string().contains("a folder"), "{error}");
        #[cfg(unix)]
        {
            let fifo = dir.path().join("fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                let error = read_bytes(&fifo).unwrap_err();
                assert!(error.to_string().contains("not a regular file"), "{error}");
            }
        }
    }
}
