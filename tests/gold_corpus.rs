//! `gold DIR --auto … --out OUT`: the gold of every document of a corpus folder in one run, laid
//! out as the corpus, with one decision report; the STAC folder (CC BY-NC-SA, read in place from
//! ../shared, skipped with a notice when absent) and folders built here.

mod common;

use common::cli::{gamma_studio, json_of};
use gamma_formats::{ReadOptions, read_corpus};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn stac() -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpora/glozz/stac-s1-league2-game1");
    if path.is_dir() {
        Some(path)
    } else {
        println!("notice: ../shared/corpora/glozz is absent; the STAC corpus test is skipped");
        None
    }
}

fn write(root: &Path, files: &[(&str, &str)]) {
    for (name, content) in files {
        let path = root.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, content).unwrap();
    }
}

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Every file under `root` with its bytes (links as their targets), to show nothing changed.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(root).unwrap() {
        let path = entry.unwrap().path();
        let kind = std::fs::symlink_metadata(&path).unwrap().file_type();
        if kind.is_symlink() {
            let target = std::fs::read_link(&path).unwrap();
            files.insert(path, target.to_string_lossy().as_bytes().to_vec());
        } else if kind.is_dir() {
            files.extend(snapshot(&path));
        } else {
            files.insert(path.clone(), std::fs::read(&path).unwrap());
        }
    }
    files
}

/// The unit types and positions of a Glozz file, in order (ids and dates left out).
fn glozz_spans(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut found = Vec::new();
    for piece in text.split('<').skip(1) {
        if let Some(kind) = piece.strip_prefix("type>") {
            found.push(kind.to_string());
        } else if let Some(rest) = piece.strip_prefix("singlePosition index=\"") {
            found.push(rest.split('"').next().unwrap().to_string());
        }
    }
    found
}

/// STAC's `units/` folder: a `gold` folder of two `.aa`; document 12's gold is the one the
/// single-document run writes from the same two files.
#[test]
fn the_stac_folder_gives_a_gold_folder_whose_documents_equal_single_runs() {
    let Some(stac) = stac() else { return };
    let units = stac.join("units");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("gold-corpus");
    let report = dir.path().join("decisions.json");
    let run = gamma_studio(&[
        "gold",
        arg(&units),
        "--auto",
        "unanimous",
        "--out",
        arg(&out),
        "--report",
        arg(&report),
        "--json",
    ]);
    let summary = json_of(&run);
    let documents = summary["documents"].as_array().unwrap();
    assert_eq!(documents.len(), 2);
    let twelve = &documents[1];
    assert_eq!(twelve["document"], "s1-league2-game1_12");
    assert_eq!(twelve["alignments"], 64);
    assert_eq!(twelve["decided"], 61);
    assert_eq!(twelve["open"], 3);
    let corpus_gold = out.join("gold/s1-league2-game1_12.aa");
    assert!(out.join("gold/s1-league2-game1_07.aa").is_file());

    let single = dir.path().join("single.aa");
    let one = gamma_studio(&[
        "gold",
        arg(&units.join("SILVER/s1-league2-game1_12.aa")),
        arg(&units.join("hjoseph/s1-league2-game1_12.aa")),
        "--text",
        arg(&stac.join("unannotated/s1-league2-game1_12.ac")),
        "--auto",
        "unanimous",
        "--out",
        arg(&single),
        "--json",
    ]);
    let one = json_of(&one);
    assert_eq!(one["gold_units"], twelve["gold_units"]);
    assert_eq!(glozz_spans(&corpus_gold), glozz_spans(&single));
    assert!(
        glozz_spans(&single).len() > 100,
        "units and positions compared"
    );

    // One report: each document's decisions under "documents", with its gold file.
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let reports = report["documents"].as_array().unwrap();
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[1]["document"], "s1-league2-game1_12");
    assert_eq!(reports[1]["alignments"].as_array().unwrap().len(), 64);
    assert_eq!(reports[1]["gold"], arg(&corpus_gold));
}

/// brat as annotators share it; the corpus folder itself as the output: the gold becomes a
/// `gold` folder beside the annotators' with our mark in it, no input changes, and the next
/// `gamma` of the corpus gives the same γ as before, saying it skipped `gold` (issue 45: it was
/// measured as a third annotator).
#[test]
fn a_gold_folder_beside_the_annotators_folders_is_skipped_when_the_corpus_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let text = "Alice met Bob in Paris.";
    write(
        dir.path(),
        &[
            ("alice/one.txt", text),
            (
                "alice/one.ann",
                "T1\tPER 0 5\tAlice\nT2\tLOC 17 22\tParis\n",
            ),
            ("bob/one.txt", text),
            ("bob/one.ann", "T1\tPER 0 5\tAlice\nT2\tPER 17 22\tParis\n"),
        ],
    );
    let measure = || gamma_studio(&["gamma", arg(dir.path())]);
    let gamma_before = measure();
    assert!(gamma_before.status.success());
    let before = snapshot(dir.path());
    let run = gamma_studio(&[
        "gold",
        arg(dir.path()),
        "--auto",
        "unanimous",
        "--open-alignments",
        "suggestions",
        "--out",
        arg(dir.path()),
        "--json",
    ]);
    let summary = json_of(&run);
    assert_eq!(summary["documents"][0]["completed_with_suggestions"], 1);
    let after = snapshot(dir.path());
    for (path, bytes) in &before {
        assert_eq!(after.get(path), Some(bytes), "{} changed", path.display());
    }
    let added: Vec<&PathBuf> = after.keys().filter(|p| !before.contains_key(*p)).collect();
    let gold = dir.path().join("gold");
    assert_eq!(
        added,
        [
            &gold.join(gamma_formats::gold_corpus::GOLD_MARK),
            &gold.join("one.ann"),
            &gold.join("one.txt")
        ]
    );
    // Alice: unanimous; Paris: a tie of one LOC and one PER goes to the first annotator's.
    let written = std::fs::read_to_string(gold.join("one.ann")).unwrap();
    assert!(written.contains("PER 0 5\tAlice") && written.contains("LOC 17 22\tParis"));
    let (documents, warnings, plan) = read_corpus(dir.path(), &ReadOptions::default()).unwrap();
    assert_eq!(documents[0].continuum.annotator_names(), ["alice", "bob"]);
    assert_eq!(plan.gold_folders, std::slice::from_ref(&gold));
    assert!(
        warnings
            .iter()
            .any(|w| w.message.contains("folder \"gold\" skipped")),
        "{warnings:?}"
    );
    let gamma_after = measure();
    assert!(gamma_after.status.success());
    // Every line but the last (the seed and the time taken) is the same as before the gold.
    let measured = |out: &std::process::Output| -> Vec<String> {
        let stdout = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<String> = stdout.lines().map(str::to_string).collect();
        assert!(lines[3].contains("2 annotators"), "{stdout}");
        lines[..lines.len() - 1].to_vec()
    };
    assert_eq!(measured(&gamma_after), measured(&gamma_before));
    let stderr = String::from_utf8_lossy(&gamma_after.stderr);
    assert!(
        stderr.contains("folder \"gold\" skipped: it is a gold standard"),
        "{stderr}"
    );
}

/// Three CSV documents, two annotators, one file each: the three treatments of what is left
/// open, and the CSV report with a document column.
#[test]
fn open_alignments_are_skipped_left_out_or_completed_with_the_suggestion() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    let header = "annotator,category,start,end\n";
    write(
        &corpus,
        &[
            // Agreed everywhere.
            (
                "agreed.csv",
                &format!("{header}a,PER,0,5\nb,PER,0,5\na,LOC,10,15\nb,LOC,10,15\n"),
            ),
            // One unit on which they differ in category.
            (
                "split.csv",
                &format!("{header}a,PER,0,5\nb,PER,0,5\na,LOC,10,15\nb,ORG,10,15\n"),
            ),
            // A unit only c has (c annotates this document only).
            (
                "lone.csv",
                &format!("{header}a,PER,0,5\nb,PER,0,5\nc,PER,0,5\nc,LOC,20,30\n"),
            ),
        ],
    );
    let run = |treatment: &str, out: &Path, report: &Path| {
        json_of(&gamma_studio(&[
            "gold",
            arg(&corpus),
            "--auto",
            "unanimous",
            "--open-alignments",
            treatment,
            "--out",
            arg(out),
            "--report",
            arg(report),
            "--json",
        ]))
    };
    let lines = |path: &Path| std::fs::read_to_string(path).unwrap().lines().count() - 1;

    let skip = dir.path().join("skip");
    let summary = run("skip", &skip, &dir.path().join("skip.csv"));
    assert_eq!(summary["exported"], 1);
    assert_eq!(summary["skipped"], 2);
    let written: Vec<_> = std::fs::read_dir(&skip)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(written, ["agreed.csv"]);

    let decided = dir.path().join("decided");
    let summary = run("decided", &decided, &dir.path().join("decided.csv"));
    assert_eq!(summary["exported"], 3);
    assert_eq!(lines(&decided.join("agreed.csv")), 2);
    assert_eq!(lines(&decided.join("split.csv")), 1, "LOC/ORG left open");
    assert_eq!(lines(&decided.join("lone.csv")), 1, "c's LOC left open");

    let completed = dir.path().join("completed");
    let report = dir.path().join("completed.csv");
    let summary = run("suggestions", &completed, &report);
    assert_eq!(summary["documents"][1]["completed_with_suggestions"], 1);
    // The tie LOC/ORG goes to the first annotator's; c's lone LOC is rejected (two of three
    // have no unit there).
    let split = std::fs::read_to_string(completed.join("split.csv")).unwrap();
    assert!(split.contains("gold,LOC,10,15"), "{split}");
    assert_eq!(lines(&completed.join("lone.csv")), 1);

    // One CSV report: a document column, one column per annotator of the corpus (c only where
    // it annotated), the rule that completed the open ones.
    let mut reader = csv::Reader::from_path(&report).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        header,
        [
            "document",
            "alignment",
            "disorder",
            "status",
            "choice",
            "rule",
            "by",
            "at",
            "a",
            "b",
            "c",
            "gold",
            "reason",
            "note"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let of = |document: &str| rows.iter().filter(|r| &r[0] == document).count();
    assert_eq!((of("agreed"), of("split"), of("lone")), (2, 2, 2));
    let completed_row = rows
        .iter()
        .find(|r| &r[0] == "split" && &r[5] != "unanimous")
        .unwrap();
    assert_eq!(&completed_row[5], "threshold:inf:1");
    assert_eq!(&completed_row[10], "", "c did not annotate this document");
}

/// Hostile outputs: the gold folder planted as a link to elsewhere, and the corpus folder as the
/// output of a layout whose gold files would replace the inputs. Refused before anything is
/// written, naming the file.
#[cfg(unix)]
#[test]
fn a_linked_gold_folder_and_an_input_in_the_way_are_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let text = "Alice met Bob in Paris.";
    let corpus = dir.path().join("corpus");
    write(
        &corpus,
        &[
            ("alice/one.txt", text),
            ("alice/one.ann", "T1\tPER 0 5\tAlice\n"),
            ("bob/one.txt", text),
            ("bob/one.ann", "T1\tPER 0 5\tAlice\n"),
        ],
    );
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    std::os::unix::fs::symlink(&elsewhere, out.join("gold")).unwrap();
    let before = snapshot(dir.path());
    let run = gamma_studio(&[
        "gold",
        arg(&corpus),
        "--auto",
        "unanimous",
        "--out",
        arg(&out),
    ]);
    assert!(!run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains(&format!(
            "{}: is a symbolic link",
            out.join("gold").display()
        )),
        "{stderr}"
    );
    assert_eq!(snapshot(dir.path()), before);

    // CSV documents, one file each: their gold files, in the corpus folder itself, would be
    // the inputs.
    let csv_corpus = dir.path().join("csv");
    write(
        &csv_corpus,
        &[(
            "doc.csv",
            "annotator,category,start,end\na,PER,0,5\nb,PER,0,5\n",
        )],
    );
    let before = snapshot(dir.path());
    let run = gamma_studio(&[
        "gold",
        arg(&csv_corpus),
        "--auto",
        "unanimous",
        "--out",
        arg(&csv_corpus),
    ]);
    assert!(!run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("doc.csv: is a file of the corpus read: the gold never replaces an input"),
        "{stderr}"
    );
    assert_eq!(snapshot(dir.path()), before);
}
