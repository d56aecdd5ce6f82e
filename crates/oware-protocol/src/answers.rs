//! The answers of the routes that do not answer a bare [`StateView`] or [`ReviewView`](crate::ReviewView).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{MoveDetailView, StateView};

/// A seat: `POST /api/games` (201), `…/join`, `…/seat`, and an accepted rematch's
/// [`RematchAnswer::rematch`]. The token is the seat's secret: it appears in this answer only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct SeatAnswer {
    /// The seat's game.
    pub id: String,
    /// The seat's token (the `X-Seat-Token` of later requests).
    pub token: String,
    /// The game's state, for the seat's holder.
    pub state: StateView,
}

/// `POST /api/games/{id}/moves`: what the move did and the state after it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct MoveAnswer {
    /// The move, seed by seed.
    pub detail: MoveDetailView,
    /// The state after it.
    pub state: StateView,
}

/// `POST /api/games/{id}/rematch`, whatever the step: the game's state and, once the rematch
/// is agreed (this accept, or an earlier one), the requester's seat in the new game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct RematchAnswer {
    /// The state of the game asked about (its `online.rematch_id` names the rematch once
    /// agreed).
    pub state: StateView,
    /// The requester's seat in the rematch, `null` until it is agreed.
    #[serde(default)]
    pub rematch: Option<SeatAnswer>,
}

/// `POST /api/games/{id}/presence`: the key to open the event stream with
/// (`?presence=KEY`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PresenceAnswer {
    /// The key.
    pub key: String,
}

/// `POST /api/games/{id}/analysis` (202): the analysis' number, which its events carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct AnalysisStarted {
    /// The analysis number.
    pub seq: u64,
}

/// Every error answer (4xx, 5xx): `{"error": "a sentence", "code": "empty-pit"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ErrorBody {
    /// The sentence to show.
    pub error: String,
    /// The machine-readable code, one of [`ErrorCode`](crate::ErrorCode)'s names. Kept as
    /// text when read, so that a client still reads the code of a newer server
    /// ([`ErrorBody::error_code`] parses it).
    #[serde(default)]
    #[ts(type = "ErrorCode | null")]
    #[schemars(with = "Option<crate::ErrorCode>")]
    pub code: Option<String>,
}

impl ErrorBody {
    /// The answer of error `code` with sentence `error`.
    pub fn new(code: crate::ErrorCode, error: impl Into<String>) -> ErrorBody {
        ErrorBody {
            error: error.into(),
            code: Some(code.name().to_owned()),
        }
    }

    /// The code, if it is one this crate knows.
    pub fn error_code(&self) -> Option<crate::ErrorCode> {
        self.code.as_deref().and_then(|c| c.parse().ok())
    }
}
