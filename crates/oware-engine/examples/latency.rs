//! Memory latency by working-set size: a chain of dependent loads in random order over a
//! buffer of each size (so each load waits for the one before), nanoseconds per load. Tells
//! how large a table can be before its probes leave the caches on the machine it runs on.
//!
//! `cargo run --release -p oware-engine --example latency [SIZE_KB ...]`

use std::time::Instant;

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("sizes in KB"))
        .collect();
    let sizes = if sizes.is_empty() {
        vec![64, 256, 512, 1024, 1536, 2048, 4096, 16384, 65536]
    } else {
        sizes
    };
    for kb in sizes {
        // One slot per 64-byte line; slot i holds the index of the next line to visit.
        let lines = (kb << 10) / 64;
        let mut order: Vec<usize> = (0..lines).collect();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for i in (1..lines).rev() {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            order.swap(i, (seed >> 33) as usize % (i + 1));
        }
        let mut next = vec![0usize; lines * 8];
        for w in 0..lines {
            next[order[w] * 8] = order[(w + 1) % lines] * 8;
        }
        let loads = 20_000_000;
        let mut at = 0;
        let start = Instant::now();
        for _ in 0..loads {
            at = next[at];
        }
        let ns = start.elapsed().as_nanos() as f64 / f64::from(loads);
        println!("{kb:>7} KB: {ns:6.1} ns a load ({})", at % 2);
    }
}
