//! `gamma … --diagnose`: the anatomy of the disagreement through the binary, on the demo
//! corpora and STAC document 12 (read from ../shared, skipped with a notice when absent).

mod common;

use common::cli::{gamma_studio, json_of};
use serde_json::Value;
use std::path::PathBuf;

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

fn diagnose(files: &[String]) -> Value {
    let mut args = vec!["gamma", "--diagnose", "--json", "--bootstrap", "200"];
    args.extend(files.iter().map(String::as_str));
    json_of(&gamma_studio(&args))["diagnostics"].clone()
}

fn sum(rows: &Value, field: &str) -> f64 {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let parts = &r[field];
            ["positional", "categorical", "empty"]
                .iter()
                .map(|k| parts[k].as_f64().unwrap())
                .sum::<f64>()
        })
        .sum()
}

#[test]
fn the_demo_anatomy_sums_to_its_observed_disorder_and_names_the_annotator_who_lowers_gamma() {
    let files = named_entities();
    let d = diagnose(&files);
    let observed = d["observed_disorder"].as_f64().unwrap();
    for table in ["per_category", "per_pair"] {
        let total = sum(&d["decomposition"][table], "parts");
        assert!(
            (total - observed).abs() < 1e-12,
            "{table}: {total} ≠ {observed}"
        );
    }
    let cells: f64 = (d["confusions"].as_array().unwrap().iter())
        .map(|c| c["disorder"].as_f64().unwrap())
        .sum();
    assert!((cells - observed).abs() < 1e-12);
    // ana's LOC against ben's ORG in one alignment (the 13th): a confusion and its place.
    let loc_org = (d["confusions"].as_array().unwrap().iter())
        .find(|c| c["first"] == "LOC" && c["second"] == "ORG")
        .unwrap();
    assert_eq!(loc_org["pairs"], 2);
    assert_eq!(loc_org["alignments"][0]["alignment"], 12);
    // ben missed one PER and added another; chloe added a DATE.
    let profile = |name: &str| {
        (d["profiles"].as_array().unwrap().iter())
            .find(|p| p["annotator"] == name)
            .unwrap()
            .clone()
    };
    assert_eq!(profile("ben")["missed"]["count"], 1);
    assert_eq!(profile("ben")["added"]["count"], 1);
    assert_eq!(profile("chloe")["added"]["count"], 1);
    assert_eq!(d["position_unit"], "characters");
    // Left out: γ without ben is the highest, with an interval around it.
    let left: Vec<(String, f64)> = (d["left_out"].as_array().unwrap().iter())
        .map(|r| {
            (
                r["annotator"].as_str().unwrap().to_string(),
                r["gamma"].as_f64().unwrap(),
            )
        })
        .collect();
    let best = left.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    assert_eq!(best.0, "ben");
    let without_ben = &d["left_out"][1]["confidence_interval"]["gamma"];
    assert!(
        without_ben[0].as_f64().unwrap() <= best.1 && best.1 <= without_ben[1].as_f64().unwrap()
    );
    // The text says the same for people.
    let mut args = vec!["gamma", "--diagnose", "--bootstrap", "200"];
    args.extend(files.iter().map(String::as_str));
    let out = gamma_studio(&args);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("LOC – ORG: 2 pairs"), "{text}");
    assert!(text.contains("without ben: γ = "), "{text}");
    assert!(text.contains("missed: alignments 7"), "{text}");
}

#[test]
fn the_discourse_demo_has_one_segment_that_ben_has_not() {
    let files = ["ana", "ben"].map(|a| demo(&format!("discourse/{a}/dialogue.aa")));
    let d = diagnose(&files);
    let cell = &d["confusions"][0];
    assert_eq!(
        (cell["first"].as_str(), cell["second"].as_str()),
        (Some("Segment"), None)
    );
    assert_eq!(cell["alignments"][0]["alignment"], 10);
    assert_eq!(d["profiles"][0]["added"]["count"], 1);
    assert_eq!(d["profiles"][1]["missed"]["count"], 1);
    // Two annotators: nobody can be left out.
    assert!(
        d["left_out"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["gamma"].is_null())
    );
}

/// STAC document 12's units (hjoseph and SILVER), counted by hand in the files: SILVER has two
/// `FIXME:Offer` units hjoseph has not, and one where hjoseph has an `Offer`.
#[test]
fn stac_document_12_anatomy() {
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
    let d = diagnose(&files);
    let cell = |first: &str, second: Option<&str>| {
        (d["confusions"].as_array().unwrap().iter())
            .find(|c| c["first"] == first && c["second"].as_str() == second)
            .unwrap()
            .clone()
    };
    assert_eq!(cell("FIXME:Offer", None)["pairs"], 2);
    assert_eq!(cell("FIXME:Offer", Some("Offer"))["pairs"], 1);
    assert_eq!(d["profiles"][0]["annotator"], "hjoseph");
    assert_eq!(d["profiles"][0]["missed"]["count"], 2);
    assert_eq!(d["profiles"][1]["added"]["count"], 2);
    assert_eq!(
        (
            d["profiles"][0]["units"].as_u64(),
            d["profiles"][1]["units"].as_u64()
        ),
        (Some(62), Some(64))
    );
    let observed = d["observed_disorder"].as_f64().unwrap();
    assert!((sum(&d["decomposition"]["per_category"], "parts") - observed).abs() < 1e-12);
}

/// The agreement report's section "Why the annotators disagree" holds the same anatomy as
/// `gamma --diagnose`, in JSON, Markdown and HTML.
#[test]
fn the_report_holds_the_anatomy() {
    let dir = tempfile::tempdir().unwrap();
    let files = named_entities();
    let diagnosed = diagnose(&files);
    for extension in ["json", "md", "html"] {
        let out = dir.path().join(format!("report.{extension}"));
        let mut args = vec!["report"];
        args.extend(files.iter().map(String::as_str));
        args.extend(["-o", out.to_str().unwrap()]);
        let run = gamma_studio(&args);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        let text = std::fs::read_to_string(&out).unwrap();
        match extension {
            "json" => {
                let report: Value = serde_json::from_str(&text).unwrap();
                let anatomy = &report["anatomy"]["anatomy"];
                assert_eq!(anatomy["confusions"], diagnosed["confusions"]);
                assert_eq!(anatomy["decomposition"], diagnosed["decomposition"]);
                assert_eq!(report["anatomy"]["left_out"].as_array().unwrap().len(), 3);
            }
            "md" => {
                assert!(text.contains("## Why the annotators disagree"), "{text}");
                assert!(text.contains("| LOC | ORG | 2 |"), "{text}");
            }
            _ => {
                assert!(text.contains("<section id=\"anatomy\">"));
                assert!(text.contains("<td>ben</td>"));
            }
        }
    }
}
