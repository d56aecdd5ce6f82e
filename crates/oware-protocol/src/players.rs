//! The players' routes: a profile, a rating history, a page of games, the leaderboards.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::kinds::wire_enum;
use crate::TournamentSummary;

/// One category's rating on a profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct RatingView {
    /// `blitz`, `rapid` or `correspondence`.
    pub category: String,
    /// The rating, rounded.
    pub rating: i32,
    /// Its deviation now (widened by the time since the last game), rounded.
    pub deviation: i32,
    /// Whether it is provisional (shown with `?`).
    pub provisional: bool,
    /// Rated games played in the category.
    pub games: u32,
}

/// `GET /api/user/{name}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Profile {
    /// The name.
    pub name: String,
    /// Whether the account is closed (its games stay).
    pub closed: bool,
    /// Whether the account is a bot.
    #[serde(default)]
    pub bot: bool,
    /// When it was made (epoch ms).
    pub created_ms: u64,
    /// The ratings, one per category played (the others are 1500?).
    pub ratings: Vec<RatingView>,
    /// Wins, draws and losses, every game with an account seat.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// The tournaments they played in, newest first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tournaments: Option<Vec<TournamentSummary>>,
    /// The lessons of `/learn` they completed (every step solved), in the path's order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lessons: Option<Vec<String>>,
}

wire_enum! {
    /// A game's result for one player.
    pub enum PlayerResult: "a result", "lowercase" {
        /// Won.
        Win,
        /// Drawn.
        Draw,
        /// Lost.
        Loss,
    }
}

/// One game of a profile's history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct HistoryEntry {
    /// The game (its replay is `/game/{id}`).
    pub id: String,
    /// The player's side, `S` or `N`.
    pub side: String,
    /// `win`, `draw` or `loss`.
    pub result: PlayerResult,
    /// The category, `null` for an untimed game.
    pub category: Option<String>,
    /// Whether it was rated.
    pub rated: bool,
    /// The rating change, rounded (rated games).
    pub diff: Option<i32>,
    /// The rating after it, rounded (rated games).
    pub rating: Option<i32>,
    /// When it ended (epoch ms).
    pub ended_ms: u64,
}

/// `GET /api/user/{name}/games`: one page of finished games, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct HistoryPage {
    /// The page, from 1.
    pub page: u32,
    /// Its games.
    pub games: Vec<HistoryEntry>,
}

/// `GET /api/user/{name}/games`'s query.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HistoryQuery {
    /// The page, from 1.
    #[ts(optional)]
    pub page: Option<u32>,
    /// Only this category.
    #[ts(optional)]
    pub category: Option<String>,
    /// Only `win`, `draw` or `loss`.
    #[ts(optional)]
    pub result: Option<PlayerResult>,
}

/// `GET /api/user/{name}/rating-history`'s query.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RatingHistoryQuery {
    /// Only this category.
    #[ts(optional)]
    pub category: Option<String>,
}

/// A rating after a game: `[epoch ms, rating]`.
pub type RatingPoint = (u64, i32);

/// `GET /api/user/{name}/rating-history`: the ratings after each rated game, per category
/// (only the one asked with `?category=`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct RatingHistory {
    /// Blitz.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub blitz: Option<Vec<RatingPoint>>,
    /// Rapid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rapid: Option<Vec<RatingPoint>>,
    /// Correspondence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub correspondence: Option<Vec<RatingPoint>>,
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Leader {
    /// The rank, from 1.
    pub rank: u32,
    /// The name.
    pub name: String,
    /// The rating, rounded.
    pub rating: i32,
    /// Rated games in the category.
    pub games: u32,
    /// Whether the account is a bot (the bots' boards, `?bots=true`).
    #[serde(default)]
    pub bot: bool,
}

/// `GET /api/player`: the leaderboard of each category: people's, or with `?bots=true` the
/// bots' ([`crate::LeadersQuery`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Leaderboards {
    /// Blitz.
    pub blitz: Vec<Leader>,
    /// Rapid.
    pub rapid: Vec<Leader>,
    /// Correspondence.
    pub correspondence: Vec<Leader>,
}
