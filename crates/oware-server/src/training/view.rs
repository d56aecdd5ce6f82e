//! What the puzzle page is sent: a position with its legal moves, a puzzle, the day's date.

use oware_core::{Move, Position, Rules, Side};
use oware_protocol::{PuzzleBoard, PuzzleExplain, PuzzleRating};
use oware_puzzles::Puzzle;

use crate::rating::RatingRow;

/// `S` or `N`.
pub(super) fn side_text(side: Side) -> String {
    match side {
        Side::South => "S".into(),
        Side::North => "N".into(),
    }
}

/// Move `m` of `side` as its letter.
pub(super) fn letter(m: Move, side: Side) -> String {
    m.letter(side).to_string()
}

/// `pos` as the page draws it, with its legal moves (none once the game is over).
pub(super) fn board(pos: &Position) -> PuzzleBoard {
    let rules = Rules::ABAPA;
    let legal = if pos.outcome(&rules).is_some() {
        Vec::new()
    } else {
        pos.legal_moves(&rules)
            .iter()
            .map(|m| letter(*m, pos.turn()))
            .collect()
    };
    let stores = pos.stores();
    PuzzleBoard {
        fen: oware_core::fen::write(pos),
        pits: pos.pits().to_vec(),
        store_s: stores[Side::South],
        store_n: stores[Side::North],
        turn: side_text(pos.turn()),
        legal,
    }
}

/// The puzzle's line as letters.
pub(super) fn solution(p: &Puzzle) -> String {
    p.line_text()
}

/// The boards along `p`'s line, its start first.
pub(super) fn steps(p: &Puzzle) -> Vec<PuzzleBoard> {
    let rules = Rules::ABAPA;
    let mut pos = p.position;
    let mut out = vec![board(&pos)];
    for m in &p.line {
        pos = pos.play_unchecked(*m, &rules);
        out.push(board(&pos));
    }
    out
}

/// Seeds `side`'s move `m` captures from `pos` at once.
fn takes(pos: &Position, m: Move) -> u32 {
    let side = pos.turn();
    let after = pos.play_unchecked(m, &Rules::ABAPA);
    u32::from(after.stores()[side].saturating_sub(pos.stores()[side]))
}

/// The facts of a finished round: the right move `right` from `before` and what it takes, what
/// the whole line wins, and for a `wrong` move the opponent's reply that captures the most
/// after it (if one captures anything).
pub(super) fn explain(
    p: &Puzzle,
    before: &Position,
    right: Move,
    wrong: Option<Move>,
) -> PuzzleExplain {
    let rules = Rules::ABAPA;
    let solver = p.solver();
    let mut end = p.position;
    for m in &p.line {
        end = end.play_unchecked(*m, &rules);
    }
    let gain = |pos: &Position| {
        let s = pos.stores();
        i32::from(s[solver]) - i32::from(s[solver.other()])
    };
    let mut out = PuzzleExplain {
        right: letter(right, before.turn()),
        right_takes: takes(before, right),
        line_wins: gain(&end) - gain(&p.position),
        refute: None,
        refute_takes: None,
    };
    if let Some(w) = wrong.filter(|w| before.is_legal(*w, &rules)) {
        let after = before.play_unchecked(w, &rules);
        if after.outcome(&rules).is_none() {
            let best = after
                .legal_moves(&rules)
                .iter()
                .map(|r| (takes(&after, *r), *r))
                .max_by_key(|(n, _)| *n);
            if let Some((n, r)) = best.filter(|(n, _)| *n > 0) {
                out.refute = Some(letter(r, after.turn()));
                out.refute_takes = Some(n);
            }
        }
    }
    out
}

/// A stored rating as the protocol sends it.
pub(super) fn rating_view(r: &RatingRow) -> PuzzleRating {
    PuzzleRating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_dates() {
        assert_eq!(crate::utc_date(0), "1970-01-01");
        assert_eq!(crate::utc_date(20_454), "2026-01-01");
        assert_eq!(crate::utc_date(11_016), "2000-02-29");
    }

    #[test]
    fn the_start_has_six_moves_and_no_seeds_in_store() {
        let b = board(&Position::start());
        assert_eq!(b.legal, ["A", "B", "C", "D", "E", "F"]);
        assert_eq!((b.store_s, b.store_n, b.turn.as_str()), (0, 0, "S"));
        assert_eq!(b.pits, [4; 12]);
    }
}
