//! `gamma-studio coding TABLE`: a coding study (items × coders) — the coefficients of Artstein
//! & Poesio's survey chosen by name with their distances, analytic and bootstrap intervals,
//! pairwise tables, agreement per category — and its gold: bulk rules, the gold table, the
//! decision report, the session, and the report for a paper.
//!
//! A command of its own rather than `coefficients` or `gold`: those read one span document, and
//! a table of ratings is not one (a ratings CSV and a span CSV share an extension, and the
//! coefficients of a coding study have no position to discretize).

mod gold;
mod output;

use super::Failure;
use super::file_plan::FilePlan;
use super::input::InputArgs;
use clap::Args;
use gamma_core::bootstrap::BootstrapOptions;
use gamma_core::coding::intervals::{IntervalOptions, Measured, measure};
use gamma_core::coding::{CodingStudy, CoefficientChoice};
use gamma_formats::coding_table::{CodingReadOptions, TableShape, read_coding_study};
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct CodingArgs {
    /// The coding table (CSV or TSV: wide, long or a contingency table), or annotation files
    /// whose units at identical positions are the items (--shape spans).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The table's shape: wide (a row per item, a column per coder), long (item,coder,label),
    /// contingency (two coders' cross-table) or spans [default: from the header].
    #[arg(long, value_name = "SHAPE")]
    pub shape: Option<TableShape>,
    /// The coefficients, comma separated, each NAME or NAME:DISTANCE: percentage, s
    /// (bennett_s, brennan_prediger), pi (scott_pi, fleiss), kappa (cohen_kappa, multi_kappa,
    /// conger, weighted_kappa), alpha, ac1 (ac2); distances nominal, ordinal, interval
    /// (quadratic), linear, ratio, masi, jaccard, custom (with --distance-matrix). ac2 and
    /// weighted_kappa are quadratic unless told [default: percentage,kappa,pi,alpha,ac1].
    #[arg(
        long,
        short = 'c',
        value_delimiter = ',',
        value_name = "NAME[:DISTANCE],..."
    )]
    pub coefficients: Vec<String>,
    /// The custom distance: a CSV matrix, the labels across the first row and down the first
    /// column.
    #[arg(long, value_name = "FILE.csv")]
    pub distance_matrix: Option<PathBuf>,
    /// The order of the categories (comma separated): ordinal, linear and interval distances
    /// then place labels that are not numbers at their rank, and categories nobody used count
    /// for S and AC1.
    #[arg(long, value_delimiter = ',', value_name = "L1,L2,...")]
    pub categories: Option<Vec<String>>,
    /// A cell that means a missing rating, besides the empty cell (repeatable: NA, ., -).
    #[arg(long, value_name = "TOKEN")]
    pub missing: Vec<String>,
    /// Count missing ratings as this category instead of leaving them out.
    #[arg(long, value_name = "LABEL")]
    pub missing_as: Option<String>,
    /// Read a label holding ";" as one label, not as a set.
    #[arg(long)]
    pub no_sets: bool,
    /// Also a 95 % bootstrap interval of each coefficient from N replicates over the items.
    #[arg(long, value_name = "N")]
    pub bootstrap: Option<usize>,
    /// Seed of the bootstrap's draws [default: 1]; the intervals report it.
    #[arg(long, requires = "bootstrap")]
    pub seed: Option<u64>,
    /// Also each coefficient for every pair of coders, and its mean over the pairs.
    #[arg(long)]
    pub pairwise: bool,
    /// Also specific agreement and Fleiss's κ of each category.
    #[arg(long)]
    pub per_category: bool,
    /// Also the confusion matrix of every pair of coders.
    #[arg(long)]
    pub confusion: bool,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Write the report for a paper: .html, .md, .tex or .json (the coefficients, their
    /// intervals, and the method: distances, missing data, intervals).
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Bulk rule of the gold, applied in the order given (repeatable): unanimous (every rating
    /// of the item the same, at least two), majority (more than half of the item's ratings) or
    /// majority:T (more than half and at least the share T, from 0.5 to 1).
    #[arg(long, value_name = "RULE")]
    pub auto: Vec<String>,
    /// The gold table (item,gold; .csv or .tsv).
    #[arg(long, short = 'o', value_name = "GOLD", requires = "auto")]
    pub out: Option<PathBuf>,
    /// Also write the report of every decision (.json, or CSV/TSV).
    #[arg(long, value_name = "FILE", requires = "auto")]
    pub decisions: Option<PathBuf>,
    /// Also save the adjudication session, to go on deciding in the app (an existing session of
    /// this table is resumed).
    #[arg(long, value_name = "FILE.json", requires = "auto")]
    pub session: Option<PathBuf>,
    /// Who decides (recorded with every decision; default: the login name).
    #[arg(long, value_name = "NAME")]
    pub adjudicator: Option<String>,
    /// Spans: read every file as this format instead of guessing from its extension.
    #[arg(long, ignore_case = true, value_parser = super::input::format_parser(false))]
    pub format: Option<gamma_formats::Format>,
    /// Spans: the category feature (Glozz, WebAnno TSV 3, XMI), as for `gamma`.
    #[arg(long, value_name = "NAME")]
    pub category_feature: Option<String>,
    /// Spans: the layer (CorA's annotation layer, default pos; the TSV 3 span layer), as for
    /// `gamma`.
    #[arg(long, value_name = "LAYER")]
    pub layer: Option<String>,
    /// Spans: the Glozz text (.ac), or the CSV's text.
    #[arg(long, value_name = "FILE")]
    pub text: Option<PathBuf>,
    /// Spans: the users of an INCEpTION project export read as coders (comma separated).
    #[arg(long, value_delimiter = ',', value_name = "U1,U2,...")]
    pub users: Vec<String>,
}

fn bad(message: impl Into<String>) -> Failure {
    Failure::BadInput(message.into())
}

impl CodingArgs {
    /// The reading options of the annotation files (the spans shape), as `gamma` reads them.
    fn span_input(&self) -> InputArgs {
        InputArgs {
            files: self.files.clone(),
            format: self.format,
            text: self.text.clone(),
            model: None,
            annotator: Vec::new(),
            category_feature: self.category_feature.clone(),
            include_type: Vec::new(),
            exclude_type: Vec::new(),
            exclude_author: Vec::new(),
            layer: self.layer.clone(),
            users: self.users.clone(),
            layers: None,
            transcription: Default::default(),
        }
    }

    fn read_options(&self) -> Result<CodingReadOptions, Failure> {
        Ok(CodingReadOptions {
            shape: self.shape,
            set_separator: (!self.no_sets).then_some(gamma_core::coding::SET_SEPARATOR),
            missing: self.missing.clone(),
            missing_as: self.missing_as.clone(),
            categories: self.categories.clone(),
            spans: self.span_input().read_options()?,
        })
    }

    /// The coefficients asked for, read by the core's registry.
    fn choices(&self) -> Result<Vec<CoefficientChoice>, Failure> {
        let matrix = match &self.distance_matrix {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| bad(format!("--distance-matrix {}: {e}", path.display())))?;
                let source = path.display().to_string();
                let matrix = gamma_core::CategoryMatrix::parse(&text, &source)
                    .map_err(|e| bad(format!("--distance-matrix: {e}")))?;
                Some(matrix)
            }
            None => None,
        };
        if self.coefficients.is_empty() {
            return Ok(CoefficientChoice::defaults());
        }
        (self.coefficients.iter())
            .map(|text| {
                CoefficientChoice::parse(text, matrix.as_ref()).map_err(|e| {
                    bad(format!(
                        "--coefficients {text:?}: {e}{}",
                        match e {
                            gamma_core::coding::UnknownCoefficient::NoMatrix => {
                                " (give it with --distance-matrix FILE.csv)"
                            }
                            _ => "",
                        }
                    ))
                })
            })
            .collect()
    }

    fn intervals(&self) -> Result<IntervalOptions, Failure> {
        let bootstrap = match self.bootstrap {
            None => None,
            Some(replicates) => {
                let options = BootstrapOptions {
                    replicates,
                    level: 0.95,
                    seed: self.seed.unwrap_or(gamma_core::DEFAULT_SEED),
                };
                options.check().map_err(|_| {
                    bad(format!(
                        "--bootstrap must be from 2 to {} (got {replicates})",
                        gamma_core::bootstrap::MAX_REPLICATES
                    ))
                })?;
                Some(options)
            }
        };
        Ok(IntervalOptions {
            level: 0.95,
            bootstrap,
        })
    }
}

/// A coefficient of the study with its intervals, or why it has none.
pub type Row = (CoefficientChoice, Result<Measured, String>);

pub fn run(args: &CodingArgs) -> Result<(), Failure> {
    let choices = args.choices()?;
    let intervals = args.intervals()?;
    let options = args.read_options()?;
    let mut plan = FilePlan::default();
    plan.reads_annotations(&args.files);
    if let Some(matrix) = &args.distance_matrix {
        plan.reads("the distance matrix", matrix);
    }
    for (flag, path) in [
        ("--out", &args.out),
        ("--decisions", &args.decisions),
        ("--report", &args.report),
    ] {
        if let Some(path) = path {
            plan.writes(flag, path, false)?;
        }
    }
    if let Some(session) = &args.session {
        plan.writes("--session", session, false)?;
    }
    let (study, warnings) =
        read_coding_study(&args.files, &options).map_err(|e| bad(super::input::in_flags(&e)))?;
    for warning in &warnings {
        eprintln!("warning: {}", super::input::warning_in_flags(warning));
    }
    let rows: Vec<Row> = (choices.into_iter())
        .map(|choice| {
            let measured = measure(&study, &choice, &intervals).map_err(|e| e.to_string());
            (choice, measured)
        })
        .collect();
    let adjudication = gold::run(args, &study)?;
    if let Some(path) = &args.report {
        crate::report::coding::write(path, &study, &rows, &options, &intervals)
            .map_err(Failure::BadInput)?;
    }
    if args.json {
        let json = output::json(args, &study, &rows, adjudication.as_ref());
        let text = serde_json::to_string_pretty(&json).expect("plain values");
        println!("{}", crate::printable::json(&text));
    } else {
        let text = output::text(args, &study, &rows, adjudication.as_ref());
        print!("{}", crate::printable::lines(&text));
    }
    Ok(())
}

/// What the study is, in a line: its items, coders, labels and missing ratings.
pub fn describe(study: &CodingStudy) -> String {
    let cells = study.n_items() * study.coders.len();
    let missing = cells - study.n_ratings();
    format!(
        "{}: {} items, {} coders, {} labels, {} ratings ({} missing, {:.1} %)",
        crate::printable::name(&study.name),
        study.n_items(),
        study.coders.len(),
        study.categories().len(),
        study.n_ratings(),
        missing,
        if cells == 0 {
            0.0
        } else {
            100.0 * missing as f64 / cells as f64
        }
    )
}
