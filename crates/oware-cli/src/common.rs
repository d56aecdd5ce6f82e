//! Options and set-up shared by several subcommands.

use std::io::IsTerminal;

use anyhow::Context;
use clap::Args;
use oware_core::{CycleSeeds, GrandSlam, Position, Repetition, Rules};

/// The rule flags: a preset, then individual overrides.
#[derive(Args, Debug, Clone)]
pub struct RulesArgs {
    /// Rule preset: abapa (default), playstrategy or awari.
    #[arg(long, default_value = "abapa")]
    pub rules: Rules,
    /// When a repeated position ends the game: first or third.
    #[arg(long)]
    pub repetition: Option<Repetition>,
    /// How seeds left after a cycle are allocated: own-row or even.
    #[arg(long)]
    pub cycle_seeds: Option<CycleSeeds>,
    /// Grand slam rule: no-capture, illegal, to-opponent, leave-last or leave-first.
    #[arg(long)]
    pub grand_slam: Option<GrandSlam>,
}

impl RulesArgs {
    /// The preset with the overrides applied.
    pub fn rules(&self) -> Rules {
        let mut r = self.rules;
        if let Some(x) = self.repetition {
            r.repetition = x;
        }
        if let Some(x) = self.cycle_seeds {
            r.cycle_seeds = x;
        }
        if let Some(x) = self.grand_slam {
            r.grand_slam = x;
        }
        r
    }
}

/// Parses `--fen`, or the start position when absent.
pub fn start_position(fen: Option<&str>) -> anyhow::Result<Position> {
    match fen {
        Some(f) => oware_core::fen::parse(f).with_context(|| format!("bad --fen '{f}'")),
        None => Ok(Position::start()),
    }
}

/// Logs to standard error with `tracing-subscriber` (`oware serve`, `oware bot`): `RUST_LOG`
/// chooses what (default `info`: start-up lines, warnings, errors; `RUST_LOG=debug` adds every
/// request with its status and time), colours only on a terminal.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Already set (e.g. by an embedding program): keep theirs.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}
