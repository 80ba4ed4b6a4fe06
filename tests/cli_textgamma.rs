//! The `gamma-studio textgamma` command (tγ) end to end.

mod common;

use common::cli::{gamma_studio, json_of, path};
use serde_json::Value;

#[test]
fn textgamma_command_reports_the_disorders_and_the_alignment() {
    let a = path("cora/p2_segtext_A.xml");
    let b = path("cora/p2_segtext_B.xml");
    let base = path("cora/p2_base.xml");
    let run = || {
        json_of(&gamma_studio(&[
            "textgamma",
            &a,
            &b,
            "--base",
            &base,
            "--pt",
            "0.25",
            "--ps",
            "0.04",
            "--samples",
            "200",
            "--seed",
            "5",
            "--json",
        ]))
    };
    let out = run();
    assert_eq!(out["observed_disorder"], 0.875);
    assert_eq!(out["n_samples"], 200);
    assert_eq!(out["seed"], 5);
    assert_eq!(out["p_text"], 0.25);
    assert_eq!(out["base"], "p2_base");
    let expected = out["expected_disorder"].as_f64().unwrap();
    assert!(expected > 0.5 && expected < 0.8, "{expected}");
    let tgamma = out["tgamma"].as_f64().unwrap();
    assert!((tgamma - (1.0 - 0.875 / expected)).abs() < 1e-12);
    assert_eq!(out, run(), "same seed, same result");
    let alignment = out["alignment"].as_array().unwrap();
    assert_eq!(
        alignment.len(),
        11,
        "7 pairs, 3 tokens of A and 1 of B alone"
    );
    let vander = alignment
        .iter()
        .find(|e| e["second"]["text"] == "vander")
        .unwrap();
    assert_eq!(vander["first"], Value::Null);
    assert_eq!(vander["second"]["layers"]["pos"], "APPRART");
    assert_eq!(vander["second"]["start"], 12);
    let historie = alignment
        .iter()
        .find(|e| e["second"]["text"] == "historie")
        .unwrap();
    assert_eq!(historie["first"]["text"], "hystorie");
    assert_eq!(historie["dissimilarity"], 0.5);
}

#[test]
fn textgamma_command_rejects_bad_input_with_exit_2() {
    let a = path("cora/p1_pos_A.xml");
    let output = gamma_studio(&["textgamma", &a]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("at least 2 annotators"));
    let output = gamma_studio(&["textgamma", &a, &a, "--pt", "0.2"]);
    assert_eq!(output.status.code(), Some(2), "--pt needs --ps");
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.xml");
    std::fs::write(&broken, "<text><token id=\"t1\" trans=\"a\"><mod id=\"m1\"").unwrap();
    let output = gamma_studio(&["textgamma", &a, broken.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("broken.xml"));
}

/// CorA files whose texts differ warn γ (its positions are approximate) but not tγ, which is
/// made for them: the command leaves out that warning by its kind.
#[test]
fn textgamma_leaves_out_the_differing_text_warning_that_gamma_prints() {
    let a = path("cora/p2_segtext_A.xml");
    let b = path("cora/p2_segtext_B.xml");
    let warning = format!("gamma-studio: warning: {b}: its text differs from {a}'s");
    let gamma = gamma_studio(&["gamma", &a, &b, "--samples", "3", "--seed", "1"]);
    assert!(gamma.status.success());
    let stderr = String::from_utf8_lossy(&gamma.stderr);
    assert!(stderr.contains(&warning), "{stderr}");
    let tgamma = gamma_studio(&["textgamma", &a, &b, "--samples", "3", "--seed", "1"]);
    assert!(tgamma.status.success());
    let stderr = String::from_utf8_lossy(&tgamma.stderr);
    assert!(!stderr.contains("its text differs"), "{stderr}");
    assert!(!stderr.contains("warning"), "{stderr}");
}

/// `textgamma --bootstrap N`: the interval over stretches of the aligned texts holds tγ, with
/// its seed; a pair too short for two stretches is refused with the reason (exit 2).
#[test]
fn textgamma_bootstrap_interval_over_stretches_of_the_aligned_texts() {
    let a = path("cora/p2_segtext_A.xml");
    let b = path("cora/p2_segtext_B.xml");
    let short = gamma_studio(&["textgamma", &a, &b, "--bootstrap", "100", "--samples", "30"]);
    assert_eq!(short.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&short.stderr);
    assert!(
        stderr.contains(
            "--bootstrap: only 1 TextStretches to resample: a bootstrap needs at least 2"
        ),
        "{stderr}"
    );
    // A pair of 60 tokens each, constructed: every fifth token tagged otherwise by the second.
    let dir = tempfile::tempdir().unwrap();
    let [first, second] = ["A", "B"].map(|who| {
        let file = dir.path().join(format!("long_{who}.xml"));
        std::fs::write(&file, cora_of(60, who == "B")).unwrap();
        file
    });
    let out = json_of(&gamma_studio(&[
        "textgamma",
        first.to_str().unwrap(),
        second.to_str().unwrap(),
        "--samples",
        "100",
        "--seed",
        "3",
        "--bootstrap",
        "500",
        "--json",
    ]));
    let tgamma = out["tgamma"].as_f64().unwrap();
    let interval = &out["confidence_interval"];
    let (low, high) = (
        interval["tgamma"][0].as_f64().unwrap(),
        interval["tgamma"][1].as_f64().unwrap(),
    );
    assert!(
        low <= tgamma && tgamma <= high,
        "{low} … {high} around {tgamma}"
    );
    assert!(high - low < 0.2, "{low} … {high}");
    assert_eq!(interval["seed"], 3);
    assert_eq!(interval["replicates"], 500);
    // 60 + 60 tokens all paired, stretches of 10 tokens (5 pairs): 12.
    assert_eq!(interval["resampled"], 12);
    assert_eq!(
        interval["method"],
        "expanded percentile bootstrap over stretches of the two aligned texts"
    );
}

/// A CorA-XML text of `tokens` tokens (ReN conventions), every fifth tagged `ADJ` instead of
/// `NA` when `retagged`.
fn cora_of(tokens: usize, retagged: bool) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<text id=\"long\">\n  <cora-header name=\"long\" sigle=\"long\"/>\n  <header>constructed</header>\n",
    );
    xml.push_str(&format!(
        "  <layoutinfo>\n    <page id=\"p1\" no=\"1\" range=\"c1\"/>\n    <column id=\"c1\" range=\"l1\"/>\n    <line id=\"l1\" name=\"01\" range=\"t1_d1..t{tokens}_d1\"/>\n  </layoutinfo>\n  <shifttags/>\n"
    ));
    for t in 1..=tokens {
        let word = format!("w{t}");
        let tag = if retagged && t % 5 == 0 { "ADJ" } else { "NA" };
        xml.push_str(&format!(
            "  <token id=\"t{t}\" trans=\"{word}\">\n    <dipl id=\"t{t}_d1\" trans=\"{word}\" utf=\"{word}\"/>\n    <mod id=\"t{t}_m1\" trans=\"{word}\" utf=\"{word}\" ascii=\"{word}\" checked=\"y\">\n      <pos tag=\"{tag}\"/>\n    </mod>\n  </token>\n"
        ));
    }
    xml.push_str("</text>\n");
    xml
}
