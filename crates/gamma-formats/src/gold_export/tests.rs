use super::*;
use crate::format::tiers_without_overlap;
use crate::read_documents;
use gamma_core::continuum::{Annotator, Continuum};

/// Two annotators on "the cat sat on the mat", aligned as the core aligns them.
fn adjudication() -> Adjudication {
    let mut continuum = Continuum::new("cats");
    continuum.text = Some("the cat sat on the mat".into());
    for (annotator, start, end, category) in [
        ("ann", 4.0, 7.0, "ANIMAL"),
        ("ann", 19.0, 22.0, "THING"),
        ("bob", 4.0, 11.0, "ANIMAL"),
    ] {
        continuum.add(annotator, start, end, category).unwrap();
    }
    let aligned =
        gamma_core::gamma::DocumentAlignment::of(&continuum, &Default::default()).unwrap();
    Adjudication::new(continuum, &aligned.problem, &aligned.alignment, "tester")
}

#[test]
fn the_csv_report_shows_the_words_each_unit_covers() {
    let mut adjudication = adjudication();
    adjudication
        .add(Unit::new(0.0, 7.0, "ANIMAL").unwrap())
        .unwrap();
    let csv = report_csv(&adjudication);
    assert!(csv.contains("ANIMAL [4, 7) “cat”"), "{csv}");
    assert!(csv.contains("ANIMAL [4, 11) “cat sat”"), "{csv}");
    assert!(csv.contains("THING [19, 22) “mat”"), "{csv}");
    let added = csv.lines().last().unwrap();
    assert!(
        added.ends_with("\"ANIMAL [0, 7) “the cat”\",,"),
        "a gold unit the adjudicator added: {added}"
    );
}

#[test]
fn a_gold_not_made_from_the_files_gets_the_base_annotators_units_left_out_of_gamma() {
    let mut adjudication = adjudication();
    adjudication.decide_unanimous();
    let sentence = |end| Unit::new(0.0, end, "Sentence").unwrap();
    adjudication.set_left_out(vec![vec![sentence(22.0)], vec![sentence(11.0)]]);
    let dir = tempfile::tempdir().unwrap();
    let read_back = |base: usize, name: &str| {
        let path = dir.path().join(name);
        write_whole_gold(&adjudication, &path, None, &Default::default(), false, base).unwrap();
        let (documents, _) = read_documents(&[path], &ReadOptions::default()).unwrap();
        let gold = &documents[0].continuum.annotators[0];
        let mut units: Vec<(String, f64, f64)> = (gold.units.iter())
            .map(|u| (u.category.clone(), u.start, u.end))
            .collect();
        units.sort_by(|a, b| a.partial_cmp(b).unwrap());
        units
    };
    let decided: Vec<(String, f64, f64)> = (adjudication.gold().into_iter())
        .map(|(_, g)| (g.unit.category.clone(), g.unit.start, g.unit.end))
        .collect();
    for (base, end) in [(0, 22.0), (1, 11.0)] {
        let mut expected = decided.clone();
        expected.push(("Sentence".into(), 0.0, end));
        expected.sort_by(|a, b| a.partial_cmp(b).unwrap());
        assert_eq!(read_back(base, &format!("gold-{base}.csv")), expected);
    }
    // γ against the gold still sees the decided units only.
    assert_eq!(
        adjudication.gold_annotator("gold").units.len(),
        decided.len()
    );
}

#[test]
fn the_csv_report_ends_with_the_notes_of_the_export() {
    let adjudication = adjudication();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.csv");
    let note = "relation \"r1\" (Comment) of ann is not in the gold: u1 has no gold unit";
    write_report_with_notes(&adjudication, &path, &[], false, &[note.into()]).unwrap();
    let csv = std::fs::read_to_string(&path).unwrap();
    let last = csv.lines().last().unwrap();
    assert_eq!(
        last,
        format!(",,note,,,,,,,\"{}\",,", note.replace('"', "\"\""))
    );
    let header = csv.lines().next().unwrap();
    assert_eq!(
        header,
        "alignment,disorder,status,choice,rule,by,at,ann,bob,gold,reason,note"
    );
}

#[test]
fn overlapping_gold_units_go_to_separate_tiers() {
    let unit = |start, end| Unit::new(start, end, "X").unwrap();
    let tiers = tiers_without_overlap(Annotator {
        name: "gold".into(),
        units: vec![
            unit(5.0, 8.0),
            unit(10.0, 12.0),
            unit(0.0, 10.0),
            unit(6.0, 20.0),
        ],
        own_text: None,
        relations: Vec::new(),
    });
    let spans: Vec<(String, Vec<(f64, f64)>)> = tiers
        .iter()
        .map(|t| {
            (
                t.name.clone(),
                t.units.iter().map(|u| (u.start, u.end)).collect(),
            )
        })
        .collect();
    assert_eq!(
        spans,
        [
            ("gold".to_string(), vec![(0.0, 10.0), (10.0, 12.0)]),
            ("gold-2".to_string(), vec![(5.0, 8.0)]),
            ("gold-3".to_string(), vec![(6.0, 20.0)]),
        ]
    );
    let empty = tiers_without_overlap(Annotator {
        name: "gold".into(),
        units: Vec::new(),
        own_text: None,
        relations: Vec::new(),
    });
    assert_eq!(empty.len(), 1, "an empty gold is still a tier");
}

#[test]
fn the_elan_export_writes_overlapping_gold_units_on_their_own_tiers() {
    let mut adjudication = adjudication();
    adjudication
        .add(Unit::new(4.0, 11.0, "ANIMAL").unwrap())
        .unwrap();
    adjudication
        .add(Unit::new(8.0, 14.0, "ACTION").unwrap())
        .unwrap();
    adjudication
        .add(Unit::new(15.0, 22.0, "THING").unwrap())
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gold.eaf");
    let format = write_gold(&adjudication, &path, None, &Default::default(), false).unwrap();
    assert_eq!(format, crate::elan::ELAN);
    let (documents, _) = read_documents(&[path], &ReadOptions::default()).unwrap();
    type Tier = (String, Vec<(f64, f64, String)>);
    let tiers: Vec<Tier> = documents[0]
        .continuum
        .annotators
        .iter()
        .map(|a| {
            let units = a.units.iter().map(|u| (u.start, u.end, u.category.clone()));
            (a.name.clone(), units.collect())
        })
        .collect();
    assert_eq!(
        tiers,
        [
            (
                "gold".to_string(),
                vec![(4.0, 11.0, "ANIMAL".into()), (15.0, 22.0, "THING".into())]
            ),
            ("gold-2".to_string(), vec![(8.0, 14.0, "ACTION".into())]),
        ]
    );
}
