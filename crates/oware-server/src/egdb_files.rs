//! The endgame table levels the page downloads (`GET /api/egdb/{rules}/{n}`, issue 57): the
//! page's WebAssembly engine plays `hard` and `expert` with the same tables as the server's
//! engine, up to [`PAGE_MAX_SEEDS`] seeds on the board (about 2.7 MB of files in all, a third of
//! that compressed; docs/web-page.md).
//!
//! Read-only: a level is served only when the server's own tables use it (its file is in the
//! folder with a good header, and every smaller level too: [`oware_egdb::Egdb::max_seeds`]),
//! and only after its whole file has passed the checks a probe makes ([`format::parse_level`]:
//! header, length, checksum). A checked level is kept in memory (the files never change: the
//! builder is deterministic, and a damaged one is never kept), so later requests read nothing.
//! No axum here: the handler is `http/egdb.rs`.

use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use oware_egdb::format;

use crate::egdb_view::Tables;

/// The most seeds on the board of a level the page may download: levels `0..=12` are
/// 2,704,156 bytes of entries (`C(24, 12)`), level 12 alone 1,352,078. Level 13 would double
/// that for a few more exact endgames.
pub const PAGE_MAX_SEEDS: u8 = 12;

/// One level's file, checked.
#[derive(Debug)]
pub struct LevelFile {
    /// The whole file (header and entries), as `oware egdb build` wrote it.
    pub bytes: Arc<[u8]>,
    /// Its strong entity tag, quoted: the rule set, the level and the entries' checksum
    /// (`"egdb-abapa-12-…"`). The same level always has the same bytes, so the tag names them.
    pub tag: String,
}

/// Why a level is not served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LevelFileError {
    /// `n` is not a number from 0 to [`PAGE_MAX_SEEDS`].
    BadLevel(String),
    /// The server has no tables of these rules (or none at all).
    NoTables(String),
    /// The server's tables do not have this level (yet: a background build may add it), or
    /// its file is damaged.
    Missing {
        /// The level asked for.
        n: u8,
        /// The largest level the server has, if any.
        have: Option<u8>,
    },
}

impl fmt::Display for LevelFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelFileError::BadLevel(n) => write!(
                f,
                "endgame table level '{n}': the levels served are 0 to {PAGE_MAX_SEEDS}"
            ),
            LevelFileError::NoTables(rules) => {
                write!(f, "this server has no endgame tables for '{rules}'")
            }
            LevelFileError::Missing { n, have: None } => {
                write!(
                    f,
                    "this server has no endgame table level {n} yet (no level at all)"
                )
            }
            LevelFileError::Missing { n, have: Some(max) } => write!(
                f,
                "this server has no endgame table level {n} yet (levels 0 to {max})"
            ),
        }
    }
}

impl std::error::Error for LevelFileError {}

/// The levels the page downloads, read from the server's table folder.
pub struct LevelFiles {
    tables: Option<Arc<oware_egdb::Egdb>>,
    /// The levels checked so far, by seed count (at most `PAGE_MAX_SEEDS + 1`).
    checked: Mutex<HashMap<u8, Arc<LevelFile>>>,
}

impl LevelFiles {
    /// The levels of `tables` (the server's; none without tables).
    pub fn new(tables: Option<&Tables>) -> LevelFiles {
        LevelFiles {
            tables: tables.and_then(Tables::egdb),
            checked: Mutex::new(HashMap::new()),
        }
    }

    /// Level `n` (text, as the address has it) of the tables named `rules` (`abapa`: the file
    /// names' tag, [`format::tag`]). Reads and checks the file at its first request (blocking
    /// file I/O: call it off the async threads).
    pub fn level(&self, rules: &str, n: &str) -> Result<Arc<LevelFile>, LevelFileError> {
        let level = n
            .parse::<u8>()
            .ok()
            .filter(|&k| k <= PAGE_MAX_SEEDS && n == k.to_string())
            .ok_or_else(|| LevelFileError::BadLevel(n.chars().take(16).collect()))?;
        let egdb = self
            .tables
            .as_ref()
            .filter(|e| format::tag(e.rules()) == rules)
            .ok_or_else(|| LevelFileError::NoTables(rules.chars().take(32).collect()))?;
        if let Some(file) = lock(&self.checked).get(&level) {
            return Ok(Arc::clone(file));
        }
        // Levels a background build added since the last look.
        egdb.refresh();
        let have = egdb.max_seeds();
        let missing = LevelFileError::Missing { n: level, have };
        if have.is_none_or(|max| level > max) {
            return Err(missing);
        }
        let path: PathBuf = egdb.dir().join(format::file_name(egdb.rules(), level));
        let bytes = std::fs::read(&path).map_err(|e| {
            tracing::warn!(
                "endgame table level {level} for the page: {}: {e}",
                path.display()
            );
            missing.clone()
        })?;
        let header = match format::parse_level(&bytes, egdb.rules(), level) {
            Ok((header, _)) => header,
            Err(e) => {
                tracing::warn!(
                    "endgame table level {level} for the page: {}: {e}",
                    path.display()
                );
                return Err(missing);
            }
        };
        let file = Arc::new(LevelFile {
            tag: format!(
                "\"egdb-{}-{level}-{:016x}\"",
                format::tag(egdb.rules()),
                header.checksum
            ),
            bytes: bytes.into(),
        });
        lock(&self.checked).insert(level, Arc::clone(&file));
        Ok(file)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_levels_and_missing_tables_are_refused() {
        let files = LevelFiles::new(None);
        for bad in ["13", "-1", "x", "", "01", "+1", "999999999999"] {
            assert!(
                matches!(files.level("abapa", bad), Err(LevelFileError::BadLevel(_))),
                "{bad}"
            );
        }
        assert_eq!(
            files.level("abapa", "3").unwrap_err(),
            LevelFileError::NoTables("abapa".into())
        );
        assert!(LevelFileError::Missing {
            n: 4,
            have: Some(2)
        }
        .to_string()
        .contains("levels 0 to 2"));
    }
}
