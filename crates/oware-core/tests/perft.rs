//! Perft from the start position against `tests/data/perft.txt`.
//! Depths up to 9 run in the normal suite; 10–12 are `#[ignore]`d (run them with
//! `cargo test -p oware-core --release --test perft -- --ignored`, or `oware perft 12`).

use oware_core::{perft, Game, Rules};

fn reference() -> Vec<(u32, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    let text = std::fs::read_to_string(path).expect("tests/data/perft.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split_whitespace();
            (
                f.next().unwrap().parse().unwrap(),
                f.next().unwrap().parse().unwrap(),
            )
        })
        .collect()
}

fn check(max_depth: u32, min_depth: u32) {
    let table = reference();
    assert_eq!(table.len(), 12);
    // Both repetition rules give the same counts this shallow (no cycle fits in 12 plies).
    for rules in [Rules::PLAYSTRATEGY, Rules::ABAPA] {
        let game = Game::new(rules);
        for &(depth, leaves) in table
            .iter()
            .filter(|(d, _)| (min_depth..=max_depth).contains(d))
        {
            assert_eq!(
                perft(&game, depth).leaves,
                leaves,
                "perft({depth}) under {rules}"
            );
        }
    }
}

#[test]
fn perft_1_to_9() {
    check(9, 1);
}

#[test]
#[ignore = "deep: seconds in release"]
fn perft_10_to_12() {
    check(12, 10);
}
