//! What a review answers and keeps: [`ReviewView`] (the answers and, in part, the events), the
//! [`Stored`] form, and the version ([`ReviewView::run`], [`ReviewView::step`]) that lets a client
//! drop an answer older than the one it shows.

use serde::{Deserialize, Serialize};

/// The step of a review that ended (done or failed): after every step of its progress.
pub const ENDED: u64 = u32::MAX as u64;

/// A review as the store keeps it (JSON text).
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Stored {
    /// The moves judged, as the store writes a game's moves.
    pub(super) moves: String,
    /// The review's depth.
    pub(super) depth: u32,
    /// When it finished, in milliseconds since the Unix epoch.
    pub(super) computed_at: u64,
    /// Its run (see [`ReviewView::run`]); reviews stored before runs were counted have none,
    /// and count as run `computed_at`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) run: Option<u64>,
    /// `oware_review::ReviewJson`.
    pub(super) review: serde_json::Value,
}

impl Stored {
    /// Whether it answers a request for `moves` at `depth`: the same moves, judged at least
    /// that deep.
    pub(super) fn covers(&self, moves: &str, depth: u32) -> bool {
        self.moves == moves && self.depth >= depth
    }

    /// Its run.
    pub(super) fn run(&self) -> u64 {
        self.run.unwrap_or(self.computed_at)
    }
}

/// What `GET /api/games/{id}/review` answers (and `POST` too).
///
/// Answers and `review` events are versioned by `(run, step)`: a later state of a game's
/// review has a larger pair (compared run first), so a client keeps the largest it has seen
/// and drops anything older (an answer that crossed a newer event or answer on the way).
#[derive(Debug, Clone, Serialize)]
pub struct ReviewView {
    /// `none`, `running`, `done` or `failed`.
    pub status: &'static str,
    /// Positions reviewed so far.
    pub done: usize,
    /// Positions to review.
    pub total: usize,
    /// The review's depth.
    pub depth: Option<u32>,
    /// The number of moves it judges.
    pub plies: Option<usize>,
    /// Whether it judges the game's moves as they are now (false once the game went on or
    /// moves were taken back).
    pub current: bool,
    /// When it finished (milliseconds since the Unix epoch).
    pub computed_at: Option<u64>,
    /// Why it failed.
    pub error: Option<String>,
    /// The review itself (`status` `done`): see `docs/review.md`, "JSON".
    pub review: Option<serde_json::Value>,
    /// The run this answer is about: when that review started, in milliseconds since the Unix
    /// epoch, and always above the run before it on the same game (0: no review, or one
    /// running on another instance not heard of yet).
    pub run: u64,
    /// How far the run had gone: the positions reviewed while it runs, `ENDED` (2³² − 1) once
    /// it is done or failed.
    pub step: u64,
}

impl ReviewView {
    pub(super) fn none() -> ReviewView {
        ReviewView {
            status: "none",
            done: 0,
            total: 0,
            depth: None,
            plies: None,
            current: false,
            computed_at: None,
            error: None,
            review: None,
            run: 0,
            step: 0,
        }
    }

    pub(super) fn stored(s: Stored, current_moves: &str) -> ReviewView {
        let plies = s.review["moves"].as_array().map_or(0, Vec::len);
        ReviewView {
            status: "done",
            done: plies,
            total: plies,
            depth: Some(s.depth),
            plies: Some(plies),
            current: s.moves == current_moves,
            computed_at: Some(s.computed_at),
            run: s.run(),
            step: ENDED,
            review: Some(s.review),
            ..ReviewView::none()
        }
    }
}
