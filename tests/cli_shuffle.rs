//! The Corpus Shuffling Tool's commands end to end: `shuffle`, `sweep` and `calibrate`.

mod common;

use common::cli::{gamma_studio, json_of, path};

#[test]
fn shuffle_writes_the_reference_and_the_simulated_annotators() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("shuffled");
    let output = gamma_studio(&[
        "shuffle",
        "--model",
        "default",
        "--error",
        "false-negative",
        "--magnitude",
        "0.5",
        "--annotators",
        "4",
        "--seed",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let (documents, _) = gamma_formats::read_documents(
        &[out.join("reference.csv"), out.join("shuffled.csv")],
        &Default::default(),
    )
    .unwrap();
    assert_eq!(documents[0].continuum.n_units(), 100);
    let shuffled = &documents[1].continuum;
    assert_eq!(shuffled.n_annotators(), 4);
    for annotator in &shuffled.annotators {
        assert!(
            (25..=75).contains(&annotator.units.len()),
            "{}",
            annotator.units.len()
        );
    }
    let bad = gamma_studio(&[
        "shuffle",
        "--model",
        "default",
        "--error",
        "typo",
        "--magnitude",
        "0.5",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown error kind \"typo\""));
}

#[test]
fn sweep_prints_one_mean_per_measure_and_magnitude() {
    let reference = path("pygamma/h6_three_annot.csv");
    let output = gamma_studio(&[
        "sweep",
        "--reference",
        &reference,
        "--error",
        "category",
        "--sets",
        "3",
        "--step",
        "0.5",
        "--measures",
        "gamma,kappa,alpha,percentage",
        "--seed",
        "2",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let csv = String::from_utf8_lossy(&output.stdout).into_owned();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "magnitude,gamma,kappa,alpha,percentage");
    assert_eq!(lines.len(), 4, "{csv}");
    assert_eq!(lines[1], "0.00,1.000000,1.000000,1.000000,1.000000");
    let last: Vec<f64> = lines[3].split(',').map(|v| v.parse().unwrap()).collect();
    assert_eq!(last[0], 1.0);
    assert!(last[1] < 0.9 && last[4] < 1.0, "{csv}");
}

#[test]
fn sweep_computes_the_unitizing_measures_by_name() {
    let output = gamma_studio(&[
        "sweep",
        "--model",
        "default",
        "--error",
        "split",
        "--sets",
        "2",
        "--step",
        "1",
        "--measures",
        "alpha_u,cu_alpha,ser,wd,pk,ghd,kappa_d",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let csv = String::from_utf8_lossy(&output.stdout).into_owned();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "magnitude,alpha_u,cu_alpha,ser,windowdiff,pk,ghd,kappa"
    );
    assert_eq!(
        lines[1],
        "0.00,1.000000,1.000000,1.000000,1.000000,1.000000,1.000000,1.000000"
    );
    let at_one: Vec<f64> = lines[2].split(',').map(|v| v.parse().unwrap()).collect();
    // Splits: c|uα and κd do not see them, the others do.
    assert_eq!((at_one[2], at_one[7]), (1.0, 1.0), "{csv}");
    for (i, name) in [(1, "α_U"), (3, "SER"), (4, "WD"), (5, "Pk"), (6, "GHD")] {
        assert!(at_one[i] < 1.0, "{name}: {csv}");
    }
    let unknown = gamma_studio(&[
        "sweep",
        "--model",
        "default",
        "--error",
        "split",
        "--measures",
        "beta",
    ]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("unknown measure \"beta\""));
}

#[test]
fn sweep_and_shuffle_take_a_model_from_a_json_file() {
    let folder = tempfile::tempdir().unwrap();
    let model = folder.path().join("model.json");
    std::fs::write(
        &model,
        r#"{"units": 20, "categories": [{"name": "X", "prevalence": 1, "min_length": 4,
            "max_length": 4}], "min_gap": 2, "max_gap": 2, "overlap": false}"#,
    )
    .unwrap();
    let out = folder.path().join("shuffled");
    let output = gamma_studio(&[
        "shuffle",
        "--model",
        model.to_str().unwrap(),
        "--error",
        "false-negative",
        "--magnitude",
        "0",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let reference = std::fs::read_to_string(out.join("reference.csv")).unwrap();
    let units: Vec<&str> = reference.lines().filter(|l| l.contains(",X,")).collect();
    assert_eq!(units.len(), 20, "{reference}");
    // Every unit is 4 long after a gap of 2: the first is [2, 6), the last [116, 120).
    assert!(units[0].ends_with(",X,2,6"), "{}", units[0]);
    assert!(units[19].ends_with(",X,116,120"), "{}", units[19]);

    std::fs::write(&model, "{\"units\": 20,\n \"colour\": 3}").unwrap();
    let failed = gamma_studio(&[
        "sweep",
        "--model",
        model.to_str().unwrap(),
        "--error",
        "split",
    ]);
    assert_eq!(failed.status.code(), Some(2));
    let message = String::from_utf8_lossy(&failed.stderr);
    assert!(
        message.contains("model.json:2:") && message.contains("colour"),
        "{message}"
    );
}

#[test]
fn calibrate_reads_the_magnitude_off_each_curve() {
    let csv = path("pygamma/h6_three_annot.csv");
    let out = json_of(&gamma_studio(&[
        "calibrate",
        &csv,
        "--error",
        "shift,category",
        "--sets",
        "2",
        "--step",
        "0.25",
        "--json",
    ]));
    let gamma = out["gamma"].as_f64().unwrap();
    let kinds = out["kinds"].as_array().unwrap();
    assert_eq!(kinds.len(), 2);
    assert_eq!(kinds[0]["error"], "shift");
    let curve = kinds[0]["curve"].as_array().unwrap();
    assert_eq!(curve.len(), 5);
    assert_eq!(curve[0]["gamma"], 1.0);
    if let Some(m) = kinds[1]["magnitude"].as_f64() {
        // The category curve passes through the document's γ at that magnitude.
        let points: Vec<(f64, f64)> = kinds[1]["curve"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|p| Some((p["magnitude"].as_f64()?, p["gamma"].as_f64()?)))
            .collect();
        let below = points.iter().rev().find(|(x, _)| *x <= m).unwrap();
        let above = points.iter().find(|(x, _)| *x >= m).unwrap();
        assert!(
            below.1 >= gamma - 1e-9 && above.1 <= gamma + 1e-9,
            "{points:?} {gamma}"
        );
    }
    // Under a preset, the document's γ is computed as the curves' are.
    let papers = json_of(&gamma_studio(&[
        "calibrate",
        &csv,
        "--error",
        "split",
        "--sets",
        "1",
        "--step",
        "1",
        "--preset",
        "papers",
        "--json",
    ]));
    assert_eq!(papers["preset"], "papers");
    let gamma_software = json_of(&gamma_studio(&[
        "gamma",
        &csv,
        "--preset",
        "gamma-software",
        "--json",
    ]));
    assert_eq!(papers["gamma"], gamma_software["gamma"]);
}

#[test]
fn calibrate_against_a_gold_standard_uses_it_as_the_only_reference() {
    let folder = tempfile::tempdir().unwrap();
    let gold = folder.path().join("gold.csv");
    std::fs::write(
        &gold,
        "annotator,category,start,end\ngold,A,0,10\ngold,B,20,30\ngold,A,40,45\n",
    )
    .unwrap();
    let csv = path("pygamma/h6_three_annot.csv");
    let args = |gold: &str| {
        vec![
            "calibrate".to_string(),
            csv.clone(),
            "--error".into(),
            "false-negative".into(),
            "--sets".into(),
            "2".into(),
            "--step".into(),
            "0.5".into(),
            "--gold".into(),
            gold.to_string(),
            "--json".into(),
        ]
    };
    let run = |gold: &str| {
        let args = args(gold);
        gamma_studio(&args.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let out = json_of(&run(gold.to_str().unwrap()));
    assert_eq!(out["references"], "the gold standard");
    assert_eq!(out["kinds"][0]["curve"].as_array().unwrap().len(), 3);
    let without = json_of(&gamma_studio(&[
        "calibrate",
        &csv,
        "--error",
        "false-negative",
        "--sets",
        "2",
        "--step",
        "0.5",
        "--json",
    ]));
    assert_eq!(without["references"], "each annotator in turn");
    assert_eq!(
        out["gamma"], without["gamma"],
        "the document's γ does not depend on it"
    );

    let empty = folder.path().join("empty.csv");
    std::fs::write(&empty, "annotator,category,start,end\n").unwrap();
    let failed = run(empty.to_str().unwrap());
    assert_eq!(failed.status.code(), Some(2));
    let message = String::from_utf8_lossy(&failed.stderr);
    assert!(message.contains("empty.csv"), "{message}");
}

#[test]
fn sweep_presets_apply_first_and_options_given_override_them() {
    let sweep = |extra: &[&str]| {
        let mut args = vec![
            "sweep",
            "--model",
            "segmentation",
            "--error",
            "shift-no-overlap",
            "--sets",
            "2",
            "--step",
            "1",
            "--json",
        ];
        args.extend_from_slice(extra);
        json_of(&gamma_studio(&args))
    };
    let papers = sweep(&["--preset", "papers"]);
    assert_eq!(papers["preset"], "papers");
    assert_eq!(papers["curves"][0]["gamma"], 1.0);
    let ours = sweep(&[]);
    assert_eq!(ours["preset"], serde_json::Value::Null);
    assert_ne!(
        papers["curves"][1], ours["curves"][1],
        "α = 3 and the shuffle sampler"
    );
    // The preset's γ undone option by option is the default sweep again (x̄ is whole here).
    let undone = sweep(&[
        "--preset",
        "papers",
        "--alpha",
        "1",
        "--sampler",
        "statistical",
    ]);
    assert_eq!(undone["curves"], ours["curves"]);
    let bad = gamma_studio(&[
        "sweep", "--model", "default", "--error", "shift", "--preset", "paper",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr)
            .contains("expected one of papers, gamma-software, pygamma")
    );
    let corpus = gamma_studio(&[
        "sweep",
        "--model",
        "default",
        "--error",
        "shift",
        "--sampler",
        "corpus",
    ]);
    assert_eq!(corpus.status.code(), Some(2));
}
