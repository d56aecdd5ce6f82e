//! [`PrefStore`] on PostgreSQL (`store/prefs.rs`).

use super::PostgresStore;
use crate::store::prefs::{PrefStore, LANG_OF, SAVE_LANG};
use crate::store::{int, numbered, StoreFuture};

impl PrefStore for PostgresStore {
    fn save_lang(&self, user: String, lang: String, at_ms: u64) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let c = self.client().await?;
            c.execute(&numbered(SAVE_LANG), &[&user, &lang, &int(at_ms)])
                .await
                .map_err(|e| self.failed(e))?;
            Ok(())
        })
    }

    fn lang(&self, user: String) -> StoreFuture<'_, Option<String>> {
        Box::pin(async move {
            let rows = self
                .rows(&numbered(LANG_OF), &[&user], |r| r.get::<_, String>(0))
                .await?;
            Ok(rows.into_iter().next())
        })
    }
}
