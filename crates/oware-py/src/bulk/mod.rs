//! Games in bulk: seeded random or engine-guided playouts, played in parallel and returned as
//! flat arrays (one row per ply, one per game) ready for NumPy.

use std::sync::atomic::{AtomicBool, Ordering};

use oware_core::{CycleFilter, EndReason, Game, Move, MoveList, Outcome, Position, Rules, Side};
use oware_engine::{Engine, Limits};

use crate::rng::{game_seed, Rng};

mod run;

pub use run::{auto_threads, playouts, Run, AUTO_THREADS_MIN_GAMES};

/// The length of an observation: the 12 pits then South's and North's stores.
pub const OBSERVATION_SIZE: usize = 14;

/// The length of a ply's record ([`Playouts::records`]): the position's 14 counts, the side to
/// move, the move.
pub const RECORD_SIZE: usize = 16;

/// The names of the end reasons, indexed by the codes of [`Playouts::reasons`].
/// Playouts never end by agreement, but the codes cover every reason.
pub const REASON_NAMES: [&str; 5] = ["capture", "draw", "no-feed", "cycle", "agreed-cycle"];

/// The reason code of a game stopped by the ply limit before it ended.
pub const UNFINISHED: i8 = -1;

/// Games per work unit: small enough to share the work evenly, large enough to cost nothing.
/// A unit is played as two interleaved halves (see [`play_random_pair`]).
pub(crate) const CHUNK: usize = 64;

/// The observation of `pos`, laid out as OpenSpiel's `oware` lays it out: the seeds of pits
/// 0–11 (South's `A`–`F`, then North's `a`–`f`, in sowing order) then South's and North's
/// stores, each divided by 48. The same for both players (OpenSpiel's observation is not
/// relative to the observer).
pub fn observation(pos: &Position) -> [f32; OBSERVATION_SIZE] {
    let mut out = [0.0; OBSERVATION_SIZE];
    for (o, b) in out.iter_mut().zip(raw_board(pos)) {
        *o = f32::from(b) / 48.0;
    }
    out
}

/// The pits 0–11 then South's and North's stores, as counts.
#[inline]
fn raw_board(pos: &Position) -> [u8; OBSERVATION_SIZE] {
    let bytes = board_word(pos).to_le_bytes();
    let mut out = [0; OBSERVATION_SIZE];
    out.copy_from_slice(&bytes[..OBSERVATION_SIZE]);
    out
}

/// [`raw_board`] in bytes 0–13 of a word, bytes 14 and 15 zero.
#[inline(always)]
fn board_word(pos: &Position) -> u128 {
    // The core's packed pits (pit i in byte i, bytes 12-15 zero) with the stores in bytes 12-13.
    let stores = pos.stores();
    pos.packed_pits() | u128::from(stores.south) << (8 * 12) | u128::from(stores.north) << (8 * 13)
}

/// A ply's record: `pos`'s counts (bytes 0–13), the side to move (byte 14), the move (byte 15).
#[inline(always)]
fn record(pos: &Position, m: Move) -> [u8; RECORD_SIZE] {
    let word = board_word(pos)
        | (pos.turn().index() as u128) << (8 * 14)
        | (m.index() as u128) << (8 * 15);
    word.to_le_bytes()
}

/// How the moves of a playout are chosen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Policy {
    /// Uniformly among the legal moves.
    Random,
    /// The best move of a search to `depth` plies (single-threaded, no clock, so reproducible),
    /// except that with probability `epsilon` a uniformly random legal move is played instead.
    Search {
        /// Search depth in plies (1 to 100).
        depth: u32,
        /// Share of random moves, 0 to 1.
        epsilon: f64,
        /// Transposition table size in MB, one table per thread, cleared before each game.
        hash_mb: usize,
    },
}

/// What [`playouts`] plays.
#[derive(Debug, Clone)]
pub struct PlayoutOptions {
    /// The rules.
    pub rules: Rules,
    /// The position every game starts from.
    pub start: Position,
    /// How moves are chosen.
    pub policy: Policy,
    /// Games still going after this many plies are stopped (reason [`UNFINISHED`]).
    pub max_plies: usize,
    /// The run's seed: the same seed gives the same games, whatever the thread count.
    pub seed: u64,
    /// Worker threads; 0 to choose by the work's size ([`auto_threads`]).
    pub threads: usize,
    /// Whether to keep every ply (boards, players, actions) or only each game's result.
    pub record: bool,
}

/// Games played by [`playouts`], in game order. Per-ply arrays hold the position *before* each
/// move; a game's plies are consecutive, `lengths` says how many.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Playouts {
    /// Per ply, [`RECORD_SIZE`] bytes: 14 counts, pits 0–11 then South's and North's stores
    /// (`observation` × 48); the side to move, 0 South (OpenSpiel's player 0), 1 North; the
    /// move played, the mover's pit 0–5 from the mover's left (OpenSpiel's action). One store
    /// a ply while playing, one copy a run of games.
    pub records: Vec<[u8; RECORD_SIZE]>,
    /// Per game, its number of plies.
    pub lengths: Vec<u32>,
    /// Per game, why it ended: an index into [`REASON_NAMES`], or [`UNFINISHED`].
    pub reasons: Vec<i8>,
    /// Per game, South's result: 1 win, -1 loss, 0 draw or unfinished (OpenSpiel's
    /// `returns()[0]`; North's is its negation).
    pub returns: Vec<i8>,
    /// Per game, South's and North's final scores (stores plus the end's allocation; the stores
    /// alone when unfinished).
    pub scores: Vec<f32>,
    /// Per game, the final position's 14 counts.
    pub final_boards: Vec<u8>,
}

impl Playouts {
    /// The number of games.
    pub fn games(&self) -> usize {
        self.lengths.len()
    }

    /// The number of plies played in all.
    pub fn plies(&self) -> u64 {
        self.lengths.iter().map(|&l| u64::from(l)).sum()
    }

    /// Per ply, the 14 counts of the position before the move.
    pub fn boards(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.records.iter().map(|r| &r[..OBSERVATION_SIZE])
    }

    /// Per ply, the side to move: 0 South, 1 North.
    pub fn players(&self) -> impl Iterator<Item = u8> + '_ {
        self.records.iter().map(|r| r[OBSERVATION_SIZE])
    }

    /// Per ply, the move played (0–5 from the mover's left).
    pub fn actions(&self) -> impl Iterator<Item = u8> + '_ {
        self.records.iter().map(|r| r[OBSERVATION_SIZE + 1])
    }

    /// Empties every array, keeping their room.
    fn clear(&mut self) {
        self.records.clear();
        self.clear_results();
    }

    /// Empties the per-game arrays, keeping their room.
    pub fn clear_results(&mut self) {
        self.lengths.clear();
        self.reasons.clear();
        self.returns.clear();
        self.scores.clear();
        self.final_boards.clear();
    }

    /// Appends `other`'s games.
    fn extend_from(&mut self, other: &Playouts) {
        self.records.extend_from_slice(&other.records);
        self.extend_results_from(other);
    }

    /// Appends `other`'s per-game arrays only.
    pub fn extend_results_from(&mut self, other: &Playouts) {
        self.lengths.extend_from_slice(&other.lengths);
        self.reasons.extend_from_slice(&other.reasons);
        self.returns.extend_from_slice(&other.returns);
        self.scores.extend_from_slice(&other.scores);
        self.final_boards.extend_from_slice(&other.final_boards);
    }

    fn push_game(&mut self, game: &Game, record: bool) {
        if record {
            for (pos, &m) in game.positions().iter().zip(game.moves()) {
                self.push_ply(pos, m);
            }
        }
        self.push_result(game.moves().len(), game.position(), game.outcome());
    }

    /// Records the position before a move and the move.
    #[inline(always)]
    fn push_ply(&mut self, pos: &Position, m: Move) {
        self.records.push(record(pos, m));
    }

    /// Records a game's end: its length, last position and outcome (`None` if unfinished).
    fn push_result(&mut self, plies: usize, last: &Position, outcome: Option<&Outcome>) {
        self.lengths.push(plies as u32);
        self.final_boards.extend_from_slice(&raw_board(last));
        match outcome {
            Some(o) => {
                self.reasons.push(reason_code(o));
                self.returns.push(match o.winner() {
                    Some(Side::South) => 1,
                    Some(Side::North) => -1,
                    None => 0,
                });
                self.scores.push(o.scores.south.as_f64() as f32);
                self.scores.push(o.scores.north.as_f64() as f32);
            }
            None => {
                self.reasons.push(UNFINISHED);
                self.returns.push(0);
                self.scores.push(f32::from(last.store(Side::South)));
                self.scores.push(f32::from(last.store(Side::North)));
            }
        }
    }
}

/// The code of an outcome's reason: its index in [`REASON_NAMES`].
pub(crate) fn reason_code(o: &Outcome) -> i8 {
    match o.reason {
        EndReason::Capture => 0,
        EndReason::Draw => 1,
        EndReason::NoFeed => 2,
        EndReason::Cycle => 3,
        EndReason::AgreedCycle => 4,
    }
}

/// One of the two games [`play_random_pair`] plays at once: games `next..end` of a run played
/// one after the other with uniformly random moves, as [`play_one`] would with
/// [`Policy::Random`] — the same moves from the same random numbers, the same end — but on
/// [`Position`]s, without a [`Game`]: no list of moves, no legality check of a move taken from
/// the legal ones, the positions kept in `history` (reused from game to game) for the core's
/// cycle test ([`oware_core::Repetition::is_cycle`], behind the core's [`CycleFilter`], which
/// spares most of its scans).
///
/// The rules are all the core's, asked in the order [`Game::play`] asks them: `legal_mask`
/// (empty exactly when the position is over by itself: [`Position::outcome`]),
/// `play_unchecked_branchless` (the core's `play_unchecked` without branches on the capture),
/// then `outcome`, or `is_cycle` and `cycle_outcome`.
struct Lane<'a> {
    options: &'a PlayoutOptions,
    /// The next game to start and the end of the lane's games.
    next: usize,
    end: usize,
    rng: Rng,
    pos: Position,
    /// `pos`'s legal moves.
    mask: u8,
    history: Vec<Position>,
    filter: CycleFilter,
    /// Where the lane's games are written, in game order.
    out: &'a mut Playouts,
}

impl<'a> Lane<'a> {
    fn new(
        options: &'a PlayoutOptions,
        range: std::ops::Range<usize>,
        out: &'a mut Playouts,
    ) -> Self {
        Lane {
            options,
            next: range.start,
            end: range.end,
            rng: Rng::new(0),
            pos: options.start,
            mask: 0,
            // Room taken at the first game (a lane may have none).
            history: Vec::new(),
            filter: CycleFilter::new(),
            out,
        }
    }

    /// Starts the lane's next game; `false` when it has none left.
    fn start(&mut self) -> bool {
        if self.next >= self.end {
            return false;
        }
        if self.history.capacity() == 0 {
            self.history.reserve(256);
        }
        self.rng = Rng::new(game_seed(self.options.seed, self.next as u64));
        self.next += 1;
        self.pos = self.options.start;
        self.mask = self.pos.legal_mask(&self.options.rules);
        self.history.clear();
        self.filter.clear();
        self.filter.push(&self.pos);
        true
    }

    /// Plays a ply of the current game, or records its end (its length, last position and
    /// outcome, `None` if the ply limit stopped it) and returns `false`.
    #[inline(always)]
    fn step(&mut self) -> bool {
        let options = self.options;
        let rules = &options.rules;
        if self.mask == 0 || self.history.len() >= options.max_plies {
            let outcome = if self.mask == 0 {
                self.pos.outcome(rules)
            } else {
                None
            };
            self.out
                .push_result(self.history.len(), &self.pos, outcome.as_ref());
            return false;
        }
        // The legal moves in pit order, as `Game::legal_moves` lists them.
        let legal = MoveList::from_mask(self.mask);
        let m = legal[self.rng.below(legal.len())];
        let pos = self.pos;
        if options.record {
            self.out.push_ply(&pos, m);
        }
        // (`pos` is in the filter: the start, or pushed by `is_cycle_then_push`.)
        self.history.push(pos);
        self.pos = pos.play_unchecked_branchless(m, rules);
        self.mask = self.pos.legal_mask(rules);
        if self.mask != 0
            && self
                .filter
                .is_cycle_then_push(rules.repetition, &self.history, &self.pos)
        {
            let outcome = self.pos.cycle_outcome(rules);
            self.out
                .push_result(self.history.len(), &self.pos, Some(&outcome));
            return false;
        }
        true
    }

    /// Plays the lane's games to the end, alone.
    fn finish(&mut self, mut live: bool) {
        while live {
            if !self.step() {
                live = self.start();
            }
        }
    }
}

/// Plays games `a` into `out_a` and games `b` into `out_b` with uniformly random moves, a ply
/// of each in turn: two independent games in one loop keep the processor busy while either
/// waits for its last move (each ply depends on the one before). Each game is the one
/// [`play_one`] plays from its seed.
#[inline(never)]
fn play_random_pair(
    options: &PlayoutOptions,
    a: std::ops::Range<usize>,
    out_a: &mut Playouts,
    b: std::ops::Range<usize>,
    out_b: &mut Playouts,
) {
    let mut a = Lane::new(options, a, out_a);
    let mut b = Lane::new(options, b, out_b);
    let (mut live_a, mut live_b) = (a.start(), b.start());
    while live_a && live_b {
        if !a.step() {
            live_a = a.start();
        }
        if !b.step() {
            live_b = b.start();
        }
    }
    a.finish(live_a);
    b.finish(live_b);
}

/// Plays game `index` of a run to its end (or the ply limit), or until `stop` is set (a game
/// cut short then, which the caller throws away).
fn play_one(
    options: &PlayoutOptions,
    index: u64,
    engine: Option<&mut Engine>,
    stop: &AtomicBool,
) -> Game {
    let mut rng = Rng::new(game_seed(options.seed, index));
    let mut game = Game::from_position(options.start, options.rules);
    let mut engine = engine;
    if let Some(e) = engine.as_deref_mut() {
        e.clear();
    }
    while !game.is_over() && game.moves().len() < options.max_plies && !stop.load(Ordering::Relaxed)
    {
        let legal = game.legal_moves();
        let m = match (options.policy, engine.as_deref_mut()) {
            (Policy::Search { depth, epsilon, .. }, Some(e)) if rng.unit() >= epsilon => e
                .search(&game, &Limits::depth(depth), stop, &mut |_| {})
                .best
                .unwrap_or(legal[0]),
            _ => legal[rng.below(legal.len())],
        };
        if game.play(m).is_err() {
            // Unreachable: the move is one of the core's legal moves.
            break;
        }
    }
    game
}

/// Plays games `range` of a run into `parts` (emptied first, their room kept): its first half
/// into `parts[0]`, the rest into `parts[1]`. Searching games heed `stop`.
pub(crate) fn play_range(
    options: &PlayoutOptions,
    range: std::ops::Range<usize>,
    parts: &mut [Playouts],
    stop: &AtomicBool,
) {
    let mid = range.start + range.len() / 2;
    let [a, b] = parts else {
        unreachable!("two parts a unit")
    };
    a.clear();
    b.clear();
    // Stopped: the rest of the window plays nothing (a unit is a fraction of a millisecond).
    if stop.load(Ordering::Relaxed) {
        return;
    }
    if options.policy == Policy::Random {
        play_random_pair(options, range.start..mid, a, mid..range.end, b);
        return;
    }
    play_searched(options, range.start..mid, a, stop);
    play_searched(options, mid..range.end, b, stop);
}

/// Plays games `range` of a run with [`play_one`] into `out`, until `stop` is set.
fn play_searched(
    options: &PlayoutOptions,
    range: std::ops::Range<usize>,
    out: &mut Playouts,
    stop: &AtomicBool,
) {
    // Stopped: not even a table to allocate and clear (megabytes, for each of a window's units).
    if stop.load(Ordering::Relaxed) {
        return;
    }
    let mut engine = match options.policy {
        Policy::Search { hash_mb, .. } => Some(Engine::new(hash_mb.max(1))),
        Policy::Random => None,
    };
    for i in range {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let game = play_one(options, i as u64, engine.as_mut(), stop);
        out.push_game(&game, options.record);
    }
}

#[cfg(test)]
mod tests {
    use super::run::shared_pool;
    use super::*;
    use oware_core::Move;
    use std::sync::Arc;

    fn options(policy: Policy, threads: usize) -> PlayoutOptions {
        PlayoutOptions {
            rules: Rules::PLAYSTRATEGY,
            start: Position::start(),
            policy,
            max_plies: 1000,
            seed: 12345,
            threads,
            record: true,
        }
    }

    #[test]
    fn observation_is_openspiels_layout() {
        let o = observation(&Position::start());
        assert_eq!(o[..12], [4.0 / 48.0; 12]);
        assert_eq!(o[12..], [0.0, 0.0]);
    }

    #[test]
    fn same_seed_same_games_whatever_the_threads() {
        let one = playouts(300, &options(Policy::Random, 1)).unwrap();
        let two = playouts(300, &options(Policy::Random, 2)).unwrap();
        assert_eq!(one, two);
        let mut other = options(Policy::Random, 1);
        other.seed = 1;
        assert_ne!(playouts(300, &other).unwrap().records, one.records);
    }

    /// Every recorded game replays through the core to the recorded end.
    #[test]
    fn recorded_games_replay() {
        let p = playouts(200, &options(Policy::Random, 2)).unwrap();
        assert_eq!(p.games(), 200);
        assert_eq!(p.records.len() as u64, p.plies());
        let mut ply = 0;
        for g in 0..p.games() {
            let mut game = Game::new(Rules::PLAYSTRATEGY);
            for _ in 0..p.lengths[g] {
                let r = &p.records[ply];
                assert_eq!(raw_board(game.position())[..], r[..14]);
                assert_eq!(game.position().turn().index() as u8, r[14]);
                game.play(Move::new(usize::from(r[15])).unwrap()).unwrap();
                ply += 1;
            }
            let o = game.outcome().expect("random games end within 1000 plies");
            assert_eq!(p.reasons[g], reason_code(o));
            assert_eq!(
                raw_board(game.position())[..],
                p.final_boards[g * 14..][..14]
            );
            let total = p.scores[2 * g] + p.scores[2 * g + 1];
            // Every seed is allocated at the end, except after a capture of 25 (abapa sweeps
            // nothing then).
            assert!(total == 48.0 || (o.reason == EndReason::Capture && total < 48.0));
            let want = match p.scores[2 * g].total_cmp(&p.scores[2 * g + 1]) {
                std::cmp::Ordering::Greater => 1,
                std::cmp::Ordering::Less => -1,
                std::cmp::Ordering::Equal => 0,
            };
            assert_eq!(p.returns[g], want);
        }
    }

    /// The random playouts of [`play_random`] are the games a [`Game`] plays ([`play_one`]) from
    /// the same seeds: same moves, positions, ends and scores, under every grand slam rule,
    /// both repetition rules and both cycle allocations, from the start and from positions with
    /// few seeds (where cycles are common), with and without a ply limit that cuts games.
    #[test]
    fn random_playouts_are_the_games_a_game_plays() {
        use oware_core::fen;
        let starts = [
            Position::start(),
            fen::parse("1-0-0-0-0-0-1-0-0-0-0-0-23-23-S").unwrap(),
            fen::parse("2-1-0-0-1-0-0-1-1-0-0-2-20-20-N").unwrap(),
            fen::parse("0-0-1-3-0-1-1-2-0-0-0-0-19-21-S").unwrap(),
            fen::parse("3-0-0-0-0-5-0-0-2-0-0-1-17-20-S").unwrap(),
        ];
        let mut all_rules: Vec<Rules> = Rules::PRESETS.iter().map(|&(_, r)| r).collect();
        all_rules.extend(Rules::every());
        let mut seen = [0usize; 5];
        for (r, &rules) in all_rules.iter().enumerate() {
            for (k, &start) in starts.iter().enumerate() {
                let options = PlayoutOptions {
                    rules,
                    start,
                    policy: Policy::Random,
                    max_plies: if (r + k) % 3 == 0 { 60 } else { 1000 },
                    seed: (100 * r + k) as u64,
                    threads: 1,
                    record: true,
                };
                let games = if k == 0 { 1000 } else { 400 };
                let fast = playouts(games, &options).unwrap();
                let mut slow = Playouts::default();
                for i in 0..games {
                    let never = AtomicBool::new(false);
                    slow.push_game(&play_one(&options, i as u64, None, &never), true);
                }
                assert_eq!(fast, slow, "{rules} from {start:?}");
                for &reason in &fast.reasons {
                    seen[(reason + 1) as usize] += 1;
                }
            }
        }
        // Every kind of end came up, cycles and cut games included.
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
    }

    /// Once the stop flag is set, a run plays no further window, and searching games end at
    /// their next ply without even allocating a table.
    #[test]
    fn a_set_stop_flag_ends_the_run() {
        let stop = AtomicBool::new(false);
        let o = options(Policy::Random, 2);
        let mut run = Run::with_stop(100_000, &o, &stop).unwrap();
        assert!(run.next_window());
        stop.store(true, Ordering::Relaxed);
        assert!(!run.next_window());
        let searching = options(
            Policy::Search {
                depth: 20,
                epsilon: 0.0,
                hash_mb: 1,
            },
            2,
        );
        let mut run = Run::with_stop(1000, &searching, &stop).unwrap();
        assert!(!run.next_window());
        let mut out = Playouts::default();
        play_searched(&searching, 0..10, &mut out, &stop);
        assert_eq!(out.games(), 0);
    }

    /// Runs on several threads share one pool, kept between runs; `threads = 0` picks one
    /// thread for small random runs.
    #[test]
    fn the_pool_is_kept_and_small_runs_take_one_thread() {
        let a = shared_pool(2).unwrap();
        let b = shared_pool(2).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(auto_threads(AUTO_THREADS_MIN_GAMES - 1, &Policy::Random), 1);
        let o = options(Policy::Random, 0);
        assert_eq!(Run::new(1000, &o).unwrap().threads(), 1);
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(auto_threads(AUTO_THREADS_MIN_GAMES, &Policy::Random), cores);
    }

    #[test]
    fn searching_playouts_are_reproducible_and_stop_at_the_limit() {
        let mut o = options(
            Policy::Search {
                depth: 3,
                epsilon: 0.1,
                hash_mb: 1,
            },
            2,
        );
        o.max_plies = 30;
        let a = playouts(4, &o).unwrap();
        assert_eq!(a, playouts(4, &o).unwrap());
        assert!(a.lengths.iter().all(|&l| l <= 30));
        assert!(a
            .reasons
            .iter()
            .zip(&a.lengths)
            .all(|(&r, &l)| (r == UNFINISHED) == (l == 30)));
        o.record = false;
        let b = playouts(4, &o).unwrap();
        assert!(b.records.is_empty());
        assert_eq!(b.reasons, a.reasons);
    }
}
