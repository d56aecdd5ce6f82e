//! The shipped set, `data/puzzles.jsonl`: read, counted, and proven again — every puzzle
//! proven by the tables (with tables built by the test) and every fifth proven by search by
//! its recorded proof; the deep check (tables to 16 seeds, a search of 24 plies with them, the
//! exact prover) on every puzzle proven by tables and a fixed sample of those proven by search.

mod common;

use std::collections::HashSet;

use oware_puzzles::{prove, read, DeepJudge, DeepOptions, Judge, Method, Puzzle, Theme};

/// Every `SAMPLE`th puzzle proven by search is proven again.
const SAMPLE: usize = 5;

/// Every `DEEP_SAMPLE`th puzzle proven by search passes the deep check (about 20 puzzles,
/// half a second each).
const DEEP_SAMPLE: usize = 100;

fn shipped() -> Vec<Puzzle> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles.jsonl");
    let text = std::fs::read_to_string(path).expect("the shipped set is in the repository");
    let (header, puzzles) = read(&text).expect("the shipped set reads");
    // Made by `generate`, then filtered by `verify --keep` (docs/puzzles.md).
    assert!(
        header.command.starts_with("oware puzzles verify") && header.command.contains("--keep"),
        "{header:?}"
    );
    puzzles
}

#[test]
fn the_shipped_set_holds_at_least_2000_distinct_puzzles() {
    let puzzles = shipped();
    assert!(puzzles.len() >= 2000, "{}", puzzles.len());
    // The copy built into the crate (`SHIPPED`, what `oware puzzle` plays) is the same.
    assert_eq!(oware_puzzles::shipped().unwrap(), puzzles);
    // No position twice, nor a position and its mirror (the reader refuses an id twice, and
    // the id is the key's): checked here on the positions themselves.
    let keys: HashSet<u128> = puzzles.iter().map(|p| p.position.relative_pits()).collect();
    assert_eq!(keys.len(), puzzles.len());
    for theme in [
        Theme::CaptureChain,
        Theme::FeedingForced,
        Theme::BigPit,
        Theme::EndgameExact,
        Theme::Defend,
    ] {
        let n = puzzles.iter().filter(|p| p.themes.contains(&theme)).count();
        assert!(n >= 10, "{theme}: {n}");
    }
    assert!(puzzles.iter().all(|p| (600..=2400).contains(&p.rating)));
}

#[test]
fn shipped_puzzles_are_proven_again() {
    let puzzles = shipped();
    let mut judge = Judge::new(Some(common::tables()));
    let (mut tables, mut search) = (0, 0);
    for (i, p) in puzzles
        .iter()
        .filter(|p| matches!(p.proof, Method::Search { .. }))
        .enumerate()
    {
        if i % SAMPLE == 0 {
            assert_eq!(prove(p, &mut judge), Ok(()), "{} {}", p.id, p.source);
            search += 1;
        }
    }
    for p in &puzzles {
        if let Method::Tables { seeds } = p.proof {
            assert!(seeds <= common::TABLE_SEEDS);
            assert_eq!(prove(p, &mut judge), Ok(()), "{} {}", p.id, p.source);
            tables += 1;
        }
    }
    assert!(tables >= 100, "{tables} proven by tables");
    assert!(search >= 100, "{search} proven by search");
}

#[test]
fn shipped_puzzles_pass_the_deep_check() {
    let puzzles = shipped();
    let mut deep = DeepJudge::new(Some(common::tables()), DeepOptions::default());
    let (mut tables, mut search) = (0, 0);
    for p in &puzzles {
        if let Method::Tables { .. } = p.proof {
            let report = deep
                .check(p)
                .unwrap_or_else(|why| panic!("{}: {why}", p.id));
            // In the tables' range the prover decides the solution's move at least (a move
            // whose result depends on a cycle may stay open).
            assert!(report.decided >= 1, "{}", p.id);
            tables += 1;
        }
    }
    for (i, p) in puzzles
        .iter()
        .filter(|p| matches!(p.proof, Method::Search { .. }))
        .enumerate()
    {
        if i % DEEP_SAMPLE == 0 {
            if let Err(why) = deep.check(p) {
                panic!("{}: {why}", p.id);
            }
            search += 1;
        }
    }
    assert!(tables >= 500, "{tables} proven by tables");
    assert!(search >= 15, "{search} proven by search");
}
