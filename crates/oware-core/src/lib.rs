//! The rules of Oware (abapa by default, with the common variants), positions, games and the
//! notations of the Oware world. Pure: no I/O, no threads, no clock, no randomness.
//!
//! Pits are numbered 0–11 in sowing (counter-clockwise) order: 0–5 are South's `A`–`F` from
//! South's left to right, 6–11 North's `a`–`f` from North's left to right. South moves first.
//!
//! ```
//! use oware_core::{Game, Rules, movetext};
//!
//! let mut game = Game::new(Rules::default());
//! for m in movetext::parse_list("FcAd").unwrap() {
//!     game.play_text(&m).unwrap();
//! }
//! assert_eq!(game.position().to_string(), "1-7-6-6-5-1-5-5-0-0-6-6-0-0-S");
//! ```
#![forbid(unsafe_code)]

mod game;
mod moves;
mod outcome;
mod perft;
mod position;
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;
mod side;

pub mod fen;
pub mod movetext;
pub mod ogn;
pub mod playstrategy;
pub mod record;

pub use game::Game;
pub use moves::{Move, MoveList};
pub use outcome::{AgreementError, EndReason, Outcome, ParseEndReasonError, Score};
pub use perft::{perft, PerftCounts};
pub use position::{
    MoveDetail, PlayError, Position, PositionError, Setup, PITS, TOTAL_SEEDS, WINNING_SCORE,
};
pub use rules::{CycleFilter, CycleSeeds, GrandSlam, ParseRulesError, Repetition, Rules};
pub use side::{BySide, ParseSideError, Side};
