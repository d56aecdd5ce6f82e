//! The benchmark: a fixed list of positions, each searched to a fixed depth with an empty
//! (cleared) table and one thread. The total node count is a behavioural checksum: any change to the search,
//! ordering or evaluation changes it, and nothing else (no clock) does.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use oware_core::{fen, Game, Rules};

use crate::{Engine, Limits, SearchResult};

/// The default depth of `oware bench`.
pub const DEFAULT_DEPTH: u32 = 12;

/// The table size each position is searched with, in MB.
pub const HASH_MB: usize = 4;

/// The positions (abapa rules): the start and 40 positions from engine games with random moves
/// mixed in, from 48 seeds on the board down to 8.
pub const POSITIONS: [&str; 41] = [
    "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
    "1-12-2-4-0-6-1-0-13-2-7-0-0-0-S",
    "6-4-0-5-1-2-1-2-8-7-6-6-0-0-N",
    "7-1-3-8-7-2-7-6-0-0-6-1-0-0-S",
    "1-6-1-4-3-2-1-5-12-0-1-10-2-0-S",
    "2-5-9-0-11-6-1-2-0-2-4-4-2-0-S",
    "1-6-6-0-1-6-0-8-6-0-6-6-0-2-S",
    "1-1-10-10-0-3-1-1-0-10-8-1-0-2-S",
    "6-5-0-0-6-2-7-1-0-7-6-6-2-0-N",
    "0-3-0-1-12-1-0-5-1-4-14-3-2-2-S",
    "0-0-0-18-11-0-0-2-5-0-6-2-2-2-S",
    "1-1-4-0-13-1-1-3-4-11-1-3-2-3-N",
    "8-0-0-3-1-2-2-0-5-3-9-9-4-2-N",
    "4-1-10-10-1-2-8-1-1-0-3-1-4-2-S",
    "7-0-4-2-1-1-3-11-1-1-2-8-0-7-N",
    "1-4-0-1-14-2-0-3-2-4-5-4-6-2-S",
    "12-0-3-13-0-3-1-0-0-3-3-2-4-4-S",
    "2-2-0-8-1-2-3-0-0-13-5-3-5-4-S",
    "0-0-0-9-13-0-12-0-1-3-1-0-4-5-S",
    "10-0-9-0-1-5-1-12-0-0-0-0-8-2-N",
    "0-0-1-1-3-13-1-1-2-1-11-3-3-8-N",
    "0-9-2-1-3-1-1-0-3-13-0-3-7-5-S",
    "1-1-0-1-4-0-2-14-5-0-7-0-4-9-S",
    "0-4-2-2-0-0-0-5-2-2-0-16-6-9-N",
    "0-0-12-0-0-3-1-5-0-4-5-2-2-14-N",
    "0-1-5-1-13-1-0-0-2-1-8-0-13-3-S",
    "0-0-0-5-12-1-0-5-2-2-3-1-12-5-N",
    "0-7-0-1-2-1-0-6-0-2-2-9-7-11-S",
    "0-0-1-0-1-1-2-2-10-1-3-5-13-9-N",
    "2-5-1-2-4-1-3-2-2-0-2-2-12-10-S",
    "0-10-0-1-1-0-0-1-0-6-0-6-16-7-N",
    "1-1-0-3-1-0-7-1-0-3-3-4-11-13-N",
    "5-1-6-8-1-1-1-1-0-0-0-0-24-0-S",
    "1-0-1-0-1-11-1-2-0-2-1-3-21-4-N",
    "1-0-2-2-1-1-0-0-1-0-13-2-10-15-S",
    "1-2-0-0-0-0-1-0-1-1-1-15-14-12-S",
    "0-1-2-6-7-0-0-0-0-0-1-0-24-7-N",
    "0-3-0-2-5-1-1-2-0-2-1-0-17-14-N",
    "0-0-3-1-0-0-0-0-1-0-0-11-13-19-N",
    "1-0-4-0-0-1-0-1-1-2-4-0-18-16-S",
    "0-0-1-0-3-0-0-0-0-1-1-0-22-20-S",
];

/// The totals of a benchmark run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes searched, all positions together.
    pub nodes: u64,
    /// Time spent searching, all positions together (emptying the tables before each position
    /// is not counted).
    pub time: Duration,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (u128::from(self.nodes) * 1_000_000 / self.time.as_micros().max(1)) as u64
    }
}

/// Searches every position of [`POSITIONS`] to `depth`, calling `on_position` with each index,
/// position text and result.
pub fn run(depth: u32, on_position: &mut dyn FnMut(usize, &str, &SearchResult)) -> BenchResult {
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    // One engine, its tables emptied before each position: the same empty tables as new ones,
    // but allocated once, as in a game. Tables allocated anew for each position start out of
    // the processor's caches, and the bench measured that (8–11 % lower nodes/s) more than
    // the search.
    let mut engine = Engine::new(HASH_MB);
    for (i, text) in POSITIONS.iter().enumerate() {
        let pos = fen::parse(text).expect("bench positions are valid");
        let game = Game::from_position(pos, Rules::default());
        engine.clear();
        let r = engine.search(
            &game,
            &Limits::depth(depth),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        nodes += r.info.nodes;
        time += r.info.time;
        on_position(i, text, &r);
    }
    BenchResult { nodes, time }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_valid_and_not_over() {
        for text in POSITIONS {
            let g = Game::from_position(fen::parse(text).unwrap(), Rules::default());
            assert!(!g.is_over(), "{text}");
        }
    }

    #[test]
    fn node_count_is_deterministic() {
        let a = run(5, &mut |_, _, _| {});
        let b = run(5, &mut |_, _, _| {});
        assert_eq!(a.nodes, b.nodes);
    }
}
