//! CorA-XML, the Glozz model, ELAN from another tool, and conversion between the formats.
//! Samples: tests/fixtures/{cora,elan,glozz} (see their READMEs); the ReM file and the STAC
//! model are read from ../shared and skipped with a notice when it is absent.

mod common;

use common::fixture;
use gamma_formats::cora::{self, CoraOptions, Dialect, Transcription};
use gamma_formats::{ReadOptions, WarningKind, aam, read_documents, write_continuum};
use std::path::{Path, PathBuf};

fn cora_fixture(name: &str) -> PathBuf {
    fixture(&format!("cora/{name}"))
}

fn shared(relative: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpora")
        .join(relative);
    if path.exists() {
        Some(path)
    } else {
        println!(
            "notice: {} is absent; this check is skipped",
            path.display()
        );
        None
    }
}

#[test]
fn cora_canonical_file_rebuilds_text_and_layers() {
    let path = cora_fixture("cora-importtest.xml");
    let file = cora::read(&path).unwrap();
    assert_eq!(file.dialect, Dialect::Mod);
    assert_eq!(file.id, "Test101");
    assert_eq!(file.tokens.len(), 3);
    assert_eq!(file.annotation_tokens().count(), 6);
    assert_eq!(file.tokens[1].diplomatic.len(), 2);
    let (text, units) = file.units(&CoraOptions::default(), &path).unwrap();
    assert_eq!(text, "$oltu ge e$$en Anshelm / (.) ");
    let spans: Vec<(f64, f64)> = units.iter().map(|u| (u.start, u.end)).collect();
    assert_eq!(
        spans,
        [
            (0., 3.),
            (3., 5.),
            (6., 14.),
            (15., 22.),
            (23., 24.),
            (25., 28.)
        ]
    );
    assert_eq!(units[0].category, "VVFIN.2.Sg.Pres.Ind");
    assert!(
        !units[0].features.contains_key("pos"),
        "the category is not repeated"
    );
    assert_eq!(units[2].features["norm"], "gegessen");
    assert_eq!(units[5].features["comment"], "CorA-interner Kommentar");
    assert!(
        !units[0].features.contains_key("suggestions"),
        "tagger suggestions are not layers"
    );
    let utf = CoraOptions {
        transcription: Transcription::Utf,
        ..CoraOptions::default()
    };
    let (text, _) = file.units(&utf, &path).unwrap();
    assert_eq!(text, "ſoltu geeſſen Anshelm / (.) ");
}

#[test]
fn cora_export_and_textgammatool_files_read() {
    let export = cora_fixture("XMLHandler_test_expected.xml");
    let file = cora::read(&export).unwrap();
    assert_eq!(file.annotation_tokens().count(), 6);
    let (text, units) = file.units(&CoraOptions::default(), &export).unwrap();
    assert_eq!(
        text, "$oltu ge e$$en Anshelm / (.) ",
        "same text as the import"
    );
    assert_eq!(
        units[0].category, "",
        "the export keeps pos in <suggestions> only"
    );
    assert_eq!(units[1].features["comment"], "Interessantes Phänomen hier");

    let ren = cora_fixture("textgammatool_cora_ren.xml");
    let file = cora::read(&ren).unwrap();
    assert_eq!(file.dialect, Dialect::Mod);
    assert_eq!(
        file.layer_names(),
        [
            "lemma",
            "lemma_wsd",
            "lemma_simple",
            "lemma_var",
            "pos",
            "pos_gen",
            "morph",
            "bound_head",
            "bound_sent"
        ]
    );
    let (text, units) = file.units(&CoraOptions::default(), &ren).unwrap();
    assert_eq!(units.len(), 10);
    assert!(
        text.starts_with("¶ De hystorie van der duldicheyt"),
        "{text}"
    );
    assert_eq!((units[1].start, units[1].end), (2.0, 4.0));
}

#[test]
fn cora_split_and_merge_marks_of_ren_pairs() {
    let a = cora_fixture("p2_segtext_A.xml");
    let b = cora_fixture("p2_segtext_B.xml");
    let (text_a, units_a) = cora::read(&a)
        .unwrap()
        .units(&CoraOptions::default(), &a)
        .unwrap();
    let (text_b, units_b) = cora::read(&b)
        .unwrap()
        .units(&CoraOptions::default(), &b)
        .unwrap();
    assert_eq!(
        text_a,
        "De hystorie vander duldicheyt to samende der vrowen "
    );
    assert_eq!(
        (units_a[2].start, units_a[2].end),
        (12.0, 15.0),
        "van§ glued to der"
    );
    assert_eq!((units_a[3].start, units_a[3].end), (15.0, 18.0));
    assert!(text_b.contains("to samende"), "{text_b}");
    let merged = units_b
        .iter()
        .find(|u| u.source_id.as_deref() == Some("t5_m1"))
        .unwrap();
    let covered: String = text_b
        .chars()
        .skip(merged.start as usize)
        .take((merged.end - merged.start) as usize)
        .collect();
    assert_eq!(
        covered, "to samende",
        "to#samende is one unit over two words"
    );
}

#[test]
fn cora_release_dialect_rem_reads_tok_anno() {
    let Some(path) = shared("cora/rem/M044-N1.xml") else {
        return;
    };
    let file = cora::read(&path).unwrap();
    assert_eq!(file.dialect, Dialect::TokAnno);
    let (text, units) = file.units(&CoraOptions::default(), &path).unwrap();
    assert_eq!(units.len(), 6);
    assert!(text.starts_with("*(C*)hri$t "), "{text}");
    assert_eq!(units[0].category, "NE");
    assert_eq!(units[0].features["lemma_idmwb"], "95598000");
    let b = path
        .parent()
        .unwrap()
        .join("../constructed/rem_M044-N1_B.xml");
    let (documents, warnings) =
        read_documents(&[path.clone(), b], &ReadOptions::default()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let continuum = &documents[0].continuum;
    assert_eq!(continuum.n_annotators(), 2);
    let categories: Vec<(&str, &str)> = continuum.annotators[0]
        .units
        .iter()
        .zip(&continuum.annotators[1].units)
        .map(|(x, y)| (x.category.as_str(), y.category.as_str()))
        .filter(|(x, y)| x != y)
        .collect();
    assert_eq!(
        categories,
        [("VVPP", "ADJD")],
        "the one change of the derived file"
    );
}

#[test]
fn cora_layer_choice_and_annotator_names() {
    let a = cora_fixture("p1b_posmorph_A.xml");
    let b = cora_fixture("p1b_posmorph_B.xml");
    let options = ReadOptions {
        cora: CoraOptions {
            category_layer: "morph".into(),
            layers: Some(vec![]),
            ..CoraOptions::default()
        },
        annotator_names: vec![("anna".into(), a.clone())],
        ..ReadOptions::default()
    };
    let (documents, warnings) = read_documents(&[a, b], &options).unwrap();
    let said: Vec<&str> = warnings.iter().map(|w| w.message.as_str()).collect();
    let carried = "its layers not read (pos 8 tokens) are not measured and are carried into the \
                   gold (from the base annotator's file)";
    assert_eq!(said, [carried, carried]);
    let continuum = &documents[0].continuum;
    let names: Vec<&str> = continuum
        .annotators
        .iter()
        .map(|x| x.name.as_str())
        .collect();
    assert_eq!(names, ["anna", "p1b_posmorph_B"]);
    assert_eq!(continuum.n_units(), 16);
    assert!(
        continuum
            .annotators
            .iter()
            .flat_map(|x| &x.units)
            .all(|u| u.features.is_empty()),
        "no other layer is kept"
    );
}

#[test]
fn cora_consensus_keeps_the_input_structure() {
    let a = cora_fixture("cora-importtest.xml");
    let (documents, _) = read_documents(std::slice::from_ref(&a), &ReadOptions::default()).unwrap();
    let document = &documents[0];
    let mut continuum = document.continuum.clone();
    continuum.annotators[0].units[4].category = "$,".into();
    let out = tempfile::tempdir().unwrap();
    let written = write_continuum(
        &continuum,
        Some(&document.source),
        gamma_formats::cora::CORA,
        out.path(),
        &ReadOptions::default(),
    )
    .unwrap();
    assert_eq!(written, [out.path().join("cora-importtest.xml")]);
    let xml = std::fs::read_to_string(&written[0]).unwrap();
    assert!(
        xml.contains("Copyright (C) 2015 Marcel Bollmann"),
        "licence comment kept"
    );
    assert!(xml.contains("<comment type=\"K\">Hier grosser Tintenfleck</comment>"));
    assert!(xml.contains("<line id=\"l1\" name=\"01\" range=\"t1_d1..t2_d2\"/>"));
    let again = cora::read(&written[0]).unwrap();
    let (_, units) = again.units(&CoraOptions::default(), &written[0]).unwrap();
    assert_eq!(units[4].category, "$,");
    assert_eq!(
        units, continuum.annotators[0].units,
        "the edited units, nothing else"
    );
}

#[test]
fn glozz_model_gives_types_features_and_order() {
    let Some(path) = shared("glozz/stac-s1-league2-game1/s1-league2-game1.aam") else {
        return;
    };
    let model = aam::read(&path).unwrap();
    assert_eq!(
        model.unit_type_names()[..3],
        ["Commitment", "Turn", "Segment"]
    );
    let accept = model.unit_type("Accept").unwrap();
    assert_eq!(accept.groups.as_deref(), Some("Complex_discourse_unit"));
    match &accept.feature("Surface_act").unwrap().values {
        aam::FeatureValues::Closed { values, default } => {
            assert_eq!(values, &["Assertion", "Question", "Request"]);
            assert_eq!(default.as_deref(), Some("Please choose..."));
        }
        other => panic!("{other:?}"),
    }
    let again = aam::parse(model.to_xml().as_bytes(), Path::new("again.aam")).unwrap();
    assert_eq!(again, model);
    let game = path.parent().unwrap();
    let aa = game.join("units/hjoseph/s1-league2-game1_12.aa");
    let silver = game.join("units/SILVER/s1-league2-game1_12.aa");
    let options = ReadOptions {
        text: Some(game.join("unannotated/s1-league2-game1_12.ac")),
        ..ReadOptions::default()
    };
    let (documents, _) = read_documents(&[aa, silver], &options).unwrap();
    match &documents[0].source {
        gamma_formats::Source::Glozz { model: found, .. } => {
            assert_eq!(
                found.as_ref(),
                Some(&model),
                "the model near the text is found"
            )
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn elan_file_written_by_another_tool() {
    let path = fixture("elan/MaureenMarvinRobin.eaf");
    let (documents, _) =
        read_documents(std::slice::from_ref(&path), &ReadOptions::default()).unwrap();
    let continuum = &documents[0].continuum;
    let names: Vec<&str> = continuum
        .annotators
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(
        names,
        ["Maureen", "Marvin", "Robin"],
        "the empty tier is no annotator"
    );
    let maureen = &continuum.annotators[0].units;
    assert_eq!((maureen[1].start, maureen[1].end), (3738.0, 4926.0));
    assert_eq!(maureen[1].category, "S");
}

#[test]
fn format_override_reads_a_csv_with_another_extension() {
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join("annotations.data");
    std::fs::copy(fixture("pygamma/k3_p40.csv"), &odd).unwrap();
    let e = read_documents(std::slice::from_ref(&odd), &ReadOptions::default()).unwrap_err();
    assert!(e.to_string().contains("unknown format .data"), "{e}");
    let options = ReadOptions {
        format: Some(gamma_formats::csv::CSV),
        ..ReadOptions::default()
    };
    let (documents, _) = read_documents(&[odd], &options).unwrap();
    assert_eq!(documents[0].continuum.n_annotators(), 3);
}

/// Every format written and read back gives the same units (CorA and Glozz from a text).
#[test]
fn conversions_round_trip_through_every_format() {
    let aa = ["alice.aa", "bob.aa"].map(|n| fixture(&format!("glozz/{n}")));
    let options = ReadOptions {
        text: Some(fixture("glozz/doc.ac")),
        glozz: gamma_formats::glozz::GlozzOptions {
            include_types: vec!["Mention".into()],
            ..Default::default()
        },
        ..ReadOptions::default()
    };
    let (documents, _) = read_documents(&aa, &options).unwrap();
    let original = &documents[0].continuum;
    let spans = |c: &gamma_core::Continuum| -> Vec<Vec<(f64, f64, String)>> {
        c.annotators
            .iter()
            .map(|a| {
                let mut v: Vec<_> = a
                    .units
                    .iter()
                    .map(|u| (u.start, u.end, u.category.clone()))
                    .collect();
                v.sort_by(|x, y| x.partial_cmp(y).unwrap());
                v
            })
            .collect()
    };
    let dir = tempfile::tempdir().unwrap();
    for format in gamma_formats::CODECS.into_iter().filter(|f| f.writable()) {
        let out = dir.path().join(format!("out.{format}"));
        let written = write_continuum(original, None, format, &out, &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{format}: {e}"));
        let read_back = match format.name() {
            "glozz" => {
                let aa: Vec<PathBuf> = written
                    .iter()
                    .filter(|p| p.extension().unwrap() == "aa")
                    .cloned()
                    .collect();
                let options = ReadOptions {
                    text: Some(written[0].clone()),
                    ..ReadOptions::default()
                };
                read_documents(&aa, &options).unwrap().0
            }
            _ => {
                // TSV 3 and XMI also write the units' other features (Glozz's `entity`): the
                // category is then one feature among several, named on reading.
                let category_feature =
                    matches!(format.name(), "tsv3" | "xmi").then(|| "value".to_string());
                read_documents(
                    &written,
                    &ReadOptions {
                        format: Some(format),
                        layer: gamma_formats::webanno_tsv::LayerChoice {
                            layer: None,
                            category_feature,
                        },
                        ..ReadOptions::default()
                    },
                )
                .unwrap()
                .0
            }
        };
        let again = &read_back[0].continuum;
        match format.name() {
            // CorA rebuilds its own running text: the same words, categories, in order.
            "cora" => {
                let covered = |c: &gamma_core::Continuum| -> Vec<Vec<(String, String)>> {
                    c.annotators
                        .iter()
                        .enumerate()
                        .map(|(i, a)| {
                            let text: Vec<char> = c.text_of(i).unwrap().chars().collect();
                            let mut units = a.units.clone();
                            units.sort_by(|x, y| x.start.total_cmp(&y.start));
                            units
                                .iter()
                                .map(|u| {
                                    let words: String =
                                        text[u.start as usize..u.end as usize].iter().collect();
                                    (words, u.category.clone())
                                })
                                .collect()
                        })
                        .collect()
                };
                assert_eq!(covered(original), covered(again), "{format}");
                assert_eq!(covered(again)[0][0].0, "Zoë");
            }
            _ => assert_eq!(spans(original), spans(again), "{format}"),
        }
        assert_eq!(again.n_annotators(), original.n_annotators(), "{format}");
    }
}

#[test]
fn convert_command_refuses_to_overwrite_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.csv");
    std::fs::copy(fixture("pygamma/k3_p40.csv"), &input).unwrap();
    let before = std::fs::read(&input).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gamma-studio"))
        .args(["convert", input.to_str().unwrap(), "--to", "csv", "--out"])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("is an input file"));
    assert_eq!(std::fs::read(&input).unwrap(), before);
    let out = dir.path().join("k3.eaf");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gamma-studio"))
        .args(["convert", input.to_str().unwrap(), "--to", "elan", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let (documents, _) = read_documents(&[out], &ReadOptions::default()).unwrap();
    assert_eq!(documents[0].continuum.n_annotators(), 3);
}

/// Every CorA sample reads with the counts of its file, and writes back to the same tokens.
#[test]
fn every_cora_sample_reads_and_round_trips() {
    let mut samples: Vec<(PathBuf, usize, usize)> = [
        ("cora-importtest.xml", 3, 6),
        ("XMLHandler_test_expected.xml", 3, 6),
        ("textgammatool_cora_ren.xml", 10, 10),
        ("p1_pos_A.xml", 8, 8),
        ("p1b_posmorph_B.xml", 8, 8),
        ("p2_base.xml", 8, 8),
        ("p2_segtext_A.xml", 8, 9),
        ("p2_segtext_B.xml", 7, 7),
        ("p3_repeat_A.xml", 3, 3),
        ("p3_repeat_B.xml", 2, 2),
        ("p4_indel_A.xml", 6, 6),
        ("p4_indel_B.xml", 5, 5),
    ]
    .into_iter()
    .map(|(name, tokens, annotations)| (cora_fixture(name), tokens, annotations))
    .collect();
    if let Some(rem) = shared("cora/rem/M044-N1.xml") {
        samples.push((rem, 6, 6));
        let derived = shared("cora/constructed/rem_M044-N1_B.xml").unwrap();
        samples.push((derived, 6, 6));
    }
    for (path, tokens, annotations) in samples {
        let file = cora::read(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(file.tokens.len(), tokens, "{}", path.display());
        assert_eq!(
            file.annotation_tokens().count(),
            annotations,
            "{}",
            path.display()
        );
        let (_, units) = file.units(&CoraOptions::default(), &path).unwrap();
        assert_eq!(units.len(), annotations);
        let again = cora::parse(file.to_xml().as_bytes(), &path).unwrap();
        assert_eq!(again.tokens, file.tokens, "{}", path.display());
        assert_eq!(
            again.units(&CoraOptions::default(), &path).unwrap().1,
            units
        );
    }
}

/// Reader warnings carry their kind, so that callers (tγ hides the differing-text warning)
/// never read the message: a CorA pair whose texts differ, and a Glozz document whose model
/// lacks one of its unit types.
#[test]
fn reader_warnings_have_a_kind() {
    let a = cora_fixture("p2_segtext_A.xml");
    let b = cora_fixture("p2_segtext_B.xml");
    let (_, warnings) = read_documents(&[a, b.clone()], &ReadOptions::default()).unwrap();
    let kinds: Vec<(WarningKind, &Path)> = warnings
        .iter()
        .map(|w| (w.kind, w.file.as_path()))
        .collect();
    assert_eq!(kinds, [(WarningKind::TextDiffers, b.as_path())]);
    assert!(
        warnings[0]
            .to_string()
            .starts_with(&format!("{}: its text differs", b.display())),
        "{}",
        warnings[0]
    );

    let folder = tempfile::tempdir().unwrap();
    let model = folder.path().join("mentions.aam");
    std::fs::write(
        &model,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<annotationModel><units>\
         <type name=\"Mention\"/></units><relations/><schemas/></annotationModel>\n",
    )
    .unwrap();
    let glozz = ["alice.aa", "bob.aa"].map(|n| fixture(&format!("glozz/{n}")));
    let options = ReadOptions {
        text: Some(fixture("glozz/doc.ac")),
        model: Some(model.clone()),
        ..ReadOptions::default()
    };
    let (_, warnings) = read_documents(&glozz, &options).unwrap();
    let kinds: Vec<WarningKind> = warnings.iter().map(|w| w.kind).collect();
    // alice's relation and schema, then the type the model lacks.
    assert_eq!(
        kinds,
        [WarningKind::Carried, WarningKind::UndeclaredType],
        "{warnings:?}"
    );
    let undeclared = &warnings[1];
    assert_eq!(undeclared.file, model);
    assert!(undeclared.message.contains("\"Sentence\""), "{undeclared}");
}
