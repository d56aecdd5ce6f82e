//! `oware uci` (placeholder until its issue lands).

use std::process::ExitCode;

/// Arguments of `oware uci`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("'oware uci' is not built yet")
}
