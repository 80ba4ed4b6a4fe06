//! What an output path is — a file to replace, or a device, pipe or standard output to write
//! through — and writing through to the latter. A device is never replaced by a regular file,
//! and no symbolic link planted by another user is followed.

use super::{FileError, cannot_write, folder_of};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The longest chain of symbolic links followed (as the system's own limit).
const MAX_LINKS: usize = 40;

/// How an output is written.
#[derive(Debug, PartialEq)]
pub(super) enum Target {
    /// A regular file, or a new one: this path (the file a link names) is replaced atomically.
    Replace(PathBuf),
    /// A device, a named pipe, the standard output: written through, never replaced.
    Through,
}

/// What `path` is as an output: see [`Target`]. A symbolic link is followed when it belongs to
/// the user or to root; a link owned by another user, a link to a missing file and a folder are
/// refused.
pub(super) fn target(path: &Path) -> Result<Target, FileError> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        if is_process_file(&current) {
            return through(path);
        }
        let metadata = match std::fs::symlink_metadata(&current) {
            Ok(metadata) => metadata,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && current == path => {
                return Ok(Target::Replace(current));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(refused(
                    path,
                    format!(
                        "it is a symbolic link to a missing file ({}): write to that file's own name, or remove the link",
                        current.display()
                    ),
                ));
            }
            Err(e) => return Err(cannot_write(path, e)),
        };
        if metadata.is_symlink() {
            if !owned_by_user_or_root(&metadata) {
                return Err(refused(
                    path,
                    format!(
                        "{} is a symbolic link owned by another user: it is not followed (write to the file's own name)",
                        current.display()
                    ),
                ));
            }
            let link = std::fs::read_link(&current).map_err(|e| cannot_write(path, e))?;
            current = folder_of(&current).join(link);
            continue;
        }
        if metadata.is_dir() {
            return Err(refused(path, "it is a folder"));
        }
        if metadata.is_file() {
            return Ok(Target::Replace(current));
        }
        return Ok(Target::Through);
    }
    Err(refused(path, "too many levels of symbolic links"))
}

/// The process's own files (`/dev/stdout` → `/proc/self/fd/1`, `/dev/fd/N`): written through
/// whatever they name (a terminal, a pipe, the file the shell opened).
fn is_process_file(path: &Path) -> bool {
    cfg!(unix) && (path.starts_with("/proc") || path.starts_with("/dev/fd"))
}

fn through(path: &Path) -> Result<Target, FileError> {
    match std::fs::metadata(path) {
        Ok(metadata) if metadata.is_dir() => Err(refused(path, "it is a folder")),
        Ok(_) => Ok(Target::Through),
        Err(e) => Err(cannot_write(path, e)),
    }
}

/// Writes `contents` to an output that is not replaced (see [`Target::Through`]): appended
/// (the standard output may hold what was printed before), never created; a write error (a
/// full device, a closed pipe) is reported. A named pipe that no process reads is refused at
/// once instead of waiting for a reader.
pub(super) fn write_through(path: &Path, contents: &[u8]) -> Result<(), FileError> {
    let mut file = open_through(path)?;
    file.write_all(contents)
        .and_then(|()| file.flush())
        .map_err(|e| cannot_write(path, e))
}

fn open_through(path: &Path) -> Result<File, FileError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        if std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo()) {
            // Opening a pipe without a reader waits forever; without blocking it fails at once.
            let _reader_present = File::options()
                .append(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(path)
                .map_err(|e| match e.raw_os_error() {
                    Some(libc::ENXIO) => refused(
                        path,
                        "it is a named pipe that no process reads: start its reader first",
                    ),
                    _ => cannot_write(path, e),
                })?;
            return File::options()
                .append(true)
                .open(path)
                .map_err(|e| cannot_write(path, e));
        }
    }
    File::options()
        .append(true)
        .open(path)
        .map_err(|e| cannot_write(path, e))
}

/// Whether a link may be followed: it belongs to the user running this program, or to root
/// (`/dev/stdout`). A link another user placed in a shared folder is the classic way to make a
/// program overwrite a file of its user's.
fn owned_by_user_or_root(metadata: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        metadata.uid() == 0 || metadata.uid() == super::recovery::user_id()
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        true
    }
}

fn refused(path: &Path, why: impl std::fmt::Display) -> FileError {
    FileError::new(path, None, format!("cannot write: {why}"))
}
