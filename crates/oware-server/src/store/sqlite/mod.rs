//! The SQLite backend: one file in WAL mode, schema versions in `PRAGMA user_version`.
//!
//! A game is one row: its settings, its start position and its moves as letters (`FcAd…`). The
//! row is rewritten (in one small transaction) for every accepted move, undo or redo, before the
//! server answers, so a reload or a restart finds the game exactly where it was.
//!
//! One thread owns the connection and runs every statement in turn: writes are short (WAL, no
//! fsync per commit) and go one at a time in SQLite anyway, and the async workers only await a
//! reply. One server process per file: at start the store takes an exclusive `flock` (through
//! `fs4`) on the database file itself, so that the lock follows the file and not its name (a
//! hard link or a symlink of a served file is refused like the file), refuses to start when
//! another process holds it, and makes a real write so that a read-only file fails at start
//! rather than at the first move.
//!
//! This file holds the store itself: opening, the database thread and the games' statements.
//! The folder mirrors `store/postgres/`: the thread's use (`run`) is in `client.rs`, the lock
//! in `lock.rs`, the migrations and the start-up checks in `schema.rs`, the other tables'
//! statements in `accounts.rs`, `pool.rs`, `tournaments.rs` and `chat.rs`.

use std::path::Path;
use std::sync::mpsc;
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};
use tokio::sync::oneshot;

use client::Sql;
use lock::{take_lock, FileLock};
use schema::prepare;

use crate::store::games_sql::{
    COUNT_GAMES, GAME_COLUMNS, GAME_EXISTS, INSERT_GAME, LAST_ALIVE, LIST_ONLINE_OF, LIVE_ONLINE,
    LOAD_GAME, LOAD_REVIEW, MARK_ALIVE, SAVE_REVIEW, UPDATE_GAME,
};
use crate::store::{
    now, GameRow, GameStore, GameUpdate, ListedGame, NoticeStore, Store, StoreError, StoreFuture,
};

mod accounts;
mod bots;
mod chat;
mod classes;
mod client;
mod lessons;
mod lock;
mod pool;
mod prefs;
mod schema;
mod search;
mod tournaments;
mod training;

/// A piece of work for the database thread.
type Job = Box<dyn FnOnce(&mut Connection) + Send>;

/// Games in one SQLite file (or in memory, for tests and benchmarks).
pub struct SqliteStore {
    /// The database thread's queue; `None` once closed.
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    /// Signalled when the thread has dropped the connection and the lock.
    done: Mutex<Option<oneshot::Receiver<()>>>,
    resource: String,
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path`, takes its lock, checks that it can be
    /// written and brings its schema up to date. Blocking: call it before serving or on the
    /// blocking pool.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let resource = format!("SQLite file {}", path.display());
        let failed = |message: String| StoreError::Failed {
            resource: resource.clone(),
            message,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            if dir.exists() && !dir.is_dir() {
                return Err(failed(format!("{} is not a folder", dir.display())));
            }
            std::fs::create_dir_all(dir)
                .map_err(|e| failed(format!("cannot create the folder {}: {e}", dir.display())))?;
        }
        if path.is_dir() {
            return Err(failed("this is a folder, not a database file".into()));
        }
        let lock = take_lock(path)?;
        let conn = Connection::open(path).map_err(|e| failed(e.to_string()))?;
        SqliteStore::start(conn, Some(lock), path, resource)
    }

    /// Opens an existing database at `path` for one short operator command beside a running
    /// server (`oware user …`): without the server's lock (SQLite's own locking keeps the two
    /// writers apart), and only if the file is there.
    pub fn open_for_operator(path: &Path) -> Result<SqliteStore, StoreError> {
        let resource = format!("SQLite file {}", path.display());
        if !path.is_file() {
            return Err(StoreError::Failed {
                resource,
                message: "no such database file (start the server once to create it)".into(),
            });
        }
        let conn = Connection::open(path).map_err(|e| StoreError::Failed {
            resource: resource.clone(),
            message: e.to_string(),
        })?;
        SqliteStore::start(conn, None, path, resource)
    }

    /// A database in memory (tests and benchmarks).
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        let resource = "SQLite in memory".to_string();
        let conn = Connection::open_in_memory().map_err(|e| StoreError::Failed {
            resource: resource.clone(),
            message: e.to_string(),
        })?;
        SqliteStore::start(conn, None, Path::new(":memory:"), resource)
    }

    fn start(
        mut conn: Connection,
        lock: Option<FileLock>,
        path: &Path,
        resource: String,
    ) -> Result<SqliteStore, StoreError> {
        prepare(&mut conn, path).map_err(|e| match e {
            Sql::Store(e) => e,
            Sql::Sqlite(e) => StoreError::Failed {
                resource: resource.clone(),
                message: e.to_string(),
            },
        })?;
        let (tx, rx) = mpsc::channel::<Job>();
        let (done_tx, done_rx) = oneshot::channel();
        std::thread::Builder::new()
            .name("oware-db".into())
            .spawn(move || {
                for job in rx {
                    job(&mut conn);
                }
                drop(conn);
                drop(lock);
                let _ = done_tx.send(());
            })
            .map_err(|e| StoreError::Failed {
                resource: resource.clone(),
                message: format!("cannot start the database thread: {e}"),
            })?;
        Ok(SqliteStore {
            jobs: Mutex::new(Some(tx)),
            done: Mutex::new(Some(done_rx)),
            resource,
        })
    }
}

/// A game row read in `GAME_COLUMNS`' order.
fn read_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
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
        online: r.get(11)?,
        online_status: r.get(12)?,
        south_user: r.get(13)?,
        north_user: r.get(14)?,
        listing: r.get(15)?,
    })
}

/// Inserts game row `g`.
fn insert_row(c: &Connection, g: &GameRow) -> Result<(), Sql> {
    c.execute(
        INSERT_GAME,
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
            now(),
            g.south_name,
            g.north_name,
            g.online,
            g.online_status,
            g.south_user,
            g.north_user,
            g.listing
        ],
    )?;
    Ok(())
}

/// Writes `u` if the stored version is still `u.from_version`.
fn update_row(c: &Connection, u: GameUpdate) -> Result<(), Sql> {
    let from = i64::try_from(u.from_version).unwrap_or(i64::MAX);
    let n = c.prepare_cached(UPDATE_GAME)?.execute(params![
        u.id,
        from,
        u.moves,
        u.redo,
        now(),
        u.online,
        u.online_status,
        u.south_user,
        u.north_user,
        u.listing
    ])?;
    if n == 1 {
        return Ok(());
    }
    let exists: Option<i64> = c
        .query_row(GAME_EXISTS, params![u.id], |r| r.get(0))
        .optional()?;
    Err(Sql::Store(match exists {
        Some(_) => StoreError::Conflict {
            id: u.id,
            expected: u.from_version,
        },
        None => StoreError::Missing { id: u.id },
    }))
}

impl Store for SqliteStore {
    fn describe(&self) -> String {
        self.resource.clone()
    }

    // Each domain's tables are this backend's own (`store/mod.rs`).
    crate::store::domain_stores!();

    fn close(&self) -> StoreFuture<'_, ()> {
        // Dropping the sender ends the thread once the queued jobs are done.
        drop(self.jobs.lock().unwrap_or_else(|e| e.into_inner()).take());
        let done = self.done.lock().unwrap_or_else(|e| e.into_inner()).take();
        Box::pin(async move {
            if let Some(done) = done {
                let _ = done.await;
            }
            Ok(())
        })
    }
}

impl GameStore for SqliteStore {
    fn insert(&self, g: GameRow) -> StoreFuture<'_, ()> {
        self.run(move |c| insert_row(c, &g))
    }

    fn update_and_insert(&self, u: GameUpdate, g: GameRow) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            let tx = c.transaction()?;
            update_row(&tx, u)?;
            insert_row(&tx, &g)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn load(&self, id: String) -> StoreFuture<'_, Option<GameRow>> {
        self.run(move |c| Ok(c.query_row(LOAD_GAME, params![id], read_row).optional()?))
    }

    fn live_online(&self) -> StoreFuture<'_, Vec<GameRow>> {
        self.run(|c| {
            let mut st = c.prepare(&format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE {LIVE_ONLINE} ORDER BY created"
            ))?;
            let rows = st.query_map([], read_row)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn listed_online_of(
        &self,
        user_id: String,
        offset: u64,
        limit: u64,
    ) -> StoreFuture<'_, Vec<ListedGame>> {
        self.run(move |c| {
            let mut st = c.prepare_cached(LIST_ONLINE_OF)?;
            let (limit, offset) = (crate::store::int(limit), crate::store::int(offset));
            let rows = st.query_map(params![user_id, limit, offset], |r| {
                Ok(ListedGame {
                    id: r.get(0)?,
                    online_status: r.get(1)?,
                    south_user: r.get(2)?,
                    north_user: r.get(3)?,
                    listing: r.get(4)?,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn live_online_count(&self, user_id: String) -> StoreFuture<'_, u64> {
        self.run(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT COUNT(*) FROM games
                 WHERE (south_user = ?1 OR north_user = ?1) AND {LIVE_ONLINE}"
            ))?;
            let n: i64 = st.query_row(params![user_id], |r| r.get(0))?;
            Ok(u64::try_from(n).unwrap_or(0))
        })
    }

    fn update(&self, u: GameUpdate) -> StoreFuture<'_, ()> {
        self.run(move |c| update_row(c, u))
    }

    fn save_review(&self, id: String, review: String) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            let written: Option<String> = c
                .query_row(SAVE_REVIEW, params![id, review, now()], |r| r.get(0))
                .optional()?;
            match written {
                Some(_) => Ok(()),
                None => Err(Sql::Store(StoreError::Missing { id })),
            }
        })
    }

    fn load_review(&self, id: String) -> StoreFuture<'_, Option<String>> {
        self.run(move |c| {
            Ok(c.query_row(LOAD_REVIEW, params![id], |r| r.get(0))
                .optional()?)
        })
    }

    fn count(&self) -> StoreFuture<'_, u64> {
        self.run(|c| {
            let n: i64 = c.query_row(COUNT_GAMES, [], |r| r.get(0))?;
            Ok(n.max(0) as u64)
        })
    }
}

impl NoticeStore for SqliteStore {
    fn mark_alive(&self, now_ms: u64) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            c.execute(MARK_ALIVE, params![now_ms.to_string()])?;
            Ok(())
        })
    }

    fn last_alive(&self) -> StoreFuture<'_, Option<u64>> {
        self.run(|c| {
            let v: Option<String> = c.query_row(LAST_ALIVE, [], |r| r.get(0)).optional()?;
            Ok(v.and_then(|v| v.parse().ok()))
        })
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
            version: 1,
            south_name: "You".into(),
            north_name: "Computer".into(),
            online: String::new(),
            online_status: String::new(),
            south_user: None,
            north_user: None,
            listing: String::new(),
        }
    }

    fn update(id: &str, from_version: u64, moves: &str) -> GameUpdate {
        GameUpdate {
            id: id.into(),
            from_version,
            moves: moves.into(),
            redo: String::new(),
            online: String::new(),
            online_status: String::new(),
            south_user: None,
            north_user: None,
            listing: String::new(),
        }
    }

    #[tokio::test]
    async fn insert_update_load_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/games.sqlite");
        {
            let s = SqliteStore::open(&path).unwrap();
            s.insert(row()).await.unwrap();
            s.update(update("g1", 1, "Fc")).await.unwrap();
            assert_eq!(
                s.update(update("nope", 1, "")).await,
                Err(StoreError::Missing { id: "nope".into() })
            );
            s.close().await.unwrap();
        }
        let s = SqliteStore::open(&path).unwrap();
        let g = s.load("g1".into()).await.unwrap().unwrap();
        assert_eq!(g.moves, "Fc");
        assert_eq!(g.version, 2);
        assert_eq!(g.north_name, "Computer");
        assert_eq!(s.load("g2".into()).await.unwrap(), None);
        assert_eq!(s.count().await.unwrap(), 1);
        // The versions of the games that exist, the others left out.
        assert_eq!(
            s.versions(vec!["g2".into(), "g1".into()]).await.unwrap(),
            vec![("g1".to_string(), 2)]
        );
    }

    #[tokio::test]
    async fn a_review_is_stored_replaced_and_kept_across_a_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite");
        {
            let s = SqliteStore::open(&path).unwrap();
            s.insert(row()).await.unwrap();
            assert_eq!(s.load_review("g1".into()).await.unwrap(), None);
            s.save_review("g1".into(), "{\"a\":1}".into())
                .await
                .unwrap();
            s.save_review("g1".into(), "{\"a\":2}".into())
                .await
                .unwrap();
            assert_eq!(
                s.save_review("nope".into(), "{}".into()).await,
                Err(StoreError::Missing { id: "nope".into() })
            );
            // The game's row and version are untouched.
            assert_eq!(s.load("g1".into()).await.unwrap().unwrap().version, 1);
            s.close().await.unwrap();
        }
        let s = SqliteStore::open(&path).unwrap();
        assert_eq!(
            s.load_review("g1".into()).await.unwrap().as_deref(),
            Some("{\"a\":2}")
        );
        assert_eq!(s.load_review("nope".into()).await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_write_from_a_stale_version_is_a_conflict_and_changes_nothing() {
        let s = SqliteStore::in_memory().unwrap();
        s.insert(row()).await.unwrap();
        s.update(update("g1", 1, "F")).await.unwrap();
        // A second writer that read version 1 too.
        assert_eq!(
            s.update(update("g1", 1, "A")).await,
            Err(StoreError::Conflict {
                id: "g1".into(),
                expected: 1
            })
        );
        let g = s.load("g1".into()).await.unwrap().unwrap();
        assert_eq!((g.moves.as_str(), g.version), ("F", 2));
    }

    #[tokio::test]
    async fn a_second_store_on_the_same_file_is_refused_until_the_first_closes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite");
        let first = SqliteStore::open(&path).unwrap();
        let Err(e) = SqliteStore::open(&path) else {
            panic!("a second store opened the same file");
        };
        assert!(matches!(e, StoreError::Locked { .. }), "{e}");
        assert!(e.to_string().contains("games.sqlite"), "{e}");
        first.close().await.unwrap();
        let again = SqliteStore::open(&path).unwrap();
        assert_eq!(again.count().await.unwrap(), 0);
        assert!(
            first.count().await.is_err(),
            "a closed store answers errors"
        );
    }

    #[test]
    fn a_database_sqlite_can_only_read_is_refused_at_start() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite");
        Connection::open(&path)
            .unwrap()
            .execute_batch("CREATE TABLE t (x)")
            .unwrap();
        // The file system or the permissions may make SQLite open a file read-only; as the
        // tests may run as root (who can write anything), open it read-only explicitly.
        let conn =
            Connection::open_with_flags(&path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        let Err(e) = SqliteStore::start(conn, None, &path, "test".into()) else {
            panic!("a read-only database was accepted");
        };
        assert!(matches!(e, StoreError::ReadOnly { .. }), "{e}");
        assert!(e.to_string().contains("games.sqlite"), "{e}");
    }

    #[test]
    fn a_folder_or_a_file_in_the_way_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain");
        std::fs::write(&file, "x").unwrap();
        let Err(e) = SqliteStore::open(&file.join("games.sqlite")) else {
            panic!("opened a database under a plain file");
        };
        assert!(e.to_string().contains("is not a folder"), "{e}");
        let Err(e) = SqliteStore::open(dir.path()) else {
            panic!("opened a folder as a database");
        };
        assert!(e.to_string().contains("a folder"), "{e}");
    }
}
