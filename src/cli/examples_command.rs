//! `gamma-studio examples FILES --pair PER,ORG`: the unitary alignments where two confused
//! categories meet, each with every annotator's unit and its text in context — a list for the
//! guideline document (Markdown, CSV or JSON).

use super::Failure;
use super::input::InputArgs;
use super::settings_args::DissimilarityArgs;
use clap::Args;
use gamma_core::diagnostics::examples;
use gamma_core::gamma::{RunControl, SampleCount};
use gamma_core::{Corpus, GammaOptions};
use gamma_formats::examples_list::{csv_text, markdown};
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct ExamplesArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub dissimilarity: DissimilarityArgs,
    /// The two categories, `A,B` (the same twice: where annotators of that category disagree
    /// on the span); `A,∅` (or `A,empty`): where some annotators marked an A and others nothing.
    #[arg(long, value_name = "A,B", required = true)]
    pub pair: String,
    /// Write the list to this file instead of printing it: .md (Markdown), .csv or .json.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<PathBuf>,
}

fn bad(message: impl Into<String>) -> Failure {
    Failure::BadInput(message.into())
}

pub fn run(args: &ExamplesArgs) -> Result<(), Failure> {
    let (first, second) = args
        .pair
        .split_once(',')
        .ok_or_else(|| bad(format!("--pair {:?}: expected A,B", args.pair)))?;
    let (first, second) = (first.trim(), second.trim());
    let options = args.dissimilarity.options()?;
    let documents = args.input.read()?;
    if let Some(out) = &args.out {
        let mut plan = super::file_plan::FilePlan::default();
        let found: Vec<PathBuf> = documents.iter().flat_map(|d| d.source.paths()).collect();
        plan.reads_input_args(&args.input, &found);
        plan.writes("--out", out, false)?;
    }
    let corpus = Corpus::new(documents.into_iter().map(|d| d.continuum).collect());
    let categories = corpus.categories();
    let known = |c: &str| categories.iter().any(|k| k == c);
    let second = match second {
        "∅" | "empty" if !known(second) => None,
        other => Some(other),
    };
    for category in std::iter::once(first).chain(second) {
        if !known(category) {
            return Err(bad(format!(
                "--pair: no unit has the category {category:?} (the categories are {})",
                categories.join(", ")
            )));
        }
    }
    // Only the best alignments are needed, not the chance disorders.
    let aligned = GammaOptions {
        samples: SampleCount::Fixed(2),
        categorical_gammas: false,
        ..options
    };
    let result = gamma_core::corpus_gamma(&corpus, &aligned, RunControl::default())
        .map_err(super::settings_args::gamma_failure)?;
    let found = examples(&corpus, &result, first, second);
    let title = format!("{first} and {}", second.unwrap_or("nothing"));
    let extension = (args.out.as_ref())
        .and_then(|p| p.extension())
        .map(|e| e.to_string_lossy().to_lowercase());
    let text = match extension.as_deref() {
        Some("json") => serde_json::to_string_pretty(&found).expect("JSON of plain values"),
        Some("csv") => csv_text(&found),
        Some("md") | None => markdown(&found, &title, corpus.documents.len()),
        Some(other) => {
            return Err(bad(format!(
                "--out: .{other} is not a list format (.md, .csv or .json)"
            )));
        }
    };
    match &args.out {
        Some(path) => {
            gamma_formats::write_atomically(path, text.as_bytes())
                .map_err(|e| bad(e.to_string()))?;
            eprintln!(
                "gamma-studio: {} where {title} meet → {}",
                crate::wording::plural(found.len(), "place", "places"),
                path.display()
            );
        }
        None => print!("{}", super::diagnose::shown_lines(&text)),
    }
    Ok(())
}
