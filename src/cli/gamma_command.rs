//! `gamma-studio gamma FILE...`

use super::Failure;
use super::input::InputArgs;
use clap::{Args, ValueEnum};
use gamma_studio::alignment::AlignmentError;
use gamma_studio::gamma::{GammaError, RunControl};
use gamma_studio::gamma_cat::GammaCatVariant;
use gamma_studio::{
    CategoryDissimilarity, CategoryMatrix, Corpus, GammaOptions, GammaResult, PivotDistance,
    SampleCount, Sampler,
};
use serde_json::{Value, json};
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct GammaArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub dissimilarity: DissimilarityArgs,
    /// How random continua are drawn for the expected disorder.
    #[arg(long, value_enum)]
    pub sampler: Option<SamplerChoice>,
    /// Relative precision wanted on the expected disorder.
    #[arg(long, default_value_t = 0.02)]
    pub precision: f64,
    /// Confidence of that precision.
    #[arg(long, default_value_t = 0.95)]
    pub confidence: f64,
    /// Draw exactly N random continua instead of following --precision.
    #[arg(long, value_name = "N")]
    pub samples: Option<usize>,
    /// Upper bound on the number of random continua under --precision.
    #[arg(long, default_value_t = 5000)]
    pub max_samples: usize,
    /// Seed of the random continua (reported in every result, so a run can be repeated).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Also compute γ-cat (Mathet 2017).
    #[arg(long)]
    pub gamma_cat: bool,
    /// Also compute γ-k for each category.
    #[arg(long)]
    pub gamma_k: bool,
    /// Definition of γ-cat / γ-k: pygamma-agreement's (pairs with an empty slot count) or the
    /// article's (only pairs of two units).
    #[arg(long, value_enum, default_value = "pygamma")]
    pub gamma_cat_variant: GammaCatVariantChoice,
    /// Ignore units of this category (repeatable).
    #[arg(long, value_name = "C")]
    pub exclude_category: Vec<String>,
    /// Print one JSON object instead of a summary.
    #[arg(long)]
    pub json: bool,
    /// Number of threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// How units compare: what the alignment depends on (shared by `gamma` and `gold`).
#[derive(Args, Debug, Clone)]
pub struct DissimilarityArgs {
    /// Weight α of the positional dissimilarity.
    #[arg(long)]
    pub alpha: Option<f64>,
    /// Weight β of the categorical dissimilarity.
    #[arg(long)]
    pub beta: Option<f64>,
    /// Cost Δ∅ of an empty slot (scales both dissimilarities).
    #[arg(long)]
    pub delta_empty: Option<f64>,
    /// Categorical dissimilarity matrix: header line of categories, then one row per category.
    #[arg(long, value_name = "FILE", conflicts_with = "category_scale")]
    pub category_matrix: Option<PathBuf>,
    /// How categories compare when no matrix is given.
    #[arg(long, value_enum)]
    pub category_scale: Option<CategoryScale>,
    /// Order of the categories for --category-scale ordinal (comma separated).
    #[arg(long, value_delimiter = ',', value_name = "C1,C2,...")]
    pub category_order: Vec<String>,
    /// Settings of another tool.
    #[arg(long, value_enum)]
    pub preset: Option<Preset>,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CategoryScale {
    Nominal,
    Ordinal,
    Numeric,
    Levenshtein,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SamplerChoice {
    /// pygamma-agreement's default: units drawn from the input's statistics.
    Statistical,
    /// Paper §5.2.1: rotated copies of real annotators.
    Shuffle,
    /// Paper §5.2.2: annotators of distinct documents (needs several files).
    Corpus,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum GammaCatVariantChoice {
    Pygamma,
    Article,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// The Java Gamma Software: α = 3, shuffle sampler (half mean length between pivots), x̄ floored.
    GammaSoftware,
}

fn bad(message: impl Into<String>) -> Failure {
    Failure::BadInput(message.into())
}

impl DissimilarityArgs {
    /// The preset's options (or the defaults) with this dissimilarity.
    pub fn options(&self) -> Result<GammaOptions, Failure> {
        let mut options = match self.preset {
            Some(Preset::GammaSoftware) => GammaOptions::gamma_software(),
            None => GammaOptions::default(),
        };
        let d = &mut options.dissimilarity;
        if let Some(alpha) = self.alpha {
            d.alpha = alpha;
        }
        if let Some(beta) = self.beta {
            d.beta = beta;
        }
        if let Some(delta) = self.delta_empty {
            d.delta_empty = delta;
        }
        if let Some(path) = &self.category_matrix {
            d.categorical = CategoryDissimilarity::Matrix(
                CategoryMatrix::read(path).map_err(|e| bad(e.to_string()))?,
            );
        }
        match self.category_scale {
            None | Some(CategoryScale::Nominal) => {}
            Some(CategoryScale::Ordinal) => {
                if self.category_order.is_empty() {
                    return Err(bad(
                        "--category-scale ordinal needs --category-order C1,C2,...",
                    ));
                }
                d.categorical = CategoryDissimilarity::Ordinal(self.category_order.clone());
            }
            Some(CategoryScale::Numeric) => d.categorical = CategoryDissimilarity::Numeric,
            Some(CategoryScale::Levenshtein) => d.categorical = CategoryDissimilarity::Levenshtein,
        }
        Ok(options)
    }
}

impl GammaArgs {
    pub fn options(&self) -> Result<GammaOptions, Failure> {
        let mut options = self.dissimilarity.options()?;
        if let Some(choice) = self.sampler {
            options.sampler = match choice {
                SamplerChoice::Statistical => Sampler::Statistical,
                SamplerChoice::Shuffle => match options.sampler {
                    shuffle @ Sampler::Shuffle { .. } => shuffle,
                    _ => Sampler::Shuffle {
                        min_pivot_distance: PivotDistance::MeanLength,
                        integer_pivots: false,
                    },
                },
                SamplerChoice::Corpus => Sampler::Corpus,
            };
        }
        options.samples = match self.samples {
            Some(0) => return Err(bad("--samples must be at least 1")),
            Some(n) => SampleCount::Fixed(n),
            None => SampleCount::Precision {
                precision: self.precision,
                confidence: self.confidence,
                max_samples: self.max_samples,
            },
        };
        options.seed = self.seed;
        options.categorical_gammas = self.gamma_cat || self.gamma_k;
        options.gamma_cat_variant = match self.gamma_cat_variant {
            GammaCatVariantChoice::Pygamma => GammaCatVariant::Pygamma,
            GammaCatVariantChoice::Article => GammaCatVariant::Article,
        };
        Ok(options)
    }
}

/// The documents named on the command line (see `gamma_studio::io::format` for the grouping).
pub fn read_corpus(args: &GammaArgs) -> Result<Corpus, Failure> {
    let documents = args.input.read()?;
    Ok(Corpus::new(
        documents.into_iter().map(|d| d.continuum).collect(),
    ))
}

pub fn run(args: &GammaArgs) -> Result<(), Failure> {
    if let Some(threads) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build_global()
            .map_err(|e| Failure::Computation(e.to_string()))?;
    }
    let options = args.options()?;
    let mut corpus = read_corpus(args)?;
    for document in &mut corpus.documents {
        *document = document.filter_categories(|c| !args.exclude_category.iter().any(|x| x == c));
    }
    let result = gamma_studio::corpus_gamma(&corpus, &options, RunControl::default()).map_err(
        |e| match e {
            GammaError::Alignment(AlignmentError::Solver(_)) | GammaError::Cancelled => {
                Failure::Computation(e.to_string())
            }
            other => bad(other.to_string()),
        },
    )?;
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
        "sampler": options.sampler.to_string(),
        "alpha": options.dissimilarity.alpha,
        "beta": options.dissimilarity.beta,
        "delta_empty": options.dissimilarity.delta_empty,
        "categorical_dissimilarity": options.dissimilarity.categorical.to_string(),
        "annotators": first.annotators.iter().map(|a| a.name.clone()).collect::<Vec<_>>(),
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
    let _ = writeln!(
        s,
        "expected disorder D_e = {:.6}   ({} sampler, {} samples, ±{:.2} % at {:.0} %)",
        result.expected_disorder,
        options.sampler,
        result.n_samples,
        100.0 * result.achieved_precision,
        100.0 * args.confidence
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
