//! The puzzles' part of the store (`training/`, issue 40): puzzle ratings per account,
//! per-puzzle ratings, each account's rounds (one row per account and puzzle, the history) and
//! votes. [`TrainingStore`] is the interface; both backends implement it (`sqlite/training.rs`,
//! `postgres/training.rs`) on the same tables.
//!
//! **A result counts once.** [`TrainingStore::puzzle_round`] first writes the round's row
//! (`INSERT … ON CONFLICT DO UPDATE … RETURNING plays`, one statement): the first round of an
//! account on a puzzle gets `plays = 1` and is rated, in the same transaction; a repeat only
//! bumps `plays` and is not rated (as lichess does). PostgreSQL then locks the player's row and
//! the puzzle's row (`FOR UPDATE`, always in that order); SQLite's writes take turns.
//!
//! **Bounds.** Rows exist only for the shipped puzzles' ids (the service checks them), so an
//! account holds at most one round row and one vote per puzzle; the history is read a page at
//! a time.

use super::StoreFuture;
use crate::rating::{RateRound, RatingRow};

/// The puzzles' tables: one text for both backends.
const SCHEMA: &str = "
    CREATE TABLE puzzle_players (
        user_id    TEXT PRIMARY KEY NOT NULL,
        rating     DOUBLE PRECISION NOT NULL,
        deviation  DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games      BIGINT NOT NULL,
        last_ms    BIGINT NOT NULL
    );
    CREATE TABLE puzzle_stats (
        puzzle_id  TEXT PRIMARY KEY NOT NULL,
        rating     DOUBLE PRECISION NOT NULL,
        deviation  DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games      BIGINT NOT NULL,
        last_ms    BIGINT NOT NULL
    );
    CREATE TABLE puzzle_rounds (
        user_id   TEXT NOT NULL,
        puzzle_id TEXT NOT NULL,
        at        BIGINT NOT NULL,
        solved    BIGINT NOT NULL,
        plays     BIGINT NOT NULL,
        diff      BIGINT NOT NULL,
        PRIMARY KEY (user_id, puzzle_id)
    );
    CREATE INDEX puzzle_rounds_at ON puzzle_rounds (user_id, at);
    CREATE TABLE puzzle_votes (
        user_id   TEXT NOT NULL,
        puzzle_id TEXT NOT NULL,
        up        BIGINT NOT NULL,
        PRIMARY KEY (user_id, puzzle_id)
    );
    CREATE INDEX puzzle_votes_puzzle ON puzzle_votes (puzzle_id);
";

/// SQLite's migration for the puzzles.
pub(super) const SQLITE_SCHEMA: &str = SCHEMA;
/// PostgreSQL's migration for the puzzles.
pub(super) const POSTGRES_SCHEMA: &str = SCHEMA;

/// The statements both backends run (`?N` placeholders; PostgreSQL's through `numbered`).
pub(super) mod sql {
    /// Records a round of account `?1` on puzzle `?2` at `?3`, solved `?4` (0 or 1): the first
    /// one inserted with `plays = 1`, a repeat bumping `plays`; answers `plays`.
    pub const ROUND: &str =
        "INSERT INTO puzzle_rounds (user_id, puzzle_id, at, solved, plays, diff)
         VALUES (?1, ?2, ?3, ?4, 1, 0)
         ON CONFLICT (user_id, puzzle_id) DO UPDATE SET plays = puzzle_rounds.plays + 1, at = ?3
         RETURNING plays";
    /// The rating change `?3` of account `?1`'s first round on puzzle `?2`.
    pub const ROUND_DIFF: &str =
        "UPDATE puzzle_rounds SET diff = ?3 WHERE user_id = ?1 AND puzzle_id = ?2";
    /// A new player's row (`?2`…`?4` the starting rating), unless there is one.
    pub const ADD_PLAYER: &str = "INSERT INTO puzzle_players
         (user_id, rating, deviation, volatility, games, last_ms) VALUES (?1, ?2, ?3, ?4, 0, 0)
         ON CONFLICT (user_id) DO NOTHING";
    /// Player `?1`'s rating.
    pub const PLAYER: &str = "SELECT rating, deviation, volatility, games, last_ms
         FROM puzzle_players WHERE user_id = ?1";
    /// Sets player `?1`'s rating.
    pub const SET_PLAYER: &str = "UPDATE puzzle_players SET rating = ?2, deviation = ?3,
         volatility = ?4, games = ?5, last_ms = ?6 WHERE user_id = ?1";
    /// A puzzle's row (`?2`…`?4` its starting rating), unless there is one.
    pub const ADD_STAT: &str = "INSERT INTO puzzle_stats
         (puzzle_id, rating, deviation, volatility, games, last_ms) VALUES (?1, ?2, ?3, ?4, 0, 0)
         ON CONFLICT (puzzle_id) DO NOTHING";
    /// Puzzle `?1`'s rating.
    pub const STAT: &str = "SELECT rating, deviation, volatility, games, last_ms
         FROM puzzle_stats WHERE puzzle_id = ?1";
    /// Sets puzzle `?1`'s rating.
    pub const SET_STAT: &str = "UPDATE puzzle_stats SET rating = ?2, deviation = ?3,
         volatility = ?4, games = ?5, last_ms = ?6 WHERE puzzle_id = ?1";
    /// Every played puzzle's rating.
    pub const STATS: &str =
        "SELECT puzzle_id, rating, deviation, volatility, games, last_ms FROM puzzle_stats";
    /// The puzzles account `?1` played.
    pub const PLAYED: &str = "SELECT puzzle_id FROM puzzle_rounds WHERE user_id = ?1";
    /// A page of account `?1`'s rounds, newest first: `?2` rows from row `?3`.
    pub const HISTORY: &str = "SELECT puzzle_id, at, solved, plays, diff FROM puzzle_rounds
         WHERE user_id = ?1 ORDER BY at DESC, puzzle_id LIMIT ?2 OFFSET ?3";
    /// Account `?1`'s puzzles solved and played (first rounds).
    pub const TALLY: &str =
        "SELECT CAST(COALESCE(SUM(solved), 0) AS BIGINT), COUNT(*) FROM puzzle_rounds
         WHERE user_id = ?1";
    /// Account `?1`'s vote `?3` (1 up, 0 down) on puzzle `?2`, replacing an earlier one, only
    /// if the account played the puzzle (a rated round stored) or `?4` is 1 (the service saw
    /// the account finish a streak round of it).
    pub const VOTE: &str = "INSERT INTO puzzle_votes (user_id, puzzle_id, up)
         SELECT CAST(?1 AS TEXT), CAST(?2 AS TEXT), CAST(?3 AS BIGINT)
         WHERE CAST(?4 AS BIGINT) = 1 OR EXISTS
           (SELECT 1 FROM puzzle_rounds WHERE user_id = ?1 AND puzzle_id = ?2)
         ON CONFLICT (user_id, puzzle_id) DO UPDATE SET up = ?3";
    /// Puzzle `?1`'s votes: up, all.
    pub const VOTES: &str =
        "SELECT CAST(COALESCE(SUM(up), 0) AS BIGINT), COUNT(*) FROM puzzle_votes WHERE puzzle_id = ?1";
}

/// What a round did to the ratings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoundRated {
    /// Whether it was rated (the account's first round on the puzzle, to be rated).
    pub rated: bool,
    /// The player's rating before.
    pub before: RatingRow,
    /// The player's rating after (the same as before when not rated).
    pub after: RatingRow,
    /// The puzzle's rating after (unchanged unless the player's results weigh on it yet).
    pub puzzle: RatingRow,
}

/// One puzzle of an account's history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRow {
    /// The puzzle.
    pub puzzle_id: String,
    /// When it was last played (epoch ms).
    pub at_ms: u64,
    /// Whether the first round solved it.
    pub solved: bool,
    /// Rounds played on it.
    pub plays: u64,
    /// The first round's rating change, rounded.
    pub diff: i64,
}

/// The puzzles' tables.
pub trait TrainingStore: Send + Sync {
    /// Records account `user`'s round on `puzzle` (whose row starts at `start` if it has none)
    /// at `at_ms`; the first round of the account on the puzzle, if `rate` is given (the service
    /// found it served and at a human pace), moves the player's rating by `rate` (the rating
    /// service's `crate::rating::rate_round`, from the rows read in the transaction) and,
    /// once the player has `puzzle_from` rated rounds before this one, the puzzle's too (in the
    /// same transaction); a repeat, or a round not to `rate`, moves nothing.
    #[allow(clippy::too_many_arguments)]
    fn puzzle_round(
        &self,
        user: String,
        puzzle: String,
        start: RatingRow,
        solved: bool,
        at_ms: u64,
        rate: Option<RateRound>,
        puzzle_from: u32,
    ) -> StoreFuture<'_, RoundRated>;

    /// Account `user`'s puzzle rating, `None` before a first round.
    fn puzzle_player(&self, user: String) -> StoreFuture<'_, Option<RatingRow>>;

    /// Every played puzzle's rating.
    fn puzzle_stats(&self) -> StoreFuture<'_, Vec<(String, RatingRow)>>;

    /// The puzzles account `user` played.
    fn puzzles_played(&self, user: String) -> StoreFuture<'_, Vec<String>>;

    /// A page of account `user`'s rounds (`limit` from `offset`), newest first, and its tally:
    /// puzzles solved, puzzles played.
    fn puzzle_history(
        &self,
        user: String,
        limit: u32,
        offset: u32,
    ) -> StoreFuture<'_, (Vec<RoundRow>, u64, u64)>;

    /// Account `user`'s vote on `puzzle` (replacing an earlier one): the puzzle's votes (up,
    /// down) after it, `None` when the account never played the puzzle (nothing stored) and
    /// the service does not vouch that it did (`played`: a streak round, which is not stored).
    fn puzzle_vote(
        &self,
        user: String,
        puzzle: String,
        up: bool,
        played: bool,
    ) -> StoreFuture<'_, Option<(u64, u64)>>;

    /// Puzzle `puzzle`'s votes: up, down.
    fn puzzle_votes(&self, puzzle: String) -> StoreFuture<'_, (u64, u64)>;
}
