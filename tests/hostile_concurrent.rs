//! Issue 35, concurrent runs: runs writing the same set of files into one folder (a gold, its
//! report and its session) take turns — a second run waits for the live one and writes its
//! whole set after it, or refuses once it has waited too long; the files of two runs are never
//! mixed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// `doc.csv` of three agreeing annotators with `units` units each, and its text, in `folder`.
fn document(folder: &Path, units: usize) -> PathBuf {
    std::fs::create_dir_all(folder).unwrap();
    std::fs::write(folder.join("doc.txt"), "word ".repeat(units * 2 + 1)).unwrap();
    let mut csv = String::from("annotator,category,start,end\n");
    for annotator in ["a", "b", "c"] {
        for unit in 0..units {
            csv.push_str(&format!(
                "{annotator},PER,{},{}\n",
                unit * 10,
                unit * 10 + 4
            ));
        }
    }
    std::fs::write(folder.join("doc.csv"), csv).unwrap();
    folder.join("doc.csv")
}

/// `gold INPUT --auto unanimous --out OUT/g.csv --report OUT/r.json --session OUT/s.json --force`.
fn gold(input: &Path, out: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamma-studio"));
    command.arg("gold").arg(input).args(["--auto", "unanimous"]);
    for (option, name) in [
        ("--out", "g.csv"),
        ("--report", "r.json"),
        ("--session", "s.json"),
    ] {
        command.arg(option).arg(out.join(name));
    }
    command
        .arg("--force")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

/// The units of the gold, the alignments of the report and the proposals of the session.
fn counts(out: &Path) -> [usize; 3] {
    let json = |name: &str, key: &str| -> usize {
        let value: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join(name)).unwrap()).unwrap();
        value.pointer(key).unwrap().as_array().unwrap().len()
    };
    let gold = std::fs::read_to_string(out.join("g.csv")).unwrap();
    [
        gold.lines().count() - 1,
        json("r.json", "/alignments"),
        json("s.json", "/adjudication/proposals"),
    ]
}

/// Every entry under `root`: its size and bytes (folders as such).
fn snapshot(root: &Path) -> BTreeMap<PathBuf, Option<Vec<u8>>> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(root).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(snapshot(&path));
            out.insert(path, None);
        } else {
            out.insert(path.clone(), Some(std::fs::read(&path).unwrap()));
        }
    }
    out
}

const REFUSED: &str = "another Gamma Studio run is writing into";

#[test]
fn runs_writing_one_gold_report_and_session_at_once_never_mix_their_files() {
    const ROUNDS: usize = 20;
    const RUNS: usize = 20;
    let dir = tempfile::tempdir().unwrap();
    let sizes = [30, 50];
    let inputs = sizes.map(|units| document(&dir.path().join(format!("v{units}")), units));
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    for round in 0..ROUNDS {
        let children: Vec<_> = (0..RUNS)
            .map(|run| gold(&inputs[run % 2], &out).spawn().unwrap())
            .collect();
        let outputs: Vec<Output> = children
            .into_iter()
            .map(|c| c.wait_with_output().unwrap())
            .collect();
        for output in &outputs {
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                output.status.success() || stderr.contains(REFUSED),
                "round {round}: {stderr}"
            );
        }
        let written = counts(&out);
        assert!(
            sizes.contains(&written[0]) && written.iter().all(|&c| c == written[0]),
            "round {round}: gold, report and session of different runs: {written:?}"
        );
        let hidden: Vec<_> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with('.'))
            .collect();
        assert!(hidden.is_empty(), "round {round}: left {hidden:?}");
    }
}

#[test]
fn a_run_into_a_folder_a_live_run_writes_waits_then_refuses_with_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let input = document(&dir.path().join("in"), 20);
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("g.csv"), "old gold").unwrap();
    // This test process plays the live run: its batch lock, held.
    let lock_name = ".gamma-studio-batch.00112233445566aa.lock";
    let lock = std::fs::File::create(out.join(lock_name)).unwrap();
    lock.lock().unwrap();
    let before = snapshot(dir.path());
    let started = std::time::Instant::now();
    let output = gold(&input, &out).output().unwrap();
    let waited = started.elapsed();
    assert_eq!(output.status.code(), Some(2));
    let canonical = out.canonicalize().unwrap();
    // The wait passes two seconds: the command's heartbeat lines ("still computing after
    // 2 s …") come first; the refusal is the rest, exactly.
    let stderr = String::from_utf8_lossy(&output.stderr);
    let said: String = (stderr.lines())
        .filter(|l| !l.contains("still computing after"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        said,
        format!(
            "gamma-studio: {}: {REFUSED} {} (its lock {lock_name} is held); waited 10 s, \
             nothing was written: run again once it has finished\n",
            out.join("g.csv").display(),
            canonical.display()
        )
    );
    assert!(waited >= std::time::Duration::from_secs(10), "{waited:?}");
    assert_eq!(snapshot(dir.path()), before, "nothing changed");
    // Once it is released, the same run writes.
    lock.unlock().unwrap();
    assert!(gold(&input, &out).status().unwrap().success());
    assert_eq!(counts(&out), [20, 20, 20]);
}
