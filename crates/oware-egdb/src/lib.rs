//! Endgame databases for Oware: perfect knowledge of every position with few seeds on the
//! board, built by retrograde analysis, stored one file per seed count, read into memory (or
//! entry by entry from the file for the biggest levels).
//!
//! ```no_run
//! use oware_core::{fen, Rules};
//! use oware_egdb::{default_dir, Egdb};
//!
//! let egdb = Egdb::open(&default_dir(), &Rules::ABAPA)?;
//! let pos = fen::parse("0-0-0-1-0-2-1-0-0-0-0-1-22-21-S")?;
//! if let Some(b) = egdb.probe(&pos)? {
//!     println!("final difference of the 5 seeds left: between {} and {}", b.lo, b.hi);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is stored
//!
//! An entry depends only on the 12 pits and the side to move. Stores add a constant to both
//! players' totals and the game's rules (moves, captures, feeding, the end when the mover cannot
//! move) never look at them — except the end at 25 captured, discussed below. Entries are from
//! the side to move's point of view and stored for South to move: a North-to-move position is
//! looked up as its [`Position::flipped`](oware_core::Position::flipped) twin.
//!
//! For `n` seeds on the board, play continues (ignoring the 25-seed end) until the player to
//! move has no legal move — then each player takes the seeds on their own row, as the rules
//! say for a player who cannot move or cannot feed — or forever. Capturing `c` seeds moves the
//! game to `n − c` seeds; a non-capturing move (including an abapa grand slam, which captures
//! nothing) stays at `n`. The *difference* of a finished game is the mover's share of the `n`
//! seeds minus the opponent's, −n…n.
//!
//! - **Exact tables** (rules whose cycles split the seeds left evenly: the `awari` preset). A
//!   cycle gives a difference of 0, wherever it happens, so every position has a history-free
//!   value `v`, the difference under perfect play with endless play counted 0 (Romein & Bal).
//!   One signed byte per position.
//! - **Bounds tables** (cycles give each player their own row: `abapa`, our default). What a
//!   cycle yields depends on the position where the repetition is declared, hence on history,
//!   so we store two guarantees that do not depend on it: `lo`, the seeds the mover can be sure
//!   to get by play that *ends the game other than by a cycle* (endless play counts 0 for the
//!   mover), and `lo'`, the same for the opponent. The truth under any cycle rule lies in
//!   `[lo, n − lo']`; it is exact when `lo + lo' = n`. One byte per position up to 21 seeds (the
//!   `(n+1)(n+2)/2` possible pairs fit), two above.
//!
//! [`Egdb::probe`] reports both kinds as [`Bounds`] on the difference: `lo = 2·lo − n` and
//! `hi = n − 2·lo'` (equal for exact tables).
//!
//! # Why these are the right numbers
//!
//! Write `L` and `H` for the bounds on the difference. With `c(m)` the seeds move `m`
//! captures and `q(m)` the position after it (seen by the opponent, who is now to move):
//!
//! ```text
//! no legal move:  L = H = (mover's row) − (opponent's row)
//! otherwise:      L = max_m ( c(m) − H(q(m)) ),   H = max_m ( c(m) − L(q(m)) )
//! ```
//!
//! `L` is the *least* solution (start at −n and iterate) and `H` the *greatest* (start at n).
//! After `k` rounds, `L` is what the mover can force within `k` moves when an unfinished game
//! counts as the worst result for them (−n: all seeds to the opponent) — the mover's `k`-move
//! guarantee of ending the game; in the limit, `lo` of the definition. Symmetrically `H` bounds
//! what the opponent can force, giving `lo'`. A strategy reaching the least fixpoint moves to
//! positions of strictly smaller rank, so it never repeats a position and no cycle rule can
//! interfere: the bounds hold whatever the repetition rule or where the cycle is declared.
//!
//! For exact tables, a threshold argument gives the value: for `t ≥ 1`, "the mover can force
//! a difference ≥ t" does not depend on whether endless play counts 0 or −n, since both miss
//! `t`. So `v = L` when `L ≥ 1`, `v = H` when `H ≤ −1`, and `v = 0` otherwise.
//!
//! The end at 25 seeds does not change these conclusions: with stores `s` (mover) and `s'`,
//! `s + lo ≥ 25` is a win (the mover's total only grows and the opponent can never reach 25),
//! and `s + n − lo' < 25` a non-win. The grand slam rules are the core's: under `awari` a
//! forced grand slam captures the opponent's row and leaves them unable to move. The
//! `to-opponent` grand slam rule ends the game in a way that is not "captures plus the rest of
//! the game", so it has no tables.
//!
//! One step of the rules is always the core's: positions are built with
//! [`Position::from_setup`](oware_core::Position::from_setup) (stores filling up to 48, neither
//! at 25), moved with `legal_moves` and `play_unchecked`, and the capture is the drop in seeds on
//! the board. See [`index`] for the index and [`mod@format`] for the file format.

#![deny(unsafe_code)]

mod background;
mod build;
pub mod format;
pub mod index;
mod location;
mod stats;
mod step;
mod table;
mod verify;

pub use background::{
    Background, BackgroundOptions, BuildStatus, Phase, DEFAULT_MAX_SEEDS, DEFAULT_MEMORY,
};
pub use build::{
    build, sweeps_fit, BuildError, BuildEvent, BuildOptions, LevelSummary, SWEEP_BYTES_PER_POSITION,
};
pub use location::{default_dir, locate, user_dir, Location, Source, ENV_VAR};
pub use stats::{level_stats, LevelStats};
pub use table::{
    Egdb, FromBytesError, LevelState, LevelStatus, OpenError, OpenOptions, ProbeError, Status,
};
pub use verify::{verify_level, VerifyReport};

/// Bounds on the final difference (mover's seeds minus opponent's seeds) of the `n` seeds now
/// on the board, under perfect play, from the side to move's view: `−n <= lo <= hi <= n`; exact
/// when `lo == hi`. Awari rules: always exact. Abapa: `lo = 2·lo_m − n`, `hi = n − 2·lo_o`
/// where `lo_m` and `lo_o` are the seeds the mover and the opponent can force without a cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// The lower bound of the difference.
    pub lo: i8,
    /// The upper bound of the difference.
    pub hi: i8,
}

impl Bounds {
    /// Whether the value is known exactly.
    pub fn is_exact(&self) -> bool {
        self.lo == self.hi
    }

    /// The seeds of the `n` on the board the mover is sure to get: `(n + lo) / 2` (rounded
    /// down: an exact awari value of a cycle with an odd `n` is a half seed each).
    pub fn mover_seeds_lo(&self, n: u8) -> u8 {
        ((i16::from(n) + i16::from(self.lo)).max(0) / 2) as u8
    }

    /// The most of the `n` seeds the mover can hope for: `(n + hi) / 2`, rounded up.
    pub fn mover_seeds_hi(&self, n: u8) -> u8 {
        ((i16::from(n) + i16::from(self.hi) + 1).max(0) / 2) as u8
    }

    /// The bounds after a move capturing `captured` seeds into a position with these bounds
    /// (seen by the opponent): from the mover's view, `(captured − hi, captured − lo)`.
    pub fn after_move(child: Bounds, captured: u8) -> Bounds {
        let c = captured as i8;
        Bounds {
            lo: c - child.hi,
            hi: c - child.lo,
        }
    }
}
