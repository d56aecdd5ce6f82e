//! What a review answers and keeps: [`ReviewView`] (the answers: `oware_protocol`'s type), the
//! [`Stored`] form, and the version ([`ReviewView::run`], [`ReviewView::step`]) that lets a client
//! drop an answer older than the one it shows.

pub use oware_protocol::{ReviewEvent, ReviewStatus, ReviewView, REVIEW_ENDED as ENDED};
use serde::{Deserialize, Serialize};

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

/// The answer of a stored review `s`, for a game whose moves are now `current_moves`.
pub(super) fn stored(s: Stored, current_moves: &str) -> ReviewView {
    let plies = s.review["moves"].as_array().map_or(0, Vec::len);
    ReviewView {
        status: ReviewStatus::Done,
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
