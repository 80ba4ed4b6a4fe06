//! The command line never writes over what it reads nor writes two outputs into one file, and
//! `gold --session` goes on with an existing session instead of replacing it (issue: never lose
//! a user's data). Every refusal exits with 2, names the file, and leaves every file as it was.

mod common;

use common::cli::gamma_studio;
use common::fixture;
use std::path::Path;
use std::process::Output;

fn refused(output: &Output, expected: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "stderr: {stderr}");
    assert!(
        stderr.contains(expected),
        "expected {expected:?} in: {stderr}"
    );
}

fn text(path: &Path) -> String {
    path.to_str().unwrap().to_string()
}

#[test]
fn an_output_that_is_an_input_or_another_output_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("doc.csv");
    std::fs::copy(fixture("pygamma/h6_three_annot.csv"), &doc).unwrap();
    let before = std::fs::read(&doc).unwrap();
    let doc = text(&doc);

    let output = gamma_studio(&[
        "sweep",
        "--reference",
        &doc,
        "--error",
        "shift",
        "--sets",
        "1",
        "--out",
        &doc,
    ]);
    refused(&output, "is an input file of this command (the reference");

    let model = dir.path().join("model.json");
    std::fs::copy(fixture("../../resources/models/default.json"), &model).unwrap();
    let model_before = std::fs::read(&model).unwrap();
    let output = gamma_studio(&[
        "sweep",
        "--model",
        &text(&model),
        "--error",
        "shift",
        "--sets",
        "1",
        "--out",
        &text(&model),
    ]);
    refused(&output, "(the model: ");
    assert_eq!(std::fs::read(&model).unwrap(), model_before);

    let shuffled = dir.path().join("shuffled.csv");
    std::fs::copy(fixture("pygamma/h6_three_annot.csv"), &shuffled).unwrap();
    let output = gamma_studio(&[
        "shuffle",
        "--reference",
        &text(&shuffled),
        "--error",
        "shift",
        "--magnitude",
        "0.2",
        "--out",
        &text(dir.path()),
    ]);
    refused(&output, "shuffled.csv is an input file");

    let gold = text(&dir.path().join("g.csv"));
    let output = gamma_studio(&[
        "gold",
        &doc,
        "--auto",
        "unanimous",
        "--out",
        &gold,
        "--report",
        &gold,
    ]);
    refused(&output, "two outputs cannot be one file");
    let output = gamma_studio(&[
        "gold",
        &doc,
        "--auto",
        "unanimous",
        "--out",
        &gold,
        "--session",
        &doc,
    ]);
    refused(&output, "--session");
    assert_eq!(std::fs::read(dir.path().join("doc.csv")).unwrap(), before);
    assert!(!dir.path().join("g.csv").exists());
}

#[test]
fn nonsense_factors_and_counts_are_refused_with_the_allowed_range() {
    for (option, value, expected) in [
        (
            "--shift-factor",
            "NaN",
            "--shift-factor must be a number from 0 to 100",
        ),
        (
            "--false-positive-factor=-1",
            "",
            "--false-positive-factor must be",
        ),
        ("--annotators", "0", "--annotators must be from 2 to 1000"),
    ] {
        let mut args = vec![
            "sweep", "--model", "default", "--error", "shift", "--sets", "1", option,
        ];
        if !value.is_empty() {
            args.push(value);
        }
        let output = gamma_studio(&args);
        refused(&output, expected);
    }
}

/// The number of decided alignments that `gold --json` reports.
fn decided(output: &Output) -> u64 {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    json["decided"].as_u64().unwrap()
}

#[test]
fn gold_goes_on_with_its_session_and_refuses_another_documents() {
    let dir = tempfile::tempdir().unwrap();
    let session = text(&dir.path().join("session.json"));
    let gold = text(&dir.path().join("gold.csv"));
    let h6 = fixture("pygamma/h6_three_annot.csv");
    let h6 = text(&h6);
    let run = |rule: &str, file: &str, extra: &[&str]| {
        let mut args = vec![
            "gold",
            file,
            "--auto",
            rule,
            "--out",
            &gold,
            "--session",
            &session,
        ];
        args.extend_from_slice(extra);
        args.push("--json");
        gamma_studio(&args)
    };
    let unanimous = decided(&run("unanimous", &h6, &[]));
    // The second run resumes the first one's decisions and adds its own.
    let threshold_alone = {
        let other = text(&dir.path().join("alone.json"));
        let output = gamma_studio(&[
            "gold",
            &h6,
            "--auto",
            "threshold:1:2",
            "--out",
            &gold,
            "--session",
            &other,
            "--json",
        ]);
        decided(&output)
    };
    let both = decided(&run("threshold:1:2", &h6, &[]));
    // h6: the unanimous rule decides 1 alignment, the threshold rule 2 (1 of them the same).
    assert_eq!((unanimous, threshold_alone, both), (1, 2, 2));
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&session).unwrap()).unwrap();
    let steps = saved["adjudication"]["undo"].as_array().unwrap().len();
    assert_eq!(steps, 2, "both runs are in the session's history");

    let other = fixture("pygamma/k3_p40.csv");
    let output = run("unanimous", &text(&other), &[]);
    refused(&output, "holds the adjudication of another document");
    let output = run("unanimous", &text(&other), &["--force"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn coefficients_of_a_document_before_zero_are_those_of_the_same_document_moved() {
    let dir = tempfile::tempdir().unwrap();
    let before_zero = dir.path().join("neg.csv");
    let moved = dir.path().join("pos.csv");
    std::fs::write(&before_zero, "a,X,-10,-5\nb,X,-10,-6\na,Y,0,4\nb,Y,1,4\n").unwrap();
    std::fs::write(&moved, "a,X,0,5\nb,X,0,4\na,Y,10,14\nb,Y,11,14\n").unwrap();
    let json = |path: &Path| {
        let output = gamma_studio(&["coefficients", &text(path), "--json"]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        value["coefficients"].clone()
    };
    let values = json(&before_zero);
    assert_eq!(values, json(&moved));
    assert!(
        values.to_string().contains("0.78"),
        "κd is defined: {values}"
    );
}

#[test]
fn convert_refuses_two_documents_into_one_file_before_writing_any() {
    let dir = tempfile::tempdir().unwrap();
    for folder in ["a", "b"] {
        std::fs::create_dir(dir.path().join(folder)).unwrap();
        std::fs::copy(
            fixture("pygamma/h6_three_annot.csv"),
            dir.path().join(folder).join("x.csv"),
        )
        .unwrap();
    }
    let out = dir.path().join("out");
    let output = gamma_studio(&[
        "convert",
        &text(&dir.path().join("a/x.csv")),
        &text(&dir.path().join("b/x.csv")),
        "--to",
        "csv",
        "--out",
        &text(&out),
    ]);
    refused(&output, "two outputs cannot be one file");
    assert!(!out.exists(), "nothing written");
    let input = text(&dir.path().join("a/x.csv"));
    let output = gamma_studio(&["convert", &input, "--to", "csv", "--out", &input]);
    refused(&output, "is an input file");
}

#[test]
fn the_same_file_twice_and_a_cora_layer_no_token_has_are_refused() {
    let h6 = fixture("pygamma/h6_three_annot.csv");
    let same = h6.parent().unwrap().join(".").join("h6_three_annot.csv");
    let output = gamma_studio(&["gamma", &text(&h6), &text(&same)]);
    refused(&output, "given twice");
    let a = fixture("cora/p1_pos_A.xml");
    let b = fixture("cora/p1_pos_B.xml");
    let output = gamma_studio(&["gamma", &text(&a), &text(&b), "--layer", "nope"]);
    refused(
        &output,
        "no token has the layer \"nope\" chosen as the category (layers here: pos",
    );
}
