//! The agreement report: its figures are `gamma`'s, its formats are chosen by extension, and the
//! HTML page renders in a real browser (headless Chromium from Debian's packages: required where
//! GAMMA_STUDIO_REQUIRE_BROWSER is set, as in CI; skipped with a notice elsewhere).

mod common;

use common::cli::{gamma_studio, json_of};
use std::path::{Path, PathBuf};
use std::process::Command;

fn demo() -> Vec<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("resources/demo/glozz");
    ["ana", "ben", "chloe"]
        .iter()
        .map(|a| {
            root.join(a)
                .join("named-entities.aa")
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

fn run_report(inputs: &[String], out: &Path, more: &[&str]) {
    let mut args: Vec<&str> = vec!["report"];
    args.extend(inputs.iter().map(String::as_str));
    args.extend(["-o", out.to_str().unwrap()]);
    args.extend(more);
    let output = gamma_studio(&args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_report_holds_gammas_figures_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = demo();
    let mut gamma_args: Vec<&str> = vec!["gamma"];
    gamma_args.extend(inputs.iter().map(String::as_str));
    gamma_args.extend(["--json", "--gamma-cat"]);
    let gamma = json_of(&gamma_studio(&gamma_args));
    let json_path = dir.path().join("report.json");
    run_report(&inputs, &json_path, &[]);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    assert_eq!(report["overall"]["gamma"], gamma["gamma"]);
    assert_eq!(
        report["overall"]["observed_disorder"],
        gamma["observed_disorder"]
    );
    assert_eq!(report["overall"]["gamma_cat"], gamma["gamma_cat"]);
    assert_eq!(
        report["annotators"],
        serde_json::json!(["ana", "ben", "chloe"])
    );
    assert_eq!(report["pairwise"].as_array().unwrap().len(), 3);
    assert_eq!(report["method"]["seed"], gamma["seed"]);
    let html_path = dir.path().join("report.html");
    run_report(&inputs, &html_path, &[]);
    let html = std::fs::read_to_string(&html_path).unwrap();
    assert!(
        html.contains("1 document, 3 annotators (ana, ben, chloe)"),
        "the singular"
    );
    assert!(html.contains("on 1 document annotated by 3 annotators ("));
    let shown = format!("γ = {:.4}", gamma["gamma"].as_f64().unwrap());
    assert!(html.contains(&shown), "{shown}");
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no network"
    );
    assert_eq!(
        html.matches("<svg").count(),
        2,
        "γ-k bars and the chance histogram"
    );
    for (extension, marker) in [("md", "| γ | "), ("tex", "\\begin{tabular}")] {
        let path = dir.path().join(format!("report.{extension}"));
        run_report(&inputs, &path, &[]);
        assert!(std::fs::read_to_string(&path).unwrap().contains(marker));
    }
    let bad = gamma_studio(&["report", &inputs[0], &inputs[1], "-o", "r.pdf"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains(".pdf is not a report format"));
}

fn chromium() -> Option<&'static str> {
    let found = ["chromium", "chromium-browser"].into_iter().find(|name| {
        Command::new(name)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("GAMMA_STUDIO_REQUIRE_BROWSER").is_none(),
            "chromium is required here"
        );
        println!("notice: chromium is absent; the report's browser test is skipped");
    }
    found
}

/// Headless Chromium parses the page (its DOM holds the figures and both plots) and paints it
/// (a screenshot of the first screen, far from blank).
#[test]
fn the_html_report_renders_in_a_real_browser() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let html_path = dir.path().join("report.html");
    run_report(&demo(), &html_path, &[]);
    let flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ];
    let profile = format!("--user-data-dir={}", dir.path().join("profile").display());
    let url = format!("file://{}", html_path.display());
    let dom = Command::new(browser)
        .args(flags)
        .arg(&profile)
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(dom.contains("Agreement report"), "{dom}");
    assert_eq!(dom.matches("<svg").count(), 2);
    assert!(dom.contains("<rect"), "the plots have bars");
    let shot = dir.path().join("report.png");
    let status = Command::new(browser)
        .args(flags)
        .arg(&profile)
        .arg("--window-size=900,1400")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(&url)
        .output()
        .unwrap();
    assert!(status.status.success());
    let size = std::fs::metadata(&shot).unwrap().len();
    assert!(
        size > 30_000,
        "a painted page, not a blank one: {size} bytes"
    );
}

/// The γ-k intervals of the bootstrap are in the page, and with a reference each annotator is
/// scored as `evaluate` scores it, while the agreement figures leave the reference out.
#[test]
fn the_report_gives_gamma_k_intervals_and_each_annotator_against_the_reference() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = demo();
    let json_path = dir.path().join("report.json");
    run_report(&inputs, &json_path, &["--reference", "chloe"]);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    assert_eq!(report["annotators"], serde_json::json!(["ana", "ben"]));
    let mut gamma_args: Vec<&str> = vec!["gamma", "--json"];
    gamma_args.extend(inputs[..2].iter().map(String::as_str));
    let pair = json_of(&gamma_studio(&gamma_args));
    assert_eq!(
        report["overall"]["gamma"], pair["gamma"],
        "ana and ben only"
    );

    let mut evaluate_args: Vec<&str> = vec!["evaluate", "--reference", "chloe", "--json"];
    evaluate_args.extend(inputs.iter().map(String::as_str));
    let evaluation = json_of(&gamma_studio(&evaluate_args));
    let section = &report["against_reference"];
    assert_eq!(section["reference"], "chloe");
    let rows = section["annotators"]["Ok"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for (row, system) in rows.iter().zip(evaluation["systems"].as_array().unwrap()) {
        assert_eq!(row["annotator"], system["annotator"]);
        assert_eq!(row["gamma"], system["gamma"]);
        let strict = &system["spans"]["strict"];
        assert_eq!(
            row["strict"],
            serde_json::json!([strict["precision"], strict["recall"], strict["f1"]])
        );
        assert_eq!(row["partial_f1"], system["spans"]["partial"]["f1"]);
    }

    let html_path = dir.path().join("report.html");
    run_report(&inputs, &html_path, &["--reference", "chloe"]);
    let html = std::fs::read_to_string(&html_path).unwrap();
    assert!(html.contains("Against the reference: chloe"));
    assert!(
        html.find("Against the reference").unwrap() < html.find("γ-cat and γ-k").unwrap(),
        "next to γ, not below the coefficients"
    );
    assert!(html.contains(
        "chloe is the reference: it is left out of these figures, and each annotator is scored against it separately"
    ));
    let intervals = report["overall"]["confidence_interval"]["Ok"]["gamma_k"]
        .as_object()
        .unwrap();
    assert!(!intervals.is_empty());
    for (category, bounds) in intervals {
        let shown = format!(
            "<td>{category}</td><td class=\"num\">{:.4}</td><td class=\"num\">{:.4} … {:.4}</td>",
            report["overall"]["gamma_k"][category].as_f64().unwrap(),
            bounds[0].as_f64().unwrap(),
            bounds[1].as_f64().unwrap()
        );
        assert!(html.contains(&shown), "{shown}");
    }

    let unknown = gamma_studio(&[
        "report",
        &inputs[0],
        &inputs[1],
        "-o",
        "r.html",
        "--reference",
        "zoe",
    ]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains(
        "--reference \"zoe\": no document has this annotator (the annotators are ana, ben)"
    ));
}

/// `report --calibrate` places γ on the Corpus Shuffling Tool's curves exactly as `calibrate`
/// does (same γ, same magnitudes, same curves), and shows them in every format.
#[test]
fn the_calibration_in_the_report_is_calibrates() {
    let dir = tempfile::tempdir().unwrap();
    // Two annotators, six units: small enough for the sweeps to take seconds.
    let csv = dir.path().join("small.csv");
    std::fs::write(
        &csv,
        "annotator,category,start,end\n\
         a,X,0,10\na,Y,12,20\na,X,25,40\na,Y,44,50\na,X,55,70\na,Y,72,80\n\
         b,X,1,10\nb,Y,12,21\nb,X,25,38\nb,X,44,50\nb,X,57,70\n",
    )
    .unwrap();
    let inputs = vec![csv.to_string_lossy().into_owned()];
    let json = dir.path().join("report.json");
    run_report(&inputs, &json, &["--calibrate"]);
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let calibration = &report["calibration"]["Ok"];
    let alone = json_of(&gamma_studio(&["calibrate", &inputs[0], "--json"]));
    assert_eq!(calibration["gamma"], alone["gamma"]);
    assert_eq!(report["overall"]["gamma"], alone["gamma"]);
    let kinds = calibration["kinds"].as_array().unwrap();
    let expected = alone["kinds"].as_array().unwrap();
    assert_eq!(kinds.len(), 5);
    for (kind, expected) in kinds.iter().zip(expected) {
        assert_eq!(kind["error"], expected["error"]);
        assert_eq!(
            kind["magnitude"], expected["magnitude"],
            "{}",
            kind["error"]
        );
        let gammas: Vec<&serde_json::Value> = (kind["curve"].as_array().unwrap().iter())
            .map(|point| &point[1])
            .collect();
        let expected: Vec<&serde_json::Value> = (expected["curve"].as_array().unwrap().iter())
            .map(|point| &point["gamma"])
            .collect();
        assert_eq!(gammas, expected, "{}", kind["error"]);
    }
    let magnitude = |error: &str| {
        let kind = kinds.iter().find(|k| k["error"] == error).unwrap();
        format!("{:.2}", kind["magnitude"].as_f64().unwrap())
    };
    let html = dir.path().join("report.html");
    run_report(&inputs, &html, &["--calibrate"]);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("What γ means: the Corpus Shuffling Tool"));
    assert!(page.contains(&format!(
        "positional errors (shift) of magnitude <strong>{}</strong>",
        magnitude("shift")
    )));
    let markdown = dir.path().join("report.md");
    run_report(&inputs, &markdown, &["--calibrate"]);
    let text = std::fs::read_to_string(&markdown).unwrap();
    assert!(text.contains(&format!(
        "| category errors (category) | {} |",
        magnitude("category")
    )));
    // Without --calibrate, no section (it takes tens of seconds on a real document).
    run_report(&inputs, &html, &[]);
    assert!(
        !std::fs::read_to_string(&html)
            .unwrap()
            .contains("id=\"calibration\"")
    );
}

/// A document too long to label position by position: the report says why each discretized
/// coefficient is undefined in its own words, with the document's length and what labelling it
/// would take (2·10⁷ positions of two annotators' labels, 56 bytes each: 1.12 GB, about 2).
#[test]
fn the_report_says_why_a_coefficient_is_undefined() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("long.csv");
    std::fs::write(
        &csv,
        "annotator,category,start,end\ni,c,0,20000000\nj,c,0,20000000\ni,d,0,1\nj,d,0,1\n",
    )
    .unwrap();
    let json_path = dir.path().join("report.json");
    run_report(&[csv.to_string_lossy().into_owned()], &json_path, &[]);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    let kappa = (report["coefficients"].as_array().unwrap().iter())
        .find(|c| c["measure"] == "κd")
        .unwrap_or_else(|| panic!("κd missing: {report}"));
    assert_eq!(kappa["value"], serde_json::Value::Null);
    assert_eq!(
        kappa["undefined"],
        "not computed: κd labels each whole position, and this document's 20000000 positions \
         are more than the 10000000 it labels (about 2 GB for 2 annotators)"
    );
}

/// Issue 41: the per-document column is the precision of each document's chance estimate, named
/// so in every format with a note saying it is not a confidence interval; the corpus headline
/// shows the bootstrap's values as the 95 % confidence interval.
#[test]
fn the_per_document_column_is_named_chance_precision_not_a_confidence_interval() {
    let dir = tempfile::tempdir().unwrap();
    let mut inputs = Vec::new();
    for (name, shift) in [("agree.csv", 0), ("shifted.csv", 3)] {
        let mut rows = String::from("annotator,category,start,end\n");
        for start in [0, 20, 40, 60, 80] {
            rows += &format!(
                "i,x,{start},{}\nj,x,{},{}\n",
                start + 10,
                start + shift,
                start + 10
            );
        }
        let path = dir.path().join(name);
        std::fs::write(&path, rows).unwrap();
        inputs.push(path.to_string_lossy().into_owned());
    }
    let json_path = dir.path().join("report.json");
    run_report(&inputs, &json_path, &[]);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    let rows = report["per_document"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for row in rows {
        assert!(row["chance_precision"].is_array(), "{row}");
        assert!(row.get("interval").is_none(), "{row}");
    }
    let html_path = dir.path().join("report.html");
    run_report(&inputs, &html_path, &[]);
    let html = std::fs::read_to_string(&html_path).unwrap();
    let section = &html[html.find("<section id=\"documents\">").unwrap()..];
    let section = &section[..section.find("</section>").unwrap()];
    let head = &section[..section.find("</tr>").unwrap()];
    assert!(head.contains(">chance precision</th>"), "{head}");
    assert!(!head.contains("interval</th>"), "{head}");
    assert!(!head.to_lowercase().contains(">confidence"), "{head}");
    assert!(
        section.contains("not a confidence interval of γ"),
        "{section}"
    );
    let ci = &report["overall"]["confidence_interval"]["Ok"]["gamma"];
    let headline = format!(
        "<td>95 % confidence interval</td><td class=\"num\">{:.4} … {:.4}</td>",
        ci[0].as_f64().unwrap(),
        ci[1].as_f64().unwrap()
    );
    assert!(html.contains(&headline), "{headline}");
    let md_path = dir.path().join("report.md");
    run_report(&inputs, &md_path, &[]);
    let md = std::fs::read_to_string(&md_path).unwrap();
    assert!(md.contains("| document | units | γ | chance precision |"));
    assert!(md.contains("not a confidence interval of γ"));
}
