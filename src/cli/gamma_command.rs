//! `gamma-studio gamma FILE...`

use super::Failure;
use super::gamma_json::{DocumentRowJson, GammaJson, IntervalJson, confidence};
use super::heartbeat::{Counting, Heartbeat};
use super::input::InputArgs;
use super::settings_args::GammaSettingsArgs;
use crate::printable::{name, tell};
use clap::Args;
use gamma_core::bootstrap::{BootstrapError, BootstrapOptions, ConfidenceInterval};
use gamma_core::gamma::RunControl;
use gamma_core::per_document::{DocumentGamma, per_document};
use gamma_core::relations::{RelationAgreement, result_relation_agreement};
use gamma_core::{Continuum, Corpus, GammaOptions, GammaResult};

#[derive(Args, Debug, Clone)]
pub struct GammaArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub settings: GammaSettingsArgs,
    /// Also print γ-cat (Mathet 2017).
    #[arg(long)]
    pub gamma_cat: bool,
    /// Also print γ-k for each category.
    #[arg(long)]
    pub gamma_k: bool,
    /// Ignore units of this category (repeatable).
    #[arg(long, value_name = "C")]
    pub exclude_category: Vec<String>,
    /// Print one JSON object instead of a summary.
    #[arg(long)]
    pub json: bool,
    /// Also measure agreement on relations (Glozz relations and schemas; brat relations,
    /// equivalences and events; TSV 3 relation layers over the span layer) through the best
    /// alignment of the units: matched with the same label, another label, on one side only; F1.
    #[arg(long)]
    pub relations: bool,
    /// A corpus: also write the per-document table (document, annotators, units, γ, its 95 %
    /// confidence interval with --bootstrap, the precision of its chance estimate, D_o, D_e) to
    /// this CSV file.
    #[arg(long, value_name = "FILE.csv")]
    pub per_document: Option<std::path::PathBuf>,
    /// Also give a 95 % bootstrap confidence interval of γ (γ-cat, γ-k) from N replicates:
    /// over documents for a corpus, over stretches of the continuum for one document.
    #[arg(long, value_name = "N")]
    pub bootstrap: Option<usize>,
    /// Number of threads, 1 to 256 (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Also say why the annotators disagree, from the best alignment: the categories aligned
    /// together and their share of D_o; D_o in positional, categorical and empty-slot parts per
    /// category and per pair of annotators; each annotator's units against the others', units
    /// missed and added, mean boundary offsets, over- and under-used categories; γ with each
    /// annotator left out (three annotators or more) with a bootstrap interval (--bootstrap N
    /// replicates, default 1000). Alignments are numbered from 1, as the app and `gold
    /// --report` number them.
    #[arg(long)]
    pub diagnose: bool,
}

fn bad(message: impl Into<String>) -> Failure {
    Failure::BadInput(message.into())
}

impl GammaArgs {
    /// The γ options: the core's defaults with the arguments given.
    pub fn options(&self) -> Result<GammaOptions, Failure> {
        self.settings.options()
    }

    /// Whether `--exclude-category` leaves this category out.
    pub fn input_excludes(&self, category: &str) -> bool {
        self.exclude_category.iter().any(|x| x == category)
    }

    /// Warns on stderr about each `--exclude-category` no document has (a misspelt category
    /// would otherwise be measured without a word).
    pub fn warn_unknown_exclusions<'a>(&self, documents: impl IntoIterator<Item = &'a Continuum>) {
        if self.exclude_category.is_empty() {
            return;
        }
        let mut categories = std::collections::BTreeSet::new();
        for document in documents {
            categories.extend(document.units().map(|(_, u)| u.category.clone()));
        }
        for excluded in &self.exclude_category {
            if !categories.contains(excluded) {
                let known: Vec<_> = categories.iter().map(|c| name(c)).collect();
                tell!(
                    "gamma-studio: warning: --exclude-category {excluded:?}: no document has \
                     this category (the categories are {})",
                    known.join(", ")
                );
            }
        }
    }
}

/// The most threads `--threads` may ask for.
const MAX_THREADS: usize = 256;

pub fn run(args: &GammaArgs) -> Result<(), Failure> {
    if let Some(threads) = args.threads {
        // Each thread is a real one with its own stack: beyond a few hundred, more only costs.
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(bad(format!(
                "--threads must be from 1 to {MAX_THREADS} (got {threads})"
            )));
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global()
            .map_err(|e| Failure::Computation(e.to_string()))?;
    }
    let options = args.options()?;
    let documents = args.input.read()?;
    let position_unit = documents
        .first()
        .map_or("positions", gamma_formats::position_unit);
    let mut corpus = Corpus::new(documents.into_iter().map(|d| d.continuum).collect());
    args.warn_unknown_exclusions(&corpus.documents);
    for document in &mut corpus.documents {
        *document = document.filter_categories(|c| !args.exclude_category.iter().any(|x| x == c));
    }
    let heartbeat = Heartbeat::start(match corpus.documents.as_slice() {
        [document] => format!("γ of {:?}", document.name),
        documents => format!("γ of {} documents", documents.len()),
    });
    let progress = |done, needed| heartbeat.progress(done, needed);
    let control = RunControl {
        cancelled: None,
        on_progress: Some(&progress),
    };
    let result = gamma_core::corpus_gamma(&corpus, &options, control);
    drop(heartbeat);
    let rows = if corpus.documents.len() > 1 && result.is_ok() {
        let heartbeat = Heartbeat::counting(
            format!("γ of each of {} documents", corpus.documents.len()),
            Counting::Documents,
        );
        let progress = |done, needed| heartbeat.progress(done, needed);
        let control = RunControl {
            cancelled: None,
            on_progress: Some(&progress),
        };
        per_document(&corpus, &options, control)
    } else {
        Vec::new()
    };
    let result = result.map_err(super::settings_args::gamma_failure)?;
    let interval = args
        .bootstrap
        .map(|replicates| {
            let settings = BootstrapOptions {
                replicates,
                level: 0.95,
                seed: options.seed,
            };
            gamma_core::bootstrap::bootstrap_gamma(&result, &options, &settings).map_err(
                |e| match e {
                    BootstrapError::Replicates(n) => bad(format!(
                        "--bootstrap must be from 2 to {} (got {n})",
                        gamma_core::bootstrap::MAX_REPLICATES
                    )),
                    other => bad(format!("--bootstrap: {other}")),
                },
            )
        })
        .transpose()?;
    let diagnosis = if args.diagnose {
        let replicates = args
            .bootstrap
            .unwrap_or(super::diagnose::LEFT_OUT_REPLICATES);
        Some(super::diagnose::diagnose(
            &corpus,
            &result,
            &options,
            replicates,
            position_unit,
        )?)
    } else {
        None
    };
    if let Some(path) = &args.per_document {
        // Each document's bootstrap confidence interval, with --bootstrap (as the corpus's).
        let confidence = |result: &GammaResult| {
            let replicates = args.bootstrap?;
            let settings = BootstrapOptions {
                replicates,
                level: 0.95,
                seed: options.seed,
            };
            gamma_core::bootstrap::bootstrap_gamma(result, &options, &settings)
                .ok()
                .map(|interval| interval.gamma)
        };
        gamma_formats::write_atomically(
            path,
            gamma_formats::per_document_table::of_results(&rows, confidence).as_bytes(),
        )
        .map_err(|e| bad(e.to_string()))?;
    }
    if args.json {
        let mut json = GammaJson::of(&corpus, &options, &result, args.gamma_cat, args.gamma_k);
        json.per_document =
            (!rows.is_empty()).then(|| rows.iter().map(DocumentRowJson::of).collect());
        json.confidence_interval = interval.as_ref().map(IntervalJson::of);
        json.diagnostics = diagnosis.as_ref().map(super::diagnose::json);
        json.relations = args
            .relations
            .then(|| result_relation_agreement(&corpus.documents, &result));
        println!(
            "{}",
            crate::printable::json(
                &serde_json::to_string_pretty(&json).expect("JSON of plain values")
            )
        );
    } else {
        print!(
            "{}",
            crate::printable::lines(&summary(&corpus, &options, &result, args))
        );
        if let Some(interval) = &interval {
            print!("{}", crate::printable::lines(&interval_text(interval)));
        }
        print!("{}", crate::printable::lines(&per_document_summary(&rows)));
        if args.relations {
            print!(
                "{}",
                crate::printable::lines(&relations_summary(&result_relation_agreement(
                    &corpus.documents,
                    &result
                )))
            );
        }
        if let Some(diagnosis) = &diagnosis {
            print!("{}", super::diagnose::text(diagnosis));
        }
    }
    Ok(())
}

/// The relations' agreement for people: one line per pair of annotators, then per label.
fn relations_summary(agreement: &RelationAgreement) -> String {
    use std::fmt::Write;
    let mut s = String::from("\nrelations (matched through the best alignment of the units):\n");
    for p in agreement
        .pairs
        .iter()
        .chain(std::iter::once(&agreement.overall).filter(|_| agreement.pairs.len() > 1))
    {
        let _ = writeln!(
            s,
            "  {} – {}: {} and {} relations; same label {}, other label {}, only {} {}, only {} {}; F1 unlabelled {:.4}, labelled {:.4}, attachment {:.4}{}",
            name(&p.annotators[0]),
            name(&p.annotators[1]),
            p.relations[0],
            p.relations[1],
            p.same_label,
            p.other_label,
            name(&p.annotators[0]),
            p.only_first,
            name(&p.annotators[1]),
            p.only_second,
            p.f1_unlabelled,
            p.f1_labelled,
            p.f1_attachment,
            p.label_kappa
                .map(|k| format!(", κ of labels {k:.4}"))
                .unwrap_or_default()
        );
    }
    for label in &agreement.labels {
        let _ = writeln!(
            s,
            "  {}: {} and {}, {} matched with this label, F1 {:.4}",
            name(&label.label),
            label.relations[0],
            label.relations[1],
            label.same_label,
            label.f1
        );
    }
    if !agreement.unplaced.is_empty() {
        let _ = writeln!(
            s,
            "  {} relation(s) not measured: an endpoint is not a measured unit",
            agreement.unplaced.len()
        );
    }
    s
}

/// The per-document table for people: worst γ first.
fn per_document_summary(rows: &[DocumentGamma]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    if rows.is_empty() {
        return s;
    }
    let mut order: Vec<&DocumentGamma> = rows.iter().collect();
    order.sort_by(|a, b| {
        let key = |r: &DocumentGamma| r.gamma().unwrap_or(f64::NEG_INFINITY);
        key(a).total_cmp(&key(b))
    });
    let _ = writeln!(s, "\nper document (each measured alone, worst first):");
    let width = rows
        .iter()
        .map(|r| name(&r.document).chars().count())
        .max()
        .unwrap_or(8)
        .max(8);
    let _ = writeln!(
        s,
        "  {:width$}  {:>7}  {:>17}  {:>5}  annotators",
        "document", "γ", "interval", "units"
    );
    for row in order {
        match &row.result {
            Ok(r) => {
                let _ = writeln!(
                    s,
                    "  {:width$}  {:>7.4}  {:>8.4}…{:<8.4}  {:>5}  {}",
                    name(&row.document),
                    r.gamma,
                    r.gamma_interval.0,
                    r.gamma_interval.1,
                    row.n_units,
                    name(&row.annotators.join(", "))
                );
            }
            Err(e) => {
                let _ = writeln!(s, "  {:width$}  not measured: {e}", name(&row.document));
            }
        }
    }
    s
}

fn interval_text(interval: &ConfidenceInterval) -> String {
    let mut s = format!(
        "{:.0} % confidence interval of γ: {:.4} … {:.4}   ({}; {} resampled, {} replicates, seed {})\n",
        100.0 * interval.level,
        interval.gamma.0,
        interval.gamma.1,
        interval.unit.method(),
        interval.n_units,
        interval.replicates,
        interval.seed
    );
    if let Some((low, high)) = interval.gamma_cat {
        s += &format!("  γ-cat: {low:.4} … {high:.4}\n");
    }
    for (category, (low, high)) in &interval.gamma_k {
        s += &format!("  γ-k({}): {low:.4} … {high:.4}\n", name(category));
    }
    s
}

fn summary(
    corpus: &Corpus,
    options: &GammaOptions,
    result: &GammaResult,
    args: &GammaArgs,
) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "γ = {:.4}   (interval {:.4} … {:.4})",
        result.gamma, result.gamma_interval.0, result.gamma_interval.1
    );
    let _ = writeln!(s, "observed disorder D_o = {:.6}", result.observed_disorder);
    if let Some((low, high)) = result.gamma_bounds {
        let _ = writeln!(
            s,
            "bounded answer: some best alignments were beyond reach; proven D_o ≥ {:.6}, D_e ≥ {:.6}, so the exact γ lies in {low:.4} … {high:.4}",
            result.observed_lower_bound, result.expected_lower_bound
        );
    }
    let _ = writeln!(
        s,
        "expected disorder D_e = {:.6}   ({} sampler, {} samples, ±{:.2} % at {:.0} %)",
        result.expected_disorder,
        options.sampler,
        result.n_samples,
        100.0 * result.achieved_precision,
        100.0 * confidence(options)
    );
    if let Some(cat) = result.gamma_cat.filter(|_| args.gamma_cat) {
        let _ = writeln!(s, "γ-cat = {cat:.4}");
    }
    if let Some(k) = result.gamma_k.as_ref().filter(|_| args.gamma_k) {
        for (category, value) in k {
            let _ = writeln!(s, "γ-k({}) = {value:.4}", name(category));
        }
    }
    let unitary: usize = result
        .documents
        .iter()
        .map(|d| d.alignment.unitary_alignments.len())
        .sum();
    let _ = writeln!(
        s,
        "{} document(s), {} annotators, {} units, {} categories, {} unitary alignments",
        corpus.documents.len(),
        corpus.documents[0].n_annotators(),
        corpus.n_units(),
        result.categories.len(),
        unitary
    );
    let _ = writeln!(
        s,
        "α = {}, β = {}, Δ∅ = {}, categories {}",
        options.dissimilarity.alpha,
        options.dissimilarity.beta,
        options.dissimilarity.delta_empty,
        options.dissimilarity.categorical
    );
    let _ = writeln!(
        s,
        "seed {} (repeat with --seed {}), {:.3} s",
        result.seed, result.seed, result.seconds
    );
    s
}
