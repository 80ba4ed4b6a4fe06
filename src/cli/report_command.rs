//! `gamma-studio report FILES|DIR --out report.html`: the agreement report, as one HTML page,
//! Markdown, LaTeX tables or JSON, chosen by the output's extension.

use super::Failure;
use super::gamma_command::GammaArgs;
use crate::printable::tell;
use crate::report::{Rendering, Report};
use clap::Args;
use gamma_core::gamma::GammaError;
use gamma_core::{Continuum, Corpus};
use gamma_formats::reference::with_reference;
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct ReportArgs {
    #[command(flatten)]
    pub gamma: GammaArgs,
    /// Where to write the report: .html (one self-contained page), .md, .tex or .json.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: PathBuf,
    /// The reference (a gold standard: an annotator's name, or `curation` for a project
    /// export's curated document, the default when the documents come with one): every other
    /// annotator is scored against it, and the agreement figures are those of the annotators
    /// without it.
    #[arg(long, value_name = "NAME")]
    pub reference: Option<String>,
    /// Also calibrate γ with the Corpus Shuffling Tool: the magnitude of each kind of error
    /// (shift, missed and extra units, splits, categories) whose simulated annotators have this
    /// γ, as `calibrate` gives it (5 sets per magnitude, step 0.1; tens of seconds)
    #[arg(long)]
    pub calibrate: bool,
    /// An adjudication session of one of the documents (repeatable, as `gold --session` or the
    /// app saves them): its decisions are counted by category and by the reason given, with
    /// the first session's list of reasons.
    #[arg(long, value_name = "FILE.json")]
    pub session: Vec<PathBuf>,
}

/// The report's form, by the output's extension.
fn kind_of(path: &std::path::Path) -> Result<Rendering, Failure> {
    Rendering::of(path).ok_or_else(|| {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        Failure::BadInput(format!(
            "--out {}: .{extension} is not a report format (.html, .md, .tex or .json)",
            path.display()
        ))
    })
}

/// The command line that gives the same figures: the arguments as given, quoted for a POSIX
/// shell, every file named relative to the folder that holds the inputs (a corpus folder by its
/// own name) and the output by its file name, so that it runs on a colleague's machine.
fn rerun(args: &ReportArgs) -> String {
    use crate::report::command_line::{command_line, with_shared_names};
    let mut paths: Vec<&std::path::Path> = vec![&args.out];
    paths.extend(args.session.iter().map(PathBuf::as_path));
    paths.extend(args.gamma.input.text.as_deref());
    paths.extend(args.gamma.input.model.as_deref());
    paths.extend(args.gamma.per_document.as_deref());
    let arguments = std::env::args_os().skip(1);
    command_line(with_shared_names(
        arguments,
        &args.gamma.input.files,
        &paths,
    ))
}

pub fn run(args: &ReportArgs) -> Result<(), Failure> {
    let kind = kind_of(&args.out)?;
    let options = args.gamma.options()?;
    let documents = args.gamma.input.read()?;
    // Every file read (companions included) is protected from the report.
    let mut plan = super::file_plan::FilePlan::default();
    let found: Vec<PathBuf> = documents.iter().flat_map(|d| d.source.paths()).collect();
    plan.reads_input_args(&args.gamma.input, &found);
    for session in &args.session {
        plan.reads("--session", session);
    }
    plan.writes("--out", &args.out, false)?;
    args.gamma
        .warn_unknown_exclusions(documents.iter().map(|d| &d.continuum));
    let kept =
        |continuum: &Continuum| continuum.filter_categories(|c| !args.gamma.input_excludes(c));
    let referenced = with_reference(&documents, args.reference.as_deref());
    let reference = referenced.as_ref().map(|r| r.reference.clone());
    if let Some(name) = &args.reference
        && !(referenced.iter().flat_map(|r| &r.continua))
            .any(|c| c.annotators.iter().any(|a| &a.name == name))
    {
        let mut names: Vec<String> = (documents.iter())
            .flat_map(|d| d.continuum.annotator_names())
            .collect();
        names.sort();
        names.dedup();
        return Err(Failure::BadInput(format!(
            "--reference {name:?}: no document has this annotator (the annotators are {})",
            names.join(", ")
        )));
    }
    // The agreement of the annotators, the reference left out (a document it leaves with one
    // annotator has no agreement to measure, only its score against the reference).
    let mut agreement = Vec::new();
    for document in &documents {
        let mut continuum = kept(&document.continuum);
        continuum
            .annotators
            .retain(|a| Some(&a.name) != reference.as_ref());
        if reference.is_some() && continuum.n_annotators() < 2 {
            tell!(
                "gamma-studio: {:?} has one annotator besides the reference: scored against it, \
                 not in the agreement figures",
                continuum.name
            );
        } else {
            agreement.push(continuum);
        }
    }
    let corpus = Corpus::new(agreement);
    let mut report = Report::gather(&corpus, &options, rerun(args)).map_err(|e| match e {
        GammaError::Cancelled => Failure::Computation(e.to_string()),
        other => Failure::BadInput(other.to_string()),
    })?;
    if let Some(referenced) = referenced {
        let scored = Corpus::new(referenced.continua.iter().map(kept).collect());
        report = report.against(&scored, &referenced.reference, &options);
    }
    if args.calibrate {
        report = report.with_calibration(&corpus, &options, Default::default());
    }
    if !args.session.is_empty() {
        let sessions = (args.session.iter())
            .map(|path| {
                gamma_formats::session::Session::load(path)
                    .map_err(|e| Failure::BadInput(format!("--session: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let list = sessions[0].reasons.clone();
        report = report.with_reasons(sessions.iter().map(|s| &s.adjudication), &list);
    }
    let text = kind.render(&report);
    gamma_formats::write_atomically(&args.out, text.as_bytes())
        .map_err(|e| Failure::BadInput(e.to_string()))?;
    tell!(
        "gamma-studio: report written to {} (γ = {:.4})",
        args.out.display(),
        report.overall.gamma
    );
    Ok(())
}
