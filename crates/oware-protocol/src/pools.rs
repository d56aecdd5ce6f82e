//! The quick-pairing pools' routes (`/api/pool…`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/pool/{pool}` (optional body): a guest's name, and whether a house bot may
/// take the other seat.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PoolReq {
    /// The name a guest plays under (an account plays under its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
    /// Whether a house bot may take the other seat when no one comes (default `true`;
    /// `false`: people only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub bots: Option<bool>,
}

/// A paired ticket's game and seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Pairing {
    /// The game.
    pub id: String,
    /// The ticket holder's seat token.
    pub token: String,
}

/// A ticket as its holder sees it: `POST /api/pool/{pool}` (201), `GET /api/pool/ticket/{id}`
/// and its event stream's `ticket` events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TicketView {
    /// The ticket.
    pub ticket: String,
    /// The pool.
    pub pool: String,
    /// The name the game will show.
    pub name: String,
    /// The account's rating in the pool's category (`null`: a guest).
    pub rating: Option<i64>,
    /// Whether the game will be rated (an account: when paired with an account).
    pub account: bool,
    /// How long it has waited (ms of the server's clock).
    pub waited_ms: u64,
    /// Its rating range now (±; `null` for a guest).
    pub range: Option<u32>,
    /// Whether a house bot may take the other seat when no one comes.
    #[serde(default)]
    pub bots: bool,
    /// The game, once paired.
    pub paired: Option<Pairing>,
}

/// `DELETE /api/pool/ticket/{id}`: the ticket left its pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LeftAnswer {
    /// Always `true`.
    pub left: bool,
}
