use super::*;
use std::collections::BTreeMap;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// Every entry under `root` (links not followed): its type, size, modification time, link
/// target and contents — what must not change outside an output. (A folder's own time changes
/// when an output is written into it: only its existence is recorded.)
fn snapshot(root: &Path) -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let metadata = std::fs::symlink_metadata(&path).unwrap();
            let modified = metadata.modified().unwrap();
            if metadata.is_dir() {
                folders.push(path.clone());
                out.insert(path, "folder".to_string());
                continue;
            }
            let what = if metadata.is_symlink() {
                format!("link to {}", std::fs::read_link(&path).unwrap().display())
            } else {
                format!("{:?}", std::fs::read(&path).unwrap())
            };
            out.insert(path, format!("{what} {} {modified:?}", metadata.len()));
        }
    }
    out
}

/// Names in `folder` starting with a dot (temporaries, batch files).
fn hidden(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().into_string().ok())
        .filter(|n| n.starts_with('.'))
        .collect();
    names.sort();
    names
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

/// A writer that staged the new pair (and wrote its manifests when `committed`; only the
/// report's folder's, the commit point not reached, when `half`), then was killed: its locks
/// are released by the system, its files stay.
fn killed_writer(gold: &Path, report: &Path, committed: bool, half: bool) {
    let mut batch = Batch::new();
    batch.stage(gold, b"new gold").unwrap();
    batch.stage(report, b"new report").unwrap();
    let folders: Vec<PathBuf> = batch.parts.iter().map(|p| p.folder.clone()).collect();
    let folders: Vec<&Path> = folders.iter().map(PathBuf::as_path).collect();
    if committed || half {
        write_manifest(&batch.parts[1], &batch.id, &folders).unwrap();
    }
    if committed {
        write_manifest(&batch.parts[0], &batch.id, &folders).unwrap();
    }
    drop(batch);
}

#[test]
fn a_write_replaces_the_file_and_clears_a_dead_writers_temporary() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gold.csv");
    std::fs::write(&path, "old").unwrap();
    // Linux's PIDs stay below 2²² = 4194304: no process has this one.
    let stray = dir.path().join(".gold.csv.4194304.abcd1234.tmp");
    std::fs::write(&stray, "half").unwrap();
    let alive = dir
        .path()
        .join(format!(".gold.csv.{}.abcd1234.tmp", std::process::id()));
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
    assert_no_leftovers(dir.path());
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
    killed_writer(&gold, &report, true, false);
    assert_eq!(
        (read(&gold), read(&report)),
        ("old gold".into(), "old report".into())
    );
    write_atomically(&dir.path().join("other.txt"), b"x").unwrap();
    // Only the folder written into is recovered: the report's folder waits for its own turn,
    // the primary keeping its manifest for it.
    assert_eq!(
        (read(&gold), read(&report)),
        ("new gold".into(), "old report".into())
    );
    assert_eq!(
        hidden(dir.path()).len(),
        2,
        "the primary's lock and manifest"
    );
    write_atomically(&dir.path().join("sub").join("other.txt"), b"x").unwrap();
    assert_eq!(read(&report), "new report");
    write_atomically(&dir.path().join("other.txt"), b"y").unwrap();
    assert_no_leftovers(dir.path());
}

/// A manifest planted in the output folder whose `secondary` line names another folder, where
/// a whole batch is planted too (lock, manifest naming the output folder as its primary, a
/// staged file named as the batch names its target's): a write into the output folder changes
/// nothing in the other folder (issue 45).
#[cfg(unix)]
#[test]
fn a_planted_secondary_line_never_reaches_another_folder() {
    let root = tempfile::tempdir().unwrap();
    let (victim_folder, out) = (root.path().join("victim"), root.path().join("out"));
    std::fs::create_dir_all(&victim_folder).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    let victim = victim_folder.join("thesis.txt");
    std::fs::write(&victim, "my thesis").unwrap();
    let id = "0123456789abcdef";
    let h = |p: &Path| hex(p.as_os_str());
    std::fs::write(
        batch_file(&out, id, MANIFEST),
        format!("{MANIFEST_HEADER}\nsecondary {}\n", h(&victim_folder)),
    )
    .unwrap();
    std::fs::write(batch_file(&out, id, LOCK), "").unwrap();
    let staged = victim_folder.join(staged_name(OsStr::new("thesis.txt"), id));
    std::fs::write(&staged, "planted").unwrap();
    std::fs::write(
        batch_file(&victim_folder, id, MANIFEST),
        format!(
            "{MANIFEST_HEADER}\nprimary {}\nfile {} {} {}\n",
            h(&out),
            h(Path::new(staged.file_name().unwrap())),
            h(Path::new("thesis.txt")),
            recovery::identity(&victim).unwrap()
        ),
    )
    .unwrap();
    std::fs::write(batch_file(&victim_folder, id, LOCK), "").unwrap();
    let before = snapshot(&victim_folder);
    write_atomically(&out.join("x.csv"), b"x").unwrap();
    finish_interrupted_writes(&out);
    write_together(|| write_atomically(&out.join("y.csv"), b"y")).unwrap();
    assert_eq!(
        snapshot(&victim_folder),
        before,
        "the other folder is untouched"
    );
    assert_eq!(read(&victim), "my thesis");
}

/// The other folder is recovered first: it finds the primary's manifest, lands, and the
/// primary lands at its own turn.
#[test]
fn a_committed_batch_lands_whichever_folder_is_recovered_first() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, report) = old_pair(dir.path());
    killed_writer(&gold, &report, true, false);
    finish_interrupted_writes(&dir.path().join("sub"));
    assert_eq!(read(&report), "new report");
    assert_eq!(read(&gold), "old gold");
    finish_interrupted_writes(dir.path());
    assert_eq!(read(&gold), "new gold");
    assert_no_leftovers(dir.path());
}

#[test]
fn a_batch_killed_between_its_manifests_is_dropped_in_every_folder() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, report) = old_pair(dir.path());
    killed_writer(&gold, &report, false, true);
    finish_interrupted_writes(&dir.path().join("sub"));
    finish_interrupted_writes(dir.path());
    assert_eq!(
        (read(&gold), read(&report)),
        ("old gold".into(), "old report".into())
    );
    assert_no_leftovers(dir.path());
}

/// A target written after the dead writer's commit keeps its newer content.
#[test]
fn a_committed_batch_never_replaces_a_file_written_since() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, report) = old_pair(dir.path());
    killed_writer(&gold, &report, true, false);
    write_atomically(&report, b"newer report").unwrap();
    finish_interrupted_writes(dir.path());
    assert_eq!(
        (read(&gold), read(&report)),
        ("new gold".into(), "newer report".into())
    );
    assert_no_leftovers(dir.path());
}

#[test]
fn an_uncommitted_batch_of_a_dead_writer_is_dropped_and_a_live_one_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, report) = old_pair(dir.path());
    killed_writer(&gold, &report, false, false);
    let mut live = Batch::new();
    live.stage(&gold, b"live gold").unwrap();
    // Each folder is cleared by its own recovery.
    finish_interrupted_writes(dir.path());
    finish_interrupted_writes(&dir.path().join("sub"));
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
    assert_no_leftovers(dir.path());
}

#[test]
fn a_lock_file_left_without_its_name_is_removed_once_its_writer_is_dead() {
    let dir = tempfile::tempdir().unwrap();
    let unnamed = dir
        .path()
        .join(format!("{BATCH_PREFIX}0123456789abcdef{UNNAMED}"));
    let held = File::create(&unnamed).unwrap();
    held.lock().unwrap();
    finish_interrupted_writes(dir.path());
    assert!(unnamed.exists(), "its writer is alive");
    drop(held);
    finish_interrupted_writes(dir.path());
    assert!(!unnamed.exists());
}

#[test]
fn any_name_goes_through_a_manifest() {
    #[cfg(unix)]
    let odd = {
        use std::os::unix::ffi::OsStrExt;
        OsStr::from_bytes(b"a b\n\r\t\xff.csv").to_os_string()
    };
    #[cfg(not(unix))]
    let odd = std::ffi::OsString::from("a b.csv");
    assert_eq!(unhex(&hex(&odd)), Some(odd));
    assert_eq!(unhex("4"), None);
    assert_eq!(unhex("zz"), None);
}

/// Batch files planted by someone who can write into the folder: a lock and manifest naming
/// files elsewhere (absolute, `..`, in another folder), files not named as staged files, a
/// lock listing files to delete, batch files that are links. Recovery touches none of it.
#[cfg(unix)]
#[test]
fn planted_batch_files_never_move_or_delete_anything() {
    let root = tempfile::tempdir().unwrap();
    let (outside, out) = (root.path().join("outside"), root.path().join("out"));
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    let victim = outside.join("precious.txt");
    std::fs::write(&victim, "precious").unwrap();
    let payload = outside.join("payload.txt");
    std::fs::write(&payload, "payload").unwrap();
    std::fs::write(out.join("gold.csv"), "gold").unwrap();
    std::fs::write(out.join("evil"), "evil").unwrap();
    let h = |p: &Path| hex(p.as_os_str());
    let id = "0123456789abcdef";
    let identity_of = |p: &Path| recovery::identity(p).unwrap();
    // Entries a manifest may not name: each would move a file of the attacker's choice.
    let manifest = format!(
        "{MANIFEST_HEADER}\nfile {} {} {}\nfile {} {} {}\nfile {} {} {}\nfile {} {} {}\nsecondary {}\n",
        h(&payload),
        h(&victim),
        identity_of(&victim),
        h(Path::new("../outside/payload.txt")),
        h(Path::new("../outside/precious.txt")),
        identity_of(&victim),
        h(Path::new("evil")),
        h(Path::new("gold.csv")),
        identity_of(&out.join("gold.csv")),
        h(Path::new(&staged_name(OsStr::new("precious.txt"), id))),
        h(Path::new("../outside/precious.txt")),
        identity_of(&victim),
        h(&outside),
    );
    std::fs::write(batch_file(&out, id, MANIFEST), &manifest).unwrap();
    std::fs::write(batch_file(&out, id, LOCK), "").unwrap();
    // An uncommitted batch whose lock lists files to delete (old and new formats).
    let other = "fedcba9876543210";
    std::fs::write(
        batch_file(&out, other, LOCK),
        format!("{}\nsecondary {}\n", h(&victim), h(&outside)),
    )
    .unwrap();
    // Batch files that are links to files elsewhere.
    let linked = "00112233445566ff";
    std::os::unix::fs::symlink(&victim, batch_file(&out, linked, LOCK)).unwrap();
    let link_manifest = outside.join("m");
    std::fs::write(
        &link_manifest,
        format!("{MANIFEST_HEADER}\nfile {} {} -\n", h(&payload), h(&victim)),
    )
    .unwrap();
    std::os::unix::fs::symlink(&link_manifest, batch_file(&out, linked, MANIFEST)).unwrap();
    std::os::unix::fs::symlink(&victim, out.join(staged_name(OsStr::new("x"), other))).unwrap();
    let before = snapshot(&outside);
    finish_interrupted_writes(&out);
    write_atomically(&out.join("new.csv"), b"new").unwrap();
    assert_eq!(
        snapshot(&outside),
        before,
        "nothing outside the folder changed"
    );
    assert_eq!(read(&out.join("gold.csv")), "gold");
    assert_eq!(read(&out.join("evil")), "evil", "not a staged file's name");
    assert!(
        std::fs::symlink_metadata(batch_file(&out, linked, LOCK))
            .unwrap()
            .is_symlink(),
        "links are left as they are"
    );
}

/// A staged file named as the batch names them, in the folder, but a link (to a file elsewhere)
/// or a second name of another file: never renamed over its target.
#[cfg(unix)]
#[test]
fn a_staged_file_that_is_a_link_or_a_second_name_is_not_renamed() {
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let secret = root.path().join("secret.txt");
    std::fs::write(&secret, "secret").unwrap();
    let id = "0123456789abcdef";
    let (a, b) = (out.join("a.csv"), out.join("b.csv"));
    std::fs::write(&a, "a").unwrap();
    std::fs::write(&b, "b").unwrap();
    let staged_a = out.join(staged_name(OsStr::new("a.csv"), id));
    std::os::unix::fs::symlink(&secret, &staged_a).unwrap();
    let staged_b = out.join(staged_name(OsStr::new("b.csv"), id));
    std::fs::hard_link(&secret, &staged_b).unwrap();
    let h = |p: &Path| hex(p.as_os_str());
    let line = |staged: &Path, target: &Path| {
        format!(
            "file {} {} {}\n",
            h(Path::new(staged.file_name().unwrap())),
            h(Path::new(target.file_name().unwrap())),
            recovery::identity(target).unwrap()
        )
    };
    std::fs::write(
        batch_file(&out, id, MANIFEST),
        format!(
            "{MANIFEST_HEADER}\n{}{}",
            line(&staged_a, &a),
            line(&staged_b, &b)
        ),
    )
    .unwrap();
    std::fs::write(batch_file(&out, id, LOCK), "").unwrap();
    finish_interrupted_writes(&out);
    assert_eq!((read(&a), read(&b)), ("a".into(), "b".into()));
    assert_eq!(read(&secret), "secret");
}

/// Links placed at the names temporaries had when they were predictable (`.NAME.PID.tmp`)
/// or at a batch's staged name: a write never follows them.
#[cfg(unix)]
#[test]
fn links_at_temporary_names_are_never_followed() {
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let secret = root.path().join("secret.txt");
    std::fs::write(&secret, "secret").unwrap();
    for pid in [std::process::id(), std::process::id() + 1] {
        std::os::unix::fs::symlink(&secret, out.join(format!(".gold.csv.{pid}.tmp"))).unwrap();
    }
    let before = snapshot(root.path());
    let gold = out.join("gold.csv");
    write_atomically(&gold, b"gold").unwrap();
    write_together(|| write_atomically(&gold, b"gold 2")).unwrap();
    assert_eq!(read(&gold), "gold 2");
    let mut after = snapshot(root.path());
    after.remove(&gold);
    assert_eq!(after, before);
    // A link at the staged name of the batch's own id: refused, not followed.
    let mut batch = Batch::new();
    std::os::unix::fs::symlink(
        &secret,
        out.join(staged_name(OsStr::new("x.csv"), &batch.id)),
    )
    .unwrap();
    let error = batch.stage(&out.join("x.csv"), b"x").unwrap_err();
    assert!(error.message.contains("exists"), "{error}");
    batch.discard();
    assert_eq!(read(&secret), "secret");
}

/// Names of 240 to 255 bytes (the usual limit) are written alone and in a batch.
#[test]
fn the_longest_names_are_written() {
    let dir = tempfile::tempdir().unwrap();
    for length in [240, 250, 255] {
        let name = format!("{}.csv", "n".repeat(length - 4));
        let path = dir.path().join(&name);
        write_atomically(&path, b"alone").unwrap();
        assert_eq!(read(&path), "alone");
        write_together(|| write_atomically(&path, b"together")).unwrap();
        assert_eq!(read(&path), "together");
        // Multi-byte characters cut at a character in the temporary's name.
        let name = format!("{}.csv", "é".repeat((length - 4) / 2));
        write_atomically(&dir.path().join(&name), b"e").unwrap();
    }
    assert_eq!(hidden(dir.path()), Vec::<String>::new());
}

/// Devices and pipes are written through, never replaced: `/dev/null` stays a device,
/// `/dev/full` reports its full disk, a pipe without a reader is refused at once, one with a
/// reader receives the bytes.
#[cfg(unix)]
#[test]
fn devices_and_pipes_are_written_through_never_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let null = Path::new("/dev/null");
    if null.exists() {
        write_atomically(null, b"nothing").unwrap();
        write_together(|| write_atomically(null, b"nothing")).unwrap();
        assert!(
            std::fs::metadata(null)
                .unwrap()
                .file_type()
                .is_char_device()
        );
    }
    let full = Path::new("/dev/full");
    if full.exists() {
        let error = write_atomically(full, b"no room").unwrap_err();
        assert!(
            error
                .to_string()
                .contains("/dev/full: cannot write: No space left"),
            "{error}"
        );
        assert!(
            std::fs::metadata(full)
                .unwrap()
                .file_type()
                .is_char_device()
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    if !std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        return;
    }
    let error = write_atomically(&fifo, b"lost").unwrap_err();
    assert!(error.message.contains("no process reads"), "{error}");
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(&fifo).unwrap())
    };
    // The reader opens the pipe in its own time: retry until it has.
    let started = std::time::Instant::now();
    while write_atomically(&fifo, b"through the pipe").is_err() {
        assert!(started.elapsed().as_secs() < 10, "no reader after 10 s");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(reader.join().unwrap(), b"through the pipe");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(hidden(dir.path()), Vec::<String>::new());
}

/// A link of the user's own is followed (the file it names is replaced, the link stays); a link
/// to a missing file and a folder are refused.
#[cfg(unix)]
#[test]
fn a_link_output_writes_the_file_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.csv");
    std::fs::write(&real, "old").unwrap();
    let link = dir.path().join("link.csv");
    std::os::unix::fs::symlink("real.csv", &link).unwrap();
    write_atomically(&link, b"new").unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(read(&real), "new");
    write_together(|| write_atomically(&link, b"newer")).unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(read(&real), "newer");
    let dangling = dir.path().join("dangling.csv");
    std::os::unix::fs::symlink("missing.csv", &dangling).unwrap();
    let error = write_atomically(&dangling, b"x").unwrap_err();
    assert!(
        error.message.contains("symbolic link to a missing file"),
        "{error}"
    );
    assert!(!dir.path().join("missing.csv").exists());
    let error = write_atomically(dir.path(), b"x").unwrap_err();
    assert!(error.message.contains("it is a folder"), "{error}");
}

#[test]
fn a_second_batch_into_a_folder_waits_for_the_live_one_then_writes_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, report) = old_pair(dir.path());
    let mut first = Batch::new();
    first.stage(&gold, b"first gold").unwrap();
    first.stage(&report, b"first report").unwrap();
    let committing = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(400));
        first.commit()
    });
    let started = std::time::Instant::now();
    write_together(|| {
        write_atomically(&gold, b"second gold")?;
        write_atomically(&report, b"second report")
    })
    .unwrap();
    assert!(
        started.elapsed() >= std::time::Duration::from_millis(350),
        "the second batch waited for the first ({:?})",
        started.elapsed()
    );
    committing.join().unwrap().unwrap();
    assert_eq!(
        (read(&gold), read(&report)),
        ("second gold".into(), "second report".into()),
        "the second batch landed after the first, whole"
    );
    assert_no_leftovers(dir.path());
}

#[test]
fn a_second_batch_is_refused_when_the_live_one_outlasts_the_wait() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, report) = old_pair(dir.path());
    let mut first = Batch::new();
    first.stage(&report, b"first report").unwrap();
    let lock = format!(".gamma-studio-batch.{}.lock", first.id);
    assert!(hidden(&dir.path().join("sub")).contains(&lock));
    let before = snapshot(dir.path());
    let started = std::time::Instant::now();
    let refused = write_together(|| {
        write_atomically(&gold, b"second gold")?;
        write_atomically(&report, b"second report")
    })
    .unwrap_err();
    assert!(started.elapsed() >= busy::WAIT);
    let sub = dir.path().join("sub").canonicalize().unwrap();
    assert_eq!(
        refused.to_string(),
        format!(
            "{}: another Gamma Studio run is writing into {} (its lock {lock} is held); waited 2 \
             s, nothing was written: run again once it has finished",
            report.display(),
            sub.display()
        )
    );
    assert_eq!(snapshot(dir.path()), before, "the gold was not replaced");
    first.commit().unwrap();
    assert_eq!(
        (read(&gold), read(&report)),
        ("old gold".into(), "first report".into())
    );
    assert_no_leftovers(dir.path());
}

#[test]
fn a_lock_of_another_users_or_a_dead_writer_does_not_hold_a_batch_back() {
    let dir = tempfile::tempdir().unwrap();
    let (gold, report) = old_pair(dir.path());
    // A dead writer's lock (free) and a planted lock that is a link to a held one.
    killed_writer(&gold, &report, false, false);
    let mut held = Batch::new();
    held.stage(&dir.path().join("elsewhere.txt"), b"x").unwrap();
    let held_lock = dir
        .path()
        .join(format!(".gamma-studio-batch.{}.lock", held.id));
    let planted = dir
        .path()
        .join("sub/.gamma-studio-batch.0123456789abcdef.lock");
    std::os::unix::fs::symlink(&held_lock, &planted).unwrap();
    let started = std::time::Instant::now();
    write_atomically(&report, b"new report").unwrap();
    write_together(|| write_atomically(&report, b"newer report")).unwrap();
    assert!(started.elapsed() < busy::WAIT);
    assert_eq!(read(&report), "newer report");
    held.discard();
}
