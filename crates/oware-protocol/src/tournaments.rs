//! The tournaments' routes (`/api/tournaments…`): the list, one tournament, a new one.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ts::Named;
use crate::TimeControl;

/// A tournament in a list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TournamentSummary {
    /// The id (`/tournament/ID`).
    pub id: String,
    /// `arena` or `swiss`.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// `created` (upcoming), `started` or `finished`.
    pub status: String,
    /// When it starts (epoch ms).
    pub starts_ms: u64,
    /// When an arena ends (epoch ms); `null` for a Swiss.
    pub ends_ms: Option<u64>,
    /// An arena's minutes.
    pub minutes: Option<u64>,
    /// A Swiss's rounds.
    pub rounds: Option<u64>,
    /// The clock (`initial_s`, `increment_s`).
    #[serde(flatten)]
    pub clock: TimeControl,
    /// The most players (`null`: no limit).
    pub max_players: Option<u64>,
    /// Made by the schedule (not by a player).
    pub scheduled: bool,
}

/// `GET /api/tournaments`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TournamentList {
    /// Not started yet, soonest first.
    pub upcoming: Vec<TournamentSummary>,
    /// Running.
    pub running: Vec<TournamentSummary>,
    /// The last finished ones, newest first.
    pub finished: Vec<TournamentSummary>,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct StandingLine {
    /// The place (equal points share it in an arena; all tie-breaks in a Swiss).
    pub rank: u32,
    /// The player's name.
    pub name: String,
    /// Points: an arena's (2 a win, streaks, berserk), a Swiss's (1 a win, ½ a draw).
    pub points: f64,
    /// Games played.
    pub games: usize,
    /// The rating at joining.
    pub rating: i64,
    /// `active`, `paused` or `withdrawn`.
    pub state: String,
    /// Arena: on fire (the next win counts double).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub on_fire: Option<bool>,
    /// Arena: each game's points with its marks, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sheet: Option<Vec<SheetMark>>,
    /// Swiss: Buchholz.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub buchholz: Option<f64>,
    /// Swiss: Sonneborn–Berger.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sonneborn_berger: Option<f64>,
}

/// One game of an arena sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct SheetMark {
    /// The points it earned.
    pub points: u32,
    /// A win on fire (doubled).
    pub streak: bool,
    /// The berserk point was earned.
    pub berserk: bool,
}

/// A game of the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct GameLine {
    /// The game (`/game/ID`).
    pub id: String,
    /// A Swiss's round (0 in an arena).
    pub round: u64,
    /// South's name.
    pub south: String,
    /// North's name.
    pub north: String,
    /// `null` while playing; `S`/`N` the winner, `D` a draw, `X` aborted.
    pub result: Option<String>,
    /// South berserked.
    pub south_berserk: bool,
    /// North berserked.
    pub north_berserk: bool,
}

/// A Swiss round's bye: the player without a game, who scored a point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ByeLine {
    /// The round, 1 first.
    pub round: u64,
    /// The player's name.
    pub name: String,
}

/// The viewer's part of a tournament: whether they play, and their game in play.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TournamentMe {
    /// `active`, `paused`, `withdrawn`, or `null`: not a player.
    pub state: Option<String>,
    /// Their game in play, if any.
    pub game: Option<String>,
    /// They may berserk in it now (an arena's game before their first move).
    pub can_berserk: bool,
}

/// The last pairing wave of a tournament on one instance: how long it took.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct WaveTime {
    /// Players paired.
    pub paired: usize,
    /// Wall time in microseconds (the store's reads, the pairing, the games made and stored).
    pub micros: u64,
}

/// `GET /api/tournaments/{id}`, and the answer of creating, joining, withdrawing and
/// berserking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TournamentView {
    /// What the list shows (TypeScript: `TournamentView` is `{ … } & TournamentSummary`).
    #[serde(flatten)]
    pub summary: Named<TournamentSummary>,
    /// Bumped by every change (the event stream says it).
    pub version: u64,
    /// The server's time now (epoch ms), for the page's countdown.
    pub now_ms: u64,
    /// The players.
    pub players: usize,
    /// A Swiss's round being played (0 before round 1).
    pub round: u64,
    /// One page of the standings (`?page=N`, from 1): 100 lines a page, the ranks those of
    /// all the players.
    pub standings: Vec<StandingLine>,
    /// The page of the standings answered, from 1.
    pub page: u32,
    /// The pages of the standings (1 when there is no player).
    pub pages: u32,
    /// The games, the latest first (at most 200).
    pub games: Vec<GameLine>,
    /// A Swiss's player without a game this round.
    pub bye: Option<String>,
    /// A Swiss's byes of every round so far, the first round first (empty in an arena).
    pub byes: Vec<ByeLine>,
    /// Once finished, the first three of the standings among those who took part (played a
    /// game or scored a point); one who never played takes no place.
    pub podium: Vec<String>,
    /// The viewer (logged in): their state and game.
    pub me: TournamentMe,
    /// The last pairing wave on this instance: players paired and its time.
    pub last_wave: Option<WaveTime>,
}

/// `GET /api/tournaments/{id}`'s query.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TournamentQuery {
    /// The page of the standings, from 1 (default 1; past the last, an empty page).
    #[ts(optional)]
    pub page: Option<u32>,
}

/// `POST /api/tournaments`: a player's new tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// `arena` or `swiss`.
    pub kind: String,
    /// Its name (cleaned like a player's name; default "NAME's arena").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
    /// When it starts (epoch ms; default: in 5 minutes; at least now).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub starts_ms: Option<u64>,
    /// An arena's minutes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub minutes: Option<u64>,
    /// A Swiss's rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rounds: Option<u64>,
    /// The clock's initial seconds (a whole number; read as a number for the server's own
    /// refusal of a fraction).
    pub initial_s: f64,
    /// The clock's increment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub increment_s: Option<f64>,
    /// The most players (default and at most the server's limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub max_players: Option<u64>,
}
