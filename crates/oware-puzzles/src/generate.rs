//! The generator: candidate positions from games and self-play, judged, followed, kept.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use oware_core::{Game, Move, Position, Rules};
use oware_engine::{Engine, Limits};

use crate::deep::{DeepJudge, DeepReport};
use crate::judge::{outcome_after, Judge, Method, DECISIVE, MARGIN};
use crate::puzzle::{position_key, Puzzle};
use crate::themes::{deep_bonus, detect_themes, is_greedy, starting_rating, Theme, FIND_DEPTH};
use crate::{DEFAULT_DEPTH, DEFAULT_TABLE_SEEDS, MAX_SOLVER_MOVES};

/// How the generator works.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The depth of the proof by search (positions with more seeds than the tables cover).
    pub depth: u32,
    /// Positions with at most this many seeds on the board are judged by the tables (when the
    /// judge has tables that far).
    pub table_seeds: u8,
    /// A first look at a smaller depth: a position whose best move does not lead the others
    /// by half the margin there is not searched deeper.
    pub prefilter_depth: u32,
    /// The search depth of the self-play games' moves.
    pub selfplay_depth: u32,
    /// Stop after this many puzzles.
    pub max: Option<usize>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            depth: DEFAULT_DEPTH,
            table_seeds: DEFAULT_TABLE_SEEDS,
            prefilter_depth: 8,
            selfplay_depth: 6,
            max: None,
        }
    }
}

/// What the generator looked at and kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games read or played.
    pub games: u64,
    /// Positions looked at: every position of every game where the game goes on.
    pub candidates: u64,
    /// Candidates with a single legal move.
    pub only_move: u64,
    /// Candidates already seen (the same pits, or their mirror, or a later position of a kept
    /// puzzle's line).
    pub duplicates: u64,
    /// Candidates dropped by the first look at a smaller depth.
    pub prefiltered: u64,
    /// Candidates judged in full.
    pub judged: u64,
    /// Candidates whose first move is the only good one but whose gain is not concrete (see
    /// [`is_concrete`]).
    pub vague: u64,
    /// Puzzles kept.
    pub kept: u64,
    /// Of those, proven by the tables.
    pub by_tables: u64,
    /// Candidates dropped by the deep check (see [`Generator::set_deep`]).
    pub deep_dropped: u64,
    /// Puzzles whose line the deep check shortened (a later solver move not the only good one).
    pub deep_shortened: u64,
    /// Searches made by the judge.
    pub searches: u64,
}

/// A small deterministic generator (SplitMix64).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The longest self-play game, in plies.
const MAX_SELFPLAY_PLIES: usize = 300;

/// One self-play game, the same for the same `seed` and `index`: two to eight random opening
/// moves, then a search of `depth` plies for each move, one move in eight random (the
/// mistakes that make puzzles).
pub fn selfplay_game(engine: &mut Engine, seed: u64, index: u64, depth: u32) -> Game {
    let mut rng = seed ^ index.wrapping_mul(0xa076_1d64_78bd_642f);
    let mut game = Game::new(Rules::ABAPA);
    let opening = 2 + splitmix(&mut rng) % 7;
    engine.clear();
    let stop = AtomicBool::new(false);
    while !game.is_over() && game.moves().len() < MAX_SELFPLAY_PLIES {
        let legal = game.legal_moves();
        let random = (game.moves().len() as u64) < opening || splitmix(&mut rng).is_multiple_of(8);
        let m = if random {
            legal[(splitmix(&mut rng) % legal.len() as u64) as usize]
        } else {
            let r = engine.search(&game, &Limits::depth(depth), &stop, &mut |_| {});
            r.best.unwrap_or(legal[0])
        };
        if game.play(m).is_err() {
            break;
        }
    }
    game
}

/// The seeds the solver has gained over the opponent by the end of `line` (captures of the
/// solver minus the opponent's).
pub fn net_gain(pos: &Position, line: &[Move], rules: &Rules) -> i32 {
    let me = pos.turn();
    let end = line.iter().fold(*pos, |p, &m| p.play_unchecked(m, rules));
    let lead = |p: &Position| i32::from(p.store(me)) - i32::from(p.store(me.other()));
    lead(&end) - lead(pos)
}

/// Whether a candidate's gain is concrete, not only the search's opinion: proven by the
/// tables, a won game (or a lead that decides games) for the first move, a line that ends
/// with the solver [`MARGIN`] seeds up on the opponent in captures, or a defence against a
/// capture ([`Theme::Defend`]).
pub fn is_concrete(
    pos: &Position,
    line: &[Move],
    method: Method,
    value: i32,
    themes: &[Theme],
    rules: &Rules,
) -> bool {
    matches!(method, Method::Tables { .. })
        || value >= DECISIVE
        || 100 * net_gain(pos, line, rules) >= MARGIN
        || themes.contains(&Theme::Defend)
}

/// The starting rating of `puzzle` ([`starting_rating`], plus [`deep_bonus`] when the deep
/// check's report is given): `find_depth` by searches of the puzzle's position (without
/// tables, as the judge's are) up to [`FIND_DEPTH`].
pub fn rating_of(judge: &mut Judge, puzzle: &Puzzle, report: Option<&DeepReport>) -> u32 {
    let rules = *judge.rules();
    let pos = &puzzle.position;
    let first = puzzle.line[0];
    let mut by_depth = Vec::new();
    judge.search(pos, &[], FIND_DEPTH, &mut |d, m| by_depth.push((d, m)));
    let find_depth = by_depth
        .iter()
        .rev()
        .take_while(|(_, m)| *m == Some(first))
        .last()
        .map_or(FIND_DEPTH + 1, |(d, _)| *d);
    let me = pos.turn();
    let quiet = pos.play_unchecked(first, &rules).store(me) == pos.store(me);
    let greedy = is_greedy(pos, first, &rules);
    let base = starting_rating(find_depth, puzzle.solver_moves(), quiet, greedy);
    let bonus = report.map_or(0, |r| {
        deep_bonus(r.plausible_replies, r.proven_win, puzzle.line.len())
    });
    (base + bonus).clamp(600, 2400)
}

/// Finds puzzles. Feed it games ([`Generator::add_game`]) or let it play
/// ([`Generator::selfplay`]); read [`Generator::puzzles`] and [`Generator::stats`].
#[derive(Debug)]
pub struct Generator {
    judge: Judge,
    options: Options,
    seen: HashSet<u128>,
    deep: Option<DeepJudge>,
    /// The puzzles kept, in the order found.
    pub puzzles: Vec<Puzzle>,
    /// What was looked at.
    pub stats: Stats,
}

impl Generator {
    /// A generator judging with `judge`.
    pub fn new(judge: Judge, options: Options) -> Generator {
        Generator {
            judge,
            options,
            seen: HashSet::new(),
            deep: None,
            puzzles: Vec::new(),
            stats: Stats::default(),
        }
    }

    /// Checks every candidate that passes the judge with `deep` too ([`DeepJudge::check`]),
    /// dropping those that fail, and adds the deep report's part to the starting rating.
    pub fn set_deep(&mut self, deep: DeepJudge) {
        self.deep = Some(deep);
    }

    /// Whether `max` puzzles are found.
    pub fn is_full(&self) -> bool {
        self.options
            .max
            .is_some_and(|m| self.puzzles.len() as u64 >= m as u64)
    }

    /// Looks at every position of `game` where it goes on, in order; `name` says where the
    /// game comes from (`FILE game N`, `selfplay SEED N`).
    pub fn add_game(&mut self, game: &Game, name: &str) {
        self.stats.games += 1;
        let positions = game.positions();
        for (ply, pos) in positions.iter().enumerate() {
            if self.is_full() {
                break;
            }
            if ply + 1 == positions.len() && game.is_over() {
                break;
            }
            if pos.outcome(game.rules()).is_some() {
                continue;
            }
            self.consider(pos, &format!("{name} ply {ply}"));
        }
    }

    /// Plays `games` self-play games from `seed` and looks at each (see [`selfplay_game`]),
    /// calling `progress` after each game.
    pub fn selfplay(&mut self, games: u64, seed: u64, progress: &mut dyn FnMut(&Stats)) {
        let mut engine = Engine::new(16);
        for i in 0..games {
            if self.is_full() {
                break;
            }
            let game = selfplay_game(&mut engine, seed, i, self.options.selfplay_depth);
            self.add_game(&game, &format!("selfplay {seed} {i}"));
            progress(&self.stats);
        }
    }

    /// The method that judges `pos`: the tables when they cover it (and the options allow),
    /// else the search.
    fn method_for(&self, pos: &Position) -> Method {
        let seeds = pos.seeds_on_board();
        let tables = self.judge.table_seeds().unwrap_or(0);
        if seeds <= self.options.table_seeds.min(tables) && self.judge.table_seeds().is_some() {
            Method::Tables { seeds }
        } else {
            Method::Search {
                depth: self.options.depth,
            }
        }
    }

    /// Judges one candidate; keeps it as a puzzle (returned) when its first move is the only
    /// good one and the solver stays level or better.
    pub fn consider(&mut self, pos: &Position, source: &str) -> Option<&Puzzle> {
        let rules = *self.judge.rules();
        self.stats.candidates += 1;
        if pos.legal_moves(&rules).len() < 2 {
            self.stats.only_move += 1;
            return None;
        }
        if self.seen.contains(&position_key(pos)) {
            self.stats.duplicates += 1;
            return None;
        }
        let method = self.method_for(pos);
        let before = self.judge.searches;
        let found = self.find(pos, method);
        self.stats.searches += self.judge.searches - before;
        let (line, value, second, mut solver_positions) = found?;
        let themes = detect_themes(pos, &line, method, value, &rules);
        if !is_concrete(pos, &line, method, value, &themes, &rules) {
            self.stats.vague += 1;
            return None;
        }
        let mut puzzle = Puzzle {
            id: Puzzle::id_of(pos),
            position: *pos,
            themes,
            rating: 0,
            line,
            proof: method,
            value,
            second,
            source: source.to_string(),
        };
        let report = match &mut self.deep {
            Some(deep) => match deep.check_prefix(&puzzle) {
                Ok((r, plies)) => {
                    if plies < puzzle.line.len() {
                        // A later solver move is not the only good one by the deep check:
                        // the line stops before it.
                        self.stats.deep_shortened += 1;
                        puzzle.line.truncate(plies);
                        solver_positions.truncate(plies.div_ceil(2));
                        puzzle.themes = detect_themes(pos, &puzzle.line, method, value, &rules);
                        if !is_concrete(pos, &puzzle.line, method, value, &puzzle.themes, &rules) {
                            self.stats.vague += 1;
                            return None;
                        }
                    }
                    Some(r)
                }
                Err(_) => {
                    self.stats.deep_dropped += 1;
                    return None;
                }
            },
            None => None,
        };
        for p in &solver_positions {
            self.seen.insert(position_key(p));
        }
        let before = self.judge.searches;
        puzzle.rating = rating_of(&mut self.judge, &puzzle, report.as_ref());
        self.stats.searches += self.judge.searches - before;
        self.stats.kept += 1;
        if matches!(method, Method::Tables { .. }) {
            self.stats.by_tables += 1;
        }
        self.puzzles.push(puzzle);
        self.puzzles.last()
    }

    /// The line of a candidate, if it is a puzzle: the moves, the first move's value and the
    /// best other value, and the solver's positions along the line.
    #[allow(clippy::type_complexity)]
    fn find(
        &mut self,
        pos: &Position,
        method: Method,
    ) -> Option<(Vec<Move>, i32, Option<i32>, Vec<Position>)> {
        let rules = *self.judge.rules();
        if let Method::Search { .. } = method {
            let first = self
                .judge
                .judge(
                    pos,
                    &[],
                    Method::Search {
                        depth: self.options.prefilter_depth,
                    },
                )
                .ok()?;
            let best = first.values.iter().map(|v| v.lo).max()?;
            let leader = first.values.iter().find(|v| v.lo == best)?.mv;
            let second = first.second_best(leader)?;
            if best - second < MARGIN / 2 || best < -MARGIN / 2 {
                self.stats.prefiltered += 1;
                return None;
            }
        }
        self.stats.judged += 1;
        let decision = self.judge.judge(pos, &[], method).ok()?;
        let best = *decision.unique()?;
        if best.lo < 0 {
            return None;
        }
        let value = best.lo;
        let second = decision.second_best(best.mv);
        let mut line = vec![best.mv];
        let mut solver_positions = vec![*pos];
        let mut history = vec![*pos];
        let mut here = *pos;
        let mut last = best;
        while line.len().div_ceil(2) < MAX_SOLVER_MOVES {
            let child = here.play_unchecked(last.mv, &rules);
            let Ok(Some(reply)) = self.judge.reply(&child, &history, method, last.reply) else {
                break;
            };
            let next = child.play_unchecked(reply, &rules);
            let mut h = history.clone();
            h.push(child);
            if outcome_after(&h, &next, &rules).is_some() {
                break;
            }
            let Ok(d) = self.judge.judge(&next, &h, method) else {
                break;
            };
            let Some(&u) = d.unique() else {
                break;
            };
            line.push(reply);
            line.push(u.mv);
            solver_positions.push(next);
            history = h;
            history.push(next);
            here = next;
            last = u;
        }
        Some((line, value, second, solver_positions))
    }
}
