//! [`PrefStore`] on SQLite (`store/prefs.rs`).

use rusqlite::{params, OptionalExtension};

use super::SqliteStore;
use crate::store::prefs::{PrefStore, LANG_OF, SAVE_LANG};
use crate::store::{int, StoreFuture};

impl PrefStore for SqliteStore {
    fn save_lang(&self, user: String, lang: String, at_ms: u64) -> StoreFuture<'_, ()> {
        self.run(move |c| {
            c.prepare_cached(SAVE_LANG)?
                .execute(params![user, lang, int(at_ms)])?;
            Ok(())
        })
    }

    fn lang(&self, user: String) -> StoreFuture<'_, Option<String>> {
        self.run(move |c| {
            Ok(c.prepare_cached(LANG_OF)?
                .query_row(params![user], |r| r.get::<_, String>(0))
                .optional()?)
        })
    }
}
