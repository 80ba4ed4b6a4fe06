//! `gamma-studio feedback FILES|DIR --out DIR`: one page per annotator (HTML and/or Markdown)
//! with her disagreements with the gold (from adjudication sessions) or with the majority, and
//! her profile beside the group's. `gold … --feedback DIR` writes the same pages from the
//! adjudication it makes.

use super::Failure;
use super::input::InputArgs;
use super::settings_args::DissimilarityArgs;
use clap::Args;
use gamma_core::feedback::{FeedbackOptions, feedback};
use gamma_core::gamma::{RunControl, SampleCount};
use gamma_core::gold::{Adjudication, ReasonList};
use gamma_core::{Corpus, GammaOptions};
use gamma_formats::Document;
use gamma_formats::feedback_pages::{PageFormat, write_feedback};
use gamma_formats::session::{Session, content_key};
use std::path::{Path, PathBuf};

#[derive(Args, Debug, Clone)]
pub struct FeedbackArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub dissimilarity: DissimilarityArgs,
    /// The folder of the pages, `feedback-NAME.html` and `.md` (created if missing).
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: PathBuf,
    /// An adjudication session of one of the documents (repeatable, as `gold --session` or the
    /// app saves them, found by the document's content): its decisions, reasons and notes are
    /// the gold the annotators are compared with; elsewhere, the majority.
    #[arg(long, value_name = "FILE.json")]
    pub session: Vec<PathBuf>,
    /// Name the other annotators "annotator A", "annotator B"… on each page.
    #[arg(long)]
    pub anonymise: bool,
    /// The pages' form: html, md or both.
    #[arg(long, value_name = "FORM", default_value = "both", value_parser = ["html", "md", "both"])]
    pub pages: String,
}

/// The forms `--format` names.
fn formats(name: &str) -> Vec<PageFormat> {
    match name {
        "html" => vec![PageFormat::Html],
        "md" => vec![PageFormat::Markdown],
        _ => vec![PageFormat::Html, PageFormat::Markdown],
    }
}

/// Writes the feedback pages of `documents` (with `adjudications[d]` when document `d` has
/// one) into `out`; says what it wrote on stderr.
pub fn write_pages(
    documents: &[Document],
    adjudications: &[Option<&Adjudication>],
    options: &GammaOptions,
    reasons: &ReasonList,
    anonymise: bool,
    forms: &[PageFormat],
    out: &Path,
) -> Result<Vec<PathBuf>, Failure> {
    let corpus = Corpus::new(documents.iter().map(|d| d.continuum.clone()).collect());
    // The pages need the best alignments only: the chance disorders are not used.
    let aligned = GammaOptions {
        samples: SampleCount::Fixed(2),
        categorical_gammas: false,
        ..options.clone()
    };
    let result = gamma_core::corpus_gamma(&corpus, &aligned, RunControl::default())
        .map_err(super::settings_args::gamma_failure)?;
    let pages = feedback(
        &corpus,
        &result,
        adjudications,
        reasons,
        FeedbackOptions { anonymise },
    );
    let unit = documents
        .first()
        .map_or("positions", gamma_formats::position_unit);
    let written =
        write_feedback(out, &pages, forms, unit).map_err(|e| Failure::BadInput(e.to_string()))?;
    for page in &pages {
        eprintln!(
            "gamma-studio: feedback for {}: {}",
            super::diagnose::shown(&page.annotator),
            crate::wording::plural(page.disagreements.len(), "disagreement", "disagreements")
        );
    }
    Ok(written)
}

pub fn run(args: &FeedbackArgs) -> Result<(), Failure> {
    let options = args.dissimilarity.options()?;
    let documents = args.input.read()?;
    let mut plan = super::file_plan::FilePlan::default();
    let found: Vec<PathBuf> = documents.iter().flat_map(|d| d.source.paths()).collect();
    plan.reads_input_args(&args.input, &found);
    for session in &args.session {
        plan.reads("--session", session);
    }
    plan.writes("--out", &args.out, false)?;
    let mut sessions: Vec<Option<Session>> = vec![None; documents.len()];
    for path in &args.session {
        let held = Session::load(path).map_err(|e| Failure::BadInput(format!("--session: {e}")))?;
        let key = content_key(held.adjudication.continuum());
        let Some(d) = (documents.iter()).position(|d| content_key(&d.continuum) == key) else {
            return Err(Failure::BadInput(format!(
                "--session {}: holds the adjudication of {:?}, which is not among the documents",
                path.display(),
                held.adjudication.continuum().name
            )));
        };
        let resumed = Session::resume(path, &documents[d].continuum)
            .map_err(|e| Failure::BadInput(format!("--session: {e}")))?;
        sessions[d] = resumed;
    }
    let reasons = (sessions.iter().flatten().next())
        .map(|s| s.reasons.clone())
        .unwrap_or_default();
    let adjudications: Vec<Option<&Adjudication>> = sessions
        .iter()
        .map(|s| s.as_ref().map(|s| &s.adjudication))
        .collect();
    let written = write_pages(
        &documents,
        &adjudications,
        &options,
        &reasons,
        args.anonymise,
        &formats(&args.pages),
        &args.out,
    )?;
    for path in written {
        println!("{}", path.display());
    }
    Ok(())
}
