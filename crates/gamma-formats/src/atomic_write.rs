//! Writing files so that no crash, kill or full disk leaves a torn one — and so that the files
//! a command writes together (a gold standard, its report and its session; a Glozz document's
//! `.ac` and one `.aa` per annotator) are replaced together.
//!
//! One file: written to `.NAME.PID.tmp` beside it, fsynced, renamed over it, the folder fsynced
//! ([`write_atomically`]).
//!
//! Several files: inside [`write_together`], each file is staged beside its target as
//! `.NAME.gsb-ID.tmp` (fsynced), ID being the batch's random id. The batch holds a lock file
//! `.gamma-studio-batch.ID.lock` in the first target's folder (an OS file lock while the writer
//! lives, and the list of its staged files). When every file is staged, the manifest
//! `.gamma-studio-batch.ID.manifest` (each staged file, its target, and the target's identity at
//! that moment) is written and renamed into place: the commit point. Then each staged file is
//! renamed over its target, and the manifest and the lock file are removed.
//!
//! A writer killed before its manifest leaves every old file; killed after it, the files are
//! mixed until the next write into that folder (or [`finish_interrupted_writes`], which
//! commands run on their outputs' folders before planning them) finishes the renames: for each
//! target still as it was at the commit, the staged file lands; a target written since is kept
//! and its staged file dropped. A lock that can be taken tells a dead writer (so process ids
//! being reused, containers and systems without `/proc` are no concern). Two live processes
//! replacing the same files at the same moment are not ordered: the last rename wins, file by
//! file.

use super::FileError;
use std::cell::RefCell;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

const BATCH_PREFIX: &str = ".gamma-studio-batch.";
const LOCK: &str = ".lock";
const MANIFEST: &str = ".manifest";
/// A lock file before its name: a writer killed right after creating it leaves this.
const UNNAMED: &str = ".new";

/// A file written in a batch, waiting for the batch's rename.
#[derive(Debug)]
struct Staged {
    temporary: PathBuf,
    target: PathBuf,
}

/// The files written so far by the open [`write_together`] of this thread.
#[derive(Debug)]
struct Batch {
    id: String,
    /// The lock file (path, locked handle), created at the first write, beside it.
    lock: Option<(PathBuf, File)>,
    staged: Vec<Staged>,
    /// Folders whose dead writers' batches were finished already.
    recovered: Vec<PathBuf>,
}

thread_local! {
    static OPEN_BATCH: RefCell<Option<Batch>> = const { RefCell::new(None) };
}

/// Writes `contents` to `path` through a temporary file in the same folder, fsynced and renamed
/// at the end, so that a failed or killed export never leaves a half-written file. Inside
/// [`write_together`] (on the same thread), the file is staged and renamed with the others at
/// the end.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), FileError> {
    let staged = OPEN_BATCH.with_borrow_mut(|batch| {
        batch
            .as_mut()
            .map(|batch| batch.stage(path, contents))
            .transpose()
    })?;
    if staged.is_some() {
        return Ok(());
    }
    let folder = folder_of(path);
    // A dead writer's committed batch lands first, so that it never replaces this newer file.
    finish_interrupted_writes(folder);
    let temporary = temporary_beside(path);
    write_synced(&temporary, contents).map_err(|e| cannot_write(path, e))?;
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        cannot_write(path, e)
    })?;
    sync_folder(folder);
    remove_stray_temporaries(path);
    Ok(())
}

/// Runs `write`, whose [`write_atomically`] calls on this thread are staged and then renamed
/// together when it succeeds; when it fails, nothing is replaced and the staged files are
/// removed. Nested calls join the outer batch (an inner failure the outer closure ignores does
/// not undo the inner writes); writes from other threads are not part of it. See the module's
/// documentation for what a kill at any moment leaves.
pub fn write_together<T>(write: impl FnOnce() -> Result<T, FileError>) -> Result<T, FileError> {
    let opened = OPEN_BATCH.with_borrow_mut(|batch| {
        if batch.is_some() {
            false
        } else {
            *batch = Some(Batch::new());
            true
        }
    });
    if !opened {
        return write();
    }
    let discarded_on_panic = DiscardOnDrop;
    let result = write();
    let batch = OPEN_BATCH.with_borrow_mut(Option::take);
    drop(discarded_on_panic);
    let Some(batch) = batch else {
        return result;
    };
    match result {
        Ok(value) => batch.commit().map(|()| value),
        Err(error) => {
            batch.discard();
            Err(error)
        }
    }
}

/// Closes this thread's batch if `write` panics, so that later writes are not staged forever.
struct DiscardOnDrop;

impl Drop for DiscardOnDrop {
    fn drop(&mut self) {
        if let Some(batch) = OPEN_BATCH.with_borrow_mut(Option::take) {
            batch.discard();
        }
    }
}

impl Batch {
    fn new() -> Batch {
        use std::hash::{BuildHasher, Hasher};
        // A random id (the standard library's hash keys are seeded randomly per process).
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u32(std::process::id());
        Batch {
            id: format!("{:016x}", hasher.finish()),
            lock: None,
            staged: Vec::new(),
            recovered: Vec::new(),
        }
    }

    fn stage(&mut self, path: &Path, contents: &[u8]) -> Result<(), FileError> {
        let folder = folder_of(path);
        if !self.recovered.iter().any(|f| f == folder) {
            finish_interrupted_writes(folder);
            self.recovered.push(folder.to_path_buf());
        }
        if path.is_dir() {
            return Err(FileError::new(path, None, "cannot write: it is a folder"));
        }
        if self.lock.is_none() {
            self.lock = Some(
                self.create_lock(folder)
                    .map_err(|e| cannot_write(path, e))?,
            );
        }
        // A file written twice in one batch: the second write wins, as it would one by one.
        if let Some(index) = self.staged.iter().position(|s| s.target == path) {
            let staged = self.staged.remove(index);
            let _ = std::fs::remove_file(staged.temporary);
        }
        let temporary =
            std::path::absolute(folder.join(format!(".{}.gsb-{}.tmp", file_name(path), self.id)))
                .map_err(|e| cannot_write(path, e))?;
        if let Some((_, lock)) = &mut self.lock {
            // The lock file lists the staged files, so that a dead writer's are found.
            let mut line = hex(&temporary);
            line.push('\n');
            lock.write_all(line.as_bytes())
                .map_err(|e| cannot_write(path, e))?;
        }
        write_synced(&temporary, contents).map_err(|e| cannot_write(path, e))?;
        let target = std::path::absolute(path).map_err(|e| cannot_write(path, e))?;
        self.staged.push(Staged { temporary, target });
        Ok(())
    }

    /// The lock file, locked before it gets its name (no one sees it unlocked). Another
    /// process's recovery may take an unnamed one for a dead writer's between its creation and
    /// its lock, and remove it: then it is made again.
    fn create_lock(&self, folder: &Path) -> std::io::Result<(PathBuf, File)> {
        let path = folder.join(format!("{BATCH_PREFIX}{}{LOCK}", self.id));
        let unnamed = folder.join(format!("{BATCH_PREFIX}{}{UNNAMED}", self.id));
        let mut attempts = 0;
        loop {
            let file = File::create(&unnamed)?;
            file.lock()?;
            match std::fs::rename(&unnamed, &path) {
                Ok(()) => return Ok((std::path::absolute(path)?, file)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && attempts < 3 => {
                    attempts += 1;
                }
                Err(e) => return Err(e),
            }
        }
    }

    fn commit(self) -> Result<(), FileError> {
        // The lock is released when the batch is dropped, after its files are removed.
        let Some((lock_path, _)) = &self.lock else {
            return Ok(());
        };
        let folder = folder_of(lock_path);
        let manifest = folder.join(format!("{BATCH_PREFIX}{}{MANIFEST}", self.id));
        if let Err(e) = write_manifest(&manifest, &self.staged) {
            let first = self.staged.first().map(|s| s.target.clone());
            self.discard();
            return Err(cannot_write(&first.unwrap_or_default(), e));
        }
        let renamed = rename_staged(&self.staged);
        let _ = std::fs::remove_file(&manifest);
        let _ = std::fs::remove_file(lock_path);
        sync_folder(folder);
        renamed
    }

    fn discard(self) {
        for staged in &self.staged {
            let _ = std::fs::remove_file(&staged.temporary);
        }
        if let Some((path, _)) = &self.lock {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The manifest: a line per staged file, `temporary target identity` (paths in hex, the
/// target's identity now or `-` when absent), written to a temporary, fsynced and renamed:
/// from then on the batch is committed.
fn write_manifest(manifest: &Path, staged: &[Staged]) -> std::io::Result<()> {
    let mut text = String::new();
    for file in staged {
        let identity = identity(&file.target).unwrap_or_else(|| "-".into());
        text.push_str(&format!(
            "{} {} {identity}\n",
            hex(&file.temporary),
            hex(&file.target)
        ));
    }
    let unnamed = manifest.with_extension("manifest-new");
    write_synced(&unnamed, text.as_bytes())?;
    std::fs::rename(&unnamed, manifest)?;
    sync_folder(folder_of(manifest));
    Ok(())
}

/// Renames every staged file to its target (all of them, even after a failure, so that as much
/// of the batch as possible lands), then fsyncs their folders.
fn rename_staged(staged: &[Staged]) -> Result<(), FileError> {
    let mut first_error = None;
    for file in staged {
        if let Err(e) = std::fs::rename(&file.temporary, &file.target) {
            let _ = std::fs::remove_file(&file.temporary);
            first_error.get_or_insert_with(|| cannot_write(&file.target, e));
        }
    }
    let mut folders: Vec<&Path> = staged.iter().map(|s| folder_of(&s.target)).collect();
    folders.sort();
    folders.dedup();
    for folder in folders {
        sync_folder(folder);
    }
    first_error.map_or(Ok(()), Err)
}

/// Finishes or clears the batches that dead writers left in `folder` (their lock can be taken):
/// a committed one (its manifest written) is renamed into place, except over targets written
/// since; an uncommitted one has its staged files removed. Every write runs it on its folder
/// before writing, and commands on their outputs' folders before planning them.
pub fn finish_interrupted_writes(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(batch) = name.to_str().and_then(|n| n.strip_prefix(BATCH_PREFIX)) else {
            continue;
        };
        // A lock file that never got its name, its writer dead: nothing was staged yet.
        if batch.ends_with(UNNAMED) {
            if File::open(entry.path()).is_ok_and(|file| file.try_lock().is_ok()) {
                let _ = std::fs::remove_file(entry.path());
            }
            continue;
        }
        let Some(id) = batch.strip_suffix(LOCK) else {
            continue;
        };
        let Ok(mut lock) = File::options().read(true).write(true).open(entry.path()) else {
            continue;
        };
        // Held by a live writer: its batch is under way.
        if lock.try_lock().is_err() {
            continue;
        }
        let manifest = folder.join(format!("{BATCH_PREFIX}{id}{MANIFEST}"));
        match std::fs::read_to_string(&manifest) {
            Ok(text) => finish_committed(&text),
            Err(_) => {
                let mut staged = String::new();
                let _ = std::io::Read::read_to_string(&mut lock, &mut staged);
                for temporary in staged.lines().filter_map(unhex) {
                    let _ = std::fs::remove_file(temporary);
                }
            }
        }
        let _ = std::fs::remove_file(&manifest);
        let _ = std::fs::remove_file(manifest.with_extension("manifest-new"));
        let _ = std::fs::remove_file(entry.path());
        sync_folder(folder);
    }
}

/// Renames a committed batch's staged files over the targets that are as they were at the
/// commit; drops those whose target was written since.
fn finish_committed(manifest: &str) {
    for line in manifest.lines() {
        let mut fields = line.split(' ');
        let (Some(temporary), Some(target), Some(recorded)) = (
            fields.next().and_then(unhex),
            fields.next().and_then(unhex),
            fields.next(),
        ) else {
            continue;
        };
        if !temporary.exists() {
            continue;
        }
        let unchanged = identity(&target).unwrap_or_else(|| "-".into()) == recorded;
        if unchanged && std::fs::rename(&temporary, &target).is_ok() {
            sync_folder(folder_of(&target));
        } else {
            let _ = std::fs::remove_file(&temporary);
        }
    }
}

/// What tells whether a file was replaced: device, inode, size and modification time (`None`
/// when it does not exist).
fn identity(path: &Path) -> Option<String> {
    let metadata = std::fs::symlink_metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(format!(
            "{}:{}:{}:{}.{}",
            metadata.dev(),
            metadata.ino(),
            metadata.len(),
            metadata.mtime(),
            metadata.mtime_nsec()
        ))
    }
    #[cfg(not(unix))]
    {
        let modified = metadata
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        Some(format!("{}:{modified}", metadata.len()))
    }
}

/// A path as hexadecimal bytes (any name, even one that is not UTF-8 or holds a line break).
fn hex(path: &Path) -> String {
    path_bytes(path)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The path of [`hex`], or `None` when the text is not one.
fn unhex(text: &str) -> Option<PathBuf> {
    if text.is_empty() || !text.len().is_multiple_of(2) {
        return None;
    }
    let bytes: Option<Vec<u8>> = (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect();
    path_from_bytes(bytes?)
}

#[cfg(unix)]
fn path_bytes(path: &Path) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    path.as_os_str().as_bytes().to_vec()
}

#[cfg(unix)]
fn path_from_bytes(bytes: Vec<u8>) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStringExt;
    Some(std::ffi::OsString::from_vec(bytes).into())
}

#[cfg(not(unix))]
fn path_bytes(path: &Path) -> Vec<u8> {
    path.to_string_lossy().into_owned().into_bytes()
}

#[cfg(not(unix))]
fn path_from_bytes(bytes: Vec<u8>) -> Option<PathBuf> {
    String::from_utf8(bytes).ok().map(PathBuf::from)
}

/// Removes the temporaries `.NAME.PID.tmp` of `path` that dead writers left behind (where
/// `/proc` lists processes).
fn remove_stray_temporaries(path: &Path) {
    let Ok(entries) = std::fs::read_dir(folder_of(path)) else {
        return;
    };
    let prefix = format!(".{}.", file_name(path));
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let owner = file_name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|pid| pid.parse::<u32>().ok());
        if owner.is_some_and(is_dead) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether process `pid` is known to have ended (never where `/proc` does not list processes).
fn is_dead(pid: u32) -> bool {
    Path::new("/proc/self").exists()
        && pid != std::process::id()
        && !Path::new(&format!("/proc/{pid}")).exists()
}

fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn temporary_beside(path: &Path) -> PathBuf {
    folder_of(path).join(format!(".{}.{}.tmp", file_name(path), std::process::id()))
}

/// Writes a new file and puts it on disk before it is renamed: a crash then leaves the old file
/// or the new one, never an empty one. A failed write removes the partial file.
fn write_synced(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let written = File::create(path).and_then(|mut file| {
        file.write_all(contents)?;
        file.sync_all()
    });
    if written.is_err() {
        let _ = std::fs::remove_file(path);
    }
    written
}

/// Puts a folder's entries (a rename) on disk.
fn sync_folder(folder: &Path) {
    if let Ok(folder) = File::open(folder) {
        let _ = folder.sync_all();
    }
}

fn cannot_write(path: &Path, e: std::io::Error) -> FileError {
    FileError::new(path, None, format!("cannot write: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(path: &Path) -> String {
        std::fs::read_to_string(path).unwrap()
    }

    /// Names in `folder` starting with a dot (temporaries, batch files).
    fn hidden(folder: &Path) -> Vec<String> {
        std::fs::read_dir(folder)
            .unwrap()
            .filter_map(|e| e.unwrap().file_name().into_string().ok())
            .filter(|n| n.starts_with('.'))
            .collect()
    }

    /// No staged file, lock or manifest left in `dir` or `dir/sub`.
    fn assert_no_leftovers(dir: &Path) {
        assert_eq!(hidden(dir), Vec::<String>::new());
        assert_eq!(hidden(&dir.join("sub")), Vec::<String>::new());
    }

    /// A gold in `dir` and a report in `dir/sub`, both "old".
    fn old_pair(dir: &Path) -> (PathBuf, PathBuf) {
        std::fs::create_dir(dir.join("sub")).unwrap();
        let (gold, report) = (dir.join("gold.csv"), dir.join("sub").join("report.json"));
        std::fs::write(&gold, "old gold").unwrap();
        std::fs::write(&report, "old report").unwrap();
        (gold, report)
    }

    /// A writer that staged the new pair (and wrote its manifest when `committed`), then was
    /// killed: its lock is released by the system, its files stay.
    fn killed_writer(gold: &Path, report: &Path, committed: bool) {
        let mut batch = Batch::new();
        batch.stage(gold, b"new gold").unwrap();
        batch.stage(report, b"new report").unwrap();
        let (lock_path, lock) = batch.lock.take().unwrap();
        if committed {
            let manifest =
                folder_of(&lock_path).join(format!("{BATCH_PREFIX}{}{MANIFEST}", batch.id));
            write_manifest(&manifest, &batch.staged).unwrap();
        }
        drop(lock);
    }

    #[test]
    fn a_write_replaces_the_file_and_clears_a_dead_writers_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gold.csv");
        std::fs::write(&path, "old").unwrap();
        // Linux's PIDs stay below 2²² = 4194304: no process has this one.
        let stray = dir.path().join(".gold.csv.4194304.tmp");
        std::fs::write(&stray, "half").unwrap();
        let alive = dir
            .path()
            .join(format!(".other.csv.{}.tmp", std::process::id()));
        std::fs::write(&alive, "a write under way").unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(read(&path), "new");
        assert_eq!(!stray.exists(), Path::new("/proc/self").exists());
        assert!(alive.exists());
    }

    #[test]
    fn files_written_together_are_replaced_together_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let (gold, report) = old_pair(dir.path());
        let failed: Result<(), FileError> = write_together(|| {
            write_atomically(&gold, b"new gold")?;
            assert_eq!(read(&gold), "old gold", "staged, not yet renamed");
            Err(FileError::new(
                &report,
                None,
                "the report could not be made",
            ))
        });
        assert!(failed.is_err());
        assert_eq!(
            (read(&gold), read(&report)),
            ("old gold".into(), "old report".into())
        );
        assert_eq!(hidden(dir.path()), Vec::<String>::new());
        write_together(|| {
            write_atomically(&gold, b"first")?;
            write_atomically(&report, b"new report")?;
            write_atomically(&gold, b"new gold")
        })
        .unwrap();
        assert_eq!(
            (read(&gold), read(&report)),
            ("new gold".into(), "new report".into())
        );
        assert_no_leftovers(dir.path());
    }

    #[test]
    fn a_committed_batch_of_a_dead_writer_lands_at_the_next_write_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let (gold, report) = old_pair(dir.path());
        killed_writer(&gold, &report, true);
        assert_eq!(
            (read(&gold), read(&report)),
            ("old gold".into(), "old report".into())
        );
        write_atomically(&dir.path().join("other.txt"), b"x").unwrap();
        assert_eq!(
            (read(&gold), read(&report)),
            ("new gold".into(), "new report".into())
        );
        assert_no_leftovers(dir.path());
    }

    /// A target written after the dead writer's commit keeps its newer content.
    #[test]
    fn a_committed_batch_never_replaces_a_file_written_since() {
        let dir = tempfile::tempdir().unwrap();
        let (gold, report) = old_pair(dir.path());
        killed_writer(&gold, &report, true);
        write_atomically(&report, b"newer report").unwrap();
        finish_interrupted_writes(dir.path());
        assert_eq!(
            (read(&gold), read(&report)),
            ("new gold".into(), "newer report".into())
        );
        assert_eq!(hidden(&dir.path().join("sub")), Vec::<String>::new());
    }

    #[test]
    fn an_uncommitted_batch_of_a_dead_writer_is_dropped_and_a_live_one_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let (gold, report) = old_pair(dir.path());
        killed_writer(&gold, &report, false);
        let mut live = Batch::new();
        live.stage(&gold, b"live gold").unwrap();
        finish_interrupted_writes(dir.path());
        assert_eq!(
            (read(&gold), read(&report)),
            ("old gold".into(), "old report".into())
        );
        assert_eq!(hidden(&dir.path().join("sub")), Vec::<String>::new());
        assert_eq!(
            hidden(dir.path()).len(),
            2,
            "the live batch's lock and staged gold"
        );
        live.commit().unwrap();
        assert_eq!(read(&gold), "live gold");
        assert_eq!(hidden(dir.path()), Vec::<String>::new());
    }

    #[test]
    fn a_lock_file_left_without_its_name_is_removed_once_its_writer_is_dead() {
        let dir = tempfile::tempdir().unwrap();
        let unnamed = dir.path().join(format!("{BATCH_PREFIX}0123{UNNAMED}"));
        let held = File::create(&unnamed).unwrap();
        held.lock().unwrap();
        finish_interrupted_writes(dir.path());
        assert!(unnamed.exists(), "its writer is alive");
        drop(held);
        finish_interrupted_writes(dir.path());
        assert!(!unnamed.exists());
    }

    #[test]
    fn any_path_goes_through_a_manifest() {
        #[cfg(unix)]
        let odd = {
            use std::os::unix::ffi::OsStrExt;
            PathBuf::from(std::ffi::OsStr::from_bytes(b"/tmp/a b\n\r\t\xff.csv"))
        };
        #[cfg(not(unix))]
        let odd = PathBuf::from("C:/a b.csv");
        assert_eq!(unhex(&hex(&odd)), Some(odd));
        assert_eq!(unhex("4"), None);
        assert_eq!(unhex("zz"), None);
    }
}
