//! `gamma-studio gold FILE... --auto RULE --out GOLD`: a consensus without the GUI, of one
//! document ([`document`]) or of every document of a corpus folder ([`corpus`]).

mod corpus;
mod document;

use super::Failure;
use super::input::InputArgs;
use super::settings_args::DissimilarityArgs;
use clap::Args;
use gamma_core::gold::{OpenAlignments, Rationale, ReasonList};
use gamma_formats::Format;
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct GoldArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub dissimilarity: DissimilarityArgs,
    /// Bulk rule, applied in the order given (repeatable): `unanimous` (every annotator, same
    /// category, same span), `threshold:T:K` (disorder at most T and at least K annotators
    /// agreeing on the category; the gold unit is the suggestion of the app: an annotator's unit
    /// of the majority category, the closest to the others, or none where most annotators have
    /// none) or `median:T:K` (the same, with the median boundaries of the majority's units).
    #[arg(long, value_name = "RULE", required = true)]
    pub auto: Vec<String>,
    /// The gold file; its extension gives the format: .aa (Glozz), .xml (CorA-XML), .csv, .eaf,
    /// .tsv (WebAnno TSV 3), .xmi (UIMA CAS XMI), .ann (brat), .TextGrid, .rttm. For a corpus
    /// folder, the folder of the gold files, laid out as the corpus (a `gold` folder beside the
    /// annotators' folders, `DOCUMENT/gold.EXT` in document folders, `DOCUMENT.EXT` otherwise).
    #[arg(long, short = 'o', value_name = "GOLD")]
    pub out: PathBuf,
    /// For a corpus folder: the format of the gold files (default: the corpus's own; TSV 3 for
    /// INCEpTION project exports).
    #[arg(long, value_name = "FORMAT", value_parser = super::input::format_parser(true))]
    pub to: Option<Format>,
    /// For a corpus folder: what becomes of a document whose alignments are not all decided
    /// after the rules: `skip` (no gold file), `decided` (the gold holds what was decided) or
    /// `suggestions` (the open alignments take the suggestion, recorded as threshold:inf:1).
    #[arg(long, value_name = "WHAT", default_value = "decided")]
    pub open_alignments: OpenAlignments,
    /// Also write a report of every decision (.json, or CSV for any other extension).
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Also save the adjudication session, to go on deciding in the app.
    #[arg(long, value_name = "FILE.json")]
    pub session: Option<PathBuf>,
    /// Who decides (recorded with every decision; default: the login name).
    #[arg(long, value_name = "NAME")]
    pub adjudicator: Option<String>,
    /// The annotator whose content goes into the gold where the annotators differ on what was
    /// not measured (other unit types, excluded units, other tiers), and whose relations and
    /// schemas (Glozz), relations, attributes and notes (brat), dependent tiers (ELAN), other
    /// layers, annotation types and relation layers (TSV 3, XMI) and layers not read (CorA) are
    /// carried into the gold, remapped to the gold units (default: the first).
    #[arg(long, value_name = "NAME")]
    pub base: Option<String>,
    /// Allow writing over an input file.
    #[arg(long)]
    pub overwrite_input: bool,
    /// Replace a --session file that holds the adjudication of another document (by default
    /// an existing session of this document is resumed, and one of another is refused).
    #[arg(long)]
    pub force: bool,
    /// The reason recorded with every decision the rules take (a key or a label of the
    /// campaign's reasons: annotator-error, guideline-gap, ambiguous-text, boundary-convention,
    /// out-of-scope by default, or those of --reasons); in the session, the report and the
    /// feedback.
    #[arg(long, value_name = "REASON")]
    pub reason: Option<String>,
    /// A note recorded with every decision the rules take.
    #[arg(long, value_name = "TEXT")]
    pub note: Option<String>,
    /// The campaign's reasons: a text file of one reason a line, `key: label` or a label alone
    /// (`#` starts a comment). Saved in the session (default: the session's list, else the
    /// default list).
    #[arg(long, value_name = "FILE")]
    pub reasons: Option<PathBuf>,
    /// Also write one feedback page per annotator into this folder (HTML and Markdown, as the
    /// `feedback` command writes them): her disagreements with the gold where it is decided,
    /// with the majority elsewhere.
    #[arg(long, value_name = "DIR")]
    pub feedback: Option<PathBuf>,
    /// With --feedback: name the other annotators "annotator A", "annotator B"… on each page.
    #[arg(long, requires = "feedback")]
    pub anonymise: bool,
    /// Print one JSON object instead of a summary.
    #[arg(long)]
    pub json: bool,
}

fn bad(message: impl Into<String>) -> Failure {
    Failure::BadInput(message.into())
}

/// The index of the `--base` annotator (the first without one).
fn base_index(names: &[String], base: Option<&str>) -> Result<usize, Failure> {
    let Some(name) = base else { return Ok(0) };
    names.iter().position(|n| n == name).ok_or_else(|| {
        bad(format!(
            "--base {name:?}: no such annotator (the annotators are {})",
            names.join(", ")
        ))
    })
}

/// The campaign's reasons: `--reasons FILE`, else `kept` (a resumed session's), else the
/// default list.
fn reason_list(args: &GoldArgs, kept: Option<&ReasonList>) -> Result<ReasonList, Failure> {
    match &args.reasons {
        Some(path) => {
            let bytes = gamma_formats::read_bytes(path).map_err(|e| bad(e.to_string()))?;
            let text = String::from_utf8(bytes)
                .map_err(|_| bad(format!("--reasons {}: not UTF-8 text", path.display())))?;
            ReasonList::parse(&text).map_err(|e| bad(format!("--reasons {}: {e}", path.display())))
        }
        None => Ok(kept.cloned().unwrap_or_default()),
    }
}

/// The reason and note `--reason` and `--note` give the rules' decisions, checked against
/// `reasons`.
fn rationale(args: &GoldArgs, reasons: &ReasonList) -> Result<Rationale, Failure> {
    if let Some(reason) = &args.reason {
        reasons
            .resolve(reason)
            .map_err(|e| bad(format!("--reason: {e}")))?;
    }
    Ok(Rationale::new(args.reason.as_deref(), args.note.as_deref()))
}

/// `--feedback DIR`: the pages of `documents` with their adjudications.
fn write_feedback(
    args: &GoldArgs,
    documents: &[gamma_formats::Document],
    adjudications: &[Option<&gamma_core::gold::Adjudication>],
    reasons: &ReasonList,
) -> Result<(), Failure> {
    let Some(folder) = &args.feedback else {
        return Ok(());
    };
    let options = args.dissimilarity.options()?;
    let forms = [
        gamma_formats::feedback_pages::PageFormat::Html,
        gamma_formats::feedback_pages::PageFormat::Markdown,
    ];
    super::feedback_command::write_pages(
        documents,
        adjudications,
        &options,
        reasons,
        args.anonymise,
        &forms,
        folder,
    )?;
    Ok(())
}

pub fn run(args: &GoldArgs) -> Result<(), Failure> {
    match args.input.files.as_slice() {
        [folder] if folder.is_dir() => corpus::run(args, folder),
        _ => document::run(args),
    }
}
