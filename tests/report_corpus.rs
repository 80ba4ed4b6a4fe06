//! The report of a corpus is a paper's table: a generated corpus of 200 documents gets
//! corpus-level values with their bootstrap intervals first, the table of each document after
//! them in an appendix, each reason a value is undefined said once, and a method paragraph and
//! command to reproduce that name no local path (HTML and Markdown alike), with plurals right
//! for 1 and 2 documents.

mod common;

use common::cli::gamma_studio;
use std::path::Path;

/// `n` documents of two annotators (six units each, seeded offsets and categories) in
/// `folder`; every seventh document has no LOC unit, so α_U of LOC is undefined there.
fn write_corpus(folder: &Path, n: usize) {
    std::fs::create_dir_all(folder).unwrap();
    let mut state: u64 = 7;
    let mut next = |modulo: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % modulo
    };
    for d in 0..n {
        let mut lines = vec!["annotator,category,start,end".to_string()];
        let mut position = 0;
        for u in 0..6 {
            let start = position + 1 + next(5);
            let end = start + 2 + next(7);
            position = end;
            let category = if u % 2 == 0 || d % 7 == 0 {
                "PER"
            } else {
                "LOC"
            };
            lines.push(format!("ana,{category},{start},{end}"));
            let shifted = (start + next(3)).saturating_sub(1).min(end - 1);
            lines.push(format!("ben,{category},{shifted},{end}"));
        }
        std::fs::write(
            folder.join(format!("doc{d:03}.csv")),
            lines.join("\n") + "\n",
        )
        .unwrap();
    }
}

fn report_of(folder: &Path, out: &Path) -> String {
    let output = gamma_studio(&[
        "report",
        folder.to_str().unwrap(),
        "--samples",
        "30",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::read_to_string(out).unwrap()
}

/// No local path: not the corpus's absolute path, nor the temporary folder, nor the home.
fn assert_no_local_path(text: &str, corpus: &Path) {
    let corpus = corpus.to_str().unwrap();
    assert!(
        !text.contains(corpus),
        "the corpus's absolute path {corpus}"
    );
    assert!(!text.contains("/tmp"), "/tmp in {text}");
    if let Some(home) = std::env::var_os("HOME").filter(|h| h.len() > 1) {
        assert!(!text.contains(home.to_str().unwrap()), "the home folder");
    }
}

#[test]
fn the_report_of_200_documents_is_a_papers_table() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    write_corpus(&corpus, 200);
    let html = report_of(&corpus, &dir.path().join("r.html"));
    let pooled = html.find("<td>γ (pooled)</td>").expect("a corpus-level γ");
    let row = &html[pooled..pooled + html[pooled..].find("</tr>").unwrap()];
    assert!(row.contains(" … "), "with its interval: {row}");
    assert!(html.contains("95 % bootstrap confidence interval</th>"));
    assert!(html.contains("<td>γ-k LOC</td>") && html.contains("<td>γ-k PER</td>"));
    let appendix = html.find("Appendix: each document").unwrap();
    assert!(pooled < appendix, "the corpus first");
    assert!(appendix < html.find("<section id=\"documents\">").unwrap());
    assert!(appendix < html.find("<section id=\"coefficients\">").unwrap());
    assert!(
        html.rfind("</section>").unwrap() > html.find("<section id=\"coefficients\">").unwrap(),
        "the appendix ends the page"
    );
    // The documents of one category only leave coefficients undefined: each reason is said
    // once, under the table, and each undefined value points to it.
    let coefficients = &html[html.find("<section id=\"coefficients\">").unwrap()..];
    let list = &coefficients[coefficients
        .find("<ol class=\"why\">")
        .expect("the reasons")..];
    let list = &list[..list.find("</ol>").unwrap()];
    let reasons: Vec<&str> = (list.split("<li>").skip(1))
        .map(|r| r.trim_end_matches("</li>"))
        .collect();
    assert!(!reasons.is_empty());
    for reason in &reasons {
        assert_eq!(html.matches(reason).count(), 1, "{reason} once");
    }
    assert!(
        coefficients.matches("— <sup>").count() >= 29,
        "the 29 documents of PER only"
    );
    assert!(!html.contains("undefined: "));
    let methods = &html[html.find("<section id=\"methods\">").unwrap()..pooled];
    assert!(methods.contains("on 200 documents annotated by 2 annotators (2400 units)"));
    assert!(
        methods
            .contains("<pre><code>gamma-studio report corpus --samples 30 -o r.html</code></pre>")
    );
    assert_no_local_path(methods, &corpus);

    let markdown = report_of(&corpus, &dir.path().join("r.md"));
    let pooled = markdown.find("| γ (pooled) | ").unwrap();
    assert!(markdown[pooled..].lines().next().unwrap().contains(" … "));
    let appendix = markdown.find("## Appendix: each document").unwrap();
    assert!(pooled < appendix && appendix < markdown.find("| doc000 |").unwrap());
    let methods = &markdown[..pooled];
    assert!(methods.contains("```sh\ngamma-studio report corpus --samples 30 -o r.md\n```"));
    assert_no_local_path(methods, &corpus);
}

#[test]
fn the_method_paragraph_says_1_document_and_2_documents() {
    let dir = tempfile::tempdir().unwrap();
    for (n, said) in [
        (1, "on 1 document annotated"),
        (2, "on 2 documents annotated"),
    ] {
        let corpus = dir.path().join(format!("corpus {n}"));
        write_corpus(&corpus, n);
        for extension in ["html", "md"] {
            let text = report_of(&corpus, &dir.path().join(format!("r{n}.{extension}")));
            assert!(text.contains(said), "{said} in the {extension}");
            assert!(!text.contains("document(s)"));
            let quoted = match extension {
                "html" => format!("gamma-studio report &#39;corpus {n}&#39; --samples 30"),
                _ => format!("gamma-studio report 'corpus {n}' --samples 30"),
            };
            assert!(text.contains(&quoted), "{quoted}");
            assert_no_local_path(&text, &corpus);
        }
    }
}
