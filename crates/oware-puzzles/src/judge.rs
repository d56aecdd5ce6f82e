//! The value of every legal move of a position and the margin rule.
//!
//! Values are on one scale, in centi-seeds from the solver's view, as intervals `[lo, hi]`:
//!
//! - a move that ends the game, or that the tables settle: a win is [`DECISIVE`], a loss
//!   `-DECISIVE`, a draw 0; where the tables' bounds leave the result open, the interval spans
//!   the results they allow;
//! - a move judged by search: the engine's score of the position after it, turned to the
//!   solver's view, clamped to ±[`DECISIVE`] (a found win or loss is ±`DECISIVE`).
//!
//! A move is the *unique* best when its `lo` beats every other move's `hi` by [`MARGIN`]. So two
//! winning moves are never a puzzle, and neither is a win next to a move the search scores 12
//! seeds up (a lead that decides games: both win in practice).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use oware_core::{Move, Outcome, Position, Rules, Side};
use oware_egdb::Egdb;
use oware_engine::{Engine, Info, Limits, SearchResult, PROVEN};

/// The top of the value scale: a won game, in centi-seeds. A lead of 12 seeds (a quarter of
/// the seeds) counts as much: what lies beyond says nothing more about the result.
pub const DECISIVE: i32 = 1200;

/// How much better (centi-seeds) the solver's move must be than every other: two seeds, the
/// least a capture takes.
pub const MARGIN: i32 = 200;

/// How far ahead of every other move (centi-seeds) the line's move must stay by the deep
/// values: half a seed (the recorded proof's margin, [`MARGIN`], is two seeds at its depth). A
/// second move that wins or keeps a decisive lead fails whatever the margin.
pub const DEEP_MARGIN: i32 = 50;

/// The judge's transposition table, in MB. Fixed (and cleared before each search), so that
/// every machine finds the same values.
pub const JUDGE_HASH_MB: usize = 8;

/// `engine`'s search of `pos` (reached after `history`) under `rules` to `depth` plies (at
/// least one), never stopped; `on_info` sees each depth's report.
pub(crate) fn search_to(
    engine: &mut Engine,
    pos: &Position,
    history: &[Position],
    rules: &Rules,
    depth: u32,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(depth.max(1));
    engine.search_from(pos, history, rules, &limits, &stop, on_info)
}

/// How the moves of a position are judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// By the endgame tables (every position with at most `seeds` on the board).
    Tables {
        /// The seeds on the board at the puzzle's start: the tables must cover this many.
        seeds: u8,
    },
    /// By a search of each legal move's position to `depth − 1` plies, without tables.
    Search {
        /// The depth from the judged position.
        depth: u32,
    },
}

/// One legal move and its value to the solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// The lower end of its value (centi-seeds, solver's view).
    pub lo: i32,
    /// The upper end.
    pub hi: i32,
    /// The final difference of seeds (solver minus opponent) the tables give, as bounds: for
    /// the choice of the opponent's reply. `None` when judged by search.
    pub seeds: Option<(i32, i32)>,
    /// The opponent's best reply after the move (`None` when the move ends the game, or for
    /// tables until asked: see [`Judge::reply`]).
    pub reply: Option<Move>,
    /// Whether the move ends the game.
    pub ends_game: bool,
}

/// The values of every legal move of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// Each legal move's value, in pit order.
    pub values: Vec<MoveValue>,
}

impl Decision {
    /// The move that beats every other by [`MARGIN`] (the only legal move counts), or `None`.
    pub fn unique(&self) -> Option<&MoveValue> {
        let best = self.values.iter().max_by_key(|v| (v.lo, v.hi))?;
        let second = self
            .values
            .iter()
            .filter(|v| v.mv != best.mv)
            .map(|v| v.hi)
            .max();
        match second {
            Some(s) if best.lo - s < MARGIN => None,
            _ => Some(best),
        }
    }

    /// The best value among the other moves than `mv` (their highest `hi`), if any.
    pub fn second_best(&self, mv: Move) -> Option<i32> {
        self.values
            .iter()
            .filter(|v| v.mv != mv)
            .map(|v| v.hi)
            .max()
    }

    /// The value of `mv`, if legal.
    pub fn of(&self, mv: Move) -> Option<&MoveValue> {
        self.values.iter().find(|v| v.mv == mv)
    }
}

/// Why a position could not be judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JudgeError {
    /// The tables do not cover a position the method needs.
    NoTables {
        /// The seeds on the board of that position.
        seeds: u8,
    },
    /// Reading a table failed.
    Tables(String),
}

impl std::fmt::Display for JudgeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JudgeError::NoTables { seeds } => write!(
                f,
                "the endgame tables do not cover {seeds} seeds (build them with 'oware egdb build --max-seeds {seeds}')"
            ),
            JudgeError::Tables(e) => write!(f, "endgame tables: {e}"),
        }
    }
}

/// The solver's value of a finished game: its final score minus the opponent's, as a result.
pub(crate) fn value_of_outcome(o: &Outcome, solver: Side) -> i32 {
    let d = i32::from(o.scores[solver].halves()) - i32::from(o.scores[solver.other()].halves());
    d.signum() * DECISIVE
}

/// The scale interval of a final seed difference known within `[lo, hi]`.
pub(crate) fn scale_of_difference(lo: i32, hi: i32) -> (i32, i32) {
    if lo > 0 {
        (DECISIVE, DECISIVE)
    } else if hi < 0 {
        (-DECISIVE, -DECISIVE)
    } else {
        (
            if lo < 0 { -DECISIVE } else { 0 },
            if hi > 0 { DECISIVE } else { 0 },
        )
    }
}

/// The scale value of an engine score (the solver's view): a found win or loss is ±[`DECISIVE`],
/// any other score is clamped to the scale.
pub(crate) fn scale_of_score(score: i32) -> i32 {
    if score >= PROVEN {
        DECISIVE
    } else if score <= -PROVEN {
        -DECISIVE
    } else {
        score.clamp(-DECISIVE, DECISIVE)
    }
}

/// A legal move, the position after it and the game's outcome there if it is over.
pub(crate) type Child = (Move, Position, Option<Outcome>);

/// Every legal move of `pos` (reached after `history`, oldest first) with the position after
/// it and the game's outcome there if it is over; and the positions before those (`history`,
/// then `pos`).
pub(crate) fn children(
    pos: &Position,
    history: &[Position],
    rules: &Rules,
) -> (Vec<Position>, Vec<Child>) {
    let mut earlier = history.to_vec();
    earlier.push(*pos);
    let children = pos
        .legal_moves(rules)
        .iter()
        .map(|&mv| {
            let child = pos.play_unchecked(mv, rules);
            (mv, child, outcome_after(&earlier, &child, rules))
        })
        .collect();
    (earlier, children)
}

/// The outcome of the game after `child` was reached from `earlier` (oldest first, ending with
/// the position the move was played from), if it is over: by the position or by a cycle.
pub(crate) fn outcome_after(
    earlier: &[Position],
    child: &Position,
    rules: &Rules,
) -> Option<Outcome> {
    child.outcome(rules).or_else(|| {
        rules
            .repetition
            .is_cycle(earlier, child)
            .then(|| child.cycle_outcome(rules))
    })
}

/// Bounds on the final seed difference (solver minus opponent, stores included) of `pos`, by
/// `tables`.
pub(crate) fn table_difference(
    tables: &Egdb,
    pos: &Position,
    solver: Side,
) -> Result<(i32, i32), JudgeError> {
    let seeds = pos.seeds_on_board();
    let b = tables
        .probe(pos)
        .map_err(|e| JudgeError::Tables(e.to_string()))?
        .ok_or(JudgeError::NoTables { seeds })?;
    let mover = pos.turn();
    let lead = i32::from(pos.store(mover)) - i32::from(pos.store(mover.other()));
    let (lo, hi) = (lead + i32::from(b.lo), lead + i32::from(b.hi));
    Ok(if mover == solver {
        (lo, hi)
    } else {
        (-hi, -lo)
    })
}

/// Judges positions: a fixed-size engine (one thread, no tables) and, optionally, the tables.
#[derive(Debug)]
pub struct Judge {
    engine: Engine,
    tables: Option<Arc<Egdb>>,
    rules: Rules,
    /// Searches made (for the generator's figures).
    pub searches: u64,
}

impl Judge {
    /// A judge for abapa, with these tables (or none).
    pub fn new(tables: Option<Arc<Egdb>>) -> Judge {
        Judge {
            engine: Engine::new(JUDGE_HASH_MB),
            tables,
            rules: Rules::ABAPA,
            searches: 0,
        }
    }

    /// The rules puzzles are judged by: abapa.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The largest number of seeds on the board the tables cover (`None` without tables).
    pub fn table_seeds(&self) -> Option<u8> {
        self.tables.as_ref().and_then(|t| t.max_seeds())
    }

    /// The engine's score of `pos` (its mover's view) by a search to `depth`, with `history`
    /// before it, from a cleared table; and its best move.
    pub(crate) fn search(
        &mut self,
        pos: &Position,
        history: &[Position],
        depth: u32,
        on_depth: &mut dyn FnMut(u32, Option<Move>),
    ) -> (i32, Option<Move>) {
        self.engine.clear();
        self.searches += 1;
        let on_info = &mut |info: &Info| on_depth(info.depth, info.pv.first().copied());
        let r = search_to(&mut self.engine, pos, history, &self.rules, depth, on_info);
        (r.info.score, r.best)
    }

    /// The value of every legal move of `pos`, reached after `history` (the positions since the
    /// puzzle's start, oldest first; they matter for cycles), judged by `method`.
    pub fn judge(
        &mut self,
        pos: &Position,
        history: &[Position],
        method: Method,
    ) -> Result<Decision, JudgeError> {
        let solver = pos.turn();
        let (earlier, children) = children(pos, history, &self.rules);
        let mut values = Vec::new();
        for (mv, child, over) in children {
            if let Some(o) = over {
                let v = value_of_outcome(&o, solver);
                let d = (i32::from(o.scores[solver].halves())
                    - i32::from(o.scores[solver.other()].halves()))
                    / 2;
                values.push(MoveValue {
                    mv,
                    lo: v,
                    hi: v,
                    seeds: Some((d, d)),
                    reply: None,
                    ends_game: true,
                });
                continue;
            }
            let value = match method {
                Method::Tables { .. } => {
                    let (lo, hi) = self.table_difference(&child, solver)?;
                    let (slo, shi) = scale_of_difference(lo, hi);
                    MoveValue {
                        mv,
                        lo: slo,
                        hi: shi,
                        seeds: Some((lo, hi)),
                        reply: None,
                        ends_game: false,
                    }
                }
                Method::Search { depth } => {
                    let (score, reply) =
                        self.search(&child, &earlier, depth.saturating_sub(1), &mut |_, _| {});
                    let v = scale_of_score(-score);
                    MoveValue {
                        mv,
                        lo: v,
                        hi: v,
                        seeds: None,
                        reply,
                        ends_game: false,
                    }
                }
            };
            values.push(value);
        }
        Ok(Decision { values })
    }

    /// Bounds on the final seed difference (solver minus opponent, stores included) of `pos`,
    /// by the tables.
    fn table_difference(&self, pos: &Position, solver: Side) -> Result<(i32, i32), JudgeError> {
        let seeds = pos.seeds_on_board();
        let tables = self.tables.as_ref().ok_or(JudgeError::NoTables { seeds })?;
        table_difference(tables, pos, solver)
    }

    /// The opponent's best reply in `child` (reached by the solver's move; `earlier` ends with
    /// the position that move was played from). By search: the move the search of `child`
    /// chose (`searched`). By the tables: the reply that leaves the solver the least (the
    /// middle of the bounds on the final difference), then the one capturing most, then the
    /// first in pit order. `None` when the game is over.
    pub fn reply(
        &mut self,
        child: &Position,
        earlier: &[Position],
        method: Method,
        searched: Option<Move>,
    ) -> Result<Option<Move>, JudgeError> {
        if outcome_after(earlier, child, &self.rules).is_some() {
            return Ok(None);
        }
        if let Method::Search { .. } = method {
            return Ok(searched);
        }
        let opponent = child.turn();
        let solver = opponent.other();
        let mut seen = earlier.to_vec();
        seen.push(*child);
        let mut best: Option<((i32, i32), Move)> = None;
        for &r in child.legal_moves(&self.rules).iter() {
            let next = child.play_unchecked(r, &self.rules);
            let (lo, hi) = match outcome_after(&seen, &next, &self.rules) {
                Some(o) => {
                    let d = (i32::from(o.scores[solver].halves())
                        - i32::from(o.scores[solver.other()].halves()))
                        / 2;
                    (d, d)
                }
                None => self.table_difference(&next, solver)?,
            };
            let captured = i32::from(next.store(opponent)) - i32::from(child.store(opponent));
            // Smaller is better for the opponent.
            let key = (lo + hi, -captured);
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, r));
            }
        }
        Ok(best.map(|(_, r)| r))
    }
}
