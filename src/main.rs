//! `gamma-studio`: with a subcommand, the command line; without, the demo.

mod cli;

fn main() {
    std::process::exit(cli::run(std::env::args_os()));
}
