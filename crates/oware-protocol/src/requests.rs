//! Request bodies of online play that clients send as they are. (Creating a game, a move and
//! an analysis have bodies the server reads with its own checks: see `docs/web.md`.)

use serde::{Deserialize, Serialize};

/// `POST /api/games/{id}/join` (optional body).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinReq {
    /// The joiner's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// The offers' body (`POST /api/games/{id}/draw`, `…/takeback`, `…/rematch`).
///
/// The action is read as text so that the server words its own refusal of a bad one
/// (`bad-action`); [`OfferAction`](crate::OfferAction) parses it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatReq {
    /// `players` or `spectators` (default: the writer's own room). Read as text for the
    /// server's own refusal (`bad-room`); [`ChatRoom`](crate::ChatRoom) parses it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub room: Option<String>,
    /// The text: 1 to 140 characters once trimmed, no control characters.
    pub text: String,
    /// A spectator's name (ignored for players and accounts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}
