//! The `oware` Python package: the rules core, the engine and the endgame tables from Python,
//! with the bulk work (playouts, matches, analysis, table builds) done here in Rust.
//!
//! The Python module itself (PyO3) is behind the `python` feature, which maturin turns on (see
//! `pyproject.toml` and `docs/python.md`); without it this crate is the plain Rust half, built
//! and tested with the workspace on a machine without Python:
//!
//! - [`observation`]: the OpenSpiel-compatible observation of a position;
//! - [`playouts`]: seeded random or engine-guided games in bulk, in parallel, in flat arrays;
//! - [`play_match`]: games between two playing levels;
//! - [`analyse`]: a position's best line and every legal move's score.
//!
//! Every rule is the core's: games are [`oware_core::Game`]s, moves are checked and played by
//! it, outcomes are its own.

mod analysis;
mod bulk;
mod matches;
#[cfg(feature = "python")]
mod py;
mod rng;

pub use analysis::{analyse, Analysis, MoveAnalysis};
pub use bulk::{
    auto_threads, observation, playouts, PlayoutOptions, Playouts, Policy, Run,
    AUTO_THREADS_MIN_GAMES, OBSERVATION_SIZE, REASON_NAMES, RECORD_SIZE, UNFINISHED,
};
pub use matches::{play_match, MatchGame, MatchOptions, MatchResult};
pub use rng::{game_seed, Rng};
