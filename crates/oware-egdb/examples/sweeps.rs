//! Prints the sweeps of a build (development aid).
use oware_core::Rules;
use oware_egdb::{build, BuildEvent, BuildOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules: Rules = args[1].parse().unwrap();
    let max: u8 = args[2].parse().unwrap();
    let dir = std::path::PathBuf::from(&args[3]);
    let t = std::time::Instant::now();
    build(
        &dir,
        &rules,
        &BuildOptions {
            max_seeds: max,
            threads: 0,
        },
        &mut |e| match e {
            BuildEvent::Sweep {
                n,
                sweep,
                changed,
                open,
            } if *n == max => println!(
                "n={n} sweep {sweep} changed {changed} open {open} t={:?}",
                t.elapsed()
            ),
            BuildEvent::Finished(s) => println!("n={} {:?} sweeps {}", s.stats.n, s.time, s.sweeps),
            _ => {}
        },
    )
    .unwrap();
}
