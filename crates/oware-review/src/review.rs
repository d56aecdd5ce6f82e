//! The review itself: every legal move of every position searched to the same depth, values
//! from the endgame databases where they reach, classes and explanations.

use std::fmt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use oware_core::{BySide, Game, Move, Position, Rules, Side};
use oware_engine::{Engine, Limits, Prober};

use crate::class::{Class, BLUNDER, MISTAKE};
use crate::explain::{self, Facts, Note};
use crate::value::{Value, DECISIVE};

/// The default review depth, in plies from the reviewed position: each legal move's position
/// is searched to one ply less, and near a class line deeper (see [`DEFAULT_REFINE`]). A
/// 60-move game takes about 2.5–3.4 s of two cores' time; its mistakes and blunders agree with
/// a plain review at depth 23 (7–8 times the CPU) on 98 % of the moves on games not used to
/// choose it (see `docs/review.md`).
pub const DEFAULT_DEPTH: u32 = 16;

/// How many times, by default, a move whose loss lies near a class line is searched again,
/// two plies deeper each time (see [`Options::refine`]).
pub const DEFAULT_REFINE: u32 = 3;

/// How near a class line (in centi-seeds) a move's loss must lie to be searched again deeper:
/// 1.25 seeds, the 90th percentile of how far a loss of a seed or more moves between a search
/// and one two plies deeper (125 from depth 16 to 18, 137 from 18 to 20, on self-play games
/// kept apart from the agreement benchmark; see `docs/review.md`).
pub const DEFAULT_REFINE_MARGIN: i32 = 125;

/// The review's margin of error, in centi-seeds: a loss must pass the mistake or the blunder
/// line by half a seed to get that class, else it gets the milder one. Half a seed is about
/// the median change of a loss of a seed or more from a search to one two plies deeper (54
/// and 57 centi-seeds; see `docs/review.md`): a loss closer to the line than that is as
/// likely as not to fall back under it with a deeper search.
pub const DEFAULT_SURE_MARGIN: i32 = 50;

/// The default transposition table of each worker, in MB.
pub const DEFAULT_HASH_MB: usize = 16;

/// Endgame databases for a review: the prober the search uses, and the tables read directly
/// for exact values.
#[derive(Debug)]
pub struct Tables {
    prober: Arc<Prober>,
}

impl Tables {
    /// Opens the databases of `dir` (the default directory when `None`) for `rules`;
    /// `Ok(None)` when there are none.
    pub fn open(dir: Option<&Path>, rules: &Rules) -> Result<Option<Tables>, String> {
        let Some(prober) = Prober::open(dir, rules)? else {
            return Ok(None);
        };
        Ok(Some(Tables::from_prober(Arc::new(prober))))
    }

    /// The tables an already open prober reads (a server's, shared with its other searches and
    /// with a background build that adds levels).
    pub fn from_prober(prober: Arc<Prober>) -> Tables {
        Tables { prober }
    }

    /// A one-line description: directory and seed counts covered.
    pub fn describe(&self) -> String {
        self.prober.describe()
    }

    /// The value of the move that led to `child` (its mover's view), when the tables prove it:
    /// an exact margin, or a win or loss.
    fn value_of_child(&self, child: &Position) -> Option<Value> {
        let bounds = self.prober.egdb().probe(child).ok()??;
        // The opponent's stores lead, then the bounds on the seeds left, both from the side to
        // move of `child`; the mover's final margin is the negation.
        let opp = child.turn();
        let lead = i32::from(child.store(opp)) - i32::from(child.store(opp.other()));
        let lo = -(lead + i32::from(bounds.hi));
        let hi = -(lead + i32::from(bounds.lo));
        if lo == hi {
            Some(Value::Exact(2 * lo))
        } else if lo > 0 {
            Some(Value::Win(None))
        } else if hi < 0 {
            Some(Value::Loss(None))
        } else {
            None
        }
    }
}

/// How hard to look.
#[derive(Debug, Clone)]
pub struct Options {
    /// Depth of the review (each legal move's position is searched one ply less); used alone
    /// unless `movetime` is given too.
    pub depth: Option<u32>,
    /// Time for each legal move's search, instead of (or as well as) a depth. A review by time
    /// is not reproducible: use a depth for that.
    pub movetime: Option<Duration>,
    /// Positions reviewed at once (one search thread each).
    pub threads: usize,
    /// Transposition table of each worker, in MB.
    pub hash_mb: usize,
    /// Endgame databases, if any.
    pub tables: Option<Arc<Tables>>,
    /// Adaptive depth: when the played move's loss lies within [`Options::refine_margin`] of
    /// the mistake or the blunder line, the played and the best move (every legal move with
    /// [`Options::refine_all`]) are searched again two plies deeper, up to this many times,
    /// before the move is classed. Only for a review by
    /// depth (with a movetime there is no depth to add to).
    pub refine: u32,
    /// How near a line (in centi-seeds) a loss must be to be searched again.
    pub refine_margin: i32,
    /// Search every legal move again near a line, not only the played and the best one.
    pub refine_all: bool,
    /// The margin of error (centi-seeds) by which a loss must pass the mistake or the blunder
    /// line to get that class (see [`Class::of_loss_with_margin`]).
    pub sure_margin: i32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            depth: None,
            movetime: None,
            threads: 2,
            hash_mb: DEFAULT_HASH_MB,
            tables: None,
            refine: DEFAULT_REFINE,
            refine_margin: DEFAULT_REFINE_MARGIN,
            refine_all: false,
            sure_margin: DEFAULT_SURE_MARGIN,
        }
    }
}

impl Options {
    /// The review depth in force: the given one, else [`DEFAULT_DEPTH`] without a movetime.
    pub fn effective_depth(&self) -> Option<u32> {
        match (self.depth, self.movetime) {
            (None, None) => Some(DEFAULT_DEPTH),
            (d, _) => d.map(|d| d.clamp(2, 60)),
        }
    }

    /// The limits of each legal move's search, `extra` plies deeper than the review's depth.
    fn child_limits(&self, extra: u32) -> Limits {
        Limits {
            depth: self.effective_depth().map(|d| (d + extra - 1).min(63)),
            movetime: self.movetime,
            ..Limits::default()
        }
    }

    /// How many deeper searches a move near a line gets: none for a review by time.
    fn refine_steps(&self) -> u32 {
        if self.movetime.is_some() {
            0
        } else {
            self.refine.min(8)
        }
    }

    /// `depth 16`, `depth 16 (to 20 near a line)`, `movetime 200 ms`, or both.
    pub fn describe(&self) -> String {
        match (self.effective_depth(), self.movetime) {
            (Some(d), None) if self.refine_steps() > 0 => {
                format!("depth {d} (to {} near a line)", d + 2 * self.refine_steps())
            }
            (Some(d), None) => format!("depth {d}"),
            (None, Some(t)) => format!("movetime {} ms", t.as_millis()),
            (Some(d), Some(t)) => format!("depth {d}, movetime {} ms", t.as_millis()),
            (None, None) => unreachable!("a depth is chosen when no time is given"),
        }
    }
}

/// One legal move of a reviewed position and what it is worth.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Its value to the mover.
    pub value: Value,
    /// The line: the move, then the engine's best replies.
    pub line: Vec<Move>,
    /// Whether the value comes from the endgame databases.
    pub from_tables: bool,
}

impl MoveValue {
    /// Whether a deeper search could change the value: an evaluation, not a proven result.
    fn open(&self) -> bool {
        !self.from_tables && !self.value.is_proven()
    }
}

/// The review of one move of the game.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveReview {
    /// The move's index in the game, from 0.
    pub ply: usize,
    /// The position before the move.
    pub before: Position,
    /// The move played.
    pub played: Move,
    /// The depth the moves' values come from: the review's, or more when the loss was near a
    /// class line and the moves were searched again (`None` for a review by time).
    pub depth: Option<u32>,
    /// The best move (the played one when it is as good as any).
    pub best: Move,
    /// The played move's value.
    pub played_value: Value,
    /// The best move's value.
    pub best_value: Value,
    /// Seeds the move cost against the best, in centi-seeds on the clamped scale (0 for the
    /// best move).
    pub lost: i32,
    /// The verdict.
    pub class: Class,
    /// A proven win turned into a draw or worse.
    pub missed_win: bool,
    /// Every other move cost at least a mistake's seeds (or there was no other).
    pub only_move: bool,
    /// Every legal move with its value, best first.
    pub moves: Vec<MoveValue>,
    /// The explanation, most important first.
    pub notes: Vec<Note>,
}

impl MoveReview {
    /// The side that played the move.
    pub fn side(&self) -> Side {
        self.before.turn()
    }

    /// The value of `m` among the legal moves.
    pub fn value_of(&self, m: Move) -> Option<&MoveValue> {
        self.moves.iter().find(|v| v.mv == m)
    }
}

/// One player's figures.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlayerSummary {
    /// Moves reviewed.
    pub moves: usize,
    /// Mean accuracy of the moves, in percent (see [`Class::accuracy`]).
    pub accuracy: f64,
    /// Moves of each class, in the order of [`Class::ALL`].
    pub counts: [usize; 5],
    /// Seeds lost in all, in centi-seeds.
    pub lost: i64,
    /// Proven wins let go.
    pub missed_wins: usize,
}

/// A reviewed game.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    /// The rules of the game.
    pub rules: Rules,
    /// One entry per move, in order.
    pub moves: Vec<MoveReview>,
    /// Each player's figures.
    pub summary: BySide<PlayerSummary>,
    /// How hard the review looked: `depth 16`.
    pub settings: String,
    /// Whether endgame databases were used.
    pub tables: bool,
}

impl Review {
    /// The evaluation along the game on the clamped scale, in centi-seeds from South's view:
    /// the start, then the value after each move (as many points as moves plus one; empty
    /// for a game without moves).
    pub fn graph(&self) -> Vec<i32> {
        let mut points = Vec::with_capacity(self.moves.len() + 1);
        if let Some(first) = self.moves.first() {
            points.push(south_view(first.side(), first.best_value.scale()));
        }
        for m in &self.moves {
            points.push(south_view(m.side(), m.played_value.scale()));
        }
        points
    }
}

fn south_view(side: Side, v: i32) -> i32 {
    if side == Side::South {
        v
    } else {
        -v
    }
}

/// How far a review has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Positions reviewed.
    pub done: usize,
    /// Positions to review.
    pub total: usize,
}

/// Why a review did not finish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewError {
    /// The stop flag was raised.
    Stopped,
    /// A worker thread failed.
    Worker(String),
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Stopped => f.write_str("the review was stopped"),
            ReviewError::Worker(e) => write!(f, "a review worker failed: {e}"),
        }
    }
}

impl std::error::Error for ReviewError {}

/// Reviews every move of `game` (finished or not) with `threads` positions at once, calling
/// `on_progress` on this thread as positions are done. With a depth (the default) and no
/// movetime the result is the same on every run and any number of threads.
pub fn review(
    game: &Game,
    options: &Options,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<Review, ReviewError> {
    let total = game.moves().len();
    let next = AtomicUsize::new(0);
    let mut slots: Vec<Option<MoveReview>> = vec![None; total];
    let threads = options.threads.clamp(1, 64).min(total.max(1));
    let (tx, rx) = mpsc::channel::<MoveReview>();
    std::thread::scope(|s| -> Result<(), ReviewError> {
        let mut handles = Vec::new();
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            handles.push(s.spawn(move || {
                let mut engine = Engine::new(options.hash_mb.clamp(1, 4096));
                engine.set_egdb(options.tables.as_ref().map(|t| t.prober.clone()));
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let r = review_move(&mut engine, game, i, options, stop);
                    if tx.send(r).is_err() {
                        break;
                    }
                }
            }));
        }
        drop(tx);
        for (i, r) in rx.into_iter().enumerate() {
            let ply = r.ply;
            slots[ply] = Some(r);
            on_progress(Progress { done: i + 1, total });
        }
        for h in handles {
            h.join().map_err(|e| {
                ReviewError::Worker(
                    e.downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| e.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "panic".to_string()),
                )
            })?;
        }
        Ok(())
    })?;
    if stop.load(Ordering::Relaxed) {
        return Err(ReviewError::Stopped);
    }
    let moves: Vec<MoveReview> = slots
        .into_iter()
        .collect::<Option<_>>()
        .ok_or(ReviewError::Stopped)?;
    Ok(Review {
        rules: *game.rules(),
        summary: summarise(&moves),
        moves,
        settings: options.describe(),
        tables: options.tables.is_some(),
    })
}

/// The figures of each player.
fn summarise(moves: &[MoveReview]) -> BySide<PlayerSummary> {
    let mut sum: BySide<PlayerSummary> = BySide::default();
    let mut accuracy: BySide<f64> = BySide::default();
    for m in moves {
        let s = &mut sum[m.side()];
        s.moves += 1;
        s.counts[m.class as usize] += 1;
        s.lost += i64::from(m.lost);
        s.missed_wins += usize::from(m.missed_win);
        accuracy[m.side()] += Class::accuracy(m.lost);
    }
    for side in Side::ALL {
        let s = &mut sum[side];
        if s.moves > 0 {
            s.accuracy = accuracy[side] / s.moves as f64;
        }
    }
    sum
}

/// A key that orders values: the clamped scale first, then the raw margin or the distance to
/// the end (a quicker win, a slower loss).
fn rank(v: Value) -> (i32, i32) {
    let tie = match v {
        Value::Eval(cs) => cs,
        Value::Exact(h) => h * 50,
        Value::Win(Some(p)) => 100_000 - p as i32,
        Value::Win(None) => 50_000,
        Value::Loss(Some(p)) => -100_000 + p as i32,
        Value::Loss(None) => -50_000,
    };
    (v.scale(), tie)
}

/// Searches the position after `m` (not over) and turns the result to the mover's view, with
/// the line from `m`.
fn search_child(
    engine: &mut Engine,
    after: &Game,
    m: Move,
    limits: &Limits,
    stop: &AtomicBool,
) -> (Value, Vec<Move>) {
    let r = engine.search(after, limits, stop, &mut |_| {});
    let mut line = vec![m];
    line.extend(r.info.pv);
    (Value::from_child_score(r.info.score), line)
}

/// Best first; among equals, the move played.
fn sort_moves(moves: &mut [MoveValue], played: Move) {
    moves.sort_by(|a, b| {
        rank(b.value)
            .cmp(&rank(a.value))
            .then((b.mv == played).cmp(&(a.mv == played)))
    });
}

/// The seeds `played` costs against the best of `moves` (sorted best first), in centi-seeds.
fn loss_of(moves: &[MoveValue], played: Move) -> i32 {
    let played_scale = moves
        .iter()
        .find(|v| v.mv == played)
        .map_or(0, |v| v.value.scale());
    (moves[0].value.scale() - played_scale).max(0)
}

/// Reviews the move at `ply`: searches every legal move's position, then judges the played one.
fn review_move(
    engine: &mut Engine,
    game: &Game,
    ply: usize,
    options: &Options,
    stop: &AtomicBool,
) -> MoveReview {
    // A fresh table for each position: the values then do not depend on which positions a
    // worker saw before (reproducible with any number of threads).
    engine.clear();
    let before_game = game.truncated(ply);
    let before = *before_game.position();
    let rules = *game.rules();
    let played = game.moves()[ply];
    let legal = before_game.legal_moves();
    let mut moves: Vec<MoveValue> = Vec::with_capacity(legal.len());
    let limits = options.child_limits(0);
    for &m in legal.iter() {
        let mut g = before_game.clone();
        g.play(m).expect("a legal move plays");
        let (mut value, mut line) = match g.outcome() {
            Some(o) => {
                let me = before.turn();
                let h = i32::from(o.scores[me].halves()) - i32::from(o.scores[me.other()].halves());
                (Value::Exact(h), vec![m])
            }
            None => search_child(engine, &g, m, &limits, stop),
        };
        let mut from_tables = false;
        if !g.is_over() {
            if let Some(v) = options
                .tables
                .as_ref()
                .and_then(|t| t.value_of_child(g.position()))
            {
                value = v;
                from_tables = true;
            }
        }
        line.truncate(12);
        moves.push(MoveValue {
            mv: m,
            value,
            line,
            from_tables,
        });
    }
    sort_moves(&mut moves, played);
    // Adaptive depth: a loss near the mistake or the blunder line is where a deeper search
    // most often changes the class, so the played and the best move (unless proven) are
    // searched again two plies deeper, until the loss is clear of the lines or the steps run
    // out. The same engine and table go on (a deterministic sequence of searches for this
    // position alone).
    let mut depth = options.effective_depth();
    for step in 1..=options.refine_steps() {
        let lost = loss_of(&moves, played);
        let near = [MISTAKE, BLUNDER]
            .iter()
            .any(|&line| (lost - line).abs() < options.refine_margin);
        if !near {
            break;
        }
        let limits = options.child_limits(2 * step);
        // Every open move, or (by default) the played and the best one, and then whichever
        // move comes out on top, until the best and the played move are both of this depth.
        let mut done: Vec<Move> = Vec::new();
        loop {
            let targets: Vec<Move> = if options.refine_all {
                moves.iter().map(|v| v.mv).collect()
            } else {
                vec![moves[0].mv, played]
            };
            let mut searched = false;
            for v in moves.iter_mut() {
                if !v.open() || !targets.contains(&v.mv) || done.contains(&v.mv) {
                    continue;
                }
                let mut g = before_game.clone();
                g.play(v.mv).expect("a legal move plays");
                let (value, mut line) = search_child(engine, &g, v.mv, &limits, stop);
                line.truncate(12);
                v.value = value;
                v.line = line;
                done.push(v.mv);
                searched = true;
            }
            sort_moves(&mut moves, played);
            if !searched {
                break;
            }
        }
        if done.is_empty() {
            // Both values are proven: nothing a deeper search would change.
            break;
        }
        depth = depth.map(|d| d + 2);
    }
    let best_entry = moves[0].clone();
    let played_entry = moves
        .iter()
        .find(|v| v.mv == played)
        .cloned()
        .expect("the played move is legal");
    let lost = loss_of(&moves, played);
    let best = if lost == 0 { played } else { best_entry.mv };
    let missed_win = best_entry.value.is_proven_win()
        && !played_entry.value.is_proven_win()
        && played_entry.value.scale() <= 0;
    let mut class = Class::of_loss_with_margin(lost, options.sure_margin);
    if missed_win {
        class = Class::Blunder;
    }
    // "Only move": the best was played and every other move costs at least a mistake.
    let second_loss = moves
        .iter()
        .filter(|v| v.mv != best)
        .map(|v| best_entry.value.scale() - v.value.scale())
        .min();
    let only_move_margin = second_loss.filter(|&l| l >= MISTAKE);
    let only_move = legal.len() == 1 || only_move_margin.is_some();
    let next_in_game = game.moves().get(ply + 1).copied();
    let facts = Facts {
        before: &before,
        rules: &rules,
        played,
        best,
        played_line: &played_entry.line,
        best_line: &best_entry.line,
        next_in_game,
        played_value: played_entry.value,
        best_value: best_entry.value,
        costly: class >= Class::Inaccuracy,
        only_move_margin: only_move_margin.filter(|_| best == played),
        legal: legal.len(),
        missed_win,
    };
    let notes = explain::explain(&facts);
    debug_assert!(lost <= 2 * DECISIVE);
    MoveReview {
        ply,
        before,
        played,
        depth,
        best,
        played_value: played_entry.value,
        best_value: best_entry.value,
        lost,
        class,
        missed_win,
        only_move,
        moves,
        notes,
    }
}
