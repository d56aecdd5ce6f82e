//! Endgame databases inside the search.
//!
//! The databases give bounds `[lo, hi]` on the final difference of the `n` seeds on the board
//! (mover minus opponent) under perfect play. Adding the stores' difference gives bounds on the
//! final score difference, hence on the result: a proven win when even `lo` wins, a proven loss
//! when even `hi` loses, a draw when both are 0. The search uses an exact result as the node's
//! value and a one-sided one as a cut-off when it lies outside the window.
//!
//! A proven win scores `EGDB_WIN − ply − n` ([`crate::score`]).

use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use oware_core::{Position, Rules};
use oware_egdb::Egdb;

use crate::score;

/// Endgame databases opened for the search. Shares its [`Egdb`] handle, so levels that a
/// background build adds (and [`Egdb::refresh`] picks up) are used at once.
#[derive(Debug, Clone)]
pub struct Prober {
    db: Arc<Egdb>,
}

impl Prober {
    /// Opens the databases in `dir` (where [`oware_egdb::locate`] says when `None`: the flag,
    /// `$OWARE_EGDB_DIR`, else the per-user data folder) for `rules`; `Ok(None)` when no level
    /// is usable. [`open_egdb`] also says why.
    pub fn open(dir: Option<&Path>, rules: &Rules) -> Result<Option<Prober>, String> {
        let location = oware_egdb::locate(dir);
        let db = Egdb::open(&location.dir, rules)
            .map_err(|e| format!("{}: {e}", location.dir.display()))?;
        Ok(db.max_seeds().map(|_| Prober::shared(Arc::new(db))))
    }

    /// A prober over an open handle (shared with whoever refreshes it, e.g. a background build).
    pub fn shared(db: Arc<Egdb>) -> Prober {
        Prober { db }
    }

    /// The handle probed.
    pub fn egdb(&self) -> &Arc<Egdb> {
        &self.db
    }

    /// The largest number of seeds on the board the databases cover now (0 when none).
    pub fn max_seeds(&self) -> u8 {
        self.db.max_seeds().unwrap_or(0)
    }

    /// A one-line description: the rules, seed counts covered, directory and any damaged level.
    pub fn describe(&self) -> String {
        self.db.status().to_string()
    }

    /// Bounds `(low, high)` on the score of `pos` at `ply` (both equal when exact), or `None`
    /// when the databases do not cover it.
    #[inline]
    pub(crate) fn probe(&self, pos: &Position, ply: usize) -> Option<(i32, i32)> {
        let n = pos.seeds_on_board();
        let b = self.db.probe(pos).ok()??;
        let me = pos.turn();
        let stores = i32::from(pos.store(me)) - i32::from(pos.store(me.other()));
        Some((
            score::egdb_proven(stores + i32::from(b.lo), ply, n),
            score::egdb_proven(stores + i32::from(b.hi), ply, n),
        ))
    }
}

/// The databases of the default directory for `rules`, opened once per process and rule set
/// and looked at again at each call (cheap: a header read per level), so that levels built
/// since (by a background build) are used. `None` when no level is usable now.
pub(crate) fn shared_prober(rules: &Rules) -> Option<Arc<Prober>> {
    type Cache = Mutex<Vec<(Rules, Option<Arc<Prober>>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    let p = match cache.iter().find(|(r, _)| r == rules) {
        Some((_, p)) => p.clone(),
        None => {
            let dir = oware_egdb::default_dir();
            let p = Egdb::open(&dir, rules)
                .ok()
                .map(|db| Arc::new(Prober::shared(Arc::new(db))));
            cache.push((*rules, p.clone()));
            p
        }
    };
    drop(cache);
    let p = p?;
    p.db.refresh();
    p.db.max_seeds().map(|_| p)
}

/// Opens the tables a command uses ([`oware_egdb::locate`]`(dir)`), checks every level now (so
/// that a damaged one is reported at start, not at its first probe), and says in one line what
/// is used or how to get tables: for a log line, an `info string` or a status bar.
pub fn open_egdb(dir: Option<&Path>, rules: &Rules) -> (Option<Prober>, String) {
    let location = oware_egdb::locate(dir);
    let db = match Egdb::open(&location.dir, rules) {
        Ok(db) => db,
        Err(e) => return (None, format!("endgame tables not used: {e}")),
    };
    // Errors are in the status.
    let _ = db.load_all();
    let status = db.status();
    let whence = match location.source {
        oware_egdb::Source::Flag => String::new(),
        s => format!(" ({s})"),
    };
    match db.max_seeds() {
        Some(_) => {
            let line = format!("endgame tables: {status}{whence}");
            (Some(Prober::shared(Arc::new(db))), line)
        }
        None => (
            None,
            format!(
                "endgame tables not used: {status}{whence}; build them with 'oware egdb build --max-seeds {}{}' (or start 'oware serve', which builds them)",
                oware_egdb::DEFAULT_MAX_SEEDS,
                match location.source {
                    oware_egdb::Source::Flag => format!(" --dir {}", location.dir.display()),
                    _ => String::new(),
                }
            ),
        ),
    }
}
