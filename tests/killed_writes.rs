//! A process killed (SIGKILL) at any moment while it writes leaves every file whole, and the
//! files it writes together — a Glozz document's `.ac` and one `.aa` per annotator; a gold
//! standard, its report and its session (the session is written by the same code as the app's
//! autosave) — all old or all new once the next run has looked at the folder (issues: never lose
//! a user's data; reliability). The kill times are drawn from a seeded generator over the length
//! of an uninterrupted run.

use gamma_formats::finish_interrupted_writes;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Annotators of the Glozz document (one `.aa` each).
const GLOZZ_ANNOTATORS: usize = 12;
/// Annotators of the adjudicated document.
const GOLD_ANNOTATORS: usize = 3;
const KILLS: usize = 40;

/// A small seeded generator (xorshift64*), enough to spread the kill times.
struct Draws(u64);

impl Draws {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % bound.max(1)
    }
}

/// Document `version` (`units` units per annotator, all `annotators` agreeing) as `doc.csv` with
/// its text `doc.txt` of `units * 10 + 5` characters, in its own folder.
fn document(root: &Path, version: &str, units: usize, annotators: usize) -> PathBuf {
    let folder = root.join(version);
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("doc.txt"), "word ".repeat(units * 2 + 1)).unwrap();
    let mut csv = String::from("annotator,category,start,end\n");
    for annotator in 0..annotators {
        for unit in 0..units {
            let start = unit * 10;
            csv.push_str(&format!("a{annotator},PER,{start},{}\n", start + 4));
        }
    }
    let path = folder.join("doc.csv");
    std::fs::write(&path, csv).unwrap();
    path
}

fn run(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamma-studio"));
    command
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// Kills `args` runs at seeded moments (alternating two versions of the input), and after each
/// checks the outputs with `consistent` — before and after the next run's recovery.
fn kill_repeatedly(
    out_folder: &Path,
    versions: [Vec<String>; 2],
    seed: u64,
    consistent: impl Fn(bool) -> Result<(), String>,
) {
    let arguments = |v: usize| versions[v].iter().map(String::as_str).collect::<Vec<_>>();
    // The shorter of two uninterrupted runs (the first may be slower, files not yet cached).
    let mut whole_run = Duration::MAX;
    for version in [0, 1, 0] {
        let started = Instant::now();
        assert!(run(&arguments(version)).status().unwrap().success());
        whole_run = whole_run.min(started.elapsed());
    }
    consistent(true).unwrap();
    let mut draws = Draws(seed);
    let mut interrupted = 0;
    for kill in 0..KILLS {
        let mut child = run(&arguments(kill % 2)).spawn().unwrap();
        let delay = whole_run.as_micros() as u64 * 11 / 10;
        std::thread::sleep(Duration::from_micros(draws.below(delay)));
        let _ = child.kill();
        let status = child.wait().unwrap();
        interrupted += usize::from(!status.success());
        // Every file is whole even before the recovery; the set may still be mixed.
        consistent(false).unwrap_or_else(|e| panic!("kill {kill} (seed {seed}): {e}"));
        // Each folder a batch writes into holds its own lock: the output folder and its
        // annotators' folders are recovered, as the next write into each would. Recovery
        // changes only the folder it runs on, and a primary keeps its manifest while another
        // folder has not finished: the second round clears it.
        for _round in 0..2 {
            for folder in std::iter::once(out_folder.to_path_buf()).chain(subfolders(out_folder)) {
                finish_interrupted_writes(&folder);
            }
        }
        consistent(true).unwrap_or_else(|e| panic!("kill {kill} (seed {seed}), recovered: {e}"));
        let leftovers = hidden_files(out_folder);
        assert!(leftovers.is_empty(), "kill {kill}: left {leftovers:?}");
    }
    assert!(
        interrupted >= KILLS / 8,
        "only {interrupted} of {KILLS} runs were killed before they ended"
    );
}

/// The folders in `folder` (not through links).
fn subfolders(folder: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path())
        .collect()
}

/// Names starting with a dot (temporaries, batch files) in `folder` and its subfolders.
fn hidden_files(folder: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().is_dir() {
            found.extend(hidden_files(&entry.path()));
        } else if name.starts_with('.') {
            found.push(name);
        }
    }
    found
}

/// How many `<unit ` elements a Glozz file holds.
fn glozz_units(path: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !text.trim_end().ends_with("</annotations>") {
        return Err(format!("{} is torn", path.display()));
    }
    Ok(text.matches("<unit ").count())
}

#[test]
fn a_glozz_document_written_by_a_killed_convert_is_old_or_new_never_mixed() {
    let dir = tempfile::tempdir().unwrap();
    let (small, large) = (40, 60);
    let inputs = [
        document(dir.path(), "small", small, GLOZZ_ANNOTATORS),
        document(dir.path(), "large", large, GLOZZ_ANNOTATORS),
    ];
    let out = dir.path().join("out");
    let versions = inputs.map(|input| {
        ["convert", input.to_str().unwrap(), "--to", "glozz", "--out"]
            .iter()
            .map(|s| s.to_string())
            .chain([out.to_string_lossy().into_owned()])
            .collect()
    });
    let consistent = |recovered: bool| -> Result<(), String> {
        let text_length = std::fs::read_to_string(out.join("doc.ac"))
            .map_err(|e| e.to_string())?
            .len();
        let mut counts = vec![(text_length - 5) / 10];
        for annotator in 0..GLOZZ_ANNOTATORS {
            counts.push(glozz_units(
                &out.join(format!("a{annotator}")).join("doc.aa"),
            )?);
        }
        if counts.iter().any(|&c| c != small && c != large) {
            return Err(format!("a file of neither version: {counts:?}"));
        }
        if recovered && counts.iter().any(|&c| c != counts[0]) {
            return Err(format!("old and new files mixed: {counts:?}"));
        }
        Ok(())
    };
    kill_repeatedly(&out, versions, 22, consistent);
}

#[test]
fn a_gold_its_report_and_its_session_written_by_a_killed_run_belong_together() {
    let dir = tempfile::tempdir().unwrap();
    let (small, large) = (30, 50);
    let inputs = [
        document(dir.path(), "small", small, GOLD_ANNOTATORS),
        document(dir.path(), "large", large, GOLD_ANNOTATORS),
    ];
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let (gold, report, session) = (out.join("g.csv"), out.join("r.json"), out.join("s.json"));
    let versions = inputs.map(|input| {
        let mut args: Vec<String> = ["gold", input.to_str().unwrap(), "--auto", "unanimous"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for (option, path) in [
            ("--out", &gold),
            ("--report", &report),
            ("--session", &session),
        ] {
            args.push(option.to_string());
            args.push(path.to_string_lossy().into_owned());
        }
        args.push("--force".into());
        args
    });
    let json_alignments = |path: &Path, key: &str| -> Result<usize, String> {
        let value: serde_json::Value = serde_json::from_slice(
            &std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?,
        )
        .map_err(|e| format!("{} is torn: {e}", path.display()))?;
        let pointer = value
            .pointer(key)
            .and_then(serde_json::Value::as_array)
            .ok_or_else(|| format!("{} has no {key}", path.display()))?;
        Ok(pointer.len())
    };
    let consistent = |recovered: bool| -> Result<(), String> {
        let gold_text = std::fs::read_to_string(&gold).map_err(|e| e.to_string())?;
        if !gold_text.ends_with('\n') {
            return Err("the gold is torn".into());
        }
        let counts = [
            gold_text.lines().count() - 1,
            json_alignments(&report, "/alignments")?,
            json_alignments(&session, "/adjudication/proposals")?,
        ];
        if counts.iter().any(|&c| c != small && c != large) {
            return Err(format!("a file of neither version: {counts:?}"));
        }
        if recovered && counts.iter().any(|&c| c != counts[0]) {
            return Err(format!("gold, report and session disagree: {counts:?}"));
        }
        Ok(())
    };
    kill_repeatedly(&out, versions, 21, consistent);
}

/// `gold DIR`: every document's gold and the corpus's report, written by a killed run, are all
/// of one run or all of the other.
#[test]
fn a_corpus_gold_written_by_a_killed_run_is_every_old_file_or_every_new_one() {
    const DOCUMENTS: usize = 3;
    let dir = tempfile::tempdir().unwrap();
    let (small, large) = (30, 50);
    let corpora = [("small", small), ("large", large)].map(|(version, units)| {
        let corpus = dir.path().join(format!("{version}-corpus"));
        std::fs::create_dir(&corpus).unwrap();
        for d in 0..DOCUMENTS {
            let csv = document(
                dir.path(),
                &format!("{version}-{d}"),
                units,
                GOLD_ANNOTATORS,
            );
            std::fs::rename(&csv, corpus.join(format!("doc{d}.csv"))).unwrap();
        }
        corpus
    });
    let out = dir.path().join("out");
    let report = dir.path().join("r.json");
    let versions = corpora.map(|corpus| {
        [
            "gold",
            corpus.to_str().unwrap(),
            "--auto",
            "unanimous",
            "--out",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([out.to_string_lossy().into_owned(), "--report".into()])
        .chain([report.to_string_lossy().into_owned()])
        .collect::<Vec<String>>()
    });
    let consistent = |recovered: bool| -> Result<(), String> {
        let mut counts = Vec::new();
        for d in 0..DOCUMENTS {
            let gold = std::fs::read_to_string(out.join(format!("doc{d}.csv")))
                .map_err(|e| e.to_string())?;
            if !gold.ends_with('\n') {
                return Err(format!("the gold of doc{d} is torn"));
            }
            counts.push(gold.lines().count() - 1);
        }
        let value: serde_json::Value = serde_json::from_slice(
            &std::fs::read(&report).map_err(|e| format!("{}: {e}", report.display()))?,
        )
        .map_err(|e| format!("the report is torn: {e}"))?;
        for document in value["documents"].as_array().ok_or("no documents")? {
            counts.push(
                document["alignments"]
                    .as_array()
                    .ok_or("no alignments")?
                    .len(),
            );
        }
        if counts.iter().any(|&c| c != small && c != large) {
            return Err(format!("a file of neither version: {counts:?}"));
        }
        if recovered && counts.iter().any(|&c| c != counts[0]) {
            return Err(format!(
                "the documents' golds and the report disagree: {counts:?}"
            ));
        }
        Ok(())
    };
    std::fs::create_dir(&out).unwrap();
    kill_repeatedly(&out, versions, 23, |recovered| {
        // The report is in the folder above the golds: recovered as the next write there would
        // (each folder only by its own recovery), then the golds' folders again, where a
        // primary kept its manifest for the report's folder.
        if recovered {
            finish_interrupted_writes(dir.path());
            for folder in std::iter::once(out.clone()).chain(subfolders(&out)) {
                finish_interrupted_writes(&folder);
            }
        }
        consistent(recovered)
    });
}
