//! The accounts' routes (`/api/account…`): the request bodies and the answers.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{Side, Status};

/// `POST /api/account/signup` and `…/login`: a name and a password.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The account's name.
    pub name: String,
    /// Its password.
    pub password: String,
}

/// `POST /api/account/logout` (optional body).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogOutReq {
    /// Every device, not only this one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub all: Option<bool>,
}

/// `POST /api/account/password`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPasswordReq {
    /// The password now.
    pub current: String,
    /// The new one.
    pub new: String,
}

/// `POST /api/account/close`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CloseReq {
    /// The password, once more.
    pub password: String,
}

/// `POST /api/account/reset`: a new password with the operator's one-time link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResetReq {
    /// The link's token.
    pub token: String,
    /// The new password.
    pub password: String,
}

/// `GET /api/account` and the answer of every route that opens or ends a session: who is
/// logged in, `{"name": null}` for a guest.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct AccountAnswer {
    /// The account's name, `null` for a guest.
    pub name: Option<String>,
    /// Whether the account is a bot.
    #[serde(default)]
    pub bot: bool,
    /// The language the account chose (`en`, `fr`, `de`, `pt`), if it chose one: the answer of
    /// a log-in also sets the `lang` cookie to it, so the site shows in it on this device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lang: Option<String>,
}

/// `POST /api/account/lang`: the visitor's language. It sets the `lang` cookie and, for an
/// account, keeps the choice on the account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LangReq {
    /// A language code of the site: `en`, `fr`, `de` or `pt`.
    pub lang: String,
}

/// One of an account's games still going (`GET /api/account/games`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct AccountGame {
    /// The game.
    pub id: String,
    /// The account's side.
    pub side: Side,
    /// The opponent's name (empty while the challenge is open).
    pub opponent: String,
    /// Whether the opponent is a bot.
    #[serde(default)]
    pub opponent_bot: bool,
    /// `open` or `playing`.
    pub status: Status,
    /// Whether the account is to move (in a game being played).
    pub your_turn: bool,
    /// Days per move of a correspondence game.
    pub days_per_move: Option<u64>,
    /// The account's time left now (ms of the server's clock), with a clock.
    pub time_left_ms: Option<u64>,
    /// Whether the game is rated.
    pub rated: bool,
}

/// `GET /api/account/games`: the logged-in player's games still going, their turn first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct AccountGames {
    /// The games.
    pub games: Vec<AccountGame>,
}
