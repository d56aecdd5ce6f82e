//! The accounts' preferences (issue 42): the language an account chose, so that every device
//! it logs in on shows the site in it. [`PrefStore`] is the interface; both backends implement
//! it (`sqlite/prefs.rs`, `postgres/prefs.rs`) on the same table with the same statements.
//!
//! One row per account at most; the service writes only the codes of the site's languages
//! (`oware_i18n::Lang`), so a row is a few bytes.

use super::StoreFuture;

/// The table: one text for both backends.
pub(super) const SCHEMA: &str = "
    CREATE TABLE account_prefs (
        user_id TEXT PRIMARY KEY,
        lang    TEXT NOT NULL,
        updated BIGINT NOT NULL
    );
";

/// Keeps language `?2` for account `?1` at `?3` (epoch ms), in one statement. Both backends run
/// it (`?N`; PostgreSQL's through `numbered`).
pub(super) const SAVE_LANG: &str = "INSERT INTO account_prefs (user_id, lang, updated)
     VALUES (?1, ?2, ?3)
     ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang, updated = excluded.updated";

/// Account `?1`'s language.
pub(super) const LANG_OF: &str = "SELECT lang FROM account_prefs WHERE user_id = ?1";

/// The preferences' table.
pub trait PrefStore: Send + Sync {
    /// Keeps `lang` (a language code) as account `user`'s language, at `at_ms`.
    fn save_lang(&self, user: String, lang: String, at_ms: u64) -> StoreFuture<'_, ()>;

    /// Account `user`'s language code, if it chose one.
    fn lang(&self, user: String) -> StoreFuture<'_, Option<String>>;
}
