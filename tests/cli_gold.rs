//! The `gamma-studio gold` command end to end: bulk rules, the gold, the report and the
//! session it writes, and what it refuses.

mod common;

use common::cli::{gamma_studio, json_of, path};
use common::fixture;
use serde_json::Value;

#[test]
fn gold_command_applies_rules_in_order_and_writes_gold_report_and_session() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("gold.aa");
    let report = dir.path().join("report.json");
    let session = dir.path().join("session.json");
    let alice = path("glozz/alice.aa");
    let bob = path("glozz/bob.aa");
    let text = path("glozz/doc.ac");
    let summary = json_of(&gamma_studio(&[
        "gold",
        &alice,
        &bob,
        "--text",
        &text,
        "--category-feature",
        "entity",
        "--auto",
        "unanimous",
        "--auto",
        "threshold:0.5:2",
        "--adjudicator",
        "Ada",
        "--out",
        out.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
        "--session",
        session.to_str().unwrap(),
        "--json",
    ]));
    // Bob is unanimous; Zoë (shifted) is within 0.5; Caen (LOC/ORG) and He (alone) have no
    // majority of 2.
    assert_eq!(summary["alignments"], 4);
    assert_eq!(summary["rules"][0]["decided"], 1);
    assert_eq!(summary["rules"][1]["decided"], 1);
    assert_eq!(summary["decided"], 2);
    assert_eq!(summary["gold_units"], 2);
    assert_eq!(summary["format"], "glozz");
    let aa = std::fs::read_to_string(&out).unwrap();
    // The two gold units, and the Sentence both annotators have alike (not measured: it has no
    // entity feature), carried into the gold once.
    assert_eq!(aa.matches("<unit ").count(), 3, "{aa}");
    assert_eq!(aa.matches("<type>Sentence</type>").count(), 1, "{aa}");
    // Alice's relation links "He" (left open: no gold unit), so it and the schema that holds it
    // are kept out of the gold and said so.
    assert_eq!(
        summary["carried_notes"],
        serde_json::json!([
            "relation \"alice_1700000000005\" (Coref) of alice is not in the gold: alice_1700000000004 has no gold unit",
            "schema \"alice_1700000000006\" (Chain) of alice is not in the gold: alice_1700000000004 has no gold unit",
        ])
    );
    assert_eq!(summary["base"], "alice");
    assert!(aa.contains("<author>Ada</author>"));
    assert_eq!(aa.matches("<type>Mention</type>").count(), 2, "{aa}");
    assert_eq!(
        aa.matches("<feature name=\"entity\">PER</feature>").count(),
        2,
        "{aa}"
    );
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(report["adjudicator"], "Ada");
    assert_eq!(report["carried_notes"], summary["carried_notes"]);
    assert_eq!(report["alignments"].as_array().unwrap().len(), 4);
    let loaded = gamma_formats::session::Session::load(&session).unwrap();
    assert_eq!(loaded.adjudication.progress().decided, 2);
    assert_eq!(loaded.inputs.len(), 3, "the .ac and both .aa");
}

#[test]
fn gold_command_refuses_to_overwrite_an_input_and_bad_rules() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("h6.csv");
    std::fs::copy(fixture("pygamma/h6_three_annot.csv"), &input).unwrap();
    let before = std::fs::read(&input).unwrap();
    let input_arg = input.to_str().unwrap();
    let output = gamma_studio(&["gold", input_arg, "--auto", "unanimous", "--out", input_arg]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("is an input file"));
    assert_eq!(std::fs::read(&input).unwrap(), before);

    let out = dir.path().join("gold.csv");
    let output = gamma_studio(&[
        "gold",
        input_arg,
        "--auto",
        "threshold:0.2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("threshold:T:K"));
    let output = gamma_studio(&[
        "gold",
        input_arg,
        "--auto",
        "unanimous",
        "--out",
        "gold.txt",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!out.exists());
}

#[test]
fn an_unknown_base_annotator_is_refused_with_the_names_there_are() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("gold.aa");
    let output = gamma_studio(&[
        "gold",
        &path("glozz/alice.aa"),
        &path("glozz/bob.aa"),
        "--text",
        &path("glozz/doc.ac"),
        "--auto",
        "unanimous",
        "--base",
        "carol",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--base \"carol\": no such annotator (the annotators are alice, bob)"),
        "{stderr}"
    );
    assert!(!out.exists(), "nothing is written");
}

/// A gold written in a format that cannot hold what the gold units have says what it left out.
#[test]
fn a_gold_in_a_format_without_features_says_they_are_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("doc.csv");
    std::fs::write(
        &input,
        "annotator,category,start,end,entity\na,PER,0,5,x\nb,PER,0,5,x\n",
    )
    .unwrap();
    let out = dir.path().join("gold.rttm");
    let output = common::cli::gamma_studio(&[
        "gold",
        input.to_str().unwrap(),
        "--auto",
        "unanimous",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!(
            "{}: RTTM has no place for the units' features: those of 1 unit (entity) are left out",
            out.display()
        )),
        "{stderr}"
    );
}

/// The gold of an ELAN document (milliseconds) written as TextGrid or RTTM is in seconds, as
/// `convert` writes them: 1234 ms is 1.234 s.
#[test]
fn a_gold_of_milliseconds_is_written_in_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("doc.csv");
    std::fs::write(
        &csv,
        "annotator,category,start,end\na,X,1234,4400\nb,X,1234,4400\n",
    )
    .unwrap();
    let eaf = dir.path().join("doc.eaf");
    let run = |args: &[&str]| {
        let output = common::cli::gamma_studio(args);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "{stderr}");
        stderr
    };
    let to_elan = [csv.to_str().unwrap(), "--to", "elan", "--out"];
    run(&[&["convert"], &to_elan[..], &[eaf.to_str().unwrap()]].concat());
    for (name, written) in [
        ("gold.TextGrid", "xmin = 1.234\n            xmax = 4.4\n"),
        (
            "gold.rttm",
            "SPEAKER gold 1 1.234 3.166 <NA> <NA> X <NA> <NA>\n",
        ),
    ] {
        let out = dir.path().join(name);
        let args = [
            "gold",
            eaf.to_str().unwrap(),
            "--auto",
            "unanimous",
            "--out",
        ];
        let stderr = run(&[&args[..], &[out.to_str().unwrap()]].concat());
        let gold = std::fs::read_to_string(&out).unwrap();
        assert!(gold.contains(written), "{name}: {gold}\n{stderr}");
    }
}
