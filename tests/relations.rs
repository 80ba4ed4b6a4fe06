//! Agreement on relations through the best alignment, on the STAC discourse pair of ../shared
//! (document 12, hjoseph against SILVER; CC BY-NC-SA, read in place, skipped with a notice when
//! absent). The counts were checked by hand against the two files (listed below).

mod common;

use common::cli::{gamma_studio, json_of};
use gamma_core::gamma::{DocumentAlignment, GammaOptions};
use gamma_core::relation::Endpoint;
use gamma_core::relations::relation_agreement;
use gamma_formats::{ReadOptions, read_documents};
use std::path::PathBuf;

fn discourse_12() -> Option<[PathBuf; 2]> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpora/glozz/stac-s1-league2-game1/discourse");
    if !folder.is_dir() {
        println!("notice: ../shared/corpora/glozz is absent; the STAC relation tests are skipped");
        return None;
    }
    Some([
        folder.join("hjoseph/s1-league2-game1_12.aa"),
        folder.join("SILVER/s1-league2-game1_12.aa"),
    ])
}

/// By hand, over the two files: 19 relations each. Same label (12): Comment "yes!"→":D";
/// Question-answer_pair "anyone has ore?…"→"only for wood" (hjoseph's one segment "anyone has
/// ore? for sheep? or clay?" is aligned with SILVER's "anyone has ore?"); Acknowledgement "only
/// for wood"→"okay.."; from "how about clay for sheep:" Q-Elab →"skinnylinny?", QAP →"and
/// sorry…", Comment →"yiin GO AWAY!", QAP →"No thanks"; Comment "yiin…"→"haha nice"; QAP
/// "skinnylinny?"→"No thanks"; QAP "so I need wood..."→"Sorry, not got any" and →"nope…";
/// Parallel "Sorry…"→"nope…". Other label (3): "nope…"→"oh well" and "Sorry…"→"oh well"
/// (Comment vs Acknowledgement), "Anyone need any clay?"→"so I need wood..." (Comment vs
/// Q-Elab). Only hjoseph (4): Comment ":D"→"anyone has ore?…", Continuation "okay.."→"how
/// about…" (SILVER's starts at the complex unit "for sheep? or clay?"), Continuation "haha
/// nice"→"and sorry…", Comment "and sorry…"→"skinnylinny?". Only SILVER (4): Comment
/// "yes!"→"anyone has ore?", that Continuation, Alternation "for sheep?"→"or clay?",
/// Elaboration "anyone has ore?"→the complex unit.
#[test]
fn stac_document_12_relations_counted_by_hand() {
    let Some(files) = discourse_12() else { return };
    let (documents, _) = read_documents(&files, &ReadOptions::default()).unwrap();
    let continuum = &documents[0].continuum;
    assert_eq!(continuum.annotators[0].relations.len(), 19);
    assert_eq!(continuum.annotators[1].relations.len(), 19);
    let cdu = continuum.annotators[1]
        .relations
        .iter()
        .find(|r| r.label == "Elaboration")
        .unwrap();
    assert!(
        matches!(&cdu.target, Endpoint::Group { members, .. } if members.len() == 2),
        "{cdu:?}"
    );
    let aligned = DocumentAlignment::of(continuum, &GammaOptions::default()).unwrap();
    let agreement = relation_agreement(continuum, &aligned.problem, &aligned.alignment);
    let p = &agreement.pairs[0];
    assert_eq!(p.annotators, ["hjoseph".to_string(), "SILVER".to_string()]);
    assert_eq!(
        (p.same_label, p.other_label, p.only_first, p.only_second),
        (12, 3, 4, 4)
    );
    assert_eq!(p.f1_unlabelled, 30.0 / 38.0);
    assert_eq!(p.f1_labelled, 24.0 / 38.0);
    assert!(agreement.unplaced.is_empty());
    let qap = agreement
        .labels
        .iter()
        .find(|l| l.label == "Question-answer_pair")
        .unwrap();
    assert_eq!((qap.relations, qap.same_label), ([6, 6], 6));
}

/// `gamma --relations --json`: the pair's counts add up to each side's number of relations.
#[test]
fn gamma_reports_relations_in_json() {
    let Some(files) = discourse_12() else { return };
    let out = json_of(&gamma_studio(&[
        "gamma",
        files[0].to_str().unwrap(),
        files[1].to_str().unwrap(),
        "--relations",
        "--json",
    ]));
    let pair = &out["relations"]["pairs"][0];
    assert_eq!(pair["annotators"], serde_json::json!(["hjoseph", "SILVER"]));
    assert_eq!(pair["relations"], serde_json::json!([19, 19]));
    let count = |key: &str| pair[key].as_u64().unwrap();
    assert_eq!(
        count("same_label") + count("other_label") + count("only_first"),
        19
    );
    assert_eq!(
        count("same_label") + count("other_label") + count("only_second"),
        19
    );
    assert_eq!(pair["f1_labelled"], 24.0 / 38.0);
}

/// The pair's relation counts of `gamma --relations --json` on these files.
fn relation_counts(files: &[&str]) -> serde_json::Value {
    let mut args = vec!["gamma", "--relations", "--json"];
    args.extend(files);
    let out = json_of(&gamma_studio(&args));
    let pair = &out["relations"]["pairs"][0];
    serde_json::json!([
        pair["relations"],
        pair["same_label"],
        pair["other_label"],
        pair["only_first"],
        pair["only_second"]
    ])
}

/// Converted to Glozz (the text, one `.aa` per annotator), document 12 keeps its 19 + 19
/// relations and SILVER's complex discourse unit (a schema): the agreement is the same.
#[test]
fn stac_document_12_converted_to_glozz_keeps_its_relations_and_its_complex_unit() {
    let Some(files) = discourse_12() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let converted = gamma_studio(&[
        "convert",
        files[0].to_str().unwrap(),
        files[1].to_str().unwrap(),
        "--to",
        "glozz",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&converted.stderr);
    assert!(converted.status.success(), "{stderr}");
    assert!(!stderr.contains("left out"), "nothing said lost: {stderr}");
    let written = ["hjoseph", "SILVER"].map(|a| out.join(a).join("s1-league2-game1_12.aa"));
    let original = relation_counts(&files.each_ref().map(|f| f.to_str().unwrap()));
    assert_eq!(original, serde_json::json!([[19, 19], 12, 3, 4, 4]));
    assert_eq!(
        relation_counts(&written.each_ref().map(|f| f.to_str().unwrap())),
        original
    );
    let (documents, _) = read_documents(&written, &ReadOptions::default()).unwrap();
    let elaboration = (documents[0].continuum.annotators[1].relations.iter())
        .find(|r| r.label == "Elaboration")
        .unwrap();
    assert!(
        matches!(&elaboration.target, Endpoint::Group { kind, members, .. }
            if kind == "Complex_discourse_unit" && members.len() == 2),
        "{elaboration:?}"
    );
}

/// The bundled discourse demo through brat and back to Glozz: its relations, counted by hand
/// in resources/demo/README.md (7 and 6; 3 with the same label, 2 with another, 2 only ana's,
/// 1 only ben's), come back the same.
#[test]
fn the_discourse_demo_keeps_its_relations_through_brat_and_back_to_glozz() {
    let demo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("resources/demo/discourse");
    let files = ["ana", "ben"].map(|a| demo.join(a).join("dialogue.aa"));
    let segments = ["--include-type", "Segment"];
    let dir = tempfile::tempdir().unwrap();
    let mut first = files.each_ref().map(|f| f.to_str().unwrap()).to_vec();
    first.extend(segments);
    let expected = serde_json::json!([[7, 6], 3, 2, 2, 1]);
    assert_eq!(relation_counts(&first), expected);
    let (brat, glozz) = (dir.path().join("brat"), dir.path().join("glozz"));
    let convert = |inputs: &[&str], to: &str, out: &std::path::Path| {
        let mut args = vec!["convert"];
        args.extend(inputs);
        args.extend(["--to", to, "--out", out.to_str().unwrap()]);
        let run = gamma_studio(&args);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        // The turns not measured are left out, and said; no relation is.
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            !(stderr.lines()).any(|l| l.contains("left out") && l.contains("relation")),
            "{stderr}"
        );
    };
    convert(&first, "brat", &brat);
    let brat_files = ["ana", "ben"].map(|a| brat.join(a).join("dialogue.ann"));
    let brat_files: Vec<&str> = brat_files.iter().map(|f| f.to_str().unwrap()).collect();
    assert_eq!(relation_counts(&brat_files), expected);
    convert(&brat_files, "glozz", &glozz);
    let back = ["ana", "ben"].map(|a| glozz.join(a).join("dialogue.aa"));
    assert_eq!(
        relation_counts(&back.each_ref().map(|f| f.to_str().unwrap())),
        expected
    );
}

/// brat's units shared by the three annotators of the constructed cases below.
const BRAT_TEXT: &str = "Sony bought Columbia Pictures in 1989. It paid them.";
const BRAT_UNITS: &str = "T1\tOrganization 0 4\tSony\nT2\tOrganization 12 29\tColumbia Pictures\n\
                          T4\tTransfer 5 11\tbought\nT5\tOrganization 39 41\tIt\n\
                          T6\tOrganization 47 51\tthem\n";

/// `a/doc.ann`, `b/doc.ann`, `c/doc.ann` (each with its `doc.txt`): a has five relations (R1
/// Owns, R2 Pays, the equivalence Sony–It, the event's Buyer and Thing); b is a copy without
/// R2; c is a copy with R1 relabelled Buys.
fn brat_trio(folder: &std::path::Path) -> Vec<String> {
    let a = "R1\tOwns Arg1:T1 Arg2:T2\nR2\tPays Arg1:T5 Arg2:T6\n*\tCoref T5 T1\n\
             E1\tTransfer:T4 Buyer:T1 Thing:T2\n";
    let b = a.replace("R2\tPays Arg1:T5 Arg2:T6\n", "");
    let c = a.replace("Owns", "Buys");
    let mut files = Vec::new();
    for (name, links) in [("a", a.to_string()), ("b", b), ("c", c)] {
        let dir = folder.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("doc.txt"), BRAT_TEXT).unwrap();
        std::fs::write(dir.join("doc.ann"), format!("{BRAT_UNITS}{links}")).unwrap();
        files.push(dir.join("doc.ann").to_str().unwrap().to_string());
    }
    files
}

/// By hand (the units are the same, each aligned with its copies): a–b match 4 relations with
/// the same label, a's R2 alone, F1 8/9; a–c match all 5, R1 with another label: unlabelled F1
/// 1, labelled 8/10, κ of the labels (0.8 − 0.16)/(1 − 0.16) (five labels each once a side);
/// b–c match 4 (R1 with another label), c's R2 alone: unlabelled 8/9, labelled 6/9. Overall
/// 14 and 14 relations, 11 with the same label and 2 with another: F1 26/28 and 22/28.
#[test]
fn brat_relations_of_a_copy_less_one_and_one_relabelled_counted_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let files = brat_trio(dir.path());
    let mut args = vec!["gamma"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--relations", "--json"]);
    let out = json_of(&gamma_studio(&args));
    let relations = &out["relations"];
    let pairs = relations["pairs"].as_array().unwrap();
    let counts = |p: &serde_json::Value| {
        let n = |key: &str| p[key].as_u64().unwrap();
        (
            p["annotators"].clone(),
            p["relations"].clone(),
            [
                n("same_label"),
                n("other_label"),
                n("only_first"),
                n("only_second"),
            ],
        )
    };
    use serde_json::json;
    assert_eq!(
        pairs.iter().map(counts).collect::<Vec<_>>(),
        [
            (json!(["a", "b"]), json!([5, 4]), [4, 0, 1, 0]),
            (json!(["a", "c"]), json!([5, 5]), [4, 1, 0, 0]),
            (json!(["b", "c"]), json!([4, 5]), [3, 1, 0, 1]),
        ]
    );
    let f1 = |p: &serde_json::Value, key: &str| p[key].as_f64().unwrap();
    assert_eq!(f1(&pairs[0], "f1_unlabelled"), 8.0 / 9.0);
    assert_eq!(f1(&pairs[0], "f1_labelled"), 8.0 / 9.0);
    assert_eq!(f1(&pairs[1], "f1_unlabelled"), 1.0);
    assert_eq!(f1(&pairs[1], "f1_labelled"), 0.8);
    assert!((f1(&pairs[1], "label_kappa") - 0.64 / 0.84).abs() < 1e-12);
    assert_eq!(f1(&pairs[2], "f1_unlabelled"), 8.0 / 9.0);
    assert_eq!(f1(&pairs[2], "f1_labelled"), 6.0 / 9.0);
    let overall = &relations["overall"];
    assert_eq!(overall["relations"], json!([14, 14]));
    assert_eq!(f1(overall, "f1_unlabelled"), 26.0 / 28.0);
    assert_eq!(f1(overall, "f1_labelled"), 22.0 / 28.0);
    let owns = relations["labels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["label"] == "Owns")
        .unwrap();
    assert_eq!(
        (owns["relations"].clone(), owns["f1"].clone()),
        (json!([3, 1]), json!(0.5))
    );
    assert_eq!(relations["unplaced"], json!([]));
}

/// INCEpTION's own `example2.tsv`: dependency relations over the POS layer, written on the
/// dependent's row with the governor's token in the base column. Sentence 1 by hand: "plays"
/// (1-3) governs Ms. (SUBJ), Haag (SBJ), itself (ROOT, stacked after P from the full stop) and
/// Elianti (OBJ); the full stop governs nothing and has no head. Every other row's base cell
/// counts its stacked entries.
#[test]
fn inception_dependencies_are_relations_between_pos_spans() {
    let path = common::fixture("webanno-tsv/example2.tsv");
    let file = gamma_formats::webanno_tsv::read(&path).unwrap();
    let (relations, warning) = file.relations(0, &path);
    assert_eq!(warning, None);
    let unit = |e: &Endpoint| match e {
        Endpoint::Unit(id) => id.clone(),
        Endpoint::Group { id, .. } => id.clone(),
    };
    let first: Vec<(String, String, String, String)> = relations[..5]
        .iter()
        .map(|r| {
            (
                r.id.clone(),
                r.label.clone(),
                unit(&r.source),
                unit(&r.target),
            )
        })
        .collect();
    let expected = [
        ("1-1/1", "SUBJ", "1-3", "1-1"),
        ("1-2/1", "SBJ", "1-3", "1-2"),
        ("1-3/1", "P", "1-5", "1-3"),
        ("1-3/2", "ROOT", "1-3", "1-3"),
        ("1-4/1", "OBJ", "1-3", "1-4"),
    ];
    assert_eq!(
        first,
        expected.map(|(a, b, c, d)| (a.into(), b.into(), c.into(), d.into()))
    );
    let stacked: usize = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split('\t').nth(6).unwrap())
        .filter(|cell| *cell != "_")
        .map(|cell| cell.split('|').count())
        .sum();
    assert_eq!(relations.len(), stacked);
    // The named entities have no relation layer over them.
    assert_eq!(file.relations(1, &path), (Vec::new(), None));
}

/// A TSV 3 file with a relation layer: "bought" to Sony (Agent), to Columbia Pictures
/// (`[1]`, Theme), to the stacked 1989 spans DATE `[2]` (Time) and TIME `[3]` (no value).
const TSV3_RELATIONS: &str = "#FORMAT=WebAnno TSV 3.3\n\
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

/// b relabels Theme as Patient and drops Time. By hand: 4 and 3 relations; Agent and the
/// unvalued one match with the same label (2), Theme/Patient with another (1), Time is a's
/// alone: F1 unlabelled 2·3/7, labelled 2·2/7.
#[test]
fn tsv3_relations_of_a_relabelled_copy_less_one_counted_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let b = TSV3_RELATIONS
        .replace("Theme", "Patient")
        .replace("Time|*\t1-2[0_2]|1-2[0_3]", "*\t1-2[0_3]");
    std::fs::write(dir.path().join("a.tsv"), TSV3_RELATIONS).unwrap();
    std::fs::write(dir.path().join("b.tsv"), b).unwrap();
    let out = json_of(&gamma_studio(&[
        "gamma",
        dir.path().join("a.tsv").to_str().unwrap(),
        dir.path().join("b.tsv").to_str().unwrap(),
        "--relations",
        "--json",
    ]));
    let pair = &out["relations"]["pairs"][0];
    assert_eq!(pair["annotators"], serde_json::json!(["a", "b"]));
    assert_eq!(pair["relations"], serde_json::json!([4, 3]));
    let n = |key: &str| pair[key].as_u64().unwrap();
    assert_eq!(
        [
            n("same_label"),
            n("other_label"),
            n("only_first"),
            n("only_second")
        ],
        [2, 1, 1, 0]
    );
    assert_eq!(pair["f1_unlabelled"], 6.0 / 7.0);
    assert_eq!(pair["f1_labelled"], 4.0 / 7.0);
    assert_eq!(out["relations"]["unplaced"], serde_json::json!([]));
}

/// `evaluate --relations`: the reference `gold` has R1 Owns, R2 Pays, the equivalence Sony–It
/// and the event's Buyer and Thing (5); the system `sys` misses R2 and relabels R1 Buys (4).
/// By hand: same label 3, other label 1, missed 1, spurious 0; labelled P 3/4, R 3/5, F1
/// 2·3/9; unlabelled (and attachment) P 4/4, R 4/5, F1 2·4/9.
#[test]
fn evaluate_scores_a_systems_relations_against_the_reference() {
    let dir = tempfile::tempdir().unwrap();
    let gold = "R1\tOwns Arg1:T1 Arg2:T2\nR2\tPays Arg1:T5 Arg2:T6\n*\tCoref T5 T1\n\
                E1\tTransfer:T4 Buyer:T1 Thing:T2\n";
    let system = gold
        .replace("R2\tPays Arg1:T5 Arg2:T6\n", "")
        .replace("Owns", "Buys");
    let mut files = Vec::new();
    for (name, links) in [("gold", gold.to_string()), ("sys", system)] {
        let folder = dir.path().join(name);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("doc.txt"), BRAT_TEXT).unwrap();
        std::fs::write(folder.join("doc.ann"), format!("{BRAT_UNITS}{links}")).unwrap();
        files.push(folder.join("doc.ann").to_str().unwrap().to_string());
    }
    let evaluate = |extra: &[&str]| {
        let mut args = vec!["evaluate", &files[0], &files[1], "--reference", "gold"];
        args.extend(extra);
        gamma_studio(&args)
    };
    let out = json_of(&evaluate(&["--relations", "--json"]));
    let r = &out["systems"][0]["relations"];
    let n = |key: &str| r[key].as_u64().unwrap();
    assert_eq!(
        [
            "reference",
            "system",
            "same_label",
            "other_label",
            "missed",
            "spurious",
            "attached",
            "unplaced"
        ]
        .map(n),
        [5, 4, 3, 1, 1, 0, 4, 0]
    );
    let score = |reading: &str, key: &str| r[reading][key].as_f64().unwrap();
    assert_eq!(score("labelled", "precision"), 0.75);
    assert_eq!(score("labelled", "recall"), 0.6);
    assert!((score("labelled", "f1") - 6.0 / 9.0).abs() < 1e-15);
    for reading in ["unlabelled", "attachment"] {
        assert_eq!(score(reading, "precision"), 1.0);
        assert_eq!(score(reading, "recall"), 0.8);
        assert!((score(reading, "f1") - 8.0 / 9.0).abs() < 1e-15);
    }
    // Without the flag the JSON has no relations; the summary shows them with it.
    assert!(json_of(&evaluate(&["--json"]))["systems"][0]["relations"].is_null());
    let text = String::from_utf8(evaluate(&["--relations"]).stdout).unwrap();
    assert!(
        text.contains(
            "  relations (matched through γ's best alignment): reference 5, system 4; same label \
             3, other label 1, missed 1, spurious 0\n             precision  recall      F1\n  \
             labelled      0.7500  0.6000  0.6667\n  unlabelled    1.0000  0.8000  0.8889\n  \
             attachment    1.0000  0.8000  0.8889\n"
        ),
        "{text}"
    );
}

/// Each relation of a document's first annotator as (label, source span, target span).
fn relations_by_span(document: &gamma_formats::Document) -> Vec<(String, String, String)> {
    let annotator = &document.continuum.annotators[0];
    let span = |e: &Endpoint| {
        let Endpoint::Unit(id) = e else {
            panic!("{e:?}")
        };
        let unit = (annotator.units.iter())
            .find(|u| u.source_id.as_deref() == Some(id))
            .unwrap_or_else(|| panic!("no unit {id}"));
        format!("[{}, {})", unit.start, unit.end)
    };
    let mut out: Vec<(String, String, String)> = (annotator.relations.iter())
        .map(|r| {
            assert!(r.directed);
            (r.label.clone(), span(&r.source), span(&r.target))
        })
        .collect();
    out.sort();
    out
}

/// A type system as INCEpTION exports it beside its XMI, for the relation cases of its TSV 3
/// test suite: the span layers' and relation layers' primitive features (the relations'
/// `Governor` and `Dependent` are references to the span layer).
const INCEPTION_TYPE_SYSTEM: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<typeSystemDescription xmlns="http://uima.apache.org/resourceSpecifier"><types>
<typeDescription><name>webanno.custom.Relation</name><features>
<featureDescription><name>Governor</name><rangeTypeName>uima.tcas.Annotation</rangeTypeName></featureDescription>
<featureDescription><name>Dependent</name><rangeTypeName>uima.tcas.Annotation</rangeTypeName></featureDescription>
<featureDescription><name>value</name><rangeTypeName>uima.cas.String</rangeTypeName></featureDescription>
</features></typeDescription>
<typeDescription><name>webanno.custom.SimpleRelation</name><features>
<featureDescription><name>Governor</name><rangeTypeName>uima.tcas.Annotation</rangeTypeName></featureDescription>
<featureDescription><name>Dependent</name><rangeTypeName>uima.tcas.Annotation</rangeTypeName></featureDescription>
</features></typeDescription>
<typeDescription><name>webanno.custom.ComplexRelation</name><features>
<featureDescription><name>Governor</name><rangeTypeName>uima.tcas.Annotation</rangeTypeName></featureDescription>
<featureDescription><name>Dependent</name><rangeTypeName>uima.tcas.Annotation</rangeTypeName></featureDescription>
<featureDescription><name>boolValue</name><rangeTypeName>uima.cas.Boolean</rangeTypeName></featureDescription>
<featureDescription><name>intValue</name><rangeTypeName>uima.cas.Integer</rangeTypeName></featureDescription>
<featureDescription><name>value</name><rangeTypeName>uima.cas.String</rangeTypeName></featureDescription>
</features></typeDescription>
<typeDescription><name>de.tudarmstadt.ukp.dkpro.core.api.syntax.type.dependency.Dependency</name><features>
<featureDescription><name>Governor</name><rangeTypeName>de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token</rangeTypeName></featureDescription>
<featureDescription><name>Dependent</name><rangeTypeName>de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token</rangeTypeName></featureDescription>
<featureDescription><name>DependencyType</name><rangeTypeName>uima.cas.String</rangeTypeName></featureDescription>
<featureDescription><name>flavor</name><rangeTypeName>uima.cas.String</rangeTypeName></featureDescription>
</features></typeDescription>
</types></typeSystemDescription>"#;

/// INCEpTION's TSV 3 test suite has, for each case, the TSV 3 file and the XMI of the same
/// annotations: their relations are the same, read by both readers (by hand from the files:
/// the relation's spans, its label the feature's value, `*` for none). A dependency links two
/// tokens in XMI and their parts of speech in TSV 3. Two differences, both by design: a layer
/// without features (SimpleRelation) is labelled with its name, which the XMI says only with its
/// type system. With several features (`boolValue|integerValue|value`), both take the string one
/// (`nsubj`).
#[test]
fn inception_xmi_relations_are_those_of_the_same_tsv3() {
    let span = |s: &str| s.to_string();
    let relation =
        |label: &str, source: &str, target: &str| (span(label), span(source), span(target));
    let cases = [
        (
            "testSingleNonMultiTokenRelationWithoutFeatureValue",
            vec![relation("*", "[0, 7)", "[8, 14)")],
        ),
        (
            "testSingleNonTokenRelationWithoutFeature",
            vec![relation("SimpleRelation", "[0, 4)", "[15, 16)")],
        ),
        (
            "testSingleNonMultiTokenRelationWithMultipleFeatureValues",
            vec![relation("nsubj", "[0, 7)", "[8, 14)")],
        ),
        (
            "testStackedNonMultiTokenRelationWithMultipleFeatureValues",
            vec![
                relation("nsubj", "[0, 7)", "[8, 14)"),
                relation("obj", "[0, 7)", "[8, 14)"),
            ],
        ),
        (
            "testSingleStackedNonTokenOverlappingRelationWithoutFeatureValue",
            vec![relation("*", "[0, 16)", "[15, 16)")],
        ),
        (
            "testSubTokenRelation2",
            vec![relation("*", "[0, 1)", "[5, 10)")],
        ),
        (
            "testDependencyWithValues",
            vec![relation("*", "[0, 4)", "[5, 7)")],
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    let typed = dir.path().join("typed");
    std::fs::create_dir_all(&typed).unwrap();
    std::fs::write(typed.join("TypeSystem.xml"), INCEPTION_TYPE_SYSTEM).unwrap();
    let read = |path: &std::path::Path| {
        // The parts of speech have two features: the category is the tag.
        let category_feature =
            (path.to_string_lossy().contains("Dependency")).then(|| "PosValue".to_string());
        let options = ReadOptions {
            layer: gamma_formats::webanno_tsv::LayerChoice {
                layer: None,
                category_feature,
            },
            ..ReadOptions::default()
        };
        let (documents, warnings) =
            read_documents(std::slice::from_ref(&path.to_path_buf()), &options).unwrap();
        assert!(warnings.is_empty(), "{}: {warnings:?}", path.display());
        relations_by_span(&documents[0])
    };
    for (case, expected) in cases {
        let tsv = common::fixture(&format!("webanno-tsv/{case}.tsv"));
        let xmi = common::fixture(&format!("webanno-tsv/{case}.xmi"));
        assert_eq!(read(&tsv), expected, "{case}: TSV 3");
        let with_types = typed.join(format!("{case}.xmi"));
        std::fs::copy(&xmi, &with_types).unwrap();
        assert_eq!(
            read(&with_types),
            expected,
            "{case}: XMI with its type system"
        );
        let untyped = match case {
            "testSingleNonTokenRelationWithoutFeature" => vec![relation("*", "[0, 4)", "[15, 16)")],
            _ => expected,
        };
        assert_eq!(read(&xmi), untyped, "{case}: XMI alone");
    }
}

/// Converts `inputs` (with `extra` options) to `to` in `out` with `gamma-studio convert`, and
/// returns what it said.
fn convert_to(inputs: &[&str], to: &str, out: &std::path::Path) -> String {
    let mut args = vec!["convert"];
    args.extend(inputs);
    args.extend(["--to", to, "--out", out.to_str().unwrap()]);
    let run = gamma_studio(&args);
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(run.status.success(), "{stderr}");
    stderr
}

/// Relations through XMI: the discourse demo (Glozz; 7 and 6 relations, counted by hand in
/// resources/demo/README.md), the brat trio (a copy less one relation, a copy relabelled) and
/// the TSV 3 pair above, each converted to XMI, give the same relation counts read back; and
/// back from XMI to Glozz, the demo's once more. No relation is said lost (the demo's turns,
/// not measured, are); brat's equivalences have no direction in XMI, and the conversion says so.
#[test]
fn relations_come_back_the_same_through_xmi() {
    let dir = tempfile::tempdir().unwrap();
    let demo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("resources/demo/discourse");
    let demo_files = ["ana", "ben"].map(|a| demo.join(a).join("dialogue.aa"));
    let mut glozz: Vec<&str> = demo_files.iter().map(|f| f.to_str().unwrap()).collect();
    glozz.extend(["--include-type", "Segment"]);
    let xmi = dir.path().join("demo-xmi");
    let said = convert_to(&glozz, "xmi", &xmi);
    // The turns not measured are left out, and said; no relation is.
    assert!(
        said.contains("the input's 12 units not measured (\"ana\" 6, \"ben\" 6) are left out")
            && !(said.lines()).any(|l| l.contains("left out") && l.contains("relation")),
        "{said}"
    );
    let written = ["ana", "ben"].map(|a| xmi.join(format!("{a}.xmi")));
    let written: Vec<&str> = written.iter().map(|f| f.to_str().unwrap()).collect();
    let expected = serde_json::json!([[7, 6], 3, 2, 2, 1]);
    assert_eq!(relation_counts(&written), expected);
    let back = dir.path().join("demo-glozz");
    convert_to(&written, "glozz", &back);
    // The document is named after the XMI files' folder.
    let back = ["ana", "ben"].map(|a| back.join(a).join("demo-xmi.aa"));
    assert_eq!(
        relation_counts(&back.each_ref().map(|f| f.to_str().unwrap())),
        expected
    );

    let brat = brat_trio(&dir.path().join("brat"));
    let brat: Vec<&str> = brat.iter().map(String::as_str).collect();
    let xmi = dir.path().join("brat-xmi");
    let said = convert_to(&brat, "xmi", &xmi);
    assert!(!said.contains("left out"), "{said}");
    assert!(
        said.contains("has directed relations only: 3 relations without a direction"),
        "{said}"
    );
    let written = ["a", "b", "c"].map(|a| xmi.join(format!("{a}.xmi")));
    for pair in [[0, 1], [0, 2], [1, 2]] {
        let originals = pair.map(|i| brat[i]);
        let converted = pair.map(|i| written[i].to_str().unwrap());
        assert_eq!(relation_counts(&converted), relation_counts(&originals));
    }

    let tsv = dir.path().join("tsv");
    std::fs::create_dir_all(&tsv).unwrap();
    let b = TSV3_RELATIONS
        .replace("Theme", "Patient")
        .replace("Time|*\t1-2[0_2]|1-2[0_3]", "*\t1-2[0_3]");
    std::fs::write(tsv.join("a.tsv"), TSV3_RELATIONS).unwrap();
    std::fs::write(tsv.join("b.tsv"), b).unwrap();
    let tsv_files = ["a", "b"].map(|a| tsv.join(format!("{a}.tsv")));
    let tsv_files = tsv_files.each_ref().map(|f| f.to_str().unwrap());
    let xmi = dir.path().join("tsv-xmi");
    convert_to(&tsv_files, "xmi", &xmi);
    let written = ["a", "b"].map(|a| xmi.join(format!("{a}.xmi")));
    let counts = relation_counts(&written.each_ref().map(|f| f.to_str().unwrap()));
    assert_eq!(counts, serde_json::json!([[4, 3], 2, 1, 1, 0]));
    assert_eq!(counts, relation_counts(&tsv_files));
}

/// An XMI file read in one span layer: a relation layer over another span layer is not read,
/// and a conversion counts its relations with the annotations left out (INCEpTION's relation
/// between two named entities, with a custom span added and read).
#[test]
fn xmi_relations_over_another_layer_are_counted_when_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let xmi = std::fs::read_to_string(common::fixture(
        "webanno-tsv/testSingleNonMultiTokenRelationWithoutFeatureValue.xmi",
    ))
    .unwrap()
    .replace(
        "    <cas:Sofa",
        "    <custom:Span xmi:id=\"20\" sofa=\"2\" begin=\"15\" end=\"16\" value=\"P\"/>\n    <cas:Sofa",
    )
    .replace(" 10 11\"", " 10 11 20\"");
    let path = dir.path().join("a.xmi");
    std::fs::write(&path, xmi).unwrap();
    let out = dir.path().join("out");
    let said = convert_to(&[path.to_str().unwrap(), "--layer", "Span"], "csv", &out);
    assert!(
        said.contains(
            "CSV is written in the span layer read: the input's other layers are left out \
             (NamedEntity 2 annotations, Relation 1 annotation)"
        ),
        "{said}"
    );
}
