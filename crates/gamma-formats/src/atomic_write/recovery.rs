//! Finishing what a killed writer of this program left in a folder — and nothing else.
//!
//! Anyone who can write into a folder can place files there that look like a batch's. So a
//! batch file is trusted only when it proves to be this program's own, made by this user:
//! - the lock and the manifest are regular files (not links) with a single name, owned by the
//!   user running this program, named `.gamma-studio-batch.ID.lock` / `.manifest` with ID a
//!   batch id (16 hexadecimal digits), and the lock is free (its writer is dead);
//! - a manifest names only files of its own folder, by plain names (no folder, no `..`);
//! - a staged file is named exactly as its batch names its target's (`.NAME.gsb-ID.tmp`, the
//!   same ID), and is a regular file with a single name owned by the user;
//! - a target is absent or a regular file (never a link), as it was at the commit.
//!
//! Anything else is left as it is. So recovery only ever renames this user's staged files over
//! their targets beside them, and deletes this user's staged files and batch files.
//!
//! Recovery of a folder changes that folder only. A batch that wrote into several folders is
//! finished folder by folder, each when it is recovered (the next write into it, or a command
//! whose outputs go there): the other folders' batch files are only read — a secondary's part
//! is committed when the primary's manifest exists, and the primary keeps its manifest and lock
//! (its files already renamed) while another folder still holds the batch's files. So a planted
//! manifest naming another folder can never make a write here change anything there.

use super::{
    BATCH_PREFIX, LOCK, MANIFEST, MANIFEST_HEADER, MANIFEST_NEW, UNNAMED, batch_file, file_name,
    folder_of, is_batch_id, staged_name, sync_folder, temporary_stem, unhex,
};
use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Finishes or clears the batches that dead writers of this program left in `folder` (their
/// lock can be taken): a committed one (its manifest written) is renamed into place, except
/// over targets written since; an uncommitted one has its staged files removed. Every write
/// runs it on its folder before writing, and commands on their outputs' folders before
/// planning them. See the module's documentation for what is trusted.
pub fn finish_interrupted_writes(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let names: Vec<OsString> = entries.flatten().map(|e| e.file_name()).collect();
    for name in names {
        let Some(batch) = name.to_str().and_then(|n| n.strip_prefix(BATCH_PREFIX)) else {
            continue;
        };
        if let Some(id) = batch.strip_suffix(UNNAMED) {
            // A lock file that never got its name, its writer dead: nothing was staged yet.
            let path = folder.join(&name);
            if is_batch_id(id) && open_own(&path).is_some_and(|f| f.try_lock().is_ok()) {
                let _ = std::fs::remove_file(path);
            }
        } else if let Some(id) = batch.strip_suffix(LOCK)
            && is_batch_id(id)
        {
            finish_batch(folder, id);
        }
    }
}

/// A part's manifest, as read.
#[derive(Debug, Default)]
struct Manifest {
    /// The primary's folder, for the other parts.
    primary: Option<PathBuf>,
    /// The other parts' folders, for the primary.
    secondaries: Vec<PathBuf>,
    /// (staged file, target, the target's identity at the commit), names in the folder.
    files: Vec<(OsString, OsString, String)>,
}

impl Manifest {
    /// The manifest of `text`, or `None` when it is not one of this program's.
    fn parse(text: &str) -> Option<Manifest> {
        let mut lines = text.lines();
        if lines.next()? != MANIFEST_HEADER {
            return None;
        }
        let mut manifest = Manifest::default();
        for line in lines {
            let fields: Vec<&str> = line.split(' ').collect();
            match fields.as_slice() {
                ["primary", folder] => manifest.primary = Some(unhex(folder)?.into()),
                ["secondary", folder] => manifest.secondaries.push(unhex(folder)?.into()),
                ["file", temporary, target, identity] => {
                    manifest
                        .files
                        .push((unhex(temporary)?, unhex(target)?, identity.to_string()));
                }
                _ => return None,
            }
        }
        Some(manifest)
    }
}

/// Finishes or clears batch `id` in `folder` when its lock is this user's and free. Only
/// `folder` is changed: the batch's other folders are read (is the primary's manifest there,
/// do the secondaries still hold the batch's files), never written.
fn finish_batch(folder: &Path, id: &str) {
    let Some(lock) = open_own(&batch_file(folder, id, LOCK)) else {
        return;
    };
    // Held by a live writer: its batch is under way.
    if lock.try_lock().is_err() {
        return;
    }
    let manifest_path = batch_file(folder, id, MANIFEST);
    let manifest = match std::fs::symlink_metadata(&manifest_path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(_) => return,
        Ok(_) => match read_own(&manifest_path)
            .as_deref()
            .and_then(Manifest::parse)
        {
            Some(manifest) => Some(manifest),
            // Not this program's: left as it is, and so is the batch.
            None => return,
        },
    };
    let mut keep_batch_files = false;
    match manifest {
        Some(manifest) => {
            let committed = manifest
                .primary
                .as_ref()
                .is_none_or(|primary| open_own(&batch_file(primary, id, MANIFEST)).is_some());
            if committed {
                finish_committed(folder, id, &manifest.files);
                // While this manifest exists, the other folders read this batch as committed.
                keep_batch_files = manifest
                    .secondaries
                    .iter()
                    .any(|secondary| holds_batch(secondary, id));
            } else {
                drop_staged(folder, id);
            }
        }
        None => drop_staged(folder, id),
    }
    if !keep_batch_files {
        for suffix in [MANIFEST, MANIFEST_NEW, LOCK] {
            let path = batch_file(folder, id, suffix);
            if own_regular(&path) {
                let _ = std::fs::remove_file(path);
            }
        }
    }
    sync_folder(folder);
}

/// Whether `folder` still holds a lock or manifest of batch `id` (read only).
fn holds_batch(folder: &Path, id: &str) -> bool {
    [LOCK, MANIFEST]
        .iter()
        .any(|suffix| std::fs::symlink_metadata(batch_file(folder, id, suffix)).is_ok())
}

/// Renames a committed batch's staged files over the targets that are as they were at the
/// commit; drops those whose target was written since. Entries that break the rules of the
/// module's documentation are left as they are.
fn finish_committed(folder: &Path, id: &str, files: &[(OsString, OsString, String)]) {
    for (temporary, target, recorded) in files {
        if !is_plain_name(temporary)
            || !is_plain_name(target)
            || *temporary != staged_name(target, id)
        {
            continue;
        }
        let (temporary, target) = (folder.join(temporary), folder.join(target));
        if !own_regular(&temporary) {
            continue;
        }
        let target_is_file = match std::fs::symlink_metadata(&target) {
            Ok(metadata) => metadata.is_file(),
            Err(e) => e.kind() == std::io::ErrorKind::NotFound,
        };
        let unchanged = identity(&target).as_deref().unwrap_or("-") == recorded;
        if target_is_file && unchanged && std::fs::rename(&temporary, &target).is_ok() {
            continue;
        }
        let _ = std::fs::remove_file(&temporary);
    }
}

/// Removes batch `id`'s staged files in `folder` (`.NAME.gsb-ID.tmp`, this user's regular
/// files).
fn drop_staged(folder: &Path, id: &str) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let suffix = format!(".gsb-{id}.tmp");
    for entry in entries.flatten() {
        let name = entry.file_name();
        let ours = name
            .to_str()
            .is_some_and(|n| n.starts_with('.') && n.ends_with(&suffix));
        if ours && own_regular(&entry.path()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether `name` is one plain file name (not empty, no folder, not `.` or `..`).
fn is_plain_name(name: &OsStr) -> bool {
    let mut components = Path::new(name).components();
    matches!(
        (components.next(), components.next()),
        (Some(std::path::Component::Normal(only)), None) if only == name
    )
}

/// Whether `path` is a regular file (not a link) with a single name, owned by this user.
fn own_regular(path: &Path) -> bool {
    let Ok(metadata) = std::fs::symlink_metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        metadata.is_file() && metadata.nlink() == 1 && metadata.uid() == user_id()
    }
    #[cfg(not(unix))]
    {
        metadata.is_file()
    }
}

/// `path` opened for reading when it is [`own_regular`] — and still the same file once open
/// (never through a link put in its place meanwhile).
pub(super) fn open_own(path: &Path) -> Option<File> {
    if !own_regular(path) {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
        let file = File::options()
            .read(true)
            .custom_flags(libc::O_NOFOLLOW)
            .open(path)
            .ok()?;
        let (opened, named) = (file.metadata().ok()?, std::fs::symlink_metadata(path).ok()?);
        (opened.dev() == named.dev() && opened.ino() == named.ino()).then_some(file)
    }
    #[cfg(not(unix))]
    {
        File::open(path).ok()
    }
}

/// The text of `path` when it is [`own_regular`] (at most 16 MiB: no manifest is larger).
fn read_own(path: &Path) -> Option<String> {
    let mut text = String::new();
    open_own(path)?
        .take(16 << 20)
        .read_to_string(&mut text)
        .ok()?;
    Some(text)
}

/// The effective user id of this process.
#[cfg(unix)]
pub(super) fn user_id() -> u32 {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

/// What tells whether a file was replaced: device, inode, size and modification time (`None`
/// when it does not exist).
pub(super) fn identity(path: &Path) -> Option<String> {
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

/// Removes the temporaries `.NAME.PID.XXXXXXXX.tmp` of `path` that dead writers left behind
/// (where `/proc` lists processes): this user's regular files only.
pub(super) fn remove_stray_temporaries(path: &Path) {
    let Ok(entries) = std::fs::read_dir(folder_of(path)) else {
        return;
    };
    let prefix = format!(".{}.", temporary_stem(file_name(path)));
    for entry in entries.flatten() {
        let name = entry.file_name();
        let owner = name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|rest| rest.split_once('.'))
            .filter(|(_, random)| {
                random.len() == 8 && random.bytes().all(|b| b.is_ascii_alphanumeric())
            })
            .and_then(|(pid, _)| pid.parse::<u32>().ok());
        if owner.is_some_and(is_dead) && own_regular(&entry.path()) {
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
