//! Scores: what the search's numbers mean, in one place.
//!
//! A score is in centi-seeds (100 = one seed) from the side to move's view. Three kinds share
//! the scale, apart by magnitude:
//!
//! | kind                                   | value                          | example            |
//! |----------------------------------------|--------------------------------|--------------------|
//! | evaluation                             | below [`PROVEN`] in magnitude  | `150` = +1.50      |
//! | database-proven (`oware-egdb`)         | `±(EGDB_WIN − ply − seeds)`    | `28980`            |
//! | game end found by the search           | `±(MATE − ply)`                | `29987` = win in 13 |
//!
//! `ply` counts from the root of the search, so a faster win and a slower loss score better.
//! A database-proven result also subtracts the seeds left on the board (`n`): among won
//! positions the search prefers the one reached sooner with fewer seeds left, which keeps it
//! capturing towards the end instead of wandering; a game end the search sees still outranks
//! it. A draw (by the rules, or proven) scores 0.
//!
//! The transposition table stores proven scores relative to the node that stores them
//! ([`to_tt`]) and turns them back relative to the root on a probe ([`from_tt`]), so that an
//! entry means the same at any ply.

use std::cmp::Ordering;

use oware_core::{Outcome, Position};

/// Maximum search ply.
pub(crate) const MAX_PLY: usize = 128;
/// The score of a game won at the root (a win at ply `p` scores `MATE - p`).
pub const MATE: i32 = 30_000;
/// The score of a position the endgame databases prove won at the root with no seeds on the
/// board: a proven win at ply `p` with `n` seeds on the board scores `EGDB_WIN - p - n`.
pub const EGDB_WIN: i32 = 29_000;
/// Scores at least this large in magnitude are proven results (by the search or the
/// databases), not evaluations: below every database-proven score (the search's plies stay
/// below 128, and at most 48 seeds are on the board).
pub const PROVEN: i32 = EGDB_WIN - MAX_PLY as i32 - 64;
/// Larger than any score: the bounds of a full window.
pub(crate) const INF: i32 = 31_000;

/// How far below [`MATE`] a score still counts as a game end found by the search (more than
/// any ply the search reaches).
const GAME_END_PLIES: i32 = 200;

/// The score of a result for the side to move at `ply`, by the sign of `diff` (its final
/// score minus the opponent's): a win scores `win`, a loss `-win`, a draw 0.
#[inline(always)]
fn by_sign(diff: i32, win: i32) -> i32 {
    match diff.cmp(&0) {
        Ordering::Greater => win,
        Ordering::Less => -win,
        Ordering::Equal => 0,
    }
}

/// The score of a game that ended at `pos`, `ply` plies from the root, for the side to move
/// there: `±(MATE − ply)` or 0.
#[inline]
pub(crate) fn game_end(o: &Outcome, pos: &Position, ply: usize) -> i32 {
    let me = pos.turn();
    let diff = i32::from(o.scores[me].halves()) - i32::from(o.scores[me.other()].halves());
    by_sign(diff, MATE - ply as i32)
}

/// The score of a position the databases settle, at `ply` with `seeds` on the board, for the
/// side to move, whose final score minus the opponent's is `diff` under perfect play:
/// `±(EGDB_WIN − ply − seeds)` or 0.
#[inline]
pub(crate) fn egdb_proven(diff: i32, ply: usize, seeds: u8) -> i32 {
    by_sign(diff, EGDB_WIN - ply as i32 - i32::from(seeds))
}

/// Score `s` of a node at `ply` as the table stores it: proven results relative to the node.
#[inline]
pub(crate) fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= PROVEN {
        s + ply as i32
    } else if s <= -PROVEN {
        s - ply as i32
    } else {
        s
    }
}

/// A stored score `s` read at `ply`: proven results relative to the root again.
#[inline]
pub(crate) fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= PROVEN {
        s - ply as i32
    } else if s <= -PROVEN {
        s + ply as i32
    } else {
        s
    }
}

/// The plies to a game end the search found (won for the side to move when `score > 0`);
/// `None` for an evaluation or a database-proven result.
#[inline]
pub(crate) fn game_end_plies(score: i32) -> Option<i32> {
    (score.abs() >= MATE - GAME_END_PLIES).then(|| MATE - score.abs())
}

/// Shows a score: `+1.50` (seeds), `win in 7`, `loss in 4` (plies), `proven win`/`proven loss`
/// (by the endgame databases).
pub fn score_to_text(score: i32) -> String {
    match game_end_plies(score) {
        Some(p) if score > 0 => format!("win in {p}"),
        Some(p) => format!("loss in {p}"),
        None if score >= PROVEN => "proven win".to_string(),
        None if score <= -PROVEN => "proven loss".to_string(),
        None => format!("{:+.2}", f64::from(score) / 100.0),
    }
}

/// A game end the search found, in moves as UCI's `score mate N` counts them: `Some(n)` with
/// `n > 0` when the side to move wins in `n` of its own moves, `n < 0` when it loses after `-n`
/// moves of the opponent, `None` for an evaluation or a database-proven result (no known
/// distance; UCI shows those as `score cp`).
pub fn mate_moves(score: i32) -> Option<i32> {
    game_end_plies(score).map(|p| {
        if score > 0 {
            (p + 1) / 2
        } else {
            -((p + 1) / 2)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_show_as_text() {
        assert_eq!(score_to_text(150), "+1.50");
        assert_eq!(score_to_text(-5), "-0.05");
        assert_eq!(score_to_text(MATE - 7), "win in 7");
        assert_eq!(score_to_text(-(MATE - 4)), "loss in 4");
        assert_eq!(score_to_text(egdb_proven(3, 10, 12)), "proven win");
        assert_eq!(score_to_text(egdb_proven(-1, 0, 48)), "proven loss");
        assert_eq!(egdb_proven(0, 5, 5), 0);
    }

    #[test]
    fn every_database_score_is_proven_and_below_every_game_end() {
        for ply in [0, 1, MAX_PLY - 1] {
            for seeds in [0, 1, 48] {
                let s = egdb_proven(1, ply, seeds);
                assert!(s >= PROVEN && s < MATE - MAX_PLY as i32, "{ply} {seeds}");
                assert_eq!(game_end_plies(s), None);
                assert_eq!(egdb_proven(-1, ply, seeds), -s);
            }
        }
    }

    #[test]
    fn table_scores_round_trip_and_are_relative_to_the_node() {
        for s in [0, 150, -150, PROVEN, MATE - 9, -(MATE - 9), EGDB_WIN - 30] {
            for ply in [0, 3, 40] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
        // A win in 9 from the root seen at ply 4 is a win in 5 from the node.
        assert_eq!(to_tt(MATE - 9, 4), MATE - 5);
        assert_eq!(to_tt(150, 4), 150);
    }

    #[test]
    fn mate_moves_count_the_winners_moves() {
        assert_eq!(mate_moves(MATE - 1), Some(1));
        assert_eq!(mate_moves(MATE - 3), Some(2));
        assert_eq!(mate_moves(-(MATE - 2)), Some(-1));
        assert_eq!(mate_moves(EGDB_WIN - 5), None);
        assert_eq!(mate_moves(40), None);
    }
}
