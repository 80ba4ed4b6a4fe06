//! The gold of one document: its alignment, the rules, the gold file, its report and session.

use super::{GoldArgs, bad, base_index};
use crate::cli::Failure;
use crate::cli::file_plan::FilePlan;
use crate::cli::heartbeat::{Counting, Heartbeat};
use crate::environment::default_adjudicator;
use crate::printable::{name, say, tell};
use gamma_core::gold::Adjudication;
use gamma_formats::gold_export::{gold_format, write_report_with_notes, write_whole_gold};
use gamma_formats::session::Session;
use serde_json::json;
use std::path::Path;

pub(super) fn run(args: &GoldArgs) -> Result<(), Failure> {
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
    if let Some(feedback) = &args.feedback {
        plan.writes("--feedback", feedback, false)?;
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
    let reasons = super::reason_list(args, resumed.as_ref().map(|s| &s.reasons))?;
    let rationale = super::rationale(args, &reasons)?;
    let mut adjudication = match resumed {
        Some(session) => {
            if session.settings != options {
                tell!(
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
            let _heartbeat = crate::cli::heartbeat::Heartbeat::start(format!(
                "the alignment of {:?}",
                document.continuum.name
            ));
            let aligned = gamma_core::gamma::DocumentAlignment::of(&document.continuum, &options)
                .map_err(|e| bad(format!("{}: {e}", document.continuum.name)))?;
            Adjudication::new(
                document.continuum.clone(),
                &aligned.problem,
                &aligned.alignment,
                adjudicator,
            )
        }
    };
    // The rules and the writing can pass two seconds on a large document: say so.
    let heartbeat = Heartbeat::counting(
        format!("the gold of {:?}", document.continuum.name),
        Counting::Uncounted,
    );
    let mut counts = Vec::new();
    for (text, _) in args.auto.iter().zip(&rules) {
        let decided = adjudication
            .apply_rule_with(text, &rationale, &reasons)
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
            Session::new(inputs.clone(), options.clone(), adjudication.clone())
                .with_reasons(reasons.clone())
                .save(path)?;
        }
        Ok(written)
    })
    .map_err(|e| bad(e.to_string()))?;
    drop(heartbeat);
    for note in &notes {
        tell!("gamma-studio: warning: {}: {note}", args.out.display());
    }
    super::write_feedback(
        args,
        std::slice::from_ref(&document),
        &[Some(&adjudication)],
        &reasons,
    )?;
    let written = Written {
        document: &document.continuum.name,
        base: &names[base],
        format: format.name(),
        notes: &notes,
        counts: &counts,
    };
    print_summary(args, &adjudication, &written);
    Ok(())
}

/// What a gold run wrote, for its summary.
struct Written<'a> {
    document: &'a str,
    base: &'a str,
    format: &'a str,
    notes: &'a [String],
    counts: &'a [(String, usize)],
}

/// The summary on stdout: JSON with `--json`, else lines for people.
fn print_summary(args: &GoldArgs, adjudication: &Adjudication, written: &Written<'_>) {
    let progress = adjudication.progress();
    let gold_units = adjudication.gold().len();
    let relation_progress = adjudication.relation_progress();
    let relations = (relation_progress.total > 0).then(|| {
        json!({
            "total": relation_progress.total,
            "decided": relation_progress.decided,
            "open": relation_progress.open,
            "flagged": adjudication.flagged_relations().len(),
        })
    });
    if args.json {
        let rules: Vec<_> = (written.counts)
            .iter()
            .map(|(rule, decided)| json!({"rule": rule, "decided": decided}))
            .collect();
        let out = json!({
            "document": written.document,
            "alignments": progress.total,
            "decided": progress.decided,
            "open": progress.open,
            "rules": rules,
            "gold_units": gold_units,
            "relations": relations,
            "base": written.base,
            "carried_notes": written.notes,
            "out": args.out,
            "format": written.format,
            "report": args.report,
            "session": args.session,
        });
        println!(
            "{}",
            crate::printable::json(&serde_json::to_string_pretty(&out).expect("plain values"))
        );
    } else {
        say!("document: {}", name(written.document));
        say!("unitary alignments: {}", progress.total);
        for (rule, decided) in written.counts {
            say!("  {rule}: decided {decided}");
        }
        say!(
            "decided {} of {}; {} left open (not in the gold)",
            progress.decided,
            progress.total,
            progress.open
        );
        if relation_progress.total > 0 {
            say!(
                "relations: decided {} of {}; {} decided into the gold with an endpoint rejected",
                relation_progress.decided,
                relation_progress.total,
                adjudication.flagged_relations().len()
            );
        }
        say!(
            "gold: {gold_units} units → {} ({})",
            name(&args.out.display().to_string()),
            written.format
        );
        if let Some(report) = &args.report {
            say!("report: {}", report.display());
        }
        if let Some(session) = &args.session {
            say!("session: {}", session.display());
        }
    }
}
