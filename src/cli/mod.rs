//! The command line: parses arguments, reads files, calls the core, prints. Exit codes: 0 ok,
//! 2 bad input or options, 1 a failure of the computation itself.

mod bench;
mod bench_coverage;
mod bench_coverage_coding;
mod bench_reading;
mod coding_command;
mod coefficients_command;
mod convert;
mod diagnose;
mod evaluate_command;
mod examples_command;
mod feedback_command;
mod file_plan;
mod gamma_command;
mod gamma_json;
mod gold_command;
mod heartbeat;
mod input;
mod report_command;
mod settings_args;
mod shuffle_command;
mod textgamma_command;

use crate::printable::tell;
use clap::{Parser, Subcommand};
use std::ffi::OsString;

#[derive(Parser, Debug)]
#[command(
    name = "gamma-studio",
    version,
    about = "Inter-annotator agreement on spans: γ (Mathet et al. 2015), exactly and fast"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// App on the demo: save a screenshot of the window as PNG once the first γ is shown, then
    /// quit.
    #[arg(long, value_name = "FILE.png")]
    screenshot: Option<std::path::PathBuf>,
    /// Log what is done to stderr (-v: steps, -vv: details; RUST_LOG overrides).
    #[arg(long, short = 'v', global = true, action = clap::ArgAction::Count)]
    verbose: u8,
}

/// Prints log records to stderr: warnings by default, more with -v / -vv, or as RUST_LOG says.
fn init_logging(verbose: u8) {
    let level = match verbose {
        0 => log::LevelFilter::Warn,
        1 => log::LevelFilter::Info,
        _ => log::LevelFilter::Debug,
    };
    let mut builder = env_logger::Builder::new();
    builder.filter_level(log::LevelFilter::Warn);
    builder.filter_module("gamma_studio", level);
    builder.filter_module("gamma_core", level);
    builder.filter_module("gamma_formats", level);
    if let Ok(spec) = std::env::var("RUST_LOG") {
        builder.parse_filters(&spec);
    }
    let _ = builder.try_init();
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Open annotation files in the desktop app (no subcommand opens the demo corpus).
    Open(Box<OpenArgs>),
    /// Compute γ of one document, or of a corpus (several files, one document each).
    Gamma(Box<gamma_command::GammaArgs>),
    /// The classic and unitizing coefficients of a document: κd, πd, αd, α_U, c|uα, SER,
    /// WindowDiff, Pk, GHD.
    Coefficients(Box<coefficients_command::CoefficientsArgs>),
    /// A coding study (items × coders, from a wide, long or contingency table): the survey's
    /// coefficients with their intervals, pairwise tables, and a gold label per item.
    Coding(Box<coding_command::CodingArgs>),
    /// The agreement report for a paper: one self-contained HTML page (or .md, .tex, .json)
    /// with the method, γ, γ-cat, γ-k, pairs, documents, coefficients, plots and disagreements.
    Report(Box<report_command::ReportArgs>),
    /// Build a consensus gold standard with bulk rules (the app adjudicates the rest).
    Gold(Box<gold_command::GoldArgs>),
    /// The places where two confused categories meet, with their text: examples for the
    /// guidelines (Markdown, CSV or JSON).
    Examples(Box<examples_command::ExamplesArgs>),
    /// One page per annotator (HTML, Markdown): her disagreements with the gold or the
    /// majority, in context, with the decisions and their reasons, and her profile.
    Feedback(Box<feedback_command::FeedbackArgs>),
    /// Evaluate annotators or systems against a reference: γ and span precision/recall/F1.
    Evaluate(Box<evaluate_command::EvaluateArgs>),
    /// tγ of annotators who also corrected tokens and transcriptions (CorA-XML files).
    Textgamma(Box<textgamma_command::TextGammaArgs>),
    /// Corpus Shuffling Tool: simulated annotators with controlled errors from a reference.
    Shuffle(Box<shuffle_command::ShuffleArgs>),
    /// How measures respond to errors of growing magnitude (curves as CSV or JSON).
    Sweep(Box<shuffle_command::SweepArgs>),
    /// What a document's γ means: the magnitude of each error kind that gives the same γ.
    Calibrate(Box<shuffle_command::CalibrateArgs>),
    /// Convert annotation files to another format (every format Gamma Studio writes: see --to).
    Convert(Box<convert::ConvertArgs>),
    /// Time full γ runs on generated continua and report peak memory.
    Bench(bench::BenchArgs),
}

/// The files `open` shows in the app.
#[derive(clap::Args, Debug)]
struct OpenArgs {
    #[command(flatten)]
    input: input::InputArgs,
    /// Save a screenshot of the window as PNG once the first γ is shown, then quit.
    #[arg(long, value_name = "FILE.png")]
    screenshot: Option<std::path::PathBuf>,
}

fn open_app(
    files: Vec<std::path::PathBuf>,
    read_options: Result<gamma_formats::ReadOptions, Failure>,
    screenshot: Option<std::path::PathBuf>,
) -> Result<(), Failure> {
    crate::app::run(crate::app::Launch {
        files,
        read_options: read_options?,
        screenshot,
        data_folder: None,
    })
    .map_err(|e| Failure::Computation(e.to_string()))
}

/// Exit status of a failed command.
#[derive(Debug)]
pub enum Failure {
    BadInput(String),
    Computation(String),
}

pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    init_logging(cli.verbose);
    let outcome = match cli.command {
        Some(Command::Gamma(args)) => gamma_command::run(&args),
        Some(Command::Open(args)) => {
            let OpenArgs { input, screenshot } = *args;
            open_app(input.files.clone(), input.read_options(), screenshot)
        }
        Some(Command::Convert(args)) => convert::run(&args),
        Some(Command::Coefficients(args)) => coefficients_command::run(&args),
        Some(Command::Gold(args)) => gold_command::run(&args),
        Some(Command::Feedback(args)) => feedback_command::run(&args),
        Some(Command::Examples(args)) => examples_command::run(&args),
        Some(Command::Coding(args)) => coding_command::run(&args),
        Some(Command::Report(args)) => report_command::run(&args),
        Some(Command::Evaluate(args)) => evaluate_command::run(&args),
        Some(Command::Textgamma(args)) => textgamma_command::run(&args),
        Some(Command::Shuffle(args)) => shuffle_command::run_shuffle(&args),
        Some(Command::Sweep(args)) => shuffle_command::run_sweep(&args),
        Some(Command::Calibrate(args)) => shuffle_command::run_calibrate(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        None => open_app(Vec::new(), Ok(Default::default()), cli.screenshot),
    };
    match outcome {
        Ok(()) => 0,
        Err(Failure::BadInput(message)) => {
            tell!("gamma-studio: {message}");
            2
        }
        Err(Failure::Computation(message)) => {
            tell!("gamma-studio: {message}");
            1
        }
    }
}
