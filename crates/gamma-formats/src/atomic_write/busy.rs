//! One batch at a time in a folder: a batch that comes into a folder where another live batch
//! of this user holds its lock waits for it (at most [`WAIT`]), then refuses — so that two runs
//! writing the same set of files never leave some files of one run beside files of the other.
//!
//! Each batch takes its own lock file first and then looks at the folder's others: of two
//! batches starting at once, at least one sees the other. The one that sees a live batch steps
//! back (removes its own lock), waits a random moment and tries again, so that two batches
//! seeing each other do not wait for each other. Only this user's lock files count (a file
//! another user planted cannot block a write), and a lock that can be taken is a dead writer's,
//! left to [recovery](super::recovery).

use super::recovery::open_own;
use super::{BATCH_PREFIX, LOCK, UNNAMED, batch_file, create_lock, is_batch_id};
use crate::FileError;
use std::ffi::OsString;
use std::fs::File;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long a batch waits for another one writing into the same folder.
pub(super) const WAIT: Duration = if cfg!(test) {
    Duration::from_secs(2)
} else {
    Duration::from_secs(10)
};

/// The lock file of batch `id` in `folder`, taken once no other live batch writes there, or an
/// error naming `path` (the file being written) and the other batch's lock.
pub(super) fn lock_folder(folder: &Path, id: &str, path: &Path) -> Result<File, FileError> {
    let started = Instant::now();
    let mut attempt: u64 = 0;
    loop {
        let lock = create_lock(folder, id)
            .map_err(|e| FileError::new(path, None, format!("cannot write: {e}")))?;
        let Some(other) = live_batch(folder, id) else {
            return Ok(lock);
        };
        let _ = std::fs::remove_file(batch_file(folder, id, LOCK));
        drop(lock);
        if started.elapsed() >= WAIT {
            return Err(FileError::new(
                path,
                None,
                format!(
                    "another Gamma Studio run is writing into {} (its lock {} is held); waited \
                     {} s, nothing was written: run again once it has finished",
                    folder.display(),
                    other.to_string_lossy(),
                    WAIT.as_secs()
                ),
            ));
        }
        attempt += 1;
        std::thread::sleep(pause(id, attempt));
    }
}

/// The name of a lock file of another live batch of this user in `folder`, if there is one.
fn live_batch(folder: &Path, own_id: &str) -> Option<OsString> {
    let entries = std::fs::read_dir(folder).ok()?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let id = (name.to_str())
            .and_then(|n| n.strip_prefix(BATCH_PREFIX))
            .and_then(|rest| {
                rest.strip_suffix(LOCK)
                    .or_else(|| rest.strip_suffix(UNNAMED))
            });
        if !id.is_some_and(|id| id != own_id && is_batch_id(id)) {
            continue;
        }
        let held = open_own(&entry.path())
            .is_some_and(|file| matches!(file.try_lock(), Err(std::fs::TryLockError::WouldBlock)));
        if held {
            return Some(name);
        }
    }
    None
}

/// A random pause of 10 to 60 ms, different for each batch and attempt, so that two batches
/// that stepped back together do not come back together.
fn pause(id: &str, attempt: u64) -> Duration {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write(id.as_bytes());
    hasher.write_u64(attempt);
    Duration::from_millis(10 + hasher.finish() % 50)
}
