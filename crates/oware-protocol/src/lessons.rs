//! The lessons' routes (`/api/learn…`, issue 41): the lessons, a step's moves checked by the
//! rules core, an account's stars, the counting trainer's answers.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{MoveDetailView, PositionView};

/// One lesson in the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LessonSummary {
    /// Its name in addresses, e.g. `sowing`.
    pub id: String,
    /// Its title.
    pub title: String,
    /// What it teaches.
    pub intro: String,
    /// Its number of steps.
    pub steps: u32,
}

/// Stars a learner earned on one step (1 to 3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepStars {
    /// The lesson's name.
    pub lesson: String,
    /// The step, from 1.
    pub step: u32,
    /// The stars the page counted, 1 to 3 (checked for range, not believed).
    pub stars: u8,
}

/// `GET /api/learn`: the lessons in order, and the logged-in account's stars (empty for a
/// guest, whose stars the page keeps).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LessonList {
    /// The lessons.
    pub lessons: Vec<LessonSummary>,
    /// Whether the request came from a logged-in account.
    pub account: bool,
    /// The account's stars.
    pub stars: Vec<StepStars>,
}

/// One step as the page shows it (the solution stays on the server).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct StepView {
    /// A short title.
    pub title: String,
    /// What to learn and do.
    pub text: String,
    /// The goal in a few words.
    pub task: String,
    /// A hint.
    pub hint: String,
    /// The position; the learner plays South.
    pub position: PositionView,
    /// The moves the learner has in the step.
    pub moves: u32,
    /// Whether the step is played with the agreement to stop (an Agree button).
    pub agree: bool,
}

/// `GET /api/learn/{lesson}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LessonView {
    /// Its name.
    pub id: String,
    /// Its title.
    pub title: String,
    /// What it teaches.
    pub intro: String,
    /// Its steps.
    pub steps: Vec<StepView>,
}

/// `POST /api/learn/{lesson}/{step}/move`: the learner's moves so far in the step, each `A`–`F`,
/// `1`–`6` or `agree`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepMovesReq {
    /// The moves.
    pub moves: Vec<String>,
    /// Whether the learner was shown the step's hint in this try (a logged-in account's
    /// step solved after the hint earns at most 2 stars). Absent: not shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub hint: Option<bool>,
}

/// What the moves did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct StepAnswer {
    /// Whether the goal is met.
    pub met: bool,
    /// Whether the step is over (met, or missed: try again from the start); `false`: the
    /// learner has more moves.
    pub over: bool,
    /// What happened, and why the goal is met or missed.
    pub explanation: String,
    /// The few words to read first (at most 25): the success, why the goal is missed, why a
    /// pit cannot be played, or the opponent's reply; the rest is `explanation`.
    pub summary: String,
    /// The last move could not be played (an empty pit, one that does not feed): explained,
    /// not counted; the learner plays again from `position`, without it.
    pub illegal: bool,
    /// The moves played (the learner's and the opponent's replies), seed by seed.
    pub played: Vec<MoveDetailView>,
    /// The position now.
    pub position: PositionView,
}

/// `POST /api/learn/progress`: stars to keep on the account (the page's stars of a guest who
/// signed up or logged in, or of a step just solved). The highest count of each step is kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProgressReq {
    /// The steps solved, each with the moves that solved it.
    pub stars: Vec<StepSolved>,
}

/// A step solved, as the page sends it: the stars it counted and the learner's moves, which
/// the server plays again against the step's goal. Stars without moves that meet the goal are
/// not kept. The stars kept are the server's own (issue 56): a logged-in account's tries are
/// counted by `POST /api/learn/{lesson}/{step}/move`, which keeps the step's stars when it is
/// solved; a step the server did not see played (a guest's, sent after signing up) keeps 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepSolved {
    /// The lesson's name.
    pub lesson: String,
    /// The step, from 1.
    pub step: u32,
    /// The stars the page counted, 1 to 3 (checked for range, not believed).
    pub stars: u8,
    /// The learner's moves in the step (`A`–`F` or `agree`), as sent to
    /// `POST /api/learn/{lesson}/{step}/move`.
    pub moves: Vec<String>,
}

/// The account's stars after `POST /api/learn/progress`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ProgressAnswer {
    /// Every step's stars.
    pub stars: Vec<StepStars>,
}

/// `POST /api/counting`: the counting trainer's question and the learner's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CountReq {
    /// The position (as `oware_core::fen` writes it), South to move.
    pub position: String,
    /// The pit sown, `A`–`F`.
    pub pit: char,
    /// Where the learner says the last seed lands, `A`–`F` or `a`–`f`.
    pub landing: char,
    /// How many seeds the learner says that pit then holds.
    pub seeds: u8,
}

/// The counting trainer's check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct CountAnswer {
    /// Whether both the pit and the count are right.
    pub correct: bool,
    /// Where the last seed lands.
    pub landing: char,
    /// How many seeds are there then.
    pub seeds: u8,
    /// In words.
    pub explanation: String,
}
