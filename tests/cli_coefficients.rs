//! The `gamma-studio coefficients` command end to end.

mod common;

use common::cli::{gamma_studio, json_of};

/// Krippendorff's (2004, p. 254) α_U example, moved from [150, 450) to [0, 300) (a text of 300
/// characters beside the CSV sets the continuum's length): α_U = 0.8591, c = 0.7286, k = 1.
#[test]
fn coefficients_command_reports_krippendorffs_alpha_u_and_the_other_measures() {
    let folder = tempfile::tempdir().unwrap();
    let csv = folder.path().join("krippendorff2004.csv");
    let mut rows = String::from("annotator,category,start,end\n");
    for (annotator, category, start, end) in [
        ("i", "c", 225, 295),
        ("i", "c", 370, 400),
        ("j", "c", 220, 300),
        ("j", "c", 355, 375),
        ("j", "c", 400, 420),
        ("i", "k", 180, 240),
        ("i", "k", 300, 350),
        ("j", "k", 180, 240),
        ("j", "k", 300, 350),
    ] {
        rows.push_str(&format!(
            "{annotator},{category},{},{}\n",
            start - 150,
            end - 150
        ));
    }
    std::fs::write(&csv, rows).unwrap();
    std::fs::write(folder.path().join("krippendorff2004.txt"), "x".repeat(300)).unwrap();
    let output = gamma_studio(&["coefficients", csv.to_str().unwrap(), "--json"]);
    let report = json_of(&output);
    let value = |name: &str| {
        report["coefficients"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["measure"] == name)
            .unwrap_or_else(|| panic!("{name} missing: {report}"))["value"]
            .as_f64()
    };
    assert!(
        (value("alpha_u").unwrap() - 0.8591).abs() < 5e-4,
        "{report}"
    );
    let by_category = report["alpha_u_by_category"].as_array().unwrap();
    assert!((by_category[0]["alpha_u"].as_f64().unwrap() - 0.7286).abs() < 1e-4);
    assert_eq!(by_category[1]["alpha_u"].as_f64(), Some(1.0));
    for name in [
        "kappa",
        "pi",
        "alpha",
        "percentage",
        "cu_alpha",
        "ser",
        "windowdiff",
        "pk",
        "ghd",
    ] {
        let v = value(name).unwrap_or_else(|| panic!("{name} undefined: {report}"));
        assert!(v < 1.0 && v > 0.0, "{name} = {v}");
    }
    // c|uα by hand (positions after the move): i's c [75, 145) meets j's c [70, 150) on 70 and
    // j's k [30, 90) on 15; i's c [220, 250) meets j's c [205, 225) on 5; i's k [30, 90) meets
    // j's k on 60 and j's c [70, 150) on 20; i's k [150, 200) meets j's k on 50. Both orders:
    // c–c 150, k–k 220, c–k 35, k–c 35; margins c 185, k 255, n 440.
    let by_hand = 1.0 - (70.0 / 440.0) / (2.0 * 185.0 * 255.0 / (440.0 * 440.0));
    assert!((value("cu_alpha").unwrap() - by_hand).abs() < 1e-12);
}

/// Gwet's AC1 of the discretized annotations and the 2016 uα family, by hand: A x[0,10);
/// B x[0,4) y[4,10) on a text of 10 characters. AC1: 4 positions x–x, 6 x–y: p_a = 0.4,
/// π = (0.7, 0.3), p_e = 2·0.21 = 0.42, AC1 = −0.02/0.58 = −1/29 (the unused "none" label does
/// not count). Bennett's S: chance one in the three labels (x, y, none), S = (0.4 − 1/3)/(2/3)
/// = 0.1. uα = c|uα = 4/35, (x)uα = 8/49 (see the core's u_alpha_family tests); no gap, so
/// |uα is undefined.
#[test]
fn coefficients_command_reports_gwet_and_the_u_alpha_family() {
    let folder = tempfile::tempdir().unwrap();
    let csv = folder.path().join("pair.csv");
    std::fs::write(
        &csv,
        "annotator,category,start,end\nA,x,0,10\nB,x,0,4\nB,y,4,10\n",
    )
    .unwrap();
    std::fs::write(folder.path().join("pair.txt"), "x".repeat(10)).unwrap();
    let output = gamma_studio(&["coefficients", csv.to_str().unwrap(), "--json"]);
    let report = json_of(&output);
    let ac1 = report["gwet_ac1_discretized"].as_f64().unwrap();
    assert!((ac1 + 1.0 / 29.0).abs() < 1e-12, "{report}");
    let s = report["bennett_s_discretized"].as_f64().unwrap();
    assert!((s - 0.1).abs() < 1e-12, "{report}");
    let family = &report["u_alpha_family"];
    assert!((family["u_alpha"].as_f64().unwrap() - 4.0 / 35.0).abs() < 1e-12);
    assert!((family["cu_alpha"].as_f64().unwrap() - 4.0 / 35.0).abs() < 1e-12);
    assert!(family["binary_u_alpha"].is_null(), "{report}");
    let x = &family["k_u_alpha"][0];
    assert_eq!(x["category"], "x");
    assert!((x["alpha"].as_f64().unwrap() - 8.0 / 49.0).abs() < 1e-12);

    let text = gamma_studio(&["coefficients", csv.to_str().unwrap()]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("Gwet's AC1 (discretized)      -0.0345"),
        "{text}"
    );
    assert!(
        text.contains("Bennett's S (discretized)      0.1000"),
        "{text}"
    );
    assert!(
        text.contains("uα (2016)                      0.1143"),
        "{text}"
    );
    assert!(
        text.contains("|uα (units vs gaps)          undefined"),
        "{text}"
    );
}

/// `--bootstrap N --seed S` adds the uα family's 95 % intervals: seeded (the same seed gives the
/// same intervals), reporting replicates, stretches and seed, each interval holding its value on
/// this document (40 units per annotator, every fifth of B's moved by 3, six of another
/// category).
#[test]
fn coefficients_bootstrap_gives_the_u_alpha_family_intervals() {
    let folder = tempfile::tempdir().unwrap();
    let csv = folder.path().join("forty.csv");
    let mut rows = String::from("annotator,category,start,end\n");
    for i in 0..40 {
        let (start, category) = (i * 50, ["x", "y"][i % 2]);
        rows.push_str(&format!("A,{category},{start},{}\n", start + 30));
        let moved = if i % 5 == 0 { 3 } else { 0 };
        let other = if i % 7 == 3 {
            ["y", "x"][i % 2]
        } else {
            category
        };
        rows.push_str(&format!("B,{other},{},{}\n", start + moved, start + 30));
    }
    std::fs::write(&csv, rows).unwrap();
    std::fs::write(folder.path().join("forty.txt"), "x".repeat(2000)).unwrap();
    let args = [
        csv.to_str().unwrap(),
        "--bootstrap",
        "200",
        "--seed",
        "5",
        "--json",
    ];
    let run = || json_of(&gamma_studio(&[&["coefficients"][..], &args].concat()));
    let report = run();
    let intervals = &report["u_alpha_family_intervals"];
    assert_eq!(
        (intervals["replicates"].as_u64(), intervals["seed"].as_u64()),
        (Some(200), Some(5))
    );
    assert!(intervals["stretches"].as_u64().unwrap() >= 2, "{intervals}");
    let holds = |interval: &serde_json::Value, value: f64| {
        let (lo, hi) = (interval[0].as_f64().unwrap(), interval[1].as_f64().unwrap());
        assert!(
            lo <= value && value <= hi && lo < hi,
            "{value} in {interval}"
        );
    };
    let family = &report["u_alpha_family"];
    holds(&intervals["u_alpha"], family["u_alpha"].as_f64().unwrap());
    holds(&intervals["cu_alpha"], family["cu_alpha"].as_f64().unwrap());
    holds(
        &intervals["k_u_alpha"]["x"],
        family["k_u_alpha"][0]["alpha"].as_f64().unwrap(),
    );
    assert_eq!(run()["u_alpha_family_intervals"], *intervals, "seeded");
    let text = gamma_studio(&["coefficients", args[0], "--bootstrap", "200", "--seed", "5"]);
    let text = String::from_utf8(text.stdout).unwrap();
    let said = format!(
        "(95 % bootstrap intervals: 200 replicates over {} stretches, seed 5)",
        intervals["stretches"]
    );
    assert!(text.contains(&said), "{text}");
    let refused = gamma_studio(&["coefficients", args[0], "--bootstrap", "1"]);
    assert!(!refused.status.success());
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(
        stderr.contains("--bootstrap must be from 2 to 1000000 (got 1)"),
        "{stderr}"
    );
}

/// A document too long to label position by position: the discretized measures are undefined
/// and say why in the command line's words, with where the units end and what it would take
/// (2·10⁷ positions of two annotators' labels, 56 bytes each: 1.12 GB, about 2); α_U, which
/// needs no labelling, is computed.
#[test]
fn coefficients_too_long_to_discretize_say_why() {
    let folder = tempfile::tempdir().unwrap();
    let csv = folder.path().join("long.csv");
    std::fs::write(
        &csv,
        "annotator,category,start,end\ni,c,0,20000000\nj,c,0,20000000\n",
    )
    .unwrap();
    let report = json_of(&gamma_studio(&[
        "coefficients",
        csv.to_str().unwrap(),
        "--json",
    ]));
    let coefficient = |name: &str| {
        report["coefficients"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["measure"] == name)
            .unwrap_or_else(|| panic!("{name} missing: {report}"))
            .clone()
    };
    for name in [
        "kappa",
        "pi",
        "alpha",
        "percentage",
        "windowdiff",
        "pk",
        "ghd",
    ] {
        assert_eq!(
            coefficient(name)["undefined"],
            "the units end at 20000000: at most 10000000 positions are labelled (these 2 \
             annotators' labels would take about 2 GB)",
            "{name}"
        );
    }
    assert_eq!(coefficient("alpha_u")["value"], 1.0, "{report}");
}
