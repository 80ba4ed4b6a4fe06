//! `gamma-studio evaluate FILE... --reference NAME`: every other annotator (or system) against
//! a reference, γ and the SemEval-2013 span scores side by side. An INCEpTION project export's
//! curated document is the reference when none is named.

use super::Failure;
use super::file_plan::FilePlan;
use super::input::InputArgs;
use super::settings_args::GammaSettingsArgs;
use crate::printable::{name, tell};
use clap::{Args, ValueEnum};
use gamma_core::evaluate::spans::Scheme;
use gamma_core::evaluate::{
    ChanceModel, Evaluation, EvaluationError, EvaluationOptions, SystemEvaluation,
};
use gamma_core::gamma::RunControl;
use gamma_core::relations::RelationScores;
use gamma_core::{Continuum, Corpus};
use gamma_formats::Document;
use gamma_formats::evaluation_report as report;
use gamma_formats::reference;
use std::fmt::Write;
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct EvaluateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub settings: GammaSettingsArgs,
    /// The reference annotator (a gold standard): every other annotator is evaluated against it.
    /// Default: the curated document of an INCEpTION project export (`curation`), when the
    /// files have one.
    #[arg(long, value_name = "NAME")]
    pub reference: Option<String>,
    /// The systems' labels in the reference's words: `system_label,reference_label` lines (an
    /// empty reference label leaves those units out).
    #[arg(long, value_name = "MAP.csv")]
    pub mapping: Option<PathBuf>,
    /// Where γ's expected disorder comes from: chance annotations drawn from the reference
    /// alone (one scale for every system) or from each pair.
    #[arg(long, value_enum, default_value = "reference")]
    pub chance_model: ChanceModelChoice,
    /// Share of a reference unit that a system unit must cover to overlap it, in percent
    /// (nervaluate's default).
    #[arg(long, default_value_t = 1.0, value_name = "PERCENT")]
    pub min_overlap: f64,
    /// Also write the table of scores as CSV (annotator, scope, category, scheme, counts,
    /// precision, recall, F1, γ).
    #[arg(long, value_name = "FILE.csv")]
    pub csv: Option<PathBuf>,
    /// Disagreements listed per annotator in the summary (--json lists them all).
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub show_disagreements: usize,
    /// Print one JSON object instead of a summary.
    #[arg(long)]
    pub json: bool,
    /// Also score each annotator's relations (Glozz, brat, TSV 3 relation layers) against the
    /// reference's, matched through γ's best alignment: labelled, unlabelled and attachment
    /// precision, recall and F1.
    #[arg(long)]
    pub relations: bool,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChanceModelChoice {
    /// Chance annotations drawn from the reference alone.
    Reference,
    /// Chance annotations drawn from the pair (the ordinary γ of two annotators).
    Pair,
}

fn bad(message: impl Into<String>) -> Failure {
    Failure::BadInput(message.into())
}

impl EvaluateArgs {
    fn options(&self) -> Result<EvaluationOptions, Failure> {
        let gamma = self.settings.options()?;
        let mapping = match &self.mapping {
            Some(path) => {
                Some(gamma_formats::label_mapping::read(path).map_err(|e| bad(e.to_string()))?)
            }
            None => None,
        };
        Ok(EvaluationOptions {
            gamma,
            chance_model: match self.chance_model {
                ChanceModelChoice::Reference => ChanceModel::Reference,
                ChanceModelChoice::Pair => ChanceModel::Pair,
            },
            min_overlap_percent: self.min_overlap,
            mapping,
        })
    }
}

pub fn run(args: &EvaluateArgs) -> Result<(), Failure> {
    let options = args.options()?;
    let documents = args.input.read()?;
    let found: Vec<PathBuf> = documents.iter().flat_map(|d| d.source.paths()).collect();
    let mut plan = FilePlan::default();
    plan.reads_input_args(&args.input, &found);
    if let Some(matrix) = &args.settings.dissimilarity.category_matrix {
        plan.reads("the category matrix", matrix);
    }
    if let Some(mapping) = &args.mapping {
        plan.reads("the label mapping", mapping);
    }
    if let Some(csv) = &args.csv {
        plan.writes("--csv", csv, false)?;
    }
    let (reference, continua) = with_reference(&documents, args.reference.as_deref())?;
    let corpus = Corpus::new(continua);
    let heartbeat = super::heartbeat::Heartbeat::start("the evaluation".to_string());
    let progress = |done, needed| heartbeat.progress(done, needed);
    let control = RunControl {
        cancelled: None,
        on_progress: Some(&progress),
    };
    let evaluation = gamma_core::evaluate::evaluate(&corpus, &reference, &options, control);
    drop(heartbeat);
    let evaluation = evaluation.map_err(|e| match e {
        EvaluationError::Gamma(gamma) => super::settings_args::gamma_failure(gamma),
        other => bad(other.to_string()),
    })?;
    if let Some(csv) = &args.csv {
        gamma_formats::write_atomically(csv, report::to_csv(&evaluation).as_bytes())
            .map_err(|e| Failure::Computation(e.to_string()))?;
    }
    if args.json {
        let mut json = report::to_json(&evaluation);
        if args.relations {
            for (out, system) in
                (json["systems"].as_array_mut().into_iter().flatten()).zip(&evaluation.systems)
            {
                out["relations"] =
                    serde_json::to_value(&system.relations).expect("JSON of plain values");
            }
        }
        println!(
            "{}",
            crate::printable::json(
                &serde_json::to_string_pretty(&json).expect("JSON of plain values")
            )
        );
    } else {
        print!("{}", crate::printable::lines(&summary(&evaluation, args)));
    }
    Ok(())
}

/// The reference's name and the documents to evaluate ([`gamma_formats::reference`]):
/// with `--reference`, that annotator (the curated document of a project export when it is named
/// `curation`); without, the curated document, the documents that have none left out with a
/// warning.
fn with_reference(
    documents: &[Document],
    asked: Option<&str>,
) -> Result<(String, Vec<Continuum>), Failure> {
    let referenced = reference::with_reference(documents, asked).ok_or_else(|| {
        bad("name the reference annotator with --reference NAME (no curated document came with these files)")
    })?;
    let missing = if referenced.curated {
        "no curated document".to_string()
    } else {
        format!(
            "no annotator {:?} and no curated document",
            referenced.reference
        )
    };
    for left_out in &referenced.left_out {
        tell!("gamma-studio: warning: document {left_out:?} has {missing}: not evaluated");
    }
    if referenced.curated {
        tell!(
            "gamma-studio: the reference is the curated document ({})",
            name(&referenced.reference)
        );
    }
    Ok((referenced.reference, referenced.continua))
}

fn summary(evaluation: &Evaluation, args: &EvaluateArgs) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "reference: {}   ({} document(s); γ's chance model: {})",
        name(&evaluation.reference),
        evaluation.documents.len(),
        match args.chance_model {
            ChanceModelChoice::Reference => "the reference's",
            ChanceModelChoice::Pair => "each pair's",
        }
    );
    for system in &evaluation.systems {
        s.push('\n');
        if system.documents.len() < evaluation.documents.len() {
            let _ = writeln!(
                s,
                "{} annotated {} of the {} documents: evaluated on those",
                name(&system.annotator),
                system.documents.len(),
                evaluation.documents.len()
            );
        }
        system_summary(&mut s, system, evaluation, args);
    }
    if let Some(csv) = &args.csv {
        let _ = writeln!(s, "\ntable written to {}", csv.display());
    }
    s
}

/// The system's relations against the reference's: counts, then each reading's scores.
fn relations_summary(s: &mut String, r: &RelationScores) {
    let _ = writeln!(
        s,
        "  relations (matched through γ's best alignment): reference {}, system {}; same label \
         {}, other label {}, missed {}, spurious {}",
        r.reference, r.system, r.same_label, r.other_label, r.missed, r.spurious
    );
    let _ = writeln!(
        s,
        "  {:<10} {:>9} {:>7} {:>7}",
        "", "precision", "recall", "F1"
    );
    for (reading, scores) in [
        ("labelled", r.labelled),
        ("unlabelled", r.unlabelled),
        ("attachment", r.attachment),
    ] {
        let _ = writeln!(
            s,
            "  {reading:<10} {:>9.4} {:>7.4} {:>7.4}",
            scores.precision, scores.recall, scores.f1
        );
    }
    if r.unplaced > 0 {
        let _ = writeln!(
            s,
            "  {} relation(s) not scored: an endpoint is not a measured unit",
            r.unplaced
        );
    }
}

fn system_summary(
    s: &mut String,
    system: &SystemEvaluation,
    evaluation: &Evaluation,
    args: &EvaluateArgs,
) {
    match &system.gamma {
        Ok(g) => {
            let _ = writeln!(
                s,
                "{}: γ = {:.4}   (D_o {:.6}, D_e {:.6}, {} samples, seed {})",
                name(&system.annotator),
                g.gamma,
                g.observed_disorder,
                g.expected_disorder,
                g.n_samples,
                g.seed
            );
        }
        Err(reason) => {
            let _ = writeln!(s, "{}: γ undefined ({reason})", name(&system.annotator));
        }
    }
    let _ = writeln!(
        s,
        "  {:<9} {:>9} {:>7} {:>7} {:>8} {:>9} {:>7} {:>6} {:>8}",
        "scheme",
        "precision",
        "recall",
        "F1",
        "correct",
        "incorrect",
        "partial",
        "missed",
        "spurious"
    );
    for scheme in Scheme::ALL {
        let c = system.spans.get(scheme);
        let _ = writeln!(
            s,
            "  {:<9} {:>9.4} {:>7.4} {:>7.4} {:>8} {:>9} {:>7} {:>6} {:>8}",
            scheme.name(),
            c.precision(scheme),
            c.recall(scheme),
            c.f1(scheme),
            c.correct,
            c.incorrect,
            c.partial,
            c.missed,
            c.spurious
        );
    }
    let _ = writeln!(s, "  per category (F1)    strict   exact partial    type");
    for (category, scores) in &system.per_category {
        let f1 = |scheme: Scheme| scores.get(scheme).f1(scheme);
        let _ = writeln!(
            s,
            "  {:<18} {:>8.4} {:>7.4} {:>7.4} {:>7.4}",
            name(category),
            f1(Scheme::Strict),
            f1(Scheme::Exact),
            f1(Scheme::Partial),
            f1(Scheme::Type)
        );
    }
    if args.relations {
        relations_summary(s, &system.relations);
    }
    let m = &system.confusion;
    let _ = writeln!(
        s,
        "  confusions over γ's best alignment (reference → {}):",
        name(&system.annotator)
    );
    for (r, row) in m.counts.iter().enumerate() {
        for (c, &n) in row.iter().enumerate() {
            let reference = m.reference_categories.get(r).map_or("∅", String::as_str);
            let other = m.system_categories.get(c).map_or("∅", String::as_str);
            if n > 0 && reference != other {
                let _ = writeln!(s, "    {} → {}: {n}", name(reference), name(other));
            }
        }
    }
    let labels = &system.labels;
    for (what, list) in [
        ("labels the mapping does not name", &labels.unmapped),
        ("categories only the annotator uses", &labels.system_only),
        ("categories only the reference uses", &labels.reference_only),
    ] {
        if !list.is_empty() {
            let _ = writeln!(s, "  {what}: {}", name(&list.join(", ")));
        }
    }
    if labels.dropped_units > 0 {
        let _ = writeln!(
            s,
            "  units left out by the mapping: {}",
            labels.dropped_units
        );
    }
    let total = system.disagreements.len();
    let _ = writeln!(s, "  disagreements: {total}");
    let several = evaluation.documents.len() > 1;
    for d in system.disagreements.iter().take(args.show_disagreements) {
        let unit = |u: Option<&gamma_core::evaluate::EvaluatedUnit>| match u {
            None => "∅".to_string(),
            Some(u) => format!(
                "{} [{}, {}) {:?}",
                name(&u.category),
                u.start,
                u.end,
                u.text.as_deref().unwrap_or("")
            ),
        };
        let place = if several {
            format!("{}: ", name(&evaluation.documents[d.document]))
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            "    {place}{:<17} {}  vs  {}",
            d.kind.name(),
            unit(d.reference.as_ref()),
            unit(d.system.as_ref())
        );
    }
    if total > args.show_disagreements {
        let _ = writeln!(
            s,
            "    … {} more (--show-disagreements N, or --json)",
            total - args.show_disagreements
        );
    }
}
