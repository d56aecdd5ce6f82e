//! Games in bulk: seeded random or engine-guided playouts, played in parallel and returned as
//! flat arrays (one row per ply, one per game) ready for NumPy.

use std::sync::atomic::AtomicBool;

use oware_core::{EndReason, Game, Outcome, Position, Rules, Side};
use oware_engine::{Engine, Limits};
use rayon::prelude::*;

use crate::rng::{game_seed, Rng};

/// The length of an observation: the 12 pits then South's and North's stores.
pub const OBSERVATION_SIZE: usize = 14;

/// The names of the end reasons, indexed by the codes of [`Playouts::reasons`].
pub const REASON_NAMES: [&str; 4] = ["capture", "draw", "no-feed", "cycle"];

/// The reason code of a game stopped by the ply limit before it ended.
pub const UNFINISHED: i8 = -1;

/// Games per work unit: small enough to share the work evenly, large enough to cost nothing.
const CHUNK: usize = 64;

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
fn raw_board(pos: &Position) -> [u8; OBSERVATION_SIZE] {
    let mut out = [0; OBSERVATION_SIZE];
    out[..12].copy_from_slice(&pos.pits());
    out[12] = pos.store(Side::South);
    out[13] = pos.store(Side::North);
    out
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
    /// Worker threads; 0 for one per core.
    pub threads: usize,
    /// Whether to keep every ply (boards, players, actions) or only each game's result.
    pub record: bool,
}

/// Games played by [`playouts`], in game order. Per-ply arrays hold the position *before* each
/// move; a game's plies are consecutive, `lengths` says how many.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Playouts {
    /// Per ply, 14 counts: pits 0–11 then South's and North's stores (`observation` × 48).
    pub boards: Vec<u8>,
    /// Per ply, the side to move: 0 South (OpenSpiel's player 0), 1 North.
    pub players: Vec<u8>,
    /// Per ply, the move played: the mover's pit 0–5 from the mover's left (OpenSpiel's action).
    pub actions: Vec<u8>,
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

    fn append(&mut self, mut other: Playouts) {
        self.boards.append(&mut other.boards);
        self.players.append(&mut other.players);
        self.actions.append(&mut other.actions);
        self.lengths.append(&mut other.lengths);
        self.reasons.append(&mut other.reasons);
        self.returns.append(&mut other.returns);
        self.scores.append(&mut other.scores);
        self.final_boards.append(&mut other.final_boards);
    }

    fn push_game(&mut self, game: &Game, record: bool) {
        let positions = game.positions();
        if record {
            for (pos, m) in positions.iter().zip(game.moves()) {
                self.boards.extend_from_slice(&raw_board(pos));
                self.players.push(pos.turn().index() as u8);
                self.actions.push(m.index() as u8);
            }
        }
        self.lengths.push(game.moves().len() as u32);
        let last = game.position();
        self.final_boards.extend_from_slice(&raw_board(last));
        match game.outcome() {
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
    }
}

/// Plays game `index` of a run to its end (or the ply limit).
fn play_one(options: &PlayoutOptions, index: u64, engine: Option<&mut Engine>) -> Game {
    let mut rng = Rng::new(game_seed(options.seed, index));
    let mut game = Game::from_position(options.start, options.rules);
    let stop = AtomicBool::new(false);
    let mut engine = engine;
    if let Some(e) = engine.as_deref_mut() {
        e.clear();
    }
    while !game.is_over() && game.moves().len() < options.max_plies {
        let legal = game.legal_moves();
        let m = match (options.policy, engine.as_deref_mut()) {
            (Policy::Search { depth, epsilon, .. }, Some(e)) if rng.unit() >= epsilon => e
                .search(&game, &Limits::depth(depth), &stop, &mut |_| {})
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

/// Plays games `range` of a run.
fn play_range(options: &PlayoutOptions, range: std::ops::Range<usize>) -> Playouts {
    let mut engine = match options.policy {
        Policy::Search { hash_mb, .. } => Some(Engine::new(hash_mb.max(1))),
        Policy::Random => None,
    };
    let mut out = Playouts::default();
    for i in range {
        let game = play_one(options, i as u64, engine.as_mut());
        out.push_game(&game, options.record);
    }
    out
}

/// Plays `games` games as `options` say, on `options.threads` threads, and returns them in game
/// order. Reproducible: game `i` depends only on the seed, `i` and the options.
pub fn playouts(games: usize, options: &PlayoutOptions) -> Result<Playouts, String> {
    let chunks: Vec<std::ops::Range<usize>> = (0..games)
        .step_by(CHUNK)
        .map(|s| s..(s + CHUNK).min(games))
        .collect();
    let parts: Vec<Playouts> = if options.threads == 1 || chunks.len() <= 1 {
        chunks.into_iter().map(|r| play_range(options, r)).collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(options.threads)
            .build()
            .map_err(|e| format!("cannot start the threads: {e}"))?;
        pool.install(|| {
            chunks
                .into_par_iter()
                .map(|r| play_range(options, r))
                .collect()
        })
    };
    let mut out = Playouts::default();
    for p in parts {
        out.append(p);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::Move;

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
        assert_ne!(playouts(300, &other).unwrap().actions, one.actions);
    }

    /// Every recorded game replays through the core to the recorded end.
    #[test]
    fn recorded_games_replay() {
        let p = playouts(200, &options(Policy::Random, 2)).unwrap();
        assert_eq!(p.games(), 200);
        assert_eq!(p.boards.len() as u64, 14 * p.plies());
        let mut ply = 0;
        for g in 0..p.games() {
            let mut game = Game::new(Rules::PLAYSTRATEGY);
            for _ in 0..p.lengths[g] {
                assert_eq!(raw_board(game.position())[..], p.boards[ply * 14..][..14]);
                assert_eq!(game.position().turn().index() as u8, p.players[ply]);
                game.play(Move::new(usize::from(p.actions[ply])).unwrap())
                    .unwrap();
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
        assert!(b.boards.is_empty());
        assert_eq!(b.reasons, a.reasons);
    }
}
