//! The accounts' part of the store: users, their sessions, one-time reset links, ratings and
//! the record of each finished game's players. [`AccountStore`] is the interface; both
//! backends implement it (`sqlite/accounts.rs`, `postgres/accounts.rs`) with the same tables.
//!
//! Secrets never reach the database in the clear: a session or a reset link is stored as the
//! SHA-256 of its token (the token itself is 32 random bytes, so a fast hash is enough: no
//! dictionary to try), a password as its Argon2id PHC string (made by `accounts/password.rs`).
//!
//! **Ratings are applied with the result.** [`AccountStore::finish`] writes the game's last
//! update (the versioned check of [`super::GameStore::update`]) and, in the same transaction and
//! only if that write won, records the players and applies the rating change, computed by the
//! function it is given (the rating service's `crate::rating::rate_end`): the store reads and
//! writes the rows, it does not rate. Two instances
//! racing to finish one game both try; one write wins, the other changes nothing: a rating is
//! applied exactly once. The `game_players` primary key (game, side) is a second guard.

use serde::{Deserialize, Serialize};

use super::{GameUpdate, StoreFuture};
pub use crate::rating::RatingRow;
use crate::rating::{RateEnd, SeatRatings};

/// The accounts' tables: one text for both backends (SQLite reads `BIGINT` as an integer and
/// `DOUBLE PRECISION` as a real column). Names are unique by their lower case (`name_key`).
pub(super) const SCHEMA: &str = "
    CREATE TABLE users (
        id       TEXT PRIMARY KEY NOT NULL,
        name     TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL,
        created  BIGINT NOT NULL,
        closed   BIGINT NOT NULL DEFAULT 0
    );
    CREATE TABLE sessions (
        hash    TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL,
        expires BIGINT NOT NULL
    );
    CREATE INDEX sessions_user ON sessions (user_id);
    CREATE TABLE resets (
        hash    TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL,
        expires BIGINT NOT NULL
    );
    CREATE TABLE ratings (
        user_id    TEXT NOT NULL,
        category   TEXT NOT NULL,
        rating     DOUBLE PRECISION NOT NULL,
        deviation  DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games      BIGINT NOT NULL,
        last       BIGINT NOT NULL,
        PRIMARY KEY (user_id, category)
    );
    CREATE INDEX ratings_board ON ratings (category, rating);
    CREATE TABLE game_players (
        game_id  TEXT NOT NULL,
        side     TEXT NOT NULL,
        user_id  TEXT NOT NULL,
        category TEXT NOT NULL,
        rated    BIGINT NOT NULL,
        score    DOUBLE PRECISION NOT NULL,
        at       BIGINT NOT NULL,
        r_before DOUBLE PRECISION,
        r_after  DOUBLE PRECISION,
        PRIMARY KEY (game_id, side)
    );
    CREATE INDEX game_players_user ON game_players (user_id, at);
";

/// The columns of a player line, in [`PlayerGame`]'s order.
pub(super) const PLAYER_COLUMNS: &str =
    "game_id, user_id, side, category, rated, score, at, r_before, r_after";

/// The statements both backends run (`?N` placeholders; PostgreSQL's through
/// `numbered`). What differs stays with each backend: PostgreSQL changes a password and
/// makes a reset link in one statement each (data-modifying `WITH`, which SQLite lacks, where
/// SQLite runs the parts below in one transaction), and locks a rated game's two rating rows
/// (`FOR UPDATE` on [`RATING_OF`], after placeholder rows) where SQLite's writes take turns.
pub(super) mod sql {
    /// Makes an account (`?1`…`?5`: id, name, name key, password, created) unless its name key
    /// is taken.
    pub const CREATE_USER: &str =
        "INSERT INTO users (id, name, name_key, password, created, closed)
         VALUES (?1, ?2, ?3, ?4, ?5, 0) ON CONFLICT (name_key) DO NOTHING";
    /// The account whose name key is `?1`.
    pub const USER_BY_NAME: &str =
        "SELECT id, name, password, created, closed FROM users WHERE name_key = ?1";
    /// The account `?1`.
    pub const USER_BY_ID: &str =
        "SELECT id, name, password, created, closed FROM users WHERE id = ?1";
    /// Every account, oldest first, at most `?1`.
    pub const USERS: &str =
        "SELECT id, name, password, created, closed FROM users ORDER BY created, id LIMIT ?1";
    /// Sets open account `?1`'s password to `?2`.
    pub const SET_PASSWORD: &str = "UPDATE users SET password = ?2 WHERE id = ?1 AND closed = 0";
    /// Closes account `?1`.
    pub const CLOSE_USER: &str = "UPDATE users SET closed = 1, password = '' WHERE id = ?1";
    /// Ends every session of account `?1`.
    pub const DELETE_SESSIONS_OF: &str = "DELETE FROM sessions WHERE user_id = ?1";
    /// Revokes every reset link of account `?1`.
    pub const DELETE_RESETS_OF: &str = "DELETE FROM resets WHERE user_id = ?1";
    /// Stores session `?1` of account `?2` until `?3`.
    pub const CREATE_SESSION: &str =
        "INSERT INTO sessions (hash, user_id, expires) VALUES (?1, ?2, ?3)";
    /// The live session `?1` at `?2` with its open account.
    pub const SESSION: &str = "SELECT u.id, u.name, u.password, u.created, u.closed, s.expires
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.hash = ?1 AND s.expires > ?2 AND u.closed = 0";
    /// Ends session `?1`.
    pub const DELETE_SESSION: &str = "DELETE FROM sessions WHERE hash = ?1";
    /// Stores reset link `?1` of account `?2` until `?3`.
    pub const CREATE_RESET: &str =
        "INSERT INTO resets (hash, user_id, expires) VALUES (?1, ?2, ?3)";
    /// The account of reset link `?1`, live at `?2`.
    pub const RESET_USER: &str = "SELECT user_id FROM resets WHERE hash = ?1 AND expires > ?2";
    /// Uses up reset link `?1` if live at `?2`: its account comes back.
    pub const USE_RESET: &str =
        "DELETE FROM resets WHERE hash = ?1 AND expires > ?2 RETURNING user_id";
    /// Account `?1`'s rating in category `?2`.
    pub const RATING_OF: &str = "SELECT rating, deviation, volatility, games, last FROM ratings
         WHERE user_id = ?1 AND category = ?2";
    /// Writes account `?1`'s rating in category `?2` (`?3`…`?7`).
    pub const PUT_RATING: &str =
        "INSERT INTO ratings (user_id, category, rating, deviation, volatility, games, last)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (user_id, category) DO UPDATE SET rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility,
             games = excluded.games, last = excluded.last";
    /// A player line (`?1`…`?9` in [`PlayerGame`]'s order).
    pub const PUT_PLAYER: &str = "INSERT INTO game_players
         (game_id, user_id, side, category, rated, score, at, r_before, r_after)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)";
    /// Account `?1`'s ratings per category.
    pub const RATINGS: &str =
        "SELECT category, rating, deviation, volatility, games, last FROM ratings
         WHERE user_id = ?1 ORDER BY category";
    /// The player lines of game `?1`, South's first.
    pub const GAME_PLAYERS: &str = "SELECT game_id, user_id, side, category, rated, score, at, \
         r_before, r_after FROM game_players WHERE game_id = ?1 ORDER BY side DESC";
    /// Account `?1`'s rating after each of its newest `?3` rated games of category `?2`,
    /// oldest first.
    pub const RATING_HISTORY: &str = "SELECT at, r_after FROM (
             SELECT at, r_after, game_id FROM game_players
             WHERE user_id = ?1 AND category = ?2 AND rated = 1
             ORDER BY at DESC, game_id DESC LIMIT ?3
         ) AS newest ORDER BY at, game_id";
    /// Account `?1`'s wins, draws and losses.
    pub const COUNTS: &str = "SELECT COALESCE(SUM(CASE WHEN score = 1 THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN score = 0.5 THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN score = 0 THEN 1 ELSE 0 END), 0)
         FROM game_players WHERE user_id = ?1";
    /// The best ratings of category `?1` with a deviation at most `?2`, played since `?3`, of
    /// open accounts, bots (`?5` = 1) or people (0): at most `?4`.
    pub const LEADERBOARD: &str =
        "SELECT u.name, r.rating, r.deviation, r.volatility, r.games, r.last
         FROM ratings r JOIN users u ON u.id = r.user_id
         WHERE r.category = ?1 AND r.deviation <= ?2 AND r.last >= ?3 AND u.closed = 0
           AND (SELECT COUNT(*) FROM bots b WHERE b.user_id = u.id) = ?5
         ORDER BY r.rating DESC, u.name_key LIMIT ?4";
}

/// SQL's text of a [`HistoryQuery`]'s filter after `user_id = first`, with numbered
/// parameters from `next` on (`$n` for PostgreSQL, `?n` for SQLite).
fn history_filter(q: &HistoryQuery, mark: char, mut next: usize) -> String {
    let mut sql = String::new();
    if q.category.is_some() {
        sql.push_str(&format!(" AND category = {mark}{next}"));
        next += 1;
    }
    if q.score.is_some() {
        sql.push_str(&format!(" AND score = {mark}{next}"));
    }
    sql
}

/// The statement of `q` for both backends (`?N`; PostgreSQL's through `numbered`):
/// `?1` the account, then the category and the score when given; the page's bounds are numbers
/// written in.
pub(super) fn history_sql(q: &HistoryQuery) -> String {
    format!(
        "SELECT {PLAYER_COLUMNS} FROM game_players WHERE user_id = ?1{}
         ORDER BY at DESC, game_id LIMIT {} OFFSET {}",
        history_filter(q, '?', 2),
        q.limit,
        q.offset
    )
}

/// The player lines of game `game`'s `end`, South's first: one for each seat an account held,
/// with its rating before and after from `ratings`.
pub(super) fn player_lines(game: &str, end: &GameEnd, ratings: SeatRatings) -> Vec<PlayerGame> {
    let seats = [
        ("S", &end.south_user, end.south_score),
        ("N", &end.north_user, 1.0 - end.south_score),
    ];
    seats
        .into_iter()
        .zip(ratings)
        .filter_map(|((side, user, score), (before, after))| {
            Some(PlayerGame {
                game_id: game.to_string(),
                user_id: user.clone()?,
                side: side.to_string(),
                category: end.category.clone(),
                rated: before.is_some(),
                score,
                at_ms: end.at_ms,
                before,
                after,
            })
        })
        .collect()
}

/// One account as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRow {
    /// The account's id (random hex; games and ratings refer to it).
    pub id: String,
    /// The name as the player wrote it.
    pub name: String,
    /// The password's Argon2id PHC string; empty once the account is closed.
    pub password: String,
    /// When the account was made (epoch ms).
    pub created_ms: u64,
    /// Whether the account is closed (its games stay; it cannot log in).
    pub closed: bool,
}

/// A finished game's end as the accounts see it: who held the seats and whether it is rated.
#[derive(Debug, Clone, PartialEq)]
pub struct GameEnd {
    /// The category (`blitz`, `rapid`, `correspondence`; empty for a game without one).
    pub category: String,
    /// Whether the ratings change.
    pub rated: bool,
    /// South's score: 1 a win, 0.5 a draw, 0 a loss.
    pub south_score: f64,
    /// South's account, if the seat was an account's.
    pub south_user: Option<String>,
    /// North's account.
    pub north_user: Option<String>,
    /// When the game ended (epoch ms).
    pub at_ms: u64,
}

/// One player's line of a finished game (`game_players`): the history of a profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerGame {
    /// The game.
    pub game_id: String,
    /// The account.
    pub user_id: String,
    /// `S` or `N`.
    pub side: String,
    /// The category, empty for none.
    pub category: String,
    /// Whether the game was rated.
    pub rated: bool,
    /// The player's score: 1, 0.5 or 0.
    pub score: f64,
    /// When the game ended (epoch ms).
    pub at_ms: u64,
    /// The rating before the game (rated games).
    pub before: Option<f64>,
    /// The rating after it.
    pub after: Option<f64>,
}

/// A session found by its token: the account and when the session ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    /// The account.
    pub user: UserRow,
    /// When the session ends (epoch ms).
    pub expires_ms: u64,
}

/// Why an account could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NewUserError {
    /// The name is taken (regardless of case).
    Taken,
    /// The database failed.
    Store(super::StoreError),
}

impl From<super::StoreError> for NewUserError {
    fn from(e: super::StoreError) -> Self {
        NewUserError::Store(e)
    }
}

/// The future of [`AccountStore::create_user`].
pub type NewUserFuture<'a> =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), NewUserError>> + Send + 'a>>;

/// The accounts' tables, in the same database as the games.
pub trait AccountStore: Send + Sync {
    /// Makes account `user` (its name's lower case is the unique key); `NewUserError::Taken`
    /// when the name is taken in any case.
    fn create_user(&self, user: UserRow) -> NewUserFuture<'_>;

    /// The account named `name` (any case), closed ones too.
    fn user_by_name(&self, name: String) -> StoreFuture<'_, Option<UserRow>>;

    /// The account with id `id`.
    fn user_by_id(&self, id: String) -> StoreFuture<'_, Option<UserRow>>;

    /// Every account, oldest first, at most `limit` (the operator's list).
    fn users(&self, limit: u32) -> StoreFuture<'_, Vec<UserRow>>;

    /// Sets the password of account `id` (a PHC string), ends all its sessions and revokes
    /// its reset links; `false` if there is no open account with this id.
    fn set_password(&self, id: String, password: String) -> StoreFuture<'_, bool>;

    /// Closes account `id`: no password, no sessions, no reset links; its games stay.
    fn close_user(&self, id: String) -> StoreFuture<'_, ()>;

    /// Stores a session: the token's hash, its account, its end (epoch ms).
    fn create_session(&self, hash: String, user: String, expires_ms: u64) -> StoreFuture<'_, ()>;

    /// The session with this token hash, if it exists, has not ended at `now_ms` and its
    /// account is open.
    fn session(&self, hash: String, now_ms: u64) -> StoreFuture<'_, Option<SessionRow>>;

    /// Ends the session with this hash.
    fn delete_session(&self, hash: String) -> StoreFuture<'_, ()>;

    /// Ends every session of account `user`.
    fn delete_sessions(&self, user: String) -> StoreFuture<'_, ()>;

    /// Stores a one-time reset link (its token's hash) for account `user` until `expires_ms`,
    /// revoking the account's older links (the latest link is the only one that works).
    fn create_reset(&self, hash: String, user: String, expires_ms: u64) -> StoreFuture<'_, ()>;

    /// The account of the reset link with this hash if it exists and has not expired at
    /// `now_ms`; the link stays (a refused new password does not use it up).
    fn reset_user(&self, hash: String, now_ms: u64) -> StoreFuture<'_, Option<String>>;

    /// Uses up the reset link with this hash, if it is live at `now_ms` and its account open,
    /// and in the same transaction sets the account's `password` (ending its sessions and
    /// revoking its other links, as [`AccountStore::set_password`]): the account's id, or
    /// `None` (nothing changed) when the link was not live.
    fn use_reset(
        &self,
        hash: String,
        now_ms: u64,
        password: String,
    ) -> StoreFuture<'_, Option<String>>;

    /// The ratings of account `user`, per category.
    fn ratings(&self, user: String) -> StoreFuture<'_, Vec<(String, RatingRow)>>;

    /// Writes `update` (checked against its version like [`super::GameStore::update`]) and, in
    /// the same transaction and only if it was written, records `end`'s players and, for a
    /// rated game, stores the ratings `rate` computes from the rows read in that transaction.
    /// Answers each account's line (with the ratings before and after).
    fn finish(
        &self,
        update: GameUpdate,
        end: GameEnd,
        rate: RateEnd,
    ) -> StoreFuture<'_, Vec<PlayerGame>>;

    /// The player lines of game `id` (empty: no account played it, or it is not over).
    fn game_players(&self, id: String) -> StoreFuture<'_, Vec<PlayerGame>>;

    /// Account `user`'s finished games, newest first: `offset`, at most `limit`, only the
    /// `category` and `score` given.
    fn history(&self, query: HistoryQuery) -> StoreFuture<'_, Vec<PlayerGame>>;

    /// Account `user`'s rating after each of its newest `limit` rated games of `category`,
    /// oldest first: `(epoch ms, rating)` (a history is never read whole: an account can
    /// play any number of games).
    fn rating_history(
        &self,
        user: String,
        category: String,
        limit: u32,
    ) -> StoreFuture<'_, Vec<(u64, f64)>>;

    /// Wins, draws and losses of account `user`, all categories.
    fn counts(&self, user: String) -> StoreFuture<'_, [u32; 3]>;

    /// The best ratings of `category` among accounts whose deviation is at most
    /// `max_deviation` and who played since `since_ms`: `(name, rating)`, best first.
    fn leaderboard(&self, query: LeaderQuery) -> StoreFuture<'_, Vec<(String, RatingRow)>>;
}

/// Which finished games of an account [`AccountStore::history`] lists.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryQuery {
    /// The account.
    pub user: String,
    /// Only this category.
    pub category: Option<String>,
    /// Only this score (1 wins, 0.5 draws, 0 losses).
    pub score: Option<f64>,
    /// Games skipped (newest first).
    pub offset: u32,
    /// At most this many.
    pub limit: u32,
}

/// Which ratings [`AccountStore::leaderboard`] lists.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderQuery {
    /// The category.
    pub category: String,
    /// The largest deviation of an established rating.
    pub max_deviation: f64,
    /// Played since (epoch ms).
    pub since_ms: u64,
    /// At most this many.
    pub limit: u32,
    /// The bots' board instead of the people's.
    pub bots: bool,
}
