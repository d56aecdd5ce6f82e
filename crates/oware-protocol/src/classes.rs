//! Classes (issue 56): a teacher's classes, their pupils' generated log-ins, the work assigned
//! and each pupil's progress (`/api/classes…`), and the printable worksheets
//! (`/api/worksheet`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/classes`: a new class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewClassReq {
    /// Its name, e.g. `5B`.
    pub name: String,
}

/// One class in the teacher's list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ClassSummary {
    /// Its id (in addresses).
    pub id: String,
    /// Its name.
    pub name: String,
    /// How many pupils it has.
    pub pupils: u32,
}

/// The class a pupil belongs to, and the work assigned to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PupilClass {
    /// The class's name.
    pub name: String,
    /// The teacher's user name.
    pub teacher: String,
    /// Whether the teacher opened the account (chat, lobby, pools, challenges with anyone).
    pub open: bool,
    /// The work assigned, each with this pupil's progress.
    pub work: Vec<WorkProgress>,
}

/// `GET /api/classes`: the logged-in account's classes (as a teacher), the most it may have,
/// and, for a pupil, their class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ClassList {
    /// The classes this account teaches.
    pub classes: Vec<ClassSummary>,
    /// The most classes an account may teach.
    pub classes_max: u32,
    /// The most pupils in one class.
    pub pupils_max: u32,
    /// The class this account is a pupil of, if any.
    pub pupil_of: Option<PupilClass>,
}

/// `POST /api/classes/{id}/pupils`: pupils to add, by the name the teacher knows them by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPupilsReq {
    /// Their names (first names, or how the class calls them).
    pub names: Vec<String>,
}

/// A pupil's generated log-in, shown once: the password is kept only as a hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PupilLogin {
    /// The name the teacher gave.
    pub name: String,
    /// The generated user name.
    pub username: String,
    /// The generated password.
    pub password: String,
}

/// The log-ins made (new pupils, or a password reset).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PupilLogins {
    /// The class's name.
    pub class: String,
    /// The log-ins.
    pub logins: Vec<PupilLogin>,
}

/// `POST /api/classes/{id}/pupils/{username}/open`: whether a pupil's account is opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PupilOpenReq {
    /// `true`: chat, lobby, pools and challenges with anyone; `false`: class and computer only.
    pub open: bool,
}

/// `POST /api/classes/{id}/work`: work to assign to the whole class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewWorkReq {
    /// `lesson`, `counting` or `puzzles`.
    pub kind: String,
    /// The lesson's id, the counting trainer's level (`1`–`4`) or the puzzles' theme.
    pub target: String,
    /// The day it is due, `YYYY-MM-DD`.
    pub due: String,
}

/// A piece of work assigned to a class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct WorkView {
    /// Its id.
    pub id: String,
    /// `lesson`, `counting` or `puzzles`.
    pub kind: String,
    /// The lesson's id, the counting level or the puzzles' theme.
    pub target: String,
    /// The day it is due, `YYYY-MM-DD`.
    pub due: String,
}

/// A pupil's progress on one piece of work.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct WorkProgress {
    /// The work.
    pub work: WorkView,
    /// Whether it is done: every step of the lesson has a star, the level was reached, or
    /// [`crate::classes::PUZZLES_TO_SOLVE`] puzzles of the theme were solved.
    pub done: bool,
    /// Lesson: stars earned (of `of`); counting: the best level answered right; puzzles: solved.
    pub score: u32,
    /// What `score` is out of: the lesson's stars, 4 levels, the puzzles to solve.
    pub of: u32,
    /// Puzzles of the theme played (solved or not); 0 for other work.
    pub tried: u32,
    /// When the pupil last worked on it (epoch ms), if ever.
    pub last_ms: Option<u64>,
    /// Time spent on it (ms): a lesson's checked moves, the counting trainer's answers (any
    /// level); 0 for puzzles (not measured). Gaps longer than 5 minutes count 5.
    pub spent_ms: u64,
}

/// The puzzles of a theme a pupil solves to finish a `puzzles` assignment.
pub const PUZZLES_TO_SOLVE: u32 = 5;

/// One pupil on the teacher's page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PupilView {
    /// The name the teacher gave.
    pub name: String,
    /// The generated user name.
    pub username: String,
    /// Whether the account is opened (see [`PupilOpenReq`]).
    pub open: bool,
    /// Stars on every lesson.
    pub stars: u32,
    /// Puzzles solved (any theme).
    pub puzzles_solved: u32,
    /// The last time the pupil earned a star or played a puzzle (epoch ms).
    pub last_ms: Option<u64>,
    /// Time spent on lessons and the counting trainer (ms), whether assigned or not.
    pub spent_ms: u64,
    /// Progress on each piece of work, in the order of [`ClassView::work`].
    pub work: Vec<WorkProgress>,
}

/// `GET /api/classes/{id}`: a class as its teacher sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ClassView {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The class's arena, if one was made (a tournament id).
    pub arena: Option<String>,
    /// The work assigned, oldest first.
    pub work: Vec<WorkView>,
    /// The pupils, by name.
    pub pupils: Vec<PupilView>,
    /// The most pupils in one class.
    pub pupils_max: u32,
}

/// `GET /api/worksheet`'s query.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorksheetQuery {
    /// The counting level, 1 to 4 (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub level: Option<u8>,
    /// A puzzle theme (default: any).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub theme: Option<String>,
    /// A number that picks the sheet (the same number, the same sheet; default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sheet: Option<u32>,
}

/// A counting exercise: where does the last seed of South's `pit` land, and how many seeds
/// are there then?
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct CountExercise {
    /// The twelve pits, South's `A`–`F` then North's `a`–`f`.
    pub pits: Vec<u8>,
    /// The pit to sow, `A`–`F`.
    pub pit: char,
    /// The answer: the pit where the last seed lands.
    pub landing: char,
    /// The answer: the seeds in it then.
    pub seeds: u8,
}

/// A puzzle of the shipped set on a worksheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct SheetPuzzle {
    /// The puzzle's id.
    pub id: String,
    /// The twelve pits, South's `A`–`F` then North's `a`–`f`.
    pub pits: Vec<u8>,
    /// The stores, South's then North's.
    pub stores: Vec<u8>,
    /// Who is to move and solves it: `S` or `N`.
    pub solver: char,
    /// Its themes.
    pub themes: Vec<String>,
    /// The answer: the line, both sides' moves as letters.
    pub line: String,
}

/// `GET /api/worksheet`: a printable sheet of counting exercises and puzzles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Worksheet {
    /// The counting level.
    pub level: u8,
    /// The theme, if one was asked for.
    pub theme: Option<String>,
    /// The sheet's number.
    pub sheet: u32,
    /// Counting exercises.
    pub counting: Vec<CountExercise>,
    /// Puzzles.
    pub puzzles: Vec<SheetPuzzle>,
}
