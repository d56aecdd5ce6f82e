//! Puzzle rounds played without the network (issue 57): the page checks them with the rules core
//! in WebAssembly (`oware_puzzles::views`, the server's own code) and keeps them; once the network
//! is back it sends them to the account (`POST /api/puzzle/offline`), where the server checks each
//! again and records it unrated. See `docs/puzzles.md`, "Offline".

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One finished round played without the network.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OfflineRound {
    /// The puzzle's id (one of the shipped set).
    pub id: String,
    /// Every move played, the opponent's replies included, as letters (`FcA`): the whole line
    /// (solved) or up to the first wrong move (failed).
    pub moves: String,
}

/// `POST /api/puzzle/offline`: rounds played without the network, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OfflineRoundsReq {
    /// The rounds (at most 50 a request).
    pub rounds: Vec<OfflineRound>,
}

/// One round as the server recorded it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct OfflineResult {
    /// The puzzle's id.
    pub id: String,
    /// `solved` or `failed`, as the server found it.
    pub result: String,
}

/// The answer: every round recorded (unrated), in the request's order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct OfflineRoundsAnswer {
    /// Each round's result.
    pub results: Vec<OfflineResult>,
}
