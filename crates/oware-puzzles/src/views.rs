//! What a player of a puzzle is sent, built in one place for the server's `/api/puzzle/…`
//! routes and for the page without the network (crates/oware-wasm's puzzle ops): a position with
//! its legal moves, a puzzle without its line, a round's moves followed along the line, the
//! facts that explain a finished round, the themes that have puzzles.

use oware_core::{movetext, Move, Position, Rules, Side};
use oware_protocol::{
    PuzzleBoard, PuzzleExplain, PuzzleTheme, PuzzleThemes, PuzzleView, RoundAnswer,
};

use crate::{Puzzle, Theme};

/// The longest `moves` text of a round, in bytes (a line holds at most 99 plies).
pub const MOVES_BYTES_MAX: usize = 256;

/// Why a round's moves cannot be followed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoundError {
    /// The moves text cannot be read, or does not follow the line where it must.
    BadMoves(String),
    /// A move is not legal in its position.
    Illegal(String),
}

impl std::fmt::Display for RoundError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoundError::BadMoves(m) | RoundError::Illegal(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for RoundError {}

/// `S` or `N`.
pub fn side_text(side: Side) -> String {
    match side {
        Side::South => "S".into(),
        Side::North => "N".into(),
    }
}

/// Move `m` of `side` as its letter.
pub fn letter(m: Move, side: Side) -> String {
    m.letter(side).to_string()
}

/// `pos` as the page draws it, with its legal moves (none once the game is over).
pub fn board(pos: &Position) -> PuzzleBoard {
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

/// Puzzle `p` as a player is sent it, without its line: its rating and rated rounds now
/// (`rating`, `plays`), the round this serving opens, its votes.
pub fn puzzle_view(
    p: &Puzzle,
    rating: i32,
    plays: u64,
    round: String,
    (up, down): (u64, u64),
) -> PuzzleView {
    PuzzleView {
        id: p.id.clone(),
        board: board(&p.position),
        solver: side_text(p.solver()),
        rating,
        plays,
        themes: p.themes.iter().map(|t| t.name().to_string()).collect(),
        solver_moves: p.solver_moves() as u32,
        round,
        up,
        down,
    }
}

/// The boards along `p`'s line, its start first.
pub fn steps(p: &Puzzle) -> Vec<PuzzleBoard> {
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
pub fn explain(p: &Puzzle, before: &Position, right: Move, wrong: Option<Move>) -> PuzzleExplain {
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

/// The themes that have puzzles in `puzzles`, with their counts.
pub fn themes(puzzles: &[Puzzle]) -> PuzzleThemes {
    PuzzleThemes {
        themes: Theme::ALL
            .iter()
            .map(|t| PuzzleTheme {
                name: t.name().to_string(),
                count: puzzles.iter().filter(|p| p.themes.contains(t)).count() as u32,
            })
            .filter(|t| t.count > 0)
            .collect(),
    }
}

/// Where a round's moves lead.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// `continue`, `solved` or `failed`.
    pub result: &'static str,
    /// The opponent's reply (`continue`).
    pub reply: Option<String>,
    /// The position now.
    pub board: PuzzleBoard,
    /// The right move where a wrong one was played (`failed`).
    pub expected: Option<String>,
    /// The position before the last solver move.
    pub before: Position,
    /// The last solver move.
    pub played: Move,
    /// The line's move where `played` was played.
    pub right: Move,
    /// The solver moves played.
    pub moves: u64,
}

impl Step {
    /// Whether the round is over (solved or failed).
    pub fn over(&self) -> bool {
        self.result != "continue"
    }

    /// The answer to the round's moves, as far as the puzzle alone says: the reply while the
    /// round goes on; the line, the boards along it and the explanation once it is over. Not
    /// rated (the server adds what the ratings say).
    pub fn answer(&self, p: &Puzzle) -> RoundAnswer {
        let mut answer = RoundAnswer {
            result: self.result.into(),
            reply: self.reply.clone(),
            board: self.board.clone(),
            expected: self.expected.clone(),
            solution: None,
            steps: None,
            rated: false,
            unrated: None,
            explain: None,
            rating: None,
            diff: None,
        };
        if self.over() {
            answer.solution = Some(p.line_text());
            answer.steps = Some(steps(p));
            let wrong = (self.played != self.right).then_some(self.played);
            answer.explain = Some(explain(p, &self.before, self.right, wrong));
        }
        answer
    }
}

/// Follows `moves` along `p`'s line: `continue` with the reply, `solved`, or `failed` at the
/// first solver move off the line (with the right one).
pub fn follow(p: &Puzzle, moves: &str) -> Result<Step, RoundError> {
    if moves.len() > MOVES_BYTES_MAX {
        return Err(RoundError::BadMoves(format!(
            "moves is {} bytes, more than the {MOVES_BYTES_MAX} a round takes",
            moves.len()
        )));
    }
    let texts = movetext::parse_list(moves)
        .map_err(|e| RoundError::BadMoves(format!("moves \"{moves}\": {e}")))?;
    if texts.is_empty() {
        return Err(RoundError::BadMoves("moves: no move given".into()));
    }
    let rules = Rules::ABAPA;
    let mut pos = p.position;
    let mut before = pos;
    let mut played = p.line[0];
    for (k, t) in texts.iter().enumerate() {
        let Some(&want) = p.line.get(k) else {
            return Err(RoundError::BadMoves(format!(
                "moves: the puzzle ends after {} moves",
                p.line.len()
            )));
        };
        let m = t
            .to_move(&pos, &rules)
            .map_err(|e| RoundError::Illegal(format!("move {} ({}): {e}", k + 1, t.letter())))?;
        if m != want {
            if k % 2 == 1 {
                return Err(RoundError::BadMoves(format!(
                    "move {} must be the reply the server gave ({})",
                    k + 1,
                    letter(want, pos.turn())
                )));
            }
            return Ok(Step {
                result: "failed",
                reply: None,
                board: board(&pos),
                expected: Some(letter(want, pos.turn())),
                before: pos,
                played: m,
                right: want,
                moves: k as u64 / 2 + 1,
            });
        }
        if k % 2 == 0 {
            (before, played) = (pos, m);
        }
        pos = pos.play_unchecked(m, &rules);
    }
    let n = texts.len();
    let moves = n.div_ceil(2) as u64;
    // A round still on the line: solved at its end, else going on after the reply.
    let on_line = |result: &'static str, reply: Option<String>, pos: &Position| Step {
        result,
        reply,
        board: board(pos),
        expected: None,
        before,
        played,
        right: played,
        moves,
    };
    if n == p.line.len() {
        return Ok(on_line("solved", None, &pos));
    }
    if n % 2 == 0 {
        return Err(RoundError::BadMoves(
            "moves ends with the opponent's reply: add the solver's next move".into(),
        ));
    }
    let reply = p.line[n];
    let text = letter(reply, pos.turn());
    pos = pos.play_unchecked(reply, &rules);
    Ok(on_line("continue", Some(text), &pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_six_moves_and_no_seeds_in_store() {
        let b = board(&Position::start());
        assert_eq!(b.legal, ["A", "B", "C", "D", "E", "F"]);
        assert_eq!((b.store_s, b.store_n, b.turn.as_str()), (0, 0, "S"));
        assert_eq!(b.pits, [4; 12]);
    }

    #[test]
    fn a_round_follows_the_line_and_ends_solved_or_failed() {
        let set = crate::shipped().unwrap();
        let p = set.iter().find(|p| p.line.len() >= 3).unwrap();
        let line: Vec<String> = {
            let mut side = p.solver();
            p.line
                .iter()
                .map(|m| {
                    let t = letter(*m, side);
                    side = side.other();
                    t
                })
                .collect()
        };
        let first = follow(p, &line[0]).unwrap();
        assert_eq!(first.result, "continue");
        assert_eq!(first.reply.as_deref(), Some(line[1].as_str()));
        assert!(first.answer(p).solution.is_none(), "no line before the end");
        let all = follow(p, &line.join(" ")).unwrap();
        assert_eq!(all.result, "solved");
        let a = all.answer(p);
        assert_eq!(a.solution.as_deref(), Some(p.line_text().as_str()));
        assert_eq!(a.steps.unwrap().len(), p.line.len() + 1);
        let wrong = board(&p.position)
            .legal
            .into_iter()
            .find(|l| *l != line[0])
            .unwrap();
        let failed = follow(p, &wrong).unwrap();
        assert_eq!(failed.result, "failed");
        assert_eq!(failed.expected.as_deref(), Some(line[0].as_str()));
        assert!(matches!(follow(p, ""), Err(RoundError::BadMoves(_))));
        assert!(matches!(
            follow(p, &"A ".repeat(200)),
            Err(RoundError::BadMoves(_))
        ));
    }
}
