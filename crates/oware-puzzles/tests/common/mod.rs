//! Endgame tables for the tests: abapa up to 16 seeds, the shipped server's, built once into the
//! target's temporary folder (20–40 s of CPU the first time, 13 MB for level 16; later runs
//! find them there and keep them). Fewer would be cheaper, but with 14 seeds the deep check
//! does not see `95b4f0caab47`'s second win.
#![allow(dead_code)] // each test file uses its own part

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use oware_core::Rules;
use oware_egdb::{build, BuildOptions, Egdb};

/// The seeds the test tables cover.
pub const TABLE_SEEDS: u8 = 16;

/// The test tables, built on first use.
pub fn tables() -> Arc<Egdb> {
    static TABLES: OnceLock<Arc<Egdb>> = OnceLock::new();
    TABLES
        .get_or_init(|| {
            let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("puzzle-tables-16");
            let options = BuildOptions {
                max_seeds: TABLE_SEEDS,
                threads: 2,
                memory: 1 << 30,
            };
            build(&dir, &Rules::ABAPA, &options, &mut |_| {}).expect("the test tables build");
            let db = Egdb::open(&dir, &Rules::ABAPA).expect("the test tables open");
            assert_eq!(db.max_seeds(), Some(TABLE_SEEDS));
            Arc::new(db)
        })
        .clone()
}
