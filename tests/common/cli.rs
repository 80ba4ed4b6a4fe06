//! Running the `gamma-studio` binary in the command-line tests (tests/cli_*.rs).

use super::fixture;
use serde_json::Value;
use std::process::{Command, Output};

/// Runs `gamma-studio` with these arguments.
pub fn gamma_studio(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamma-studio"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The JSON a successful run printed (fails the test, with its stderr, if the run failed).
pub fn json_of(output: &Output) -> Value {
    assert!(
        output.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

/// A fixture's path as an argument.
pub fn path(relative: &str) -> String {
    fixture(relative).to_string_lossy().into_owned()
}

/// A path of the bundled demo (`resources/demo/…`) as an argument.
pub fn demo(relative: &str) -> String {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("resources/demo")
        .join(relative)
        .to_string_lossy()
        .into_owned()
}
