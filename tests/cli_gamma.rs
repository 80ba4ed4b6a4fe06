//! The `gamma-studio gamma` command (and `bench`, `--verbose`) end to end: JSON and summary
//! output, bad input, category matrices, corpora of several files, Glozz documents.

mod common;

use common::cli::{gamma_studio, json_of, path};

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
    // One file is one document: no "document(s)".
    assert!(text.contains("\n1 document, 2 annotators, "), "{text}");
    assert!(!text.contains("(s)"), "{text}");
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

/// A misspelt `--exclude-category` is not silently ignored: the warning lists the categories.
#[test]
fn an_excluded_category_no_document_has_is_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("doc.csv");
    std::fs::write(
        &input,
        "annotator,category,start,end\na,PER,0,5\nb,PER,0,5\na,LOC,10,15\nb,LOC,10,16\n",
    )
    .unwrap();
    let output = common::cli::gamma_studio(&[
        "gamma",
        input.to_str().unwrap(),
        "--exclude-category",
        "Loc",
        "--json",
    ]);
    assert!(output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains(
            "warning: --exclude-category \"Loc\": no document has this category (the categories are LOC, PER)"
        ),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
