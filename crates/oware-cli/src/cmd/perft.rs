//! `oware perft DEPTH`: leaf counts of the legal-move tree for each depth up to DEPTH.

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use oware_core::{perft, Game, PerftCounts};

use crate::common::{start_position, RulesArgs};

/// Arguments of `oware perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The deepest depth to count (plies).
    pub depth: u32,
    /// Start from this position text instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Worker threads (subtrees two plies down are shared out).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(args.threads >= 1, "--threads must be at least 1");
    anyhow::ensure!(args.depth <= 40, "--depth above 40 would never finish");
    let game = Game::from_position(start_position(args.fen.as_deref())?, args.rules.rules());
    println!("depth  leaves  seconds  leaves/s  nodes/s");
    for depth in 1..=args.depth {
        let started = Instant::now();
        let counts = parallel_perft(&game, depth, args.threads);
        let secs = started.elapsed().as_secs_f64();
        let rate = |n: u64| {
            if secs > 0.0 {
                (n as f64 / secs) as u64
            } else {
                0
            }
        };
        println!(
            "{depth} {} {secs:.3} {} {}",
            counts.leaves,
            rate(counts.leaves),
            rate(counts.nodes)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Perft with the subtrees two plies below the root shared among `threads` workers.
fn parallel_perft(game: &Game, depth: u32, threads: usize) -> PerftCounts {
    if threads == 1 || depth < 4 {
        return perft(game, depth);
    }
    // Games two plies down (or fewer where the game ends), each a unit of work.
    let mut units = Vec::new();
    let mut total = PerftCounts::default();
    for &m in game.legal_moves().iter() {
        let mut g1 = game.clone();
        g1.play(m).expect("legal move");
        total.nodes += 1;
        if g1.is_over() {
            total.leaves += 1;
            continue;
        }
        for &m2 in g1.legal_moves().iter() {
            let mut g2 = g1.clone();
            g2.play(m2).expect("legal move");
            total.nodes += 1;
            units.push(g2);
        }
    }
    let next = AtomicUsize::new(0);
    let sum = Mutex::new(total);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut local = PerftCounts::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(g) = units.get(i) else { break };
                    local += perft(g, depth - 2);
                }
                *sum.lock().unwrap_or_else(|e| e.into_inner()) += local;
            });
        }
    });
    sum.into_inner().unwrap_or_else(|e| e.into_inner())
}
