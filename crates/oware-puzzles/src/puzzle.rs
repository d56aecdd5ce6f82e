//! A puzzle: a position, the line that solves it, how it was proven, themes and rating.

use oware_core::{movetext, Move, Position, Side};

use crate::judge::Method;
use crate::themes::Theme;

/// How a puzzle was proven: the same as the [`Method`] its moves were judged by.
pub type Proof = Method;

/// A puzzle. The solver is the side to move in `position`; `line` alternates the solver's
/// moves and the opponent's replies, starting and ending with a solver move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// A stable name: 12 hex digits of a hash of the position as the solver sees it (so a
    /// position and its mirror have the same id). See [`Puzzle::id_of`].
    pub id: String,
    /// The start position.
    pub position: Position,
    /// The solver's moves and the opponent's replies, solver first and last.
    pub line: Vec<Move>,
    /// Themes found in the line.
    pub themes: Vec<Theme>,
    /// The starting rating (a player's rating scale, 1500 the middle).
    pub rating: u32,
    /// How every solver move was shown to be the only good one.
    pub proof: Proof,
    /// The value of the first solver move (centi-seeds, solver's view, on the judge's scale:
    /// ±1200 is a won or lost game).
    pub value: i32,
    /// The best value of any other first move (`None` when the first move is the only legal
    /// one, which the generator never keeps).
    pub second: Option<i32>,
    /// Where the position came from: `selfplay SEED GAME ply N` or `FILE game N ply N`.
    pub source: String,
}

/// The canonical key of a position for removing duplicates: its pits as the side to move
/// sees them (so a position and its mirror, the board seen from the other side, share it).
/// Stores are left out: the same pits with other stores are the same puzzle.
pub fn position_key(pos: &Position) -> u128 {
    pos.relative_pits()
}

impl Puzzle {
    /// The side that solves the puzzle: the side to move.
    pub fn solver(&self) -> Side {
        self.position.turn()
    }

    /// The line in the project's move letters, concatenated (`FcA`).
    pub fn line_text(&self) -> String {
        movetext::letters(self.solver(), self.line.iter().copied()).collect()
    }

    /// The number of solver moves in the line.
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }

    /// The id of a puzzle from `position`: FNV-1a (64 bits) of its [`position_key`], the first 12 hex
    /// digits.
    pub fn id_of(position: &Position) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in position_key(position).to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        format!("{:012x}", h >> 16)
    }
}
