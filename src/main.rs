//! `gamma-studio`: without a subcommand, the desktop app on the demo corpus; `open FILE...`
//! opens files in it; the other subcommands are the command line.

mod app;
mod cli;
mod environment;
mod printable;
mod report;
mod wording;

fn main() {
    // Rust ignores SIGPIPE, so a write to a closed pipe (`gamma-studio gamma … | head`) would
    // panic in println!; the default action ends the process quietly, as Unix tools do.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of one signal, before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::exit(cli::run(std::env::args_os()));
}
