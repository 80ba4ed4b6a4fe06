//! `gamma-studio gamma FILE...`

use super::Failure;
use super::input::InputArgs;
use super::settings_args::GammaSettingsArgs;
use clap::Args;
use gamma_core::gamma::{RunControl, SampleCount};
use gamma_core::{Corpus, GammaOptions, GammaResult};
use serde_json::{Value, json};

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
    /// Number of threads, 1 to 256 (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

fn bad(message: impl Into<String>) -> Failure {
    Failure::BadInput(message.into())
}

impl GammaArgs {
    /// The γ options: the core's defaults with the arguments given.
    pub fn options(&self) -> Result<GammaOptions, Failure> {
        self.settings.options()
    }
}

/// The documents named on the command line (see `gamma_formats::format` for the grouping).
pub fn read_corpus(args: &GammaArgs) -> Result<Corpus, Failure> {
    let documents = args.input.read()?;
    Ok(Corpus::new(
        documents.into_iter().map(|d| d.continuum).collect(),
    ))
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
    let mut corpus = read_corpus(args)?;
    for document in &mut corpus.documents {
        *document = document.filter_categories(|c| !args.exclude_category.iter().any(|x| x == c));
    }
    let heartbeat = super::heartbeat::Heartbeat::start(match corpus.documents.as_slice() {
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
    let result = result.map_err(super::settings_args::gamma_failure)?;
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&result_json(&corpus, &options, &result, args))
                .expect("JSON of plain values")
        );
    } else {
        print!("{}", summary(&corpus, &options, &result, args));
    }
    Ok(())
}

fn finite(x: f64) -> Value {
    if x.is_finite() { json!(x) } else { Value::Null }
}

fn result_json(
    corpus: &Corpus,
    options: &GammaOptions,
    result: &GammaResult,
    args: &GammaArgs,
) -> Value {
    let several = result.documents.len() > 1;
    let mut alignment = Vec::new();
    for (document, continuum) in result.documents.iter().zip(&corpus.documents) {
        for (which, unitary) in document.alignment.unitary_alignments.iter().enumerate() {
            let units: Vec<Value> = document
                .alignment
                .slots(&document.problem, which)
                .into_iter()
                .enumerate()
                .map(|(a, slot)| match slot {
                    None => Value::Null,
                    Some(i) => {
                        let annotator = &continuum.annotators[a];
                        let unit = &annotator.units[i];
                        json!({"annotator": annotator.name, "start": unit.start, "end": unit.end, "category": unit.category})
                    }
                })
                .collect();
            let mut entry = json!({"disorder": unitary.disorder, "units": units});
            if several {
                entry["document"] = json!(document.name);
            }
            alignment.push(entry);
        }
    }
    let first = &corpus.documents[0];
    let mut out = json!({
        "gamma": finite(result.gamma),
        "observed_disorder": result.observed_disorder,
        "expected_disorder": finite(result.expected_disorder),
        "n_samples": result.n_samples,
        "seed": result.seed,
        "gamma_interval": [finite(result.gamma_interval.0), finite(result.gamma_interval.1)],
        "achieved_precision": result.achieved_precision,
        "proven_best_alignments": result.gamma_bounds.is_none(),
        "observed_disorder_lower_bound": result.observed_lower_bound,
        "expected_disorder_lower_bound": finite(result.expected_lower_bound),
        "gamma_bounds": result
            .gamma_bounds
            .map(|(low, high)| json!([finite(low), finite(high)]))
            .unwrap_or(Value::Null),
        "sampler": options.sampler.to_string(),
        "alpha": options.dissimilarity.alpha,
        "beta": options.dissimilarity.beta,
        "delta_empty": options.dissimilarity.delta_empty,
        "categorical_dissimilarity": options.dissimilarity.categorical.to_string(),
        "annotators": first.annotator_names(),
        "categories": result.categories,
        "n_units": corpus.n_units(),
        "n_unitary_alignments": alignment.len(),
        "seconds": result.seconds,
        "alignment": alignment,
    });
    if several {
        out["documents"] = result
            .documents
            .iter()
            .map(|d| json!({"name": d.name, "observed_disorder": d.alignment.disorder, "n_units": d.problem.units.len()}))
            .collect();
    }
    if args.gamma_cat {
        out["gamma_cat"] = result.gamma_cat.map(finite).unwrap_or(Value::Null);
    }
    if args.gamma_k {
        out["gamma_k"] = result
            .gamma_k
            .as_ref()
            .map(|m| {
                m.iter()
                    .map(|(k, v)| (k.clone(), finite(*v)))
                    .collect::<serde_json::Map<_, _>>()
                    .into()
            })
            .unwrap_or(Value::Null);
    }
    out
}

/// The confidence the interval is given at (95 % for a fixed sample count).
fn confidence(options: &GammaOptions) -> f64 {
    match options.samples {
        SampleCount::Precision { confidence, .. } => confidence,
        SampleCount::Fixed(_) => 0.95,
    }
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
            let _ = writeln!(s, "γ-k({category}) = {value:.4}");
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
