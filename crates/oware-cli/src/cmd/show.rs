//! `oware show` (placeholder until its issue lands).

use std::process::ExitCode;

/// Arguments of `oware show`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("'oware show' is not built yet")
}
