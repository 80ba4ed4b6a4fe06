use super::*;
use gamma_core::coding::{BulkRule, CodingAdjudication, CoefficientChoice};

fn parse(text: &str, name: &str, options: &CodingReadOptions) -> Result<CodingStudy, FileError> {
    parse_table(text.as_bytes(), Path::new(name), options).map(|(s, _)| s)
}

fn alpha(study: &CodingStudy) -> f64 {
    let choice = CoefficientChoice::parse("alpha", None).unwrap();
    choice.evaluate(study).unwrap().value
}

const KRIPPENDORFF: &str = "item,A,B,C,D\n1,1,1,,1\n2,2,2,3,2\n3,3,3,3,3\n4,3,3,3,3\n\
    5,2,2,2,2\n6,1,2,3,4\n7,4,4,4,4\n8,1,1,2,1\n9,2,2,2,2\n10,,5,5,5\n11,,,1,1\n12,,3,,\n";

#[test]
fn a_wide_table_keeps_missing_ratings_missing() {
    let study = parse(KRIPPENDORFF, "k.csv", &CodingReadOptions::default()).unwrap();
    assert_eq!((study.n_items(), study.coders.len()), (12, 4));
    assert_eq!(study.categories(), ["1", "2", "3", "4", "5"]);
    assert!((alpha(&study) - 0.743421052631579).abs() < 1e-12);
    // The same table as TSV, with NA for missing.
    let tsv = KRIPPENDORFF
        .replace(",,", ",NA,")
        .replace(",,", ",NA,")
        .replace(',', "\t");
    let options = CodingReadOptions {
        missing: vec!["NA".into()],
        ..CodingReadOptions::default()
    };
    let read = parse(&tsv, "k.tsv", &options).unwrap();
    assert_eq!(read.codings, study.codings);
    // Missing as a category, only when asked: α then falls (the "(none)" of the spans' route).
    let options = CodingReadOptions {
        missing_as: Some("(none)".into()),
        ..CodingReadOptions::default()
    };
    let as_category = parse(KRIPPENDORFF, "k.csv", &options).unwrap();
    assert!(alpha(&as_category) < 0.6);
}

#[test]
fn a_long_table_in_any_column_order_with_sets() {
    let text = "label,item,coder\nb; a,i1,x\na;b,i1,y\nc,i2,x\n,i2,y\nc,i3,y\n";
    let study = parse(text, "long.csv", &CodingReadOptions::default()).unwrap();
    assert_eq!(study.coders, ["x", "y"]);
    assert_eq!(study.items, ["i1", "i2", "i3"]);
    assert_eq!(study.label(0, 0), Some("a;b"));
    assert_eq!(study.label(1, 1), None);
    assert!(study.has_sets());
    let conflict = "item,coder,label\n1,x,a\n1,x,b\n";
    let error = parse(conflict, "c.csv", &CodingReadOptions::default()).unwrap_err();
    assert_eq!(error.line, Some(3));
    assert!(error.message.contains("twice"), "{error}");
}

#[test]
fn a_contingency_table_of_two_coders() {
    // The survey's Table 1, coder A in rows.
    let text = "A\\B,Stat,IReq\nStat,20,10\nIReq,20,50\n";
    let study = parse(text, "t1.csv", &CodingReadOptions::default()).unwrap();
    assert_eq!(study.coders, ["A", "B"]);
    assert_eq!(study.n_items(), 100);
    let kappa = CoefficientChoice::parse("kappa", None).unwrap();
    let value = kappa.evaluate(&study).unwrap();
    assert!((value.observed - 0.7).abs() < 1e-12 && (value.expected - 0.54).abs() < 1e-12);
    let bad = "A\\B,x,y\nx,1,two\n";
    // Not detected as a contingency table (a cell is no count); read as one when told.
    let wide = parse(bad, "bad.csv", &CodingReadOptions::default()).unwrap();
    assert_eq!(wide.coders, ["x", "y"]);
    let told = CodingReadOptions {
        shape: Some(TableShape::Contingency),
        ..CodingReadOptions::default()
    };
    let error = parse(bad, "bad.csv", &told).unwrap_err();
    assert_eq!(error.line, Some(2));
}

#[test]
fn errors_name_the_line() {
    let twice = "item,a,b\n1,x,y\n1,x,x\n";
    let error = parse(twice, "t.csv", &CodingReadOptions::default()).unwrap_err();
    assert_eq!(error.line, Some(3));
    assert!(error.message.contains("line 2"), "{error}");
    let wide = "item,a,a\n1,x,y\n";
    assert!(parse(wide, "t.csv", &CodingReadOptions::default()).is_err());
    let long_row = "item,a\n1,x,y\n";
    assert_eq!(
        parse(long_row, "t.csv", &CodingReadOptions::default())
            .unwrap_err()
            .line,
        Some(2)
    );
    assert!(parse("", "e.csv", &CodingReadOptions::default()).is_err());
    assert!(
        parse_table(
            b"\xff\xfe",
            Path::new("b.csv"),
            &CodingReadOptions::default()
        )
        .is_err()
    );
}

#[test]
fn shapes_are_detected_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("ratings.csv");
    std::fs::write(&table, KRIPPENDORFF).unwrap();
    assert!(looks_like_table(&table));
    let spans = dir.path().join("spans.csv");
    std::fs::write(
        &spans,
        "annotator,category,start,end\nA,x,0,1\nB,x,0,1\nA,y,1,2\nB,x,1,2\n",
    )
    .unwrap();
    assert!(!looks_like_table(&spans));
    let (study, _) = read_coding_study(&[spans], &CodingReadOptions::default()).unwrap();
    assert_eq!(study.n_items(), 2);
    assert_eq!(study.label(1, 0), Some("y"));
    for shape in SHAPES {
        assert_eq!(shape.name.parse::<TableShape>(), Ok(shape.shape));
    }
    assert!("square".parse::<TableShape>().is_err());
}

#[test]
fn the_gold_table_and_report_are_written_safely() {
    let text = "item,a,b\n1,x,x\n2,=cmd(),=cmd()\n3,x,y\n4,-1,-1\n5,-x,-x\n";
    let study = parse(text, "g.csv", &CodingReadOptions::default()).unwrap();
    let mut adjudication = CodingAdjudication::new(study, Some("ada".into()));
    assert_eq!(adjudication.apply_rule(BulkRule::Unanimous), 4);
    let dir = tempfile::tempdir().unwrap();
    let gold = dir.path().join("gold.csv");
    write::write_gold_table(&adjudication, &gold).unwrap();
    assert_eq!(
        std::fs::read_to_string(&gold).unwrap(),
        "item,gold\n1,x\n2,'=cmd()\n3,\n4,-1\n5,'-x\n"
    );
    // Read back (here beside the same table), every label is the original one.
    let both = "item,gold,a\n1,x,x\n2,'=cmd(),=cmd()\n3,,y\n4,-1,-1\n5,'-x,-x\n";
    let back = parse(both, "gold.csv", &CodingReadOptions::default()).unwrap();
    let labels: Vec<Option<&str>> = (0..5).map(|i| back.label(i, 0)).collect();
    assert_eq!(
        labels,
        [Some("x"), Some("=cmd()"), None, Some("-1"), Some("-x")]
    );
    let report = dir.path().join("decisions.tsv");
    write::write_decision_report(&adjudication, &report).unwrap();
    let written = std::fs::read_to_string(&report).unwrap();
    assert!(
        written
            .starts_with("item\tgold\tdecided_by\tadjudicator\ttime\ta\tb\n1\tx\tunanimous\tada\t")
    );
    let session = dir.path().join("session.json");
    write::write_session(&adjudication, &session).unwrap();
    let read = write::read_session(&session).unwrap();
    assert_eq!(read, adjudication.session());
}

#[test]
fn a_folder_of_tables_is_told_from_a_corpus_folder() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables");
    std::fs::create_dir(&tables).unwrap();
    std::fs::write(tables.join("b.csv"), KRIPPENDORFF).unwrap();
    std::fs::write(tables.join("a.tsv"), "item\tx\ty\n1\tp\tq\n").unwrap();
    std::fs::write(tables.join(".hidden.csv"), "annotator,category,start,end\n").unwrap();
    std::fs::write(tables.join("README.md"), "notes").unwrap();
    std::fs::create_dir(tables.join("gold")).unwrap();
    assert_eq!(
        tables_in(&tables),
        Some(vec![tables.join("a.tsv"), tables.join("b.csv")])
    );
    // A span CSV among them: a corpus folder (one file per document), not tables.
    std::fs::write(
        tables.join("doc.csv"),
        "annotator,category,start,end\nA,x,0,1\n",
    )
    .unwrap();
    assert_eq!(tables_in(&tables), None);
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    assert_eq!(tables_in(&empty), None);
    assert_eq!(tables_in(&dir.path().join("missing")), None);
}

#[test]
fn a_session_is_autosaved_by_the_tables_content() {
    let study = parse(KRIPPENDORFF, "k.csv", &CodingReadOptions::default()).unwrap();
    let data = tempfile::tempdir().unwrap();
    let path = write::autosave_path(data.path(), &study);
    assert_eq!(
        path,
        (data.path().join("coding-sessions")).join(format!("k.{}.json", study.fingerprint()))
    );
    assert_eq!(write::find_autosave(data.path(), &study), None);
    let adjudication = CodingAdjudication::new(study.clone(), None);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    write::write_session(&adjudication, &path).unwrap();
    // The same table renamed finds it; another table does not.
    let renamed = parse(KRIPPENDORFF, "renamed.csv", &CodingReadOptions::default()).unwrap();
    assert_eq!(write::find_autosave(data.path(), &renamed), Some(path));
    let other = parse("item,a,b\n1,x,y\n", "k.csv", &CodingReadOptions::default()).unwrap();
    assert_eq!(write::find_autosave(data.path(), &other), None);
}
