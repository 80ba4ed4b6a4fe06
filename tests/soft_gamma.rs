//! Soft-γ (pygamma-agreement 0.5's) on the command line: the observed disorder of pygamma 0.5.9
//! recorded on continua where one annotator splits the other's units
//! (python/tests/fixtures/pygamma_soft, recorded by python/benchmarks/record_pygamma_soft.py;
//! pygamma computes in float32, hence the tolerance).

mod common;

use common::cli::{gamma_studio, json_of};
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("python/tests/fixtures/pygamma_soft")
        .join(name)
}

fn observed(csv: &str, soft: bool) -> f64 {
    let path = fixture(csv);
    let mut args = vec!["gamma", path.to_str().unwrap(), "--samples", "5", "--json"];
    if soft {
        args.push("--soft");
    }
    json_of(&gamma_studio(&args))["observed_disorder"]
        .as_f64()
        .unwrap()
}

#[test]
fn soft_gamma_has_pygammas_observed_disorder_on_split_units() {
    for name in ["split_20", "split_30"] {
        let recorded: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(fixture(&format!("{name}.json"))).unwrap(),
        )
        .unwrap();
        let csv = format!("{name}.csv");
        for (mode, soft) in [("soft", true), ("hard", false)] {
            let expected = recorded[mode]["observed_disorder"].as_f64().unwrap();
            let got = observed(&csv, soft);
            assert!(
                (got - expected).abs() < 1e-5,
                "{name} {mode}: {got} against pygamma's {expected}"
            );
        }
        assert!(
            observed(&csv, true) < observed(&csv, false),
            "{name}: splits cost less"
        );
    }
}
