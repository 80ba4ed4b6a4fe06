//! The `gamma-studio coding` command end to end: published values through the binary, the
//! gold table, the decision report and the session, the report for a paper, spans as items.

mod common;

use common::cli::{gamma_studio, json_of};
use std::path::PathBuf;

/// The published tables of `shared/oracle/coding`, when the shared folder is there.
fn oracle(name: &str) -> Option<PathBuf> {
    let file = repository(&format!("../shared/oracle/coding/{name}.ratings.csv"));
    if file.is_file() {
        Some(file)
    } else {
        eprintln!("skipped: {} is absent", file.display());
        None
    }
}

/// A path from the repository's root.
fn repository(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}

fn coefficient<'a>(report: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    (report["coefficients"].as_array().unwrap().iter())
        .find(|c| c["coefficient"] == name)
        .unwrap_or_else(|| panic!("{name} in {report}"))
}

#[test]
fn krippendorff_2011_through_the_command_line() {
    let Some(table) = oracle("krippendorff2011") else {
        return;
    };
    let output = gamma_studio(&[
        "coding",
        table.to_str().unwrap(),
        "-c",
        "alpha,alpha:ordinal,alpha:interval,alpha:ratio",
        "--json",
    ]);
    let report = json_of(&output);
    assert_eq!(report["study"]["items"], 12);
    assert_eq!(report["study"]["missing"], 7);
    for (name, published) in [
        ("alpha", 0.743),
        ("alpha:ordinal", 0.815),
        ("alpha:quadratic", 0.849),
        ("alpha:ratio", 0.797),
    ] {
        let value = coefficient(&report, name)["value"].as_f64().unwrap();
        assert!((value - published).abs() < 5e-4, "{name}: {value}");
    }
}

#[test]
fn gwet_raw_4raters_with_intervals() {
    let Some(table) = oracle("gwet_raw_4raters") else {
        return;
    };
    let output = gamma_studio(&[
        "coding",
        table.to_str().unwrap(),
        "-c",
        "ac1,fleiss",
        "--bootstrap",
        "200",
        "--seed",
        "3",
        "--json",
    ]);
    let report = json_of(&output);
    let ac1 = coefficient(&report, "ac1");
    assert!((ac1["value"].as_f64().unwrap() - 0.7754).abs() < 5e-5);
    assert!((ac1["standard_error"].as_f64().unwrap() - 0.14295).abs() < 5e-6);
    assert!((ac1["analytic_interval"]["low"].as_f64().unwrap() - 0.46081).abs() < 5e-6);
    assert_eq!(ac1["bootstrap_interval"]["seed"], 3);
    assert_eq!(ac1["bootstrap_interval"]["replicates"], 200);
    let fleiss = coefficient(&report, "pi");
    assert!((fleiss["value"].as_f64().unwrap() - 0.7612).abs() < 5e-5);
    assert!((fleiss["standard_error"].as_f64().unwrap() - 0.15302).abs() < 5e-6);
}

/// Fleiss (1971): multi-π 0.430 and his test z = 17.7 (30 patients, 6 psychiatrists), from a
/// long table (tests/fixtures/coding).
#[test]
fn fleiss_1971_with_his_test() {
    let path = repository("tests/fixtures/coding/fleiss1971.csv");
    let report = json_of(&gamma_studio(&[
        "coding",
        path.to_str().unwrap(),
        "-c",
        "pi",
        "--json",
    ]));
    let pi = coefficient(&report, "pi")["value"].as_f64().unwrap();
    assert!((pi - 0.430).abs() < 5e-4, "{pi}");
    let z = report["fleiss_1971"]["z"].as_f64().unwrap();
    assert!((z - 17.7).abs() < 0.05, "{z}");
}

#[test]
fn the_gold_is_decided_written_and_resumed() {
    let folder = tempfile::tempdir().unwrap();
    let table = folder.path().join("ratings.csv");
    std::fs::write(&table, "item,a,b,c\n1,x,x,x\n2,x,x,y\n3,x,y,z\n4,y,y,\n").unwrap();
    let gold = folder.path().join("gold.tsv");
    let decisions = folder.path().join("decisions.json");
    let session = folder.path().join("session.json");
    let run = |rules: &[&str]| {
        let mut args = vec![
            "coding",
            table.to_str().unwrap(),
            "--out",
            gold.to_str().unwrap(),
            "--decisions",
            decisions.to_str().unwrap(),
            "--session",
            session.to_str().unwrap(),
            "--adjudicator",
            "ada",
            "--json",
        ];
        for rule in rules {
            args.extend(["--auto", rule]);
        }
        json_of(&gamma_studio(&args))
    };
    let first = run(&["unanimous"]);
    assert_eq!(first["gold"]["decided"], 2);
    assert_eq!(
        std::fs::read_to_string(&gold).unwrap(),
        "item\tgold\n1\tx\n2\t\n3\t\n4\ty\n"
    );
    // The session is resumed: majority adds item 2, not item 3.
    let second = run(&["majority:0.6"]);
    assert_eq!(second["gold"]["resumed"], true);
    assert_eq!(second["gold"]["decided"], 3);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&decisions).unwrap()).unwrap();
    let item2 = &report["decisions"][1];
    assert_eq!(item2["item"], "2");
    assert_eq!(item2["decided_by"], "majority:0.6");
    assert_eq!(item2["adjudicator"], "ada");
    assert_eq!(item2["labels"]["c"], "y");
    // Outputs never replace the table.
    let refused = gamma_studio(&[
        "coding",
        table.to_str().unwrap(),
        "--auto",
        "unanimous",
        "--out",
        table.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    let bad_rule = gamma_studio(&["coding", table.to_str().unwrap(), "--auto", "majority:0.3"]);
    assert_eq!(bad_rule.status.code(), Some(2));
}

#[test]
fn the_report_says_the_distances_the_missing_ratings_and_the_intervals() {
    let folder = tempfile::tempdir().unwrap();
    let table = folder.path().join("ratings <b>.csv");
    std::fs::write(&table, "item,a,b\n1,1,1\n2,2,3\n3,3,3\n4,,2\n5,2,2\n").unwrap();
    for extension in ["md", "html", "tex", "json"] {
        let out = folder.path().join(format!("report.{extension}"));
        let output = gamma_studio(&[
            "coding",
            table.to_str().unwrap(),
            "-c",
            "alpha:interval,kappa:linear",
            "--bootstrap",
            "100",
            "--report",
            out.to_str().unwrap(),
        ]);
        assert!(output.status.success(), "{output:?}");
        let written = std::fs::read_to_string(&out).unwrap();
        // Markdown escapes `|`; LaTeX writes `|` as is.
        let text = written.replace('\\', "");
        for words in [
            "interval, (a − b)²",
            "linear, |a − b|",
            "left out, not counted",
            "seed 1",
        ] {
            assert!(text.contains(words), "{extension}: {words:?} in {text}");
        }
        if extension == "html" {
            assert!(written.contains("ratings &lt;b&gt;") && !written.contains("ratings <b>"));
        }
    }
}

#[test]
fn labels_of_units_at_identical_positions_are_items() {
    let folder = tempfile::tempdir().unwrap();
    let spans = folder.path().join("spans.csv");
    std::fs::write(
        &spans,
        "annotator,category,start,end\nA,x,0,1\nB,x,0,1\nA,y,1,2\nB,x,1,2\nA,x,2,3\nB,y,2,3\n",
    )
    .unwrap();
    let output = gamma_studio(&[
        "coding",
        spans.to_str().unwrap(),
        "-c",
        "pi,alpha",
        "--json",
    ]);
    let report = json_of(&output);
    assert_eq!(report["study"]["items"], 3);
    // c|uα of these units is π (−0.5), not α (−0.25).
    assert!((coefficient(&report, "pi")["value"].as_f64().unwrap() + 0.5).abs() < 1e-12);
    assert!((coefficient(&report, "alpha")["value"].as_f64().unwrap() + 0.25).abs() < 1e-12);
    // CorA's token layers: the demo's two editors' POS tags on the tokens they share.
    let cora = gamma_studio(&[
        "coding",
        repository("resources/demo/cora/anna.xml").to_str().unwrap(),
        repository("resources/demo/cora/bernd.xml")
            .to_str()
            .unwrap(),
        "--shape",
        "spans",
        "--json",
    ]);
    let report = json_of(&cora);
    assert_eq!(
        report["study"]["coders"],
        serde_json::json!(["anna", "bernd"])
    );
    assert!(report["study"]["items"].as_u64().unwrap() >= 5);
    // A Glozz feature on shared units: the demo's three annotators' named entities.
    let mut args = vec!["coding".to_string()];
    for annotator in ["ana", "ben", "chloe"] {
        let file = format!("resources/demo/glozz/{annotator}/named-entities.aa");
        args.push(repository(&file).to_string_lossy().into_owned());
    }
    args.extend(["--shape", "spans", "--json"].map(String::from));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let report = json_of(&gamma_studio(&args));
    assert_eq!(
        report["study"]["coders"],
        serde_json::json!(["ana", "ben", "chloe"])
    );
    assert!(report["study"]["items"].as_u64().unwrap() >= 10);
}

#[test]
fn bad_choices_are_refused_with_the_flag() {
    let folder = tempfile::tempdir().unwrap();
    let table = folder.path().join("t.csv");
    std::fs::write(&table, "item,a,b\n1,x,y\n").unwrap();
    let output = gamma_studio(&["coding", table.to_str().unwrap(), "-c", "alpha:custom"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--distance-matrix"), "{stderr}");
    let output = gamma_studio(&["coding", table.to_str().unwrap(), "-c", "delta"]);
    assert_eq!(output.status.code(), Some(2));
    let twice = folder.path().join("twice.csv");
    std::fs::write(&twice, "item,a,b\n1,x,y\n1,x,x\n").unwrap();
    let output = gamma_studio(&["coding", twice.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("line 3"), "{stderr}");
}
