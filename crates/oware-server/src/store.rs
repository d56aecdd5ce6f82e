//! Games on disk: one SQLite file in WAL mode, schema versions in `PRAGMA user_version`.
//!
//! A game is one row: its settings, its start position and its moves as letters (`FcAd…`). The
//! row is rewritten (in one small transaction) for every accepted move, undo or redo, before the
//! server answers, so a reload or a restart finds the game exactly where it was.

use std::fmt;
use std::path::Path;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OptionalExtension};

/// The migrations, in order: migration `i` brings the schema from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    // 1: games.
    "CREATE TABLE games (
        id       TEXT PRIMARY KEY NOT NULL,
        token    TEXT NOT NULL,
        opponent TEXT NOT NULL,
        human    TEXT NOT NULL,
        rules    TEXT NOT NULL,
        start    TEXT NOT NULL,
        moves    TEXT NOT NULL DEFAULT '',
        redo     TEXT NOT NULL DEFAULT '',
        version  INTEGER NOT NULL DEFAULT 0,
        created  INTEGER NOT NULL,
        updated  INTEGER NOT NULL
    );",
    // 2: player names (shown on the board and written to OGN exports).
    "ALTER TABLE games ADD COLUMN south_name TEXT NOT NULL DEFAULT '';
     ALTER TABLE games ADD COLUMN north_name TEXT NOT NULL DEFAULT '';",
];

/// A storage failure (the disk, not the user).
#[derive(Debug)]
pub struct StoreError(String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "storage: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError(e.to_string())
    }
}

/// One stored game, as plain text fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    /// The public id.
    pub id: String,
    /// The secret seat token.
    pub token: String,
    /// `friend` or a level name.
    pub opponent: String,
    /// The human's side against the computer (`S` or `N`).
    pub human: String,
    /// The rules' text form.
    pub rules: String,
    /// The start position text.
    pub start: String,
    /// The moves played, as letters.
    pub moves: String,
    /// Moves taken back that redo can replay, as letters, next one first.
    pub redo: String,
    /// Bumped on every change.
    pub version: u64,
    /// South's name.
    pub south_name: String,
    /// North's name.
    pub north_name: String,
}

/// The game store.
pub struct Store {
    conn: Mutex<Connection>,
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent() {
            if !dir.as_os_str().is_empty() {
                std::fs::create_dir_all(dir)
                    .map_err(|e| StoreError(format!("{}: {e}", dir.display())))?;
            }
        }
        let conn = Connection::open(path)?;
        Store::init(conn)
    }

    /// A database in memory (tests and benchmarks).
    pub fn in_memory() -> Result<Store, StoreError> {
        Store::init(Connection::open_in_memory()?)
    }

    fn init(mut conn: Connection) -> Result<Store, StoreError> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // WAL + NORMAL: a commit survives a crash of the server; only a power cut may lose the
        // last moments. Each accepted move is committed before it is acknowledged.
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        let known = MIGRATIONS.len() as i64;
        if version > known {
            return Err(StoreError(format!(
                "the database has schema version {version}, newer than this server's {known}"
            )));
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            let tx = conn.transaction()?;
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", i as i64 + 1)?;
            tx.commit()?;
        }
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite half-written (transactions), so the
        // connection stays usable.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stores a new game.
    pub fn insert(&self, g: &GameRow) -> Result<(), StoreError> {
        let t = now();
        self.conn().execute(
            "INSERT INTO games (id, token, opponent, human, rules, start, moves, redo, version,
                                created, updated, south_name, north_name)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12)",
            params![
                g.id,
                g.token,
                g.opponent,
                g.human,
                g.rules,
                g.start,
                g.moves,
                g.redo,
                g.version as i64,
                t,
                g.south_name,
                g.north_name
            ],
        )?;
        Ok(())
    }

    /// Stores the moves of a game (after a move, undo or redo).
    pub fn update_moves(
        &self,
        id: &str,
        moves: &str,
        redo: &str,
        version: u64,
    ) -> Result<(), StoreError> {
        let n = self.conn().execute(
            "UPDATE games SET moves = ?2, redo = ?3, version = ?4, updated = ?5 WHERE id = ?1",
            params![id, moves, redo, version as i64, now()],
        )?;
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError(format!("game {id} is not in the database")))
        }
    }

    /// Loads a game, `None` when there is none with this id.
    pub fn load(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "SELECT id, token, opponent, human, rules, start, moves, redo, version,
                        south_name, north_name
                 FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok(GameRow {
                        id: r.get(0)?,
                        token: r.get(1)?,
                        opponent: r.get(2)?,
                        human: r.get(3)?,
                        rules: r.get(4)?,
                        start: r.get(5)?,
                        moves: r.get(6)?,
                        redo: r.get(7)?,
                        version: r.get::<_, i64>(8)?.max(0) as u64,
                        south_name: r.get(9)?,
                        north_name: r.get(10)?,
                    })
                },
            )
            .optional()?)
    }

    /// The number of stored games.
    pub fn count(&self) -> Result<u64, StoreError> {
        let n: i64 = self
            .conn()
            .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))?;
        Ok(n.max(0) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> GameRow {
        GameRow {
            id: "g1".into(),
            token: "t".into(),
            opponent: "easy".into(),
            human: "S".into(),
            rules: "abapa".into(),
            start: "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S".into(),
            moves: String::new(),
            redo: String::new(),
            version: 0,
            south_name: "You".into(),
            north_name: "Computer".into(),
        }
    }

    #[test]
    fn insert_update_load_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/games.sqlite");
        {
            let s = Store::open(&path).unwrap();
            s.insert(&row()).unwrap();
            s.update_moves("g1", "Fc", "", 2).unwrap();
            assert!(s.update_moves("nope", "", "", 1).is_err());
        }
        let s = Store::open(&path).unwrap();
        let g = s.load("g1").unwrap().unwrap();
        assert_eq!(g.moves, "Fc");
        assert_eq!(g.version, 2);
        assert_eq!(g.north_name, "Computer");
        assert_eq!(s.load("g2").unwrap(), None);
        assert_eq!(s.count().unwrap(), 1);
    }
}
