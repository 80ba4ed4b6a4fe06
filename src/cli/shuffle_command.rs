//! `gamma-studio shuffle` and `gamma-studio sweep`: the Corpus Shuffling Tool.

use super::Failure;
use super::file_plan::FilePlan;
use super::input::in_flags;
use super::settings_args::{SweepSettingsArgs, setting_failure};
use crate::printable::{name, say};
use clap::Args;
use gamma_core::measure::Measure;
use gamma_core::settings::{Setting, UnknownName};
use gamma_core::shuffle::{ANNOTATORS_RANGE, MAGNITUDE_RANGE, SETS_RANGE, STEP_RANGE};
use gamma_core::shuffle::{
    ErrorKind, Factors, Reference, ReferenceModel, SweepOptions, shuffle, sweep, sweep_csv,
};
use gamma_formats::{ReadOptions, read_documents};
use serde_json::json;
use std::path::PathBuf;

/// Where the reference comes from.
#[derive(Args, Debug, Clone)]
pub struct ReferenceArgs {
    /// A real annotation as the reference (CSV, Glozz, CorA-XML, ELAN): the first annotator's
    /// units, or those of --reference-annotator.
    #[arg(long, value_name = "FILE", conflicts_with = "model")]
    pub reference: Option<PathBuf>,
    /// The annotator of --reference whose units are the reference.
    #[arg(long, value_name = "NAME", requires = "reference")]
    pub reference_annotator: Option<String>,
    /// A statistical model instead: `default` (100 units, 4 categories of unequal prevalence,
    /// no overlap), `segmentation` (100 segments of one category, back to back: pure
    /// segmentation) or a JSON file of the same fields (units, categories with name,
    /// prevalence, min_length and max_length, min_gap, max_gap, overlap): see
    /// resources/models/.
    #[arg(long, value_name = "MODEL")]
    pub model: Option<String>,
    /// Error kinds, applied in this order, each at magnitude m/n: shift, shift-no-overlap,
    /// false-negative, false-positive, split, category, category-prevalence, category-overlap,
    /// category-prevalence-overlap.
    #[arg(long, value_delimiter = ',', required = true)]
    pub error: Vec<String>,
    /// Number of simulated annotators.
    #[arg(long, default_value_t = 3)]
    pub annotators: usize,
    /// Seed (the model's reference and every simulated annotator).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The x of shift (maximal latitude = mean length of the unit's category · m · x)
    /// [default: 2].
    #[arg(long)]
    pub shift_factor: Option<f64>,
    /// The x of false positives (m · x · N units added) [default: 1].
    #[arg(long)]
    pub false_positive_factor: Option<f64>,
    /// The x of splits (N · x · m cuts) [default: 1; 5 with --preset papers].
    #[arg(long)]
    pub split_factor: Option<f64>,
}

fn bad(message: impl Into<String>) -> Failure {
    Failure::BadInput(message.into())
}

impl ReferenceArgs {
    fn reference(&self) -> Result<Reference, Failure> {
        match (&self.reference, &self.model) {
            (Some(path), _) => {
                let (documents, _) =
                    read_documents(std::slice::from_ref(path), &ReadOptions::default())
                        .map_err(|e| bad(in_flags(&e)))?;
                let continuum = &documents[0].continuum;
                let index = match &self.reference_annotator {
                    None => 0,
                    Some(name) => continuum
                        .annotators
                        .iter()
                        .position(|a| &a.name == name)
                        .ok_or_else(|| bad(format!("{}: no annotator {name:?}", path.display())))?,
                };
                Reference::from_annotator(continuum, index)
                    .map_err(|e| bad(format!("{}: {e}", path.display())))
            }
            (None, Some(name)) if ReferenceModel::built_in(name).is_some() => {
                ReferenceModel::built_in(name)
                    .expect("built in")
                    .generate(self.seed)
                    .map_err(|e| bad(e.to_string()))
            }
            (None, Some(model)) => {
                let path = std::path::Path::new(model);
                // Only a regular file is read (a FIFO would never end).
                let bytes = gamma_formats::read_bytes(path).map_err(|e| {
                    bad(format!(
                        "{e} (the built-in models are {})",
                        ReferenceModel::BUILT_IN.join(", ")
                    ))
                })?;
                let model: ReferenceModel = serde_json::from_slice(&bytes).map_err(|e| {
                    bad(format!(
                        "{}:{}:{}: not a reference model: {e}",
                        path.display(),
                        e.line(),
                        e.column()
                    ))
                })?;
                model
                    .generate(self.seed)
                    .map_err(|e| bad(format!("{}: {e}", path.display())))
            }
            (None, None) => Err(bad(
                "give --reference FILE or --model default|segmentation|MODEL.json",
            )),
        }
    }

    fn errors(&self) -> Result<Vec<ErrorKind>, Failure> {
        self.error
            .iter()
            .map(|e| e.parse::<ErrorKind>().map_err(|e| bad(e.to_string())))
            .collect()
    }

    /// `base` (the defaults, or a preset's) with the factors given, checked by the core with
    /// the number of annotators.
    fn factors(&self, base: Factors) -> Result<Factors, Failure> {
        let mut factors = base;
        for (given, field) in [
            (self.shift_factor, &mut factors.shift),
            (self.false_positive_factor, &mut factors.false_positive),
            (self.split_factor, &mut factors.split),
        ] {
            if let Some(value) = given {
                *field = value;
            }
        }
        factors.check().map_err(|e| setting_failure(&e))?;
        ANNOTATORS_RANGE
            .check_count(Setting::Annotators, self.annotators as u64)
            .map_err(|e| setting_failure(&e))?;
        Ok(factors)
    }

    /// The reference and model files read.
    fn plan_inputs(&self, plan: &mut FilePlan) {
        if let Some(reference) = &self.reference {
            plan.reads("the reference", reference);
        }
        if let Some(model) = self
            .model
            .as_deref()
            .filter(|m| ReferenceModel::built_in(m).is_none())
        {
            plan.reads("the model", std::path::Path::new(model));
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct ShuffleArgs {
    #[command(flatten)]
    pub reference: ReferenceArgs,
    /// Magnitude of the errors, from 0 (copies of the reference) to 1.
    #[arg(long)]
    pub magnitude: f64,
    /// Folder for `reference.csv` and `shuffled.csv`.
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: PathBuf,
}

pub fn run_shuffle(args: &ShuffleArgs) -> Result<(), Failure> {
    MAGNITUDE_RANGE
        .check(Setting::Magnitude, args.magnitude)
        .map_err(|e| setting_failure(&e))?;
    let factors = args.reference.factors(Factors::default())?;
    let mut plan = FilePlan::default();
    args.reference.plan_inputs(&mut plan);
    for name in ["reference.csv", "shuffled.csv"] {
        plan.writes("--out", &args.out.join(name), false)?;
    }
    let reference = args.reference.reference()?;
    let errors = args.reference.errors()?;
    let continuum = shuffle(
        &reference,
        &errors,
        args.magnitude,
        args.reference.annotators,
        &factors,
        args.reference.seed,
        0,
    )
    .map_err(|e| bad(e.to_string()))?;
    std::fs::create_dir_all(&args.out).map_err(|e| {
        bad(format!(
            "{}: cannot create the folder: {e}",
            args.out.display()
        ))
    })?;
    let mut reference_continuum = gamma_core::Continuum::new("reference");
    reference_continuum.annotators.push(gamma_core::Annotator {
        name: "reference".into(),
        units: reference.units.clone(),
        own_text: None,
        relations: Vec::new(),
    });
    for (file, c) in [
        ("reference.csv", &reference_continuum),
        ("shuffled.csv", &continuum),
    ] {
        let path = args.out.join(file);
        gamma_formats::csv::write(c, &path).map_err(|e| bad(e.to_string()))?;
        say!("{}", name(&path.display().to_string()));
    }
    Ok(())
}

#[derive(Args, Debug, Clone)]
pub struct SweepArgs {
    #[command(flatten)]
    pub reference: ReferenceArgs,
    #[command(flatten)]
    pub settings: SweepSettingsArgs,
    /// Sets of simulated annotators per magnitude (the measures are averaged over them).
    #[arg(long, default_value_t = 40)]
    pub sets: usize,
    /// Magnitude step.
    #[arg(long, default_value_t = 0.05)]
    pub step: f64,
    /// Measures (comma separated): gamma; kappa (κd), pi, alpha, percentage on the annotations
    /// discretized by position; alpha_u (Krippendorff's α_U), cu_alpha (c|uα); ser, windowdiff,
    /// pk, ghd as 1 − the distance, averaged over ordered pairs of annotators.
    #[arg(long, value_delimiter = ',', default_value = "gamma")]
    pub measures: Vec<String>,
    /// The curves as CSV (`magnitude`, then one mean column per measure); default: stdout.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print JSON instead of CSV.
    #[arg(long)]
    pub json: bool,
}

/// `--step` and `--sets` within the core's ranges, before any file is read.
fn check_step_and_sets(step: f64, sets: usize) -> Result<(), Failure> {
    STEP_RANGE
        .check(Setting::Step, step)
        .and_then(|()| SETS_RANGE.check_count(Setting::Sets, sets as u64))
        .map_err(|e| setting_failure(&e))
}

pub fn run_sweep(args: &SweepArgs) -> Result<(), Failure> {
    check_step_and_sets(args.step, args.sets)?;
    let mut options = SweepOptions::default();
    args.settings.apply(&mut options)?;
    let factors = args.reference.factors(options.factors)?;
    let mut plan = FilePlan::default();
    args.reference.plan_inputs(&mut plan);
    if let Some(out) = &args.out {
        plan.writes("--out", out, false)?;
    }
    let reference = args.reference.reference()?;
    let measures: Vec<Measure> = args
        .measures
        .iter()
        .map(|m| m.parse().map_err(|e: UnknownName| bad(e.to_string())))
        .collect::<Result<_, _>>()?;
    let options = SweepOptions {
        errors: args.reference.errors()?,
        measures: measures.clone(),
        step: args.step,
        sets: args.sets,
        annotators: args.reference.annotators,
        factors,
        seed: args.reference.seed,
        ..options
    };
    let clock = std::time::Instant::now();
    let rows = sweep(&reference, &options).map_err(|e| bad(e.to_string()))?;
    log::info!("sweep in {:.1} s", clock.elapsed().as_secs_f64());
    let text = if args.json {
        let curves: Vec<_> = rows
            .iter()
            .map(|row| {
                let mut entry = json!({"magnitude": row.magnitude});
                for (m, mean) in measures.iter().zip(&row.means) {
                    entry[m.name()] = json!(mean);
                }
                entry
            })
            .collect();
        serde_json::to_string_pretty(&json!({
            "errors": args.reference.error,
            "annotators": args.reference.annotators,
            "sets": args.sets,
            "seed": args.reference.seed,
            "preset": args.settings.preset.map(|p| p.to_string()),
            "reference_units": reference.units.len(),
            "curves": curves,
        }))
        .expect("plain values")
            + "\n"
    } else {
        sweep_csv(&measures, &rows)
    };
    match &args.out {
        Some(path) => {
            gamma_formats::write_atomically(path, text.as_bytes())
                .map_err(|e| bad(e.to_string()))?;
            say!("{}", name(&path.display().to_string()));
        }
        None => print!("{}", crate::printable::json(&text)),
    }
    Ok(())
}

#[derive(Args, Debug, Clone)]
pub struct CalibrateArgs {
    #[command(flatten)]
    pub input: super::input::InputArgs,
    /// Error kinds to calibrate against.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "shift,false-negative,false-positive,split,category"
    )]
    pub error: Vec<String>,
    /// Sets of simulated annotators per magnitude and reference.
    #[arg(long, default_value_t = 5)]
    pub sets: usize,
    /// Magnitude step.
    #[arg(long, default_value_t = 0.1)]
    pub step: f64,
    /// Seed of the document's γ and of the simulations.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A gold standard of the document (any format; all its units) as the one reference,
    /// instead of each annotator in turn.
    #[arg(long, value_name = "FILE")]
    pub gold: Option<PathBuf>,
    /// Print JSON (with the curves) instead of sentences.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub settings: SweepSettingsArgs,
}

pub fn run_calibrate(args: &CalibrateArgs) -> Result<(), Failure> {
    check_step_and_sets(args.step, args.sets)?;
    let kinds: Vec<ErrorKind> = args
        .error
        .iter()
        .map(|e| e.parse::<ErrorKind>().map_err(|e| bad(e.to_string())))
        .collect::<Result<_, _>>()?;
    let documents = args.input.read()?;
    if documents.len() != 1 {
        return Err(bad(format!(
            "calibrate reads one document; these files make {}",
            documents.len()
        )));
    }
    let mut options = SweepOptions::default();
    args.settings.apply(&mut options)?;
    let options = SweepOptions {
        sets: args.sets,
        step: args.step,
        seed: args.seed,
        ..options
    };
    let continuum = &documents[0].continuum;
    let (references, references_name) = match &args.gold {
        Some(path) => {
            let read_options = args.input.read_options()?;
            let (gold, _) =
                gamma_formats::read_documents(std::slice::from_ref(path), &read_options)
                    .map_err(|e| bad(in_flags(&e)))?;
            let units: Vec<gamma_core::Unit> = gold
                .iter()
                .flat_map(|d| d.continuum.units().map(|(_, u)| u.clone()))
                .collect();
            let reference = gamma_core::shuffle::Reference::new(units)
                .map_err(|e| bad(format!("{}: {e}", path.display())))?;
            (vec![reference], "the gold standard")
        }
        None => (
            gamma_core::shuffle::each_annotator_as_reference(continuum)
                .map_err(|e| bad(e.to_string()))?,
            "each annotator in turn",
        ),
    };
    let calibration = gamma_core::shuffle::calibrate_against(
        continuum,
        &references,
        &kinds,
        &options,
        Default::default(),
    )
    .map_err(|e| bad(e.to_string()))?;
    if args.json {
        let kinds: Vec<_> = calibration
            .kinds
            .iter()
            .map(|(kind, magnitude, curve)| {
                json!({
                    "error": kind.to_string(),
                    "magnitude": magnitude,
                    "curve": curve.iter().map(|(m, g)| json!({"magnitude": m, "gamma": g})).collect::<Vec<_>>(),
                })
            })
            .collect();
        println!(
            "{}",
            crate::printable::json(
                &serde_json::to_string_pretty(&json!({
                    "gamma": calibration.gamma,
                    "references": references_name,
                    "seed": args.seed,
                    "sets": args.sets,
                    "preset": args.settings.preset.map(|p| p.to_string()),
                    "kinds": kinds,
                }))
                .expect("plain values")
            )
        );
        return Ok(());
    }
    say!(
        "γ = {:.3} for {}: about the γ of annotators making",
        calibration.gamma,
        name(&documents[0].continuum.name)
    );
    for (kind, magnitude, _) in &calibration.kinds {
        match magnitude {
            Some(m) => say!("  {} ({kind}) of magnitude {m:.2}", kind.description()),
            None => say!(
                "  {} ({kind}): never that low, even at magnitude 1",
                kind.description()
            ),
        }
    }
    say!(
        "(references: {references_name}; {} sets per magnitude, step {}, seed {})",
        args.sets,
        args.step,
        args.seed
    );
    Ok(())
}
