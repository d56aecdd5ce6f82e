//! Oware puzzles: positions where the side to move (the *solver*) has one move clearly better
//! than every other, and the line that follows — the opponent's best replies and the solver's
//! only moves — until the gain is decided. See `docs/puzzles.md`.
//!
//! - [`Puzzle`] and the file format ([`read`], [`write()`]): one JSON object per line after a
//!   header line.
//! - [`Judge`]: the value of every legal move of a position, by the endgame tables where they
//!   cover the seeds on the board, else by a search of fixed depth (without tables, so that any
//!   machine finds the same values), and the *margin rule* ([`MARGIN`]).
//! - [`prove`]: replays a puzzle and checks every solver move by that rule.
//! - [`views`]: what a player is sent (a board, a round's moves followed along the line, the
//!   facts that explain it), for the server and for the page without the network; [`pick`]:
//!   the next puzzle near a rating.
//! - [`Generator`]: finds puzzles in finished games and in engine self-play, removes duplicates
//!   and mirror positions, detects themes ([`Theme`]) and gives each a starting rating.
//!
//! ```
//! use oware_core::fen;
//! use oware_puzzles::{Judge, Method};
//!
//! // South captures 3 and reaches 25 with E or with F: two winning moves, no puzzle.
//! let pos = fen::parse("0-0-0-0-2-3-2-0-2-0-0-0-22-17-S").unwrap();
//! let mut judge = Judge::new(None);
//! let decision = judge.judge(&pos, &[], Method::Search { depth: 4 }).unwrap();
//! assert_eq!(decision.unique(), None);
//! ```
#![forbid(unsafe_code)]

mod deep;
mod filter;
mod format;
mod generate;
mod judge;
pub mod pick;
mod prove;
mod puzzle;
mod themes;
pub mod views;

pub use deep::{
    DeepJudge, DeepOptions, DeepReport, Prover, Win, DEEP_DEPTH, DEEP_HASH_MB, PROVER_NODES,
};
pub use filter::{check_many, check_puzzle, kept, Verdict};
pub use format::{
    read, write, FormatError, Header, FORMAT_VERSION, MAX_FILE_BYTES, MAX_LINE_BYTES,
};
pub use generate::{is_concrete, net_gain, rating_of, selfplay_game, Generator, Options, Stats};
pub use judge::{
    Decision, Judge, JudgeError, Method, MoveValue, DECISIVE, DEEP_MARGIN, JUDGE_HASH_MB, MARGIN,
};
pub use prove::{prove, Why};
pub use puzzle::{position_key, Proof, Puzzle};
pub use themes::{deep_bonus, detect_themes, starting_rating, Theme, FIND_DEPTH};

/// The shipped set, `data/puzzles.jsonl` (see `docs/puzzles.md` for the command that made it),
/// as text: read it with [`read`], or take [`shipped`].
pub const SHIPPED: &str = include_str!("../data/puzzles.jsonl");

/// The shipped set's puzzles ([`SHIPPED`], read; a test checks that it reads).
pub fn shipped() -> Result<Vec<Puzzle>, FormatError> {
    read(SHIPPED).map(|(_, puzzles)| puzzles)
}

/// The index of the puzzle of day `day` (days since 1970-01-01, UTC) in a set of `count`: a
/// fixed shuffle of the days (SplitMix64), so the same all day and another the next. The site's
/// puzzle of the day (`/api/puzzle/daily`) and `oware puzzle --daily` offline both use it on the
/// shipped set.
pub fn daily_index(day: i64, count: usize) -> usize {
    let mut z = (day as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    (z % count.max(1) as u64) as usize
}

/// The search depth of a puzzle proven by search, unless the generator is told otherwise: in
/// plies from the puzzle's position (each legal move's position is searched one ply less).
pub const DEFAULT_DEPTH: u32 = 16;

/// The most solver moves a line holds: a puzzle stops there even if the next solver move is
/// still the only good one.
pub const MAX_SOLVER_MOVES: usize = 5;

/// The most seeds on the board at which the generator uses the endgame tables, unless told
/// otherwise: 12, a level that builds in seconds, so that a test can build the tables and
/// prove every puzzle that was proven by them.
pub const DEFAULT_TABLE_SEEDS: u8 = 12;
