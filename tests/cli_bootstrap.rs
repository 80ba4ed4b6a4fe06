//! `gamma --bootstrap N`: the bootstrap confidence interval end to end, named apart from the
//! precision interval of D_e.

mod common;

use common::cli::{gamma_studio, json_of};

/// Two documents (one CSV each): A where the annotators agree exactly, B where they do not.
fn two_documents(folder: &std::path::Path) -> Vec<String> {
    let mut a = String::from("annotator,category,start,end\n");
    let mut b = a.clone();
    for (start, category) in [(0, "x"), (20, "y"), (40, "x"), (60, "y")] {
        for annotator in ["1", "2"] {
            a += &format!("{annotator},{category},{start},{}\n", start + 10);
        }
        b += &format!("1,{category},{start},{}\n", start + 10);
        b += &format!("2,x,{},{}\n", start + 3, start + 12);
    }
    let mut paths = Vec::new();
    for (name, rows) in [("a.csv", a), ("b.csv", b)] {
        let path = folder.join(name);
        std::fs::write(&path, rows).unwrap();
        paths.push(path.to_str().unwrap().to_string());
    }
    paths
}

#[test]
fn bootstrap_interval_over_documents_in_json_and_text() {
    let folder = tempfile::tempdir().unwrap();
    let files = two_documents(folder.path());
    let mut args = vec!["gamma", "--bootstrap", "500", "--seed", "11", "--json"];
    args.extend(files.iter().map(String::as_str));
    let report = json_of(&gamma_studio(&args));
    let interval = &report["confidence_interval"];
    assert_eq!(interval["level"], 0.95, "{report}");
    assert_eq!(interval["replicates"], 500);
    assert_eq!(interval["seed"], 11);
    assert_eq!(interval["resampled"], 2);
    assert!(
        interval["method"].as_str().unwrap().contains("documents"),
        "{interval}"
    );
    let low = interval["gamma"][0].as_f64().unwrap();
    let high = interval["gamma"][1].as_f64().unwrap();
    let gamma = report["gamma"].as_f64().unwrap();
    // Document A alone twice gives γ = 1: the upper end; B twice, the lower one.
    assert!(low < gamma && gamma < high && high == 1.0, "{interval}");
    // The precision interval of D_e is still there, under its own name.
    assert!(report["gamma_interval"].is_array());

    let mut text_args = vec!["gamma", "--bootstrap", "500", "--seed", "11"];
    text_args.extend(files.iter().map(String::as_str));
    let text = String::from_utf8(gamma_studio(&text_args).stdout).unwrap();
    assert!(
        text.contains(&format!(
            "95 % confidence interval of γ: {low:.4} … {high:.4}"
        )),
        "{text}"
    );

    let mut bad = vec!["gamma", "--bootstrap", "1"];
    bad.extend(files.iter().map(String::as_str));
    let output = gamma_studio(&bad);
    assert!(!output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("--bootstrap must be from 2 to"), "{stderr}");
}
