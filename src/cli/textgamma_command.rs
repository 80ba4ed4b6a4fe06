//! `gamma-studio textgamma A.xml B.xml [--base PRE.xml] ...`: tγ of annotators who also
//! corrected tokens and transcriptions.

use super::Failure;
use super::input::{InputArgs, in_flags, warning_in_flags};
use super::settings_args::{SampleArgs, setting_failure, text_gamma_samples};
use crate::printable::{name, say, tell};
use clap::Args;
use gamma_core::CategoryMatrix;
use gamma_core::bootstrap::{BootstrapError, BootstrapOptions, bootstrap_text_gamma};
use gamma_core::textgamma::sampler::{Probabilities, TextGammaOptions, text_gamma};
use gamma_core::textgamma::{
    TextAnnotation, TextDistance, TextGammaError, TextGammaResult, annotations_of,
};
use gamma_formats::{WarningKind, read_documents};
use serde_json::{Value, json};
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct TextGammaArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The pre-annotation the annotators corrected (the chance model perturbs it; default:
    /// each annotator's annotation in turn).
    #[arg(long, value_name = "PRE.xml")]
    pub base: Option<PathBuf>,
    /// Probability that a unit's text is edited, for the chance model (with --ps).
    #[arg(
        long = "pt",
        value_name = "P",
        requires = "p_segmentation",
        conflicts_with = "estimate"
    )]
    pub p_text: Option<f64>,
    /// Probability per unit of a split or merge, for the chance model (with --pt).
    #[arg(
        long = "ps",
        value_name = "P",
        requires = "p_text",
        conflicts_with = "estimate"
    )]
    pub p_segmentation: Option<f64>,
    /// Estimate p_t and p_s from the annotators' differences to the base (the default when
    /// --pt/--ps are not given): maximum likelihood, or with --prior the posterior mode.
    #[arg(long)]
    pub estimate: bool,
    /// Beta prior (a,b) of p_t and p_s: their posterior mode instead of the maximum likelihood.
    #[arg(
        long,
        value_name = "A,B",
        value_delimiter = ',',
        num_args = 2,
        conflicts_with = "p_text"
    )]
    pub prior: Option<Vec<f64>>,
    /// Cost of a gap at a character of the text [default: 1].
    #[arg(long)]
    pub gap_text: Option<u32>,
    /// Cost of a gap at a token boundary [default: 1].
    #[arg(long)]
    pub gap_boundary: Option<u32>,
    /// How the texts of two aligned tokens compare: nominal or levenshtein [default: nominal].
    #[arg(long, value_name = "DISTANCE")]
    pub text_distance: Option<TextDistance>,
    /// A category matrix for one layer (the others stay nominal).
    #[arg(long, value_name = "LAYER=FILE")]
    pub layer_matrix: Option<String>,
    /// Merge only touching tokens in the chance model, as TextGammaTool does.
    #[arg(long)]
    pub reference_merges: bool,
    #[command(flatten)]
    pub samples: SampleArgs,
    /// Also give a 95 % bootstrap confidence interval of tγ from N replicates, over stretches
    /// of the two aligned texts (two annotators)
    #[arg(long, value_name = "N")]
    pub bootstrap: Option<usize>,
    /// Print one JSON object (with the alignment) instead of a summary.
    #[arg(long)]
    pub json: bool,
}

fn bad(message: impl Into<String>) -> Failure {
    Failure::BadInput(message.into())
}

impl TextGammaArgs {
    /// The tγ options: the core's defaults with the arguments given.
    pub fn options(&self) -> Result<TextGammaOptions, Failure> {
        let mut options = TextGammaOptions::default();
        let gaps = &mut options.alignment.gaps;
        gaps.text = self.gap_text.unwrap_or(gaps.text);
        gaps.boundary = self.gap_boundary.unwrap_or(gaps.boundary);
        if let Some(distance) = self.text_distance {
            options.alignment.dissimilarity.text = distance;
        }
        let layer_matrix = match &self.layer_matrix {
            None => None,
            Some(spec) => {
                let (layer, file) = spec
                    .split_once('=')
                    .ok_or_else(|| bad(format!("--layer-matrix {spec:?}: expected LAYER=FILE")))?;
                let matrix = CategoryMatrix::read(std::path::Path::new(file))
                    .map_err(|e| bad(e.to_string()))?;
                Some((layer.to_string(), matrix))
            }
        };
        options.probabilities = match (self.p_text, self.p_segmentation) {
            (Some(p_text), Some(p_segmentation)) => Probabilities::Given {
                p_text,
                p_segmentation,
            },
            _ => Probabilities::Estimated {
                prior: self.prior.as_ref().map(|ab| (ab[0], ab[1])),
            },
        };
        options.alignment.dissimilarity.layer_matrix = layer_matrix;
        options.reference_merges = self.reference_merges;
        text_gamma_samples(&self.samples, &mut options)?;
        options.check().map_err(|e| setting_failure(&e))?;
        Ok(options)
    }

    /// The annotators' annotations, with only the layers asked for.
    fn annotations(&self) -> Result<Vec<TextAnnotation>, Failure> {
        let (documents, warnings) = read_documents(&self.input.files, &self.input.read_options()?)
            .map_err(|e| bad(in_flags(&e)))?;
        // Differing texts are what tγ is for: that warning is for γ.
        for warning in warnings
            .iter()
            .filter(|w| w.kind != WarningKind::TextDiffers)
        {
            tell!("gamma-studio: warning: {}", warning_in_flags(warning));
        }
        if documents.len() != 1 {
            return Err(bad(format!(
                "tγ compares the annotators of one text; these files make {} documents",
                documents.len()
            )));
        }
        let annotations = annotations_of(&documents[0].continuum, &self.input.cora_layer())
            .map_err(|e| bad(e.to_string()))?;
        Ok(match &self.input.layers {
            Some(layers) => annotations
                .into_iter()
                .map(|a| a.with_layers(layers))
                .collect(),
            None => annotations,
        })
    }

    fn base(&self) -> Result<Option<TextAnnotation>, Failure> {
        let Some(path) = &self.base else {
            return Ok(None);
        };
        let mut options = self.input.read_options()?;
        let name = path
            .file_stem()
            .map_or("base".to_string(), |s| s.to_string_lossy().into_owned());
        options.annotator_names = vec![(name, path.clone())];
        let (documents, warnings) =
            read_documents(std::slice::from_ref(path), &options).map_err(|e| bad(in_flags(&e)))?;
        for warning in warnings {
            tell!("gamma-studio: warning: {}", warning_in_flags(&warning));
        }
        let mut annotations = annotations_of(&documents[0].continuum, &self.input.cora_layer())
            .map_err(|e| bad(format!("{}: {e}", path.display())))?;
        let base = annotations.remove(0);
        Ok(Some(match &self.input.layers {
            Some(layers) => base.with_layers(layers),
            None => base,
        }))
    }
}

pub fn run(args: &TextGammaArgs) -> Result<(), Failure> {
    let options = args.options()?;
    let annotations = args.annotations()?;
    let base = args.base()?;
    let result = text_gamma(&annotations, base.as_ref(), &options, Default::default()).map_err(
        |e| match e {
            TextGammaError::Cancelled => Failure::Computation(e.to_string()),
            TextGammaError::Setting(setting) => setting_failure(&setting),
            other => bad(other.to_string()),
        },
    )?;
    let interval = args
        .bootstrap
        .map(|replicates| {
            let settings = BootstrapOptions {
                replicates,
                level: 0.95,
                seed: result.seed,
            };
            bootstrap_text_gamma(&result, &settings).map_err(|e| match e {
                BootstrapError::Replicates(n) => bad(format!(
                    "--bootstrap must be from 2 to {} (got {n})",
                    gamma_core::bootstrap::MAX_REPLICATES
                )),
                other => bad(format!("--bootstrap: {other}")),
            })
        })
        .transpose()?;
    if args.json {
        let mut json = result_json(&annotations, &result);
        if let Some(interval) = &interval {
            json["confidence_interval"] = json!({
                "level": interval.level,
                "tgamma": [finite(interval.gamma.0), finite(interval.gamma.1)],
                "method": interval.unit.method(),
                "resampled": interval.n_units,
                "replicates": interval.replicates,
                "seed": interval.seed,
            });
        }
        println!(
            "{}",
            crate::printable::json(
                &serde_json::to_string_pretty(&json).expect("JSON of plain values")
            )
        );
    } else {
        print!(
            "{}",
            crate::printable::lines(&summary(&annotations, &result))
        );
        if let Some(interval) = &interval {
            say!(
                "{:.0} % confidence interval of tγ: {:.4} … {:.4}   ({}; {} resampled, {} replicates, seed {})",
                100.0 * interval.level,
                interval.gamma.0,
                interval.gamma.1,
                interval.unit.method(),
                interval.n_units,
                interval.replicates,
                interval.seed
            );
        }
    }
    Ok(())
}

fn token_json(annotation: &TextAnnotation, index: Option<usize>) -> Value {
    match index {
        None => Value::Null,
        Some(i) => {
            let unit = &annotation.units[i];
            json!({
                "annotator": annotation.name,
                "text": unit.text,
                "start": unit.start,
                "end": unit.end,
                "layers": unit.layers,
            })
        }
    }
}

fn finite(x: f64) -> Value {
    if x.is_finite() { json!(x) } else { Value::Null }
}

fn result_json(annotations: &[TextAnnotation], result: &TextGammaResult) -> Value {
    let mut alignment = Vec::new();
    for pair in &result.observed.pairs {
        let (a, b) = (&annotations[pair.first], &annotations[pair.second]);
        for (x, y, d) in &pair.units {
            alignment.push(json!({
                "first": token_json(a, *x),
                "second": token_json(b, *y),
                "dissimilarity": d,
            }));
        }
    }
    json!({
        "tgamma": finite(result.tgamma),
        "tgamma_interval": [finite(result.tgamma_interval.0), finite(result.tgamma_interval.1)],
        "observed_disorder": result.observed.disorder,
        "expected_disorder": result.expected_disorder,
        "n_samples": result.n_samples,
        "seed": result.seed,
        "achieved_precision": result.achieved_precision,
        "p_text": result.p_text,
        "p_segmentation": result.p_segmentation,
        "base": result.base,
        "annotators": annotations.iter().map(|a| a.name.clone()).collect::<Vec<_>>(),
        "alignment": alignment,
    })
}

fn layers_text(annotation: &TextAnnotation, index: usize) -> String {
    let unit = &annotation.units[index];
    let layers: Vec<String> = unit
        .layers
        .iter()
        .map(|(k, v)| format!("{}={}", name(k), name(v)))
        .collect();
    format!(
        "{:?} [{}, {}) {}",
        unit.text,
        unit.start,
        unit.end,
        layers.join(" ")
    )
}

fn summary(annotations: &[TextAnnotation], result: &TextGammaResult) -> String {
    let mut out = String::new();
    let names: Vec<_> = annotations.iter().map(|a| name(&a.name)).collect();
    out += &format!("annotators: {}\n", names.join(", "));
    out += &format!("tγ = {:.4}\n", result.tgamma);
    out += &format!("observed disorder D_o = {:.6}\n", result.observed.disorder);
    out += &format!(
        "expected disorder D_e = {:.6} ({} samples, ±{:.1} %, seed {})\n",
        result.expected_disorder,
        result.n_samples,
        100.0 * result.achieved_precision,
        result.seed
    );
    out += &format!(
        "chance model: p_t = {:.4}, p_s = {:.4}, base {}\n",
        result.p_text,
        result.p_segmentation,
        result.base.as_deref().unwrap_or("each annotator in turn")
    );
    for pair in &result.observed.pairs {
        let (a, b) = (&annotations[pair.first], &annotations[pair.second]);
        let differing: Vec<_> = pair.units.iter().filter(|(_, _, d)| *d > 0.0).collect();
        out += &format!(
            "\n{} vs {}: {} tokens aligned, {} differ:\n",
            name(&a.name),
            name(&b.name),
            pair.units.len(),
            differing.len()
        );
        for (x, y, d) in differing {
            let left = x.map_or("∅".to_string(), |x| layers_text(a, x));
            let right = y.map_or("∅".to_string(), |y| layers_text(b, y));
            out += &format!("  d={d:.4}  {left}  |  {right}\n");
        }
    }
    out
}
