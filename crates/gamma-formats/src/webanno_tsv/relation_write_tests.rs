//! Relations written as TSV 3 relation layers ([`super::relation_columns`]) and read back; the
//! TSV 3 gold keeps the decided relations.

use super::*;
use crate::format::ReadOptions;
use crate::gold_export::write_whole_gold;
use crate::read_documents;
use gamma_core::gold::{Adjudication, RelationChoice};
use gamma_core::relation::{Endpoint, Relation};

/// "bought" (1-2) to Sony (on Sony's row, no ids), to Columbia Pictures (`[1]`, two tokens),
/// and to the two stacked spans of 1989 (`[2]`, `[3]`), one of them without a value; as
/// INCEpTION writes it.
const TSV: &str = "#FORMAT=WebAnno TSV 3.3\n\
    #T_SP=webanno.custom.Span|value\n\
    #T_RL=webanno.custom.Relation|value|BT_webanno.custom.Span\n\n\n\
    #Text=Sony bought Columbia Pictures in 1989 .\n\
    1-1\t0-4\tSony\tORG\tAgent\t1-2\t\n\
    1-2\t5-11\tbought\tEVT\t_\t_\t\n\
    1-3\t12-20\tColumbia\tORG[1]\tTheme\t1-2[0_1]\t\n\
    1-4\t21-29\tPictures\tORG[1]\t_\t_\t\n\
    1-5\t30-32\tin\t_\t_\t_\t\n\
    1-6\t33-37\t1989\tDATE[2]|TIME[3]\tTime|*\t1-2[0_2]|1-2[0_3]\t\n\
    1-7\t38-39\t.\t_\t_\t_\t\n";

fn read_tsv(tsv: &str) -> (Tsv3File, Vec<Unit>, Vec<Relation>) {
    let path = Path::new("a.tsv");
    let file = parse(tsv.as_bytes(), path).unwrap();
    let (units, _) = file.units(&LayerChoice::default(), path).unwrap();
    let (relations, warning) = file.relations(0, path);
    assert_eq!(warning, None);
    (file, units, relations)
}

/// Each relation as (label, source span, target span).
fn described(units: &[Unit], relations: &[Relation]) -> Vec<(String, String, String)> {
    let span = |e: &Endpoint| {
        let Endpoint::Unit(id) = e else { panic!() };
        let u = (units.iter())
            .find(|u| u.source_id.as_deref() == Some(id))
            .unwrap();
        format!("{} [{}, {})", u.category, u.start, u.end)
    };
    (relations.iter())
        .map(|r| (r.label.clone(), span(&r.source), span(&r.target)))
        .collect()
}

#[test]
fn relations_are_written_as_inception_writes_them() {
    let (file, units, relations) = read_tsv(TSV);
    let layer = RelationLayer {
        name: "webanno.custom.Relation".into(),
        feature: Some("value".into()),
    };
    let (written, left_out) = to_tsv3_with_relations(
        &file.text,
        &units,
        &relations,
        "webanno.custom.Span",
        "value",
        &[layer],
    )
    .unwrap();
    assert_eq!(left_out, 0);
    // The same file, the spans' ids numbered by the writer (unit n + 1).
    let expected = TSV
        .replace("ORG[1]", "ORG[3]")
        .replace("1-2[0_1]", "1-2[0_3]")
        .replace("DATE[2]|TIME[3]", "DATE[4]|TIME[5]")
        .replace("1-2[0_2]|1-2[0_3]", "1-2[0_4]|1-2[0_5]");
    assert_eq!(written, expected);
    let (_, again, back) = read_tsv(&written);
    assert_eq!(described(&again, &back), described(&units, &relations));
    assert_eq!(
        described(&units, &relations)[1],
        ("Theme".into(), "EVT [5, 11)".into(), "ORG [12, 29)".into())
    );
}

/// Two relation layers, one without a feature: each relation goes to the layer its label names
/// (`Short:value`, as the reader labels them when several layers link the spans), on the row
/// of its target, and reads back with its label; a relation from a span with an id to one
/// without names both (`[3_0]`).
#[test]
fn several_relation_layers_and_a_layer_without_feature() {
    let (file, units, _) = read_tsv(TSV);
    let relation = |label: &str, source: &str, target: &str| Relation {
        id: String::new(),
        label: label.into(),
        source: Endpoint::Unit(source.into()),
        target: Endpoint::Unit(target.into()),
        directed: true,
    };
    let relations = [
        relation("Dep:nsubj", "1-2", "1-1"),
        relation("Link:Link", "1", "1-2"),
        relation("Dep:obj", "1-2", "1"),
    ];
    let layers = [
        RelationLayer {
            name: "webanno.custom.Dep".into(),
            feature: Some("label".into()),
        },
        RelationLayer {
            name: "webanno.custom.Link".into(),
            feature: None,
        },
    ];
    let (written, _) = to_tsv3_with_relations(
        &file.text,
        &units,
        &relations,
        "webanno.custom.Span",
        "value",
        &layers,
    )
    .unwrap();
    let rows: Vec<&str> = written.lines().filter(|l| l.starts_with("1-")).collect();
    assert_eq!(
        rows[..3],
        [
            "1-1\t0-4\tSony\tORG\tnsubj\t1-2\t_\t",
            "1-2\t5-11\tbought\tEVT\t_\t_\t1-3[3_0]\t",
            "1-3\t12-20\tColumbia\tORG[3]\tobj\t1-2[0_3]\t_\t",
        ]
    );
    assert!(written.contains(
        "#T_RL=webanno.custom.Dep|label|BT_webanno.custom.Span\n\
         #T_RL=webanno.custom.Link|BT_webanno.custom.Span\n"
    ));
    let (_, again, back) = read_tsv(&written);
    let labels: Vec<String> = described(&again, &back).into_iter().map(|r| r.0).collect();
    assert_eq!(labels, ["Dep:nsubj", "Link:Link", "Dep:obj"]);
}

/// A relation whose endpoint is not a unit written is counted, not written.
#[test]
fn a_relation_to_no_unit_is_left_out() {
    let (file, units, mut relations) = read_tsv(TSV);
    relations[0].target = Endpoint::Unit("9-9".into());
    let (written, left_out) = to_tsv3_with_relations(
        &file.text,
        &units,
        &relations,
        "webanno.custom.Span",
        "value",
        &[],
    )
    .unwrap();
    assert_eq!(left_out, 1);
    let (_, again, back) = read_tsv(&written);
    assert_eq!(back.len(), 3);
    assert_eq!(described(&again, &back)[0].0, "Theme");
}

/// Two annotators' TSV 3 files, the second without the Time relation: the unanimous rule keeps
/// the shared ones, one is relabelled, the Time relation is picked; the gold `.tsv` holds them
/// in the documents' relation layer.
#[test]
fn the_tsv3_gold_keeps_the_decided_relations() {
    let dir = tempfile::tempdir().unwrap();
    let bob = TSV.replace("Time|*\t1-2[0_2]|1-2[0_3]", "*\t1-2[0_3]");
    let mut paths = Vec::new();
    for (name, content) in [("ann", TSV), ("bob", bob.as_str())] {
        let path = dir.path().join(format!("{name}.tsv"));
        std::fs::write(&path, content).unwrap();
        paths.push(path);
    }
    let options = ReadOptions::default();
    let (mut documents, _) = read_documents(&paths, &options).unwrap();
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
    let labels = |a: &Adjudication, i: usize| -> Vec<String> {
        (a.relation_members(i).into_iter())
            .map(|(_, _, l)| l.to_string())
            .collect()
    };
    let find = |a: &Adjudication, label: &str| {
        (0..a.relation_proposals().len())
            .find(|&i| labels(a, i).contains(&label.to_string()))
            .unwrap()
    };
    let theme = find(&adjudication, "Theme");
    adjudication
        .decide_relation(
            theme,
            RelationChoice::Relabel {
                label: "Patient".into(),
            },
        )
        .unwrap();
    let time = find(&adjudication, "Time");
    assert_eq!(labels(&adjudication, time), ["Time"], "ann's alone");
    adjudication
        .decide_relation(time, RelationChoice::Pick { annotator: 0 })
        .unwrap();
    let out = dir.path().join("gold.tsv");
    let (_, notes) = write_whole_gold(
        &adjudication,
        &out,
        Some(&document.source),
        &options,
        false,
        1,
    )
    .unwrap();
    assert_eq!(notes, Vec::<String>::new());
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("#T_RL=webanno.custom.Relation|value|BT_webanno.custom.Span\n"));
    let (_, gold_units, gold_relations) = read_tsv(&written);
    let mut relations = described(&gold_units, &gold_relations);
    relations.sort();
    assert_eq!(
        relations,
        [
            ("*".into(), "EVT [5, 11)".into(), "TIME [33, 37)".into()),
            ("Agent".into(), "EVT [5, 11)".into(), "ORG [0, 4)".into()),
            (
                "Patient".into(),
                "EVT [5, 11)".into(),
                "ORG [12, 29)".into()
            ),
            ("Time".into(), "EVT [5, 11)".into(), "DATE [33, 37)".into()),
        ]
    );
}
