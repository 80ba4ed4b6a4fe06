//! Writing files so that no crash, kill or full disk leaves a torn one, so that the files a
//! command writes together (a gold standard, its report and its session; a Glozz document's
//! `.ac` and one `.aa` per annotator) are replaced together — and so that nothing but the
//! chosen output is ever created, replaced or deleted.
//!
//! One file ([`write_atomically`]): written to a temporary `.NAME.PID.XXXXXXXX.tmp` beside it
//! (exclusive creation, a random name: a link planted there is never followed), fsynced,
//! renamed over it, the folder fsynced. Long names are shortened in the temporary's name, so
//! that any name the file system allows (255 bytes) can be written.
//!
//! What an output is decides how it is written ([`target`]): a regular file or a new name is
//! replaced as above; a device, a named pipe or the standard output (`/dev/null`, `/dev/full`,
//! `/dev/stdout`, a FIFO) is written through — never replaced — and its write errors (a full
//! device) are reported; a symbolic link owned by the user or by root is followed (the file it
//! names is replaced, the link stays), one owned by anyone else is refused, as is a link to a
//! missing file.
//!
//! Several files: inside [`write_together`], each file is staged beside its target as
//! `.NAME.gsb-ID.tmp` (exclusive creation, fsynced), ID being the batch's random id. Each
//! folder the batch writes into holds a lock file `.gamma-studio-batch.ID.lock` (an OS file
//! lock while the writer lives); the first folder is the primary. When
//! every file is staged, each other folder gets its manifest `.gamma-studio-batch.ID.manifest`
//! (its staged files, their targets, the targets' identity at that moment, and the primary's
//! folder), then the primary gets its own (listing the other folders): the commit point. Then
//! each staged file is renamed over its target, and the manifests and locks are removed.
//!
//! A writer killed before the commit leaves every old file; killed after it, the files are
//! mixed until the next write into each folder (or [`finish_interrupted_writes`], which
//! commands run on their outputs' folders before planning them) finishes that folder's renames:
//! for each target still as it was at the commit, the staged file lands; a target written
//! since is kept and its staged file dropped. Recovery changes only the folder it is run on. A lock that can be taken tells a dead writer. Recovery trusts a
//! folder's batch files only as far as they prove to be this program's own: see
//! [`recovery`](self::recovery).
//!
//! Batches into one folder take turns ([`busy`]): a batch that finds another live batch of
//! this user writing into a folder waits for it, at most [`busy::WAIT`], then refuses with an
//! error naming the folder — so two runs writing the same set never mix their files. Single
//! files written outside a batch are not ordered: the last rename wins, each file whole.

mod busy;
mod recovery;
mod target;
#[cfg(test)]
mod tests;

pub use recovery::finish_interrupted_writes;

use super::FileError;
use std::cell::RefCell;
use std::ffi::OsStr;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use target::Target;

const BATCH_PREFIX: &str = ".gamma-studio-batch.";
const LOCK: &str = ".lock";
const MANIFEST: &str = ".manifest";
/// A manifest being written (renamed to [`MANIFEST`] once whole).
const MANIFEST_NEW: &str = ".manifest-new";
/// A lock file before its name: a writer killed right after creating it leaves this.
const UNNAMED: &str = ".new";
/// The first line of every manifest.
const MANIFEST_HEADER: &str = "gamma-studio batch 2";
/// The most bytes of a file's name kept in its temporary's name (255 bytes is the usual limit of
/// a name; the temporary adds at most 27).
const KEPT_NAME_BYTES: usize = 200;

/// A file written in a batch, waiting for the batch's rename: names in its part's folder.
#[derive(Debug)]
struct Staged {
    temporary: std::ffi::OsString,
    target: std::ffi::OsString,
}

/// The files a batch stages in one folder, under one lock file.
#[derive(Debug)]
struct Part {
    /// The folder, canonical.
    folder: PathBuf,
    /// The locked lock file, held until the batch is dropped.
    _lock: File,
    staged: Vec<Staged>,
}

/// The files written so far by the open [`write_together`] of this thread.
#[derive(Debug)]
struct Batch {
    id: String,
    /// The folders written into, the primary first.
    parts: Vec<Part>,
    /// Outputs written through (devices, pipes) at the end: they cannot be staged.
    written_through: Vec<(PathBuf, Vec<u8>)>,
    /// Folders whose dead writers' batches were finished already.
    recovered: Vec<PathBuf>,
}

thread_local! {
    static OPEN_BATCH: RefCell<Option<Batch>> = const { RefCell::new(None) };
}

/// Writes `contents` to `path` without ever leaving a half-written file (see the module's
/// documentation for devices, pipes and links). Inside [`write_together`] (on the same thread),
/// the file is staged and renamed with the others at the end.
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
    let file = match target::target(path)? {
        Target::Through => return target::write_through(path, contents),
        Target::Replace(file) => file,
    };
    let folder = folder_of(&file);
    // A dead writer's committed batch lands first, so that it never replaces this newer file.
    finish_interrupted_writes(folder);
    let prefix = format!(
        ".{}.{}.",
        temporary_stem(file_name(&file)),
        std::process::id()
    );
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp").rand_bytes(8);
    #[cfg(unix)]
    {
        // As any program's new file: rw-rw-rw- less the umask.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut temporary = builder
        .tempfile_in(folder)
        .map_err(|e| cannot_write(path, e))?;
    temporary
        .write_all(contents)
        .and_then(|()| temporary.as_file().sync_all())
        .map_err(|e| cannot_write(path, e))?;
    // On failure the temporary is removed when dropped.
    temporary
        .persist(&file)
        .map_err(|e| cannot_write(path, e.error))?;
    sync_folder(folder);
    recovery::remove_stray_temporaries(&file);
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
        Batch {
            id: random_id(),
            parts: Vec::new(),
            written_through: Vec::new(),
            recovered: Vec::new(),
        }
    }

    fn stage(&mut self, path: &Path, contents: &[u8]) -> Result<(), FileError> {
        let file = match target::target(path)? {
            Target::Through => {
                self.written_through
                    .retain(|(through, _)| through.as_path() != path);
                self.written_through
                    .push((path.to_path_buf(), contents.to_vec()));
                return Ok(());
            }
            Target::Replace(file) => file,
        };
        let folder = folder_of(&file)
            .canonicalize()
            .map_err(|e| cannot_write(path, e))?;
        if !self.recovered.contains(&folder) {
            finish_interrupted_writes(&folder);
            self.recovered.push(folder.clone());
        }
        let index = self.part_for(&folder, path)?;
        let id = self.id.clone();
        let part = &mut self.parts[index];
        let target_name = file_name(&file).to_os_string();
        let temporary = staged_name(&target_name, &id);
        // A file written twice in one batch: the second write wins, as it would one by one.
        if let Some(at) = part.staged.iter().position(|s| s.target == target_name) {
            part.staged.remove(at);
            let _ = std::fs::remove_file(folder.join(&temporary));
        }
        write_synced(&folder.join(&temporary), contents).map_err(|e| cannot_write(path, e))?;
        part.staged.push(Staged {
            temporary,
            target: target_name,
        });
        Ok(())
    }

    /// The part of `folder` (canonical), made with its lock file when it is the first write
    /// there (once no other batch writes there: see [`busy`]). Errors name `path`, the file
    /// being written.
    fn part_for(&mut self, folder: &Path, path: &Path) -> Result<usize, FileError> {
        if let Some(index) = self.parts.iter().position(|p| p.folder == folder) {
            return Ok(index);
        }
        let lock = busy::lock_folder(folder, &self.id, path)?;
        self.parts.push(Part {
            folder: folder.to_path_buf(),
            _lock: lock,
            staged: Vec::new(),
        });
        Ok(self.parts.len() - 1)
    }

    fn commit(self) -> Result<(), FileError> {
        // The locks are released when the batch is dropped, after its files are removed.
        if let Some(primary) = self.parts.first() {
            let folders: Vec<&Path> = self.parts.iter().map(|p| p.folder.as_path()).collect();
            // The other folders' manifests first: the primary's is the commit point.
            for part in self.parts.iter().skip(1).chain(self.parts.first()) {
                if let Err(e) = write_manifest(part, &self.id, &folders) {
                    let failed = part.folder.join(BATCH_PREFIX);
                    self.discard();
                    return Err(cannot_write(&failed, e));
                }
            }
            let renamed = rename_staged(&self.parts);
            for part in self.parts.iter().skip(1).chain(Some(primary)) {
                let _ = std::fs::remove_file(batch_file(&part.folder, &self.id, MANIFEST));
                let _ = std::fs::remove_file(batch_file(&part.folder, &self.id, LOCK));
                sync_folder(&part.folder);
            }
            renamed?;
        }
        for (path, contents) in &self.written_through {
            target::write_through(path, contents)?;
        }
        Ok(())
    }

    fn discard(self) {
        for part in &self.parts {
            for staged in &part.staged {
                let _ = std::fs::remove_file(part.folder.join(&staged.temporary));
            }
            let _ = std::fs::remove_file(batch_file(&part.folder, &self.id, MANIFEST));
            let _ = std::fs::remove_file(batch_file(&part.folder, &self.id, MANIFEST_NEW));
            let _ = std::fs::remove_file(batch_file(&part.folder, &self.id, LOCK));
        }
    }
}

/// The lock file of batch `id` in `folder`, locked before it gets its name (no one sees it
/// unlocked), made with exclusive creation (a link planted at its name is never followed).
/// Another process's recovery may take an unnamed one for a dead writer's between its creation
/// and its lock, and remove it: then it is made again.
fn create_lock(folder: &Path, id: &str) -> std::io::Result<File> {
    let path = batch_file(folder, id, LOCK);
    let unnamed = batch_file(folder, id, UNNAMED);
    let mut attempts = 0;
    loop {
        let file = File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&unnamed)?;
        file.lock()?;
        match std::fs::rename(&unnamed, &path) {
            Ok(()) => return Ok(file),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && attempts < 3 => {
                attempts += 1;
            }
            Err(e) => return Err(e),
        }
    }
}

/// A part's manifest: the header, the primary's folder (other parts) or the other parts'
/// folders (the primary), then a line per staged file, `file temporary target identity` (names
/// in hex, the target's identity now or `-` when absent); written to a new file, fsynced and
/// renamed.
fn write_manifest(part: &Part, id: &str, folders: &[&Path]) -> std::io::Result<()> {
    let mut text = format!("{MANIFEST_HEADER}\n");
    if folders.first() == Some(&part.folder.as_path()) {
        for folder in &folders[1..] {
            text.push_str(&format!("secondary {}\n", hex(folder.as_os_str())));
        }
    } else if let Some(primary) = folders.first() {
        text.push_str(&format!("primary {}\n", hex(primary.as_os_str())));
    }
    for file in &part.staged {
        let identity = recovery::identity(&part.folder.join(&file.target));
        text.push_str(&format!(
            "file {} {} {}\n",
            hex(&file.temporary),
            hex(&file.target),
            identity.as_deref().unwrap_or("-")
        ));
    }
    let unnamed = batch_file(&part.folder, id, MANIFEST_NEW);
    write_synced(&unnamed, text.as_bytes())?;
    std::fs::rename(&unnamed, batch_file(&part.folder, id, MANIFEST))?;
    sync_folder(&part.folder);
    Ok(())
}

/// Renames every staged file to its target (all of them, even after a failure, so that as much
/// of the batch as possible lands), then fsyncs their folders.
fn rename_staged(parts: &[Part]) -> Result<(), FileError> {
    let mut first_error = None;
    for part in parts {
        for file in &part.staged {
            let (temporary, target) = (
                part.folder.join(&file.temporary),
                part.folder.join(&file.target),
            );
            if let Err(e) = std::fs::rename(&temporary, &target) {
                let _ = std::fs::remove_file(&temporary);
                first_error.get_or_insert_with(|| cannot_write(&target, e));
            }
        }
        sync_folder(&part.folder);
    }
    first_error.map_or(Ok(()), Err)
}

/// `.gamma-studio-batch.ID<suffix>` in `folder`.
fn batch_file(folder: &Path, id: &str, suffix: &str) -> PathBuf {
    folder.join(format!("{BATCH_PREFIX}{id}{suffix}"))
}

/// The name of the staged file of `target` in batch `id`: `.NAME.gsb-ID.tmp`.
fn staged_name(target: &OsStr, id: &str) -> std::ffi::OsString {
    format!(".{}.gsb-{id}.tmp", temporary_stem(target)).into()
}

/// A batch id: 16 hexadecimal digits, from the system's random source (through the standard
/// library's randomly keyed hasher) and the time, so that no other user can predict it.
fn random_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    if let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(now.as_nanos());
    }
    format!("{:016x}", hasher.finish())
}

/// Whether `text` is a batch id as [`random_id`] makes them.
fn is_batch_id(text: &str) -> bool {
    text.len() == 16 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The start of a file's name as its temporaries carry it: at most [`KEPT_NAME_BYTES`] bytes,
/// cut at a character.
fn temporary_stem(name: &OsStr) -> String {
    let name = name.to_string_lossy();
    let mut end = name.len().min(KEPT_NAME_BYTES);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    name[..end].to_string()
}

/// A name as hexadecimal bytes (any name, even one that is not UTF-8 or holds a line break).
fn hex(name: &OsStr) -> String {
    name.as_encoded_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The name of [`hex`], or `None` when the text is not one.
fn unhex(text: &str) -> Option<std::ffi::OsString> {
    if text.is_empty() || !text.len().is_multiple_of(2) {
        return None;
    }
    let bytes: Option<Vec<u8>> = (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect();
    os_string_from_bytes(bytes?)
}

#[cfg(unix)]
fn os_string_from_bytes(bytes: Vec<u8>) -> Option<std::ffi::OsString> {
    use std::os::unix::ffi::OsStringExt;
    Some(std::ffi::OsString::from_vec(bytes))
}

#[cfg(not(unix))]
fn os_string_from_bytes(bytes: Vec<u8>) -> Option<std::ffi::OsString> {
    String::from_utf8(bytes).ok().map(Into::into)
}

fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

fn file_name(path: &Path) -> &OsStr {
    path.file_name().unwrap_or(OsStr::new(""))
}

/// Writes a new file (exclusive creation: a link or file already at the name is an error, never
/// followed) and puts it on disk before it is renamed: a crash then leaves the old file or the
/// new one, never an empty one. A failed write removes the partial file.
fn write_synced(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let mut file = File::options().write(true).create_new(true).open(path)?;
    let written = file.write_all(contents).and_then(|()| file.sync_all());
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
