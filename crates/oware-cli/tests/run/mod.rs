//! Runs the `oware` binary built for these tests as a user runs it, with no input.
#![allow(dead_code)] // each test file uses its own part

use std::process::Command;

/// Runs `oware ARGS…`: its exit code (`None` when a signal ended it), standard output and
/// standard error.
pub fn oware_code(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_oware"))
        .args(args)
        .output()
        .expect("oware runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `oware ARGS…`: whether it succeeded, standard output and standard error.
pub fn oware(args: &[&str]) -> (bool, String, String) {
    let (code, out, err) = oware_code(args);
    (code == Some(0), out, err)
}
