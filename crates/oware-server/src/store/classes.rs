//! The classes' part of the store (`classes/`, issue 56): a teacher's classes, their pupils
//! (each an account made for the class), the work assigned, and the counting trainer's best
//! level of each pupil. [`ClassStore`] is the interface; both backends implement it
//! (`sqlite/classes.rs`, `postgres/classes.rs`) on the same tables with the same statements.
//!
//! **Deleting a class** deletes everything kept for it in one transaction: the class, its
//! work, its pupils' rows, and of each pupil's account its sessions, API tokens, language,
//! lesson stars, puzzle rounds, votes and ratings; the account itself is closed and its
//! password hash blanked (the name stays taken, so that no one else takes it and appears in
//! the class's old games as the pupil). The games the pupils played stay, like any closed
//! account's. `docs/classes.md` lists what is kept.

use super::StoreFuture;

/// The tables: one text for both backends.
pub(super) const SCHEMA: &str = "
    CREATE TABLE classes (
        id      TEXT PRIMARY KEY NOT NULL,
        teacher TEXT NOT NULL,
        name    TEXT NOT NULL,
        arena   TEXT NOT NULL,
        created BIGINT NOT NULL
    );
    CREATE INDEX classes_teacher ON classes (teacher);
    CREATE TABLE class_pupils (
        user_id     TEXT PRIMARY KEY NOT NULL,
        class_id    TEXT NOT NULL,
        name        TEXT NOT NULL,
        open        BIGINT NOT NULL,
        count_level BIGINT NOT NULL,
        count_ms    BIGINT NOT NULL,
        created     BIGINT NOT NULL
    );
    CREATE INDEX class_pupils_class ON class_pupils (class_id);
    CREATE TABLE class_work (
        id       TEXT PRIMARY KEY NOT NULL,
        class_id TEXT NOT NULL,
        kind     TEXT NOT NULL,
        target   TEXT NOT NULL,
        due      TEXT NOT NULL,
        created  BIGINT NOT NULL
    );
    CREATE INDEX class_work_class ON class_work (class_id);
";

/// The time each pupil spent on each kind of work (issue 56): `kind` is `lesson` (the
/// lesson in `target`) or `counting` (`target` empty); `spent_ms` adds the gaps between the
/// pupil's checked moves or answers, each at most [`crate::classes::IDLE_GAP_MS`] (an idle
/// tab does not count hours); `last_ms` is the latest. Pupils only (the insert checks).
pub(super) const TIME_SCHEMA: &str = "
    CREATE TABLE pupil_time (
        user_id  TEXT NOT NULL,
        kind     TEXT NOT NULL,
        target   TEXT NOT NULL,
        spent_ms BIGINT NOT NULL,
        last_ms  BIGINT NOT NULL,
        PRIMARY KEY (user_id, kind, target)
    );
";

/// A new class: id, teacher, name, arena (empty), created.
pub(super) const CREATE_CLASS: &str =
    "INSERT INTO classes (id, teacher, name, arena, created) VALUES (?1, ?2, ?3, ?4, ?5)";

/// The columns of a class, then its number of pupils.
const CLASS_COLUMNS: &str = "c.id, c.teacher, c.name, c.arena, c.created,
     (SELECT COUNT(*) FROM class_pupils p WHERE p.class_id = c.id)";

/// Teacher `?1`'s classes, oldest first.
pub(super) fn classes_of_sql() -> String {
    format!("SELECT {CLASS_COLUMNS} FROM classes c WHERE c.teacher = ?1 ORDER BY c.created, c.id")
}

/// Class `?1`.
pub(super) fn class_sql() -> String {
    format!("SELECT {CLASS_COLUMNS} FROM classes c WHERE c.id = ?1")
}

/// The class whose arena is tournament `?1`.
pub(super) const CLASS_OF_ARENA: &str = "SELECT id FROM classes WHERE arena = ?1 AND arena <> ''";

/// Sets class `?1`'s arena to `?2`.
pub(super) const SET_ARENA: &str = "UPDATE classes SET arena = ?2 WHERE id = ?1";

/// Deleting class `?1`, in order, in one transaction (see the module).
pub(super) const DELETE_CLASS: &[&str] = &[
    "DELETE FROM sessions WHERE user_id IN (SELECT user_id FROM class_pupils WHERE class_id = ?1)",
    "DELETE FROM resets WHERE user_id IN (SELECT user_id FROM class_pupils WHERE class_id = ?1)",
    "DELETE FROM api_tokens WHERE user_id IN (SELECT user_id FROM class_pupils WHERE class_id = ?1)",
    "DELETE FROM account_prefs WHERE user_id IN (SELECT user_id FROM class_pupils WHERE class_id = ?1)",
    "DELETE FROM lesson_stars WHERE user_id IN (SELECT user_id FROM class_pupils WHERE class_id = ?1)",
    "DELETE FROM lesson_tries WHERE user_id IN (SELECT user_id FROM class_pupils WHERE class_id = ?1)",
    "DELETE FROM pupil_time WHERE user_id IN (SELECT user_id FROM class_pupils WHERE class_id = ?1)",
    "DELETE FROM puzzle_rounds WHERE user_id IN (SELECT user_id FROM class_pupils WHERE class_id = ?1)",
    "DELETE FROM puzzle_players WHERE user_id IN (SELECT user_id FROM class_pupils WHERE class_id = ?1)",
    "DELETE FROM puzzle_votes WHERE user_id IN (SELECT user_id FROM class_pupils WHERE class_id = ?1)",
    "DELETE FROM ratings WHERE user_id IN (SELECT user_id FROM class_pupils WHERE class_id = ?1)",
    "UPDATE users SET closed = 1, password = ''
     WHERE id IN (SELECT user_id FROM class_pupils WHERE class_id = ?1)",
    "DELETE FROM class_pupils WHERE class_id = ?1",
    "DELETE FROM class_work WHERE class_id = ?1",
    "DELETE FROM classes WHERE id = ?1",
];

/// A new pupil: user id, class, name, created.
pub(super) const ADD_PUPIL: &str = "INSERT INTO class_pupils
     (user_id, class_id, name, open, count_level, count_ms, created)
     VALUES (?1, ?2, ?3, 0, 0, 0, ?4)";

/// The columns of a pupil (with the account's user name).
const PUPIL_COLUMNS: &str =
    "p.user_id, p.class_id, p.name, u.name, p.open, p.count_level, p.count_ms";

/// Class `?1`'s pupils, by name.
pub(super) fn pupils_sql() -> String {
    format!(
        "SELECT {PUPIL_COLUMNS} FROM class_pupils p JOIN users u ON u.id = p.user_id
         WHERE p.class_id = ?1 ORDER BY p.name, u.name"
    )
}

/// Account `?1` as a pupil.
pub(super) fn pupil_sql() -> String {
    format!(
        "SELECT {PUPIL_COLUMNS} FROM class_pupils p JOIN users u ON u.id = p.user_id
         WHERE p.user_id = ?1"
    )
}

/// Opens (`?3` = 1) or closes pupil `?2` of class `?1`.
pub(super) const SET_OPEN: &str =
    "UPDATE class_pupils SET open = ?3 WHERE class_id = ?1 AND user_id = ?2";

/// A right answer of pupil `?1` at counting level `?2`, at `?3`.
pub(super) const COUNTED: &str = "UPDATE class_pupils SET
     count_level = CASE WHEN ?2 > count_level THEN ?2 ELSE count_level END,
     count_ms = ?3
     WHERE user_id = ?1";

/// Pupil `?1` worked on `?2` `?3` at `?4`: the gap since the pupil's last time there, at
/// most `?5` ms, is added (nothing for an account that is no pupil).
pub(super) const SPENT: &str = "INSERT INTO pupil_time (user_id, kind, target, spent_ms, last_ms)
     SELECT ?1, ?2, ?3, 0, ?4 WHERE EXISTS (SELECT 1 FROM class_pupils WHERE user_id = ?1)
     ON CONFLICT (user_id, kind, target) DO UPDATE SET
         spent_ms = pupil_time.spent_ms + CASE
             WHEN excluded.last_ms <= pupil_time.last_ms THEN 0
             WHEN excluded.last_ms - pupil_time.last_ms > ?5 THEN ?5
             ELSE excluded.last_ms - pupil_time.last_ms END,
         last_ms = CASE WHEN excluded.last_ms > pupil_time.last_ms
                        THEN excluded.last_ms ELSE pupil_time.last_ms END";

/// The time class `?1`'s pupils spent: user, kind, target, spent (ms).
pub(super) const CLASS_TIME: &str = "SELECT t.user_id, t.kind, t.target, t.spent_ms
     FROM pupil_time t JOIN class_pupils p ON p.user_id = t.user_id WHERE p.class_id = ?1";

/// New work: id, class, kind, target, due, created.
pub(super) const ADD_WORK: &str =
    "INSERT INTO class_work (id, class_id, kind, target, due, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";

/// Class `?1`'s work, oldest first.
pub(super) const WORK_OF: &str = "SELECT id, class_id, kind, target, due, created FROM class_work
     WHERE class_id = ?1 ORDER BY created, id";

/// Deletes work `?2` of class `?1`.
pub(super) const DELETE_WORK: &str = "DELETE FROM class_work WHERE class_id = ?1 AND id = ?2";

/// The lesson stars of class `?1`'s pupils: user, lesson, step, stars, updated.
pub(super) const CLASS_STARS: &str = "SELECT s.user_id, s.lesson, s.step, s.stars, s.updated
     FROM lesson_stars s JOIN class_pupils p ON p.user_id = s.user_id WHERE p.class_id = ?1";

/// The puzzle rounds of class `?1`'s pupils: user, puzzle, solved, at (bounded by the shipped
/// puzzles: one row per account and puzzle).
pub(super) const CLASS_ROUNDS: &str = "SELECT r.user_id, r.puzzle_id, r.solved, r.at
     FROM puzzle_rounds r JOIN class_pupils p ON p.user_id = r.user_id WHERE p.class_id = ?1";

/// A class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassRow {
    /// Its id.
    pub id: String,
    /// The teacher's account id.
    pub teacher: String,
    /// Its name.
    pub name: String,
    /// Its arena's tournament id, empty for none.
    pub arena: String,
    /// When it was made (epoch ms).
    pub created_ms: u64,
    /// Its number of pupils (read only).
    pub pupils: u32,
}

/// A pupil.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PupilRow {
    /// The pupil's account id.
    pub user_id: String,
    /// The class.
    pub class_id: String,
    /// The name the teacher gave.
    pub name: String,
    /// The account's user name (read only).
    pub username: String,
    /// Whether the teacher opened the account.
    pub open: bool,
    /// The counting trainer's best level answered right (0: none).
    pub count_level: u8,
    /// When the pupil last answered the counting trainer right (epoch ms, 0: never).
    pub count_ms: u64,
}

/// A piece of work assigned to a class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkRow {
    /// Its id.
    pub id: String,
    /// The class.
    pub class_id: String,
    /// `lesson`, `counting` or `puzzles`.
    pub kind: String,
    /// The lesson, level or theme.
    pub target: String,
    /// Due on, `YYYY-MM-DD`.
    pub due: String,
    /// When it was assigned (epoch ms).
    pub created_ms: u64,
}

/// A pupil's stars on one step: user, lesson, step, stars, updated (epoch ms).
pub type PupilStars = (String, String, u32, u8, u64);
/// A pupil's puzzle round: user, puzzle, solved, at (epoch ms).
pub type PupilRound = (String, String, bool, u64);
/// A pupil's time on a kind of work: user, kind, target, spent (ms).
pub type PupilTime = (String, String, String, u64);

/// A pupil to add to a class ([`ClassStore::add_pupil`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPupil {
    /// The pupil's account (just made).
    pub user_id: String,
    /// The class.
    pub class_id: String,
    /// The name the teacher gave.
    pub name: String,
    /// When (epoch ms).
    pub at_ms: u64,
}

/// What a pupil's time is kept for: the account, the kind of work (`lesson`, `counting`) and
/// its target (the lesson; empty for counting).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeKey {
    /// The account.
    pub user_id: String,
    /// The kind of work.
    pub kind: String,
    /// Its target.
    pub target: String,
}

/// The classes' tables.
pub trait ClassStore: Send + Sync {
    /// Stores a new class.
    fn create_class(&self, class: ClassRow) -> StoreFuture<'_, ()>;
    /// Teacher `teacher`'s classes, oldest first.
    fn classes_of(&self, teacher: String) -> StoreFuture<'_, Vec<ClassRow>>;
    /// Class `id`.
    fn class(&self, id: String) -> StoreFuture<'_, Option<ClassRow>>;
    /// The class whose arena is tournament `tournament`.
    fn class_of_arena(&self, tournament: String) -> StoreFuture<'_, Option<String>>;
    /// Sets class `id`'s arena.
    fn set_arena(&self, id: String, arena: String) -> StoreFuture<'_, ()>;
    /// Deletes class `id` and what is kept for it (see the module).
    fn delete_class(&self, id: String) -> StoreFuture<'_, ()>;
    /// Adds pupil `p.user_id` (an account just made) to class `p.class_id` as `p.name`.
    fn add_pupil(&self, p: NewPupil) -> StoreFuture<'_, ()>;
    /// Class `class_id`'s pupils, by name.
    fn pupils(&self, class_id: String) -> StoreFuture<'_, Vec<PupilRow>>;
    /// Account `user_id` as a pupil, if it is one.
    fn pupil(&self, user_id: String) -> StoreFuture<'_, Option<PupilRow>>;
    /// Opens or closes pupil `user_id` of class `class_id`: `false` if there is no such pupil.
    fn set_open(&self, class_id: String, user_id: String, open: bool) -> StoreFuture<'_, bool>;
    /// Records a right counting answer of pupil `user_id` at `level` (nothing for others).
    fn counted(&self, user_id: String, level: u8, at_ms: u64) -> StoreFuture<'_, ()>;
    /// Stores new work.
    fn add_work(&self, work: WorkRow) -> StoreFuture<'_, ()>;
    /// Class `class_id`'s work, oldest first.
    fn work(&self, class_id: String) -> StoreFuture<'_, Vec<WorkRow>>;
    /// Deletes work `id` of class `class_id`: `false` if there is none.
    fn delete_work(&self, class_id: String, id: String) -> StoreFuture<'_, bool>;
    /// The lesson stars of class `class_id`'s pupils.
    fn class_stars(&self, class_id: String) -> StoreFuture<'_, Vec<PupilStars>>;
    /// The puzzle rounds of class `class_id`'s pupils.
    fn class_rounds(&self, class_id: String) -> StoreFuture<'_, Vec<PupilRound>>;
    /// Pupil `on.user_id` worked on `on.kind` `on.target` at `at_ms`: the gap since the last
    /// time, at most `gap_max_ms`, is added to the pupil's time there (nothing for others).
    fn spent(&self, on: TimeKey, at_ms: u64, gap_max_ms: u64) -> StoreFuture<'_, ()>;
    /// The time class `class_id`'s pupils spent.
    fn class_time(&self, class_id: String) -> StoreFuture<'_, Vec<PupilTime>>;
}

/// A stored count or time as ours (never negative).
pub(super) fn unsigned(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}
