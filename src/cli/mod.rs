//! The command line: parses arguments, reads files, calls the core, prints. Exit codes: 0 ok,
//! 2 bad input or options, 1 a failure of the computation itself.

mod bench;
mod convert;
mod gamma_command;
mod input;

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
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Compute γ of one document, or of a corpus (several files, one document each).
    Gamma(Box<gamma_command::GammaArgs>),
    /// Convert annotation files to another format (csv, glozz, cora, elan).
    Convert(Box<convert::ConvertArgs>),
    /// Time full γ runs on generated continua and report peak memory.
    Bench(bench::BenchArgs),
}

/// Exit status of a failed command.
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
    let outcome = match cli.command {
        Some(Command::Gamma(args)) => gamma_command::run(&args),
        Some(Command::Convert(args)) => convert::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        None => gamma_command::run_demo(),
    };
    match outcome {
        Ok(()) => 0,
        Err(Failure::BadInput(message)) => {
            eprintln!("gamma-studio: {message}");
            2
        }
        Err(Failure::Computation(message)) => {
            eprintln!("gamma-studio: {message}");
            1
        }
    }
}
