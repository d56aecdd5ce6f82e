//! The prover: replays a puzzle and checks every solver move by the margin rule.

use std::fmt;

use oware_core::{Move, Position, Side};

use crate::judge::{outcome_after, Judge, JudgeError, Method, DEEP_MARGIN, MARGIN};
use crate::puzzle::Puzzle;

/// Why a puzzle is not proven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// The line is empty or ends with an opponent's reply.
    Shape,
    /// A move of the line is not legal (ply counted from 0).
    Illegal {
        /// The ply.
        ply: usize,
    },
    /// The first position has a single legal move: nothing to find.
    OnlyMove,
    /// No solver move beats every other by the margin here.
    NotUnique {
        /// The ply.
        ply: usize,
        /// The best move's value (`lo`) and the best other move's (`hi`), centi-seeds.
        best: i32,
        /// The best value of another move.
        second: i32,
    },
    /// A move other than the line's is the only good one.
    OtherMove {
        /// The ply.
        ply: usize,
        /// The move the judge finds, as a letter.
        found: char,
    },
    /// The first move does not keep the solver at least level.
    Losing {
        /// Its value.
        value: i32,
    },
    /// The opponent's reply in the line is not the judge's best reply.
    Reply {
        /// The ply of the reply.
        ply: usize,
        /// The judge's reply, as a letter (`-` for none).
        found: char,
    },
    /// The game ends inside the line.
    GameOver {
        /// The ply of the move that ended it.
        ply: usize,
    },
    /// The recorded value or second-best value is not what the judge finds.
    Value {
        /// The judge's value of the first move.
        value: i32,
        /// The judge's best other value.
        second: Option<i32>,
    },
    /// The proof is by tables and the tables are missing or do not cover the seeds.
    Tables(String),
    /// The deep check (tables, deeper search with them): the line's move does not beat the
    /// best other move by the margin.
    Deep {
        /// The ply.
        ply: usize,
        /// The line's move's deep value (`lo`).
        value: i32,
        /// The best other move's (`hi`).
        second: i32,
        /// That other move, as a letter.
        other: char,
    },
    /// The exact prover: another first move wins too.
    SecondWin {
        /// That move, as a letter.
        found: char,
    },
    /// The exact prover: the solution, said to win, does not.
    NoWin,
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Shape => f.write_str("the line must start and end with a solver move"),
            Why::Illegal { ply } => write!(f, "move {} of the line is illegal", ply + 1),
            Why::OnlyMove => f.write_str("the solver has a single legal move"),
            Why::NotUnique { ply, best, second } => write!(
                f,
                "at move {}: the best move ({best}) beats the next best ({second}) by less than {MARGIN} centi-seeds",
                ply + 1
            ),
            Why::OtherMove { ply, found } => {
                write!(f, "at move {}: the only good move is {found}", ply + 1)
            }
            Why::Losing { value } => write!(f, "the solution's value {value} is below 0"),
            Why::Reply { ply, found } => {
                write!(f, "at move {}: the opponent's best reply is {found}", ply + 1)
            }
            Why::GameOver { ply } => write!(f, "the game is over after move {}", ply + 1),
            Why::Value { value, second } => write!(
                f,
                "the first move is worth {value} (next best {}), not the recorded values",
                second.map_or("none".to_string(), |s| s.to_string())
            ),
            Why::Tables(e) => f.write_str(e),
            Why::Deep {
                ply,
                value,
                second,
                other,
            } => write!(
                f,
                "deep check at move {}: the move is worth {value}, {other} {second}: less than {DEEP_MARGIN} centi-seeds apart, or a second decisive move",
                ply + 1
            ),
            Why::SecondWin { found } => {
                write!(f, "exact proof: {found} wins too (a second winning move)")
            }
            Why::NoWin => f.write_str("exact proof: the solution does not win"),
        }
    }
}

impl std::error::Error for Why {}

impl From<JudgeError> for Why {
    fn from(e: JudgeError) -> Why {
        Why::Tables(e.to_string())
    }
}

/// The letter of `m` for `side`, or `-`.
fn letter(m: Option<Move>, side: Side) -> char {
    m.map_or('-', |m| m.letter(side))
}

/// Proves `puzzle` with `judge`: replays the line from the puzzle's position and checks that
/// the first position has two legal moves or more, that every solver move is the only one
/// that beats all others by [`MARGIN`] (judged by the puzzle's [`Method`]), that the first
/// keeps the solver level or better and has the recorded values, that every reply is the
/// judge's best reply, and that the game goes on to the line's last move.
pub fn prove(puzzle: &Puzzle, judge: &mut Judge) -> Result<(), Why> {
    if puzzle.line.len().is_multiple_of(2) {
        return Err(Why::Shape);
    }
    if let Method::Tables { seeds } = puzzle.proof {
        let have = judge.table_seeds();
        if seeds != puzzle.position.seeds_on_board() || have.is_none_or(|h| h < seeds) {
            return Err(Why::Tables(format!(
                "a proof by tables needs tables of {} seeds (the seeds on the board), the judge has {}",
                puzzle.position.seeds_on_board(),
                have.map_or("none".to_string(), |h| format!("up to {h}"))
            )));
        }
    }
    let rules = *judge.rules();
    let mut pos = puzzle.position;
    let mut history: Vec<Position> = Vec::new();
    for (ply, pair) in puzzle.line.chunks(2).enumerate().map(|(i, c)| (2 * i, c)) {
        let m = pair[0];
        if !pos.is_legal(m, &rules) {
            return Err(Why::Illegal { ply });
        }
        let decision = judge.judge(&pos, &history, puzzle.proof)?;
        if ply == 0 && decision.values.len() < 2 {
            return Err(Why::OnlyMove);
        }
        let Some(best) = decision.unique().copied() else {
            let mut v: Vec<_> = decision.values.iter().map(|v| (v.lo, v.hi)).collect();
            v.sort();
            let top = v.last().map_or(0, |t| t.0);
            return Err(Why::NotUnique {
                ply,
                best: top,
                second: v.iter().rev().skip(1).map(|t| t.1).max().unwrap_or(top),
            });
        };
        if best.mv != m {
            return Err(Why::OtherMove {
                ply,
                found: best.mv.letter(pos.turn()),
            });
        }
        if ply == 0 {
            if best.lo < 0 {
                return Err(Why::Losing { value: best.lo });
            }
            let second = decision.second_best(m);
            if best.lo != puzzle.value || second != puzzle.second {
                return Err(Why::Value {
                    value: best.lo,
                    second,
                });
            }
        }
        let child = pos.play_unchecked(m, &rules);
        history.push(pos);
        let Some(&r) = pair.get(1) else {
            break;
        };
        let reply = judge.reply(&child, &history, puzzle.proof, best.reply)?;
        if reply != Some(r) {
            return Err(Why::Reply {
                ply: ply + 1,
                found: letter(reply, child.turn()),
            });
        }
        let next = child.play_unchecked(r, &rules);
        history.push(child);
        if outcome_after(&history, &next, &rules).is_some() {
            return Err(Why::GameOver { ply: ply + 1 });
        }
        pos = next;
    }
    Ok(())
}
