//! `examples --pair A,B`: the places where two categories meet, for the guidelines — on the
//! demo corpora and STAC document 12 (from ../shared, skipped with a notice when absent).

mod common;

use common::cli::{demo, gamma_studio};
use serde_json::Value;
use std::path::PathBuf;

fn run(files: &[String], more: &[&str]) -> std::process::Output {
    let mut args = vec!["examples"];
    args.extend(more);
    args.extend(files.iter().map(String::as_str));
    gamma_studio(&args)
}

fn named_entities() -> Vec<String> {
    ["ana", "ben", "chloe"]
        .map(|a| demo(&format!("glozz/{a}/named-entities.aa")))
        .to_vec()
}

#[test]
fn the_demos_loc_and_org_meet_once_with_their_text() {
    let out = run(&named_entities(), &["--pair", "LOC,ORG"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("## LOC and ORG\n\n1 place\n"), "{text}");
    assert!(
        text.contains("the **Swiss Federal Polytechnic in Zurich** admitted"),
        "{text}"
    );
    assert!(
        text.contains("  - ben: LOC “Swiss Federal Polytechnic” \\[256, 281)"),
        "{text}"
    );
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("examples.json");
    let out = run(
        &named_entities(),
        &["--pair", "PER,∅", "-o", json.to_str().unwrap()],
    );
    assert!(out.status.success());
    let found: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let places: Vec<u64> = (found.as_array().unwrap().iter())
        .map(|e| e["id"]["alignment"].as_u64().unwrap() + 1)
        .collect();
    assert_eq!(places, [7, 9]);
    let csv_path = dir.path().join("examples.csv");
    let out = run(
        &named_entities(),
        &["--pair", "ORG,LOC", "-o", csv_path.to_str().unwrap()],
    );
    assert!(out.status.success());
    let mut reader = csv::Reader::from_path(&csv_path).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (&rows[0][1], &rows[0][5]),
        ("13", "Swiss Federal Polytechnic in Zurich")
    );
    let unknown = run(&named_entities(), &["--pair", "LOC,MISC"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("DATE, LOC, ORG, PER"));
}

#[test]
fn the_discourse_demo_and_stac_document_12() {
    let discourse = ["ana", "ben"].map(|a| demo(&format!("discourse/{a}/dialogue.aa")));
    let out = run(&discourse, &["--pair", "Segment,empty"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 place"));
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpora/glozz/stac-s1-league2-game1/units");
    if !folder.is_dir() {
        println!(
            "notice: {} is absent; STAC document 12 is skipped",
            folder.display()
        );
        return;
    }
    let files = ["hjoseph", "SILVER"].map(|a| {
        folder
            .join(a)
            .join("s1-league2-game1_12.aa")
            .to_string_lossy()
            .into_owned()
    });
    let out = run(&files, &["--pair", "FIXME:Offer,Offer"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1 place"), "{text}");
    assert!(text.contains("(alignment 10)"), "{text}");
}
