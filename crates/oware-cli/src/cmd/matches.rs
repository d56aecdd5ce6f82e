//! `oware matches` (placeholder until its issue lands).

use std::process::ExitCode;

/// Arguments of `oware matches`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("'oware matches' is not built yet")
}
