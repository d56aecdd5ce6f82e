//! The lessons' part of the store (`learn/`, issue 41): the stars an account earned on each
//! step of `/learn`. [`LessonStore`] is the interface; both backends implement it
//! (`sqlite/lessons.rs`, `postgres/lessons.rs`) on the same table with the same statements.
//!
//! One row per account and step; a write keeps the higher count (a step solved again with
//! fewer stars does not lose any). The number of rows of an account is bounded by the
//! lessons' steps: the service writes only steps that exist.

use super::StoreFuture;

/// The table: one text for both backends.
pub(super) const SCHEMA: &str = "
    CREATE TABLE lesson_stars (
        user_id TEXT NOT NULL,
        lesson  TEXT NOT NULL,
        step    BIGINT NOT NULL,
        stars   BIGINT NOT NULL,
        updated BIGINT NOT NULL,
        PRIMARY KEY (user_id, lesson, step)
    );
";

/// The missed tries of each account on a step it has not solved since (issue 56: the server
/// counts the tries, so that the stars are its own), and whether the hint was shown. A row is
/// deleted when the step is solved: the next attempt starts from none.
pub(super) const TRIES_SCHEMA: &str = "
    CREATE TABLE lesson_tries (
        user_id TEXT NOT NULL,
        lesson  TEXT NOT NULL,
        step    BIGINT NOT NULL,
        misses  BIGINT NOT NULL,
        hinted  BIGINT NOT NULL,
        PRIMARY KEY (user_id, lesson, step)
    );
";

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

/// A missed try of account `?1` on step `?3` of lesson `?2`, `?4` = 1 if the hint was shown.
pub(super) const MISSED: &str = "INSERT INTO lesson_tries (user_id, lesson, step, misses, hinted)
     VALUES (?1, ?2, ?3, 1, ?4)
     ON CONFLICT (user_id, lesson, step) DO UPDATE SET
         misses = lesson_tries.misses + 1,
         hinted = CASE WHEN excluded.hinted > lesson_tries.hinted
                       THEN excluded.hinted ELSE lesson_tries.hinted END";

/// Account `?1`'s missed tries and hint on step `?3` of lesson `?2`.
pub(super) const TRIES_OF: &str =
    "SELECT misses, hinted FROM lesson_tries WHERE user_id = ?1 AND lesson = ?2 AND step = ?3";

/// Forgets account `?1`'s tries on step `?3` of lesson `?2` (the step is solved).
pub(super) const FORGET_TRIES: &str =
    "DELETE FROM lesson_tries WHERE user_id = ?1 AND lesson = ?2 AND step = ?3";

/// One step's stars: `(lesson, step from 1, stars)`.
pub type StarsRow = (String, u32, u8);

/// The lessons' table.
pub trait LessonStore: Send + Sync {
    /// Keeps `rows` for account `user` (the higher count of each step), at `at_ms`.
    fn save_stars(&self, user: String, rows: Vec<StarsRow>, at_ms: u64) -> StoreFuture<'_, ()>;

    /// Account `user`'s stars.
    fn stars(&self, user: String) -> StoreFuture<'_, Vec<StarsRow>>;

    /// A missed try of account `user` on `step` of `lesson` (`hinted`: the hint was shown).
    fn missed(&self, user: String, lesson: String, step: u32, hinted: bool) -> StoreFuture<'_, ()>;

    /// Step `step` of `lesson` solved by account `user`: its missed tries since it was last
    /// solved and whether the hint was shown in them, which are then forgotten.
    fn solved(&self, user: String, lesson: String, step: u32) -> StoreFuture<'_, (u32, bool)>;
}
