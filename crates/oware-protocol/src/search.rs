//! Game search: `GET /api/search/games`, a player's finished online games filtered by
//! opponent, result, rated, time control, date, length, opening and ending, paged.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `GET /api/search/games`'s query. Every filter but the player is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameSearchQuery {
    /// The player's name (an account); required.
    #[ts(optional)]
    pub player: Option<String>,
    /// Only against this account (its name).
    #[ts(optional)]
    pub opponent: Option<String>,
    /// Only `win`, `draw` or `loss`, for the player.
    #[ts(optional)]
    pub result: Option<String>,
    /// Only rated (`true`) or casual (`false`) games.
    #[ts(optional)]
    pub rated: Option<bool>,
    /// Only this time control: `blitz`, `rapid`, `correspondence` or `none`.
    #[ts(optional)]
    pub clock: Option<String>,
    /// Only games that ended so: `capture`, `draw`, `no-feed`, `cycle`, `time`, `resign`,
    /// `agreement` or `abandon`.
    #[ts(optional)]
    pub ending: Option<String>,
    /// Only games ended at or after this time (epoch ms).
    #[ts(optional)]
    pub from_ms: Option<u64>,
    /// Only games ended before this time (epoch ms).
    #[ts(optional)]
    pub to_ms: Option<u64>,
    /// Only games of at least this many moves.
    #[ts(optional)]
    pub min_plies: Option<u64>,
    /// Only games of at most this many moves.
    #[ts(optional)]
    pub max_plies: Option<u64>,
    /// Only games that began with these moves: up to 8 letters, `CdE` or `C d E`.
    #[ts(optional)]
    pub opening: Option<String>,
    /// The page, from 1.
    #[ts(optional)]
    pub page: Option<u32>,
}

/// One game a search found, as the player's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct GameSearchHit {
    /// The game (`/game/ID`).
    pub id: String,
    /// The player's side: `S` or `N`.
    pub side: String,
    /// The opponent's name.
    pub opponent: String,
    /// Whether the opponent is an account (the name links to a profile).
    #[serde(default)]
    pub opponent_account: bool,
    /// `win`, `draw` or `loss`, for the player.
    pub result: String,
    /// Whether it was rated.
    #[serde(default)]
    pub rated: bool,
    /// The time control's category, or `none`.
    pub clock: String,
    /// Why it ended.
    pub ending: String,
    /// The moves played.
    pub plies: u64,
    /// When it ended (epoch ms).
    pub ended_ms: u64,
}

/// `GET /api/search/games`: a page of the games found, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct GameSearchPage {
    /// The page, from 1.
    pub page: u32,
    /// Games per page.
    pub per_page: u64,
    /// Whether there is a next page.
    pub more: bool,
    /// The games.
    pub games: Vec<GameSearchHit>,
}
