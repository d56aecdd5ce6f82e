//! The deep check (`DeepJudge`): the tables and a deeper search with them, and the exact prover.
//! It catches the old records the shallow proof let through, and the prover agrees with the
//! endgame tables where both decide.

mod common;

use oware_core::{fen, Rules};
use oware_engine::eval::xorshift;
use oware_puzzles::{prove, read, DeepJudge, DeepOptions, Judge, Prover, Puzzle, Why, Win};

/// Records of the set shipped before the deep check, each proven at depth 16 without tables and
/// each wrong: B and D both win (`95b4f0caab47`), every move wins (`2c9c9fce2755`), the
/// recorded answer A only draws where B wins (`a381e713ae09`, 14 seeds).
const OLD_RECORDS: &str = include_str!("data/old-records.jsonl");

fn old_records() -> Vec<Puzzle> {
    read(OLD_RECORDS).expect("the old records read").1
}

#[test]
fn the_old_records_pass_the_shallow_proof_and_fail_the_deep_check() {
    let tables = common::tables();
    let mut judge = Judge::new(Some(tables.clone()));
    let mut deep = DeepJudge::new(Some(tables), DeepOptions::default());
    for p in old_records() {
        // What let them through: the recorded proof holds.
        assert_eq!(prove(&p, &mut judge), Ok(()), "{}", p.id);
        let why = deep.check(&p).expect_err(&p.id);
        assert!(
            matches!(why, Why::Deep { ply: 0, .. } | Why::SecondWin { .. }),
            "{}: {why}",
            p.id
        );
    }
}

#[test]
fn the_prover_agrees_with_the_tables() {
    // Without tables the prover searches to the game's end; where it decides, the tables
    // (exact there) must say the same.
    let tables = common::tables();
    let rules = Rules::ABAPA;
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || xorshift(&mut state);
    let (mut decided, mut wins) = (0, 0);
    for _ in 0..300 {
        // A random position of 4 to 9 seeds with stores near the middle.
        let n = 4 + (next() % 6) as u8;
        let mut pits = [0u8; 12];
        for _ in 0..n {
            pits[(next() % 12) as usize] += 1;
        }
        let south = 19 + (next() % 6) as u8;
        let north = 48 - n - south;
        let text = format!(
            "{}-{south}-{north}-{}",
            pits.map(|p| p.to_string()).join("-"),
            if next() % 2 == 0 { 'S' } else { 'N' }
        );
        let Ok(pos) = fen::parse(&text) else {
            continue;
        };
        if pos.outcome(&rules).is_some() {
            continue;
        }
        let solver = pos.turn();
        let mut prover = Prover::new(None, solver, 200_000);
        let (w, _) = prover.solve(&pos, &[]);
        let b = tables.probe(&pos).unwrap().unwrap();
        let lead = i32::from(pos.store(solver)) - i32::from(pos.store(solver.other()));
        let (lo, hi) = (lead + i32::from(b.lo), lead + i32::from(b.hi));
        match w {
            Win::Yes => {
                assert!(hi > 0, "{text}: the prover says won, the tables {lo}..{hi}");
                decided += 1;
                wins += 1;
            }
            Win::No => {
                assert!(
                    lo <= 0,
                    "{text}: the prover says not won, the tables {lo}..{hi}"
                );
                decided += 1;
            }
            Win::Unknown => {}
        }
        // With the tables, the prover is decided wherever they are.
        let mut with = Prover::new(Some(&tables), solver, 1000);
        let (w, _) = with.solve(&pos, &[]);
        if lo > 0 {
            assert_eq!(w, Win::Yes, "{text}");
        } else if hi <= 0 {
            assert_eq!(w, Win::No, "{text}");
        }
    }
    assert!(
        decided >= 50 && wins >= 20,
        "{decided} decided, {wins} wins"
    );
}
