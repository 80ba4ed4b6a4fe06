//! Glozz: our own fixture (tests/fixtures/glozz, CC0) and the STAC excerpt of ../shared (CC
//! BY-NC-SA, read in place, never copied; those tests skip with a notice when it is absent).

mod common;

use common::{best_alignment, fixture};
use gamma_core::Dissimilarity;
use gamma_formats::AnnotatorFile;
use gamma_formats::glozz::{self, GlozzOptions, Positioning};
use gamma_formats::{ReadOptions, WarningKind, read_documents};
use std::path::{Path, PathBuf};

fn ours(name: &str) -> PathBuf {
    fixture(&format!("glozz/{name}"))
}

fn files(pairs: &[(&str, PathBuf)]) -> Vec<AnnotatorFile> {
    pairs
        .iter()
        .map(|(a, p)| AnnotatorFile {
            annotator: a.to_string(),
            path: p.clone(),
        })
        .collect()
}

#[test]
fn reads_units_with_character_offsets_relations_and_schemas() {
    let aa = glozz::read_aa(&ours("alice.aa")).unwrap();
    assert_eq!(
        (aa.units.len(), aa.relations.len(), aa.schemas.len()),
        (5, 1, 1)
    );
    assert_eq!(
        aa.relations[0].positioning,
        Positioning::Terms(vec![
            "alice_1700000000004".into(),
            "alice_1700000000002".into()
        ])
    );
    assert_eq!(
        aa.schemas[0].features,
        vec![("note".to_string(), "Bob & he".to_string())]
    );
    let (continuum, _, warnings) = glozz::read_document(
        &ours("doc.ac"),
        &files(&[("alice", ours("alice.aa")), ("bob", ours("bob.aa"))]),
        &GlozzOptions {
            exclude_types: vec!["Sentence".into()],
            ..Default::default()
        },
    )
    .unwrap();
    // What is measured and what is carried, per file: alice's relation and schema, both Sentences.
    let messages: Vec<String> = warnings.iter().map(|w| w.message.clone()).collect();
    assert_eq!(
        messages,
        [
            "1 relation and 1 schema are measured as relation agreement, adjudicated with the units and carried into the gold; units of types Sentence (1) are not measured and carried into the gold",
            "units of types Sentence (1) are not measured and carried into the gold",
        ],
    );
    let text = continuum.text.as_deref().unwrap();
    let caen = &continuum.annotators[0].units[2];
    assert_eq!((caen.start, caen.end), (14.0, 18.0));
    let covered: String = text
        .chars()
        .skip(caen.start as usize)
        .take(caen.length() as usize)
        .collect();
    assert_eq!(covered, "Caen");
    assert_eq!(caen.features["entity"], "LOC");
    assert_eq!(caen.source_id.as_deref(), Some("alice_1700000000003"));
    assert_eq!(continuum.annotators[1].units.len(), 3);
}

#[test]
fn category_from_a_feature_and_author_filter() {
    let options = GlozzOptions {
        category_feature: Some("entity".into()),
        exclude_authors: vec!["importer".into()],
        ..Default::default()
    };
    let (continuum, _, _) = glozz::read_document(
        &ours("doc.ac"),
        &files(&[("alice", ours("alice.aa")), ("bob", ours("bob.aa"))]),
        &options,
    )
    .unwrap();
    let categories: Vec<&str> = continuum.annotators[1]
        .units
        .iter()
        .map(|u| u.category.as_str())
        .collect();
    assert_eq!(categories, ["PER", "PER", "ORG"]);
    // Zoë [0,3)–[0,7) positional (4/10)², Bob 0, Caen category 1, He alone 1 + … over x̄ = 3.5
    let (_, alignment) = best_alignment(&continuum, &Dissimilarity::default());
    let expected = ((4.0f64 / 10.0).powi(2) + 0.0 + 1.0 + 1.0) / 3.5;
    assert!(
        (alignment.disorder - expected).abs() < 1e-12,
        "{}",
        alignment.disorder
    );
}

#[test]
fn round_trip_and_consensus_file_keep_everything_and_the_hashcode() {
    let text = std::fs::read(ours("doc.ac")).unwrap();
    for name in ["alice.aa", "bob.aa"] {
        let aa = glozz::read_aa(&ours(name)).unwrap();
        assert_eq!(
            aa.corpus_hashcode.as_deref(),
            Some(glozz::hashcode(&text).as_str())
        );
        let again = glozz::parse_aa(aa.to_xml().as_bytes(), Path::new("again.aa")).unwrap();
        assert_eq!(again, aa);
    }
    let (continuum, _, _) = glozz::read_document(
        &ours("doc.ac"),
        &files(&[("alice", ours("alice.aa"))]),
        &GlozzOptions::default(),
    )
    .unwrap();
    let consensus = glozz::consensus_file(
        &continuum.annotators[0].units,
        "adjudicator",
        continuum.text.as_deref().unwrap(),
        1_800_000_000_000,
    );
    let folder = tempfile::tempdir().unwrap();
    let written = folder.path().join("consensus.aa");
    consensus.write(&written).unwrap();
    let reread = glozz::read_aa(&written).unwrap();
    assert_eq!(reread.corpus_hashcode, Some(glozz::hashcode(&text)));
    assert_eq!(reread.units[1].id, "adjudicator_1800000000001");
    assert_eq!(reread.units.len(), 5);
    let (from_consensus, _, warnings) = glozz::read_document(
        &ours("doc.ac"),
        &files(&[("gold", written.clone())]),
        &GlozzOptions::default(),
    )
    .unwrap();
    assert!(warnings.is_empty());
    for (a, b) in from_consensus.annotators[0]
        .units
        .iter()
        .zip(&continuum.annotators[0].units)
    {
        assert_eq!(
            (a.start, a.end, &a.category, &a.features),
            (b.start, b.end, &b.category, &b.features)
        );
    }
}

#[test]
fn wrong_text_missing_text_and_bad_offsets_are_reported() {
    let folder = tempfile::tempdir().unwrap();
    let other = folder.path().join("other.ac");
    std::fs::write(
        &other,
        "Zoë met Bob à Caen. He left, and more text after it.",
    )
    .unwrap();
    let (_, _, warnings) = glozz::read_document(
        &other,
        &files(&[("alice", ours("alice.aa"))]),
        &GlozzOptions::default(),
    )
    .unwrap();
    assert_eq!(warnings.len(), 2);
    assert_eq!(warnings[0].kind, WarningKind::TextHashMismatch);
    assert_eq!(warnings[1].kind, WarningKind::Carried);
    assert!(
        warnings[0]
            .to_string()
            .contains("corpusHashcode 29-88341165 does not match"),
        "{}",
        warnings[0]
    );
    let short = folder.path().join("short.ac");
    std::fs::write(&short, "Zoë met Bob").unwrap();
    let error = glozz::read_document(
        &short,
        &files(&[("alice", ours("alice.aa"))]),
        &GlozzOptions::default(),
    )
    .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("alice.aa: line 4: unit \"seg_1\" ends at 27, beyond the 11 characters"),
        "{error}"
    );
    let missing = glozz::read_document(
        &folder.path().join("none.ac"),
        &files(&[("alice", ours("alice.aa"))]),
        &GlozzOptions::default(),
    )
    .unwrap_err();
    assert!(
        missing
            .to_string()
            .contains("none.ac: cannot read the text"),
        "{missing}"
    );
}

fn shared_glozz() -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/glozz");
    if path.is_dir() {
        Some(path)
    } else {
        println!("notice: ../shared/corpora/glozz is absent; the STAC tests are skipped");
        None
    }
}

fn walk(folder: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out.sort();
    out
}

#[test]
fn every_stac_and_educe_file_reads_with_the_hashcode_of_its_text() {
    let Some(shared) = shared_glozz() else { return };
    let mut read = 0;
    for path in walk(&shared)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "aa"))
    {
        let aa = glozz::read_aa(&path).unwrap();
        let units_in_file = std::fs::read_to_string(&path)
            .unwrap()
            .matches("<unit ")
            .count();
        assert_eq!(aa.units.len(), units_in_file, "{}", path.display());
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = walk(&shared)
            .into_iter()
            .find(|p| {
                p.extension().is_some_and(|e| e == "ac")
                    && p.file_stem().unwrap().to_string_lossy() == stem
            })
            .unwrap();
        assert_eq!(
            aa.corpus_hashcode,
            Some(glozz::hashcode(&std::fs::read(&text).unwrap())),
            "{}",
            path.display()
        );
        assert_eq!(
            glozz::parse_aa(aa.to_xml().as_bytes(), &path).unwrap(),
            aa,
            "round trip of {}",
            path.display()
        );
        read += 1;
    }
    assert_eq!(read, 12);
    let discourse =
        glozz::read_aa(&shared.join("educe-glozz-sample/example-discourse.aa")).unwrap();
    assert_eq!(
        (
            discourse.units.len(),
            discourse.relations.len(),
            discourse.schemas.len()
        ),
        (28, 5, 2)
    );
}

#[test]
fn stac_pair_has_pygammas_observed_disorder_and_the_split_alignment() {
    let Some(shared) = shared_glozz() else { return };
    let game = shared.join("stac-s1-league2-game1");
    let read = |doc: &str, a: &str, b: &str| {
        glozz::read_document(
            &game.join(format!("unannotated/s1-league2-game1_{doc}.ac")),
            &files(&[
                (a, game.join(format!("units/{a}/s1-league2-game1_{doc}.aa"))),
                (b, game.join(format!("units/{b}/s1-league2-game1_{doc}.aa"))),
            ]),
            &GlozzOptions {
                exclude_types: vec!["paragraph".into(), "Turn".into(), "Dialogue".into()],
                ..Default::default()
            },
        )
        .unwrap()
        .0
    };
    let twelve = read("12", "hjoseph", "SILVER");
    let (problem, alignment) = best_alignment(&twelve, &Dissimilarity::default());
    assert!(
        (alignment.disorder - 0.1090).abs() < 5e-5,
        "{}",
        alignment.disorder
    );
    let (_, alpha3) = best_alignment(
        &twelve,
        &Dissimilarity {
            alpha: 3.0,
            ..Default::default()
        },
    );
    assert!(
        (alpha3.disorder - 0.1200).abs() < 5e-5,
        "{}",
        alpha3.disorder
    );
    let spans = |i: usize| -> Vec<Option<(f64, f64)>> {
        alignment
            .slots(&problem, i)
            .into_iter()
            .enumerate()
            .map(|(a, s)| {
                s.map(|u| {
                    (
                        twelve.annotators[a].units[u].start,
                        twelve.annotators[a].units[u].end,
                    )
                })
            })
            .collect()
    };
    let all: Vec<Vec<Option<(f64, f64)>>> =
        (0..alignment.unitary_alignments.len()).map(spans).collect();
    assert!(
        all.contains(&vec![Some((60.0, 95.0)), Some((60.0, 75.0))]),
        "{all:?}"
    );
    assert!(all.contains(&vec![None, Some((76.0, 86.0))]));
    assert!(all.contains(&vec![None, Some((87.0, 95.0))]));
    let seven = read("07", "lpetersen", "SILVER");
    assert_eq!(
        best_alignment(&seven, &Dissimilarity::default()).1.disorder,
        0.0
    );
}

#[test]
fn the_stac_text_is_found_in_the_unannotated_folder_beside_the_annotators_folders() {
    let Some(shared) = shared_glozz() else {
        return;
    };
    let stac = shared.join("stac-s1-league2-game1");
    let annotations = [
        stac.join("units/hjoseph/s1-league2-game1_12.aa"),
        stac.join("units/SILVER/s1-league2-game1_12.aa"),
    ];
    assert_eq!(
        gamma_formats::glozz::text_beside(&annotations[0]),
        Some(stac.join("unannotated/s1-league2-game1_12.ac"))
    );
    // Opened with no text named, as the app opens them.
    let (documents, _) = read_documents(&annotations, &ReadOptions::default()).unwrap();
    assert_eq!(documents.len(), 1);
    let continuum = &documents[0].continuum;
    let names: Vec<&str> = continuum
        .annotators
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["hjoseph", "SILVER"]);
    let text = std::fs::read_to_string(stac.join("unannotated/s1-league2-game1_12.ac")).unwrap();
    assert_eq!(continuum.text.as_deref(), Some(text.as_str()));
}

#[test]
fn what_is_measured_and_what_is_carried_is_said_at_opening() {
    let Some(shared) = shared_glozz() else {
        return;
    };
    let stac = shared.join("stac-s1-league2-game1");
    let annotations = [
        stac.join("discourse/hjoseph/s1-league2-game1_12.aa"),
        stac.join("discourse/SILVER/s1-league2-game1_12.aa"),
    ];
    if !annotations.iter().all(|p| p.is_file()) {
        println!("notice: the STAC discourse files are absent; skipped");
        return;
    }
    let skipped = |options: &ReadOptions| -> Vec<String> {
        let (_, warnings) = read_documents(&annotations, options).unwrap();
        (warnings.iter())
            .filter(|w| w.kind == WarningKind::Carried)
            .map(|w| w.message.clone())
            .collect()
    };
    assert_eq!(
        skipped(&ReadOptions::default()),
        [
            "19 relations are measured as relation agreement, adjudicated with the units and carried into the gold",
            "19 relations and 1 schema are measured as relation agreement, adjudicated with the units and carried into the gold",
        ]
    );
    let mut segments = ReadOptions::default();
    segments.glozz.include_types = vec!["Segment".into()];
    let types = "units of types Dialogue (2), Turn (16), paragraph (16) are not measured and carried into the gold";
    assert_eq!(
        skipped(&segments),
        [
            format!(
                "19 relations are measured as relation agreement, adjudicated with the units and carried into the gold; {types}"
            ),
            format!(
                "19 relations and 1 schema are measured as relation agreement, adjudicated with the units and carried into the gold; {types}"
            ),
        ]
    );
}
