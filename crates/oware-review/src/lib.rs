//! The review of an Oware game: for every move, the engine's value of the move played and of
//! the best move (exact where the endgame databases reach), the seeds it cost, a class (best,
//! good, inaccuracy, mistake, blunder), a missed win, an only move, and an explanation in
//! words made from the rules core.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use oware_core::{movetext, Game, Rules};
//! use oware_review::{review, Options};
//!
//! let mut game = Game::new(Rules::default());
//! for m in movetext::parse_list("FcAd").unwrap() {
//!     game.play_text(&m).unwrap();
//! }
//! let options = Options { depth: Some(6), ..Options::default() };
//! let r = review(&game, &options, &AtomicBool::new(false), &mut |_| {}).unwrap();
//! assert_eq!(r.moves.len(), 4);
//! println!("{}", oware_review::table(&r));
//! ```
//!
//! How it judges: every legal move of a position is searched to the same depth (one ply less
//! than the review's depth) with a table cleared for each position, so that the values of
//! the moves compare like with like and the review is the same on every run. When the played
//! move's loss lies near the mistake or the blunder line, all the moves are searched again two
//! plies deeper (up to [`DEFAULT_REFINE`] times) before it is classed, and a loss must pass
//! the mistake or the blunder line by a margin of error ([`DEFAULT_SURE_MARGIN`]) to get
//! that class. A move's cost is
//! the best move's value minus its own on a scale clamped at ±12 seeds, where a proven win
//! counts 12 and a proven loss −12 (see [`value::DECISIVE`]); the classes' thresholds are in
//! [`INACCURACY`], [`MISTAKE`] and [`BLUNDER`]. `docs/review.md` says why these numbers.

mod class;
pub mod explain;
mod report;
mod review;
pub mod value;

pub use class::{Class, BLUNDER, INACCURACY, MISTAKE};
pub use explain::{Note, NoteArg, NoteKind};
pub use report::{
    annotate, move_comment, summary_text, table, MoveReviewJson, MoveValueJson, NoteJson,
    ReviewJson, SummaryBySide, SummaryJson, ValueJson, COMMENT_MARK,
};
pub use review::{
    review, MoveReview, MoveValue, Options, PlayerSummary, Progress, Review, ReviewError, Tables,
    DEFAULT_DEPTH, DEFAULT_HASH_MB, DEFAULT_REFINE, DEFAULT_REFINE_MARGIN, DEFAULT_SURE_MARGIN,
};
pub use value::Value;
