//! `gamma-studio`: without a subcommand, the desktop app on the demo corpus; `open FILE...`
//! opens files in it; the other subcommands are the command line.

mod app;
mod cli;
mod environment;

fn main() {
    std::process::exit(cli::run(std::env::args_os()));
}
