//! Feedback pages through the command line (`gold --feedback`, `feedback`), on the demo corpora
//! and STAC document 12 (from ../shared, skipped with a notice when absent): every disagreement
//! the core finds is listed once on the page, the page loads nothing from outside and renders
//! in headless Chromium (required where GAMMA_STUDIO_REQUIRE_BROWSER is set, as in CI).

mod common;

use common::cli::gamma_studio;
use gamma_core::feedback::{FeedbackOptions, feedback};
use gamma_core::gamma::{GammaOptions, RunControl, SampleCount};
use gamma_core::{Corpus, gold::Adjudication};
use gamma_formats::session::Session;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn demo(relative: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("resources/demo")
        .join(relative)
        .to_string_lossy()
        .into_owned()
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
        println!("notice: chromium is absent; the feedback pages' browser test is skipped");
    }
    found
}

/// The page's DOM as headless Chromium builds it, offline.
fn dom(browser: &str, page: &Path, profile: &Path) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--host-resolver-rules=MAP * ~NOTFOUND",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The ids (`dDOC-ALIGNMENT`) of the disagreements a page lists.
fn listed_ids(html: &str) -> Vec<String> {
    html.split("<li class=\"disagreement\" id=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().to_string())
        .collect()
}

/// What the core finds for `files` with the session `session`, per annotator: the ids.
fn expected(files: &[String], session: &Path) -> Vec<(String, Vec<String>)> {
    let paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    let (documents, _) = gamma_formats::read_documents(&paths, &Default::default()).unwrap();
    let continuum = documents[0].continuum.clone();
    let saved = Session::resume(session, &continuum).unwrap().unwrap();
    let corpus = Corpus::new(vec![continuum]);
    let options = GammaOptions {
        samples: SampleCount::Fixed(2),
        ..GammaOptions::default()
    };
    let result = gamma_core::corpus_gamma(&corpus, &options, RunControl::default()).unwrap();
    let adjudication: &Adjudication = &saved.adjudication;
    feedback(
        &corpus,
        &result,
        &[Some(adjudication)],
        &saved.reasons,
        FeedbackOptions::default(),
    )
    .into_iter()
    .map(|page| {
        let ids = (page.disagreements.iter())
            .map(|d| format!("d{}-{}", d.id.document, d.id.alignment))
            .collect();
        (page.annotator, ids)
    })
    .collect()
}

fn check_pages(files: Vec<String>, names: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let session = dir.path().join("session.json");
    let pages = dir.path().join("pages");
    let mut args: Vec<String> = ["gold", "--auto", "unanimous", "--reason", "guideline gap"]
        .map(String::from)
        .to_vec();
    args.extend([
        "-o".into(),
        dir.path().join("gold.aa").to_string_lossy().into_owned(),
    ]);
    args.extend(["--session".into(), session.to_string_lossy().into_owned()]);
    args.extend(["--feedback".into(), pages.to_string_lossy().into_owned()]);
    args.extend(files.iter().cloned());
    let run = gamma_studio(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let expected = expected(&files, &session);
    assert_eq!(expected.len(), names.len());
    let browser = chromium();
    let mut total = 0;
    for (annotator, ids) in &expected {
        let html_path = pages.join(format!("feedback-{annotator}.html"));
        let html = std::fs::read_to_string(&html_path).unwrap();
        let markdown =
            std::fs::read_to_string(pages.join(format!("feedback-{annotator}.md"))).unwrap();
        // Nothing from outside: no script, image, frame, style sheet or address.
        for needle in [
            "<script", "<img", "<iframe", "<link", "src=", "url(", "http://", "https://", "<b>see",
        ] {
            assert!(!html.contains(needle), "{annotator}: {needle} in the page");
        }
        let sorted = |mut v: Vec<String>| {
            v.sort();
            v
        };
        assert_eq!(
            sorted(listed_ids(&html)),
            sorted(ids.clone()),
            "{annotator}"
        );
        let unique: BTreeSet<&String> = ids.iter().collect();
        assert_eq!(
            unique.len(),
            ids.len(),
            "{annotator}: a disagreement listed twice"
        );
        assert_eq!(markdown.matches("\n  - Decision: ").count(), ids.len());
        total += ids.len();
        if let Some(browser) = browser {
            let rendered = dom(browser, &html_path, &dir.path().join("profile"));
            assert!(
                rendered.contains(&format!("Feedback for {annotator}")),
                "{rendered}"
            );
            assert_eq!(
                listed_ids(&rendered),
                listed_ids(&html),
                "{annotator}: in the browser"
            );
            assert!(!rendered.contains("<script") && !rendered.contains("<img"));
        }
    }
    assert!(total > 0, "the documents have disagreements");
}

#[test]
fn the_demo_pages_list_every_disagreement_once_and_load_nothing() {
    check_pages(
        ["ana", "ben", "chloe"]
            .map(|a| demo(&format!("glozz/{a}/named-entities.aa")))
            .to_vec(),
        &["ana", "ben", "chloe"],
    );
    check_pages(
        ["ana", "ben"]
            .map(|a| demo(&format!("discourse/{a}/dialogue.aa")))
            .to_vec(),
        &["ana", "ben"],
    );
}

#[test]
fn stac_document_12_pages() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpora/glozz/stac-s1-league2-game1/units");
    if !folder.is_dir() {
        println!(
            "notice: {} is absent; STAC document 12 is skipped",
            folder.display()
        );
        return;
    }
    let files = ["hjoseph", "SILVER"]
        .map(|a| {
            folder
                .join(a)
                .join("s1-league2-game1_12.aa")
                .to_string_lossy()
                .into_owned()
        })
        .to_vec();
    check_pages(files, &["hjoseph", "SILVER"]);
}

/// The `feedback` command with a session decided by hand, the others anonymised: the reason
/// and note of a decision are on the page of the annotator the gold differs from.
#[test]
fn the_feedback_command_shows_a_decisions_reason_and_the_others_anonymised() {
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<String> = ["ana", "ben", "chloe"]
        .map(|a| demo(&format!("glozz/{a}/named-entities.aa")))
        .to_vec();
    let session = dir.path().join("session.json");
    let mut args = vec![
        "gold",
        "--auto",
        "unanimous",
        "--session",
        session.to_str().unwrap(),
    ];
    let gold = dir.path().join("gold.aa");
    args.extend(["-o", gold.to_str().unwrap()]);
    args.extend(files.iter().map(String::as_str));
    assert!(gamma_studio(&args).status.success());
    // Decide alignment 9 (ben's "J. Einstein", alone) by hand: rejected, out of scope.
    let mut saved = Session::load(&session).unwrap();
    let reasons = saved.reasons.clone();
    saved.adjudication.reject(8).unwrap();
    let why = gamma_core::gold::Rationale::new(
        Some("out-of-scope"),
        Some("<b>a person</b> inside a company & its name"),
    );
    saved.adjudication.set_rationale(8, &why, &reasons).unwrap();
    saved.save(&session).unwrap();
    let pages = dir.path().join("pages");
    let mut args = vec![
        "feedback",
        "--anonymise",
        "--session",
        session.to_str().unwrap(),
    ];
    args.extend(["-o", pages.to_str().unwrap()]);
    args.extend(files.iter().map(String::as_str));
    let run = gamma_studio(&args);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let ben = std::fs::read_to_string(pages.join("feedback-ben.md")).unwrap();
    assert!(ben.contains("Gold: nothing"), "{ben}");
    assert!(
        ben.contains(
            r"reason: not an entity / out of scope — note: \<b\>a person\</b\> inside a company \& its name"
        ),
        "{ben}"
    );
    let html = std::fs::read_to_string(pages.join("feedback-ben.html")).unwrap();
    assert!(html.contains("note: &lt;b&gt;a person&lt;/b&gt; inside a company &amp; its name"));
    assert!(
        ben.contains("annotator A") && !ben.contains("chloe"),
        "{ben}"
    );
    // --pages md: Markdown alone.
    let only = dir.path().join("md");
    let mut args = vec!["feedback", "--pages", "md", "-o", only.to_str().unwrap()];
    args.extend(files.iter().map(String::as_str));
    assert!(gamma_studio(&args).status.success());
    assert!(only.join("feedback-ben.md").exists() && !only.join("feedback-ben.html").exists());
}
