//! Endgame database probing inside the search (placeholder until the databases land).

use std::path::Path;
use std::sync::Arc;

use oware_core::{Position, Rules};

/// Probes endgame databases for the search.
#[derive(Debug, Default)]
pub struct Prober {}

impl Prober {
    /// Opens the databases in `dir` (the default directory when `None`) for `rules`; `Ok(None)`
    /// when there are none.
    pub fn open(_dir: Option<&Path>, _rules: &Rules) -> Result<Option<Prober>, String> {
        Ok(None)
    }

    /// A one-line description (directory and seed counts covered).
    pub fn describe(&self) -> String {
        "none".to_string()
    }

    /// A proven score for `pos` at `ply`, if the databases decide it.
    #[inline]
    pub(crate) fn probe(&self, _pos: &Position, _ply: usize) -> Option<i32> {
        None
    }
}

/// The databases of the default directory for `rules`, opened once per process.
pub(crate) fn shared_prober(_rules: &Rules) -> Option<Arc<Prober>> {
    None
}
