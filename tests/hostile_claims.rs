//! Issue 35, classes 8 and 9, through the binary and the readers: inputs that claim sizes past
//! the limits (10⁵ ELAN tiers, a TextGrid declaring 10⁵ tiers, a 200 MB line, 10⁵ categories,
//! 1,000 annotators, `bench` with 10⁸ units) are refused at once with the size and the limit,
//! under a memory cap so that an allocation from the claim would abort instead; and readers
//! that dropped annotators or tiers without a word now say so. Every input is built here.

use gamma_formats::{WarningKind, read_documents};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// Runs the binary with its address space capped at 3 GiB (an allocation from a huge claim
/// fails and aborts, instead of being refused) and asserts it ends within `seconds`.
fn run_capped(args: &[&str], seconds: u64) -> Output {
    let clock = Instant::now();
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg("ulimit -v 3145728; exec \"$0\" \"$@\"");
    command.arg(env!("CARGO_BIN_EXE_gamma-studio")).args(args);
    let output = command.output().expect("the binary runs");
    assert!(
        clock.elapsed() < Duration::from_secs(seconds),
        "{args:?} took {:?}",
        clock.elapsed()
    );
    output
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A refusal: exit code 2 (bad input), no panic, and stderr holding `expected`.
fn assert_refused(output: &Output, expected: &str) {
    let text = stderr(output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(!text.contains("panicked"), "{text}");
    assert!(text.contains(expected), "expected {expected:?} in\n{text}");
}

fn write(folder: &Path, name: &str, text: &str) -> PathBuf {
    let path = folder.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn elan(tiers: &[(&str, &[&str])]) -> String {
    let mut text = String::from(
        "<?xml version=\"1.0\"?><ANNOTATION_DOCUMENT><TIME_ORDER><TIME_SLOT TIME_SLOT_ID=\"t1\" TIME_VALUE=\"0\"/><TIME_SLOT TIME_SLOT_ID=\"t2\" TIME_VALUE=\"1000\"/></TIME_ORDER>\n",
    );
    for (id, values) in tiers {
        text += &format!("<TIER TIER_ID=\"{id}\">");
        for (i, value) in values.iter().enumerate() {
            text += &format!(
                "<ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID=\"{id}{i}\" TIME_SLOT_REF1=\"t1\" TIME_SLOT_REF2=\"t2\"><ANNOTATION_VALUE>{value}</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>"
            );
        }
        text += "</TIER>\n";
    }
    text + "</ANNOTATION_DOCUMENT>\n"
}

#[test]
fn an_elan_file_of_a_hundred_thousand_tiers_is_refused_at_once() {
    let folder = tempfile::tempdir().unwrap();
    let names: Vec<String> = (0..100_000).map(|t| format!("T{t}")).collect();
    let tiers: Vec<(&str, &[&str])> = names.iter().map(|n| (n.as_str(), &["X"][..])).collect();
    let file = write(folder.path(), "tiers.eaf", &elan(&tiers));
    let output = run_capped(&["gamma", file.to_str().unwrap(), "--samples", "3"], 60);
    assert_refused(
        &output,
        "tiers.eaf: 100000 tiers: more than the 10000 annotators a file may hold (γ measures at most 32)",
    );
}

#[test]
fn a_textgrid_declaring_a_hundred_thousand_tiers_is_refused_naming_the_line() {
    let folder = tempfile::tempdir().unwrap();
    let file = write(
        folder.path(),
        "many.TextGrid",
        "File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n\n0\n1\n<exists>\n100000\n\"IntervalTier\"\n",
    );
    let output = run_capped(&["gamma", file.to_str().unwrap()], 30);
    assert_refused(
        &output,
        "many.TextGrid: line 7: 100000 tiers: more than the 10000 annotators a file may hold",
    );
}

#[test]
fn a_line_of_two_hundred_megabytes_is_refused_by_every_line_reader() {
    let folder = tempfile::tempdir().unwrap();
    let commas = ",".repeat(200_000_000);
    for (name, format) in [
        ("long.csv", "csv"),
        ("long.rttm", "rttm"),
        ("long.tsv", "tsv3"),
    ] {
        let file = write(folder.path(), name, &format!("a,X,0,5\n{commas}\n"));
        let output = run_capped(&["gamma", "--format", format, file.to_str().unwrap()], 120);
        assert_refused(
            &output,
            &format!(
                "{name}: line 2: this line is 200000000 bytes long; the limit is 16777216 bytes (16 MiB) per line"
            ),
        );
        std::fs::remove_file(file).unwrap();
    }
}

#[test]
fn a_hundred_thousand_categories_are_refused_before_their_matrix() {
    let folder = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for u in 0..50_000 {
        text += &format!(
            "a,c{u},{},{}\nb,d{u},{},{}\n",
            u * 10,
            u * 10 + 5,
            u * 10,
            u * 10 + 5
        );
    }
    let file = write(folder.path(), "categories.csv", &text);
    let output = run_capped(&["gamma", file.to_str().unwrap(), "--samples", "3"], 60);
    assert_refused(
        &output,
        "100000 categories would need a 100000×100000 dissimilarity matrix of 74.5 GiB; the limit is 4096 categories",
    );
}

#[test]
fn gamma_of_a_thousand_annotators_is_refused_with_the_estimate() {
    let folder = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for a in 0..1000 {
        for u in 0..5 {
            text += &format!("a{a},X,{},{}\n", u * 10 + a % 3, u * 10 + a % 3 + 5);
        }
    }
    let csv = write(folder.path(), "crowd.csv", &text);
    let names: Vec<String> = (0..1000).map(|t| format!("T{t}")).collect();
    let tiers: Vec<(&str, &[&str])> = names.iter().map(|n| (n.as_str(), &["X"][..])).collect();
    let eaf = write(folder.path(), "crowd.eaf", &elan(&tiers));
    for file in [csv, eaf] {
        let output = run_capped(&["gamma", file.to_str().unwrap()], 60);
        assert_refused(
            &output,
            "γ of 1000 annotators is beyond reach: each unitary alignment would compare up to 499500 pairs of units, among 2^1000 combinations of annotators; the limit is 32 annotators",
        );
    }
}

/// `report` measures γ of every pair of annotators: past 100 annotators (4,950 pairs) it is
/// refused before anything is measured, whether they annotate one document or each a document
/// of their own, and no report is written.
#[test]
fn the_report_of_more_annotators_than_the_pairwise_limit_is_refused_at_once() {
    let folder = tempfile::tempdir().unwrap();
    let mut crowd = String::new();
    for a in 0..1000 {
        crowd += &format!("a{a},X,{},{}\n", a % 3, a % 3 + 5);
    }
    let crowd = write(folder.path(), "crowd.csv", &crowd);
    let apart = folder.path().join("apart");
    std::fs::create_dir(&apart).unwrap();
    for d in 0..51 {
        let text = format!("a{},X,0,5\na{},X,1,5\n", 2 * d, 2 * d + 1);
        write(&apart, &format!("d{d}.csv"), &text);
    }
    for (input, annotators, pairs) in [(crowd, 1000, 499_500), (apart, 102, 5151)] {
        let out = folder.path().join("r.html");
        let output = run_capped(
            &[
                "report",
                input.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
            ],
            60,
        );
        assert_refused(
            &output,
            &format!(
                "the pairwise γ of {annotators} annotators is {pairs} γ computations, one per \
                 pair; the limit is 100 annotators (4950 pairs) — measure a group of annotators"
            ),
        );
        assert!(!out.exists());
    }
}

#[test]
fn bench_with_absurd_sizes_is_refused_before_generating() {
    for (args, expected) in [
        (
            &["bench", "--case", "k3x100000000"][..],
            "k3x100000000: 300000000 units (about 60000 MB to generate); the limit is 1000000 units",
        ),
        (
            &["bench", "--case", "k1000x10"][..],
            "case \"k1000x10\": 1000 annotators; a case has 2 to 32",
        ),
        (
            &["bench", "--case", "tgamma100000000"][..],
            "tgamma100000000: 200000000 tokens",
        ),
        (
            &["bench", "--timeline", "100000000"][..],
            "--timeline: 300000000 units",
        ),
        (
            &["bench", "--project", "100000000"][..],
            "--project 100000000: the limit is 10000",
        ),
        (
            &["bench", "--coverage", "100000000"][..],
            "--coverage 100000000: the limit is 10000",
        ),
    ] {
        let output = run_capped(args, 20);
        assert_refused(&output, expected);
    }
}

const TEXTGRID: &str = "File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n\nxmin = 0\nxmax = 3\ntiers? <exists>\nsize = 2\nitem []:\n    item [1]:\n        class = \"IntervalTier\"\n        name = \"ann\"\n        xmin = 0\n        xmax = 3\n        intervals: size = 2\n        intervals [1]:\n            xmin = 0\n            xmax = 1\n            text = \"a\nb\"\n        intervals [2]:\n            xmin = 1\n            xmax = 3\n            text = \"x\"\n    item [2]:\n        class = \"IntervalTier\"\n        name = \"bob\"\n        xmin = 0\n        xmax = 3\n        intervals: size = 1\n        intervals [1]:\n            xmin = 0\n            xmax = 3\n            text = \"\"\n";

#[test]
fn a_textgrid_reads_the_same_with_every_line_end_and_a_byte_order_mark() {
    let expected = gamma_formats::textgrid::parse(TEXTGRID.as_bytes(), Path::new("t")).unwrap();
    assert_eq!(expected.len(), 2);
    assert_eq!(expected[0].units[0].category, "a\nb");
    for end in ["\n", "\r\n", "\r"] {
        for bom in ["", "\u{feff}"] {
            let text = format!("{bom}{}", TEXTGRID.replace('\n', end));
            let tiers = gamma_formats::textgrid::parse(text.as_bytes(), Path::new("t")).unwrap();
            assert_eq!(tiers, expected, "{end:?} {bom:?}");
            // Lines are counted at every line end: a damaged value names its line.
            let damaged = text.replace("xmax = 1", "xmax = \"1\"");
            let error =
                gamma_formats::textgrid::parse(damaged.as_bytes(), Path::new("d")).unwrap_err();
            assert_eq!(error.line, Some(17), "{end:?} {bom:?}");
        }
    }
}

#[test]
fn a_textgrid_with_more_tiers_than_its_size_is_refused() {
    let third = "    item [3]:\n        class = \"IntervalTier\"\n        name = \"cy\"\n        xmin = 0\n        xmax = 3\n        intervals: size = 1\n        intervals [1]:\n            xmin = 0\n            xmax = 3\n            text = \"x\"\n";
    let text = format!("{TEXTGRID}{third}");
    let error =
        gamma_formats::textgrid::parse(text.as_bytes(), Path::new("three.TextGrid")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "three.TextGrid: line 35: the file declares size = 2 tiers but goes on after the last of them: the size is wrong or the file is damaged"
    );
    // Cut after `size = 2`: the missing tier is an error too.
    let cut = &TEXTGRID[..TEXTGRID.find("    item [2]").unwrap()];
    let error =
        gamma_formats::textgrid::parse(cut.as_bytes(), Path::new("cut.TextGrid")).unwrap_err();
    assert!(
        error
            .message
            .contains("the file ends where a tier class was expected"),
        "{error}"
    );
}

#[test]
fn empty_tiers_are_named_in_a_warning() {
    let folder = tempfile::tempdir().unwrap();
    let grid = write(folder.path(), "two.TextGrid", TEXTGRID);
    let options = gamma_formats::ReadOptions::default();
    let (documents, warnings) = read_documents(std::slice::from_ref(&grid), &options).unwrap();
    assert_eq!(documents[0].continuum.n_annotators(), 1);
    let empty: Vec<String> = warnings
        .iter()
        .filter(|w| w.kind == WarningKind::EmptyAnnotator)
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        empty,
        [format!(
            "{}: 1 interval tier(s) without a labelled annotation, not measured as annotators: \"bob\"",
            grid.display()
        )]
    );
    let eaf = write(
        folder.path(),
        "e.eaf",
        &elan(&[
            ("A", &["X"]),
            ("B", &["X"]),
            ("silent", &[" "]),
            ("none", &[]),
        ]),
    );
    let (documents, warnings) = read_documents(std::slice::from_ref(&eaf), &options).unwrap();
    assert_eq!(documents[0].continuum.n_annotators(), 2);
    let empty: Vec<String> = warnings
        .iter()
        .filter(|w| w.kind == WarningKind::EmptyAnnotator)
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        empty,
        [format!(
            "{}: 2 tier(s) without a labelled annotation, not measured as annotators: \"silent\", \"none\"",
            eaf.display()
        )]
    );
    // And through the binary: the warning is printed, γ computed for the others.
    let output = run_capped(&["gamma", eaf.to_str().unwrap(), "--samples", "3"], 60);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stderr(&output).contains("not measured as annotators: \"silent\", \"none\""));
}

/// `gold doc.csv --report doc.txt` replaced the CSV's own text (the text its offsets point
/// into) with the report: a companion found by convention is an input, never an output.
#[test]
fn the_text_beside_a_csv_is_never_an_output() {
    let folder = tempfile::tempdir().unwrap();
    let csv = write(folder.path(), "doc.csv", "a,X,0,5\nb,X,1,5\n");
    let txt = write(folder.path(), "doc.txt", "hello world\n");
    let (csv, txt) = (csv.to_str().unwrap(), txt.to_str().unwrap());
    let gold = folder.path().join("g.csv");
    let gold = gold.to_str().unwrap();
    let report = folder.path().join("r.json");
    let report = report.to_str().unwrap();
    let base = ["gold", csv, "--auto", "unanimous"];
    for outputs in [
        ["--out", gold, "--report", txt],
        ["--out", gold, "--session", txt],
    ] {
        let args: Vec<&str> = base.iter().chain(&outputs).copied().collect();
        let output = run_capped(&args, 60);
        assert_refused(
            &output,
            &format!("is an input file of this command (a companion of an annotation file: {txt})"),
        );
        assert_eq!(std::fs::read_to_string(txt).unwrap(), "hello world\n");
        assert!(!Path::new(gold).exists() && !Path::new(report).exists());
    }
    let output = run_capped(&["convert", csv, "--to", "csv", "--out", txt], 60);
    assert_refused(&output, "a companion of an annotation file");
    assert_eq!(std::fs::read_to_string(txt).unwrap(), "hello world\n");
}
