//! `oware perft` (placeholder until its issue lands).

use std::process::ExitCode;

/// Arguments of `oware perft`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("'oware perft' is not built yet")
}
