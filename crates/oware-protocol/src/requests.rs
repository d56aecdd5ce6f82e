//! Request bodies of online play that clients send as they are. (Creating a game, a move and
//! an analysis have bodies the server reads with its own checks: see `docs/web.md`.)

use serde::{Deserialize, Serialize};
use schemars::JsonSchema;
use ts_rs::TS;

/// `POST /api/games/{id}/join` (optional body).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinReq {
    /// The joiner's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
}

/// The offers' body (`POST /api/games/{id}/draw`, `…/takeback`, `…/rematch`).
///
/// The action is read as text so that the server words its own refusal of a bad one
/// (`bad-action`); [`OfferAction`](crate::OfferAction) parses it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OfferReq {
    /// `offer`, `accept`, `decline` or `withdraw`.
    pub action: String,
}

impl OfferReq {
    /// The body of `action`.
    pub fn new(action: crate::OfferAction) -> OfferReq {
        OfferReq {
            action: action.name().to_string(),
        }
    }
}

/// `POST /api/games/{id}/claim`.
///
/// Read as text for the server's own refusal (`bad-claim`); [`ClaimResult`](crate::ClaimResult)
/// parses it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClaimReq {
    /// `win` or `draw`.
    pub result: String,
}

impl ClaimReq {
    /// The body of `result`.
    pub fn new(result: crate::ClaimResult) -> ClaimReq {
        ClaimReq {
            result: result.name().to_string(),
        }
    }
}

/// `POST /api/games/{id}/chat`: a message. A player (with the seat token) writes in the
/// players' room; anyone else in the spectators' room, under their account's name or `name`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatReq {
    /// `players` or `spectators` (default: the writer's own room). Read as text for the
    /// server's own refusal (`bad-room`); [`ChatRoom`](crate::ChatRoom) parses it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub room: Option<String>,
    /// The text: 1 to 140 characters once trimmed, no control characters.
    pub text: String,
    /// A spectator's name (ignored for players and accounts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
}

/// `POST /api/games`: a game on one device (against the computer or a friend) or, with
/// `opponent: "online"`, an online challenge. Every field is optional; the server checks
/// which apply (`docs/web.md`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateReq {
    /// `easy` (default), `medium`, `hard`, `expert`, `friend` or `online`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub opponent: Option<String>,
    /// The human's side, `S` or `N`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub human: Option<String>,
    /// Who starts: `you` or `computer` (another way to say `human`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub starts: Option<String>,
    /// The rules' text form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rules: Option<String>,
    /// An OGN record to continue from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ogn: Option<String>,
    /// Player names, by side (`{"S": …, "N": …}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(
        optional,
        as = "Option<std::collections::HashMap<crate::ts::SideTs, String>>"
    )]
    pub names: Option<std::collections::HashMap<String, String>>,
    /// Online: the clock, `null` or none for an untimed game, `{"initial_s", "increment_s"}`
    /// for a live clock, `{"days"}` for correspondence. Read as JSON for the server's own
    /// refusal of a bad one (`bad-clock`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "ClockReq | null")]
    pub clock: Option<serde_json::Value>,
    /// Online: the creator's side, `random`, `S` or `N`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub color: Option<String>,
    /// Online: the creator's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
    /// Online: list the challenge in the lobby.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lobby: Option<bool>,
    /// Online: a rated game (the creator logged in, standard rules, a clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rated: Option<bool>,
    /// Online: only opponents rated within `[low, high]` may join.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub range: Option<[i32; 2]>,
    /// Online: open the game to advice (the players read the spectators' chat room); casual
    /// games only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub advice: Option<bool>,
    /// Against the computer: who searches its moves, `server` (default) or `page` (the page's
    /// own engine, compiled to WebAssembly, plays them with the seat token as moves of the
    /// computer's side; the server checks each as any move and never searches).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub engine: Option<String>,
}

/// A creation request's `clock` as a client writes it: a live clock
/// (`initial_s`, `increment_s`) or a correspondence one (`days` per move).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClockReq {
    /// Seconds each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub initial_s: Option<f64>,
    /// Seconds added per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub increment_s: Option<f64>,
    /// Days per move (correspondence).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub days: Option<f64>,
}

impl ClockReq {
    /// A live clock's request.
    pub fn live(clock: crate::TimeControl) -> ClockReq {
        ClockReq {
            initial_s: Some(clock.initial_s as f64),
            increment_s: Some(clock.increment_s as f64),
            days: None,
        }
    }

    /// As the JSON of [`CreateReq::clock`].
    pub fn to_value(self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// `POST /api/games/{id}/moves`: exactly one of a move letter and a pit number.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveReq {
    /// A move letter of the side to move, e.g. `"C"`.
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub text: Option<String>,
    /// The side to move's pit, 0–5 from its left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pit: Option<i64>,
    /// The ply of the last whole state the client holds: the answer's state then carries only
    /// what follows it (see `StateView::since`). Absent: the whole state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub since: Option<usize>,
}

/// `POST /api/games/{id}/analysis`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalysisReq {
    /// The ply to analyse (default: the current position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ply: Option<usize>,
    /// Thinking time in milliseconds (default 2000, at most 20000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub movetime_ms: Option<u64>,
    /// `hint` or `analysis` (read as text for the server's own refusal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Purpose")]
    pub purpose: Option<String>,
}

/// `POST /api/games/{id}/review` (optional body).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReviewReq {
    /// The review's depth in plies (default 16, from 2 to 18).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub depth: Option<i64>,
}
