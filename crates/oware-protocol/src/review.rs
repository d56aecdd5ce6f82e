//! A game's review as the server answers it ([`ReviewView`]) and as its `review` events report
//! it ([`ReviewEvent`]).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ReviewStatus;

/// The `step` of a review that ended (done or failed): after every step of its progress
/// (2³² − 1).
pub const REVIEW_ENDED: u64 = u32::MAX as u64;

/// What `GET /api/games/{id}/review` answers (and `POST` too).
///
/// Answers and `review` events are versioned by `(run, step)`: a later state of a game's
/// review has a larger pair (compared run first), so a client keeps the largest it has seen
/// and drops anything older.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ReviewView {
    /// `none`, `running`, `done` or `failed`.
    pub status: ReviewStatus,
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
    #[ts(type = "unknown")]
    pub review: Option<serde_json::Value>,
    /// The run this answer is about: when that review started, in milliseconds since the Unix
    /// epoch, and always above the run before it on the same game (0: no review, or one
    /// running on another instance not heard of yet).
    pub run: u64,
    /// How far the run had gone: the positions reviewed while it runs, [`REVIEW_ENDED`] once
    /// it is done or failed.
    pub step: u64,
}

impl ReviewView {
    /// No review.
    pub fn none() -> ReviewView {
        ReviewView {
            status: ReviewStatus::None,
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
}

/// A `review` event: `running` after each position (`done`, `total`), then `done` (with
/// `computed_at`) or `failed` (with `error`); the fields a status does not have are left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ReviewEvent {
    /// `running`, `done` or `failed`.
    pub status: ReviewStatus,
    /// Positions reviewed (`running`, `done`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub done: Option<usize>,
    /// Positions to review (`running`, `done`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub total: Option<usize>,
    /// When it finished (`done`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub computed_at: Option<u64>,
    /// Why it failed (`failed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    /// The run (see [`ReviewView::run`]).
    pub run: u64,
    /// The step (see [`ReviewView::step`]).
    pub step: u64,
}

impl ReviewEvent {
    /// `running` at `done` of `total` positions.
    pub fn running(run: u64, done: usize, total: usize) -> ReviewEvent {
        ReviewEvent {
            status: ReviewStatus::Running,
            done: Some(done),
            total: Some(total),
            computed_at: None,
            error: None,
            run,
            step: done as u64,
        }
    }

    /// `done`: all `total` positions, stored at `computed_at`.
    pub fn done(run: u64, total: usize, computed_at: u64) -> ReviewEvent {
        ReviewEvent {
            status: ReviewStatus::Done,
            done: Some(total),
            total: Some(total),
            computed_at: Some(computed_at),
            error: None,
            run,
            step: REVIEW_ENDED,
        }
    }

    /// `failed`, and why.
    pub fn failed(run: u64, error: String) -> ReviewEvent {
        ReviewEvent {
            status: ReviewStatus::Failed,
            done: None,
            total: None,
            computed_at: None,
            error: Some(error),
            run,
            step: REVIEW_ENDED,
        }
    }
}
