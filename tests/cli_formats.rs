//! The command line on the annotation tools' formats (issue 17): `gamma` on XMI and TSV 3,
//! `convert` between brat, TSV 3, TextGrid and RTTM, `gold` written back as TSV 3 and brat,
//! `--format`, `--layer`, `--category-feature` and `--users`; `evaluate` against the curated
//! document of a project export.

mod common;

use common::fixture;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamma-studio"))
        .args(args)
        .output()
        .unwrap()
}

fn text(output: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn folder(name: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!(
        "gamma-studio-cli-formats-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The user of the issue: `gamma-studio gamma a.xmi b.xmi` used to say "unknown format .xmi".
#[test]
fn gamma_reads_xmi_and_tsv3_of_two_annotators() {
    let root = folder("xmi");
    for user in ["anna", "ben"] {
        std::fs::create_dir_all(root.join(user)).unwrap();
        std::fs::copy(
            fixture("webanno-tsv/testSubMultiTokenSpanWithFeatureValue.xmi"),
            root.join(user).join("doc.xmi"),
        )
        .unwrap();
    }
    let (a, b) = (root.join("anna/doc.xmi"), root.join("ben/doc.xmi"));
    let output = run(&[
        "gamma",
        s(&a),
        s(&b),
        "--json",
        "--seed",
        "1",
        "--samples",
        "30",
    ]);
    let (stdout, stderr) = text(&output);
    assert!(output.status.success(), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["observed_disorder"], 0.0, "the same annotations");
    let units = json["alignment"][0]["units"].as_array().unwrap();
    assert_eq!(units[0]["annotator"], "anna");
    assert!(
        stderr.contains("3 zero-length annotation(s) of NamedEntity skipped"),
        "{stderr}"
    );
    // Several layers: the error says how to choose.
    let tsv = fixture("webanno-tsv/example2.tsv");
    let output = run(&["gamma", s(&tsv)]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr.contains("several span layers"), "{stderr}");
    assert!(stderr.contains("choose one with --layer"), "{stderr}");
    // The formats library says it without a flag (the app shows its words).
    let error =
        gamma_formats::read_documents(std::slice::from_ref(&tsv), &Default::default()).unwrap_err();
    assert_eq!(error.remedy, Some(gamma_formats::Remedy::ChooseLayer));
    assert!(!error.to_string().contains("--"), "{error}");
    assert!(error.to_string().ends_with(": choose one layer"), "{error}");
    let output = run(&[
        "gamma",
        s(&tsv),
        "--layer",
        "POS",
        "--category-feature",
        "nope",
    ]);
    let (_, stderr) = text(&output);
    assert!(
        stderr.contains("layer POS has no feature \"nope\" (features: PosValue)"),
        "{stderr}"
    );
}

#[test]
fn convert_between_the_tools_formats() {
    let root = folder("convert");
    // brat → TSV 3 → brat, and TextGrid → RTTM → TextGrid.
    let ann = fixture("brat/news/000-introduction.ann");
    let tsv = root.join("tsv");
    let output = run(&["convert", s(&ann), "--to", "tsv3", "--out", s(&tsv)]);
    assert!(output.status.success(), "{}", text(&output).1);
    let written = tsv.join("000-introduction.tsv");
    let output = run(&[
        "convert",
        s(&written),
        "--to",
        "brat",
        "--out",
        s(&root.join("brat")),
    ]);
    assert!(output.status.success(), "{}", text(&output).1);
    let again = root.join("brat/000-introduction/000-introduction.ann");
    let lines = |path: &Path| -> Vec<String> {
        let mut out: Vec<String> = std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with('T'))
            .map(|l| l.split('\t').skip(1).collect::<Vec<_>>().join("\t"))
            .collect();
        out.sort();
        out
    };
    assert_eq!(
        lines(&again),
        lines(&ann),
        "the T lines come back (ids aside)"
    );
    let grid = fixture("textgrid/MaureenMarvinRobin.TextGrid");
    let rttm = root.join("a.rttm");
    assert!(
        run(&["convert", s(&grid), "--to", "rttm", "--out", s(&rttm)])
            .status
            .success()
    );
    let first = std::fs::read_to_string(&rttm).unwrap();
    assert!(
        first.starts_with("SPEAKER Maureen 1 1.00589324318365 "),
        "{first}"
    );
    // --format forces the reader: a TSV 3 file named .txt.
    let renamed = root.join("renamed.txt");
    std::fs::copy(fixture("webanno-tsv/testSentenceWithEmoji.tsv"), &renamed).unwrap();
    let output = run(&[
        "convert",
        s(&renamed),
        "--format",
        "tsv3",
        "--to",
        "csv",
        "--out",
        s(&root.join("e.csv")),
    ]);
    assert!(output.status.success(), "{}", text(&output).1);
    let csv = std::fs::read_to_string(root.join("e.csv")).unwrap();
    assert!(csv.contains("renamed,*,10,11"), "{csv}");
    let output = run(&[
        "convert",
        s(&renamed),
        "--format",
        "tsv3",
        "--to",
        "xmi",
        "--out",
        s(&root.join("x")),
    ]);
    assert!(output.status.success(), "{}", text(&output).1);
    let xmi = std::fs::read_to_string(root.join("x/renamed.xmi")).unwrap();
    assert!(
        xmi.contains("sofaString=\"I like it 😊 .\""),
        "the text: {xmi}"
    );
    assert!(
        xmi.contains("<custom:Span xmi:id=\"8\" sofa=\"1\" begin=\"10\" end=\"12\"/>"),
        "the layer read, the emoji at UTF-16 10..12, no value: {xmi}"
    );
    let output = run(&[
        "convert",
        s(&root.join("x/renamed.xmi")),
        "--to",
        "csv",
        "--out",
        s(&root.join("x.csv")),
    ]);
    assert!(output.status.success(), "{}", text(&output).1);
    // The only annotation has no value: no attribute, and without a type system nothing
    // declares the feature, so the layer reads as one without features (category: its name).
    let csv = std::fs::read_to_string(root.join("x.csv")).unwrap();
    assert!(csv.contains("renamed,Span,10,11"), "{csv}");
}

#[test]
fn gold_goes_back_to_tsv3_in_the_layer_read_and_to_brat() {
    let root = folder("gold");
    let tsv = fixture("webanno-tsv/example2.tsv");
    let (a, b) = (root.join("alice.tsv"), root.join("bob.tsv"));
    std::fs::copy(&tsv, &a).unwrap();
    std::fs::copy(&tsv, &b).unwrap();
    let gold = root.join("gold.tsv");
    let output = run(&[
        "gold",
        s(&a),
        s(&b),
        "--layer",
        "NamedEntity",
        "--auto",
        "unanimous",
        "--out",
        s(&gold),
    ]);
    assert!(output.status.success(), "{}", text(&output).1);
    let written = std::fs::read_to_string(&gold).unwrap();
    // The whole document: the parts of speech and the dependencies carried, the layers in the
    // file's order.
    assert!(
        written.starts_with(
            "#FORMAT=WebAnno TSV 3.3\n\
             #T_SP=de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS|PosValue\n\
             #T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value\n\
             #T_RL=de.tudarmstadt.ukp.dkpro.core.api.syntax.type.dependency.Dependency|\
             DependencyType|BT_de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS\n"
        ),
        "{written}"
    );
    let output = run(&[
        "gamma",
        s(&a),
        s(&gold),
        "--layer",
        "NamedEntity",
        "--json",
        "--samples",
        "30",
    ]);
    let (stdout, stderr) = text(&output);
    assert!(output.status.success(), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        json["observed_disorder"], 0.0,
        "the unanimous gold is the annotators'"
    );
    let brat_gold = root.join("gold.ann");
    let output = run(&[
        "gold",
        s(&a),
        s(&b),
        "--layer",
        "NamedEntity",
        "--auto",
        "unanimous",
        "--out",
        s(&brat_gold),
    ]);
    assert!(output.status.success(), "{}", text(&output).1);
    assert_eq!(
        std::fs::read_to_string(&brat_gold).unwrap().lines().count(),
        9
    );
    assert!(
        root.join("gold.txt").is_file(),
        "brat needs the text beside"
    );
    // The gold of XMI documents is XMI, in the type read (INCEpTION's NamedEntity).
    let xmi = fixture("webanno-tsv/testMultiTokenStackedSpanWithFeatureValue.xmi");
    let (anna, ben) = (root.join("anna.xmi"), root.join("ben.xmi"));
    std::fs::copy(&xmi, &anna).unwrap();
    std::fs::copy(&xmi, &ben).unwrap();
    let gold = root.join("gold.xmi");
    let output = run(&[
        "gold",
        s(&anna),
        s(&ben),
        "--auto",
        "unanimous",
        "--out",
        s(&gold),
    ]);
    assert!(output.status.success(), "{}", text(&output).1);
    let written = std::fs::read_to_string(&gold).unwrap();
    assert!(
        written.contains("=\"http:///de/tudarmstadt/ukp/dkpro/core/api/ner/type.ecore\""),
        "{written}"
    );
    assert_eq!(written.matches(":NamedEntity ").count(), 2, "{written}");
    let output = run(&["gamma", s(&anna), s(&gold), "--json", "--samples", "30"]);
    let (stdout, stderr) = text(&output);
    assert!(output.status.success(), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        json["observed_disorder"], 0.0,
        "the gold is the annotators'"
    );
    assert_eq!(json["annotators"], serde_json::json!(["anna", "gold"]));
}

/// A project export with two users and the curated document: γ is the users'; `evaluate`
/// takes the curation as the reference when none is named; `--users …,curation` measures it.
#[test]
fn the_curated_document_of_a_project_is_the_reference() {
    use std::io::Write;
    let root = folder("project");
    let zip_path = root.join("project.zip");
    let tsv = std::fs::read_to_string(fixture("webanno-tsv/example2.tsv")).unwrap();
    {
        let mut writer = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
        for (name, content) in [
            ("annotation/wsj.txt/alice.tsv", tsv.clone()),
            (
                "annotation/wsj.txt/bob.tsv",
                tsv.replacen("\tOTH\t", "\tPER\t", 1),
            ),
            ("curation/wsj.txt/CURATION_USER.tsv", tsv.clone()),
        ] {
            writer
                .start_file(name, zip::write::SimpleFileOptions::default())
                .unwrap();
            writer.write_all(content.as_bytes()).unwrap();
        }
        writer.finish().unwrap();
    }
    let zip = s(&zip_path);
    let layer = ["--layer", "NamedEntity", "--samples", "30", "--json"];
    let output = run(&[&["gamma", zip][..], &layer].concat());
    let (stdout, stderr) = text(&output);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("the curated document (1 of 1 document) is the reference"),
        "{stderr}"
    );
    // The command line names its option where the library says what to choose.
    assert!(
        stderr.contains("scores them against it: --users …,curation measures it as an annotator\n"),
        "{stderr}"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["annotators"], serde_json::json!(["alice", "bob"]));
    let output = run(&[&["evaluate", zip][..], &layer].concat());
    let (stdout, stderr) = text(&output);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("the reference is the curated document (curation)"),
        "{stderr}"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["reference"], "curation");
    let systems = json["systems"].as_array().unwrap();
    let names: Vec<&str> = systems
        .iter()
        .map(|s| s["annotator"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["alice", "bob"]);
    assert_eq!(
        systems[0]["spans"]["strict"]["f1"], 1.0,
        "alice is the curation"
    );
    assert_eq!(systems[0]["spans"]["strict"]["correct"], 9);
    assert_eq!(systems[1]["spans"]["strict"]["incorrect"], 1, "bob's PER");
    assert_eq!(systems[1]["spans"]["strict"]["correct"], 8);
    // Named, with the curation among the users: an annotator like the others.
    let output = run(&[
        &[
            "evaluate",
            zip,
            "--users",
            "alice,bob,curation",
            "--reference",
            "bob",
        ][..],
        &layer,
    ]
    .concat());
    let (stdout, stderr) = text(&output);
    assert!(output.status.success(), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let names: Vec<&str> = json["systems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["annotator"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["alice", "curation"]);
    // Without a curated document, the reference must be named.
    let example = fixture("webanno-tsv/example2.tsv");
    let output = run(&["evaluate", s(&example), "--layer", "NamedEntity"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output)
            .1
            .contains("name the reference annotator with --reference NAME"),
        "{}",
        text(&output).1
    );
}
