//! The formats of the annotation tools (issue 17): WebAnno/INCEpTION TSV 3 and UIMA XMI, brat,
//! Praat TextGrid and RTTM, on files from the tools' own test suites and examples
//! (tests/fixtures/{webanno-tsv,brat,textgrid,rttm}, see their READMEs): units and offsets as
//! the tools read them, observed disorders as pygamma-agreement computes them, and round trips.

mod common;

use common::{best_alignment, fixture, relative_difference};
use gamma_core::relation::Endpoint;
use gamma_core::{Continuum, Dissimilarity};
use gamma_formats::webanno_tsv::{self, LayerChoice};
use gamma_formats::{
    Format, ReadOptions, Source, brat, read_documents, rttm, textgrid, write_continuum, xmi,
};
use std::path::{Path, PathBuf};

/// (start, end, category) of units, sorted.
fn spans(units: &[gamma_core::Unit]) -> Vec<(f64, f64, String)> {
    let mut out: Vec<_> = units
        .iter()
        .map(|u| (u.start, u.end, u.category.clone()))
        .collect();
    out.sort_by(|a, b| a.partial_cmp(b).unwrap());
    out
}

fn every_unit(continuum: &Continuum) -> Vec<(String, f64, f64, String)> {
    let mut out: Vec<_> = continuum
        .units()
        .map(|(a, u)| {
            (
                continuum.annotators[a].name.clone(),
                u.start,
                u.end,
                u.category.clone(),
            )
        })
        .collect();
    out.sort_by(|a, b| a.partial_cmp(b).unwrap());
    out
}

fn temporary(name: &str) -> PathBuf {
    let folder =
        std::env::temp_dir().join(format!("gamma-studio-tools-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

/// INCEpTION's TSV 3 test suite has, for each case, the TSV and the XMI of the same document
/// (its layer is `webanno.custom.Span` in the TSV and NamedEntity in the XMI): the units of
/// both readers must be the same, offsets in characters.
#[test]
fn tsv3_and_xmi_of_the_same_document_give_the_same_units() {
    let folder = fixture("webanno-tsv");
    let mut compared = 0;
    for entry in std::fs::read_dir(&folder).unwrap() {
        let tsv = entry.unwrap().path();
        let xmi_path = tsv.with_extension("xmi");
        if tsv.extension().unwrap() != "tsv" || !xmi_path.is_file() {
            continue;
        }
        let file = webanno_tsv::read(&tsv).unwrap();
        let Ok((units, _)) = file.units(&LayerChoice::default(), &tsv) else {
            continue; // several span layers (slot features): checked below
        };
        let xmi_file = xmi::read(&xmi_path).unwrap();
        let layer = xmi_file
            .layers
            .iter()
            .find(|(name, _)| name.ends_with("NamedEntity") || name.ends_with(".Span"))
            .map(|(name, _)| name.clone());
        let Some(layer) = layer else { continue };
        let choice = LayerChoice {
            layer: Some(layer),
            category_feature: Some("value".into()),
        };
        let (_, _, xmi_units, _) = match xmi_file.units(&choice, &xmi_path) {
            Ok(read) => read,
            Err(_) => xmi_file
                .units(
                    &LayerChoice {
                        category_feature: None,
                        ..choice.clone()
                    },
                    &xmi_path,
                )
                .unwrap(),
        };
        let tsv_spans: Vec<(f64, f64)> = spans(&units).iter().map(|s| (s.0, s.1)).collect();
        let xmi_spans: Vec<(f64, f64)> = spans(&xmi_units).iter().map(|s| (s.0, s.1)).collect();
        assert_eq!(tsv_spans, xmi_spans, "{}", tsv.display());
        assert_eq!(
            file.text.replace('\n', " ").trim_end(),
            xmi_file.text.replace('\n', " ").trim_end(),
            "{}: the text rebuilt from #Text= lines (the gaps between sentences as line breaks)",
            tsv.display()
        );
        compared += 1;
    }
    assert!(compared >= 8, "only {compared} TSV/XMI pairs compared");
}

#[test]
fn tsv3_suite_cases_read_as_inception_reads_them() {
    let read = |name: &str| {
        let path = fixture(&format!("webanno-tsv/{name}.tsv"));
        let file = webanno_tsv::read(&path).unwrap();
        let (units, warnings) = file.units(&LayerChoice::default(), &path).unwrap();
        (file, units, warnings)
    };
    // Stacked multi-token annotations are separate units.
    let (_, units, _) = read("testMultiTokenStackedSpanWithFeatureValue");
    assert_eq!(
        spans(&units),
        [(0.0, 16.0, "LOCATION".into()), (0.0, 16.0, "PERSON".into())]
    );
    // One annotation across two sentences.
    let (_, units, _) = read("testCrossSentenceSpanWithFeatureValue");
    assert_eq!(spans(&units), [(0.0, 34.0, "PERSON".into())]);
    // Sub-token lines: 12 annotations, 3 of them zero-length (skipped with a warning).
    let (_, units, warnings) = read("testSubMultiTokenSpanWithFeatureValue");
    assert_eq!(units.len(), 9);
    assert!(spans(&units).contains(&(3.0, 17.0, "9".into())));
    assert_eq!(
        warnings[0].message,
        "3 zero-length annotation(s) of Span skipped (a unit needs a length)"
    );
    // The escapes.
    let (_, units, _) = read("testTokenBoundedSpanWithSpecialSymbolsValue");
    assert_eq!(units.len(), 5);
    assert_eq!(units[0].category, "#*'\"`´\t:;{}|[ ]()\\§$%?=&_\n");
    let (_, units, _) = read("testTokenBoundedStackedLookAlike");
    assert_eq!(units[3].category, "NOTSTACKED[3]");
    // An emoji is two UTF-16 units and one character; `*` is an annotation without a value.
    let (file, units, _) = read("testSentenceWithEmoji");
    assert_eq!(spans(&units), [(10.0, 11.0, "*".into())]);
    assert_eq!(file.text, "I like it 😊 .");
    // Relations and chains are skipped, their columns parsed.
    let path = fixture("webanno-tsv/example2.tsv");
    let file = webanno_tsv::read(&path).unwrap();
    let e = file.units(&LayerChoice::default(), &path).unwrap_err();
    assert!(e.message.contains("several span layers"), "{e}");
    let ner = LayerChoice {
        layer: Some("NamedEntity".into()),
        category_feature: None,
    };
    let (units, _) = file.units(&ner, &path).unwrap();
    let chars: Vec<char> = file.text.chars().collect();
    let covered = |u: &gamma_core::Unit| -> String {
        chars[u.start as usize..u.end as usize].iter().collect()
    };
    assert_eq!(covered(&units[0]), "Ms. Haag");
    assert_eq!(units[0].category, "PER");
    let pos = LayerChoice {
        layer: Some("de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS".into()),
        category_feature: None,
    };
    let (pos_units, _) = file.units(&pos, &path).unwrap();
    assert_eq!(pos_units[2].category, "VBD");
    assert_eq!(covered(&pos_units[2]), "plays");
    let e = file
        .units(
            &LayerChoice {
                layer: Some("NamedEntity".into()),
                category_feature: Some("colour".into()),
            },
            &path,
        )
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: layer NamedEntity has no feature \"colour\" (features: value)",
            path.display()
        )
    );
}

/// brat writes the covered text after the offsets: every T line's offsets must point at it.
#[test]
fn brat_offsets_point_at_the_text_brat_shows() {
    for name in ["000-introduction", "100-attribute_annotation"] {
        let ann = fixture(&format!("brat/news/{name}.ann"));
        let text = std::fs::read_to_string(brat::text_beside(&ann)).unwrap();
        let file = brat::read_ann(&ann, &text).unwrap();
        let chars: Vec<char> = text.chars().collect();
        let lines: Vec<String> = std::fs::read_to_string(&ann)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with('T'))
            .map(|l| l.split('\t').nth(2).unwrap().to_string())
            .collect();
        assert_eq!(file.units.len(), lines.len());
        for (unit, shown) in file.units.iter().zip(&lines) {
            let covered: String = chars[unit.start as usize..unit.end as usize]
                .iter()
                .collect();
            assert_eq!(&covered, shown, "{name}: {unit}");
        }
    }
    let ann = fixture("brat/news/000-introduction.ann");
    let text = std::fs::read_to_string(brat::text_beside(&ann)).unwrap();
    let file = brat::read_ann(&ann, &text).unwrap();
    assert_eq!(file.units.len(), 7);
    assert_eq!(
        file.warnings[0].message,
        "not measured and carried into the gold (from the base annotator's file): 1 note (#), 5 attributes (A), 1 normalisation (N)"
    );
    // The event, by hand: from its trigger T3 "moving" to each of its four arguments; then
    // R2 and R1 as they stand.
    let relations: Vec<(&str, &str, String, String)> = file
        .relations
        .iter()
        .map(|r| {
            let id = |e: &Endpoint| match e {
                Endpoint::Unit(id) => id.clone(),
                Endpoint::Group { id, .. } => format!("group {id}"),
            };
            (
                r.id.as_str(),
                r.label.as_str(),
                id(&r.source),
                id(&r.target),
            )
        })
        .collect();
    let expected = [
        ("E1/1", "Transfer-money:Giver-Arg", "T3", "T1"),
        ("E1/2", "Transfer-money:Money-Arg", "T3", "T2"),
        ("E1/3", "Transfer-money:Beneficiary-Arg", "T3", "T4"),
        ("E1/4", "Transfer-money:Recipient-Arg", "T3", "T6"),
        ("R2", "Origin", "T6", "T7"),
        ("R1", "Family", "T4", "T5"),
    ];
    assert_eq!(
        relations,
        expected.map(|(i, l, s, t)| (i, l, s.to_string(), t.to_string()))
    );
    assert!(file.relations.iter().all(|r| r.directed));
}

/// brat keeps one folder per annotator with the same file names: the annotators are the
/// folders, the text the `.txt`; the gold and conversions write back `.ann` + `.txt`.
#[test]
fn brat_folders_are_annotators_and_round_trip() {
    let root = temporary("brat");
    let source = fixture("brat/news/000-introduction");
    for user in ["anna", "ben"] {
        std::fs::create_dir_all(root.join(user)).unwrap();
        for extension in ["ann", "txt"] {
            std::fs::copy(
                source.with_extension(extension),
                root.join(user).join(format!("doc.{extension}")),
            )
            .unwrap();
        }
    }
    // Ben drops the last entity.
    let ben = root.join("ben/doc.ann");
    let kept: String = std::fs::read_to_string(&ben)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("T7"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&ben, kept).unwrap();
    // As `anna/* ben/*` gives them: each .txt is the text of its .ann, not a document.
    let paths = vec![
        root.join("anna/doc.ann"),
        root.join("anna/doc.txt"),
        ben.clone(),
        root.join("ben/doc.txt"),
    ];
    let (documents, _) = read_documents(&paths, &ReadOptions::default()).unwrap();
    assert_eq!(documents.len(), 1);
    let continuum = &documents[0].continuum;
    let names: Vec<&str> = continuum
        .annotators
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["anna", "ben"]);
    assert_eq!(
        (
            continuum.annotators[0].units.len(),
            continuum.annotators[1].units.len()
        ),
        (7, 6)
    );
    let (_, alignment) = best_alignment(continuum, &Dissimilarity::default());
    // One unit missing of 13: Δ∅ = 1 over x̄ = 6.5.
    assert!(
        (alignment.disorder - 1.0 / 6.5).abs() < 1e-12,
        "{}",
        alignment.disorder
    );
    for format in [
        gamma_formats::brat::BRAT,
        gamma_formats::webanno_tsv::TSV3,
        gamma_formats::csv::CSV,
    ] {
        let out = root.join(format!("out-{format}"));
        let out = if format == gamma_formats::csv::CSV {
            out.with_extension("csv")
        } else {
            out
        };
        let written = write_continuum(
            continuum,
            Some(&documents[0].source),
            format,
            &out,
            &Default::default(),
        )
        .unwrap();
        let inputs: Vec<PathBuf> = written
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e != "txt"))
            .cloned()
            .collect();
        let (again, _) = read_documents(&inputs, &ReadOptions::default()).unwrap();
        assert_eq!(
            every_unit(&again[0].continuum),
            every_unit(continuum),
            "{format}"
        );
        if format == gamma_formats::brat::BRAT {
            // anna's six relations come back as they were; ben's R2 named his deleted T7
            // (read, unplaced) and is not written.
            let relations = |c: &Continuum, a: usize| c.annotators[a].relations.clone();
            assert_eq!(relations(&again[0].continuum, 0), relations(continuum, 0));
            assert_eq!(relations(continuum, 1).len(), 6);
            let mut kept = relations(continuum, 1);
            kept.retain(|r| r.id != "R2");
            assert_eq!(relations(&again[0].continuum, 1), kept);
        }
    }
}

/// pygamma-agreement reads TextGrid and RTTM itself; its observed disorder on the units it
/// reads from the same files (command in tests/fixtures/textgrid/README.md).
#[test]
fn observed_disorders_equal_pygamma_on_its_own_readings() {
    let cases: [(&str, Format, f64, usize, usize); 2] = [
        // pygamma: Continuum.add_textgrid(tier, path, selected_tiers=[tier]) for each tier.
        (
            "textgrid/MaureenMarvinRobin.TextGrid",
            gamma_formats::textgrid::TEXTGRID,
            2.101320743560791,
            4,
            2,
        ),
        // pygamma: Continuum.from_rttm(path) (file-ids are annotators).
        (
            "rttm/debug.development.rttm",
            gamma_formats::rttm::RTTM,
            0.8986624479293823,
            17,
            10,
        ),
    ];
    for (name, format, want, units, unitary) in cases {
        let path = fixture(name);
        assert_eq!(Format::detect(&path).unwrap(), format);
        let (documents, _) = read_documents(&[path], &ReadOptions::default()).unwrap();
        let continuum = &documents[0].continuum;
        assert_eq!(continuum.n_units(), units, "{name}");
        let (_, alignment) = best_alignment(continuum, &Dissimilarity::default());
        assert!(
            // pygamma computes in single precision.
            relative_difference(alignment.disorder, want) < 1e-5,
            "{name}: {} against pygamma {want}",
            alignment.disorder
        );
        assert_eq!(alignment.unitary_alignments.len(), unitary, "{name}");
    }
}

#[test]
fn textgrids_long_short_and_utf16_from_praatio_read_alike() {
    // mary.TextGrid is the short format (CRLF), mary_longfile.TextGrid the long one in UTF-16
    // big-endian: praatio's test suite holds them as the same TextGrid.
    let short = textgrid::read(&fixture("textgrid/mary.TextGrid")).unwrap();
    let long = textgrid::read(&fixture("textgrid/mary_longfile.TextGrid")).unwrap();
    assert_eq!(short, long);
    let names: Vec<&str> = short.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["phone", "word", "pitch"]);
    assert_eq!(short[0].units.len(), 14, "16 intervals, 2 blank");
    assert_eq!(short[0].units[1].category, "ə");
    assert_eq!(
        short[0].units[0].start, 0.3154201182247563,
        "full precision"
    );
    assert!(!short[2].intervals, "pitch is a point tier");
    // Labels with line breaks and doubled quotes; a point tier.
    let bobby = textgrid::read(&fixture("textgrid/bobby_words_with_newlines.TextGrid")).unwrap();
    assert!(
        bobby
            .iter()
            .any(|t| t.units.iter().any(|u| u.category.contains('\n')))
    );
    // --layer: one tier of each file is an annotator.
    let paths = vec![
        fixture("textgrid/mary.TextGrid"),
        fixture("textgrid/mary_longfile.TextGrid"),
    ];
    let options = ReadOptions {
        layer: LayerChoice {
            layer: Some("word".into()),
            category_feature: None,
        },
        ..ReadOptions::default()
    };
    let (documents, _) = read_documents(&paths, &options).unwrap();
    let continuum = &documents[0].continuum;
    let names: Vec<&str> = continuum
        .annotators
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["mary", "mary_longfile"]);
    let (_, alignment) = best_alignment(continuum, &Dissimilarity::default());
    assert_eq!(alignment.disorder, 0.0);
    let options = ReadOptions {
        layer: LayerChoice {
            layer: Some("words".into()),
            category_feature: None,
        },
        ..ReadOptions::default()
    };
    let e = read_documents(&paths, &options).unwrap_err();
    assert!(
        e.message
            .contains("no tier \"words\" (tiers: phone, word, pitch)"),
        "{e}"
    );
}

#[test]
fn textgrid_and_rttm_round_trip_through_each_other() {
    let root = temporary("speech");
    let (documents, _) = read_documents(
        &[fixture("textgrid/MaureenMarvinRobin.TextGrid")],
        &ReadOptions::default(),
    )
    .unwrap();
    let continuum = &documents[0].continuum;
    for (format, name) in [
        (gamma_formats::textgrid::TEXTGRID, "a.TextGrid"),
        (gamma_formats::rttm::RTTM, "a.rttm"),
    ] {
        let out = root.join(name);
        write_continuum(continuum, None, format, &out, &Default::default()).unwrap();
        let (again, _) = read_documents(&[out], &ReadOptions::default()).unwrap();
        let units = every_unit(&again[0].continuum);
        let want = every_unit(continuum);
        assert_eq!(units.len(), want.len());
        for (a, b) in units.iter().zip(&want) {
            assert_eq!((&a.0, &a.3), (&b.0, &b.3));
            assert!(
                (a.1 - b.1).abs() < 1e-12 && (a.2 - b.2).abs() < 1e-12,
                "{a:?} {b:?}"
            );
        }
    }
    // Several RTTM files: one annotator each, whatever their file-ids.
    let (turns, _) = rttm::read(&fixture("rttm/sample.rttm")).unwrap();
    assert_eq!(turns.len(), 10);
    let copy = root.join("copy.rttm");
    std::fs::copy(fixture("rttm/sample.rttm"), &copy).unwrap();
    let (documents, _) = read_documents(
        &[fixture("rttm/sample.rttm"), copy],
        &ReadOptions::default(),
    )
    .unwrap();
    let names: Vec<&str> = documents[0]
        .continuum
        .annotators
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["sample", "copy"]);
}

#[test]
fn tsv3_files_of_users_are_one_document_and_round_trip() {
    let root = temporary("tsv3");
    // INCEpTION's layout: annotation/<document>/<user>.tsv
    let document = root.join("annotation/doc.txt");
    std::fs::create_dir_all(&document).unwrap();
    let source = fixture("webanno-tsv/example2.tsv");
    std::fs::copy(&source, document.join("alice.tsv")).unwrap();
    let edited = std::fs::read_to_string(&source)
        .unwrap()
        .replacen("\tOTH\t", "\tPER\t", 1);
    std::fs::write(document.join("bob.tsv"), edited).unwrap();
    let paths = vec![document.join("alice.tsv"), document.join("bob.tsv")];
    assert_eq!(
        Format::detect(&paths[0]).unwrap(),
        gamma_formats::webanno_tsv::TSV3
    );
    let options = ReadOptions {
        layer: LayerChoice {
            layer: Some("NamedEntity".into()),
            category_feature: None,
        },
        ..ReadOptions::default()
    };
    let (documents, _) = read_documents(&paths, &options).unwrap();
    let continuum = &documents[0].continuum;
    assert_eq!(continuum.name, "doc.txt");
    let names: Vec<&str> = continuum
        .annotators
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["alice", "bob"]);
    let Source::WebannoTsv { layer, feature, .. } = &documents[0].source else {
        panic!("not a TSV source")
    };
    assert_eq!(
        (layer.as_str(), feature.as_str()),
        (
            "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity",
            "value"
        )
    );
    let out = root.join("out");
    let written = write_continuum(
        continuum,
        Some(&documents[0].source),
        gamma_formats::webanno_tsv::TSV3,
        &out,
        &Default::default(),
    )
    .unwrap();
    let header = std::fs::read_to_string(&written[0]).unwrap();
    assert!(header.contains("#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value"));
    let (again, _) = read_documents(&written, &ReadOptions::default()).unwrap();
    assert_eq!(every_unit(&again[0].continuum), every_unit(continuum));
    let e = write_continuum(
        continuum,
        None,
        gamma_formats::inception_project::INCEPTION,
        &root.join("x.zip"),
        &Default::default(),
    )
    .unwrap_err();
    assert!(
        e.message
            .contains("INCEpTION project export is read, not written: write tsv3 or xmi"),
        "{e}"
    );
}

#[test]
fn formats_are_recognised_by_extension_and_content() {
    let root = temporary("detect");
    let csv = root.join("a.tsv");
    std::fs::write(&csv, "a\tb\n").unwrap();
    assert_eq!(Format::detect(&csv).unwrap(), gamma_formats::csv::CSV);
    let xmi_path = fixture("webanno-tsv/testSentenceWithEmoji.xmi");
    assert_eq!(Format::detect(&xmi_path).unwrap(), gamma_formats::xmi::XMI);
    let as_xml = root.join("b.xml");
    std::fs::copy(&xmi_path, &as_xml).unwrap();
    assert_eq!(Format::detect(&as_xml).unwrap(), gamma_formats::xmi::XMI);
    assert_eq!(
        Format::detect(&fixture("cora/p1_pos_A.xml")).unwrap(),
        gamma_formats::cora::CORA
    );
    assert_eq!(
        Format::detect(Path::new("x.ann")).unwrap(),
        gamma_formats::brat::BRAT
    );
    assert_eq!(
        Format::detect(Path::new("x.TextGrid")).unwrap(),
        gamma_formats::textgrid::TEXTGRID
    );
    assert_eq!(
        Format::detect(Path::new("x.rttm")).unwrap(),
        gamma_formats::rttm::RTTM
    );
    let e = Format::detect(Path::new("x.docx")).unwrap_err();
    assert!(e.message.contains("unknown format .docx"), "{e}");
    for name in [
        "csv", "glozz", "cora", "elan", "tsv3", "brat", "textgrid", "rttm", "xmi",
    ] {
        let format: Format = name.parse().unwrap();
        assert_eq!(format.name(), name);
    }
    assert_eq!(
        Format::from_written_extension(Path::new("g.tsv")),
        Some(gamma_formats::webanno_tsv::TSV3)
    );
    assert_eq!(
        Format::from_written_extension(Path::new("g.TextGrid")),
        Some(gamma_formats::textgrid::TEXTGRID)
    );
    assert_eq!(
        Format::from_written_extension(Path::new("g.xmi")),
        Some(gamma_formats::xmi::XMI)
    );
    assert_eq!(Format::from_written_extension(Path::new("g.zip")), None);
    assert_eq!(
        gamma_formats::xmi::XMI.gold_format(),
        gamma_formats::xmi::XMI
    );
    assert_eq!(
        gamma_formats::inception_project::INCEPTION.gold_format(),
        gamma_formats::webanno_tsv::TSV3
    );
}
