//! Corpora opened as annotation tools ship them: the STAC Glozz folder of ../shared (CC BY-NC-SA,
//! read in place, skipped with a notice when absent) and folders built here.

mod common;

use common::cli::{gamma_studio, json_of};
use gamma_core::gamma::{GammaOptions, RunControl, gamma};
use gamma_formats::corpus_folder::{Layout, plan_corpus};
use gamma_formats::{ReadOptions, read_corpus, read_documents};
use std::path::{Path, PathBuf};

fn stac() -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpora/glozz/stac-s1-league2-game1");
    if path.is_dir() {
        Some(path)
    } else {
        println!("notice: ../shared/corpora/glozz is absent; the STAC corpus tests are skipped");
        None
    }
}

/// STAC's `units/` folder as it ships: one folder per annotator, the texts in `unannotated/`
/// beside it; two documents, each annotated by SILVER and one student.
#[test]
fn the_stac_units_folder_is_a_corpus_of_two_documents() {
    let Some(stac) = stac() else { return };
    let units = stac.join("units");
    let plan = plan_corpus(&units, &ReadOptions::default()).unwrap();
    assert_eq!(plan.layout, Layout::AnnotatorFolders);
    let (documents, warnings, _) = read_corpus(&units, &ReadOptions::default()).unwrap();
    let named: Vec<(String, Vec<String>)> = documents
        .iter()
        .map(|d| (d.continuum.name.clone(), d.continuum.annotator_names()))
        .collect();
    assert_eq!(
        named,
        [
            (
                "s1-league2-game1_07".to_string(),
                vec!["SILVER".to_string(), "lpetersen".to_string()]
            ),
            (
                "s1-league2-game1_12".to_string(),
                vec!["SILVER".to_string(), "hjoseph".to_string()]
            ),
        ]
    );
    assert!(
        warnings.iter().any(|w| w.message
            == "document \"s1-league2-game1_12\" is measured without lpetersen (not in the corpus folder)"),
        "{warnings:?}"
    );
    // Document 12 measured in the corpus equals the two files opened alone.
    let alone = [
        units.join("hjoseph/s1-league2-game1_12.aa"),
        units.join("SILVER/s1-league2-game1_12.aa"),
    ];
    let (single, _) = read_documents(&alone, &ReadOptions::default()).unwrap();
    let options = GammaOptions::default();
    let in_corpus = gamma(&documents[1].continuum, &options, RunControl::default()).unwrap();
    let by_itself = gamma(&single[0].continuum, &options, RunControl::default()).unwrap();
    assert_eq!(in_corpus.observed_disorder, by_itself.observed_disorder);
    assert_eq!(in_corpus.gamma, by_itself.gamma);
    assert!(
        (by_itself.gamma - 0.96401605).abs() < 1e-8,
        "{}",
        by_itself.gamma
    );
}

/// `gamma DIR --json` gives the corpus γ and one row per document, each equal to the document's
/// own run; the top folder (units/, discourse/ and unannotated/) is refused with a hint.
#[test]
fn gamma_of_the_stac_folder_has_a_row_per_document() {
    let Some(stac) = stac() else { return };
    let units = stac.join("units");
    let out = json_of(&gamma_studio(&["gamma", units.to_str().unwrap(), "--json"]));
    let rows = out["per_document"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["document"], "s1-league2-game1_12");
    assert_eq!(
        rows[1]["annotators"],
        serde_json::json!(["SILVER", "hjoseph"])
    );
    assert_eq!(rows[1]["n_units"], 126);
    let single = json_of(&gamma_studio(&[
        "gamma",
        units
            .join("hjoseph/s1-league2-game1_12.aa")
            .to_str()
            .unwrap(),
        units
            .join("SILVER/s1-league2-game1_12.aa")
            .to_str()
            .unwrap(),
        "--json",
    ]));
    for key in ["gamma", "observed_disorder", "expected_disorder"] {
        assert_eq!(rows[1][key], single[key], "{key}");
    }
    assert_eq!(
        rows[0]["gamma"], 1.0,
        "document 07: SILVER and lpetersen agree"
    );
    let top = gamma_studio(&["gamma", stac.to_str().unwrap()]);
    assert_eq!(top.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&top.stderr);
    assert!(
        stderr
            .contains("several corpora or annotation stages (discourse, units): open one of them"),
        "{stderr}"
    );
}

fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, content) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, content).unwrap();
    }
}

/// brat as annotators share it: a folder per annotator with `doc.ann` and its `doc.txt`; a
/// document only one annotator has is left out, and said so.
#[test]
fn annotator_folders_match_documents_by_name_and_leave_out_lone_ones() {
    let dir = tempfile::tempdir().unwrap();
    let text = "Alice met Bob in Paris.";
    write(
        dir.path(),
        &[
            ("alice/one.txt", text),
            (
                "alice/one.ann",
                "T1\tPER 0 5\tAlice\nT2\tLOC 17 22\tParis\n",
            ),
            ("bob/one.txt", text),
            ("bob/one.ann", "T1\tPER 0 5\tAlice\nT2\tPER 17 22\tParis\n"),
            ("alice/two.txt", text),
            ("alice/two.ann", "T1\tPER 10 13\tBob\n"),
        ],
    );
    let (documents, warnings, plan) = read_corpus(dir.path(), &ReadOptions::default()).unwrap();
    assert_eq!(plan.layout, Layout::AnnotatorFolders);
    assert_eq!(documents.len(), 1);
    assert_eq!(documents[0].continuum.name, "one");
    assert_eq!(documents[0].continuum.annotator_names(), ["alice", "bob"]);
    assert_eq!(plan.left_out, [("two".to_string(), "alice".to_string())]);
    assert!(
        warnings
            .iter()
            .any(|w| w.message == "document \"two\" is left out: only alice annotated it"),
        "{warnings:?}"
    );
}

/// INCEpTION's `annotation/` folder: a folder per document named after its source file, a TSV 3
/// file per user.
#[test]
fn document_folders_hold_a_file_per_annotator() {
    let dir = tempfile::tempdir().unwrap();
    let tsv = std::fs::read_to_string(common::fixture("webanno-tsv/example2.tsv")).unwrap();
    write(
        dir.path(),
        &[
            ("a.txt/alice.tsv", &tsv),
            ("a.txt/bob.tsv", &tsv),
            ("b.txt/alice.tsv", &tsv),
            ("b.txt/bob.tsv", &tsv),
        ],
    );
    let options = ReadOptions {
        layer: gamma_formats::webanno_tsv::LayerChoice {
            layer: Some("NamedEntity".into()),
            category_feature: None,
        },
        ..ReadOptions::default()
    };
    let (documents, _, plan) = read_corpus(dir.path(), &options).unwrap();
    assert_eq!(plan.layout, Layout::DocumentFolders);
    let names: Vec<&str> = documents
        .iter()
        .map(|d| d.continuum.name.as_str())
        .collect();
    assert_eq!(names, ["a.txt", "b.txt"]);
    assert_eq!(documents[1].continuum.annotator_names(), ["alice", "bob"]);
}
