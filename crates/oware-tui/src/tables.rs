//! The endgame databases of a game ([`Tables`]): opened once, described in the info pane,
//! probed for the values shown under the pits.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use oware_core::Rules;
use oware_egdb::Egdb;
use oware_engine::Prober;

/// The endgame databases as the game found them.
#[derive(Debug, Clone)]
pub enum Tables {
    /// Tables for the game's rules, up to `max_seeds` seeds on the board.
    Present {
        /// The opened tables.
        egdb: Arc<Egdb>,
        /// The largest seed count covered.
        max_seeds: u8,
    },
    /// No tables for these rules in this directory.
    Absent {
        /// The directory looked in.
        dir: PathBuf,
    },
    /// The directory has no usable tables (none for these rules, or damaged ones).
    Failed {
        /// Why.
        error: String,
    },
}

impl Tables {
    /// Opens the tables of `dir` for `rules`, once for the whole game
    /// ([`oware_engine::open_egdb`]: every level is checked now, so a damaged one is reported
    /// at the start). The prober returned shares the same handle: the engine's searches (the
    /// computer, hints, the analysis) probe the tables this pane describes.
    pub fn open(dir: &Path, rules: &Rules) -> (Tables, Option<Arc<Prober>>) {
        if !dir.is_dir() {
            return (
                Tables::Absent {
                    dir: dir.to_path_buf(),
                },
                None,
            );
        }
        match oware_engine::open_egdb(Some(dir), rules) {
            (Some(prober), _) => (
                Tables::Present {
                    egdb: Arc::clone(prober.egdb()),
                    max_seeds: prober.max_seeds(),
                },
                Some(Arc::new(prober)),
            ),
            (None, line) => {
                let error = line
                    .strip_prefix("endgame tables not used: ")
                    .unwrap_or(&line)
                    .to_string();
                (Tables::Failed { error }, None)
            }
        }
    }

    /// One line for the info pane: which tables are used, or how to build them.
    pub fn describe(&self) -> String {
        match self {
            Tables::Present { egdb, max_seeds } => crate::lang::t(
                "term-tables-present",
                &[
                    ("dir", egdb.dir().display().to_string().into()),
                    ("max", (*max_seeds).into()),
                ],
            ),
            Tables::Absent { dir } => crate::lang::t(
                "term-tables-absent",
                &[("dir", dir.display().to_string().into())],
            ),
            Tables::Failed { error } => error.clone(),
        }
    }
}
