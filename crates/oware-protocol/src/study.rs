//! The analysis board's and the board editor's route, `POST /api/position`: a position (or a
//! game record) checked by the rules core, with a line of moves played from it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::StateView;

/// `POST /api/position`: a position to check and a line played from it, or a game record to
/// read (OGN or PlayStrategy's), not both.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionReq {
    /// The position text (`4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`); the start without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub position: Option<String>,
    /// The rules' text form (`abapa`, `playstrategy`, or options); abapa without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rules: Option<String>,
    /// The moves played from the position, as letters (`FcAd`, spaces and capture suffixes
    /// allowed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub moves: Option<String>,
    /// A game record (OGN, or PlayStrategy's export) to read instead of the three above.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub record: Option<String>,
}

/// The answer of `POST /api/position`: the line's state as a game's (`id` empty, `opponent`
/// `analysis`), with the texts a link or an editor needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PositionAnswer {
    /// The start position's canonical text.
    pub start: String,
    /// The position at the end of the line, canonical text.
    pub position: String,
    /// The line's moves as letters, without suffixes (`FcAd`).
    pub moves: String,
    /// The rules' text form.
    pub rules: String,
    /// The record's format when a record was read: `ogn` or `playstrategy`.
    #[serde(default)]
    pub format: Option<String>,
    /// The record's result tag as written (`1-0`, `25-19`, `*`), when a record was read.
    #[serde(default)]
    pub result: Option<String>,
    /// The state: legal moves with reasons, the move list, the outcome, the endgame tables'
    /// values.
    pub state: StateView,
}
