//! Where games live between requests: the [`Store`] interface and its backends.
//!
//! The rest of the server sees only [`Store`]: plain rows of text in, plain rows out, each
//! operation an `async` call that never blocks a tokio worker. A backend is picked at start
//! ([`SqliteStore`] for a file, [`PostgresStore`] for a `postgres://` URL: see [`open`]) and
//! shared as `Arc<dyn Store>`.
//!
//! **Versions.** Every game row carries a version, bumped by every change. A write names the
//! version it read ([`GameUpdate::from_version`]) and succeeds only if the row still has it
//! (`UPDATE … WHERE id = ? AND version = ?`); otherwise it changes nothing and answers
//! [`StoreError::Conflict`]. That check, not a lock in one process, is what keeps two writers
//! (two tabs, two server instances on one database) from overwriting each other's moves.
//!
//! **Layout.** One repository trait per domain, each beside its rows and its SQL: the games
//! ([`GameStore`], `games_sql.rs`), what instances sharing a database tell each other
//! ([`NoticeStore`], here), the accounts (`accounts.rs`), the quick-pairing pools (`pool.rs`),
//! the tournaments (`tournaments.rs`), the chat (`chat.rs`), the bots (`bots.rs`), the puzzles
//! (`training.rs`) and the game search (`search.rs`). [`Store`] is the games' and the
//! notices' repository itself and hands out the others; every backend has every table. The two
//! backends are folders with the same file names, `sqlite/` and `postgres/`: the store and its
//! games in `mod.rs`, then `accounts.rs`, `pool.rs`, `tournaments.rs`, `chat.rs`, and the
//! backend's own parts (SQLite: `client.rs` its database thread, `lock.rs` its file lock,
//! `schema.rs` its migrations; PostgreSQL: `client.rs` its pool, `notices.rs` its listening
//! connection, `sql.rs` its migrations).
//!
//! **SQL written once.** A statement both databases accept is written once, in its domain's
//! file, with SQLite's numbered placeholders `?N`; PostgreSQL runs it through `numbered`
//! (`$N`). The tables are one text for both. What differs stays with its backend, and the
//! domain's notes say what: PostgreSQL's row locks and advisory locks (rated games' ratings, a
//! tournament's joins, a game's chat numbers, migrations), its data-modifying `WITH` and
//! `= ANY($1)` lists (SQLite runs the parts in one transaction, or one id at a time), its
//! claims and notifications (SQLite has one process, so none), and the start-up query's order.

pub(crate) mod accounts;
pub(crate) mod bots;
pub(crate) mod chat;
pub(crate) mod classes;
mod games_sql;
pub(crate) mod lessons;
pub(crate) mod pool;
mod postgres;
pub(crate) mod prefs;
pub(crate) mod search;
mod sqlite;
pub(crate) mod tournaments;
pub(crate) mod training;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::broadcast;

pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;

/// Opens the store `db` names: a `postgres://` or `postgresql://` URL is a PostgreSQL
/// database (shared with other instances); anything else is a SQLite file (this process only).
pub async fn open(db: &str) -> Result<Arc<dyn Store>, StoreError> {
    open_with(db, SqliteStore::open).await
}

/// Opens the store `db` names for an operator's command beside a running server: PostgreSQL
/// as [`open`] does; a SQLite file without the server's lock ([`SqliteStore::open_for_operator`]).
pub async fn open_for_operator(db: &str) -> Result<Arc<dyn Store>, StoreError> {
    open_with(db, SqliteStore::open_for_operator).await
}

/// [`open`] with `sqlite` opening a SQLite file (on the blocking pool).
async fn open_with(
    db: &str,
    sqlite: fn(&std::path::Path) -> Result<SqliteStore, StoreError>,
) -> Result<Arc<dyn Store>, StoreError> {
    if postgres::is_url(db) {
        return Ok(Arc::new(PostgresStore::open(db).await?));
    }
    let path = std::path::PathBuf::from(db);
    let store = tokio::task::spawn_blocking(move || sqlite(&path))
        .await
        .map_err(|e| StoreError::Failed {
            resource: format!("SQLite file {db}"),
            message: e.to_string(),
        })??;
    Ok(Arc::new(store))
}

/// `sql`, written once for both backends with SQLite's numbered placeholders `?N`, with
/// PostgreSQL's `$N` instead (the shared statements contain no other `?`).
pub(crate) fn numbered(sql: &str) -> String {
    sql.replace('?', "$")
}

/// `v` (a time or a count) as SQL's signed integer; the largest one if it does not fit.
fn int(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// Now, in seconds since the epoch (the `created` and `updated` columns).
fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| int(d.as_secs()))
}

/// Now, in milliseconds since the epoch (the system's time: claims' and alive marks' expiries
/// are compared between instances, not game time), as the databases' BIGINT.
fn now_ms() -> i64 {
    i64::try_from(crate::time::system_now_ms()).unwrap_or(i64::MAX)
}

/// `db` as it may be shown in logs: a PostgreSQL URL loses its password.
pub(crate) fn display(db: &str) -> String {
    if postgres::is_url(db) {
        postgres::redact(db)
    } else {
        db.to_string()
    }
}

/// What another server instance did to the database, as a store that is shared tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// Game `id` was written and is now at `version` (a new game, a move, any change).
    Changed {
        /// The game.
        id: String,
        /// Its version now.
        version: u64,
    },
    /// Another instance's count of the event streams it holds for online game `id`.
    Presence {
        /// The instance (its name in notices).
        instance: String,
        /// The game.
        id: String,
        /// Streams of South's seat, of North's seat, and of spectators.
        counts: [u32; 3],
    },
    /// Another instance's `review` event for game `id` (a review it runs: progress, the end,
    /// a failure), as the JSON text of the event.
    Review {
        /// The game.
        id: String,
        /// The event's data.
        data: String,
    },
    /// A chat message another instance took for online game `id` (`chat.rs`), as the JSON
    /// text of its `chat` event.
    Chat {
        /// The game.
        id: String,
        /// The event's data.
        data: String,
    },
    /// An event of account `user`'s stream (`bot/hub.rs`) another instance sent, as the JSON
    /// text of the line.
    Account {
        /// The account (its id).
        user: String,
        /// The line.
        data: String,
    },
    /// Notices may have been missed (the listening connection was lost and is back): check
    /// every cached game against the database.
    Resync,
}

/// The future a [`Store`] operation returns: boxed so that the trait stays object-safe
/// (`Arc<dyn Store>`), `Send` so that handlers can await it on any worker.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// The domain accessors of [`Store`] for a backend that implements every domain's trait on
/// itself (both do): written once, expanded in each backend's `impl Store`.
macro_rules! domain_stores {
    () => {
        fn accounts(&self) -> &dyn crate::store::accounts::AccountStore {
            self
        }

        fn tournaments(&self) -> &dyn crate::store::tournaments::TournamentStore {
            self
        }

        fn pool(&self) -> &dyn crate::store::pool::PoolStore {
            self
        }

        fn chat(&self) -> &dyn crate::store::chat::ChatStore {
            self
        }

        fn bots(&self) -> &dyn crate::store::bots::BotStore {
            self
        }

        fn training(&self) -> &dyn crate::store::training::TrainingStore {
            self
        }

        fn lessons(&self) -> &dyn crate::store::lessons::LessonStore {
            self
        }

        fn prefs(&self) -> &dyn crate::store::prefs::PrefStore {
            self
        }

        fn search(&self) -> &dyn crate::store::search::SearchStore {
            self
        }

        fn classes(&self) -> &dyn crate::store::classes::ClassStore {
            self
        }
    };
}
pub(crate) use domain_stores;

/// The storage interface: one implementation per database, made of one repository per domain.
///
/// The games ([`GameStore`]) and what instances sharing the database tell each other
/// ([`NoticeStore`]) are the store's own methods (its supertraits), called on the store itself;
/// the other domains' repositories are handed out by [`Store::accounts`], [`Store::tournaments`],
/// [`Store::pool`] and [`Store::chat`], every backend having every table.
///
/// Implementations must be safe to call from many tasks at once; each call is one atomic step
/// (a transaction where the database has them).
pub trait Store: GameStore + NoticeStore + 'static {
    /// What this store is, for logs and start-up lines, e.g. `SQLite file games.sqlite`.
    fn describe(&self) -> String;

    /// The accounts' tables of the same database (`accounts.rs`).
    fn accounts(&self) -> &dyn accounts::AccountStore;

    /// The tournaments' tables of the same database (`tournaments.rs`).
    fn tournaments(&self) -> &dyn tournaments::TournamentStore;

    /// The quick-pairing pools' table of the same database (`pool.rs`).
    fn pool(&self) -> &dyn pool::PoolStore;

    /// The chat's table of the same database (`chat.rs`).
    fn chat(&self) -> &dyn chat::ChatStore;

    /// The bots' tables of the same database (`bots.rs`): API tokens, the bot mark,
    /// challenges.
    fn bots(&self) -> &dyn bots::BotStore;

    /// The puzzles' tables of the same database (`training.rs`): puzzle ratings, rounds,
    /// votes.
    fn training(&self) -> &dyn training::TrainingStore;
    /// The lessons' table of the same database (`lessons.rs`): the stars of each account.
    fn lessons(&self) -> &dyn lessons::LessonStore;
    /// The accounts' preferences of the same database (`prefs.rs`): the language each chose.
    fn prefs(&self) -> &dyn prefs::PrefStore;
    /// The classes' tables of the same database (`classes.rs`): classes, pupils, work.
    fn classes(&self) -> &dyn classes::ClassStore;

    /// The game search's table of the same database (`search.rs`).
    fn search(&self) -> &dyn search::SearchStore;

    /// Finishes pending writes and releases the database (and any lock on it); later calls fail.
    fn close(&self) -> StoreFuture<'_, ()>;
}

/// The games' tables: the game rows (versioned writes) and their reviews.
pub trait GameStore: Send + Sync {
    /// Stores a new game (its `version` as given).
    fn insert(&self, game: GameRow) -> StoreFuture<'_, ()>;

    /// Loads a game, `None` when there is none with this id.
    fn load(&self, id: String) -> StoreFuture<'_, Option<GameRow>>;

    /// Writes a game's moves if the stored row still has `from_version`, setting the version to
    /// `from_version + 1`. A row at another version is left unchanged and answers
    /// [`StoreError::Conflict`]; an unknown id answers [`StoreError::Missing`].
    fn update(&self, update: GameUpdate) -> StoreFuture<'_, ()>;

    /// [`GameStore::update`] and [`GameStore::insert`] in one transaction: both or neither. A
    /// rematch links the finished game to its new one this way, so that no instance can see the
    /// link before the game, and a losing racer leaves no game behind.
    fn update_and_insert(&self, update: GameUpdate, new: GameRow) -> StoreFuture<'_, ()>;

    /// The online games still going (status `open` or `playing`), to resume their clocks and
    /// rebuild the lobby at start.
    fn live_online(&self) -> StoreFuture<'_, Vec<GameRow>>;

    /// A page of account `user_id`'s online games still going (as [`GameStore::live_online`],
    /// with the account in a seat, found by the seat columns' indexes, oldest first): at most
    /// `limit` of them after the first `offset`, only the columns its list shows: never the
    /// online part's JSON nor the moves.
    fn listed_online_of(
        &self,
        user_id: String,
        offset: u64,
        limit: u64,
    ) -> StoreFuture<'_, Vec<ListedGame>>;

    /// How many online games are still going with account `user_id` in a seat (counted by
    /// the seat columns' indexes, no row read): what the budget's games per account count.
    fn live_online_count(&self, user_id: String) -> StoreFuture<'_, u64>;

    /// Stores the review of game `id` (JSON text, written and read by `review.rs`), replacing
    /// the one stored before. An unknown id answers [`StoreError::Missing`]. Not versioned: a
    /// review says itself which moves it judged.
    fn save_review(&self, id: String, review: String) -> StoreFuture<'_, ()>;

    /// The review stored for game `id`, `None` when there is none.
    fn load_review(&self, id: String) -> StoreFuture<'_, Option<String>>;

    /// The number of stored games (also the health check: it answers only if the database does).
    fn count(&self) -> StoreFuture<'_, u64>;

    /// The version of game `id` as stored now (`None`: no such game). Cheaper than
    /// [`GameStore::load`] where it matters; by default it loads the row.
    fn version(&self, id: String) -> StoreFuture<'_, Option<u64>> {
        Box::pin(async move { Ok(self.load(id).await?.map(|g| g.version)) })
    }

    /// The stored versions of those of games `ids` that exist (in any order): one query where
    /// the database allows it; by default one [`GameStore::version`] each.
    fn versions(&self, ids: Vec<String>) -> StoreFuture<'_, Vec<(String, u64)>> {
        Box::pin(async move {
            let mut found = Vec::with_capacity(ids.len());
            for id in ids {
                if let Some(v) = self.version(id.clone()).await? {
                    found.push((id, v));
                }
            }
            Ok(found)
        })
    }
}

/// What the server instances sharing a database tell each other through it: changes
/// ([`Notice`]s), claims on work that must happen once, and when a server last served it.
/// For a store that one process owns (SQLite), the defaults: no notices, every claim granted.
pub trait NoticeStore: Send + Sync {
    /// Whether other server processes may write this database at the same time (so a cached
    /// game may be stale). `false` by default: one process per database.
    fn shared(&self) -> bool {
        false
    }

    /// Other instances' changes, for a shared store (`None`: no other instance can exist).
    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        None
    }

    /// Sends `message` (one line, no newline) to the other instances sharing the store (a
    /// [`Notice`] there); nothing by default, where there are none.
    fn announce(&self, message: String) -> StoreFuture<'_, ()> {
        let _ = message;
        Box::pin(async { Ok(()) })
    }

    /// Claims the work named `key` for this process for `lease` (or extends its own claim):
    /// `true` if it is ours now, `false` if another live process holds it. A claim that ran
    /// out may be taken by anyone. By default every claim is granted: one process per store.
    fn claim(&self, key: String, lease: Duration) -> StoreFuture<'_, bool> {
        let _ = (key, lease);
        Box::pin(async { Ok(true) })
    }

    /// Gives up this process's claim on `key` (the work is done) so that the work may be
    /// claimed again at once; nothing if the claim is not ours. Nothing by default.
    fn release(&self, key: String) -> StoreFuture<'_, ()> {
        let _ = key;
        Box::pin(async { Ok(()) })
    }

    /// Records that a server served this store at `now_ms` (epoch ms; a later time than the
    /// one recorded only): the clocks' resumption after a stop measures the downtime from it.
    fn mark_alive(&self, now_ms: u64) -> StoreFuture<'_, ()>;

    /// The last time [`NoticeStore::mark_alive`] recorded, if any.
    fn last_alive(&self) -> StoreFuture<'_, Option<u64>>;
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
    /// The online part (seats, clock, offers) as JSON; empty for a game on one device.
    pub online: String,
    /// The online status (`open`, `playing`, `over`, …); empty for a game on one device.
    pub online_status: String,
    /// The account in South's seat of an online game (its id), `None` for a guest or no one.
    pub south_user: Option<String>,
    /// The account in North's seat of an online game (its id), `None` for a guest or no one.
    pub north_user: Option<String>,
    /// What an account's list of games shows of an online game (JSON written by `games/`),
    /// empty for a game on one device and for rows written before the column was added.
    pub listing: String,
}

/// What an account's list of games reads of one of its games ([`GameStore::listed_online_of`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedGame {
    /// The public id.
    pub id: String,
    /// The online status (`open` or `playing`).
    pub online_status: String,
    /// The account in South's seat (its id).
    pub south_user: Option<String>,
    /// The account in North's seat (its id).
    pub north_user: Option<String>,
    /// The game's [`GameRow::listing`] (empty for a row written before the column).
    pub listing: String,
}

/// A change of a game's moves, checked against the version it was computed from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameUpdate {
    /// The game.
    pub id: String,
    /// The version the writer read; the row is written only if it still has it.
    pub from_version: u64,
    /// The moves played, as letters.
    pub moves: String,
    /// The moves redo can replay, as letters, next one first.
    pub redo: String,
    /// The online part as JSON (empty for a game on one device).
    pub online: String,
    /// The online status (empty for a game on one device).
    pub online_status: String,
    /// The account in South's seat (its id), `None` for a guest or no one.
    pub south_user: Option<String>,
    /// The account in North's seat (its id), `None` for a guest or no one.
    pub north_user: Option<String>,
    /// The game's `listing` column ([`GameRow::listing`]).
    pub listing: String,
}

/// Why a storage operation failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The game is no longer at the version the writer read: someone else changed it first.
    /// Nothing was written.
    #[error("game {id} changed meanwhile (it is no longer at version {expected})")]
    Conflict {
        /// The game.
        id: String,
        /// The version the writer expected.
        expected: u64,
    },
    /// An update named a game that is not stored.
    #[error("game {id} is not in the database")]
    Missing {
        /// The game.
        id: String,
    },
    /// Another server process already uses this database file.
    #[error(
        "the database {path} {}is in use by another oware server, maybe under another name (a \
         hard link or a symlink of the same file); stop that server or pass another --db",
        other_name(.path, .lock)
    )]
    Locked {
        /// The database file.
        path: String,
        /// The file the other process holds locked: the database's canonical path (a hard link
        /// may be another name of it).
        lock: String,
    },
    /// The database cannot be written (a read-only file, folder or file system).
    #[error(
        "the database {path} cannot be written ({reason}); check the file's and its folder's \
         permissions or pass another --db"
    )]
    ReadOnly {
        /// The database file.
        path: String,
        /// What the database said.
        reason: String,
    },
    /// The database failed (disk, file, schema, a closed store).
    #[error("{resource}: {message}")]
    Failed {
        /// Which database, e.g. `SQLite file games.sqlite`.
        resource: String,
        /// What went wrong.
        message: String,
    },
}

/// `(the file LOCK) ` when the locked file is not the database's own name, else nothing.
fn other_name(path: &str, lock: &str) -> String {
    if lock == path {
        String::new()
    } else {
        format!("(the file {lock}) ")
    }
}
