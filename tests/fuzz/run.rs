//! One run of the binary on a fuzz case: it must end by itself within the time bound with exit
//! code 0 or 2, with no usage error, and leave its inputs byte-identical; with
//! `GAMMA_STUDIO_FUZZ_LOG` set, the run is logged.

use super::TIME_BOUND;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary on one case: it must end within the time bound with exit code 0 or 2, and
/// leave every input byte-identical. Returns the exit code and stderr.
pub fn run_case(case: &str, args: &[String], inputs: &[PathBuf], scratch: &Path) -> (i32, String) {
    let before: Vec<Option<Vec<u8>>> = inputs.iter().map(|p| std::fs::read(p).ok()).collect();
    let stdout_path = scratch.join("stdout");
    let stderr_path = scratch.join("stderr");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamma-studio"))
        .args(args)
        .env("GAMMA_STUDIO_DATA", scratch.join("data"))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout_path).unwrap())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > TIME_BOUND {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{case}: no answer within {TIME_BOUND:?} (a hang); arguments {args:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stderr = String::from_utf8_lossy(&std::fs::read(&stderr_path).unwrap()).into_owned();
    let code = status.code();
    assert!(
        matches!(code, Some(0) | Some(2)),
        "{case}: ended with {status} (not 0 or 2: a panic or a signal); arguments {args:?}\nstderr: {stderr}"
    );
    // A usage error would make every case a trivial refusal: the arguments must be right.
    for usage in [
        "unexpected argument",
        "required arguments were not provided",
        "unrecognized subcommand",
    ] {
        assert!(
            !stderr.contains(usage),
            "{case}: a usage error; arguments {args:?}\nstderr: {stderr}"
        );
    }
    for (path, old) in inputs.iter().zip(before) {
        assert_eq!(
            std::fs::read(path).ok(),
            old,
            "{case}: the input {} changed; arguments {args:?}",
            path.display()
        );
    }
    log_run(case, code, start.elapsed(), args);
    (code.unwrap_or(-1), stderr)
}

/// With `GAMMA_STUDIO_FUZZ_LOG=FILE`, one line per run appended to FILE (exit code, seconds,
/// case, arguments): the account of a long run.
fn log_run(case: &str, code: Option<i32>, took: Duration, args: &[String]) {
    let Some(log) = std::env::var_os("GAMMA_STUDIO_FUZZ_LOG") else {
        return;
    };
    let line = format!(
        "{}\t{:.2}\t{case}\t{args:?}\n",
        code.unwrap_or(-1),
        took.as_secs_f64()
    );
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .expect("the fuzz log opens");
    std::io::Write::write_all(&mut file, line.as_bytes()).expect("the fuzz log is written");
}
