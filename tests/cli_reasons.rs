//! Reasons and notes on gold decisions through the command line: `gold --reason --note
//! --reasons`, the session (version 5, older ones read with no reasons), the decision report,
//! and the agreement report's reasons by category — on the demo corpora and STAC document 12.

mod common;

use common::cli::{gamma_studio, json_of};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn demo(relative: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("resources/demo")
        .join(relative)
        .to_string_lossy()
        .into_owned()
}

fn named_entities() -> Vec<String> {
    ["ana", "ben", "chloe"]
        .map(|a| demo(&format!("glozz/{a}/named-entities.aa")))
        .to_vec()
}

fn gold(files: &[String], dir: &Path, more: &[&str]) -> std::process::Output {
    let out = dir.join("gold.aa");
    let mut args = vec!["gold", "-o", out.to_str().unwrap(), "--adjudicator", "lead"];
    args.extend(files.iter().map(String::as_str));
    args.extend(more);
    gamma_studio(&args)
}

fn read_json(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn the_rules_decisions_carry_the_reason_and_note_into_the_session_and_the_reports() {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("session.json");
    let report = dir.path().join("report.csv");
    let run = gold(
        &named_entities(),
        dir.path(),
        &[
            "--auto",
            "unanimous",
            "--reason",
            "Annotator error",
            "--note",
            "=checked with the lead",
            "--session",
            session.to_str().unwrap(),
            "--report",
            report.to_str().unwrap(),
        ],
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let saved = read_json(&session);
    assert_eq!(saved["version"], 5);
    assert_eq!(saved["reasons"][1]["key"], "guideline-gap");
    let decided: Vec<&Value> = (saved["adjudication"]["decisions"]
        .as_array()
        .unwrap()
        .iter())
    .filter(|d| d["status"] == "decided")
    .collect();
    assert!(!decided.is_empty());
    for d in &decided {
        assert_eq!(d["reason"], "annotator-error");
        assert_eq!(d["note"], "=checked with the lead");
    }
    // The CSV report: the reason and the note, a note that would be a formula neutralised.
    let csv = std::fs::read_to_string(&report).unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(&header[header.len() - 2..], ["reason", "note"]);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let with_reason = rows
        .iter()
        .filter(|r| &r[header.len() - 2] == "annotator-error")
        .count();
    assert_eq!(with_reason, decided.len());
    assert!(
        rows.iter()
            .any(|r| &r[header.len() - 1] == "'=checked with the lead")
    );

    // The agreement report counts them by category.
    let md = dir.path().join("report.md");
    let mut args = vec![
        "report",
        "-o",
        md.to_str().unwrap(),
        "--session",
        session.to_str().unwrap(),
    ];
    let files = named_entities();
    args.extend(files.iter().map(String::as_str));
    let run = gamma_studio(&args);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&md).unwrap();
    assert!(
        text.contains("## Reasons of the gold decisions, by category"),
        "{text}"
    );
    assert!(
        text.contains("| decisions of | annotator error | no reason | all |"),
        "{text}"
    );
    let all: usize = (text.lines())
        .skip_while(|l| !l.starts_with("| decisions of"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .nth(1)
                .unwrap()
                .trim()
                .parse::<usize>()
                .unwrap()
        })
        .sum();
    assert_eq!(all, decided.len());
}

#[test]
fn an_unknown_reason_is_refused_and_a_campaigns_own_list_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let run = gold(
        &named_entities(),
        dir.path(),
        &["--auto", "unanimous", "--reason", "tired"],
    );
    assert_eq!(run.status.code(), Some(2));
    let message = String::from_utf8_lossy(&run.stderr);
    assert!(
        message.contains("--reason: \"tired\" is not a reason of this campaign"),
        "{message}"
    );
    assert!(message.contains("guideline-gap"), "{message}");
    let list = dir.path().join("reasons.txt");
    std::fs::write(
        &list,
        "# our campaign\nmetonymy: a place for its people\nNested entity\n",
    )
    .unwrap();
    let session = dir.path().join("session.json");
    let run = gold(
        &named_entities(),
        dir.path(),
        &[
            "--auto",
            "unanimous",
            "--reasons",
            list.to_str().unwrap(),
            "--reason",
            "nested entity",
            "--session",
            session.to_str().unwrap(),
        ],
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let saved = read_json(&session);
    assert_eq!(
        saved["reasons"][0],
        serde_json::json!({"key": "metonymy", "label": "a place for its people"})
    );
    let decisions = saved["adjudication"]["decisions"].as_array().unwrap();
    assert!(decisions.iter().any(|d| d["reason"] == "nested-entity"));
    // Resumed: the session's list still holds, without --reasons.
    let run = gold(
        &named_entities(),
        dir.path(),
        &[
            "--auto",
            "threshold:0.2:2",
            "--reason",
            "metonymy",
            "--session",
            session.to_str().unwrap(),
        ],
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

/// A session of version 4 (before reasons) is resumed: no reason, the default list.
#[test]
fn an_older_session_is_read_with_no_reasons() {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("session.json");
    let run = gold(
        &named_entities(),
        dir.path(),
        &[
            "--auto",
            "unanimous",
            "--session",
            session.to_str().unwrap(),
        ],
    );
    assert!(run.status.success());
    let mut old = read_json(&session);
    old["version"] = 4.into();
    old.as_object_mut().unwrap().remove("reasons");
    assert!(!serde_json::to_string(&old).unwrap().contains("\"reason\""));
    std::fs::write(&session, serde_json::to_vec(&old).unwrap()).unwrap();
    let loaded = gamma_formats::session::Session::load(&session).unwrap();
    assert_eq!(loaded.reasons, gamma_core::gold::ReasonList::default());
    assert!(
        (0..loaded.adjudication.proposals().len())
            .all(|i| loaded.adjudication.rationale(i).is_empty())
    );
    let run = gold(
        &named_entities(),
        dir.path(),
        &[
            "--auto",
            "threshold:0.3:2",
            "--reason",
            "boundary-convention",
            "--session",
            session.to_str().unwrap(),
        ],
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(read_json(&session)["version"], 5);
}

/// The discourse demo's relations decided by the unanimous rule take its reason too; so do
/// STAC document 12's (skipped with a notice when ../shared is absent).
#[test]
fn relation_decisions_of_the_discourse_demo_and_stac_document_12_take_the_reason() {
    let stac = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpora/glozz/stac-s1-league2-game1/discourse");
    let mut cases = vec![
        ["ana", "ben"]
            .map(|a| demo(&format!("discourse/{a}/dialogue.aa")))
            .to_vec(),
    ];
    if stac.is_dir() {
        cases.push(
            ["hjoseph", "SILVER"]
                .map(|a| {
                    stac.join(a)
                        .join("s1-league2-game1_12.aa")
                        .to_string_lossy()
                        .into_owned()
                })
                .to_vec(),
        );
    } else {
        println!(
            "notice: {} is absent; STAC document 12 is skipped",
            stac.display()
        );
    }
    for files in cases {
        let dir = tempfile::tempdir().unwrap();
        let report = dir.path().join("report.json");
        let run = gold(
            &files,
            dir.path(),
            &[
                "--auto",
                "unanimous",
                "--reason",
                "ambiguous text",
                "--note",
                "pilot round",
                "--report",
                report.to_str().unwrap(),
                "--json",
            ],
        );
        let summary = json_of(&run);
        assert!(summary["decided"].as_u64().unwrap() > 0);
        let report = read_json(&report);
        let decided_relations: Vec<&Value> = (report["relations"].as_array().unwrap().iter())
            .filter(|r| r["status"] == "decided")
            .collect();
        assert!(!decided_relations.is_empty());
        assert!(
            decided_relations
                .iter()
                .all(|r| r["reason"] == "ambiguous-text" && r["note"] == "pilot round")
        );
        let alignments = report["alignments"].as_array().unwrap();
        assert!(
            alignments
                .iter()
                .filter(|a| a["status"] == "decided")
                .all(|a| a["reason"] == "ambiguous-text")
        );
        assert!(
            alignments
                .iter()
                .filter(|a| a["status"] == "open")
                .all(|a| a["reason"].is_null())
        );
    }
}
