//! `gamma-studio report FILES|DIR --out report.html`: the agreement report, as one HTML page,
//! Markdown, LaTeX tables or JSON, chosen by the output's extension.

use super::Failure;
use super::gamma_command::{GammaArgs, read_corpus};
use crate::report::{Report, html, tables};
use clap::Args;
use gamma_core::gamma::GammaError;
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct ReportArgs {
    #[command(flatten)]
    pub gamma: GammaArgs,
    /// Where to write the report: .html (one self-contained page), .md, .tex or .json.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: PathBuf,
}

/// The report's kinds, by extension.
enum Kind {
    Html,
    Markdown,
    Latex,
    Json,
}

fn kind_of(path: &std::path::Path) -> Result<Kind, Failure> {
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    match extension.as_str() {
        "html" | "htm" => Ok(Kind::Html),
        "md" => Ok(Kind::Markdown),
        "tex" => Ok(Kind::Latex),
        "json" => Ok(Kind::Json),
        other => Err(Failure::BadInput(format!(
            "--out {}: .{other} is not a report format (.html, .md, .tex or .json)",
            path.display()
        ))),
    }
}

/// The command line that gives the same figures (the arguments as given).
fn rerun() -> String {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .map(|a| if a.contains(' ') { format!("'{a}'") } else { a })
        .collect();
    format!("gamma-studio {}", args.join(" "))
}

pub fn run(args: &ReportArgs) -> Result<(), Failure> {
    let kind = kind_of(&args.out)?;
    let options = args.gamma.options()?;
    let mut corpus = read_corpus(&args.gamma)?;
    for document in &mut corpus.documents {
        *document = document.filter_categories(|c| !args.gamma.input_excludes(c));
    }
    let report = Report::gather(&corpus, &options, rerun()).map_err(|e| match e {
        GammaError::Cancelled => Failure::Computation(e.to_string()),
        other => Failure::BadInput(other.to_string()),
    })?;
    let text = match kind {
        Kind::Html => html::render(&report),
        Kind::Markdown => tables::markdown(&report),
        Kind::Latex => tables::latex(&report),
        Kind::Json => serde_json::to_string_pretty(&report).expect("JSON of plain values"),
    };
    gamma_formats::write_atomically(&args.out, text.as_bytes())
        .map_err(|e| Failure::BadInput(e.to_string()))?;
    eprintln!(
        "gamma-studio: report written to {} (γ = {:.4})",
        args.out.display(),
        report.overall.gamma
    );
    Ok(())
}
