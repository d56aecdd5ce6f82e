//! Prints the rounds of a build (development aid):
//! `cargo run --release -p oware-egdb --example rounds -- RULES MAX DIR`.
use oware_core::Rules;
use oware_egdb::{build, BuildEvent, BuildOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules: Rules = args[1].parse().expect("rules");
    let max: u8 = args[2].parse().expect("max seeds");
    let dir = std::path::PathBuf::from(&args[3]);
    let t = std::time::Instant::now();
    let opts = BuildOptions {
        max_seeds: max,
        threads: 0,
        memory: std::env::var("MEMORY_BYTES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(u64::MAX),
    };
    build(&dir, &rules, &opts, &mut |e| match e {
        BuildEvent::Round {
            n,
            round,
            visited,
            changed,
        } if *n == max => println!(
            "n={n} round {round} visited {visited} changed {changed} t={:?}",
            t.elapsed()
        ),
        BuildEvent::Finished(s) => println!("n={} {:?} rounds {}", s.stats.n, s.time, s.rounds),
        _ => {}
    })
    .expect("build");
}
