//! Playing levels, defined in one table ([`LEVELS`]): each is a search budget plus a rule for
//! picking the move.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use oware_core::{Game, Move};

use crate::{Engine, Limits, Prober};

/// Playing strength, from "often random" to everything we have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// Often plays at random.
    Easy,
    /// Looks a few moves ahead.
    Medium,
    /// Searches deep, time-limited.
    Hard,
    /// The strongest setting.
    Expert,
}

/// What a level does: with probability `random_percent`/100 a uniformly random legal move,
/// otherwise the best move of a search bounded by `depth` and `movetime`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelSpec {
    /// The level.
    pub level: Level,
    /// Chance (percent) of playing a random legal move instead of searching.
    pub random_percent: u32,
    /// Depth limit of the search, in plies.
    pub depth: Option<u32>,
    /// Time limit of the search.
    pub movetime: Duration,
    /// Transposition table size.
    pub hash_mb: usize,
    /// Search threads (0 = one per core, at most 4).
    pub threads: usize,
    /// Whether the endgame databases are used when present.
    pub egdb: bool,
}

/// The levels, weakest first.
///
/// - `easy`: half of its moves (50 %) are random, the others a 2-ply search — it blunders
///   seeds often but takes a capture when it sees one.
/// - `medium`: a 4-ply search, never random: sees its own captures and the reply.
/// - `hard`: a 10-ply search within 1 second.
/// - `expert`: no depth limit, 2 seconds, every core, a large table and the endgame databases.
pub const LEVELS: [LevelSpec; 4] = [
    LevelSpec {
        level: Level::Easy,
        random_percent: 50,
        depth: Some(2),
        movetime: Duration::from_secs(1),
        hash_mb: 1,
        threads: 1,
        egdb: false,
    },
    LevelSpec {
        level: Level::Medium,
        random_percent: 0,
        depth: Some(4),
        movetime: Duration::from_secs(1),
        hash_mb: 4,
        threads: 1,
        egdb: false,
    },
    LevelSpec {
        level: Level::Hard,
        random_percent: 0,
        depth: Some(10),
        movetime: Duration::from_secs(1),
        hash_mb: 16,
        threads: 1,
        egdb: true,
    },
    LevelSpec {
        level: Level::Expert,
        random_percent: 0,
        depth: None,
        movetime: Duration::from_secs(2),
        hash_mb: 64,
        threads: 0,
        egdb: true,
    },
];

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// `easy`, `medium`, `hard` or `expert`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// This level's row of [`LEVELS`].
    pub fn spec(self) -> &'static LevelSpec {
        &LEVELS[self as usize]
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error from parsing a [`Level`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLevelError(String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level '{}' (expected easy, medium, hard or expert)",
            self.0
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// A small deterministic generator (SplitMix64).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl LevelSpec {
    /// The search limits, with the time budget multiplied by `time_scale`.
    pub fn limits(&self, time_scale: f64) -> Limits {
        Limits {
            depth: self.depth,
            movetime: Some(self.movetime.mul_f64(time_scale.max(0.0))),
            ..Limits::default()
        }
    }

    /// The random move this level plays in `game` instead of searching, if its dice say so
    /// (`seed` and the move number decide, reproducibly).
    pub fn random_move(&self, game: &Game, seed: u64) -> Option<Move> {
        let legal = game.legal_moves();
        if legal.is_empty() || self.random_percent == 0 {
            return None;
        }
        let mut rng = seed ^ (game.moves().len() as u64).wrapping_mul(0x2545_f491_4f6c_dd1d);
        if splitmix(&mut rng) % 100 < u64::from(self.random_percent) {
            Some(legal[(splitmix(&mut rng) % legal.len() as u64) as usize])
        } else {
            None
        }
    }

    /// The number of threads this level searches with.
    pub fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(4),
            n => n,
        }
    }
}

/// A reproducible seed of the computer's reply in the game named `id` at ply `ply`: FNV-1a of
/// the id, mixed with the ply. The server's computer, the page's engine (compiled to
/// WebAssembly) and the house bots use it, so that each plays the same move.
pub fn reply_seed(id: &str, ply: usize) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    (h ^ ply as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// The move `level` plays in `game`; `seed` makes any randomness reproducible. `None` when the
/// game is over. Blocks for at most the level's time budget.
pub fn choose_move(game: &Game, level: Level, seed: u64) -> Option<Move> {
    choose_move_with(
        game,
        level.spec(),
        seed,
        1.0,
        crate::egdb::shared_prober(game.rules()),
    )
}

/// [`choose_move`] for any level definition, with its time budget scaled by `time_scale` and
/// the given endgame databases (used only if the level wants them).
pub fn choose_move_with(
    game: &Game,
    spec: &LevelSpec,
    seed: u64,
    time_scale: f64,
    egdb: Option<Arc<Prober>>,
) -> Option<Move> {
    let legal = game.legal_moves();
    if legal.is_empty() {
        return None;
    }
    if let Some(m) = spec.random_move(game, seed) {
        return Some(m);
    }
    let mut engine = Engine::new(spec.hash_mb);
    engine.set_threads(spec.thread_count());
    if spec.egdb {
        engine.set_egdb(egdb);
    }
    let stop = AtomicBool::new(false);
    engine
        .search(game, &spec.limits(time_scale), &stop, &mut |_| {})
        .best
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::Rules;

    #[test]
    fn names_round_trip() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>().unwrap(), l);
            assert_eq!(l.spec().level, l);
        }
        assert!("grandmaster".parse::<Level>().is_err());
    }

    #[test]
    fn easy_is_reproducible() {
        let g = Game::new(Rules::default());
        for seed in 0..20 {
            assert_eq!(
                choose_move(&g, Level::Easy, seed),
                choose_move(&g, Level::Easy, seed)
            );
        }
    }
}
