//! Evaluation against a reference: the span scores equal nervaluate's (values recorded by
//! tests/fixtures/nervaluate/record.py), on hand cases, seeded generated cases, a corpus of
//! them and the STAC pair (read from ../shared, skipped with a notice when absent); and the
//! `evaluate` command end to end.

mod common;

use common::fixture;
use gamma_core::evaluate::mapping::LabelMapping;
use gamma_core::evaluate::spans::{Counts, Scheme, SpanScores};
use gamma_core::evaluate::{
    ChanceModel, DisagreementKind, Evaluation, EvaluationOptions, evaluate,
};
use gamma_core::gamma::RunControl;
use gamma_core::{Continuum, Corpus, GammaOptions, SampleCount};
use gamma_formats::{ReadOptions, read_documents};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, Output};

fn recorded() -> Value {
    let text = std::fs::read_to_string(fixture("nervaluate/nervaluate.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn options() -> EvaluationOptions {
    EvaluationOptions {
        gamma: GammaOptions {
            samples: SampleCount::Fixed(3),
            seed: 5,
            ..GammaOptions::default()
        },
        chance_model: ChanceModel::Reference,
        ..EvaluationOptions::default()
    }
}

fn document(name: &str, case: &Value) -> Continuum {
    let mut c = Continuum::new(name);
    for side in ["reference", "system"] {
        c.add_annotator(side);
        for span in case[side].as_array().unwrap() {
            let (s, e) = (span[0].as_f64().unwrap(), span[1].as_f64().unwrap());
            c.add(side, s, e, span[2].as_str().unwrap()).unwrap();
        }
    }
    c
}

/// Our counts and scores against nervaluate's row of one scheme.
fn check(what: &str, ours: &SpanScores, theirs: &Value) {
    for scheme in Scheme::ALL {
        let row = &theirs[scheme.name()];
        let counts: &Counts = ours.get(scheme);
        let n = |key: &str| row[key].as_u64().unwrap() as usize;
        let expected = Counts {
            correct: n("correct"),
            incorrect: n("incorrect"),
            partial: n("partial"),
            missed: n("missed"),
            spurious: n("spurious"),
        };
        assert_eq!(*counts, expected, "{what}, {}", scheme.name());
        for (key, value) in [
            ("precision", counts.precision(scheme)),
            ("recall", counts.recall(scheme)),
            ("f1", counts.f1(scheme)),
        ] {
            let recorded = row[key].as_f64().unwrap();
            assert!(
                (value - recorded).abs() < 1e-12,
                "{what}, {} {key}: {value} vs nervaluate {recorded}",
                scheme.name()
            );
        }
    }
}

fn check_all(what: &str, evaluation: &Evaluation, scores: &Value) {
    let system = &evaluation.systems[0];
    check(what, &system.spans, &scores["overall"]);
    let theirs = scores["per_category"].as_object().unwrap();
    let ours: Vec<&String> = system.per_category.keys().collect();
    let their_keys: Vec<&String> = theirs.keys().collect();
    assert_eq!(ours, their_keys, "{what}: categories");
    for (category, row) in theirs {
        check(
            &format!("{what}, {category}"),
            &system.per_category[category],
            row,
        );
    }
}

#[test]
fn span_scores_equal_nervaluates_on_every_case() {
    let recorded = recorded();
    let cases = recorded["cases"].as_array().unwrap();
    assert!(cases.len() >= 12);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let corpus = Corpus::new(vec![document(name, case)]);
        let evaluation = evaluate(&corpus, "reference", &options(), RunControl::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        check_all(name, &evaluation, &case["scores"]);
    }
}

#[test]
fn corpus_scores_are_nervaluates_over_documents() {
    let recorded = recorded();
    let documents: Vec<Continuum> = recorded["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|case| document(case["name"].as_str().unwrap(), case))
        .collect();
    let evaluation = evaluate(
        &Corpus::new(documents),
        "reference",
        &options(),
        RunControl::default(),
    )
    .unwrap();
    check_all("corpus", &evaluation, &recorded["corpus_of_all_cases"]);
}

#[test]
fn a_stricter_overlap_threshold_scores_as_nervaluates() {
    let recorded = recorded();
    let stricter = &recorded["min_overlap_50"];
    let case = recorded["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == stricter["case"])
        .unwrap();
    let mut options = options();
    options.min_overlap_percent = 50.0;
    let corpus = Corpus::new(vec![document("stricter", case)]);
    let evaluation = evaluate(&corpus, "reference", &options, RunControl::default()).unwrap();
    check_all("min overlap 50 %", &evaluation, &stricter["scores"]);
}

fn stac() -> Option<PathBuf> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpora/glozz/stac-s1-league2-game1");
    if folder.is_dir() {
        Some(folder)
    } else {
        println!(
            "notice: {} is absent; the STAC check is skipped",
            folder.display()
        );
        None
    }
}

fn stac_corpus(folder: &std::path::Path) -> Corpus {
    let files = vec![
        folder.join("units/hjoseph/s1-league2-game1_12.aa"),
        folder.join("units/SILVER/s1-league2-game1_12.aa"),
    ];
    let mut read = ReadOptions {
        text: Some(folder.join("unannotated/s1-league2-game1_12.ac")),
        ..ReadOptions::default()
    };
    read.glozz.exclude_types = vec!["paragraph".into(), "Turn".into(), "Dialogue".into()];
    let (documents, _) = read_documents(&files, &read).unwrap();
    Corpus::new(documents.into_iter().map(|d| d.continuum).collect())
}

#[test]
fn the_stac_pair_scores_as_in_nervaluate_and_the_alignment_pins_the_split() {
    let Some(folder) = stac() else { return };
    let recorded = recorded();
    let stac: BTreeMap<&str, &Value> = recorded["stac"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), &c["scores"]))
        .collect();
    let corpus = stac_corpus(&folder);

    let e = evaluate(&corpus, "SILVER", &options(), RunControl::default()).unwrap();
    check_all("STAC", &e, stac["stac_hjoseph_against_silver"]);
    let hjoseph = &e.systems[0];
    assert_eq!(hjoseph.annotator, "hjoseph");
    // γ's alignment: the 27 identical units pair up; hjoseph's one Offer [60, 95) against
    // SILVER's three FIXME:Offer [60,75) [76,86) [87,95) is one pair and two misses.
    let kinds: Vec<(DisagreementKind, f64)> = hjoseph
        .disagreements
        .iter()
        .map(|d| (d.kind, d.reference.as_ref().map_or(-1.0, |u| u.start)))
        .collect();
    assert_eq!(kinds.len(), 3, "{kinds:?}");
    assert_eq!(
        hjoseph.confusion.count(Some("FIXME:Offer"), Some("Offer")),
        1
    );
    assert_eq!(hjoseph.confusion.count(Some("FIXME:Offer"), None), 2);
    assert_eq!(hjoseph.confusion.agreeing_pairs(), 27);
    let texts: Vec<&str> = hjoseph
        .disagreements
        .iter()
        .filter_map(|d| d.reference.as_ref()?.text.as_deref())
        .collect();
    assert_eq!(texts.len(), 3);
    assert!(hjoseph.gamma.as_ref().unwrap().gamma < 1.0);

    // The other way round, with SILVER's provisional label mapped.
    let mut with_mapping = options();
    with_mapping.mapping = Some(LabelMapping::from_pairs([("FIXME:Offer", "Offer")]));
    let e = evaluate(&corpus, "hjoseph", &with_mapping, RunControl::default()).unwrap();
    check_all(
        "STAC mapped",
        &e,
        stac["stac_silver_mapped_against_hjoseph"],
    );
    let silver = &e.systems[0];
    assert_eq!(silver.confusion.count(Some("Offer"), Some("Offer")), 4);
    assert_eq!(silver.confusion.count(None, Some("Offer")), 2);
    assert!(silver.labels.system_only.is_empty());
}

// ---- the command line ----

fn gamma_studio(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamma-studio"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json_of(output: &Output) -> Value {
    assert!(
        output.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

/// A nervaluate case as a CSV document (annotators `gold` and `tagger`).
fn case_csv(case: &Value, folder: &std::path::Path) -> PathBuf {
    let mut text = String::from("annotator,category,start,end\n");
    for (side, name) in [("reference", "gold"), ("system", "tagger")] {
        for span in case[side].as_array().unwrap() {
            text += &format!(
                "{name},{},{},{}\n",
                span[2].as_str().unwrap(),
                span[0],
                span[1]
            );
        }
    }
    let path = folder.join(format!("{}.csv", case["name"].as_str().unwrap()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn the_command_prints_nervaluates_scores_as_json_and_writes_the_csv_table() {
    let recorded = recorded();
    let case = recorded["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "generated_seed2026")
        .unwrap();
    let folder = tempfile::tempdir().unwrap();
    let input = case_csv(case, folder.path());
    let table = folder.path().join("table.csv");
    let out = json_of(&gamma_studio(&[
        "evaluate",
        input.to_str().unwrap(),
        "--reference",
        "gold",
        "--samples",
        "5",
        "--seed",
        "9",
        "--json",
        "--csv",
        table.to_str().unwrap(),
    ]));
    assert_eq!(out["reference"], "gold");
    let tagger = &out["systems"][0];
    assert_eq!(tagger["annotator"], "tagger");
    assert_eq!(
        (tagger["seed"].as_u64(), tagger["n_samples"].as_u64()),
        (Some(9), Some(5))
    );
    for scheme in Scheme::ALL {
        for (scope, ours, theirs) in [
            ("overall", &tagger["spans"], &case["scores"]["overall"]),
            (
                "PER",
                &tagger["per_category"]["PER"],
                &case["scores"]["per_category"]["PER"],
            ),
        ] {
            let (ours, theirs) = (&ours[scheme.name()], &theirs[scheme.name()]);
            for key in ["correct", "incorrect", "partial", "missed", "spurious"] {
                assert_eq!(ours[key], theirs[key], "{scope} {} {key}", scheme.name());
            }
            for key in ["precision", "recall", "f1"] {
                let (a, b) = (ours[key].as_f64().unwrap(), theirs[key].as_f64().unwrap());
                assert!((a - b).abs() < 1e-12, "{scope} {} {key}", scheme.name());
            }
        }
    }
    let gamma = tagger["gamma"].as_f64().unwrap();
    assert!(gamma > 0.0 && gamma < 1.0, "{gamma}");
    let n = tagger["confusion"]["reference"].as_array().unwrap().len();
    assert_eq!(tagger["confusion"]["counts"].as_array().unwrap().len(), n);

    let csv = std::fs::read_to_string(&table).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    let categories = case["scores"]["per_category"].as_object().unwrap().len();
    assert_eq!(lines.len(), 1 + 4 * (1 + categories));
    let strict = &case["scores"]["overall"]["strict"];
    assert!(
        lines[1].starts_with(&format!(
            "tagger,overall,,strict,{},{},0,{},{},",
            strict["correct"], strict["incorrect"], strict["missed"], strict["spurious"]
        )),
        "{}",
        lines[1]
    );
}

#[test]
fn the_command_maps_labels_and_reports_the_unmapped_ones() {
    let folder = tempfile::tempdir().unwrap();
    let input = folder.path().join("doc.csv");
    std::fs::write(
        &input,
        "gold,PER,0,5\ngold,LOC,10,15\ntagger,PERSON,0,5\ntagger,GPE,10,15\ntagger,DATE,20,25\ntagger,MONEY,30,35\n",
    )
    .unwrap();
    let mapping = folder.path().join("map.csv");
    std::fs::write(
        &mapping,
        "system_label,reference_label\nPERSON,PER\nGPE,LOC\nDATE,\n",
    )
    .unwrap();
    let out = json_of(&gamma_studio(&[
        "evaluate",
        input.to_str().unwrap(),
        "--reference",
        "gold",
        "--mapping",
        mapping.to_str().unwrap(),
        "--samples",
        "3",
        "--json",
    ]));
    let tagger = &out["systems"][0];
    assert_eq!(tagger["spans"]["strict"]["correct"], 2);
    assert_eq!(tagger["spans"]["strict"]["spurious"], 1);
    assert_eq!(tagger["labels"]["unmapped"], serde_json::json!(["MONEY"]));
    assert_eq!(tagger["labels"]["dropped_units"], 1);
    assert_eq!(tagger["disagreements"][0]["system"]["category"], "MONEY");
    assert_eq!(tagger["disagreements"][0]["system"]["index"], 3);

    // The summary names the unmapped label.
    let text = gamma_studio(&[
        "evaluate",
        input.to_str().unwrap(),
        "--reference",
        "gold",
        "--mapping",
        mapping.to_str().unwrap(),
        "--samples",
        "3",
    ]);
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(
        stdout.contains("labels the mapping does not name: MONEY"),
        "{stdout}"
    );
    assert!(stdout.contains("tagger: γ = "), "{stdout}");
}

#[test]
fn the_command_rejects_bad_input_with_exit_code_2() {
    let folder = tempfile::tempdir().unwrap();
    let input = folder.path().join("doc.csv");
    std::fs::write(&input, "gold,PER,0,5\ntagger,PER,0,5\n").unwrap();
    let input = input.to_str().unwrap();
    let failed = |args: &[&str]| {
        let out = gamma_studio(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let e = failed(&["evaluate", input, "--reference", "silver"]);
    assert!(
        e.contains("has no annotator \"silver\" (its annotators: gold, tagger)"),
        "{e}"
    );
    let mapping = folder.path().join("map.csv");
    std::fs::write(&mapping, "PER,PER\nLOC\n").unwrap();
    let e = failed(&[
        "evaluate",
        input,
        "--reference",
        "gold",
        "--mapping",
        mapping.to_str().unwrap(),
    ]);
    assert!(
        e.contains("map.csv: line 2: expected system_label,reference_label"),
        "{e}"
    );
    let e = failed(&["evaluate", input, "--reference", "gold", "--csv", input]);
    assert!(e.contains("is an input file"), "{e}");
    assert_eq!(
        std::fs::read_to_string(input).unwrap(),
        "gold,PER,0,5\ntagger,PER,0,5\n"
    );
    // A zero-length unit is refused by the reader, with the file and line.
    let zero = folder.path().join("zero.csv");
    std::fs::write(&zero, "gold,PER,0,5\ntagger,PER,3,3\n").unwrap();
    let e = failed(&["evaluate", zero.to_str().unwrap(), "--reference", "gold"]);
    assert!(e.contains("zero.csv: line 2: zero-length unit at 3"), "{e}");
    let e = failed(&[
        "evaluate",
        input,
        "--reference",
        "gold",
        "--min-overlap",
        "0",
    ]);
    assert!(e.contains("minimum overlap"), "{e}");
}

#[test]
fn the_command_reads_the_stac_pair_with_glozz_options() {
    let Some(folder) = stac() else { return };
    let path = |p: &str| folder.join(p).to_string_lossy().into_owned();
    let out = gamma_studio(&[
        "evaluate",
        &path("units/hjoseph/s1-league2-game1_12.aa"),
        &path("units/SILVER/s1-league2-game1_12.aa"),
        "--text",
        &path("unannotated/s1-league2-game1_12.ac"),
        "--exclude-type",
        "paragraph",
        "--exclude-type",
        "Turn",
        "--exclude-type",
        "Dialogue",
        "--reference",
        "SILVER",
        "--samples",
        "5",
        "--seed",
        "1",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // nervaluate: strict 27 correct, 1 incorrect, 2 missed: P = 27/28, R = 27/30.
    assert!(
        stdout.contains(
            "  strict       0.9643  0.9000  0.9310       27         1       0      2        0"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("FIXME:Offer → ∅: 2"), "{stdout}");
    assert!(stdout.contains("disagreements: 3"), "{stdout}");
}

/// `evaluate DIR` on a corpus whose documents have different annotators: each annotator is
/// evaluated on the documents it annotated, which the JSON names.
#[test]
fn a_corpus_folder_whose_documents_have_different_annotators_is_evaluated() {
    let dir = tempfile::tempdir().unwrap();
    let header = "annotator,category,start,end\n";
    std::fs::write(
        dir.path().join("d1.csv"),
        format!("{header}a,PER,0,5\nb,PER,0,5\ngold,PER,0,5\n"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("d2.csv"),
        format!("{header}a,PER,0,5\ngold,PER,0,6\n"),
    )
    .unwrap();
    let output = common::cli::gamma_studio(&[
        "evaluate",
        dir.path().to_str().unwrap(),
        "--reference",
        "gold",
        "--json",
    ]);
    let json = common::cli::json_of(&output);
    let systems = json["systems"].as_array().unwrap();
    assert_eq!(systems[0]["annotator"], "a");
    assert_eq!(systems[0]["documents"], serde_json::json!(["d1", "d2"]));
    assert_eq!(systems[0]["spans"]["strict"]["correct"], 1);
    assert_eq!(
        systems[0]["spans"]["strict"]["incorrect"], 1,
        "d2's [0, 5) against [0, 6)"
    );
    assert_eq!(systems[1]["annotator"], "b");
    assert_eq!(systems[1]["documents"], serde_json::json!(["d1"]));
    assert_eq!(systems[1]["spans"]["strict"]["f1"], 1.0);
}
