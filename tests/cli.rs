//! The `gamma-studio` command line, end to end.

mod common;

use common::fixture;
use serde_json::Value;
use std::process::{Command, Output};

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

fn path(relative: &str) -> String {
    fixture(relative).to_string_lossy().into_owned()
}

#[test]
fn json_output_has_every_field_and_the_alignment_in_annotator_order() {
    let h6 = path("pygamma/h6_three_annot.csv");
    let out = json_of(&gamma_studio(&[
        "gamma",
        &h6,
        "--json",
        "--seed",
        "3",
        "--samples",
        "5",
        "--gamma-cat",
        "--gamma-k",
    ]));
    assert!((out["observed_disorder"].as_f64().unwrap() - 0.4005540166204986).abs() < 1e-12);
    assert_eq!(out["seed"], 3);
    assert_eq!(out["n_samples"], 5);
    for key in [
        "gamma",
        "expected_disorder",
        "gamma_interval",
        "seconds",
        "gamma_cat",
        "gamma_k",
    ] {
        assert!(!out[key].is_null(), "{key} missing in {out}");
    }
    let alignment = out["alignment"].as_array().unwrap();
    assert_eq!(alignment.len(), 2);
    assert_eq!(alignment[0]["disorder"], 0.0);
    let second = alignment[1]["units"].as_array().unwrap();
    assert_eq!(second.len(), 3);
    assert_eq!(second[0]["annotator"], "A");
    assert_eq!(second[0]["start"], 20.0);
    assert_eq!(second[1]["start"], 21.0);
    assert_eq!(second[1]["category"], "y");
    assert!(second[2].is_null());
    assert!(
        (alignment[1]["disorder"].as_f64().unwrap() - ((1.0f64 / 19.0).powi(2) + 2.0) / 3.0).abs()
            < 1e-12
    );
    // the same seed repeats the run
    let again = json_of(&gamma_studio(&[
        "gamma",
        &h6,
        "--json",
        "--seed",
        "3",
        "--samples",
        "5",
    ]));
    assert_eq!(again["expected_disorder"], out["expected_disorder"]);
}

#[test]
fn summary_reports_gamma_and_seed() {
    let out = gamma_studio(&[
        "gamma",
        &path("pygamma/k2_p30.csv"),
        "--seed",
        "11",
        "--sampler",
        "shuffle",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("γ = 0.8"), "{text}");
    assert!(text.contains("observed disorder D_o = 0.252663"), "{text}");
    assert!(text.contains("shuffle sampler"), "{text}");
    assert!(text.contains("--seed 11"), "{text}");
}

#[test]
fn bad_input_exits_with_2_and_names_file_and_line() {
    let folder = tempfile::tempdir().unwrap();
    let bad = folder.path().join("bad.csv");
    std::fs::write(&bad, "annotator,category,start,end\nA,x,0,10\nB,x,12,3\n").unwrap();
    let out = gamma_studio(&["gamma", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8(out.stderr).unwrap();
    assert!(
        message.contains("bad.csv: line 3: end 3 is before start 12"),
        "{message}"
    );

    let missing = gamma_studio(&["gamma", "does-not-exist.csv"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("does-not-exist.csv: cannot read"));

    let one_annotator = folder.path().join("one.csv");
    std::fs::write(&one_annotator, "A,x,0,10\nA,y,20,30\n").unwrap();
    let out = gamma_studio(&["gamma", one_annotator.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least 2 annotators"));

    let matrix = folder.path().join("matrix.csv");
    std::fs::write(&matrix, "c,x,y\nx,0,0.3\ny,0.5,0\n").unwrap();
    let out = gamma_studio(&[
        "gamma",
        &path("pygamma/h4_offset_diff_cat.csv"),
        "--category-matrix",
        matrix.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not symmetric"));

    let out = gamma_studio(&[
        "gamma",
        &path("pygamma/h4_offset_diff_cat.csv"),
        "--alpha",
        "-1",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn category_matrix_and_excluded_categories_change_the_disorder() {
    let folder = tempfile::tempdir().unwrap();
    let matrix = folder.path().join("matrix.csv");
    std::fs::write(&matrix, "category,x,y\nx,0,0.25\ny,0.25,0\n").unwrap();
    let h4 = path("pygamma/h4_offset_diff_cat.csv");
    let out = json_of(&gamma_studio(&[
        "gamma",
        &h4,
        "--json",
        "--samples",
        "3",
        "--seed",
        "1",
        "--category-matrix",
        matrix.to_str().unwrap(),
    ]));
    assert!(
        (out["observed_disorder"].as_f64().unwrap() - 0.29).abs() < 1e-12,
        "{}",
        out["observed_disorder"]
    );
    let h6 = path("pygamma/h6_three_annot.csv");
    let out = json_of(&gamma_studio(&[
        "gamma",
        &h6,
        "--json",
        "--samples",
        "3",
        "--seed",
        "1",
        "--exclude-category",
        "y",
    ]));
    assert_eq!(out["observed_disorder"], 0.0);
    assert_eq!(out["gamma"], 1.0);
}

#[test]
fn several_files_form_a_corpus() {
    let folder = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (i, shift) in [0.0, 1.0, 3.0].iter().enumerate() {
        let file = folder.path().join(format!("doc{i}.csv"));
        std::fs::write(
            &file,
            format!(
                "A,x,0,10\nA,y,20,30\nB,x,{},10\nB,y,20,{}\n",
                shift,
                30.0 + shift
            ),
        )
        .unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    let mut args = vec![
        "gamma",
        "--json",
        "--sampler",
        "corpus",
        "--samples",
        "10",
        "--seed",
        "4",
    ];
    args.extend(files.iter().map(String::as_str));
    let out = json_of(&gamma_studio(&args));
    assert_eq!(out["documents"].as_array().unwrap().len(), 3);
    // pooled: Σ δ over the three documents / (12 units / 2 annotators); with a shift s,
    // x[0,10]–x[s,10] costs (s/(20−s))² and y[20,30]–y[20,30+s] costs (s/(20+s))².
    let pairs = |s: f64| (s / (20.0 - s)).powi(2) + (s / (20.0 + s)).powi(2);
    let expected = (pairs(0.0) + pairs(1.0) + pairs(3.0)) / 6.0;
    assert!(
        (out["observed_disorder"].as_f64().unwrap() - expected).abs() < 1e-12,
        "{}",
        out["observed_disorder"]
    );
    assert_eq!(out["alignment"][0]["document"], "doc0");
}

#[test]
fn bench_prints_times_and_memory() {
    let out = gamma_studio(&["bench", "--case", "k3x20"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let row = text
        .lines()
        .find(|l| l.starts_with("k3x20"))
        .expect("a row for the case");
    assert!(row.contains(" 60 "), "{row}");
    assert!(text.contains("peak"), "{text}");
}

#[test]
fn glozz_files_form_one_document_with_their_text() {
    let (alice, bob, text) = (
        path("glozz/alice.aa"),
        path("glozz/bob.aa"),
        path("glozz/doc.ac"),
    );
    let out = json_of(&gamma_studio(&[
        "gamma",
        &alice,
        &bob,
        "--text",
        &text,
        "--exclude-author",
        "importer",
        "--category-feature",
        "entity",
        "--json",
        "--samples",
        "3",
        "--seed",
        "1",
    ]));
    assert_eq!(out["annotators"], serde_json::json!(["alice", "bob"]));
    assert!(
        (out["observed_disorder"].as_f64().unwrap() - ((0.4f64).powi(2) + 2.0) / 3.5).abs() < 1e-12
    );
    let renamed = json_of(&gamma_studio(&[
        "gamma",
        &alice,
        &bob,
        "--text",
        &text,
        "--annotator",
        &format!("Ann={alice}"),
        "--json",
        "--samples",
        "2",
    ]));
    assert_eq!(renamed["annotators"][0], "Ann");
    let no_text = gamma_studio(&["gamma", &alice, &bob]);
    assert_eq!(no_text.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&no_text.stderr).contains("give the text with --text"));
}

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
    assert_eq!(aa.matches("<unit ").count(), 2, "{aa}");
    assert!(aa.contains("<author>Ada</author>"));
    assert_eq!(aa.matches("<type>Mention</type>").count(), 2, "{aa}");
    assert_eq!(
        aa.matches("<feature name=\"entity\">PER</feature>").count(),
        2,
        "{aa}"
    );
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(report["adjudicator"], "Ada");
    assert_eq!(report["alignments"].as_array().unwrap().len(), 4);
    let loaded = gamma_studio::gold::session::Session::load(&session).unwrap();
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
fn textgamma_command_reports_the_disorders_and_the_alignment() {
    let a = path("cora/p2_segtext_A.xml");
    let b = path("cora/p2_segtext_B.xml");
    let base = path("cora/p2_base.xml");
    let run = || {
        json_of(&gamma_studio(&[
            "textgamma",
            &a,
            &b,
            "--base",
            &base,
            "--pt",
            "0.25",
            "--ps",
            "0.04",
            "--samples",
            "200",
            "--seed",
            "5",
            "--json",
        ]))
    };
    let out = run();
    assert_eq!(out["observed_disorder"], 0.875);
    assert_eq!(out["n_samples"], 200);
    assert_eq!(out["seed"], 5);
    assert_eq!(out["p_text"], 0.25);
    assert_eq!(out["base"], "p2_base");
    let expected = out["expected_disorder"].as_f64().unwrap();
    assert!(expected > 0.5 && expected < 0.8, "{expected}");
    let tgamma = out["tgamma"].as_f64().unwrap();
    assert!((tgamma - (1.0 - 0.875 / expected)).abs() < 1e-12);
    assert_eq!(out, run(), "same seed, same result");
    let alignment = out["alignment"].as_array().unwrap();
    assert_eq!(
        alignment.len(),
        11,
        "7 pairs, 3 tokens of A and 1 of B alone"
    );
    let vander = alignment
        .iter()
        .find(|e| e["second"]["text"] == "vander")
        .unwrap();
    assert_eq!(vander["first"], Value::Null);
    assert_eq!(vander["second"]["layers"]["pos"], "APPRART");
    assert_eq!(vander["second"]["start"], 12);
    let historie = alignment
        .iter()
        .find(|e| e["second"]["text"] == "historie")
        .unwrap();
    assert_eq!(historie["first"]["text"], "hystorie");
    assert_eq!(historie["dissimilarity"], 0.5);
}

#[test]
fn textgamma_command_rejects_bad_input_with_exit_2() {
    let a = path("cora/p1_pos_A.xml");
    let output = gamma_studio(&["textgamma", &a]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("at least 2 annotators"));
    let output = gamma_studio(&["textgamma", &a, &a, "--pt", "0.2"]);
    assert_eq!(output.status.code(), Some(2), "--pt needs --ps");
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.xml");
    std::fs::write(&broken, "<text><token id=\"t1\" trans=\"a\"><mod id=\"m1\"").unwrap();
    let output = gamma_studio(&["textgamma", &a, broken.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("broken.xml"));
}

#[test]
fn verbose_logs_the_steps_to_stderr() {
    let csv = path("pygamma/h6_three_annot.csv");
    let quiet = gamma_studio(&["gamma", &csv, "--samples", "3", "--seed", "1"]);
    assert!(quiet.status.success());
    assert!(String::from_utf8_lossy(&quiet.stderr).is_empty());
    let verbose = gamma_studio(&["-v", "gamma", &csv, "--samples", "3", "--seed", "1"]);
    let log = String::from_utf8_lossy(&verbose.stderr);
    assert!(log.contains("INFO"), "{log}");
    assert!(log.contains("3 annotators"), "{log}");
    assert!(log.contains("random continua (seed 1)"), "{log}");
    // Same result (the last line gives the time taken, which varies).
    let lines = |out: &[u8]| -> Vec<String> {
        let text = String::from_utf8_lossy(out).into_owned();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines.pop();
        lines
    };
    assert_eq!(lines(&quiet.stdout), lines(&verbose.stdout));
    assert!(lines(&quiet.stdout)[0].starts_with("γ = "));
}

#[test]
fn shuffle_writes_the_reference_and_the_simulated_annotators() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("shuffled");
    let output = gamma_studio(&[
        "shuffle",
        "--model",
        "default",
        "--error",
        "false-negative",
        "--magnitude",
        "0.5",
        "--annotators",
        "4",
        "--seed",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let (documents, _) = gamma_studio::io::read_documents(
        &[out.join("reference.csv"), out.join("shuffled.csv")],
        &Default::default(),
    )
    .unwrap();
    assert_eq!(documents[0].continuum.n_units(), 100);
    let shuffled = &documents[1].continuum;
    assert_eq!(shuffled.n_annotators(), 4);
    for annotator in &shuffled.annotators {
        assert!(
            (25..=75).contains(&annotator.units.len()),
            "{}",
            annotator.units.len()
        );
    }
    let bad = gamma_studio(&[
        "shuffle",
        "--model",
        "default",
        "--error",
        "typo",
        "--magnitude",
        "0.5",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown error kind \"typo\""));
}

#[test]
fn sweep_prints_one_mean_per_measure_and_magnitude() {
    let reference = path("pygamma/h6_three_annot.csv");
    let output = gamma_studio(&[
        "sweep",
        "--reference",
        &reference,
        "--error",
        "category",
        "--sets",
        "3",
        "--step",
        "0.5",
        "--measures",
        "gamma,kappa,alpha,percentage",
        "--seed",
        "2",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let csv = String::from_utf8_lossy(&output.stdout).into_owned();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "magnitude,gamma,kappa,alpha,percentage");
    assert_eq!(lines.len(), 4, "{csv}");
    assert_eq!(lines[1], "0.00,1.000000,1.000000,1.000000,1.000000");
    let last: Vec<f64> = lines[3].split(',').map(|v| v.parse().unwrap()).collect();
    assert_eq!(last[0], 1.0);
    assert!(last[1] < 0.9 && last[4] < 1.0, "{csv}");
}

#[test]
fn sweep_computes_the_unitizing_measures_by_name() {
    let output = gamma_studio(&[
        "sweep",
        "--model",
        "default",
        "--error",
        "split",
        "--sets",
        "2",
        "--step",
        "1",
        "--measures",
        "alpha_u,cu_alpha,ser,wd,pk,ghd,kappa_d",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let csv = String::from_utf8_lossy(&output.stdout).into_owned();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "magnitude,alpha_u,cu_alpha,ser,windowdiff,pk,ghd,kappa"
    );
    assert_eq!(
        lines[1],
        "0.00,1.000000,1.000000,1.000000,1.000000,1.000000,1.000000,1.000000"
    );
    let at_one: Vec<f64> = lines[2].split(',').map(|v| v.parse().unwrap()).collect();
    // Splits: c|uα and κd do not see them, the others do.
    assert_eq!((at_one[2], at_one[7]), (1.0, 1.0), "{csv}");
    for (i, name) in [(1, "α_U"), (3, "SER"), (4, "WD"), (5, "Pk"), (6, "GHD")] {
        assert!(at_one[i] < 1.0, "{name}: {csv}");
    }
    let unknown = gamma_studio(&[
        "sweep",
        "--model",
        "default",
        "--error",
        "split",
        "--measures",
        "beta",
    ]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("unknown measure \"beta\""));
}

#[test]
fn sweep_and_shuffle_take_a_model_from_a_json_file() {
    let folder = tempfile::tempdir().unwrap();
    let model = folder.path().join("model.json");
    std::fs::write(
        &model,
        r#"{"units": 20, "categories": [{"name": "X", "prevalence": 1, "min_length": 4,
            "max_length": 4}], "min_gap": 2, "max_gap": 2, "overlap": false}"#,
    )
    .unwrap();
    let out = folder.path().join("shuffled");
    let output = gamma_studio(&[
        "shuffle",
        "--model",
        model.to_str().unwrap(),
        "--error",
        "false-negative",
        "--magnitude",
        "0",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let reference = std::fs::read_to_string(out.join("reference.csv")).unwrap();
    let units: Vec<&str> = reference.lines().filter(|l| l.contains(",X,")).collect();
    assert_eq!(units.len(), 20, "{reference}");
    // Every unit is 4 long after a gap of 2: the first is [2, 6), the last [116, 120).
    assert!(units[0].ends_with(",X,2,6"), "{}", units[0]);
    assert!(units[19].ends_with(",X,116,120"), "{}", units[19]);

    std::fs::write(&model, "{\"units\": 20,\n \"colour\": 3}").unwrap();
    let failed = gamma_studio(&[
        "sweep",
        "--model",
        model.to_str().unwrap(),
        "--error",
        "split",
    ]);
    assert_eq!(failed.status.code(), Some(2));
    let message = String::from_utf8_lossy(&failed.stderr);
    assert!(
        message.contains("model.json:2:") && message.contains("colour"),
        "{message}"
    );
}

#[test]
fn calibrate_reads_the_magnitude_off_each_curve() {
    let csv = path("pygamma/h6_three_annot.csv");
    let out = json_of(&gamma_studio(&[
        "calibrate",
        &csv,
        "--error",
        "shift,category",
        "--sets",
        "2",
        "--step",
        "0.25",
        "--json",
    ]));
    let gamma = out["gamma"].as_f64().unwrap();
    let kinds = out["kinds"].as_array().unwrap();
    assert_eq!(kinds.len(), 2);
    assert_eq!(kinds[0]["error"], "shift");
    let curve = kinds[0]["curve"].as_array().unwrap();
    assert_eq!(curve.len(), 5);
    assert_eq!(curve[0]["gamma"], 1.0);
    if let Some(m) = kinds[1]["magnitude"].as_f64() {
        // The category curve passes through the document's γ at that magnitude.
        let points: Vec<(f64, f64)> = kinds[1]["curve"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|p| Some((p["magnitude"].as_f64()?, p["gamma"].as_f64()?)))
            .collect();
        let below = points.iter().rev().find(|(x, _)| *x <= m).unwrap();
        let above = points.iter().find(|(x, _)| *x >= m).unwrap();
        assert!(
            below.1 >= gamma - 1e-9 && above.1 <= gamma + 1e-9,
            "{points:?} {gamma}"
        );
    }
}

#[test]
fn calibrate_against_a_gold_standard_uses_it_as_the_only_reference() {
    let folder = tempfile::tempdir().unwrap();
    let gold = folder.path().join("gold.csv");
    std::fs::write(
        &gold,
        "annotator,category,start,end\ngold,A,0,10\ngold,B,20,30\ngold,A,40,45\n",
    )
    .unwrap();
    let csv = path("pygamma/h6_three_annot.csv");
    let args = |gold: &str| {
        vec![
            "calibrate".to_string(),
            csv.clone(),
            "--error".into(),
            "false-negative".into(),
            "--sets".into(),
            "2".into(),
            "--step".into(),
            "0.5".into(),
            "--gold".into(),
            gold.to_string(),
            "--json".into(),
        ]
    };
    let run = |gold: &str| {
        let args = args(gold);
        gamma_studio(&args.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let out = json_of(&run(gold.to_str().unwrap()));
    assert_eq!(out["references"], "the gold standard");
    assert_eq!(out["kinds"][0]["curve"].as_array().unwrap().len(), 3);
    let without = json_of(&gamma_studio(&[
        "calibrate",
        &csv,
        "--error",
        "false-negative",
        "--sets",
        "2",
        "--step",
        "0.5",
        "--json",
    ]));
    assert_eq!(without["references"], "each annotator in turn");
    assert_eq!(
        out["gamma"], without["gamma"],
        "the document's γ does not depend on it"
    );

    let empty = folder.path().join("empty.csv");
    std::fs::write(&empty, "annotator,category,start,end\n").unwrap();
    let failed = run(empty.to_str().unwrap());
    assert_eq!(failed.status.code(), Some(2));
    let message = String::from_utf8_lossy(&failed.stderr);
    assert!(message.contains("empty.csv"), "{message}");
}

/// Krippendorff's (2004, p. 254) α_U example, moved from [150, 450) to [0, 300) (a text of 300
/// characters beside the CSV sets the continuum's length): α_U = 0.8591, c = 0.7286, k = 1.
#[test]
fn coefficients_command_reports_krippendorffs_alpha_u_and_the_other_measures() {
    let folder = tempfile::tempdir().unwrap();
    let csv = folder.path().join("krippendorff2004.csv");
    let mut rows = String::from("annotator,category,start,end\n");
    for (annotator, category, start, end) in [
        ("i", "c", 225, 295),
        ("i", "c", 370, 400),
        ("j", "c", 220, 300),
        ("j", "c", 355, 375),
        ("j", "c", 400, 420),
        ("i", "k", 180, 240),
        ("i", "k", 300, 350),
        ("j", "k", 180, 240),
        ("j", "k", 300, 350),
    ] {
        rows.push_str(&format!(
            "{annotator},{category},{},{}\n",
            start - 150,
            end - 150
        ));
    }
    std::fs::write(&csv, rows).unwrap();
    std::fs::write(folder.path().join("krippendorff2004.txt"), "x".repeat(300)).unwrap();
    let output = gamma_studio(&["coefficients", csv.to_str().unwrap(), "--json"]);
    let report = json_of(&output);
    let value = |name: &str| {
        report["coefficients"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["measure"] == name)
            .unwrap_or_else(|| panic!("{name} missing: {report}"))["value"]
            .as_f64()
    };
    assert!(
        (value("alpha_u").unwrap() - 0.8591).abs() < 5e-4,
        "{report}"
    );
    let by_category = report["alpha_u_by_category"].as_array().unwrap();
    assert!((by_category[0]["alpha_u"].as_f64().unwrap() - 0.7286).abs() < 1e-4);
    assert_eq!(by_category[1]["alpha_u"].as_f64(), Some(1.0));
    for name in [
        "kappa",
        "pi",
        "alpha",
        "percentage",
        "cu_alpha",
        "ser",
        "windowdiff",
        "pk",
        "ghd",
    ] {
        let v = value(name).unwrap_or_else(|| panic!("{name} undefined: {report}"));
        assert!(v < 1.0 && v > 0.0, "{name} = {v}");
    }
    // c|uα by hand (positions after the move): i's c [75, 145) meets j's c [70, 150) on 70 and
    // j's k [30, 90) on 15; i's c [220, 250) meets j's c [205, 225) on 5; i's k [30, 90) meets
    // j's k on 60 and j's c [70, 150) on 20; i's k [150, 200) meets j's k on 50. Both orders:
    // c–c 150, k–k 220, c–k 35, k–c 35; margins c 185, k 255, n 440.
    let by_hand = 1.0 - (70.0 / 440.0) / (2.0 * 185.0 * 255.0 / (440.0 * 440.0));
    assert!((value("cu_alpha").unwrap() - by_hand).abs() < 1e-12);
}
