//! A command of this binary timed as a user runs it: a child process started with the given
//! arguments, its output read, its wall time and peak resident memory (the kernel's own
//! accounting of the finished child, `wait4`) measured; and the machine's load beside them.

use crate::cli::Failure;
use std::process::{Command, Stdio};
use std::time::Instant;

/// What one run of a command took.
pub struct ChildRun {
    /// Wall-clock seconds from the start to the exit.
    pub seconds: f64,
    /// Its peak resident memory, in MB.
    pub peak_mb: f64,
    /// User + system CPU seconds.
    pub cpu_seconds: f64,
    /// What it printed on its standard output.
    pub stdout: String,
}

/// Runs `gamma-studio ARGS` (this very binary), keeping its standard output; fails when it
/// does.
pub fn run(args: &[&str]) -> Result<ChildRun, Failure> {
    let exe = std::env::current_exe().map_err(|e| Failure::Computation(e.to_string()))?;
    let clock = Instant::now();
    let child = Command::new(exe)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Failure::Computation(format!("gamma-studio {}: {e}", args.join(" "))))?;
    let pid = child.id() as libc::pid_t;
    // Both outputs are read to their end before the child is reaped (either may fill its
    // pipe): the standard error on a thread of its own.
    let mut stderr = child.stderr.expect("piped");
    let reader = std::thread::spawn(move || {
        let mut message = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut message).ok();
        message
    });
    let mut stdout = String::new();
    std::io::Read::read_to_string(&mut child.stdout.expect("piped"), &mut stdout).ok();
    let message = reader.join().unwrap_or_default();
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero rusage is a valid value for the kernel to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own child, not yet reaped; `status` and `usage` are valid for writes.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let seconds = clock.elapsed().as_secs_f64();
    if reaped != pid || !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        return Err(Failure::Computation(format!(
            "gamma-studio {} failed: {}",
            args.join(" "),
            message.trim()
        )));
    }
    let time = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Ok(ChildRun {
        seconds,
        // Linux gives ru_maxrss in kilobytes.
        peak_mb: usage.ru_maxrss as f64 / 1024.0,
        cpu_seconds: time(usage.ru_utime) + time(usage.ru_stime),
        stdout,
    })
}

/// The load average over the last minute, as `uptime` prints it (`None` off Linux).
pub fn load_average() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// "load 0.42, 2 cores" for the line of a figure: what the machine was doing.
pub fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    match load_average() {
        Some(load) => format!("load average {load:.2} at the start, {cores} cores"),
        None => format!("{cores} cores"),
    }
}

/// "met" or "not met".
pub fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "not met" }
}
