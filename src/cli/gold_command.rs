//! `gamma-studio gold FILE... --auto RULE --out GOLD`: a consensus without the GUI.

use super::Failure;
use super::file_plan::FilePlan;
use super::input::InputArgs;
use super::settings_args::DissimilarityArgs;
use crate::environment::default_adjudicator;
use clap::Args;
use gamma_core::gold::Adjudication;
use gamma_formats::gold_export::{gold_format, write_report_with_notes, write_whole_gold};
use gamma_formats::session::Session;
use serde_json::json;
use std::path::{Path, PathBuf};

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
    /// .tsv (WebAnno TSV 3), .xmi (UIMA CAS XMI), .ann (brat), .TextGrid, .rttm.
    #[arg(long, short = 'o', value_name = "GOLD")]
    pub out: PathBuf,
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
    /// not measured (other unit types, excluded units), and whose relations and schemas are
    /// carried into the gold (Glozz), remapped to the gold units (default: the first).
    #[arg(long, value_name = "NAME")]
    pub base: Option<String>,
    /// Allow writing over an input file.
    #[arg(long)]
    pub overwrite_input: bool,
    /// Replace a --session file that holds the adjudication of another document (by default
    /// an existing session of this document is resumed, and one of another is refused).
    #[arg(long)]
    pub force: bool,
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

pub fn run(args: &GoldArgs) -> Result<(), Failure> {
    gold_format(&args.out).map_err(|e| bad(e.to_string()))?;
    let rules: Vec<_> = args
        .auto
        .iter()
        .map(|r| gamma_core::gold::parse_rule(r).map_err(|e| bad(format!("--auto: {e}"))))
        .collect::<Result<_, _>>()?;
    let mut documents = args.input.read()?;
    if documents.len() != 1 {
        return Err(bad(format!(
            "gold adjudicates one document at a time, and these files make {}",
            documents.len()
        )));
    }
    let document = documents.remove(0);
    let inputs = document.source.paths();
    let mut plan = FilePlan::default();
    plan.reads_input_args(&args.input, &inputs);
    if let Some(matrix) = &args.dissimilarity.category_matrix {
        plan.reads("the category matrix", matrix);
    }
    plan.writes("--out", &args.out, args.overwrite_input)?;
    if let Some(report) = &args.report {
        plan.writes("--report", report, args.overwrite_input)?;
    }
    if let Some(session) = &args.session {
        plan.writes("--session", session, false)?;
    }
    let options = args.dissimilarity.options()?;
    let names = document.continuum.annotator_names();
    let base = base_index(&names, args.base.as_deref())?;
    let adjudicator = args.adjudicator.clone().unwrap_or_else(default_adjudicator);
    let resumed = match &args.session {
        Some(path) if !args.force => Session::resume(path, &document.continuum)
            .map_err(|e| bad(format!("{e} (--force replaces it)")))?,
        _ => None,
    };
    let mut adjudication = match resumed {
        Some(session) => {
            if session.settings != options {
                eprintln!(
                    "gamma-studio: warning: {}: the session's alignment was computed with other \
                     settings; it is resumed as it was",
                    args.session.as_deref().unwrap_or(Path::new("")).display()
                );
            }
            let mut adjudication = session.adjudication;
            adjudication.adjudicator = adjudicator;
            adjudication
        }
        None => {
            let _heartbeat = super::heartbeat::Heartbeat::start(format!(
                "the alignment of {:?}",
                document.continuum.name
            ));
            let aligned = gamma_core::gamma::best_alignment(&document.continuum, &options)
                .map_err(|e| bad(format!("{}: {e}", document.continuum.name)))?;
            Adjudication::new(
                document.continuum.clone(),
                &aligned.problem,
                &aligned.alignment,
                adjudicator,
            )
        }
    };
    let mut counts = Vec::new();
    for (text, _) in args.auto.iter().zip(&rules) {
        let decided = adjudication
            .apply_rule(text)
            .map_err(|e| bad(format!("--auto {text}: {e}")))?;
        counts.push((text.clone(), decided));
    }
    let read_options = args.input.read_options()?;
    // The gold, the report and the session are replaced together: a kill leaves all three old
    // or all three new.
    let (format, notes) = gamma_formats::write_together(|| {
        let written = write_whole_gold(
            &adjudication,
            &args.out,
            Some(&document.source),
            &read_options,
            args.overwrite_input,
            base,
        )?;
        if let Some(report) = &args.report {
            write_report_with_notes(
                &adjudication,
                report,
                &inputs,
                args.overwrite_input,
                &written.1,
            )?;
        }
        if let Some(path) = &args.session {
            Session::new(inputs.clone(), options.clone(), adjudication.clone()).save(path)?;
        }
        Ok(written)
    })
    .map_err(|e| bad(e.to_string()))?;
    for note in &notes {
        eprintln!("gamma-studio: warning: {}: {note}", args.out.display());
    }
    let progress = adjudication.progress();
    let gold_units = adjudication.gold().len();
    if args.json {
        let rules: Vec<_> = counts
            .iter()
            .map(|(rule, decided)| json!({"rule": rule, "decided": decided}))
            .collect();
        let out = json!({
            "document": document.continuum.name,
            "alignments": progress.total,
            "decided": progress.decided,
            "open": progress.open,
            "rules": rules,
            "gold_units": gold_units,
            "base": names[base],
            "carried_notes": notes,
            "out": args.out,
            "format": format.name(),
            "report": args.report,
            "session": args.session,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&out).expect("plain values")
        );
    } else {
        println!("document: {}", document.continuum.name);
        println!("unitary alignments: {}", progress.total);
        for (rule, decided) in &counts {
            println!("  {rule}: decided {decided}");
        }
        println!(
            "decided {} of {}; {} left open (not in the gold)",
            progress.decided, progress.total, progress.open
        );
        println!(
            "gold: {gold_units} units → {} ({format})",
            args.out.display()
        );
        if let Some(report) = &args.report {
            println!("report: {}", report.display());
        }
        if let Some(session) = &args.session {
            println!("session: {}", session.display());
        }
    }
    Ok(())
}
