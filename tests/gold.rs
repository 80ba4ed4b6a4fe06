//! Adjudication end to end: sessions on disk and gold exports read back by our own readers.

mod common;

use common::fixture;
use gamma_core::gamma::{DocumentAlignment, GammaOptions};
use gamma_core::gold::{Adjudication, Decision};
use gamma_formats::glozz::{self, GlozzOptions};
use gamma_formats::gold_export::{report_json, write_gold, write_report};
use gamma_formats::session::{Session, autosave_path, content_key, find_autosave};
use gamma_formats::{Document, ReadOptions, read_documents};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn read(paths: &[PathBuf], options: &ReadOptions) -> Document {
    let (mut documents, _) = read_documents(paths, options).unwrap();
    assert_eq!(documents.len(), 1);
    documents.remove(0)
}

/// The Glozz fixture's mentions (alice, bob).
fn glozz_document() -> Document {
    let aa = ["alice.aa", "bob.aa"].map(|n| fixture(&format!("glozz/{n}")));
    read(
        &aa,
        &ReadOptions {
            text: Some(fixture("glozz/doc.ac")),
            glozz: GlozzOptions {
                include_types: vec!["Mention".into()],
                ..Default::default()
            },
            ..ReadOptions::default()
        },
    )
}

/// Unanimous first, then annotator 0's unit where it has one, else annotator 1's.
fn adjudicate(document: &Document) -> Adjudication {
    let aligned = DocumentAlignment::of(&document.continuum, &GammaOptions::default()).unwrap();
    let mut adjudication = Adjudication::new(
        document.continuum.clone(),
        &aligned.problem,
        &aligned.alignment,
        "tester",
    );
    adjudication.decide_unanimous();
    for index in 0..adjudication.proposals().len() {
        if adjudication.decision(index).unwrap().is_open() {
            let annotator = if adjudication.proposals()[index].slots[0].is_some() {
                0
            } else {
                1
            };
            adjudication.pick(index, annotator).unwrap();
        }
    }
    adjudication
}

type Spans = Vec<(String, f64, f64, BTreeMap<String, String>)>;

fn gold_spans(adjudication: &Adjudication) -> Spans {
    adjudication
        .gold()
        .into_iter()
        .map(|(_, g)| {
            (
                g.unit.category.clone(),
                g.unit.start,
                g.unit.end,
                g.unit.features.clone(),
            )
        })
        .collect()
}

fn spans_of(units: &[gamma_core::Unit]) -> Spans {
    let mut spans: Spans = units
        .iter()
        .map(|u| (u.category.clone(), u.start, u.end, u.features.clone()))
        .collect();
    spans.sort_by(|a, b| (a.1, a.2).partial_cmp(&(b.1, b.2)).unwrap());
    spans
}

fn without_features(spans: Spans) -> Spans {
    spans
        .into_iter()
        .map(|(c, s, e, _)| (c, s, e, BTreeMap::new()))
        .collect()
}

#[test]
fn glozz_gold_reads_back_with_features() {
    let document = glozz_document();
    let mut adjudication = adjudicate(&document);
    let first = adjudication.gold()[0].0;
    adjudication
        .set_feature(first, "entity", Some("person"))
        .unwrap();
    let expected = gold_spans(&adjudication);
    assert_eq!(expected.len(), 4, "Zoë, Bob, Caen and He: {expected:?}");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("gold.aa");
    write_gold(
        &adjudication,
        &out,
        Some(&document.source),
        &ReadOptions::default(),
        false,
    )
    .unwrap();
    let (again, _, _) = glozz::read_document(
        &fixture("glozz/doc.ac"),
        &[gamma_formats::AnnotatorFile {
            annotator: "gold".into(),
            path: out,
        }],
        &GlozzOptions::default(),
    )
    .unwrap();
    // The Sentence both annotators have alike was not measured: it is carried into the gold.
    let mut expected_whole = expected.clone();
    expected_whole.insert(1, ("Sentence".into(), 0.0, 27.0, BTreeMap::new()));
    assert_eq!(spans_of(&again.annotators[0].units), expected_whole);
    assert_eq!(expected[0].3["entity"], "person");
}

#[test]
fn csv_and_elan_gold_read_back() {
    let document = glozz_document();
    let adjudication = adjudicate(&document);
    let expected = without_features(gold_spans(&adjudication));
    let dir = tempfile::tempdir().unwrap();
    for name in ["gold.csv", "gold.eaf"] {
        let out = dir.path().join(name);
        write_gold(&adjudication, &out, None, &ReadOptions::default(), false).unwrap();
        let again = read(&[out], &ReadOptions::default()).continuum;
        assert_eq!(again.annotators.len(), 1, "{name}");
        assert_eq!(again.annotators[0].name, "gold", "{name}");
        assert_eq!(
            without_features(spans_of(&again.annotators[0].units)),
            expected,
            "{name}"
        );
    }
}

#[test]
fn cora_gold_keeps_the_first_annotators_file_and_reads_back() {
    let files = ["p1_pos_A.xml", "p1_pos_B.xml"].map(|n| fixture(&format!("cora/{n}")));
    let document = read(&files, &ReadOptions::default());
    let mut adjudication = adjudicate(&document);
    // Take B's tag wherever A and B differ.
    for index in 0..adjudication.proposals().len() {
        let members = adjudication.members(index);
        if members.len() == 2 && members[0].1.category != members[1].1.category {
            adjudication.pick(index, 1).unwrap();
        }
    }
    let expected = without_features(gold_spans(&adjudication));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("gold.xml");
    write_gold(
        &adjudication,
        &out,
        Some(&document.source),
        &ReadOptions::default(),
        false,
    )
    .unwrap();
    let again = read(std::slice::from_ref(&out), &ReadOptions::default()).continuum;
    assert_eq!(
        without_features(spans_of(&again.annotators[0].units)),
        expected
    );
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("<header>constructed test pair</header>"));
}

#[test]
fn session_saves_and_loads_equal() {
    let document = glozz_document();
    let mut adjudication = adjudicate(&document);
    adjudication.undo();
    adjudication.skip(0).unwrap();
    let added = adjudication
        .add(gamma_core::Unit::new(15.0, 18.0, "Mention").unwrap())
        .unwrap();
    adjudication.split(added, 16.0).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let key = content_key(&document.continuum);
    assert_eq!(key.len(), 16);
    assert_eq!(key, content_key(&glozz_document().continuum), "stable");
    let path = autosave_path(dir.path(), &document.continuum);
    assert_eq!(
        path.file_name().unwrap().to_string_lossy(),
        format!("{}.{key}.json", document.continuum.name),
        "named after the document"
    );
    let mut settings = gamma_core::Preset::GammaSoftware.options();
    settings.dissimilarity.categorical = gamma_core::CategoryDissimilarity::Matrix(
        gamma_core::CategoryMatrix::new(
            vec!["A".into(), "B".into()],
            vec![0.0, 0.4, 0.4, 0.0],
            "test",
        )
        .unwrap(),
    );
    let mut session = Session::new(document.source.paths(), settings, adjudication.clone());
    session.save(&path).unwrap();
    assert!(path.starts_with(dir.path().join("sessions")));
    assert_eq!(
        find_autosave(dir.path(), &document.continuum),
        Some(path.clone())
    );
    let loaded = Session::load(&path).unwrap();
    assert_eq!(loaded, session);
    // The undo history survives too.
    let mut resumed = loaded.adjudication;
    assert_eq!(resumed.undo_label(), adjudication.undo_label());
    resumed.undo();
    resumed.undo();
    assert!(resumed.gold_unit(added).is_none());
    assert!(matches!(
        resumed.decision(0),
        Some(Decision::Skipped { .. })
    ));
}

#[test]
fn sessions_of_version_1_read_their_settings_recorded_as_strings() {
    let document = glozz_document();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    Session::new(Vec::new(), GammaOptions::default(), adjudicate(&document))
        .save(&path)
        .unwrap();
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    json["version"] = 1.into();
    json["settings"] = serde_json::json!({
        "alpha": "3", "beta": "0.5", "delta_empty": "1",
        "categorical": "Levenshtein", "gamma_software_preset": "true"
    });
    std::fs::write(&path, json.to_string()).unwrap();
    let settings = Session::load(&path).unwrap().settings;
    let mut expected = gamma_core::Preset::GammaSoftware.options();
    expected.dissimilarity.beta = 0.5;
    expected.dissimilarity.categorical = gamma_core::CategoryDissimilarity::Levenshtein;
    assert_eq!(settings, expected);
}

#[test]
fn damaged_sessions_are_errors_naming_the_file() {
    let document = glozz_document();
    let adjudication = adjudicate(&document);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    Session::new(Vec::new(), GammaOptions::default(), adjudication)
        .save(&path)
        .unwrap();
    let json = std::fs::read_to_string(&path).unwrap();

    let truncated = dir.path().join("truncated.json");
    std::fs::write(&truncated, &json[..json.len() / 2]).unwrap();
    let e = Session::load(&truncated).unwrap_err().to_string();
    assert!(e.starts_with(&truncated.display().to_string()), "{e}");
    assert!(e.contains("not an adjudication session"), "{e}");

    let newer = dir.path().join("newer.json");
    let current = format!("\"version\": {}", gamma_formats::session::SESSION_VERSION);
    assert!(json.contains(&current));
    std::fs::write(&newer, json.replace(&current, "\"version\": 99")).unwrap();
    let e = Session::load(&newer).unwrap_err().to_string();
    assert!(e.contains("version 99 is newer"), "{e}");

    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["adjudication"]["decisions"]
        .as_array_mut()
        .unwrap()
        .pop();
    let short = dir.path().join("short.json");
    std::fs::write(&short, value.to_string()).unwrap();
    let e = Session::load(&short).unwrap_err().to_string();
    assert!(e.contains("damaged session: 3 decisions for 4"), "{e}");

    let empty = dir.path().join("empty.json");
    std::fs::write(&empty, "").unwrap();
    assert!(Session::load(&empty).is_err());
}

/// A session whose undo history points past its decisions (edited by hand, or damaged) is
/// refused on load, naming the file and the entry, instead of panicking at the first undo.
#[test]
fn a_damaged_undo_history_is_refused_on_load() {
    let document = glozz_document();
    let mut adjudication = adjudicate(&document);
    adjudication.undo(); // one step in the redo history too
    let (undo_steps, redo_steps) = (2, 1);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    Session::new(Vec::new(), GammaOptions::default(), adjudication.clone())
        .save(&path)
        .unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        json["adjudication"]["undo"].as_array().unwrap().len(),
        undo_steps
    );
    assert_eq!(
        json["adjudication"]["redo"].as_array().unwrap().len(),
        redo_steps
    );
    let damage = |name: &str, edit: &dyn Fn(&mut serde_json::Value)| {
        let mut value = json.clone();
        edit(&mut value);
        let damaged = dir.path().join(name);
        std::fs::write(&damaged, value.to_string()).unwrap();
        let error = Session::load(&damaged).unwrap_err().to_string();
        assert!(error.starts_with(&damaged.display().to_string()), "{error}");
        error
    };

    // The last undo step's decision decides alignment 18 of a four-alignment document.
    let last_step = &json["adjudication"]["undo"][undo_steps - 1]["changes"];
    let decision = last_step
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c["change"] == "decision")
        .unwrap();
    let error = damage("past.json", &|value| {
        value["adjudication"]["undo"][undo_steps - 1]["changes"][decision]["proposal"] = 17.into();
    });
    let label = adjudication.undo_label().unwrap();
    assert!(
        error.contains(&format!(
            "damaged session: undo history, step 2 of 2 ({label:?}), change {}: \
             no alignment 18 (the document has 4)",
            decision + 1
        )),
        "{error}"
    );

    // A redo step that picks the unit of an annotator the document does not have.
    let error = damage("annotator.json", &|value| {
        let changes = value["adjudication"]["redo"][0]["changes"]
            .as_array_mut()
            .unwrap();
        let decision = changes
            .iter_mut()
            .find(|c| c["change"] == "decision")
            .unwrap();
        decision["after"]["choice"]["annotator"] = 5.into();
    });
    assert!(error.contains("redo history, step 1 of 1"), "{error}");
    assert!(error.contains("no annotator 5"), "{error}");

    // A gold unit of the history with an id never handed out.
    let error = damage("id.json", &|value| {
        let changes = value["adjudication"]["undo"][0]["changes"]
            .as_array_mut()
            .unwrap();
        let gold = changes.iter_mut().find(|c| c["change"] == "gold").unwrap();
        gold["id"] = 1000.into();
    });
    assert!(error.contains("undo history, step 1 of 2"), "{error}");
    assert!(
        error.contains("gold unit 1000: id not below next id"),
        "{error}"
    );

    // Undamaged, the same session undoes and redoes everything.
    let mut resumed = Session::load(&path).unwrap().adjudication;
    while resumed.undo().is_some() {}
    assert!(resumed.decisions().iter().all(Decision::is_open));
    while resumed.redo().is_some() {}
    adjudication.redo();
    assert_eq!(resumed.decisions(), adjudication.decisions());
    assert!(resumed.decisions().iter().all(Decision::is_decided));
}

fn copy_into(dir: &Path, source: &Path) -> PathBuf {
    let copy = dir.join(source.file_name().unwrap());
    std::fs::copy(source, &copy).unwrap();
    copy
}

#[test]
fn exports_never_overwrite_an_input_unless_confirmed() {
    let dir = tempfile::tempdir().unwrap();
    let input = copy_into(dir.path(), &fixture("pygamma/h6_three_annot.csv"));
    let before = std::fs::read(&input).unwrap();
    let document = read(std::slice::from_ref(&input), &ReadOptions::default());
    let adjudication = adjudicate(&document);
    let e = write_gold(
        &adjudication,
        &input,
        Some(&document.source),
        &ReadOptions::default(),
        false,
    )
    .unwrap_err();
    assert!(e.to_string().contains("is an input file"), "{e}");
    // The same file through another path is still the input.
    let other_path = dir.path().join(".").join(input.file_name().unwrap());
    assert!(
        write_report(
            &adjudication,
            &other_path,
            std::slice::from_ref(&input),
            false
        )
        .is_err()
    );
    assert_eq!(std::fs::read(&input).unwrap(), before);

    write_gold(
        &adjudication,
        &input,
        Some(&document.source),
        &ReadOptions::default(),
        true,
    )
    .unwrap();
    assert_ne!(std::fs::read(&input).unwrap(), before);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn report_lists_every_decision() {
    let document = glozz_document();
    let mut adjudication = adjudicate(&document);
    adjudication.reopen(0).unwrap();
    let report = report_json(&adjudication);
    assert_eq!(report["annotators"], serde_json::json!(["alice", "bob"]));
    assert_eq!(report["progress"]["decided"], 3);
    assert_eq!(report["progress"]["open"], 1);
    let entries = report["alignments"].as_array().unwrap();
    assert_eq!(entries.len(), 4);
    assert_eq!(entries[0]["status"], "open");
    assert_eq!(entries[0]["gold"], serde_json::json!([]));
    let picked = entries
        .iter()
        .find(|e| e["choice"] == "pick alice")
        .expect("a pick of alice");
    assert_eq!(picked["by"], "tester");
    assert_eq!(picked["rule"], "manual");
    assert!(picked["at"].as_str().unwrap().ends_with('Z'));
    assert_eq!(picked["gold"][0]["text"], picked["annotators"][0]["text"]);

    let dir = tempfile::tempdir().unwrap();
    let csv_path = dir.path().join("report.csv");
    write_report(&adjudication, &csv_path, &[], false).unwrap();
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "alignment,disorder,status,choice,rule,by,at,alice,bob,gold,reason,note"
    );
    assert_eq!(lines.len(), 5);
    assert!(lines[1].starts_with("1,") && lines[1].contains(",open,"));
}

/// The same two files opened bob-first: the autosave is found, and the session resumes with its
/// annotators in the new order and the same gold; another document's session is refused; the
/// list names the session by document with its progress.
#[test]
fn a_session_resumes_whatever_the_order_of_the_files() {
    let document = glozz_document();
    let adjudication = adjudicate(&document);
    let picks = adjudication.decisions().to_vec();
    let dir = tempfile::tempdir().unwrap();
    let path = autosave_path(dir.path(), &document.continuum);
    Session::new(
        document.source.paths(),
        GammaOptions::default(),
        adjudication.clone(),
    )
    .save(&path)
    .unwrap();

    let reversed = read(
        &["bob.aa", "alice.aa"].map(|n| fixture(&format!("glozz/{n}"))),
        &ReadOptions {
            text: Some(fixture("glozz/doc.ac")),
            glozz: GlozzOptions {
                include_types: vec!["Mention".into()],
                ..Default::default()
            },
            ..ReadOptions::default()
        },
    );
    assert_eq!(reversed.continuum.annotator_names(), ["bob", "alice"]);
    assert_eq!(
        content_key(&reversed.continuum),
        content_key(&document.continuum)
    );
    assert_eq!(
        find_autosave(dir.path(), &reversed.continuum),
        Some(path.clone())
    );
    let resumed = Session::resume(&path, &reversed.continuum)
        .unwrap()
        .unwrap();
    let resumed = resumed.adjudication;
    assert_eq!(resumed.continuum().annotator_names(), ["bob", "alice"]);
    let spans = |a: &Adjudication| -> Vec<(String, f64, f64)> {
        (a.gold().into_iter())
            .map(|(_, g)| (g.unit.category.clone(), g.unit.start, g.unit.end))
            .collect()
    };
    assert_eq!(spans(&resumed), spans(&adjudication));
    // Every pick names the same annotator as before.
    for (index, before) in picks.iter().enumerate() {
        let name = |a: &Adjudication, d: &Decision| match d {
            Decision::Decided {
                choice: gamma_core::gold::Choice::Pick { annotator },
                ..
            } => Some(a.continuum().annotators[*annotator].name.clone()),
            _ => None,
        };
        assert_eq!(
            name(&resumed, resumed.decision(index).unwrap()),
            name(&adjudication, before)
        );
    }

    // Another document (one unit less): refused, naming both.
    let mut other = document.continuum.clone();
    other.annotators[1].units.pop();
    let e = Session::resume(&path, &other).unwrap_err().to_string();
    assert!(
        e.contains("holds the adjudication of another document"),
        "{e}"
    );
    assert!(find_autosave(dir.path(), &other).is_none());

    // Renamed files: found by the key alone.
    let mut renamed = document.continuum.clone();
    renamed.name = "renamed".into();
    assert_eq!(find_autosave(dir.path(), &renamed), Some(path.clone()));

    // An autosave of an earlier version, under the fingerprint of the files' order: found.
    let older = dir.path().join("sessions").join(format!(
        "{}.json",
        gamma_formats::session::fingerprint(&reversed.continuum)
    ));
    std::fs::rename(&path, &older).unwrap();
    assert_eq!(
        find_autosave(dir.path(), &reversed.continuum),
        Some(older.clone())
    );

    let listed = gamma_formats::session::saved_sessions(dir.path());
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].path, older);
    assert_eq!(listed[0].document, document.continuum.name);
    assert_eq!(listed[0].annotators, ["alice", "bob"]);
    assert_eq!(listed[0].progress, adjudication.progress());
}
