//! Probe latency: `cargo run --release -p oware-egdb --example probe_bench -- DIR RULES N [file]`
//! probes a million pseudo-random positions of level N (already loaded) and prints ns/probe.
//! With `file`, the level is read entry by entry from its file (as levels above
//! `OpenOptions::in_memory_max` are) instead of from memory.
use std::time::Instant;

use oware_core::{BySide, Position, Rules, Setup, Side};
use oware_egdb::{index, Egdb, OpenOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = std::path::PathBuf::from(&args[1]);
    let rules: Rules = args[2].parse().expect("rules");
    let n: u8 = args[3].parse().expect("n");
    let options = match args.get(4).map(String::as_str) {
        Some("file") => OpenOptions { in_memory_max: 0 },
        _ => OpenOptions::default(),
    };
    let egdb = Egdb::open_with(&dir, &rules, options).expect("open");
    let total = index::positions(n);
    // A fixed pseudo-random sequence of positions (xorshift), built before timing.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let positions: Vec<Position> = (0..1_000_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let pits = index::unrank(n, x % total).expect("rank");
            let rest = 48 - n;
            Position::from_setup(&Setup {
                pits,
                stores: BySide::new(rest / 2, rest - rest / 2),
                turn: if x & 1 == 0 { Side::South } else { Side::North },
            })
            .expect("48 seeds")
        })
        .collect();
    egdb.probe(&positions[0]).expect("probe"); // load and check the level
    let t = Instant::now();
    let mut sum = 0i64;
    for p in &positions {
        let b = egdb.probe(p).expect("probe").expect("level present");
        sum += i64::from(b.lo) + i64::from(b.hi);
    }
    let ns = t.elapsed().as_nanos() as f64 / positions.len() as f64;
    println!(
        "{rules} n={n}: {ns:.1} ns/probe over {} random positions (checksum {sum})",
        positions.len()
    );
    // The same 1000 positions again and again: the cost with the entries in cache.
    let t = Instant::now();
    for k in 0..positions.len() {
        let b = egdb
            .probe(&positions[k % 1000])
            .expect("probe")
            .expect("level present");
        sum += i64::from(b.lo);
    }
    let ns = t.elapsed().as_nanos() as f64 / positions.len() as f64;
    println!("{rules} n={n}: {ns:.1} ns/probe with the entries cached (checksum {sum})");
}
