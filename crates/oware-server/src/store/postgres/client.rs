//! The PostgreSQL store's use of its pool: a connection ([`PostgresStore`]'s `client`), one
//! statement's rows or changed-row count (`rows`, `exec`), the versioned write of a game
//! (`write_update`) and why it wrote nothing (`refusal`), a notification (`notify`), and the
//! error that names the database (`failed`).

use std::sync::atomic::Ordering;

use super::sql::CHANNEL;
use super::PostgresStore;
use crate::store::games_sql::{GAME_EXISTS, UPDATE_GAME};
use crate::store::{now, numbered, GameUpdate, StoreError};

impl PostgresStore {
    pub(super) fn failed(&self, e: impl std::fmt::Display) -> StoreError {
        StoreError::Failed {
            resource: self.resource.clone(),
            message: e.to_string(),
        }
    }

    /// Sends `payload` on the channel, in a transaction of its own. It writes nothing, so its
    /// commit has no WAL to flush and holds NOTIFY's database-wide queue lock only for a moment;
    /// a NOTIFY inside a writing transaction would hold that lock through the flush and so
    /// serialise every instance's writes (see the module's notes).
    pub(super) async fn notify(
        &self,
        c: &deadpool_postgres::Object,
        payload: &str,
    ) -> Result<(), StoreError> {
        let st = c
            .prepare_cached("SELECT pg_notify($1, $2)")
            .await
            .map_err(|e| self.failed(e))?;
        c.execute(&st, &[&CHANNEL, &payload])
            .await
            .map_err(|e| self.failed(e))?;
        Ok(())
    }

    /// Runs one statement and maps its rows.
    pub(super) async fn rows<T>(
        &self,
        sql: &str,
        args: &[&(dyn tokio_postgres::types::ToSql + Sync)],
        f: impl Fn(&tokio_postgres::Row) -> T,
    ) -> Result<Vec<T>, StoreError> {
        let c = self.client().await?;
        let st = c.prepare_cached(sql).await.map_err(|e| self.failed(e))?;
        let rows = c.query(&st, args).await.map_err(|e| self.failed(e))?;
        Ok(rows.iter().map(f).collect())
    }

    /// Runs one statement, answering the rows it changed.
    pub(super) async fn exec(
        &self,
        sql: &str,
        args: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<u64, StoreError> {
        let c = self.client().await?;
        let st = c.prepare_cached(sql).await.map_err(|e| self.failed(e))?;
        c.execute(&st, args).await.map_err(|e| self.failed(e))
    }

    /// Runs `u`'s versioned `UPDATE` on `c` (a connection or a transaction): the rows written,
    /// 1 or 0.
    pub(super) async fn write_update(
        &self,
        c: &impl deadpool_postgres::GenericClient,
        u: &GameUpdate,
    ) -> Result<u64, StoreError> {
        let from = i64::try_from(u.from_version).unwrap_or(i64::MAX);
        let st = c
            .prepare_cached(&numbered(UPDATE_GAME))
            .await
            .map_err(|e| self.failed(e))?;
        let args: [&(dyn tokio_postgres::types::ToSql + Sync); 10] = [
            &u.id,
            &from,
            &u.moves,
            &u.redo,
            &now(),
            &u.online,
            &u.online_status,
            &u.south_user,
            &u.north_user,
            &u.listing,
        ];
        c.execute(&st, &args).await.map_err(|e| self.failed(e))
    }

    /// Why `u` wrote nothing: the game is at another version, or it is not stored.
    pub(super) async fn refusal(
        &self,
        c: &impl deadpool_postgres::GenericClient,
        u: GameUpdate,
    ) -> StoreError {
        match c.query_opt(&numbered(GAME_EXISTS), &[&u.id]).await {
            Ok(Some(_)) => StoreError::Conflict {
                id: u.id,
                expected: u.from_version,
            },
            Ok(None) => StoreError::Missing { id: u.id },
            Err(e) => self.failed(e),
        }
    }

    pub(super) async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        if self.closed.load(Ordering::Relaxed) {
            return Err(self.failed("the database is closed"));
        }
        self.pool
            .get()
            .await
            .map_err(|e| self.failed(pool_error(&e)))
    }
}

fn pool_error(e: &deadpool_postgres::PoolError) -> String {
    match e {
        deadpool_postgres::PoolError::Timeout(_) => {
            "the database did not answer in time (is it running and reachable?)".into()
        }
        deadpool_postgres::PoolError::Backend(e) => e.to_string(),
        e => e.to_string(),
    }
}
