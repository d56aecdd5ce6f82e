//! Builds small levels in-process and compares every entry with a plain solver written here,
//! independently of the crate's index and builder: a global fixpoint iteration over the
//! definitions, on a hash map of boards.

use std::collections::HashMap;
use std::path::Path;

use oware_core::{BySide, Position, Rules, Setup, Side};
use oware_egdb::{build, level_stats, verify_level, BuildOptions, Egdb};

const MAX: u8 = 7;

/// Every arrangement of `n` seeds in 12 pits.
fn arrangements(n: u8) -> Vec<[u8; 12]> {
    fn rec(pit: usize, left: u8, cur: &mut [u8; 12], out: &mut Vec<[u8; 12]>) {
        if pit == 11 {
            cur[11] = left;
            out.push(*cur);
            return;
        }
        for k in 0..=left {
            cur[pit] = k;
            rec(pit + 1, left - k, cur, out);
        }
    }
    let mut out = Vec::new();
    rec(0, n, &mut [0; 12], &mut out);
    out
}

/// South to move with these pits; stores deliberately lopsided (North 24, South the rest).
fn pos(pits: [u8; 12]) -> Position {
    let n: u8 = pits.iter().sum();
    Position::from_setup(&Setup {
        pits,
        stores: BySide::new(24 - n, 24),
        turn: Side::South,
    })
    .unwrap()
}

/// (L, H) difference bounds of every board with at most MAX seeds, South to move, solved level
/// by level. With `exact` (cycles split evenly), a solved level's pairs are replaced by the
/// value with endless play counting 0 before the levels above use them.
fn brute_force(rules: &Rules, exact: bool) -> HashMap<[u8; 12], (i8, i8)> {
    let mut val = HashMap::new();
    for n in 0..=MAX {
        let level = arrangements(n);
        for p in &level {
            val.insert(*p, (-(n as i8), n as i8));
        }
        loop {
            let mut next = val.clone();
            for p in &level {
                let position = pos(*p);
                let moves = position.legal_moves(rules);
                let new = if moves.is_empty() {
                    let v = position.row_seeds(Side::South) as i8
                        - position.row_seeds(Side::North) as i8;
                    (v, v)
                } else {
                    let mut l = -100;
                    let mut h = -100;
                    for m in moves.iter() {
                        let after = position.play(*m, rules).unwrap();
                        let c = (n - after.seeds_on_board()) as i8;
                        let (cl, ch) = val[&after.flipped().pits()];
                        l = l.max(c - ch);
                        h = h.max(c - cl);
                    }
                    (l, h)
                };
                next.insert(*p, new);
            }
            let changed = level.iter().any(|p| next[p] != val[p]);
            val = next;
            if !changed {
                break;
            }
        }
        if exact {
            for p in &level {
                let (l, h) = val[p];
                let v = if l >= 1 {
                    l
                } else if h <= -1 {
                    h
                } else {
                    0
                };
                val.insert(*p, (v, v));
            }
        }
    }
    val
}

/// Builds with or without the child cache: both ways must give the same tables.
fn build_into(dir: &Path, rules: &Rules, cache: bool) {
    let opts = BuildOptions {
        max_seeds: MAX,
        threads: 2,
        memory: if cache { u64::MAX } else { 0 },
    };
    build(dir, rules, &opts, &mut |_| {}).unwrap();
}

#[test]
fn abapa_matches_brute_force() {
    abapa_check(true);
}

#[test]
fn abapa_matches_brute_force_without_the_cache() {
    abapa_check(false);
}

fn abapa_check(cache: bool) {
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::ABAPA;
    build_into(dir.path(), &rules, cache);
    let egdb = Egdb::open(dir.path(), &rules).unwrap();
    assert_eq!(egdb.max_seeds(), Some(MAX));
    let truth = brute_force(&rules, false);
    let mut inexact = 0;
    for (pits, &(l, h)) in &truth {
        let b = egdb.probe(&pos(*pits)).unwrap().unwrap();
        assert_eq!((b.lo, b.hi), (l, h), "{pits:?}");
        // The same board with North to move.
        let north = pos(*pits).flipped();
        assert_eq!(egdb.probe(&north).unwrap(), Some(b));
        inexact += usize::from(l != h);
    }
    // Abapa has cycles whose result depends on history: some positions stay open.
    assert!(inexact > 0);
    for n in 0..=MAX {
        let r = verify_level(&egdb, n).unwrap();
        assert_eq!(r.failed, 0, "level {n}");
        assert_eq!(r.checked, oware_egdb::index::positions(n));
    }
}

#[test]
fn awari_matches_brute_force() {
    awari_check(true);
}

#[test]
fn awari_matches_brute_force_without_the_cache() {
    awari_check(false);
}

fn awari_check(cache: bool) {
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::AWARI;
    build_into(dir.path(), &rules, cache);
    let egdb = Egdb::open(dir.path(), &rules).unwrap();
    let truth = brute_force(&rules, true);
    let mut hist_total = 0;
    for (pits, &(v, _)) in &truth {
        let b = egdb.probe(&pos(*pits)).unwrap().unwrap();
        assert_eq!((b.lo, b.hi), (v, v), "{pits:?}");
    }
    for n in 0..=MAX {
        assert_eq!(verify_level(&egdb, n).unwrap().failed, 0, "level {n}");
        let s = level_stats(&egdb, n).unwrap();
        let h = s.histogram.unwrap();
        assert_eq!(h.len(), 2 * n as usize + 1);
        assert_eq!(h.iter().sum::<u64>(), s.after_move);
        hist_total += s.after_move;
    }
    assert!(hist_total > 0);
}

#[test]
fn known_positions() {
    let dir = tempfile::tempdir().unwrap();
    build_into(dir.path(), &Rules::ABAPA, true);
    let egdb = Egdb::open(dir.path(), &Rules::ABAPA).unwrap();
    let probe = |fen: &str| egdb.probe(&oware_core::fen::parse(fen).unwrap()).unwrap();
    // Empty board: 24-24.
    let b = probe("0-0-0-0-0-0-0-0-0-0-0-0-24-24-S").unwrap();
    assert_eq!((b.lo, b.hi), (0, 0));
    // South cannot feed North: South keeps its row.
    let b = probe("1-0-0-0-0-0-0-0-0-0-0-0-23-24-S").unwrap();
    assert_eq!((b.lo, b.hi), (1, 1));
    // North to move with an empty row: South takes its 1 seed.
    let b = probe("1-0-0-0-0-0-0-0-0-0-0-0-23-24-N").unwrap();
    assert_eq!((b.lo, b.hi), (-1, -1));
    // More seeds than built: no answer, not an error.
    assert_eq!(probe("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"), None);
}
