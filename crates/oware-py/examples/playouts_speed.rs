//! Random playouts per second in Rust alone (no Python): `cargo run --release -p oware-py
//! --example playouts_speed [games] [threads] [record: both, true or false]`. Besides the
//! clock's rates, the CPU time of the process (all threads, the kernel's included; Linux only)
//! per ply: the cost of a ply whatever share of the cores other work leaves.

use std::time::Instant;

use oware_core::{Position, Rules};
use oware_py::{playouts, PlayoutOptions, Policy};

/// The process's CPU time in seconds (user and system, all threads), if `/proc` has it.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th
    // fields of the line, in clock ticks (100 a second on Linux).
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().map_or(200_000, |a| a.parse().expect("games"));
    let threads: usize = args.next().map_or(1, |a| a.parse().expect("threads"));
    let records: &[bool] = match args.next().as_deref() {
        Some("true") => &[true],
        Some("false") => &[false],
        _ => &[true, false],
    };
    for &record in records {
        let options = PlayoutOptions {
            rules: Rules::PLAYSTRATEGY,
            start: Position::start(),
            policy: Policy::Random,
            max_plies: 1000,
            seed: 1,
            threads,
            record,
        };
        let cpu = cpu_seconds();
        let t = Instant::now();
        let p = playouts(games, &options).expect("playouts");
        let s = t.elapsed().as_secs_f64();
        let cpu = match (cpu, cpu_seconds()) {
            (Some(a), Some(b)) => format!(", {:.1} CPU-ns/ply", (b - a) * 1e9 / p.plies() as f64),
            _ => String::new(),
        };
        println!(
            "record={record:5} threads={threads}: {:>10.0} games/s {:>12.0} plies/s ({:.1} ns/ply{cpu})",
            games as f64 / s,
            p.plies() as f64 / s,
            s * 1e9 / p.plies() as f64
        );
    }
}
