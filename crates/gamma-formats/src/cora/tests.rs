use super::*;

const SAMPLE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<!-- licence -->
<text id="x">
  <header>h</header>
  <token id="t1" trans="$ol|tu">
<dipl id="t1_d1" trans="$ol|tu" utf="ſoltu"/>
<mod id="t1_m1" trans="$ol|" utf="ſol" ascii="sol">
  <pos tag="VVFIN"/>
  <suggestions><pos tag="ART" score="0.1"/></suggestions>
</mod>
<mod id="t1_m2" trans="tu" utf="tu" ascii="tu">
  <pos tag="PPER"/>
  <lemma tag="du"/>
</mod>
  </token>
  <comment type="K">Tintenfleck</comment>
  <token id="t2" trans="ge#e$$en">
<dipl id="t2_d1" trans="ge#" utf="ge"/>
<dipl id="t2_d2" trans="e$$en" utf="eſſen"/>
<mod id="t2_m1" trans="ge#e$$en" utf="geeſſen" ascii="geessen">
  <lemma tag="essen"/>
</mod>
  </token>
</text>
"#;

fn sample() -> CoraFile {
    parse(SAMPLE.as_bytes(), Path::new("s.xml")).unwrap()
}

#[test]
fn rebuilds_text_with_split_and_merge_marks() {
    let file = sample();
    assert_eq!(file.dialect, Dialect::Mod);
    let rebuilt = file
        .rebuild_text(&CoraOptions::default(), Path::new("s.xml"))
        .unwrap();
    assert_eq!(rebuilt.text, "$oltu ge e$$en ");
    assert_eq!(rebuilt.spans, [(0, 3), (3, 5), (6, 14)]);
    let utf = CoraOptions {
        transcription: Transcription::Utf,
        ..CoraOptions::default()
    };
    let rebuilt = file.rebuild_text(&utf, Path::new("s.xml")).unwrap();
    assert_eq!(rebuilt.text, "ſoltu geeſſen ");
    assert_eq!(rebuilt.spans, [(0, 3), (3, 5), (6, 13)]);
}

#[test]
fn units_take_the_category_layer_and_keep_layers_as_features() {
    let (_, units) = sample()
        .units(&CoraOptions::default(), Path::new("s.xml"))
        .unwrap();
    assert_eq!(units.len(), 3);
    assert_eq!(units[0].category, "VVFIN");
    assert_eq!(
        units[1].features.get("lemma").map(String::as_str),
        Some("du")
    );
    assert_eq!(units[2].category, "", "no pos layer");
    assert_eq!(units[2].source_id.as_deref(), Some("t2_m1"));
    let lemma = CoraOptions {
        category_layer: "lemma".into(),
        layers: Some(vec![]),
        ..CoraOptions::default()
    };
    let (_, units) = sample().units(&lemma, Path::new("s.xml")).unwrap();
    assert_eq!(units[2].category, "essen");
    assert!(
        units[1].features.is_empty(),
        "the category layer is not repeated as a feature"
    );
}

#[test]
fn consensus_keeps_structure_and_replaces_layers() {
    let file = sample();
    let path = Path::new("s.xml");
    let (_, mut units) = file.units(&CoraOptions::default(), path).unwrap();
    units[0].category = "ADV".into();
    units.remove(2);
    let (written, unmatched) = file
        .with_layers_from(&units, &CoraOptions::default(), path)
        .unwrap();
    assert_eq!(unmatched, 1);
    let xml = written.to_xml();
    assert!(xml.contains("<!-- licence -->"), "{xml}");
    assert!(
        xml.contains("<comment type=\"K\">Tintenfleck</comment>"),
        "{xml}"
    );
    assert!(xml.contains("<suggestions><pos tag=\"ART\" score=\"0.1\"/></suggestions>"));
    let again = parse(xml.as_bytes(), path).unwrap();
    assert_eq!(again.tokens, written.tokens);
    let annotations: Vec<_> = again.annotation_tokens().collect();
    assert_eq!(
        annotations[0].layers,
        [("pos".to_string(), "ADV".to_string())]
    );
    assert_eq!(
        annotations[1].layers,
        [
            ("pos".to_string(), "PPER".to_string()),
            ("lemma".to_string(), "du".to_string())
        ]
    );
    assert!(annotations[2].layers.is_empty());
    let stray = Unit::new(1.0, 4.0, "X").unwrap();
    let e = file
        .with_layers_from(&[stray], &CoraOptions::default(), path)
        .unwrap_err();
    assert!(
        matches!(&e, crate::Unwritable::NotAToken { unit, .. } if unit.start == 1.0),
        "{e:?}"
    );
    assert!(e.to_string().contains("does not match a token"), "{e}");
}

#[test]
fn round_trip_keeps_the_model() {
    let file = sample();
    let again = parse(file.to_xml().as_bytes(), Path::new("again.xml")).unwrap();
    assert_eq!(again.tokens, file.tokens);
    assert_eq!(again.dialect, file.dialect);
}

#[test]
fn from_units_makes_tokens_readable_back() {
    let text = "Zoë met Bob à Caen.";
    let units = vec![
        Unit::new(0.0, 3.0, "PER").unwrap(),
        Unit::new(8.0, 11.0, "PER").unwrap(),
        Unit::new(12.0, 18.0, "LOC").unwrap(),
    ];
    let file = CoraFile::from_units("doc", text, &units, &CoraOptions::default()).unwrap();
    let (rebuilt, read_back) = file
        .units(&CoraOptions::default(), Path::new("doc"))
        .unwrap();
    assert_eq!(rebuilt, "Zoë Bob à Caen ");
    let categories: Vec<&str> = read_back.iter().map(|u| u.category.as_str()).collect();
    assert_eq!(categories, ["PER", "PER", "LOC"]);
    assert_eq!(file.tokens[2].diplomatic.len(), 2);
    let overlapping = [
        Unit::new(0.0, 3.0, "A").unwrap(),
        Unit::new(2.0, 5.0, "B").unwrap(),
    ];
    assert_eq!(
        CoraFile::from_units("d", text, &overlapping, &CoraOptions::default()).unwrap_err(),
        crate::Unwritable::OverlappingTokens {
            first: Box::new(overlapping[0].clone()),
            second: Box::new(overlapping[1].clone()),
        }
    );
}

#[test]
fn unknown_variants_and_bad_tokens_are_errors() {
    let p = Path::new("v.xml");
    let e = parse(
        b"<text id=\"a\">\n<token id=\"t1\" trans=\"a\">\n<w/>\n</token>\n</text>",
        p,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "v.xml: line 2: unknown CorA variant: tokens have no <mod>, <tok_anno> or <anno> (children found: w)"
    );
    let e = parse(b"<text id=\"a\"/>", p).unwrap_err();
    assert!(e.to_string().contains("no <token>"), "{e}");
    let e = parse(b"<TEI/>", p).unwrap_err();
    assert!(e.to_string().contains("root element is <TEI>"), "{e}");
    let mixed = "<text>\n<token id=\"t1\" trans=\"a\"><mod id=\"m\" trans=\"a\"/></token>\n<token id=\"t2\" trans=\"b\"><anno id=\"n\" trans=\"b\"/></token>\n</text>";
    let e = parse(mixed.as_bytes(), p).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("v.xml: line 3: unknown CorA variant"),
        "{e}"
    );
    let no_trans = "<text>\n<token id=\"t1\" trans=\"a\">\n<mod id=\"m\"/></token>\n</text>";
    let e = parse(no_trans.as_bytes(), p).unwrap_err();
    assert_eq!(
        e.to_string(),
        "v.xml: line 3: <mod> \"m\" without a trans attribute"
    );
    let empty =
        "<text>\n<token id=\"t1\" trans=\"|\">\n<mod id=\"m\" trans=\"|\"/></token>\n</text>";
    let file = parse(empty.as_bytes(), p).unwrap();
    let e = file.rebuild_text(&CoraOptions::default(), p).unwrap_err();
    assert_eq!(
        e.to_string(),
        "v.xml: line 3: token \"m\" has an empty transcription"
    );
    let twice = "<text>\n<token id=\"t1\" trans=\"a\"><mod id=\"m\" trans=\"a\"/></token>\n<token id=\"t1\" trans=\"b\"><mod id=\"n\" trans=\"b\"/></token>\n</text>";
    let e = parse(twice.as_bytes(), p).unwrap_err();
    assert_eq!(e.to_string(), "v.xml: line 3: duplicate id \"t1\"");
}
