//! The whole gold `.eaf` ([`super::whole`]) of a hand-made file of two annotators, each with a
//! tier of notes on its own tier, and a tier that is nobody's.

use crate::format::ReadOptions;
use crate::gold_export::write_whole_gold;
use crate::read_documents;
use crate::xml::{self, Element};
use gamma_core::gold::Adjudication;
use std::path::Path;

/// ann and bob label the same two stretches; their notes agree on the first and not on the
/// second. `words` has no labelled annotation: nobody's tier, not measured.
const EAF: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<ANNOTATION_DOCUMENT AUTHOR="" DATE="2024-01-01T00:00:00+00:00" FORMAT="3.0" VERSION="3.0">
    <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">
        <MEDIA_DESCRIPTOR MEDIA_URL="file:///talk.wav" MIME_TYPE="audio/x-wav"/>
        <PROPERTY NAME="lastUsedAnnotationId">8</PROPERTY>
    </HEADER>
    <TIME_ORDER>
        <TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="100"/>
        <TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="900"/>
        <TIME_SLOT TIME_SLOT_ID="ts3" TIME_VALUE="1000"/>
        <TIME_SLOT TIME_SLOT_ID="ts4" TIME_VALUE="1500"/>
        <TIME_SLOT TIME_SLOT_ID="ts5" TIME_VALUE="100"/>
        <TIME_SLOT TIME_SLOT_ID="ts6" TIME_VALUE="900"/>
        <TIME_SLOT TIME_SLOT_ID="ts7" TIME_VALUE="1000"/>
        <TIME_SLOT TIME_SLOT_ID="ts8" TIME_VALUE="1500"/>
    </TIME_ORDER>
    <TIER LINGUISTIC_TYPE_REF="act" PARTICIPANT="speaker A" TIER_ID="ann">
        <ANNOTATION>
            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" CVE_REF="cve-laugh" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2">
                <ANNOTATION_VALUE>laugh</ANNOTATION_VALUE>
            </ALIGNABLE_ANNOTATION>
        </ANNOTATION>
        <ANNOTATION>
            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a2" TIME_SLOT_REF1="ts3" TIME_SLOT_REF2="ts4">
                <ANNOTATION_VALUE>speech</ANNOTATION_VALUE>
            </ALIGNABLE_ANNOTATION>
        </ANNOTATION>
    </TIER>
    <TIER LINGUISTIC_TYPE_REF="note" PARENT_REF="ann" TIER_ID="ann-notes">
        <ANNOTATION>
            <REF_ANNOTATION ANNOTATION_ID="a5" ANNOTATION_REF="a1">
                <ANNOTATION_VALUE>loud</ANNOTATION_VALUE>
            </REF_ANNOTATION>
        </ANNOTATION>
        <ANNOTATION>
            <REF_ANNOTATION ANNOTATION_ID="a6" ANNOTATION_REF="a2">
                <ANNOTATION_VALUE>fast</ANNOTATION_VALUE>
            </REF_ANNOTATION>
        </ANNOTATION>
    </TIER>
    <TIER LINGUISTIC_TYPE_REF="act" PARTICIPANT="speaker A" TIER_ID="bob">
        <ANNOTATION>
            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a3" CVE_REF="cve-laugh" TIME_SLOT_REF1="ts5" TIME_SLOT_REF2="ts6">
                <ANNOTATION_VALUE>laugh</ANNOTATION_VALUE>
            </ALIGNABLE_ANNOTATION>
        </ANNOTATION>
        <ANNOTATION>
            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a4" TIME_SLOT_REF1="ts7" TIME_SLOT_REF2="ts8">
                <ANNOTATION_VALUE>speech</ANNOTATION_VALUE>
            </ALIGNABLE_ANNOTATION>
        </ANNOTATION>
    </TIER>
    <TIER LINGUISTIC_TYPE_REF="note" PARENT_REF="bob" TIER_ID="bob-notes">
        <ANNOTATION>
            <REF_ANNOTATION ANNOTATION_ID="a7" ANNOTATION_REF="a3">
                <ANNOTATION_VALUE>loud</ANNOTATION_VALUE>
            </REF_ANNOTATION>
        </ANNOTATION>
        <ANNOTATION>
            <REF_ANNOTATION ANNOTATION_ID="a8" ANNOTATION_REF="a4">
                <ANNOTATION_VALUE>slow</ANNOTATION_VALUE>
            </REF_ANNOTATION>
        </ANNOTATION>
    </TIER>
    <TIER LINGUISTIC_TYPE_REF="act" TIER_ID="words"/>
    <LINGUISTIC_TYPE CONTROLLED_VOCABULARY_REF="acts" GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="act" TIME_ALIGNABLE="true"/>
    <LINGUISTIC_TYPE CONSTRAINTS="Symbolic_Association" GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="note" TIME_ALIGNABLE="false"/>
    <CONSTRAINT DESCRIPTION="1-1 association with a parent annotation" STEREOTYPE="Symbolic_Association"/>
    <CONTROLLED_VOCABULARY CV_ID="acts">
        <CV_ENTRY_ML CVE_ID="cve-laugh"><CVE_VALUE LANG_REF="eng">laugh</CVE_VALUE></CV_ENTRY_ML>
        <CV_ENTRY_ML CVE_ID="cve-speech"><CVE_VALUE LANG_REF="eng">speech</CVE_VALUE></CV_ENTRY_ML>
    </CONTROLLED_VOCABULARY>
</ANNOTATION_DOCUMENT>
"#;

/// Adjudicates the file with the unanimous rule, then `decide`, and writes the gold from
/// annotator `base`: the gold's XML and the notes.
fn gold(eaf: &str, base: usize, decide: impl FnOnce(&mut Adjudication)) -> (String, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("talk.eaf");
    std::fs::write(&input, eaf).unwrap();
    let options = ReadOptions::default();
    let (mut documents, _) = read_documents(&[input], &options).unwrap();
    let document = documents.remove(0);
    let aligned =
        gamma_core::gamma::DocumentAlignment::of(&document.continuum, &Default::default()).unwrap();
    let mut adjudication = Adjudication::new(
        document.continuum.clone(),
        &aligned.problem,
        &aligned.alignment,
        "tester",
    );
    adjudication.apply_rule("unanimous").unwrap();
    decide(&mut adjudication);
    let out = dir.path().join("gold.eaf");
    let (_, notes) = write_whole_gold(
        &adjudication,
        &out,
        Some(&document.source),
        &options,
        false,
        base,
    )
    .unwrap();
    (std::fs::read_to_string(&out).unwrap(), notes)
}

/// The elements named `name` of a file, as XML (their line numbers aside).
fn elements(xml: &str, name: &str) -> Vec<String> {
    let root = xml::parse(xml.as_bytes(), Path::new("gold.eaf")).unwrap();
    (root.elements())
        .filter(|e| e.name == name)
        .map(Element::to_xml)
        .collect()
}

/// A tier's attributes, and its annotations as (id, reference or time slots, value).
type TierContent = (Vec<(String, String)>, Vec<(String, String, String)>);

fn tier(xml: &str, id: &str) -> TierContent {
    let root = xml::parse(xml.as_bytes(), Path::new("gold.eaf")).unwrap();
    let tier = (root.children_named("TIER"))
        .find(|t| t.attribute("TIER_ID") == Some(id))
        .unwrap_or_else(|| panic!("no tier {id} in {xml}"));
    let annotations = (tier
        .children_named("ANNOTATION")
        .flat_map(Element::elements))
    .map(|a| {
        let attribute = |k: &str| a.attribute(k).unwrap_or_default().to_string();
        let at = match a.attribute("ANNOTATION_REF") {
            Some(r) => r.to_string(),
            None => format!(
                "{}-{}",
                attribute("TIME_SLOT_REF1"),
                attribute("TIME_SLOT_REF2")
            ),
        };
        let value = a.child("ANNOTATION_VALUE").unwrap().text();
        (attribute("ANNOTATION_ID"), at, value)
    })
    .collect();
    (tier.attributes.clone(), annotations)
}

fn pairs(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn annotations(list: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
    (list.iter())
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect()
}

#[test]
fn the_gold_keeps_the_file_with_the_gold_tier_in_place_of_the_measured_ones() {
    let (eaf, notes) = gold(EAF, 0, |_| {});
    assert_eq!(
        notes,
        [
            "annotation “fast” of tier \"ann-notes\" at [1000, 1500) ms of ann (carried into the gold, not measured): bob has none like it",
            "annotation “slow” of tier \"bob-notes\" at [1000, 1500) ms of bob (not in the gold, not measured): ann has none like it",
        ]
    );
    let tiers: Vec<String> = (xml::parse(eaf.as_bytes(), Path::new("g")).unwrap())
        .children_named("TIER")
        .map(|t| t.attribute("TIER_ID").unwrap().to_string())
        .collect();
    assert_eq!(tiers, ["gold", "gold-notes", "words"]);
    assert_eq!(
        tier(&eaf, "gold"),
        (
            pairs(&[
                ("TIER_ID", "gold"),
                ("LINGUISTIC_TYPE_REF", "act"),
                ("ANNOTATOR", "tester"),
                ("PARTICIPANT", "speaker A"),
            ]),
            annotations(&[("a9", "ts9-ts10", "laugh"), ("a10", "ts11-ts12", "speech")])
        )
    );
    assert!(eaf.contains("ANNOTATION_ID=\"a9\" TIME_SLOT_REF1=\"ts9\" TIME_SLOT_REF2=\"ts10\" CVE_REF=\"cve-laugh\""), "the entry of the vocabulary kept: {eaf}");
    assert_eq!(
        tier(&eaf, "gold-notes"),
        (
            pairs(&[
                ("LINGUISTIC_TYPE_REF", "note"),
                ("PARENT_REF", "gold"),
                ("TIER_ID", "gold-notes"),
            ]),
            annotations(&[("a5", "a9", "loud"), ("a6", "a10", "fast")])
        )
    );
    // The slots of the measured tiers go, the gold's come in time order.
    let root = xml::parse(eaf.as_bytes(), Path::new("g")).unwrap();
    let slots: Vec<(&str, &str)> = (root.child("TIME_ORDER").unwrap())
        .children_named("TIME_SLOT")
        .map(|s| {
            (
                s.attribute("TIME_SLOT_ID").unwrap(),
                s.attribute("TIME_VALUE").unwrap(),
            )
        })
        .collect();
    assert_eq!(
        slots,
        [
            ("ts9", "100"),
            ("ts10", "900"),
            ("ts11", "1000"),
            ("ts12", "1500")
        ]
    );
    // Everything else is the file's.
    for name in [
        "HEADER",
        "LINGUISTIC_TYPE",
        "CONSTRAINT",
        "CONTROLLED_VOCABULARY",
    ] {
        let expected = if name == "HEADER" {
            elements(EAF, name)[0].replace(">8<", ">10<")
        } else {
            elements(EAF, name).join("")
        };
        assert_eq!(elements(&eaf, name).join(""), expected, "{name}");
    }
    // Read back, the gold is one annotator with the gold units.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gold.eaf");
    std::fs::write(&path, &eaf).unwrap();
    let read = super::read(&path).unwrap();
    let units: Vec<(String, f64, f64, String)> = (read.units())
        .map(|(a, u)| {
            (
                read.annotators[a].name.clone(),
                u.start,
                u.end,
                u.category.clone(),
            )
        })
        .collect();
    assert_eq!(
        units,
        [
            ("gold".into(), 100.0, 900.0, "laugh".into()),
            ("gold".into(), 1000.0, 1500.0, "speech".into())
        ]
    );
}

#[test]
fn the_base_annotators_tiers_are_carried_and_what_hangs_from_a_rejected_unit_is_listed() {
    let (eaf, _) = gold(EAF, 1, |_| {});
    assert_eq!(
        tier(&eaf, "gold-notes").1,
        annotations(&[("a7", "a9", "loud"), ("a8", "a10", "slow")]),
        "bob's notes"
    );
    let (eaf, notes) = gold(EAF, 0, |a| {
        let speech = a.proposal_of_unit(0, 1).unwrap();
        a.reject(speech).unwrap();
    });
    assert_eq!(
        tier(&eaf, "gold").1,
        annotations(&[("a9", "ts9-ts10", "laugh")])
    );
    assert_eq!(
        tier(&eaf, "gold-notes").1,
        annotations(&[("a5", "a9", "loud")])
    );
    assert_eq!(
        notes.last().unwrap(),
        "tier \"ann-notes\": annotation \"a6\" (“fast”) is not in the gold: it refers to a2, which has no gold unit"
    );
}

#[test]
fn a_dependent_type_gets_an_independent_copy_for_the_gold() {
    // ann's and bob's tiers are time subdivisions of `words`: the gold tier cannot be.
    let eaf = EAF
        .replace("TIER_ID=\"ann\"", "TIER_ID=\"ann\" PARENT_REF=\"words\"")
        .replace(
            "LINGUISTIC_TYPE_ID=\"act\" TIME_ALIGNABLE=\"true\"",
            "LINGUISTIC_TYPE_ID=\"act\" CONSTRAINTS=\"Included_In\" TIME_ALIGNABLE=\"true\"",
        );
    let (gold_eaf, _) = gold(&eaf, 0, |_| {});
    assert_eq!(
        tier(&gold_eaf, "gold").0[1],
        ("LINGUISTIC_TYPE_REF".to_string(), "gold-lt".to_string())
    );
    assert_eq!(
        elements(&gold_eaf, "LINGUISTIC_TYPE").last().unwrap(),
        "<LINGUISTIC_TYPE CONTROLLED_VOCABULARY_REF=\"acts\" GRAPHIC_REFERENCES=\"false\" LINGUISTIC_TYPE_ID=\"gold-lt\" TIME_ALIGNABLE=\"true\"/>"
    );
}

#[test]
fn overlapping_gold_units_go_to_a_second_gold_tier_of_the_same_kind() {
    let (eaf, _) = gold(EAF, 0, |a| {
        a.add(gamma_core::unit::Unit::new(800.0, 1200.0, "speech").unwrap())
            .unwrap();
    });
    let (attributes, added) = tier(&eaf, "gold-2");
    assert_eq!(attributes[1], ("LINGUISTIC_TYPE_REF".into(), "act".into()));
    assert_eq!(added, annotations(&[("a11", "ts13-ts14", "speech")]));
    assert_eq!(tier(&eaf, "gold").1.len(), 2);
    assert!(eaf.contains(">11</PROPERTY>"), "{eaf}");
}

/// pygamma's ELAN example (written by pympi): three speakers and an empty `default` tier.
#[test]
fn the_gold_of_a_real_file_keeps_its_empty_tier_and_types() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/elan/MaureenMarvinRobin.eaf");
    let original = std::fs::read_to_string(&path).unwrap();
    let (eaf, _) = gold(&original, 0, |_| {});
    let root = xml::parse(eaf.as_bytes(), Path::new("g")).unwrap();
    let tiers: Vec<&str> = (root.children_named("TIER"))
        .map(|t| t.attribute("TIER_ID").unwrap())
        .collect();
    assert_eq!(tiers, ["default", "gold"]);
    for name in ["LINGUISTIC_TYPE", "HEADER"] {
        assert_eq!(elements(&eaf, name), elements(&original, name), "{name}");
    }
    assert_eq!(
        root.attribute("xsi:noNamespaceSchemaLocation"),
        Some("http://www.mpi.nl/tools/elan/EAFv2.8.xsd")
    );
}
