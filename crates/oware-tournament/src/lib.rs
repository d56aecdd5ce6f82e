//! Oware tournaments without I/O, clocks or randomness: the rules the server applies, as
//! plain functions and data.
//!
//! - **Arena** ([`Sheet`], [`pair_arena`]): win 2, draw 1, loss 0; after two wins in a row
//!   each further win counts double until a game is not won; a berserk win with enough moves
//!   earns one point more. Free players are paired with their neighbours in the standings,
//!   never the same opponent twice in a row when it can be avoided.
//! - **Swiss** ([`Swiss`]): a documented simpler Swiss system (score groups, top half
//!   against bottom half, no rematch, floats down, sides balanced), byes, late joiners and
//!   withdrawals; `docs/tournaments.md` compares it with FIDE's Dutch system.
//! - **Standings** ([`standings`], [`arena_standings`], [`podium`]): points, Buchholz and
//!   Sonneborn–Berger.
//!
//! ```
//! use oware_tournament::{BoardResult, LateJoin, PlayerId, Swiss};
//!
//! let mut swiss = Swiss::new(3, LateJoin::Zero);
//! for (id, rating) in [(1, 1900), (2, 1800), (3, 1700), (4, 1600)] {
//!     swiss.join(PlayerId(id), rating).unwrap();
//! }
//! let round = swiss.pair_next_round().unwrap().clone();
//! // Round 1: top half against bottom half, 1–3 and 2–4.
//! assert_eq!(round.boards[0].south, PlayerId(1));
//! assert_eq!(round.boards[0].north, PlayerId(3));
//! for board in &round.boards {
//!     swiss.record(1, board.south, BoardResult::SouthWon).unwrap();
//! }
//! let standings = swiss.standings();
//! assert_eq!(standings[0].points, 1.0);
//! ```

mod arena;
mod standings;
mod swiss;

pub use arena::{
    pair_arena, ArenaGame, ArenaPairing, ArenaPlayer, GameResult, Sheet, SheetEntry,
    BERSERK_MIN_MOVES, DRAW_POINTS, LOSS_POINTS, QUICK_DRAW_MOVES, STREAK_WINS, WIN_POINTS,
};
pub use standings::{
    arena_standings, podium, standings, ArenaStanding, BoardResult, Entrant, PlayedGame, Standing,
};
pub use swiss::{
    Board, JoinError, LateJoin, PairError, RecordError, Round, Swiss, SwissPlayer, WithdrawError,
    BYE_POINTS,
};

/// A player's identity in a tournament: the server's account id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct PlayerId(pub u64);
