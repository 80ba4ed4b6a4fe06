//! The gold is the whole document in the formats of layers over tokens. TSV 3: on INCEpTION's
//! own `example2.tsv` (parts of speech, named entities and dependencies between the parts of
//! speech), the named entities are measured and the gold `.tsv` also holds the parts of speech,
//! the dependencies and the tokens of the base annotator's file. CorA-XML: the parts of speech
//! are measured and the gold holds the base annotator's morphology.

mod common;

use gamma_formats::gold_export::write_whole_gold;
use gamma_formats::webanno_tsv::{LayerChoice, Tsv3File};
use gamma_formats::{ReadOptions, read_documents};
use std::path::{Path, PathBuf};

fn named_entities() -> ReadOptions {
    ReadOptions {
        layer: LayerChoice {
            layer: Some("NamedEntity".into()),
            category_feature: None,
        },
        ..ReadOptions::default()
    }
}

/// Reads `files` as named entities, adjudicates them with the unanimous rule and writes the
/// gold from annotator `base`: the gold read back and the notes.
fn unanimous_gold(files: &[PathBuf], base: usize, out: &Path) -> (Tsv3File, Vec<String>) {
    let notes = unanimous_gold_with(files, &named_entities(), base, out);
    (gamma_formats::webanno_tsv::read(out).unwrap(), notes)
}

/// Reads `files` with `options`, adjudicates them with the unanimous rule and writes the gold
/// from annotator `base` at `out`: the notes.
fn unanimous_gold_with(
    files: &[PathBuf],
    options: &ReadOptions,
    base: usize,
    out: &Path,
) -> Vec<String> {
    let (mut documents, _) = read_documents(files, options).unwrap();
    let document = documents.remove(0);
    let adjudication = common::unanimous(&document.continuum);
    let (_, notes) = write_whole_gold(
        &adjudication,
        out,
        Some(&document.source),
        options,
        false,
        base,
    )
    .unwrap();
    notes
}

/// A file's content as it reads, whatever its ids: each span (layer, characters, values), each
/// relation (layer, the characters of its ends, values), each token (characters).
fn content(file: &Tsv3File) -> (Vec<String>, Vec<String>, Vec<(usize, usize)>) {
    let short = |layer: usize| {
        file.layers[layer]
            .name
            .rsplit('.')
            .next()
            .unwrap()
            .to_string()
    };
    let mut spans: Vec<String> = (file.spans.iter())
        .map(|s| format!("{} [{}, {}) {:?}", short(s.layer), s.start, s.end, s.values))
        .collect();
    spans.sort();
    let end = |key: &str| {
        let token = file.tokens.iter().find(|t| t.address == key);
        let span = file.spans.iter().find(|s| s.id.as_deref() == Some(key));
        match (span, token) {
            (Some(s), _) => format!("[{}, {})", s.start, s.end),
            (None, Some(t)) => format!("[{}, {})", t.start, t.end),
            (None, None) => key.to_string(),
        }
    };
    let mut relations: Vec<String> = (file.relations.iter())
        .map(|r| {
            let (source, target) = (end(&r.source), end(&r.target));
            format!("{} {source} → {target} {:?}", short(r.layer), r.values)
        })
        .collect();
    relations.sort();
    let tokens = file.tokens.iter().map(|t| (t.start, t.end)).collect();
    (spans, relations, tokens)
}

/// A gold of the file and its identical copy holds what the file holds: its 9 named entities,
/// its 86 parts of speech, its 86 dependencies (on the same tokens) and its tokens.
#[test]
fn the_tsv3_gold_of_a_file_and_its_copy_is_the_file() {
    let original = common::fixture("webanno-tsv/example2.tsv");
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<PathBuf> = ["ann", "copy"]
        .iter()
        .map(|name| {
            let path = dir.path().join(format!("{name}.tsv"));
            std::fs::copy(&original, &path).unwrap();
            path
        })
        .collect();
    let (_, warnings) = read_documents(&files, &named_entities()).unwrap();
    let said: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
    let carried = |file: &Path| {
        format!(
            "{}: its other layers (Dependency 86 annotations, POS 86 annotations) are not \
             measured and are carried into the gold (from the base annotator's file)",
            file.display()
        )
    };
    assert_eq!(said, [carried(&files[0]), carried(&files[1])]);
    let out = dir.path().join("gold.tsv");
    let (gold, notes) = unanimous_gold(&files, 0, &out);
    assert_eq!(notes, Vec::<String>::new());
    let original = gamma_formats::webanno_tsv::read(&original).unwrap();
    assert_eq!(gold.layers, original.layers);
    assert_eq!(gold.text, original.text);
    let (spans, relations, tokens) = content(&gold);
    let count = |layer: &str| spans.iter().filter(|s| s.starts_with(layer)).count();
    assert_eq!(
        (count("NamedEntity "), count("POS "), relations.len()),
        (9, 86, 86)
    );
    assert_eq!((spans, relations, tokens), content(&original));
}

/// bob differs from ann in one named entity (U.S. is GPE), one part of speech (its is PRP) and
/// one dependency (plays → Elianti is DOBJ). The entity is not unanimous and is left out of the gold; the
/// part of speech and the dependency are the base annotator's, and the notes list both sides.
#[test]
fn what_is_not_measured_comes_from_the_base_and_differences_are_listed() {
    let original = std::fs::read_to_string(common::fixture("webanno-tsv/example2.tsv")).unwrap();
    let bob = original
        .replace(
            "2-9\t73-77\tU.S.\tNNP\tLOC\t",
            "2-9\t73-77\tU.S.\tNNP\tGPE\t",
        )
        .replace("2-8\t69-72\tits\tPRP$\t", "2-8\t69-72\tits\tPRP\t")
        .replace(
            "1-4\t15-22\tElianti\tNNP\tOTH\tOBJ\t",
            "1-4\t15-22\tElianti\tNNP\tOTH\tDOBJ\t",
        );
    assert_ne!(bob, original);
    let dir = tempfile::tempdir().unwrap();
    let files = [("ann", original.clone()), ("bob", bob)].map(|(name, content)| {
        let path = dir.path().join(format!("{name}.tsv"));
        std::fs::write(&path, content).unwrap();
        path
    });
    for (base, its, elianti) in [(0, "PRP$", "OBJ"), (1, "PRP", "DOBJ")] {
        let out = dir.path().join(format!("gold-{base}.tsv"));
        let (gold, mut notes) = unanimous_gold(&files, base, &out);
        notes.sort();
        let [carried, left] = match base {
            0 => ["ann", "bob"],
            _ => ["bob", "ann"],
        };
        let (pos_ann, pos_bob) = ("POS [69, 72) (PRP$)", "POS [69, 72) (PRP)");
        let (dep_ann, dep_bob) = (
            "Dependency POS [9, 14) → POS [15, 22) (OBJ)",
            "Dependency POS [9, 14) → POS [15, 22) (DOBJ)",
        );
        let fate = |who: &str| match who == carried {
            true => "carried into the gold",
            false => "not in the gold",
        };
        let other = |who: &str| if who == "ann" { "bob" } else { "ann" };
        let mut expected: Vec<String> = [
            (dep_ann, "ann"),
            (dep_bob, "bob"),
            (pos_ann, "ann"),
            (pos_bob, "bob"),
        ]
        .iter()
        .map(|(what, who)| {
            format!(
                "{what} of {who} ({}, not measured): {} has none like it",
                fate(who),
                other(who)
            )
        })
        .collect();
        expected.sort();
        assert_eq!(
            notes, expected,
            "base {base} ({carried} carried, {left} not)"
        );
        let value = |start: usize, layer: &str| -> Vec<Option<String>> {
            (gold.spans.iter())
                .filter(|s| s.start == start && gold.layers[s.layer].name.ends_with(layer))
                .flat_map(|s| s.values.clone())
                .collect()
        };
        assert_eq!(value(69, "POS"), [Some(its.to_string())]);
        assert_eq!(value(73, "NamedEntity"), Vec::<Option<String>>::new());
        assert_eq!(value(78, "POS"), [Some("NNS".to_string())]);
        let dependency = (gold.relations.iter())
            .find(|r| r.row == "1-4")
            .map(|r| r.values.clone());
        assert_eq!(dependency, Some(vec![Some(elianti.to_string())]));
        let (spans, _, tokens) = content(&gold);
        assert_eq!(spans.len(), 8 + 86, "one named entity left out");
        assert_eq!(
            tokens,
            content(&gamma_formats::webanno_tsv::read(&files[0]).unwrap()).2
        );
    }
}

/// The constructed CorA pair p1b (parts of speech and morphology): read with the parts of speech
/// only, the morphology is carried from the base annotator's file. The annotators differ in the
/// morphology of "duldicheyt" and "gheheten"; the notes list both sides, the gold has the base's
/// (and its header), and the parts of speech of the three tokens they tag differently are left
/// out (not unanimous).
#[test]
fn the_cora_gold_carries_the_layers_not_read_from_the_base() {
    let files = ["A", "B"].map(|a| common::fixture(&format!("cora/p1b_posmorph_{a}.xml")));
    let options = ReadOptions {
        cora: gamma_formats::cora::CoraOptions {
            layers: Some(vec!["pos".into()]),
            ..Default::default()
        },
        ..ReadOptions::default()
    };
    let dir = tempfile::tempdir().unwrap();
    for (base, duldicheyt, gheheten) in [(0, "Fem.Dat.Sg", "_"), (1, "Fem.Akk.Sg", "Pl")] {
        let out = dir.path().join(format!("gold-{base}.xml"));
        let mut notes = unanimous_gold_with(&files, &options, base, &out);
        notes.sort();
        let [a, b] = match base {
            0 => ["carried into the gold", "not in the gold"],
            _ => ["not in the gold", "carried into the gold"],
        };
        assert_eq!(
            notes,
            [
                format!(
                    "morph “Fem.Akk.Sg” of token \"duldicheyt\" [20, 30) of p1b_posmorph_B ({b}, not measured): p1b_posmorph_A has none like it"
                ),
                format!(
                    "morph “Fem.Dat.Sg” of token \"duldicheyt\" [20, 30) of p1b_posmorph_A ({a}, not measured): p1b_posmorph_B has none like it"
                ),
                format!(
                    "morph “Pl” of token \"gheheten\" [42, 50) of p1b_posmorph_B ({b}, not measured): p1b_posmorph_A has none like it"
                ),
                format!(
                    "morph “_” of token \"gheheten\" [42, 50) of p1b_posmorph_A ({a}, not measured): p1b_posmorph_B has none like it"
                ),
            ],
            "base {base}"
        );
        let gold = gamma_formats::cora::read(&out).unwrap();
        let layers: Vec<String> = (gold.annotation_tokens())
            .map(|t| {
                let layer = |name: &str| t.layer(name).unwrap_or("-").to_string();
                format!(
                    "{} {} {}",
                    t.transcribed.trans,
                    layer("pos"),
                    layer("morph")
                )
            })
            .collect();
        assert_eq!(
            layers,
            [
                "De DDARTA Fem.Nom.Sg".to_string(),
                "hystorie NA Fem.Nom.Sg".into(),
                "van APPR Dat".into(),
                "der - Fem.Dat.Sg".into(),
                format!("duldicheyt NA {duldicheyt}"),
                "der DDARTA Fem.Gen.Sg".into(),
                "vrowen - Fem.Gen.Sg".into(),
                format!("gheheten - {gheheten}"),
            ],
            "base {base}"
        );
        assert_eq!(gold.id, ["p1b_posmorph_A", "p1b_posmorph_B"][base]);
    }
}

/// INCEpTION's relation layer with three features (`boolValue|integerValue|value`): its label
/// is the string one. ann says nsubj, bob subj; relabelled `agent`, the gold relation keeps ann's
/// other features (true, 42) with the gold label in `value`.
#[test]
fn a_relabelled_relation_keeps_its_other_features_in_the_tsv3_gold() {
    let original = std::fs::read_to_string(common::fixture(
        "webanno-tsv/testSingleNonMultiTokenRelationWithMultipleFeatureValues.tsv",
    ))
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let bob = original.replace("\tnsubj\t", "\tsubj\t");
    let files = [("ann", original.clone()), ("bob", bob)].map(|(name, content)| {
        let path = dir.path().join(format!("{name}.tsv"));
        std::fs::write(&path, content).unwrap();
        path
    });
    let options = ReadOptions::default();
    let (mut documents, _) = read_documents(&files, &options).unwrap();
    let document = documents.remove(0);
    let labels: Vec<&str> = (document.continuum.annotators.iter())
        .map(|a| a.relations[0].label.as_str())
        .collect();
    assert_eq!(labels, ["nsubj", "subj"]);
    let mut adjudication = common::unanimous(&document.continuum);
    assert_eq!(adjudication.relation_proposals().len(), 1);
    let agent = gamma_core::gold::RelationChoice::Relabel {
        label: "agent".into(),
    };
    adjudication.decide_relation(0, agent).unwrap();
    let out = dir.path().join("gold.tsv");
    let source = Some(&document.source);
    let (_, notes) = write_whole_gold(&adjudication, &out, source, &options, false, 0).unwrap();
    assert_eq!(notes, Vec::<String>::new());
    let gold = gamma_formats::webanno_tsv::read(&out).unwrap();
    let values: Vec<Vec<Option<String>>> =
        gold.relations.iter().map(|r| r.values.clone()).collect();
    let some = |v: &str| Some(v.to_string());
    assert_eq!(values, [vec![some("true"), some("42"), some("agent")]]);
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(
        written.contains("\ttrue\t42\tagent\t1-1[1_2]\t"),
        "{written}"
    );
}

/// A document of an INCEpTION project export whose users' entries are TSV 3 (ann: example2.tsv,
/// bob: the same with its PRP$ tagged PRP): its gold `.tsv` carries ann's parts of speech and
/// dependencies, and lists the part of speech they tag differently.
#[test]
fn the_tsv3_gold_of_a_project_document_is_the_whole_document() {
    use std::io::Write;
    let original = std::fs::read_to_string(common::fixture("webanno-tsv/example2.tsv")).unwrap();
    let bob = original.replace("2-8\t69-72\tits\tPRP$\t", "2-8\t69-72\tits\tPRP\t");
    let dir = tempfile::tempdir().unwrap();
    let export = dir.path().join("project.zip");
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&export).unwrap());
    for (user, content) in [("ann", &original), ("bob", &bob)] {
        let name = format!("annotation/wsj.txt/{user}.tsv");
        (writer.start_file(name, zip::write::SimpleFileOptions::default())).unwrap();
        writer.write_all(content.as_bytes()).unwrap();
    }
    writer.finish().unwrap();
    let (_, warnings) = read_documents(std::slice::from_ref(&export), &named_entities()).unwrap();
    let said: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
    let carried = |user: &str| {
        format!(
            "{}: its other layers (Dependency 86 annotations, POS 86 annotations) are not \
             measured and are carried into the gold (from the base annotator's file)",
            export
                .join(format!("annotation/wsj.txt/{user}.tsv"))
                .display()
        )
    };
    assert_eq!(said, [carried("ann"), carried("bob")]);
    let out = dir.path().join("gold.tsv");
    let notes = unanimous_gold_with(std::slice::from_ref(&export), &named_entities(), 0, &out);
    assert_eq!(
        notes,
        [
            "POS [69, 72) (PRP$) of ann (carried into the gold, not measured): bob has none like it",
            "POS [69, 72) (PRP) of bob (not in the gold, not measured): ann has none like it",
        ]
    );
    let gold = gamma_formats::webanno_tsv::read(&out).unwrap();
    let original = gamma_formats::webanno_tsv::read(&common::fixture("webanno-tsv/example2.tsv"));
    assert_eq!(content(&gold), content(&original.unwrap()));
}
