//! `rounds BEFORE AFTER`: two rounds compared — the demo against itself (no change), two
//! corpora built here with a known shift (agreement rose), and the inputs it refuses.

mod common;

use common::cli::{demo, gamma_studio, json_of};
use serde_json::Value;
use std::path::Path;

fn change<'a>(json: &'a Value, measure: &str, category: Option<&str>) -> &'a Value {
    (json["changes"].as_array().unwrap().iter())
        .find(|c| c["measure"] == measure && c["category"].as_str() == category)
        .unwrap_or_else(|| panic!("{measure} {category:?} in {json}"))
}

fn pair(value: &Value) -> (f64, f64) {
    (value[0].as_f64().unwrap(), value[1].as_f64().unwrap())
}

/// The demo against itself: every difference is 0, every interval of a difference holds 0, and
/// the text says "no clear change" with the seed to repeat it.
#[test]
fn the_demo_against_itself_changed_nothing() {
    let demo = demo("glozz");
    let json = json_of(&gamma_studio(&["rounds", &demo, &demo, "--json"]));
    assert_eq!(json["seed"], 1);
    assert_eq!(json["before"]["unit"], "Stretches");
    let changes = json["changes"].as_array().unwrap();
    // γ, γ-cat and the γ-k of DATE, LOC, ORG and PER.
    assert_eq!(changes.len(), 6, "{json}");
    // The same γ as `gamma` gives for the same corpus and settings.
    let gamma = json_of(&gamma_studio(&["gamma", &demo, "--json"]));
    assert_eq!(change(&json, "gamma", None)["before"], gamma["gamma"]);
    for c in changes {
        assert_eq!(c["difference"], 0.0, "{c}");
        let (low, high) = pair(&c["difference_interval"]);
        assert!(low < 0.0 && 0.0 < high, "{c}");
    }
    let out = gamma_studio(&["rounds", &demo, &demo, "--replicates", "200", "--seed", "7"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("agreement on PER went from 0.47 to 0.47; the difference's 95 % interval"),
        "{text}"
    );
    assert!(text.contains("holds 0: no clear change."), "{text}");
    assert!(text.contains("(200 replicates of each round"), "{text}");
    assert!(text.contains("seed 7, repeat with --seed 7"), "{text}");
}

/// Four CSV documents per round, two annotators marking three units at the same places: in the
/// first round the second annotator calls one unit `y`, in the second both say `x` (γ = 1).
fn round(folder: &Path, second: &str) {
    std::fs::create_dir_all(folder).unwrap();
    for d in 0..4 {
        let mut csv = String::from("annotator,category,start,end\n");
        for (i, category) in ["x", second, "x"].into_iter().enumerate() {
            let start = 20 * i;
            csv += &format!(
                "a,x,{start},{}\nb,{category},{start},{}\n",
                start + 10,
                start + 10
            );
        }
        std::fs::write(folder.join(format!("doc{d}.csv")), csv).unwrap();
    }
}

#[test]
fn a_known_shift_rose_and_is_said_so() {
    let dir = tempfile::tempdir().unwrap();
    let (before, after) = (dir.path().join("round1"), dir.path().join("round2"));
    round(&before, "y");
    round(&after, "x");
    let (b, a) = (before.to_str().unwrap(), after.to_str().unwrap());
    let json = json_of(&gamma_studio(&["rounds", b, a, "--json"]));
    assert_eq!(json["before"]["unit"], "Documents");
    assert_eq!(json["before"]["n_units"], 4);
    let gamma = change(&json, "gamma", None);
    assert_eq!(gamma["after"], 1.0);
    let before_gamma = gamma["before"].as_f64().unwrap();
    assert!((gamma["difference"].as_f64().unwrap() - (1.0 - before_gamma)).abs() < 1e-12);
    // Every replicate of the second round is 1: the difference's interval is the first
    // round's turned over, and above 0.
    let (low, high) = pair(&gamma["difference_interval"]);
    let (first_low, first_high) = pair(&gamma["before_interval"]);
    assert!((low - (1.0 - first_high)).abs() < 1e-12 && (high - (1.0 - first_low)).abs() < 1e-12);
    assert!(low > 0.0, "{gamma}");
    assert_eq!(json["only_before"], serde_json::json!(["y"]));
    let out = gamma_studio(&["rounds", b, a]);
    let text = String::from_utf8_lossy(&out.stdout);
    let said = format!(
        "agreement (γ) rose from {before_gamma:.2} to 1.00; the difference's 95 % interval [{low:.2}, {high:.2}] excludes 0."
    );
    assert!(text.contains(&said), "{said}\n{text}");
    assert!(text.contains("only in the first round: y."), "{text}");
    // The other way round it fell.
    let text = String::from_utf8_lossy(&gamma_studio(&["rounds", a, b]).stdout).into_owned();
    assert!(text.contains("agreement (γ) fell from 1.00 to"), "{text}");
}

#[test]
fn a_round_too_small_to_resample_and_bad_replicates_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let before = dir.path().join("round1");
    round(&before, "y");
    let one = before.join("doc0.csv");
    let out = gamma_studio(&["rounds", before.to_str().unwrap(), one.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(
        error.contains("doc0.csv: only 1 stretch of one document to resample"),
        "{error}"
    );
    let demo = demo("glozz");
    let out = gamma_studio(&["rounds", &demo, &demo, "--replicates", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("--replicates must be from 2 to"), "{error}");
}
