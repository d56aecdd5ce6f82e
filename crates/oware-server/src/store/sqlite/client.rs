//! The SQLite store's use of its database thread: [`SqliteStore`]'s `run`, which hands a job to
//! the thread and awaits its answer, and [`Sql`], the failure of a job (SQLite's own or one of
//! ours), mapped to a [`StoreError`] that names the file.

use rusqlite::Connection;
use tokio::sync::oneshot;

use super::SqliteStore;
use crate::store::{StoreError, StoreFuture};

impl SqliteStore {
    /// Runs `f` on the database thread and awaits its answer; SQLite errors name the file.
    pub(super) fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, Sql> + Send + 'static,
    ) -> StoreFuture<'_, T> {
        let (tx, rx) = oneshot::channel();
        let sent = self
            .jobs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map(|jobs| {
                jobs.send(Box::new(move |c: &mut Connection| {
                    // The caller may have gone (a closed connection): nothing to answer.
                    let _ = tx.send(f(c));
                }))
                .is_ok()
            })
            .unwrap_or(false);
        Box::pin(async move {
            let closed = || StoreError::Failed {
                resource: self.resource.clone(),
                message: "the database is closed".into(),
            };
            if !sent {
                return Err(closed());
            }
            match rx.await {
                Ok(Ok(v)) => Ok(v),
                Ok(Err(Sql::Store(e))) => Err(e),
                Ok(Err(Sql::Sqlite(e))) => Err(StoreError::Failed {
                    resource: self.resource.clone(),
                    message: e.to_string(),
                }),
                Err(_) => Err(closed()),
            }
        })
    }
}

/// A failure on the database thread or while preparing the database: SQLite's own, or one of
/// ours.
pub(super) enum Sql {
    Sqlite(rusqlite::Error),
    Store(StoreError),
}

impl From<rusqlite::Error> for Sql {
    fn from(e: rusqlite::Error) -> Self {
        Sql::Sqlite(e)
    }
}
