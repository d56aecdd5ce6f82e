//! Checking a whole file: each puzzle's recorded proof, then the deep check, on several
//! threads (each with its own judges; every value is the same on any thread, so the results are
//! too), and the puzzles kept from it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use oware_egdb::Egdb;

use crate::deep::{DeepJudge, DeepOptions, DeepReport};
use crate::generate::{is_concrete, rating_of};
use crate::judge::Judge;
use crate::prove::{prove, Why};
use crate::puzzle::Puzzle;
use crate::themes::detect_themes;

/// What checking one puzzle found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Why the puzzle fails (its recorded proof, or the deep check anywhere on its line);
    /// `None` when it passes.
    pub why: Option<Why>,
    /// The deep check's report on the first position, when its first move passed.
    pub report: Option<DeepReport>,
    /// The plies of the line that pass every check (the whole line when it passes; 0 when the
    /// first move fails).
    pub plies: usize,
}

/// Checks `puzzle` by its recorded proof ([`prove`]) with `judge`, then, given `deep`, by the
/// deep check ([`DeepJudge::check`]).
pub fn check_puzzle(puzzle: &Puzzle, judge: &mut Judge, deep: Option<&mut DeepJudge>) -> Verdict {
    if let Err(why) = prove(puzzle, judge) {
        return Verdict {
            why: Some(why),
            report: None,
            plies: 0,
        };
    }
    let Some(deep) = deep else {
        return Verdict {
            why: None,
            report: None,
            plies: puzzle.line.len(),
        };
    };
    let (report, failure) = deep.check_line(puzzle);
    let plies = match (&report, &failure) {
        (None, _) => 0,
        (Some(_), None) => puzzle.line.len(),
        // The solver moves before the failing one (an odd count of plies).
        (Some(_), Some((ply, _))) => match ply.saturating_sub(1) {
            k if k % 2 == 1 => k,
            k => k.saturating_sub(1),
        },
    };
    Verdict {
        why: failure.map(|(_, why)| why),
        report,
        plies,
    }
}

/// Checks the puzzles of `puzzles` at `indices` on `jobs` threads (see [`check_puzzle`]),
/// calling `progress` after each; the verdicts in the order of `indices`.
pub fn check_many(
    puzzles: &[Puzzle],
    indices: &[usize],
    tables: Option<Arc<Egdb>>,
    deep: Option<DeepOptions>,
    jobs: usize,
    progress: &(dyn Fn(&Verdict) + Sync),
) -> Vec<Verdict> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Verdict>>> = Mutex::new(vec![None; indices.len()]);
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, 64) {
            let (next, results, tables) = (&next, &results, tables.clone());
            s.spawn(move || {
                let mut judge = Judge::new(tables.clone());
                let mut deep = deep.map(|o| DeepJudge::new(tables, o));
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&i) = indices.get(k) else {
                        break;
                    };
                    let v = check_puzzle(&puzzles[i], &mut judge, deep.as_mut());
                    progress(&v);
                    results.lock().unwrap_or_else(|e| e.into_inner())[k] = Some(v);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|v| {
            v.unwrap_or(Verdict {
                why: Some(Why::Shape),
                report: None,
                plies: 0,
            })
        })
        .collect()
}

/// The puzzle to keep from `puzzle` and its verdict, if any: its line up to the plies that
/// pass (themes read again; dropped if the shortened line's gain is no longer concrete), the
/// starting rating made again with the deep check's part ([`rating_of`]).
pub fn kept(puzzle: &Puzzle, verdict: &Verdict, judge: &mut Judge) -> Option<Puzzle> {
    if verdict.plies == 0 || (verdict.why.is_some() && verdict.report.is_none()) {
        return None;
    }
    let rules = *judge.rules();
    let mut p = puzzle.clone();
    if verdict.plies < p.line.len() {
        p.line.truncate(verdict.plies);
        p.themes = detect_themes(&p.position, &p.line, p.proof, p.value, &rules);
        if !is_concrete(&p.position, &p.line, p.proof, p.value, &p.themes, &rules) {
            return None;
        }
    }
    p.rating = rating_of(judge, &p, verdict.report.as_ref());
    Some(p)
}
