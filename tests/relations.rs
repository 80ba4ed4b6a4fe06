//! Agreement on relations through the best alignment, on the STAC discourse pair of ../shared
//! (document 12, hjoseph against SILVER; CC BY-NC-SA, read in place, skipped with a notice when
//! absent). The counts were checked by hand against the two files (listed below).

mod common;

use common::cli::{gamma_studio, json_of};
use gamma_core::gamma::{GammaOptions, best_alignment};
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
    let aligned = best_alignment(continuum, &GammaOptions::default()).unwrap();
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
