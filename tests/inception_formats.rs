//! Writing what INCEpTION reads (issue 17): UIMA CAS XMI and WebAnno TSV 3 with every feature
//! of the layer, read back by our readers and compared with INCEpTION's own files of its test
//! suite (tests/fixtures/webanno-tsv).

mod common;

use common::fixture;
use gamma_core::Unit;
use gamma_formats::webanno_tsv::{self, LayerChoice};
use gamma_formats::{ReadOptions, Source, read_documents, write_continuum, xmi, xml};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn temporary(name: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!(
        "gamma-studio-inception-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

type Described = (f64, f64, String, BTreeMap<String, String>);

/// (start, end, category, features) of units, sorted.
fn described(units: &[Unit]) -> Vec<Described> {
    let mut out: Vec<Described> = units
        .iter()
        .map(|u| (u.start, u.end, u.category.clone(), u.features.clone()))
        .collect();
    out.sort_by(|a, b| a.partial_cmp(b).unwrap());
    out
}

fn unit(start: f64, end: f64, category: &str, features: &[(&str, &str)]) -> Unit {
    Unit::new(start, end, category).unwrap().with_features(
        features
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    )
}

/// A text with what XML and TSV 3 must escape, an emoji (two UTF-16 units) and CR LF.
const TEXT: &str = "Tom & Jerry <3 😊 said \"hi\"\r\nRolls-Royce [x] a_b|c *\n";

/// Units on [`TEXT`]: two features with values to escape, a unit without category value (`*`),
/// one on the emoji, stacked units, one across the CR LF.
fn units() -> Vec<Unit> {
    vec![
        unit(
            0.0,
            3.0,
            "PER",
            &[
                ("identifier", "http://x.org/?a=1&b=<2>"),
                ("note", "a|b [1] *_\\ -> ;"),
            ],
        ),
        unit(0.0, 11.0, "GROUP", &[("note", "tab\there\r\nline")]),
        unit(6.0, 11.0, "*", &[("identifier", "jerry")]),
        unit(15.0, 16.0, "EMOJI", &[]),
        unit(22.0, 39.0, "QUOTE & NAME", &[("identifier", "\"q\"")]),
        unit(28.0, 39.0, "ORG", &[]),
        unit(40.0, 43.0, "[x]", &[]),
    ]
}

#[test]
fn xmi_written_reads_back_with_emoji_cr_lf_and_markup() {
    let folder = temporary("xmi");
    let path = folder.join("doc.xmi");
    xmi::write(&path, TEXT, &units(), "webanno.custom.Span", "value").unwrap();
    let raw = std::fs::read_to_string(&path).unwrap();
    assert!(
        raw.contains("sofaString=\"Tom &amp; Jerry &lt;3 😊 said &quot;hi&quot;&#13;&#10;Rolls"),
        "{raw}"
    );
    assert!(
        raw.contains("xmlns:custom=\"http:///webanno/custom.ecore\""),
        "{raw}"
    );
    // The emoji is character 15 and UTF-16 units 15..17; what follows is shifted by one.
    assert!(
        raw.contains("begin=\"15\" end=\"17\" value=\"EMOJI\""),
        "{raw}"
    );
    assert!(
        raw.contains(
            "begin=\"23\" end=\"40\" identifier=\"&quot;q&quot;\" value=\"QUOTE &amp; NAME\""
        ),
        "{raw}"
    );
    assert!(
        !raw.contains("begin=\"6\" end=\"11\" identifier=\"jerry\" value="),
        "no value: no attribute"
    );
    let file = xmi::read(&path).unwrap();
    assert_eq!(file.text, TEXT, "the text exactly, CR LF included");
    let choice = LayerChoice {
        layer: Some("Span".into()),
        category_feature: Some("value".into()),
    };
    let (layer, feature, again, warnings) = file.units(&choice, &path).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(
        (layer.as_str(), feature.as_str()),
        ("webanno.custom.Span", "value")
    );
    assert_eq!(described(&again), described(&units()));
    // Tokens and sentences for INCEpTION's editor, which our reader does not take for a layer.
    assert_eq!(file.layers.len(), 1, "{:?}", file.layers);
    // A character XML 1.0 cannot hold is an error naming it.
    let e = xmi::to_xmi("a\u{1}b", &[], "webanno.custom.Span", "value").unwrap_err();
    assert_eq!(
        e,
        gamma_formats::Unwritable::NotXml {
            place: gamma_formats::XmlPlace::Text,
            character: '\u{1}',
            at: 1,
        }
    );
    assert_eq!(
        e.to_string(),
        "the text has the character U+0001 at character 1, which XML 1.0 cannot hold"
    );
    let e = xmi::to_xmi(
        "ab",
        &[unit(0.0, 3.0, "X", &[])],
        "webanno.custom.Span",
        "value",
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("is not a character span of the 2-character text"),
        "{e}"
    );
}

/// The element names of an XMI file with their namespace URIs: `{uri}Name`.
fn qualified(root: &xml::Element) -> Vec<(String, Vec<(String, String)>)> {
    let uri = |prefix: &str| {
        root.attribute(&format!("xmlns:{prefix}"))
            .unwrap_or_default()
            .to_string()
    };
    root.elements()
        .filter(|e| e.name != root.name)
        .map(|e| {
            let (prefix, local) = e.name.split_once(':').unwrap();
            let mut attributes: Vec<(String, String)> = e
                .attributes
                .iter()
                .filter(|(k, _)| k != "xmi:id" && k != "sofa" && k != "members")
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            attributes.sort();
            (format!("{{{}}}{local}", uri(prefix)), attributes)
        })
        .collect()
}

/// INCEpTION's XMI of its test suite, read and written again in its own type (NamedEntity):
/// the same elements in the same namespaces, the same tokens and sentences at the same UTF-16
/// offsets (emoji, line break, symbols to escape), the same annotations; and read back, the
/// same units.
#[test]
fn xmi_written_from_inception_files_is_inception_s() {
    let folder = temporary("xmi-fixtures");
    for case in [
        "testSentenceWithEmoji",
        "testTokenBoundedSpanWithSpecialSymbolsValue",
        "testSentenceWithLineBreak",
    ] {
        let input = fixture(&format!("webanno-tsv/{case}.xmi"));
        let (documents, _) =
            read_documents(std::slice::from_ref(&input), &ReadOptions::default()).unwrap();
        let document = &documents[0];
        let Source::Xmi { layer, .. } = &document.source else {
            panic!("{case}: not XMI")
        };
        assert_eq!(
            layer,
            "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity"
        );
        let out = folder.join(case);
        let written = write_continuum(
            &document.continuum,
            Some(&document.source),
            gamma_formats::xmi::XMI,
            &out,
            &Default::default(),
        )
        .unwrap();
        assert_eq!(written, [out.join(format!("{case}.xmi"))]);
        let ours = xml::parse(&std::fs::read(&written[0]).unwrap(), &written[0]).unwrap();
        let theirs = xml::parse(&std::fs::read(&input).unwrap(), &input).unwrap();
        // INCEpTION's DocumentMetaData is its own; our sentences are the text's lines, and its
        // segmenter keeps the line break of one case inside a sentence.
        let compared = |e: &(String, Vec<(String, String)>)| {
            let metadata = e.0.ends_with("DocumentMetaData");
            let kept_line_break = case.ends_with("LineBreak") && e.0.ends_with("}Sentence");
            !metadata && !kept_line_break
        };
        let mut expected: Vec<_> = qualified(&theirs).into_iter().filter(compared).collect();
        let mut found: Vec<_> = qualified(&ours).into_iter().filter(compared).collect();
        expected.sort();
        found.sort();
        assert_eq!(found, expected, "{case}");
        let (again, _) = read_documents(&written, &ReadOptions::default()).unwrap();
        assert_eq!(again[0].continuum.text, document.continuum.text, "{case}");
        assert_eq!(
            described(&again[0].continuum.annotators[0].units),
            described(&document.continuum.annotators[0].units),
            "{case}"
        );
    }
}

/// The written XMI read with a type system as INCEpTION exports it beside its XMI (the layer's
/// features declared with primitive ranges, a link feature with a reference range): the
/// features written are the declared ones, kept; a reference feature is not a feature.
#[test]
fn xmi_written_reads_with_a_type_system() {
    let type_system = r#"<?xml version="1.0" encoding="UTF-8"?>
<typeSystemDescription xmlns="http://uima.apache.org/resourceSpecifier">
  <types>
    <typeDescription>
      <name>de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity</name>
      <supertypeName>uima.tcas.Annotation</supertypeName>
      <features>
        <featureDescription><name>value</name><rangeTypeName>uima.cas.String</rangeTypeName></featureDescription>
        <featureDescription><name>identifier</name><rangeTypeName>uima.cas.String</rangeTypeName></featureDescription>
        <featureDescription><name>note</name><rangeTypeName>uima.cas.String</rangeTypeName></featureDescription>
        <featureDescription><name>links</name><rangeTypeName>uima.cas.FSArray</rangeTypeName></featureDescription>
      </features>
    </typeDescription>
  </types>
</typeSystemDescription>"#;
    let folder = temporary("xmi-type-system");
    let path = folder.join("doc.xmi");
    let layer = "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity";
    let mut units = units();
    units[3].features.insert("links".into(), "2 3".into());
    xmi::write(&path, TEXT, &units, layer, "value").unwrap();
    std::fs::write(folder.join("TypeSystem.xml"), type_system).unwrap();
    let file = xmi::read(&path).unwrap();
    assert_eq!(
        file.layers,
        [(
            layer.to_string(),
            vec![
                "identifier".to_string(),
                "note".to_string(),
                "value".to_string()
            ]
        )],
        "links is a reference: not a feature"
    );
    let choice = LayerChoice {
        layer: Some("NamedEntity".into()),
        category_feature: Some("value".into()),
    };
    let (_, _, again, _) = file.units(&choice, &path).unwrap();
    units[3].features.clear();
    assert_eq!(described(&again), described(&units));
}

/// Every feature of the layer is a column, in name order as INCEpTION writes them, escaped; a
/// unit without a value has `*`; read back, the same categories and features.
#[test]
fn tsv3_writes_every_feature_of_the_layer() {
    let text = TEXT.replace("\r\n", " \n");
    let tsv = webanno_tsv::to_tsv3(&text, &units(), "webanno.custom.Span", "value").unwrap();
    assert!(
        tsv.starts_with(
            "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|identifier|note|value\n"
        ),
        "{tsv}"
    );
    let first = tsv.lines().find(|l| l.starts_with("1-1\t")).unwrap();
    assert_eq!(
        first,
        "1-1\t0-3\tTom\thttp://x.org/?a=1&b=<2>[1]|*[2]\ta\\|b \\[1\\] \\*\\_\\\\ \\-> \\;[1]|tab\\there\\r\\nline[2]\tPER[1]|GROUP[2]\t"
    );
    let path = Path::new("features.tsv");
    let file = webanno_tsv::parse(tsv.as_bytes(), path).unwrap();
    let (again, warnings) = file
        .units(
            &LayerChoice {
                layer: None,
                category_feature: Some("value".into()),
            },
            path,
        )
        .unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(described(&again), described(&units()));
    // INCEpTION's own file with two features reads, writes and reads back the same.
    let input = fixture("webanno-tsv/testAnnotationWithLeadingWhitespace.tsv");
    let options = ReadOptions {
        layer: LayerChoice {
            layer: None,
            category_feature: Some("value".into()),
        },
        ..ReadOptions::default()
    };
    let (documents, _) = read_documents(std::slice::from_ref(&input), &options).unwrap();
    let mut continuum = documents[0].continuum.clone();
    continuum.annotators[0].units[0]
        .features
        .insert("identifier".into(), "Q|1".into());
    let out = temporary("tsv-features");
    let written = write_continuum(
        &continuum,
        Some(&documents[0].source),
        gamma_formats::webanno_tsv::TSV3,
        &out,
        &Default::default(),
    )
    .unwrap();
    let contents = std::fs::read_to_string(&written[0]).unwrap();
    assert!(
        contents.contains(
            "#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|identifier|value\n"
        ),
        "{contents}"
    );
    assert!(contents.contains("\ttwo\tQ\\|1\t*\t"), "{contents}");
    let (again, _) = read_documents(&written, &options).unwrap();
    assert_eq!(
        described(&again[0].continuum.annotators[0].units),
        described(&continuum.annotators[0].units)
    );
}

/// The elements of an XMI file as in [`qualified`], with the references of relations and
/// tokens (`Governor`, `Dependent`, `pos`) replaced by what they name: its element's qualified
/// name and offsets.
fn with_references_resolved(root: &xml::Element) -> Vec<(String, Vec<(String, String)>)> {
    let named: BTreeMap<&str, String> = root
        .elements()
        .filter_map(|e| {
            let id = e.attribute("xmi:id")?;
            let (prefix, local) = e.name.split_once(':')?;
            let uri = root
                .attribute(&format!("xmlns:{prefix}"))
                .unwrap_or_default();
            let at = format!(
                "{}-{}",
                e.attribute("begin").unwrap_or_default(),
                e.attribute("end").unwrap_or_default()
            );
            Some((id, format!("{{{uri}}}{local} {at}")))
        })
        .collect();
    let mut elements = qualified(root);
    for (_, attributes) in &mut elements {
        for (name, value) in attributes.iter_mut() {
            if ["Governor", "Dependent", "pos"].contains(&name.as_str()) {
                *value = named[value.as_str()].clone();
            }
        }
    }
    elements.sort();
    elements
}

/// INCEpTION's XMI with relations, read and written again: the same elements (tokens and their
/// parts of speech, the spans, the relations with their ends and offsets, those of the
/// dependent), the references naming the same annotations. A dependency links the tokens of
/// its parts of speech, whose `pos` names them.
#[test]
fn xmi_relations_written_back_are_inception_s() {
    let folder = temporary("xmi-relations");
    for (case, category_feature) in [
        ("testSingleNonMultiTokenRelationWithoutFeatureValue", None),
        (
            "testSingleStackedNonTokenOverlappingRelationWithoutFeatureValue",
            None,
        ),
        ("testDependencyWithValues", Some("PosValue".to_string())),
    ] {
        let input = fixture(&format!("webanno-tsv/{case}.xmi"));
        let options = ReadOptions {
            layer: LayerChoice {
                layer: None,
                category_feature,
            },
            ..ReadOptions::default()
        };
        let (documents, _) = read_documents(std::slice::from_ref(&input), &options).unwrap();
        let document = &documents[0];
        assert_eq!(
            document.continuum.annotators[0].relations.len(),
            1,
            "{case}"
        );
        let out = folder.join(case);
        let written = write_continuum(
            &document.continuum,
            Some(&document.source),
            gamma_formats::xmi::XMI,
            &out,
            &Default::default(),
        )
        .unwrap();
        let ours = xml::parse(&std::fs::read(&written[0]).unwrap(), &written[0]).unwrap();
        let theirs = xml::parse(&std::fs::read(&input).unwrap(), &input).unwrap();
        let compared = |elements: Vec<(String, Vec<(String, String)>)>| -> Vec<_> {
            (elements.into_iter())
                .filter(|e| !e.0.ends_with("DocumentMetaData"))
                .collect()
        };
        assert_eq!(
            compared(with_references_resolved(&ours)),
            compared(with_references_resolved(&theirs)),
            "{case}"
        );
    }
}
