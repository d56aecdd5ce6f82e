//! The PostgreSQL backend: several server instances on one database.
//!
//! The driver is `tokio-postgres` (async, maintained with the `postgres` crate family, no
//! compile-time database needed, unlike `sqlx`'s checked queries) behind a `deadpool-postgres`
//! pool (a small pool that hands out connections, checks them on reuse and caches prepared
//! statements per connection). Every operation is one statement in autocommit, so a pooled
//! connection is never held across an `await` of ours.
//!
//! **Migrations** are numbered like SQLite's and recorded in `oware_migrations`; they run at
//! start in one transaction that first takes a transaction-scoped advisory lock, so two
//! instances starting at once apply them once (the second waits, then finds nothing to do).
//!
//! **Versions.** `UPDATE games … WHERE id = $1 AND version = $2` is the optimistic check.
//! When (and only when) it changed the row, a second statement on the same connection sends
//! `pg_notify('oware_games', 'INSTANCE ID VERSION')`, so a lost race is never announced.
//!
//! The notification is sent **after** the write commits, in a transaction of its own, and not
//! inside the write: PostgreSQL serialises the commits of notifying transactions with one
//! database-wide lock, and a writing transaction holds it while its WAL is flushed. With the
//! notification inside the write, every move of every instance waited in that one line (at
//! 1,000 online games, samples of `pg_stat_activity` showed most busy sessions waiting on
//! `Lock:object`, and the relay's p99 was about 1 s). A notifying transaction that writes
//! nothing has no WAL to flush, so it holds the lock only for a moment. The price is a window
//! of one round trip in which an instance that dies has stored a move and not announced it:
//! the presence heartbeat (every 10 s, with each watched game's version) catches the
//! other instances' watchers up, and any request checks the version it holds.
//!
//! **Notifications.** A dedicated connection (outside the pool) runs `LISTEN oware_games` and
//! hands each notification from another instance to [`NoticeStore::notices`] subscribers. When that
//! connection drops it reconnects with a growing pause, then sends [`Notice::Resync`]: the
//! notifications of the gap are lost, so subscribers check what they hold.
//!
//! **Claims** (work that must happen once, e.g. the computer's reply) are rows of
//! `oware_claims` with an owner and an expiry: an insert that wins, or takes over an expired
//! row, holds the claim; a claimer that dies lets it expire and another instance takes over.
//!
//! This file holds the store itself: opening, the migrations and the games' statements. The
//! pool helpers are in `client.rs`, the listening connection in `notices.rs`, the SQL of the
//! schema and of a game in `sql.rs`, the other tables' statements in `accounts.rs`, `pool.rs`,
//! `tournaments.rs` and `chat.rs`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio::sync::broadcast;
use tokio_postgres::NoTls;

use super::games_sql::{
    COUNT_GAMES, GAME_COLUMNS, INSERT_GAME, LAST_ALIVE, LIST_ONLINE_OF, LIVE_ONLINE, LOAD_GAME,
    LOAD_REVIEW, MARK_ALIVE, MARK_START, SAVE_REVIEW,
};
use super::numbered;
use super::{
    now, now_ms, GameRow, GameStore, GameUpdate, ListedGame, Notice, NoticeStore, Store,
    StoreError, StoreFuture,
};

mod accounts;
mod bots;
mod chat;
mod classes;
mod client;
mod lessons;
mod notices;
mod pool;
mod prefs;
mod search;
mod sql;
mod tournaments;
mod training;
use sql::{insert_params, read_row, MIGRATIONS, MIGRATION_LOCK};

/// Connections in the pool (requests beyond wait for one).
const POOL_SIZE: usize = 16;

/// How long a request waits for a connection, or for a new one to open, before it is a 503.
const POOL_WAIT: Duration = Duration::from_secs(5);

/// Games in a PostgreSQL database shared by any number of server instances.
pub struct PostgresStore {
    pool: Pool,
    config: tokio_postgres::Config,
    resource: String,
    /// This process's name in notifications and claims (random per start).
    instance: String,
    notices: broadcast::Sender<Notice>,
    closed: Arc<AtomicBool>,
}

/// The URL without its password, for logs and messages.
pub(crate) fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (auth, host) = match rest.rsplit_once('@') {
        Some((a, h)) => (Some(a), h),
        None => (None, rest),
    };
    match auth {
        Some(a) => {
            let user = a.split(':').next().unwrap_or("");
            if a.contains(':') {
                format!("{scheme}://{user}:***@{host}")
            } else {
                format!("{scheme}://{user}@{host}")
            }
        }
        None => url.to_string(),
    }
}

/// Whether `db` names a PostgreSQL database rather than a SQLite file.
pub(crate) fn is_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

fn random_instance() -> String {
    let mut b = [0u8; 6];
    // Without random numbers two instances could share a name; the process id keeps them
    // apart on one machine, which is the case tests have.
    if getrandom::fill(&mut b).is_err() {
        return format!("p{}", std::process::id());
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DB`, or
    /// `host=/socket/dir` among the query parameters), applies the migrations (one instance
    /// at a time) and starts listening for other instances' changes.
    pub async fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let resource = format!("PostgreSQL {}", redact(url));
        let failed = |message: String| StoreError::Failed {
            resource: resource.clone(),
            message,
        };
        let mut config: tokio_postgres::Config = url
            .parse()
            .map_err(|e| failed(format!("not a usable database URL: {e}")))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(POOL_WAIT);
        }
        config.application_name("oware");
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(POOL_WAIT))
            .create_timeout(Some(POOL_WAIT))
            .recycle_timeout(Some(POOL_WAIT))
            .build()
            .map_err(|e| failed(format!("cannot make the connection pool: {e}")))?;
        let store = PostgresStore {
            pool,
            config,
            resource,
            instance: random_instance(),
            notices: broadcast::channel(1024).0,
            closed: Arc::new(AtomicBool::new(false)),
        };
        store.migrate().await?;
        store.listen().await?;
        Ok(store)
    }

    /// Applies the missing migrations under the advisory lock, then records this start.
    async fn migrate(&self) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(|e| self.failed(e))?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .await
            .map_err(|e| self.failed(e))?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS oware_migrations (
                version    INTEGER PRIMARY KEY,
                applied_ms BIGINT NOT NULL
            )",
        )
        .await
        .map_err(|e| self.failed(e))?;
        let row = tx
            .query_one(
                "SELECT COALESCE(MAX(version), 0) FROM oware_migrations",
                &[],
            )
            .await
            .map_err(|e| self.failed(e))?;
        let version: i32 = row.get(0);
        let known = MIGRATIONS.len() as i32;
        if version > known {
            return Err(self.failed(format!(
                "the database has schema version {version}, newer than this server's {known}"
            )));
        }
        for (i, parts) in MIGRATIONS.iter().enumerate().skip(version.max(0) as usize) {
            for sql in *parts {
                tx.batch_execute(sql)
                    .await
                    .map_err(|e| self.failed(format!("migration {}: {e}", i + 1)))?;
            }
            tx.execute(
                "INSERT INTO oware_migrations (version, applied_ms) VALUES ($1, $2)",
                &[&(i as i32 + 1), &now_ms()],
            )
            .await
            .map_err(|e| self.failed(e))?;
            tracing::info!("{}: schema migration {} applied", self.resource, i + 1);
        }
        tx.execute(&numbered(MARK_START), &[&now().to_string()])
            .await
            .map_err(|e| self.failed(e))?;
        tx.commit().await.map_err(|e| self.failed(e))
    }
}

impl Store for PostgresStore {
    fn describe(&self) -> String {
        self.resource.clone()
    }

    // Each domain's tables are this backend's own (`store/mod.rs`).
    crate::store::domain_stores!();

    fn close(&self) -> StoreFuture<'_, ()> {
        self.closed.store(true, Ordering::Relaxed);
        self.pool.close();
        Box::pin(async { Ok(()) })
    }
}

impl GameStore for PostgresStore {
    fn insert(&self, g: GameRow) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let c = self.client().await?;
            let st = c
                .prepare_cached(&numbered(INSERT_GAME))
                .await
                .map_err(|e| self.failed(e))?;
            let (version, t) = (g.version as i64, now());
            c.execute(&st, &insert_params(&g, &version, &t))
                .await
                .map_err(|e| self.failed(e))?;
            // Other instances learn of new online games (the lobby) from this. The game is
            // stored: a notice that cannot be sent is logged, not the creator's failure (an
            // error here would have them create the game again).
            if !g.online.is_empty() {
                let payload = format!("{} {} {}", self.instance, g.id, g.version);
                if let Err(e) = self.notify(&c, &payload).await {
                    tracing::warn!(game = %g.id, "the new game could not be announced: {e}");
                }
            }
            Ok(())
        })
    }

    fn load(&self, id: String) -> StoreFuture<'_, Option<GameRow>> {
        Box::pin(async move {
            let c = self.client().await?;
            let st = c
                .prepare_cached(&numbered(LOAD_GAME))
                .await
                .map_err(|e| self.failed(e))?;
            let row = c.query_opt(&st, &[&id]).await.map_err(|e| self.failed(e))?;
            Ok(row.as_ref().map(read_row))
        })
    }

    fn version(&self, id: String) -> StoreFuture<'_, Option<u64>> {
        Box::pin(async move {
            let c = self.client().await?;
            let st = c
                .prepare_cached("SELECT version FROM games WHERE id = $1")
                .await
                .map_err(|e| self.failed(e))?;
            let row = c.query_opt(&st, &[&id]).await.map_err(|e| self.failed(e))?;
            Ok(row.map(|r| r.get::<_, i64>(0).max(0) as u64))
        })
    }

    fn versions(&self, ids: Vec<String>) -> StoreFuture<'_, Vec<(String, u64)>> {
        Box::pin(async move {
            let c = self.client().await?;
            let st = c
                .prepare_cached("SELECT id, version FROM games WHERE id = ANY($1)")
                .await
                .map_err(|e| self.failed(e))?;
            let rows = c.query(&st, &[&ids]).await.map_err(|e| self.failed(e))?;
            Ok(rows
                .iter()
                .map(|r| (r.get(0), r.get::<_, i64>(1).max(0) as u64))
                .collect())
        })
    }

    fn update(&self, u: GameUpdate) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let c = self.client().await?;
            let n = self.write_update(&c, &u).await?;
            if n == 1 {
                // Committed (and flushed): now the other instances may hear of it. A
                // notification that cannot be sent is not the writer's failure: the move is
                // stored, and the presence heartbeat carries versions that catch it up.
                let payload = format!("{} {} {}", self.instance, u.id, u.from_version + 1);
                if let Err(e) = self.notify(&c, &payload).await {
                    tracing::warn!(game = %u.id, "the change could not be announced: {e}");
                }
                return Ok(());
            }
            Err(self.refusal(&c, u).await)
        })
    }

    fn update_and_insert(&self, u: GameUpdate, g: GameRow) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let mut c = self.client().await?;
            let t = now();
            let tx = c.transaction().await.map_err(|e| self.failed(e))?;
            let n = self.write_update(&tx, &u).await?;
            if n != 1 {
                drop(tx); // rolled back
                return Err(StoreError::Conflict {
                    id: u.id,
                    expected: u.from_version,
                });
            }
            let version = g.version as i64;
            tx.execute(&numbered(INSERT_GAME), &insert_params(&g, &version, &t))
                .await
                .map_err(|e| self.failed(e))?;
            tx.commit().await.map_err(|e| self.failed(e))?;
            // Both are stored: the other instances may hear of them (as update and insert do).
            for payload in [
                format!("{} {} {}", self.instance, u.id, u.from_version + 1),
                format!("{} {} {}", self.instance, g.id, g.version),
            ] {
                if let Err(e) = self.notify(&c, &payload).await {
                    tracing::warn!(game = %u.id, "the rematch could not be announced: {e}");
                }
            }
            Ok(())
        })
    }

    fn live_online(&self) -> StoreFuture<'_, Vec<GameRow>> {
        Box::pin(async move {
            let c = self.client().await?;
            let rows = c
                .query(
                    &format!(
                        "SELECT {GAME_COLUMNS} FROM games WHERE {LIVE_ONLINE} ORDER BY created, id"
                    ),
                    &[],
                )
                .await
                .map_err(|e| self.failed(e))?;
            Ok(rows.iter().map(read_row).collect())
        })
    }

    fn listed_online_of(
        &self,
        user_id: String,
        offset: u64,
        limit: u64,
    ) -> StoreFuture<'_, Vec<ListedGame>> {
        Box::pin(async move {
            let c = self.client().await?;
            let (limit, offset) = (crate::store::int(limit), crate::store::int(offset));
            let rows = c
                .query(&numbered(LIST_ONLINE_OF), &[&user_id, &limit, &offset])
                .await
                .map_err(|e| self.failed(e))?;
            Ok(rows
                .iter()
                .map(|r| ListedGame {
                    id: r.get(0),
                    online_status: r.get(1),
                    south_user: r.get(2),
                    north_user: r.get(3),
                    listing: r.get(4),
                })
                .collect())
        })
    }

    fn live_online_count(&self, user_id: String) -> StoreFuture<'_, u64> {
        Box::pin(async move {
            let c = self.client().await?;
            let row = c
                .query_one(
                    &format!(
                        "SELECT COUNT(*) FROM games
                         WHERE (south_user = $1 OR north_user = $1) AND {LIVE_ONLINE}"
                    ),
                    &[&user_id],
                )
                .await
                .map_err(|e| self.failed(e))?;
            let n: i64 = row.get(0);
            Ok(u64::try_from(n).unwrap_or(0))
        })
    }

    fn save_review(&self, id: String, review: String) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let c = self.client().await?;
            // One statement: the row is written only if the game exists (no row comes back
            // otherwise), and replaces the review stored before.
            let st = c
                .prepare_cached(&numbered(SAVE_REVIEW))
                .await
                .map_err(|e| self.failed(e))?;
            let written = c
                .query_opt(&st, &[&id, &review, &now()])
                .await
                .map_err(|e| self.failed(e))?;
            match written {
                Some(_) => Ok(()),
                None => Err(StoreError::Missing { id }),
            }
        })
    }

    fn load_review(&self, id: String) -> StoreFuture<'_, Option<String>> {
        Box::pin(async move {
            let c = self.client().await?;
            let st = c
                .prepare_cached(&numbered(LOAD_REVIEW))
                .await
                .map_err(|e| self.failed(e))?;
            let row = c.query_opt(&st, &[&id]).await.map_err(|e| self.failed(e))?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn count(&self) -> StoreFuture<'_, u64> {
        Box::pin(async move {
            let c = self.client().await?;
            let row = c
                .query_one(COUNT_GAMES, &[])
                .await
                .map_err(|e| self.failed(e))?;
            Ok(row.get::<_, i64>(0).max(0) as u64)
        })
    }
}

impl NoticeStore for PostgresStore {
    fn mark_alive(&self, now_ms: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let c = self.client().await?;
            c.execute(&numbered(MARK_ALIVE), &[&now_ms.to_string()])
                .await
                .map_err(|e| self.failed(e))?;
            Ok(())
        })
    }

    fn last_alive(&self) -> StoreFuture<'_, Option<u64>> {
        Box::pin(async move {
            let c = self.client().await?;
            let row = c
                .query_opt(LAST_ALIVE, &[])
                .await
                .map_err(|e| self.failed(e))?;
            Ok(row.and_then(|r| r.get::<_, String>(0).parse().ok()))
        })
    }

    fn shared(&self) -> bool {
        true
    }

    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        Some(self.notices.subscribe())
    }

    fn announce(&self, message: String) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let c = self.client().await?;
            self.notify(&c, &format!("{} {message}", self.instance))
                .await
        })
    }

    fn claim(&self, key: String, lease: Duration) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let c = self.client().await?;
            let now = now_ms();
            let until = now.saturating_add(i64::try_from(lease.as_millis()).unwrap_or(i64::MAX));
            let st = c
                .prepare_cached(
                    "INSERT INTO oware_claims (key, owner, until_ms) VALUES ($1, $2, $3)
                     ON CONFLICT (key) DO UPDATE SET owner = excluded.owner,
                                                     until_ms = excluded.until_ms
                     WHERE oware_claims.until_ms < $4 OR oware_claims.owner = excluded.owner
                     RETURNING owner",
                )
                .await
                .map_err(|e| self.failed(e))?;
            let won = c
                .query_opt(&st, &[&key, &self.instance, &until, &now])
                .await
                .map_err(|e| self.failed(e))?
                .is_some();
            // Old claims are of no use: drop those long expired now and then.
            if won && now % 64 == 0 {
                let _ = c
                    .execute(
                        "DELETE FROM oware_claims WHERE until_ms < $1",
                        &[&(now - 3_600_000)],
                    )
                    .await;
            }
            Ok(won)
        })
    }

    fn release(&self, key: String) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let c = self.client().await?;
            c.execute(
                "DELETE FROM oware_claims WHERE key = $1 AND owner = $2",
                &[&key, &self.instance],
            )
            .await
            .map_err(|e| self.failed(e))?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_told_from_paths_and_passwords_are_hidden() {
        assert!(is_url("postgres://u@h/db"));
        assert!(is_url("postgresql://u@h/db"));
        assert!(!is_url("oware.sqlite"));
        assert!(!is_url("/var/lib/postgres/x.sqlite"));
        assert_eq!(
            redact("postgres://u:secret@h:5/db"),
            "postgres://u:***@h:5/db"
        );
        assert_eq!(redact("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(redact("postgres://h/db"), "postgres://h/db");
    }

    #[tokio::test]
    async fn a_bad_url_or_an_unreachable_database_is_a_clear_error() {
        let Err(e) = PostgresStore::open("postgres://u@h:notaport/db").await else {
            panic!("a bad URL was accepted");
        };
        assert!(e.to_string().contains("not a usable database URL"), "{e}");
        // Port 1 on loopback: nothing listens there.
        let Err(e) = PostgresStore::open("postgres://u:pw@127.0.0.1:1/db?connect_timeout=2").await
        else {
            panic!("an unreachable database was accepted");
        };
        let text = e.to_string();
        assert!(
            text.contains("PostgreSQL postgres://u:***@127.0.0.1:1/db"),
            "{text}"
        );
        assert!(!text.contains("pw"), "{text}");
    }
}
