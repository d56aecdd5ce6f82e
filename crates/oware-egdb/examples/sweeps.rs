//! Prints the sweeps of a build (development aid):
//! `cargo run --release -p oware-egdb --example sweeps -- RULES MAX DIR`.
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
    };
    build(&dir, &rules, &opts, &mut |e| match e {
        BuildEvent::Sweep {
            n,
            sweep,
            visited,
            changed,
            open,
        } if *n == max => println!(
            "n={n} sweep {sweep} visited {visited} changed {changed} open {open} t={:?}",
            t.elapsed()
        ),
        BuildEvent::Finished(s) => println!("n={} {:?} sweeps {}", s.stats.n, s.time, s.sweeps),
        _ => {}
    })
    .expect("build");
}
