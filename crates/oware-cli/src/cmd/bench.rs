//! `oware bench [DEPTH]`: searches the engine's fixed positions to a fixed depth (fresh table, one
//! thread) and prints `N nodes M nps` last. N is deterministic; CI compares it with
//! `bench.expected`.

use std::process::ExitCode;

use oware_engine::bench;

/// Arguments of `oware bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Search depth in plies.
    #[arg(default_value_t = bench::DEFAULT_DEPTH)]
    pub depth: u32,
    /// Print one line per position (position, best move, score, nodes).
    #[arg(long, short)]
    pub verbose: bool,
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        (1..=64).contains(&args.depth),
        "depth must be between 1 and 64"
    );
    let r = bench::run(args.depth, &mut |i, text, r| {
        if args.verbose {
            let turn = oware_core::fen::parse(text).map(|p| p.turn());
            let best = match (r.best, turn) {
                (Some(m), Ok(side)) => m.letter(side).to_string(),
                _ => "-".to_string(),
            };
            println!(
                "{:>2} {text} best {best} score {} nodes {}",
                i + 1,
                r.info.score,
                r.info.nodes
            );
        }
    });
    println!("{} nodes {} nps", r.nodes, r.nps());
    Ok(ExitCode::SUCCESS)
}
