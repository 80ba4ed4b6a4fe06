//! The gold of every document of a corpus folder: each aligned and decided by the rules in
//! parallel, then every gold file written together into the output folder, laid out as the
//! corpus ([`gamma_formats::gold_corpus`]).

use super::{GoldArgs, bad};
use crate::cli::Failure;
use crate::cli::file_plan::FilePlan;
use crate::cli::input::read_corpus_folder;
use crate::environment::default_adjudicator;
use crate::printable::{name, say, tell};
use gamma_core::gold::{Adjudication, Rationale, ReasonList};
use gamma_formats::Document;
use gamma_formats::gold_corpus::{
    CorpusGold, CorpusGoldOptions, DocumentToExport, write_gold_corpus,
};
use rayon::prelude::*;
use serde_json::json;
use std::path::Path;

/// A document's adjudication after the rules, and how many each rule decided.
struct Decided {
    adjudication: Adjudication,
    by_rule: Vec<usize>,
}

pub(super) fn run(args: &GoldArgs, folder: &Path) -> Result<(), Failure> {
    if args.session.is_some() {
        return Err(bad(
            "--session saves the adjudication of one document; with a corpus folder, give the \
             documents' files one document at a time, or open the folder in the app",
        ));
    }
    for rule in &args.auto {
        gamma_core::gold::parse_rule(rule).map_err(|e| bad(format!("--auto: {e}")))?;
    }
    let read_options = args.input.read_options()?;
    let (documents, corpus) = read_corpus_folder(folder, &read_options)?;
    if documents.is_empty() {
        return Err(bad(format!(
            "{}: no document to adjudicate",
            folder.display()
        )));
    }
    if let Some(report) = &args.report {
        let mut plan = FilePlan::default();
        for document in &documents {
            plan.reads_annotations(&document.source.paths());
        }
        plan.writes("--report", report, false)?;
    }
    let options = args.dissimilarity.options()?;
    let reasons = super::reason_list(args, None)?;
    let rationale = super::rationale(args, &reasons)?;
    let adjudicator = args.adjudicator.clone().unwrap_or_else(default_adjudicator);
    let heartbeat = crate::cli::heartbeat::Heartbeat::start(format!(
        "the alignments of {} documents",
        documents.len()
    ));
    let decided: Vec<Decided> = (documents.par_iter())
        .map(|document| {
            decide(
                document,
                args,
                &options,
                &adjudicator,
                (&rationale, &reasons),
            )
        })
        .collect::<Result<_, _>>()?;
    drop(heartbeat);
    let to_export: Vec<DocumentToExport<'_>> = (documents.iter().zip(&decided))
        .map(|(document, d)| DocumentToExport {
            document,
            adjudication: &d.adjudication,
        })
        .collect();
    let written = write_gold_corpus(
        &to_export,
        corpus.layout,
        &args.out,
        &CorpusGoldOptions {
            format: args.to,
            open_alignments: args.open_alignments,
            base: args.base.as_deref(),
            read_options: &read_options,
            report: args.report.as_deref(),
        },
    )
    .map_err(|e| bad(e.to_string()))?;
    for exported in &written.exported {
        for note in &exported.notes {
            tell!("gamma-studio: warning: {}: {note}", exported.path.display());
        }
    }
    let adjudications: Vec<Option<&Adjudication>> =
        decided.iter().map(|d| Some(&d.adjudication)).collect();
    super::write_feedback(args, &documents, &adjudications, &reasons)?;
    if args.json {
        print_json(args, &documents, &decided, &written);
    } else {
        print_summary(args, &decided, &written);
    }
    Ok(())
}

/// One document aligned, then decided by the rules in their order.
fn decide(
    document: &Document,
    args: &GoldArgs,
    options: &gamma_core::gamma::GammaOptions,
    adjudicator: &str,
    (rationale, reasons): (&Rationale, &ReasonList),
) -> Result<Decided, Failure> {
    let name = &document.continuum.name;
    let aligned = gamma_core::gamma::DocumentAlignment::of(&document.continuum, options)
        .map_err(|e| bad(format!("{name}: {e}")))?;
    let mut adjudication = Adjudication::new(
        document.continuum.clone(),
        &aligned.problem,
        &aligned.alignment,
        adjudicator.to_string(),
    );
    let _heartbeat = crate::cli::heartbeat::Heartbeat::counting(
        format!("the rules --auto on {name:?}"),
        crate::cli::heartbeat::Counting::Uncounted,
    );
    let by_rule = (args.auto.iter())
        .map(|rule| {
            (adjudication.apply_rule_with(rule, rationale, reasons))
                .map_err(|e| bad(format!("{name}: --auto {rule}: {e}")))
        })
        .collect::<Result<_, _>>()?;
    Ok(Decided {
        adjudication,
        by_rule,
    })
}

fn print_json(args: &GoldArgs, documents: &[Document], decided: &[Decided], written: &CorpusGold) {
    let per_document: Vec<_> = (documents.iter().zip(decided))
        .map(|(document, d)| {
            let name = &document.continuum.name;
            let progress = d.adjudication.progress();
            let exported = written.exported.iter().find(|e| &e.document == name);
            let rules: Vec<_> = (args.auto.iter().zip(&d.by_rule))
                .map(|(rule, n)| json!({"rule": rule, "decided": n}))
                .collect();
            json!({
                "document": name,
                "alignments": progress.total,
                "decided": progress.decided,
                "open": progress.open,
                "rules": rules,
                "gold": exported.map(|e| &e.path),
                "gold_units": exported.map(|e| e.gold_units),
                "completed_with_suggestions": exported.map_or(0, |e| e.completed),
                "skipped": exported.is_none(),
                "carried_notes": exported.map(|e| &e.notes),
            })
        })
        .collect();
    let out = json!({
        "out": args.out,
        "open_alignments": args.open_alignments.name(),
        "documents": per_document,
        "exported": written.exported.len(),
        "skipped": written.skipped.len(),
        "report": args.report,
    });
    println!(
        "{}",
        crate::printable::json(&serde_json::to_string_pretty(&out).expect("plain values"))
    );
}

fn print_summary(args: &GoldArgs, decided: &[Decided], written: &CorpusGold) {
    let (mut total, mut done) = (0, 0);
    for d in decided {
        let progress = d.adjudication.progress();
        total += progress.total;
        done += progress.decided;
    }
    for (i, rule) in args.auto.iter().enumerate() {
        let n: usize = decided.iter().map(|d| d.by_rule[i]).sum();
        say!("{rule}: decided {n}");
    }
    say!(
        "decided {done} of {total} alignments in {} documents",
        decided.len()
    );
    for e in &written.exported {
        let completed = if e.completed > 0 {
            format!(", {} completed with the suggestion", e.completed)
        } else {
            String::new()
        };
        say!(
            "{}: {} gold units → {} ({}; {} left open{completed})",
            name(&e.document),
            e.gold_units,
            name(&e.path.display().to_string()),
            e.format,
            e.left_open
        );
    }
    for s in &written.skipped {
        say!(
            "{}: skipped, {} open (--open-alignments skip)",
            name(&s.document),
            crate::wording::plural(s.open, "alignment", "alignments")
        );
    }
    if let Some(report) = &args.report {
        say!("report: {}", report.display());
    }
}
