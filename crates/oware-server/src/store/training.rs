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
pub(super) const SCHEMA: &str = "
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
    /// A table of ratings, one row an id: the players' (by account) or the puzzles'.
    pub struct Ratings {
        table: &'static str,
        key: &'static str,
    }

    /// The players' ratings, by account.
    pub const PLAYERS: Ratings = Ratings {
        table: "puzzle_players",
        key: "user_id",
    };

    /// The puzzles' ratings.
    pub const PUZZLES: Ratings = Ratings {
        table: "puzzle_stats",
        key: "puzzle_id",
    };

    impl Ratings {
        /// A new row for `?1` (`?2`…`?4` the starting rating), unless there is one.
        pub fn add(&self) -> String {
            let (table, key) = (self.table, self.key);
            format!(
                "INSERT INTO {table} ({key}, rating, deviation, volatility, games, last_ms)
                 VALUES (?1, ?2, ?3, ?4, 0, 0) ON CONFLICT ({key}) DO NOTHING"
            )
        }

        /// `?1`'s rating.
        pub fn read(&self) -> String {
            let (table, key) = (self.table, self.key);
            format!(
                "SELECT rating, deviation, volatility, games, last_ms FROM {table} WHERE {key} = ?1"
            )
        }

        /// Sets `?1`'s rating (`?2`…`?6`: rating, deviation, volatility, games, last_ms).
        pub fn set(&self) -> String {
            let (table, key) = (self.table, self.key);
            format!(
                "UPDATE {table} SET rating = ?2, deviation = ?3, volatility = ?4, games = ?5,
                 last_ms = ?6 WHERE {key} = ?1"
            )
        }
    }
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

impl RoundRated {
    /// The answer of a round that read `before` (the player's rating) and `stat` (the
    /// puzzle's) and `moved` them (`None`: not rated).
    pub(super) fn new(before: RatingRow, stat: RatingRow, moved: Option<&Moved>) -> RoundRated {
        match moved {
            None => RoundRated {
                rated: false,
                before,
                after: before,
                puzzle: stat,
            },
            Some(m) => RoundRated {
                rated: true,
                before,
                after: m.after,
                puzzle: m.puzzle.unwrap_or(stat),
            },
        }
    }
}

/// A round to record ([`TrainingStore::puzzle_round`]).
#[derive(Debug, Clone)]
pub struct RoundPlayed {
    /// The account.
    pub user: String,
    /// The puzzle.
    pub puzzle: String,
    /// The puzzle's rating if it has no row yet.
    pub start: RatingRow,
    /// Whether the round solved it.
    pub solved: bool,
    /// When (epoch ms).
    pub at_ms: u64,
    /// How a first round moves the ratings (`None`: it is not to be rated).
    pub rate: Option<RateRound>,
    /// The player's rated rounds before the puzzle's rating moves too.
    pub puzzle_from: u32,
}

/// What a rated round writes.
pub(super) struct Moved {
    /// The player's rating after.
    pub after: RatingRow,
    /// The puzzle's rating after, if it moves.
    pub puzzle: Option<RatingRow>,
    /// The player's rating change, rounded (the history's `diff`).
    pub diff: i64,
}

impl RoundPlayed {
    /// What the round writes, from its `plays` (1 for the account's first round on the
    /// puzzle) and the rows read in its transaction, `before` (the player's) and `stat` (the
    /// puzzle's): `None` for a repeat or a round not to rate.
    pub(super) fn moved(&self, plays: i64, before: RatingRow, stat: RatingRow) -> Option<Moved> {
        let rate = self.rate.filter(|_| plays <= 1)?;
        let (after, puzzle) = rate(before, stat, self.solved, self.at_ms);
        Some(Moved {
            after,
            puzzle: (before.games >= self.puzzle_from).then_some(puzzle),
            diff: (after.rating.round() - before.rating.round()) as i64,
        })
    }
}

/// An account's vote on a puzzle ([`TrainingStore::puzzle_vote`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleVote {
    /// The account.
    pub user: String,
    /// The puzzle.
    pub puzzle: String,
    /// Up (`true`) or down.
    pub up: bool,
    /// Whether the service saw the account finish a streak round of the puzzle (not stored).
    pub played: bool,
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

/// A page of an account's history and its tally ([`TrainingStore::puzzle_history`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundPage {
    /// The page's rounds, newest first.
    pub rows: Vec<RoundRow>,
    /// The puzzles the account solved (first rounds).
    pub solved: u64,
    /// The puzzles it played.
    pub played: u64,
}

impl RoundPage {
    /// The page of `rows` with the tally as stored (`solved`, `played`; never negative).
    pub(super) fn new(rows: Vec<RoundRow>, solved: i64, played: i64) -> RoundPage {
        RoundPage {
            rows,
            solved: solved.max(0) as u64,
            played: played.max(0) as u64,
        }
    }
}

/// The puzzles' tables.
pub trait TrainingStore: Send + Sync {
    /// Records account `user`'s round on `puzzle` (whose row starts at `start` if it has none)
    /// at `at_ms`; the first round of the account on the puzzle, if `rate` is given (the service
    /// found it served and at a human pace), moves the player's rating by `rate` (the rating
    /// service's `crate::rating::rate_round`, from the rows read in the transaction) and,
    /// once the player has `puzzle_from` rated rounds before this one, the puzzle's too (in the
    /// same transaction); a repeat, or a round not to `rate`, moves nothing.
    fn puzzle_round(&self, round: RoundPlayed) -> StoreFuture<'_, RoundRated>;

    /// Account `user`'s puzzle rating, `None` before a first round.
    fn puzzle_player(&self, user: String) -> StoreFuture<'_, Option<RatingRow>>;

    /// Every played puzzle's rating.
    fn puzzle_stats(&self) -> StoreFuture<'_, Vec<(String, RatingRow)>>;

    /// The puzzles account `user` played.
    fn puzzles_played(&self, user: String) -> StoreFuture<'_, Vec<String>>;

    /// A page of account `user`'s rounds (`limit` from `offset`), newest first, and its tally.
    fn puzzle_history(&self, user: String, limit: u32, offset: u32) -> StoreFuture<'_, RoundPage>;

    /// Account `user`'s vote on `puzzle` (replacing an earlier one): the puzzle's votes (up,
    /// down) after it, `None` when the account never played the puzzle (nothing stored) and
    /// the service does not vouch that it did (`played`: a streak round, which is not stored).
    fn puzzle_vote(&self, vote: PuzzleVote) -> StoreFuture<'_, Option<(u64, u64)>>;

    /// Puzzle `puzzle`'s votes: up, down.
    fn puzzle_votes(&self, puzzle: String) -> StoreFuture<'_, (u64, u64)>;
}
