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
