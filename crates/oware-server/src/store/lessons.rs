//! The lessons' part of the store (`learn/`, issue 41): the stars an account earned on each
//! step of `/learn`. [`LessonStore`] is the interface; both backends implement it
//! (`sqlite/lessons.rs`, `postgres/lessons.rs`) on the same table with the same statements.
//!
//! One row per account and step; a write keeps the higher count (a step solved again with
//! fewer stars does not lose any). The number of rows of an account is bounded by the
//! lessons' steps: the service writes only steps that exist.

use super::StoreFuture;

/// The table: one text for both backends.
const SCHEMA: &str = "
    CREATE TABLE lesson_stars (
        user_id TEXT NOT NULL,
        lesson  TEXT NOT NULL,
        step    BIGINT NOT NULL,
        stars   BIGINT NOT NULL,
        updated BIGINT NOT NULL,
        PRIMARY KEY (user_id, lesson, step)
    );
";

/// SQLite's migration for the lessons.
pub(super) const SQLITE_SCHEMA: &str = SCHEMA;
/// PostgreSQL's migration for the lessons.
pub(super) const POSTGRES_SCHEMA: &str = SCHEMA;

/// Stores `?4` stars for account `?1`'s step `?3` of lesson `?2` at `?5` (epoch ms), keeping
/// the higher count. Both backends run it (`?N`; PostgreSQL's through `numbered`).
pub(super) const SAVE_STARS: &str =
    "INSERT INTO lesson_stars (user_id, lesson, step, stars, updated)
     VALUES (?1, ?2, ?3, ?4, ?5)
     ON CONFLICT (user_id, lesson, step) DO UPDATE SET
         stars = CASE WHEN excluded.stars > lesson_stars.stars
                      THEN excluded.stars ELSE lesson_stars.stars END,
         updated = excluded.updated";

/// Account `?1`'s stars.
pub(super) const STARS_OF: &str =
    "SELECT lesson, step, stars FROM lesson_stars WHERE user_id = ?1 ORDER BY lesson, step";

/// One step's stars: `(lesson, step from 1, stars)`.
pub type StarsRow = (String, u32, u8);

/// The lessons' table.
pub trait LessonStore: Send + Sync {
    /// Keeps `rows` for account `user` (the higher count of each step), at `at_ms`.
    fn save_stars(&self, user: String, rows: Vec<StarsRow>, at_ms: u64) -> StoreFuture<'_, ()>;

    /// Account `user`'s stars.
    fn stars(&self, user: String) -> StoreFuture<'_, Vec<StarsRow>>;
}
