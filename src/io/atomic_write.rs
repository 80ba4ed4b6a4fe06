//! Writing files so that no crash, kill or full disk leaves a torn one — and so that the files
//! a command writes together (a gold standard, its report and its session; a Glozz document's
//! `.ac` and one `.aa` per annotator) are replaced together.
//!
//! One file: written to `.NAME.PID.tmp` beside it, fsynced, renamed over it, the folder fsynced
//! ([`write_atomically`]). Several files: inside [`write_together`], every write is staged in one
//! folder `.gamma-studio-batch.PID.N` beside the first file (fsynced); when all are written, a
//! `manifest` listing them is written there (the commit point), then each staged file is renamed
//! to its place and the staging folder removed. A process killed before the manifest leaves the
//! old files; killed after it, the next write into that folder (or
//! [`finish_interrupted_writes`]) finishes the renames — never a mix of old and new files.
//! Leftovers of dead processes (`/proc` tells) are cleaned by the next write beside them.

use super::FileError;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

const BATCH_PREFIX: &str = ".gamma-studio-batch.";
const MANIFEST: &str = "manifest";

/// A file written in a batch, waiting for the batch's rename.
#[derive(Debug)]
struct Staged {
    temporary: PathBuf,
    target: PathBuf,
}

/// The files written so far by the open [`write_together`] of this thread.
#[derive(Debug, Default)]
struct Batch {
    /// The staging folder (created at the first write, beside it).
    staging: Option<PathBuf>,
    staged: Vec<Staged>,
    /// Files staged so far, each under its own number (a file written twice gets a new one).
    writes: usize,
}

thread_local! {
    static OPEN_BATCH: RefCell<Option<Batch>> = const { RefCell::new(None) };
}

/// Batches of this process so far: staging folders of two batches never share a name.
static BATCHES: AtomicU64 = AtomicU64::new(0);

/// Writes `contents` to `path` through a temporary file in the same folder, fsynced and renamed
/// at the end, so that a failed or killed export never leaves a half-written file. Inside
/// [`write_together`], the file is staged and renamed with the others at the end.
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
    let temporary = temporary_beside(path);
    write_synced(&temporary, contents).map_err(|e| cannot_write(path, e))?;
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        cannot_write(path, e)
    })?;
    sync_folder(folder);
    finish_interrupted_writes(folder);
    remove_stray_temporaries(path);
    Ok(())
}

/// Removes the temporaries `.NAME.PID.tmp` of `path` that dead writers left behind.
fn remove_stray_temporaries(path: &Path) {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(folder_of(path)) else {
        return;
    };
    let prefix = format!(".{name}.");
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

/// Runs `write`, whose [`write_atomically`] calls (on this thread) are staged and then renamed
/// together when it succeeds; when it fails, nothing is replaced and the staged files are
/// removed. Nested calls join the outer batch. See the module's documentation for what a kill at
/// any moment leaves.
pub fn write_together<T>(write: impl FnOnce() -> Result<T, FileError>) -> Result<T, FileError> {
    let opened = OPEN_BATCH.with_borrow_mut(|batch| {
        if batch.is_some() {
            false
        } else {
            *batch = Some(Batch::default());
            true
        }
    });
    if !opened {
        return write();
    }
    let discarded_on_panic = DiscardOnDrop;
    let result = write();
    let batch = OPEN_BATCH.with_borrow_mut(Option::take).unwrap_or_default();
    drop(discarded_on_panic);
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
    fn stage(&mut self, path: &Path, contents: &[u8]) -> Result<(), FileError> {
        let folder = folder_of(path);
        if self.staging.is_none() {
            let name = format!(
                "{BATCH_PREFIX}{}.{}",
                std::process::id(),
                BATCHES.fetch_add(1, Ordering::Relaxed)
            );
            let staging = folder.join(name);
            std::fs::create_dir(&staging).map_err(|e| cannot_write(path, e))?;
            self.staging = Some(staging);
        }
        let staging = self.staging.as_deref().unwrap_or(folder);
        // A file written twice in one batch: the second write wins, as it would one by one.
        if let Some(index) = self.staged.iter().position(|s| s.target == path) {
            let staged = self.staged.remove(index);
            let _ = std::fs::remove_file(staged.temporary);
        }
        // Staged files are renamed at the end: they must be on the target's file system.
        let temporary = if same_device(staging, folder) {
            staging.join(self.writes.to_string())
        } else {
            temporary_beside(path)
        };
        self.writes += 1;
        write_synced(&temporary, contents).map_err(|e| cannot_write(path, e))?;
        self.staged.push(Staged {
            temporary,
            target: path.to_path_buf(),
        });
        Ok(())
    }

    fn commit(self) -> Result<(), FileError> {
        let Some(staging) = &self.staging else {
            return Ok(());
        };
        if let Err(e) = write_manifest(staging, &self.staged) {
            let first = self.staged.first().map(|s| s.target.clone());
            self.discard();
            return Err(cannot_write(&first.unwrap_or_default(), e));
        }
        let renamed = rename_staged(&self.staged);
        let _ = std::fs::remove_dir_all(staging);
        sync_folder(folder_of(staging));
        renamed
    }

    fn discard(self) {
        for staged in &self.staged {
            let _ = std::fs::remove_file(&staged.temporary);
        }
        if let Some(staging) = &self.staging {
            let _ = std::fs::remove_dir_all(staging);
        }
    }
}

/// The manifest: one line per staged file, `temporary` TAB `target`, absolute paths, written and
/// fsynced with its folder (from then on the batch is committed).
fn write_manifest(staging: &Path, staged: &[Staged]) -> std::io::Result<()> {
    let mut manifest = String::new();
    for file in staged {
        for path in [&file.temporary, &file.target] {
            let absolute = std::path::absolute(path)?;
            let text = absolute.to_str().filter(|t| !t.contains(['\t', '\n']));
            let Some(text) = text else {
                return Err(std::io::Error::other(format!(
                    "{} cannot be listed in a manifest (not UTF-8, or a tab or line break in it)",
                    absolute.display()
                )));
            };
            manifest.push_str(text);
            manifest.push(if path == &file.temporary { '\t' } else { '\n' });
        }
    }
    write_synced(&staging.join(MANIFEST), manifest.as_bytes())?;
    sync_folder(staging);
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

/// Finishes or clears the batches that dead writers left in `folder`: a committed batch (its
/// manifest written) is renamed into place, an uncommitted one removed. Runs after every write
/// into the folder; callers run it before planning their outputs.
/// Where processes are not listed in `/proc`, nothing is touched (another process may be
/// writing).
pub fn finish_interrupted_writes(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else {
            continue;
        };
        if batch_owner(name).is_some_and(is_dead) {
            finish_batch(&entry.path());
        }
    }
}

/// Renames the files of a dead writer's committed batch into place; removes the staging folder.
fn finish_batch(staging: &Path) {
    if let Ok(manifest) = std::fs::read_to_string(staging.join(MANIFEST))
        && manifest.ends_with('\n')
    {
        for line in manifest.lines() {
            if let Some((temporary, target)) = line.split_once('\t')
                && Path::new(temporary).exists()
            {
                let _ = std::fs::rename(temporary, target);
                sync_folder(folder_of(Path::new(target)));
            }
        }
    }
    let _ = std::fs::remove_dir_all(staging);
    sync_folder(folder_of(staging));
}

/// The process that owns staging folder `.gamma-studio-batch.PID.N`.
fn batch_owner(name: &str) -> Option<u32> {
    let rest = name.strip_prefix(BATCH_PREFIX)?;
    let (pid, number) = rest.split_once('.')?;
    number.parse::<u64>().ok()?;
    pid.parse().ok()
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

fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    folder_of(path).join(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes a new file and puts it on disk before it is renamed: a crash then leaves the old file
/// or the new one, never an empty one. A failed write removes the partial file.
fn write_synced(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let written = std::fs::File::create(path).and_then(|mut file| {
        use std::io::Write;
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
    if let Ok(folder) = std::fs::File::open(folder) {
        let _ = folder.sync_all();
    }
}

#[cfg(unix)]
fn same_device(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_device(_: &Path, _: &Path) -> bool {
    false
}

fn cannot_write(path: &Path, e: std::io::Error) -> FileError {
    FileError::new(path, None, format!("cannot write: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Linux's PIDs stay below 2²² = 4194304: no process has this one.
    const DEAD: u32 = 4_194_304;

    fn read(path: &Path) -> String {
        std::fs::read_to_string(path).unwrap()
    }

    #[test]
    fn a_write_replaces_the_file_and_clears_a_dead_writers_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gold.csv");
        std::fs::write(&path, "old").unwrap();
        let stray = dir.path().join(format!(".gold.csv.{DEAD}.tmp"));
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
        let gold = dir.path().join("gold.csv");
        let report = dir.path().join("sub").join("report.json");
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(&gold, "old gold").unwrap();
        std::fs::write(&report, "old report").unwrap();
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
        let leftovers: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers.len(), 2, "{leftovers:?}");
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
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    /// A writer killed after its manifest: the next write beside it finishes the renames.
    #[test]
    fn a_committed_batch_of_a_dead_writer_is_finished_and_an_uncommitted_one_dropped() {
        if !Path::new("/proc/self").exists() {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.aa"), dir.path().join("b").join("b.aa"));
        std::fs::create_dir(dir.path().join("b")).unwrap();
        std::fs::write(&a, "old a").unwrap();
        std::fs::write(&b, "old b").unwrap();
        let committed = dir.path().join(format!("{BATCH_PREFIX}{DEAD}.0"));
        std::fs::create_dir(&committed).unwrap();
        // Killed after the manifest and the first rename.
        std::fs::write(&a, "new a").unwrap();
        std::fs::write(committed.join("1"), "new b").unwrap();
        let manifest = format!(
            "{}\t{}\n{}\t{}\n",
            committed.join("0").display(),
            a.display(),
            committed.join("1").display(),
            b.display()
        );
        std::fs::write(committed.join(MANIFEST), manifest).unwrap();
        let uncommitted = dir.path().join(format!("{BATCH_PREFIX}{DEAD}.1"));
        std::fs::create_dir(&uncommitted).unwrap();
        std::fs::write(uncommitted.join("0"), "newer a").unwrap();
        finish_interrupted_writes(dir.path());
        assert_eq!((read(&a), read(&b)), ("new a".into(), "new b".into()));
        assert!(!committed.exists() && !uncommitted.exists());
    }

    #[test]
    fn owners_are_read_from_the_names() {
        assert_eq!(batch_owner(".gamma-studio-batch.123.4"), Some(123));
        assert_eq!(batch_owner(".gamma-studio-batch.123"), None);
        assert_eq!(batch_owner(".gamma-studio-batch.x.4"), None);
    }
}
