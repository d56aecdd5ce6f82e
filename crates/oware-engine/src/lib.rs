//! Oware search engine: iterative deepening principal variation search over the rules core, a
//! lock-free transposition table shared by several threads (lazy SMP), a tuned evaluation,
//! graded playing levels and a deterministic benchmark.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use oware_core::{Game, Rules};
//! use oware_engine::{search, Limits};
//!
//! let game = Game::new(Rules::default());
//! let result = search(&game, &Limits::depth(6), &AtomicBool::new(false), &mut |_| {});
//! assert!(result.best.is_some());
//! assert_eq!(result.info.depth, 6);
//! ```
//!
//! Scores are centi-seeds (100 = one seed) from the side to move's view. A game end the search
//! found is reported as `±(MATE - plies)` ([`MATE`] = 30000): `29987` is a win in 13 plies. A
//! position the endgame databases prove won scores `±(EGDB_WIN - plies - seeds on the board)`
//! ([`EGDB_WIN`] = 29000); every proven score is at least [`PROVEN`] in magnitude. Use
//! [`score_to_text`] to show a score and [`mate_moves`] for UCI's `score mate`.

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;
use std::time::Duration;

use oware_core::{Game, Move, Position, Rules};

mod agreement;
pub mod bench;
mod clock;
mod egdb;
pub mod eval;
mod levels;
mod limits;
mod ordering;
mod score;
mod search;
pub mod tt;
pub mod tune;
pub mod uci;

/// Size of the table of depth-1 nodes, in MB: small enough to stay in a core's L2 cache. About
/// half the nodes that probe a table are at depth 1; with their own table their probes hit the
/// cache, and they no longer evict deeper entries from the main table (`Hash`). From the start
/// position with a 64 MB main table that made the search about 30 % faster in nodes per second
/// (200 games at 20 ms a move against the single table: 52.2 %, +16 ± 45 Elo). It is
/// direct-mapped ([`tt::SmallTt`]): all its entries have the same depth, so a bucket's choice of
/// a victim by depth had nothing to go on.
const SHALLOW_MB: usize = 1;

/// From this main table size on, inner nodes prefetch their children's table entries (see
/// `Worker::sow_children`). Measured from the start position, time to depth 24 (`go depth 24`,
/// one thread, median of 6–10 runs): with 8, 16 and 64 MB tables the prefetch cut it by about
/// 12 %, 10–18 % and 24–27 %; with 4 MB it added 10 % (the table mostly in the caches, sowing
/// the children never searched cost more than the misses saved).
const PREFETCH_MB: usize = 8;

pub use agreement::{
    answer_cycle_proposal, cycle_view, should_propose, CycleAnswer, CycleView, PlayValue,
    EVAL_MARGIN, PROPOSE_DEPTH,
};
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use clock::set_wasm_clock;
pub use egdb::{open_egdb, Prober};
pub use levels::{
    choose_move, choose_move_with, reply_seed, Level, LevelSpec, ParseLevelError, LEVELS,
};
pub use limits::{Clock, Limits};
pub use score::{mate_moves, score_to_text, EGDB_WIN, MATE, PROVEN};

/// Progress of a search, reported after each completed iteration.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Score in centi-seeds from the side to move's view (see the crate docs for proven results).
    pub score: i32,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Elapsed time.
    pub time: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Permille of the transposition table used by this search.
    pub hashfull: u32,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let us = self.time.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / us) as u64
    }
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// Best move, `None` when the game is over.
    pub best: Option<Move>,
    /// The last completed iteration.
    pub info: Info,
}

/// A search engine with its own transposition table, thread count and endgame databases: what
/// `oware uci` keeps between moves.
#[derive(Debug)]
pub struct Engine {
    tt: tt::Tt,
    shallow: tt::SmallTt,
    threads: usize,
    egdb: Option<Arc<Prober>>,
    /// Forces the prefetch of children's table entries on or off (tests); by default it
    /// follows the table's size (see [`Engine::prefetch`]).
    prefetch_override: Option<bool>,
    /// The search threads' working memory, kept between searches (one per thread, made as
    /// needed).
    scratch: Vec<search::Scratch>,
}

impl Engine {
    /// An engine with a `hash_mb` MB table (and the 1 MB table of depth-1 nodes) and one
    /// thread.
    /// Aborts if the table's memory cannot be had: for a size that comes from input, use
    /// [`Engine::try_new`].
    pub fn new(hash_mb: usize) -> Engine {
        Engine::try_new(hash_mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// An engine with a `hash_mb` MB table, or an error if that memory cannot be had.
    pub fn try_new(hash_mb: usize) -> Result<Engine, tt::TableSizeError> {
        Ok(Engine {
            tt: tt::Tt::try_new(hash_mb)?,
            shallow: tt::SmallTt::new(SHALLOW_MB),
            threads: 1,
            egdb: None,
            prefetch_override: None,
            scratch: Vec::new(),
        })
    }

    /// Whether the search prefetches its children's table entries: from a `PREFETCH_MB` table.
    fn prefetch(&self) -> bool {
        self.prefetch_override
            .unwrap_or(self.tt.mb() >= PREFETCH_MB)
    }

    /// Resizes (and clears) the transposition table; if the new size cannot be had, the old
    /// table stays as it was and the error says so.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), tt::TableSizeError> {
        self.tt = tt::Tt::try_new(mb)?;
        Ok(())
    }

    /// The table size in MB.
    pub fn hash_mb(&self) -> usize {
        self.tt.mb()
    }

    /// Sets the number of search threads (at least 1).
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, 256);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Uses these endgame databases (or none).
    pub fn set_egdb(&mut self, egdb: Option<Arc<Prober>>) {
        self.egdb = egdb;
    }

    /// The endgame databases in use.
    pub fn egdb(&self) -> Option<&Arc<Prober>> {
        self.egdb.as_ref()
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.shallow.clear();
    }

    /// Searches the current position of `game` (its history counts for cycles).
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        if game.is_over() {
            return SearchResult {
                best: None,
                info: Info::default(),
            };
        }
        let positions = game.positions();
        let history = &positions[..positions.len() - 1];
        self.search_from(
            game.position(),
            history,
            game.rules(),
            limits,
            stop,
            on_info,
        )
    }

    /// Searches `pos` reached after `history` (oldest first; only positions since the last
    /// capture matter). The game must not be over at `pos`.
    pub fn search_from(
        &mut self,
        pos: &Position,
        history: &[Position],
        rules: &Rules,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let seeds = pos.seeds_on_board();
        let from = history
            .iter()
            .rposition(|p| p.seeds_on_board() != seeds)
            .map_or(0, |i| i + 1);
        let history = &history[from..];
        self.tt.new_search();
        let shared = search::Shared {
            tt: &self.tt,
            shallow: &self.shallow,
            rules: *rules,
            stop,
            halt: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start: clock::Instant::now(),
            plan: limits::plan(limits, pos.turn()),
            node_limit: limits.nodes,
            max_depth: limits.depth.map_or(100, |d| d.clamp(1, 100) as i32),
            infinite: limits.infinite,
            egdb: self.egdb.as_deref(),
            prefetch: self.prefetch(),
        };
        let threads = self.threads;
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.resize_with(threads, search::Scratch::new);
        let mut scratch = scratch.into_iter();
        let main_scratch = scratch.next().expect("one thread at least");
        let ((best, mut info), kept) = std::thread::scope(|s| {
            let helpers: Vec<_> = scratch
                .enumerate()
                .map(|(i, mem)| {
                    let shared = &shared;
                    s.spawn(move || {
                        let mut w = search::Worker::new(shared, i + 1, history, mem);
                        w.iterate(pos, &mut |_| {});
                        w.into_scratch()
                    })
                })
                .collect();
            let mut main = search::Worker::new(&shared, 0, history, main_scratch);
            let r = main.iterate(pos, on_info);
            shared
                .halt
                .store(true, std::sync::atomic::Ordering::Relaxed);
            let mut kept = vec![main.into_scratch()];
            for h in helpers {
                kept.push(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
            }
            (r, kept)
        });
        self.scratch = kept;
        info.nodes = shared.nodes.load(std::sync::atomic::Ordering::Relaxed);
        info.hashfull = self.tt.hashfull();
        SearchResult { best, info }
    }
}

/// Searches the current position of `game` (its history matters for cycles) within `limits`,
/// calling `on_info` after each iteration, until a limit is hit or `stop` is set. Uses a fresh
/// 16 MB table and one thread; keep an [`Engine`] to reuse a table between moves.
pub fn search(
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    Engine::new(16).search(game, limits, stop, on_info)
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{fen, Game};

    /// The prefetch of children's table entries changes no result: the same nodes, moves and
    /// scores with and without it, on the bench positions.
    #[test]
    fn prefetch_changes_nothing_but_speed() {
        for text in bench::POSITIONS.iter().step_by(4) {
            let game = Game::from_position(fen::parse(text).unwrap(), Rules::default());
            let results: Vec<SearchResult> = [false, true]
                .into_iter()
                .map(|prefetch| {
                    let mut engine = Engine::new(8);
                    engine.prefetch_override = Some(prefetch);
                    engine.search(
                        &game,
                        &Limits::depth(9),
                        &AtomicBool::new(false),
                        &mut |_| {},
                    )
                })
                .collect();
            assert_eq!(results[0].best, results[1].best, "{text}");
            assert_eq!(results[0].info.score, results[1].info.score, "{text}");
            assert_eq!(results[0].info.nodes, results[1].info.nodes, "{text}");
            assert_eq!(results[0].info.pv, results[1].info.pv, "{text}");
        }
    }

    /// A search in an engine that has searched before (its threads' memory reused) and was
    /// cleared finds what a new engine finds: the same nodes, move, score and line.
    #[test]
    fn reused_engine_searches_like_a_new_one() {
        let games: Vec<Game> = bench::POSITIONS
            .iter()
            .step_by(5)
            .map(|text| Game::from_position(fen::parse(text).unwrap(), Rules::default()))
            .collect();
        let run = |engine: &mut Engine, game: &Game| {
            engine.clear();
            engine.search(
                game,
                &Limits::depth(8),
                &AtomicBool::new(false),
                &mut |_| {},
            )
        };
        let mut reused = Engine::new(4);
        // Memory left by a two-thread search, then by searches of other positions.
        reused.set_threads(2);
        run(&mut reused, &games[0]);
        reused.set_threads(1);
        for game in games.iter().rev() {
            run(&mut reused, game);
        }
        for game in &games {
            let new = run(&mut Engine::new(4), game);
            let again = run(&mut reused, game);
            assert_eq!(new.best, again.best);
            assert_eq!(new.info.score, again.info.score);
            assert_eq!(new.info.nodes, again.info.nodes);
            assert_eq!(new.info.pv, again.info.pv);
        }
    }
}
