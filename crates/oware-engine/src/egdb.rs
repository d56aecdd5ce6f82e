//! Endgame databases inside the search.
//!
//! The databases give bounds `[lo, hi]` on the final difference of the `n` seeds on the board
//! (mover minus opponent) under perfect play. Adding the stores' difference gives bounds on the
//! final score difference, hence on the result: a proven win when even `lo` wins, a proven loss
//! when even `hi` loses, a draw when both are 0. The search uses an exact result as the node's
//! value and a one-sided one as a cut-off when it lies outside the window.
//!
//! A proven win scores `EGDB_WIN − ply − n`: among won positions the search prefers the one
//! reached sooner with fewer seeds left, which keeps it capturing towards the end instead of
//! wandering; a real game end found by the search (`MATE − ply`) still outranks it.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use oware_core::{Position, Rules};
use oware_egdb::Egdb;

use crate::search::EGDB_WIN;

/// Endgame databases opened for the search.
#[derive(Debug)]
pub struct Prober {
    db: Egdb,
    max_seeds: u8,
}

impl Prober {
    /// Opens the databases in `dir` (the default directory, `$OWARE_EGDB_DIR` or `data/egdb`,
    /// when `None`) for `rules`; `Ok(None)` when there are none.
    pub fn open(dir: Option<&Path>, rules: &Rules) -> Result<Option<Prober>, String> {
        let dir: PathBuf = dir.map_or_else(oware_egdb::default_dir, Path::to_path_buf);
        if !dir.is_dir() {
            return Ok(None);
        }
        let db = Egdb::open(&dir, rules).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(db.max_seeds().map(|max_seeds| Prober { db, max_seeds }))
    }

    /// Maps every table now and checks its length and checksum, so that a damaged table is
    /// reported once instead of failing each of its probes in silence.
    pub fn verify(&self) -> Result<(), String> {
        self.db.load_all().map_err(|e| e.to_string())
    }

    /// The largest number of seeds on the board the databases cover.
    pub fn max_seeds(&self) -> u8 {
        self.max_seeds
    }

    /// A one-line description: directory and seed counts covered.
    pub fn describe(&self) -> String {
        format!(
            "{} (0 to {} seeds)",
            self.db.dir().display(),
            self.max_seeds
        )
    }

    /// Bounds `(low, high)` on the score of `pos` at `ply` (both equal when exact), or `None`
    /// when the databases do not cover it.
    #[inline]
    pub(crate) fn probe(&self, pos: &Position, ply: usize) -> Option<(i32, i32)> {
        let n = pos.seeds_on_board();
        if n > self.max_seeds {
            return None;
        }
        let b = self.db.probe(pos).ok()??;
        let me = pos.turn();
        let stores = i32::from(pos.store(me)) - i32::from(pos.store(me.other()));
        let win = EGDB_WIN - ply as i32 - i32::from(n);
        let score = |d: i32| match d.cmp(&0) {
            std::cmp::Ordering::Greater => win,
            std::cmp::Ordering::Less => -win,
            std::cmp::Ordering::Equal => 0,
        };
        Some((
            score(stores + i32::from(b.lo)),
            score(stores + i32::from(b.hi)),
        ))
    }
}

/// The databases of the default directory for `rules`, opened once per process and rule set.
pub(crate) fn shared_prober(rules: &Rules) -> Option<Arc<Prober>> {
    type Cache = Mutex<Vec<(Rules, Option<Arc<Prober>>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, p)) = cache.iter().find(|(r, _)| r == rules) {
        return p.clone();
    }
    let p = Prober::open(None, rules).ok().flatten().map(Arc::new);
    cache.push((*rules, p.clone()));
    p
}
