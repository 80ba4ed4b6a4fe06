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

/// `--per-document FILE.csv`: each document's bootstrap 95 % confidence interval (with
/// `--bootstrap`) and the precision interval of its chance estimate, in columns named apart.
#[test]
fn the_per_document_table_names_its_intervals_apart() {
    let folder = tempfile::tempdir().unwrap();
    // A document of 30 stretches, and one of 4 units (too few stretches for a bootstrap).
    let mut long = String::from("annotator,category,start,end\n");
    for i in 0..30 {
        let start = i * 20;
        long += &format!(
            "1,x,{start},{}\n2,x,{},{}\n",
            start + 10,
            start + i % 3,
            start + 10
        );
    }
    let short = "annotator,category,start,end\n1,x,0,10\n2,x,1,10\n1,y,20,30\n2,y,20,31\n";
    let (a, b) = (
        folder.path().join("long.csv"),
        folder.path().join("short.csv"),
    );
    std::fs::write(&a, long).unwrap();
    std::fs::write(&b, short).unwrap();
    let table = folder.path().join("table.csv");
    let (a, b, t) = (
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        table.to_str().unwrap(),
    );
    gamma_studio(&["gamma", a, b, "--bootstrap", "300", "--per-document", t]);
    let csv = std::fs::read_to_string(&table).unwrap();
    let lines: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        lines[0],
        [
            "document",
            "annotators",
            "n_units",
            "gamma",
            "ci95_low",
            "ci95_high",
            "chance_precision_low",
            "chance_precision_high",
            "observed_disorder",
            "expected_disorder",
            "error"
        ]
    );
    let number = |s: &str| s.parse::<f64>().unwrap();
    let long = &lines[1];
    assert!(
        number(long[4]) <= number(long[3]) && number(long[3]) <= number(long[5]),
        "{long:?}"
    );
    assert!(number(long[6]) < number(long[7]));
    assert_ne!((long[4], long[5]), (long[6], long[7]), "two intervals");
    assert_eq!(
        (lines[2][4], lines[2][5]),
        ("", ""),
        "no interval from 2 units a side"
    );
    // Without --bootstrap: the confidence columns stay empty.
    gamma_studio(&["gamma", a, b, "--per-document", t]);
    let csv = std::fs::read_to_string(&table).unwrap();
    let long: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    assert_eq!((long[4], long[5]), ("", ""));
    assert!(!long[6].is_empty());
}
