//! Puzzles on the site (`/training`, issue 40): a puzzle, a round's steps and result, the
//! puzzle rating, votes and the history. Paths follow lichess's where they fit
//! (`/api/puzzle/daily`, `/api/puzzle/{id}`); see `docs/puzzles.md`, "API".

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A position as the puzzle page draws it: no rule is decided by the page, so the legal moves
/// come with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PuzzleBoard {
    /// The position in the project's text (`oware_core::fen`).
    pub fen: String,
    /// The seeds of pits `A`–`F` (South's, left to right from South) then `a`–`f`.
    pub pits: Vec<u8>,
    /// South's store.
    pub store_s: u8,
    /// North's store.
    pub store_n: u8,
    /// The side to move: `S` or `N`.
    pub turn: String,
    /// The letters of the legal moves (empty when the game is over).
    pub legal: Vec<String>,
}

/// `GET /api/puzzle/{id}`, `GET /api/puzzle/next`: one puzzle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PuzzleView {
    /// The puzzle's id (12 hex digits).
    pub id: String,
    /// The start position; the solver is the side to move.
    pub board: PuzzleBoard,
    /// The solver: `S` or `N`.
    pub solver: String,
    /// The puzzle's rating now (its starting rating until played).
    pub rating: i32,
    /// Rated rounds played on it.
    pub plays: u64,
    /// Its themes (`docs/puzzles.md`).
    pub themes: Vec<String>,
    /// The solver's moves the line asks for.
    pub solver_moves: u32,
    /// The round this serving opened: sent back with the round's moves (`RoundReq::round`).
    /// The solution is not sent: the server answers each move (`POST /api/puzzle/{id}/round`).
    pub round: String,
    /// Votes up.
    pub up: u64,
    /// Votes down.
    pub down: u64,
}

/// `GET /api/puzzle/daily`: the puzzle of the day (the same all day, UTC).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct DailyPuzzle {
    /// The day, `YYYY-MM-DD` (UTC).
    pub date: String,
    /// The puzzle.
    pub puzzle: PuzzleView,
}

/// The query of `GET /api/puzzle/next`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NextQuery {
    /// Only puzzles of this theme.
    #[serde(default)]
    #[ts(optional)]
    pub theme: Option<String>,
    /// Streak mode: the streak so far (the next puzzle is harder as it grows).
    #[serde(default)]
    #[ts(optional)]
    pub streak: Option<u32>,
    /// A guest's puzzle rating (kept by the browser); an account's is the server's.
    #[serde(default)]
    #[ts(optional)]
    pub rating: Option<f64>,
    /// A puzzle not to be given (the one just played).
    #[serde(default)]
    #[ts(optional)]
    pub after: Option<String>,
}

/// A puzzle rating (Glicko-2), as the server keeps it for an account and the browser for a
/// guest.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

crate::kinds::wire_enum! {
    /// How a puzzle round counts (`mode` of [`RoundReq`]).
    #[derive(Default)]
    pub enum PuzzleMode: "mode", "lowercase" {
        /// Rated: the player's puzzle rating changes (the default).
        #[default]
        Rated,
        /// A streak: no rating change, nothing stored.
        Streak,
    }
}

/// `POST /api/puzzle/{id}/round`: the moves played from the puzzle's position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundReq {
    /// Every move played so far, the opponent's replies included, as letters (`FcA`); the
    /// server checks each against the line.
    pub moves: String,
    /// `rated` (the default) or `streak` (no rating change, nothing stored).
    #[serde(default)]
    #[ts(optional)]
    pub mode: Option<PuzzleMode>,
    /// A guest's rating before the round, to get the rating after it (nothing is stored).
    #[serde(default)]
    #[ts(optional)]
    pub guest: Option<PuzzleRating>,
    /// The round the puzzle was served in (`PuzzleView::round`): a guest's round is rated only
    /// with it (an account's by the account's open round).
    #[serde(default)]
    #[ts(optional)]
    pub round: Option<String>,
}

/// The answer to a round's moves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct RoundAnswer {
    /// `continue` (right so far: the opponent's reply follows), `solved` or `failed`.
    pub result: String,
    /// The opponent's reply to the last move (`continue`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub reply: Option<String>,
    /// The position now: after the reply (`continue`), after the last move (`solved`), or
    /// before the wrong move (`failed`).
    pub board: PuzzleBoard,
    /// The right move where a wrong one was played (`failed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub expected: Option<String>,
    /// The whole line, once the round is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub solution: Option<String>,
    /// The positions along the whole line, from the start (once the round is over): the page
    /// steps through them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub steps: Option<Vec<PuzzleBoard>>,
    /// Whether the round moved ratings (an account's first round of the puzzle, or a guest's,
    /// served to them and played at a human pace).
    pub rated: bool,
    /// Why a finished round was not rated: `played-before`, `not-served` (no round open on this
    /// puzzle for this player), `too-fast` (under a second a move from serving), `too-many`
    /// (the account's rated rounds a minute are used up) or `streak`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub unrated: Option<String>,
    /// What the round's moves did, once it is over: the facts the page explains it with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub explain: Option<PuzzleExplain>,
    /// The player's puzzle rating after the round (once it is over, not in streak mode).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rating: Option<PuzzleRating>,
    /// The rating's change, rounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub diff: Option<i32>,
}

/// Facts of a finished round, for a sentence or two (issue 59).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PuzzleExplain {
    /// The right move (the last solver move of a solved line, the missed one of a failed).
    pub right: String,
    /// Seeds the right move captures at once.
    pub right_takes: u32,
    /// Seeds the whole line wins the solver (its captures less the opponent's).
    pub line_wins: i32,
    /// A failed round: the opponent's reply to the wrong move that captures the most.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub refute: Option<String>,
    /// Seeds that reply captures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub refute_takes: Option<u32>,
}

/// `GET /api/puzzle/themes`: the themes that have puzzles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PuzzleThemes {
    /// Each theme with a puzzle, with how many it has.
    pub themes: Vec<PuzzleTheme>,
}

/// A theme and its puzzles' count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PuzzleTheme {
    /// The theme's name (`docs/puzzles.md`).
    pub name: String,
    /// Its puzzles.
    pub count: u32,
}

/// `POST /api/puzzle/{id}/vote`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VoteReq {
    /// Up (`true`) or down.
    pub up: bool,
}

/// The puzzle's votes after a vote (one per account and puzzle: a second replaces the first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct VoteAnswer {
    /// Votes up.
    pub up: u64,
    /// Votes down.
    pub down: u64,
}

/// The query of `GET /api/puzzle/history`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PuzzleHistoryQuery {
    /// Whose history (a name); the logged-in player's without it.
    #[serde(default)]
    #[ts(optional)]
    pub user: Option<String>,
    /// The page, from 1 (20 rounds a page, newest first).
    #[serde(default)]
    #[ts(optional)]
    pub page: Option<u32>,
}

/// One puzzle of a player's history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PuzzleRound {
    /// The puzzle.
    pub id: String,
    /// When it was last played (epoch ms).
    pub at_ms: u64,
    /// Whether the first (rated) round solved it.
    pub solved: bool,
    /// Rounds played on it.
    pub plays: u64,
    /// The rating change of the first round, rounded.
    pub diff: i32,
}

/// `GET /api/puzzle/history`: a player's puzzle rating and puzzles, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PuzzleHistory {
    /// The player's name.
    pub name: String,
    /// Their puzzle rating (`null` before a first round).
    pub rating: Option<PuzzleRating>,
    /// Puzzles solved and failed (first rounds).
    pub solved: u64,
    /// Puzzles failed.
    pub failed: u64,
    /// This page's puzzles.
    pub rounds: Vec<PuzzleRound>,
    /// The page, from 1.
    pub page: u32,
    /// Whether a later page has more.
    pub more: bool,
}
