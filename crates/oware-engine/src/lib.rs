//! Oware search engine.
//!
//! FIRST-CUT API (placeholder implementation: plain fixed-depth negamax on material). The public
//! signatures below are what `oware-server` and `oware-cli` build against; the engine work of
//! issue 3 replaces the internals.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use oware_core::{Game, Move, Position, Rules};

/// Limits of one search. `None` everywhere means "until stopped".
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Maximum wall-clock time.
    pub movetime: Option<Duration>,
}

/// Progress of a search, reported after each completed iteration.
#[derive(Debug, Clone)]
pub struct Info {
    /// Depth completed.
    pub depth: u32,
    /// Score in seeds×100 from the side to move's point of view ("centi-seeds").
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Elapsed time.
    pub time: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// Best move, `None` when the game is over.
    pub best: Option<Move>,
    /// The last completed iteration.
    pub info: Info,
}

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
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown level '{s}' (expected easy, medium, hard or expert)"))
    }
}

/// Searches the current position of `game` (its history matters for cycles) within `limits`,
/// calling `on_info` after each iteration, until a limit is hit or `stop` is set.
pub fn search(
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    let rules = *game.rules();
    let pos = *game.position();
    let max_depth = limits.depth.unwrap_or(8).min(8);
    let mut result = SearchResult {
        best: game.legal_moves().first().copied(),
        info: Info {
            depth: 0,
            score: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: vec![],
        },
    };
    if game.is_over() {
        return result;
    }
    let started = std::time::Instant::now();
    let mut nodes = 0;
    for depth in 1..=max_depth {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let mut best = (i32::MIN, None);
        for &m in game.legal_moves().iter() {
            let s = -negamax(
                &pos.play_unchecked(m, &rules),
                &rules,
                depth - 1,
                &mut nodes,
            );
            if s > best.0 {
                best = (s, Some(m));
            }
        }
        result.best = best.1;
        result.info = Info {
            depth,
            score: best.0,
            nodes,
            time: started.elapsed(),
            pv: best.1.into_iter().collect(),
        };
        on_info(&result.info);
    }
    result
}

fn negamax(pos: &Position, rules: &Rules, depth: u32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let me = pos.turn();
    let moves = pos.legal_moves(rules);
    if depth == 0 || moves.is_empty() {
        let o = pos.outcome(rules);
        let (a, b) = match o {
            Some(o) => (
                i32::from(o.scores[me].halves()),
                i32::from(o.scores[me.other()].halves()),
            ),
            None => (
                2 * i32::from(pos.store(me)),
                2 * i32::from(pos.store(me.other())),
            ),
        };
        return (a - b) * 50;
    }
    moves
        .iter()
        .map(|&m| -negamax(&pos.play_unchecked(m, rules), rules, depth - 1, nodes))
        .max()
        .unwrap_or(0)
}

/// The move `level` plays in `game`; `seed` makes any randomness reproducible. `None` when the
/// game is over. Blocks for at most the level's time budget.
pub fn choose_move(game: &Game, level: Level, seed: u64) -> Option<Move> {
    let legal = game.legal_moves();
    if legal.is_empty() {
        return None;
    }
    if level == Level::Easy && seed % 2 == 0 {
        return Some(legal[(seed as usize / 2) % legal.len()]);
    }
    let depth = match level {
        Level::Easy => 1,
        Level::Medium => 3,
        Level::Hard => 6,
        Level::Expert => 8,
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    search(game, &limits, &AtomicBool::new(false), &mut |_| {}).best
}
