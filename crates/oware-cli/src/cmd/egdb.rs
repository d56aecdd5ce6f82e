//! `oware egdb` (placeholder until its issue lands).

use std::process::ExitCode;

/// Arguments of `oware egdb`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("'oware egdb' is not built yet")
}
