//! Fits the evaluation weights to self-play results (Texel's method; see `oware_engine::tune`)
//! and prints them beside the weights in use, so that `eval::WEIGHTS` can be reproduced or
//! refitted. The data is made by the run itself: self-play games of the engine, deterministic
//! for a seed and depth.
//!
//! `cargo run --release -p oware-engine --example tune -- [--games 4000] [--depth 7]
//! [--seed 2024] [--iterations 200]`
//!
//! The weights in use came from `--games 4000 --depth 7 --seed 2024`, with the engine of the
//! time: the search has changed since, so the games, and the fit, now differ a little.

use std::process::ExitCode;
use std::time::Instant;

use oware_engine::eval::{FEATURE_NAMES, WEIGHTS};
use oware_engine::tune;

/// The run's settings.
struct Settings {
    games: usize,
    depth: u32,
    seed: u64,
    iterations: usize,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let mut s = Settings {
        games: 4000,
        depth: 7,
        seed: 2024,
        iterations: 200,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |e: std::num::ParseIntError| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--games" => s.games = value.parse().map_err(bad)?,
            "--depth" => s.depth = value.parse().map_err(bad)?,
            "--seed" => s.seed = value.parse().map_err(bad)?,
            "--iterations" => s.iterations = value.parse().map_err(bad)?,
            _ => {
                return Err(format!(
                    "unknown option {flag} (expected --games, --depth, --seed or --iterations)"
                ))
            }
        }
    }
    if s.games == 0 || !(1..=30).contains(&s.depth) {
        return Err("--games must be at least 1 and --depth from 1 to 30".into());
    }
    Ok(s)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let s = match parse(&args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tune: {e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let samples = tune::self_play(s.games, s.depth, s.seed);
    println!(
        "{} positions from {} games at depth {} (seed {}) in {:.1} s",
        samples.len(),
        s.games,
        s.depth,
        s.seed,
        started.elapsed().as_secs_f64()
    );
    if samples.is_empty() {
        eprintln!("tune: no finished game, nothing to fit");
        return ExitCode::FAILURE;
    }
    let (fitted, k) = tune::fit(&samples, s.iterations);
    let current = WEIGHTS.map(f64::from);
    println!(
        "scale k = {k:.4}; mean squared error {:.6} with the weights in use, {:.6} fitted",
        tune::error(&samples, &current, k),
        tune::error(&samples, &fitted, k)
    );
    println!("{:<12} {:>7} {:>9}", "feature", "in use", "fitted");
    for ((name, now), new) in FEATURE_NAMES.iter().zip(WEIGHTS).zip(fitted) {
        println!("{name:<12} {now:>7} {new:>9.1}");
    }
    let rounded: Vec<String> = fitted.iter().map(|w| format!("{}", w.round())).collect();
    println!("WEIGHTS = [{}]", rounded.join(", "));
    ExitCode::SUCCESS
}
