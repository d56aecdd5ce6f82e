//! Watching the games in play: the TV's featured game of a channel (`GET /api/tv`) and the
//! list of games in play (`GET /api/tv/games`), each game with its position, so that a page
//! draws a small board without opening the game's event stream.

use oware_core::{BySide, Side};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{ClockView, PositionView, SeatRating, TimeControl};

/// One player of a game in play.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LivePlayer {
    /// The name.
    #[serde(default)]
    pub name: String,
    /// Whether the seat is an account's (the name links to a profile).
    #[serde(default)]
    pub account: bool,
    /// Whether that account is a bot.
    #[serde(default)]
    pub bot: bool,
    /// The account's rating in the game's category when the game started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rating: Option<SeatRating>,
}

/// A game in play as the TV and the list show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LiveGame {
    /// The game (`/game/ID`).
    pub id: String,
    /// The players.
    #[serde(with = "crate::by_side")]
    #[ts(as = "crate::ts::BySideTs<LivePlayer>")]
    #[schemars(with = "crate::ts::BySideTs<LivePlayer>")]
    pub players: BySide<LivePlayer>,
    /// The time control, `null` for none.
    #[serde(default)]
    pub control: Option<TimeControl>,
    /// The clocks as of `clock.as_of_ms`, `null` for none.
    #[serde(default)]
    pub clock: Option<ClockView>,
    /// Whether the result moves the players' ratings.
    #[serde(default)]
    pub rated: bool,
    /// The rules' text form.
    pub rules: String,
    /// The position now.
    pub position: PositionView,
    /// The moves played.
    #[serde(default)]
    pub ply: usize,
    /// The last move's letter, if any.
    #[serde(default)]
    pub last: Option<char>,
    /// The side to move.
    pub turn: Side,
}

/// `GET /api/tv`'s query.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TvQuery {
    /// `best` (the default: the highest-rated game), `bots` (games with a bot) or `tournament`
    /// (the running tournament's games); read as text for the server's own refusal.
    #[ts(optional)]
    pub channel: Option<String>,
}

/// `GET /api/tv`: the channel's featured game, `null` when no game is in play there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TvAnswer {
    /// The channel.
    pub channel: String,
    /// The game.
    pub game: Option<LiveGame>,
}

/// `GET /api/tv/games`'s query.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LiveGamesQuery {
    /// The page, from 1.
    #[ts(optional)]
    pub page: Option<u32>,
    /// Only this time control: `blitz`, `rapid`, `correspondence` or `none` (no clock).
    #[ts(optional)]
    pub clock: Option<String>,
    /// Only rated (`true`) or casual (`false`) games.
    #[ts(optional)]
    pub rated: Option<bool>,
    /// `with` (the default: every game), `without` (no bot) or `only` (games with a bot).
    #[ts(optional)]
    pub bots: Option<String>,
}

/// `GET /api/tv/games`: a page of games in play, highest-rated first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LiveGames {
    /// The page, from 1.
    pub page: u32,
    /// Games in play that match, in all.
    pub total: usize,
    /// Games per page.
    pub per_page: usize,
    /// The page's games.
    pub games: Vec<LiveGame>,
}
