//! Random playouts per second in Rust alone (no Python): `cargo run --release -p oware-py
//! --example playouts_speed [games] [threads] [record: both, true or false]`.

use std::time::Instant;

use oware_core::{Position, Rules};
use oware_py::{playouts, PlayoutOptions, Policy};

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
        let t = Instant::now();
        let p = playouts(games, &options).expect("playouts");
        let s = t.elapsed().as_secs_f64();
        println!(
            "record={record:5} threads={threads}: {:>10.0} games/s {:>12.0} plies/s ({:.1} ns/ply)",
            games as f64 / s,
            p.plies() as f64 / s,
            s * 1e9 / p.plies() as f64
        );
    }
}
