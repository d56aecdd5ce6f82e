//! The deep check: a second, stronger look at a puzzle than the proof it records.
//!
//! The puzzle's first position is judged again, each legal move's value taken
//!
//! - from the endgame tables when the position after the move is in their range (exact where
//!   the tables are, an interval where the result depends on a cycle);
//! - else from a search of `depth − 1` plies **with** the tables inside it ([`DEEP_DEPTH`] by
//!   default, one thread, a table of [`DEEP_HASH_MB`] cleared before each position, so every
//!   machine finds the same values);
//!
//! and so is every later solver position of the line where the tables (or the game's end)
//! settle every move;
//! and the line's move must stay ahead of every other by [`DEEP_MARGIN`], no other move
//! winning or keeping a decisive lead. Then, at the
//! puzzle's first position, an independent exact prover ([`Prover`]: an AND/OR search to the
//! end of the game with the tables at its leaves, no evaluation, within a node budget) tries
//! each legal move: a second move proven to win, or a solution claimed to win and proven not
//! to, fails the check. Where the prover runs out of nodes, the search's values stand.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use oware_core::{Move, Outcome, Position, Rules, Side};
use oware_egdb::Egdb;
use oware_engine::{Engine, Prober};

use crate::judge::{
    children, outcome_after, scale_of_difference, scale_of_score, search_to, table_difference,
    value_of_outcome, Decision, MoveValue, DECISIVE, DEEP_MARGIN, MARGIN,
};
use crate::prove::Why;
use crate::puzzle::Puzzle;

/// The deep check's search depth, unless told otherwise: 22 plies (with the 16-seed tables
/// inside the search) from the first position. 24 finds the same failures in the old records
/// and costs about twice as much.
pub const DEEP_DEPTH: u32 = 22;

/// The exact prover's node budget for each first move, unless told otherwise.
pub const PROVER_NODES: u64 = 200_000;

/// The deep search's transposition table, in MB (cleared before each position).
pub const DEEP_HASH_MB: usize = 32;

/// The deepest the prover looks, in plies.
const PROVER_MAX_PLIES: u32 = 60;

/// What the exact prover found about a position: whether the solver can force a won game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Win {
    /// The solver wins whatever the opponent plays.
    Yes,
    /// The opponent keeps the solver from winning (a draw or a loss).
    No,
    /// Not decided within the budget.
    Unknown,
}

/// The exact prover: an AND/OR search of "the solver wins" to the end of the game (a capture
/// to 25 or more, the no-feed end, a cycle — by the core's rules, with the line's history),
/// the endgame tables deciding where they cover the seeds on the board and their bounds settle
/// the result, by iterative deepening within a node budget. Proven results are kept in a memo
/// keyed by the position and the positions since the last capture (the ones a cycle can
/// repeat), so a result is reused only where it holds.
#[derive(Debug)]
pub struct Prover<'a> {
    tables: Option<&'a Egdb>,
    table_seeds: u8,
    rules: Rules,
    solver: Side,
    nodes: u64,
    budget: u64,
    memo: HashMap<u64, bool>,
}

impl<'a> Prover<'a> {
    /// A prover for `solver` with these tables and `budget` nodes.
    pub fn new(tables: Option<&'a Egdb>, solver: Side, budget: u64) -> Prover<'a> {
        Prover {
            tables,
            table_seeds: tables.and_then(|t| t.max_seeds()).unwrap_or(0),
            rules: Rules::ABAPA,
            solver,
            nodes: 0,
            budget,
            memo: HashMap::new(),
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the solver wins after reaching `pos` (not over) from `earlier` (oldest first,
    /// the positions since the puzzle's start), and the depth in plies from `pos` at which it
    /// was decided.
    pub fn solve(&mut self, pos: &Position, earlier: &[Position]) -> (Win, u32) {
        let mut path = earlier.to_vec();
        for depth in 1..=PROVER_MAX_PLIES {
            let r = self.search(pos, &mut path, depth);
            if r != Win::Unknown || self.nodes >= self.budget {
                return (r, depth);
            }
        }
        (Win::Unknown, PROVER_MAX_PLIES)
    }

    /// The memo's key: `pos` and the positions before it with as many seeds on the board.
    fn key(pos: &Position, path: &[Position]) -> u64 {
        let mut h = DefaultHasher::new();
        pos.hash(&mut h);
        let n = pos.seeds_on_board();
        for p in path.iter().rev() {
            if p.seeds_on_board() != n {
                break;
            }
            p.hash(&mut h);
        }
        h.finish()
    }

    /// The result of a finished game for the solver.
    fn of_outcome(&self, o: &Outcome) -> Win {
        if value_of_outcome(o, self.solver) > 0 {
            Win::Yes
        } else {
            Win::No
        }
    }

    fn search(&mut self, pos: &Position, path: &mut Vec<Position>, depth: u32) -> Win {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Win::Unknown;
        }
        if pos.seeds_on_board() <= self.table_seeds {
            if let Some(t) = self.tables {
                return match table_difference(t, pos, self.solver) {
                    Ok((lo, _)) if lo > 0 => Win::Yes,
                    Ok((_, hi)) if hi <= 0 => Win::No,
                    _ => Win::Unknown,
                };
            }
        }
        if depth == 0 {
            return Win::Unknown;
        }
        let key = Prover::key(pos, path);
        if let Some(&won) = self.memo.get(&key) {
            return if won { Win::Yes } else { Win::No };
        }
        let solver_moves = pos.turn() == self.solver;
        let mover = pos.turn();
        let mut children: Vec<(u8, Position)> = pos
            .legal_moves(&self.rules)
            .iter()
            .map(|&m| {
                let c = pos.play_unchecked(m, &self.rules);
                (c.store(mover) - pos.store(mover), c)
            })
            .collect();
        // Captures first, the largest first (stable: pit order among equals).
        children.sort_by_key(|&(captured, _)| std::cmp::Reverse(captured));
        path.push(*pos);
        let mut unknown = false;
        let mut decided = None;
        for (_, child) in &children {
            let r = match outcome_after(path, child, &self.rules) {
                Some(o) => self.of_outcome(&o),
                None => self.search(child, path, depth - 1),
            };
            match (solver_moves, r) {
                (true, Win::Yes) => decided = Some(true),
                (false, Win::No) => decided = Some(false),
                (_, Win::Unknown) => unknown = true,
                _ => {}
            }
            if decided.is_some() {
                break;
            }
        }
        path.pop();
        let won = match decided {
            Some(w) => w,
            None if unknown => return Win::Unknown,
            // Every move of the solver fails, or every reply of the opponent loses.
            None => !solver_moves,
        };
        self.memo.insert(key, won);
        if won {
            Win::Yes
        } else {
            Win::No
        }
    }
}

/// The deep check's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeepOptions {
    /// The search depth from each judged position.
    pub depth: u32,
    /// The exact prover's node budget for each first move.
    pub prover_nodes: u64,
}

impl Default for DeepOptions {
    fn default() -> Self {
        DeepOptions {
            depth: DEEP_DEPTH,
            prover_nodes: PROVER_NODES,
        }
    }
}

/// What the deep check found about a puzzle that passed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeepReport {
    /// The first move's deep value and the best other move's (`hi`).
    pub value: i32,
    /// The best other first move's deep value.
    pub second: i32,
    /// The first moves the prover decided (out of the legal ones).
    pub decided: usize,
    /// The legal first moves.
    pub moves: usize,
    /// Whether the prover proved the solution wins, and at what depth (plies after it).
    pub proven_win: Option<u32>,
    /// The opponent's replies to the first move that are plausible: within [`MARGIN`] of its
    /// best reply by the deep values (at least 1 when the game goes on).
    pub plausible_replies: usize,
}

/// The deep judge: an engine searching with the endgame tables, the tables and the prover.
#[derive(Debug)]
pub struct DeepJudge {
    engine: Engine,
    tables: Option<Arc<Egdb>>,
    rules: Rules,
    options: DeepOptions,
    /// Nodes the prover searched, in all.
    pub prover_nodes: u64,
}

impl DeepJudge {
    /// A deep judge with these tables (the deeper the better: the server's are 16 seeds).
    pub fn new(tables: Option<Arc<Egdb>>, options: DeepOptions) -> DeepJudge {
        let mut engine = Engine::new(DEEP_HASH_MB);
        engine.set_egdb(tables.clone().map(|t| Arc::new(Prober::shared(t))));
        DeepJudge {
            engine,
            tables,
            rules: Rules::ABAPA,
            options,
            prover_nodes: 0,
        }
    }

    /// The largest number of seeds on the board the tables cover (`None` without tables).
    pub fn table_seeds(&self) -> Option<u8> {
        self.tables.as_ref().and_then(|t| t.max_seeds())
    }

    /// The value of `child` (reached by a move from the last position of `earlier`), from
    /// `solver`'s view: by the tables in their range, else by a search of `depth` plies.
    fn value_of(
        &mut self,
        child: &Position,
        earlier: &[Position],
        solver: Side,
        depth: u32,
    ) -> (i32, i32) {
        if let Some(t) = &self.tables {
            if let Ok((lo, hi)) = table_difference(t, child, solver) {
                return scale_of_difference(lo, hi);
            }
        }
        let r = search_to(
            &mut self.engine,
            child,
            earlier,
            &self.rules,
            depth,
            &mut |_| {},
        );
        let mut v = r.info.score;
        if child.turn() != solver {
            v = -v;
        }
        let v = scale_of_score(v);
        (v, v)
    }

    /// The deep value of every legal move of `pos`, reached after `history`.
    pub fn judge(&mut self, pos: &Position, history: &[Position]) -> Decision {
        self.engine.clear();
        let depth = self.options.depth.saturating_sub(1);
        self.judge_each(pos, history, |me, child, earlier, solver| {
            Some(me.value_of(child, earlier, solver, depth))
        })
        // The deep value never gives up.
        .unwrap_or(Decision { values: Vec::new() })
    }

    /// The value of every legal move of `pos` when the game's end or the tables settle each
    /// one (exactly, or within cycle-dependent bounds), else `None`.
    pub fn judge_exact(&mut self, pos: &Position, history: &[Position]) -> Option<Decision> {
        let tables = self.tables.clone()?;
        self.judge_each(pos, history, |_, child, _, solver| {
            let (lo, hi) = table_difference(&tables, child, solver).ok()?;
            Some(scale_of_difference(lo, hi))
        })
    }

    /// Every legal move of `pos` (reached after `history`) valued for the side to move: a move
    /// that ends the game by its outcome, any other by `value` of the position after it (given
    /// the positions before that one and the solver); `None` as soon as `value` gives none.
    fn judge_each(
        &mut self,
        pos: &Position,
        history: &[Position],
        mut value: impl FnMut(&mut Self, &Position, &[Position], Side) -> Option<(i32, i32)>,
    ) -> Option<Decision> {
        let solver = pos.turn();
        let (earlier, children) = children(pos, history, &self.rules);
        let mut values = Vec::new();
        for (mv, child, over) in children {
            let (lo, hi, ends_game) = match over {
                Some(o) => {
                    let v = value_of_outcome(&o, solver);
                    (v, v, true)
                }
                None => {
                    let (lo, hi) = value(self, &child, &earlier, solver)?;
                    (lo, hi, false)
                }
            };
            values.push(MoveValue {
                mv,
                lo,
                hi,
                seeds: None,
                reply: None,
                ends_game,
            });
        }
        Some(Decision { values })
    }

    /// What the exact prover finds for the solver after `mv` from `pos` (after `history`).
    pub fn prove_move(&mut self, pos: &Position, history: &[Position], mv: Move) -> (Win, u32) {
        let mut earlier = history.to_vec();
        earlier.push(*pos);
        let child = pos.play_unchecked(mv, &self.rules);
        if let Some(o) = outcome_after(&earlier, &child, &self.rules) {
            let w = if value_of_outcome(&o, pos.turn()) > 0 {
                Win::Yes
            } else {
                Win::No
            };
            return (w, 0);
        }
        let mut prover = Prover::new(
            self.tables.as_deref(),
            pos.turn(),
            self.options.prover_nodes,
        );
        let r = prover.solve(&child, &earlier);
        self.prover_nodes += prover.nodes();
        r
    }

    /// The opponent's plausible replies after `mv` from `pos` (the first position): those
    /// whose value, by the tables or a search of 8 plies with the tables, is within
    /// [`MARGIN`] of the best reply's (for the opponent).
    fn plausible_replies(&mut self, pos: &Position, mv: Move) -> usize {
        let child = pos.play_unchecked(mv, &self.rules);
        let earlier = vec![*pos, child];
        if outcome_after(&earlier[..1], &child, &self.rules).is_some() {
            return 0;
        }
        let solver = pos.turn();
        let mut values = Vec::new();
        for &r in child.legal_moves(&self.rules).iter() {
            let next = child.play_unchecked(r, &self.rules);
            let v = match outcome_after(&earlier, &next, &self.rules) {
                Some(o) => value_of_outcome(&o, solver),
                None => {
                    let (lo, hi) = self.value_of(&next, &earlier, solver, 8);
                    (lo + hi) / 2
                }
            };
            values.push(v);
        }
        // The opponent wants the solver's value low.
        let best = values.iter().copied().min().unwrap_or(0);
        values.iter().filter(|&&v| v - best < MARGIN).count()
    }

    /// Checks `puzzle` deeply (see the module's docs).
    pub fn check(&mut self, puzzle: &Puzzle) -> Result<DeepReport, Why> {
        match self.check_line(puzzle) {
            (Some(report), None) => Ok(report),
            (_, Some((_, why))) => Err(why),
            (None, None) => Err(Why::Shape),
        }
    }

    /// Checks `puzzle` as [`DeepJudge::check`] does, but where a later solver move of the line
    /// fails, keeps the line up to the solver move before it: the report and the plies kept
    /// (odd), or why the first move fails.
    pub fn check_prefix(&mut self, puzzle: &Puzzle) -> Result<(DeepReport, usize), Why> {
        match self.check_line(puzzle) {
            (Some(report), None) => Ok((report, puzzle.line.len())),
            (Some(report), Some((ply, _))) if ply >= 2 => Ok((report, ply - 1)),
            (_, Some((_, why))) => Err(why),
            (None, None) => Err(Why::Shape),
        }
    }

    /// The deep check of `puzzle`'s line: the first position's report (if its move passed) and
    /// the first failure (the ply and why).
    pub(crate) fn check_line(
        &mut self,
        puzzle: &Puzzle,
    ) -> (Option<DeepReport>, Option<(usize, Why)>) {
        let rules = self.rules;
        let mut pos = puzzle.position;
        let mut history: Vec<Position> = Vec::new();
        let mut report = None;
        for (ply, pair) in puzzle.line.chunks(2).enumerate().map(|(i, c)| (2 * i, c)) {
            let m = pair[0];
            if !pos.is_legal(m, &rules) {
                return (report, Some((ply, Why::Illegal { ply })));
            }
            // The first position by the deep values; later ones only where the tables (or the
            // game's end) settle every move (elsewhere the recorded proof stands).
            let decision = if ply == 0 {
                Some(self.judge(&pos, &history))
            } else {
                self.judge_exact(&pos, &history)
            };
            if let Some(decision) = decision {
                match self.check_ply(puzzle, &pos, &history, ply, &decision) {
                    Ok(Some(first)) => report = Some(first),
                    Ok(None) => {}
                    Err(why) => return (report, Some((ply, why))),
                }
            }
            let child = pos.play_unchecked(m, &rules);
            history.push(pos);
            let Some(&r) = pair.get(1) else {
                break;
            };
            if !child.is_legal(r, &rules) {
                return (report, Some((ply + 1, Why::Illegal { ply: ply + 1 })));
            }
            let next = child.play_unchecked(r, &rules);
            history.push(child);
            pos = next;
        }
        (report, None)
    }

    /// The deep check of the line's move at `ply` (reached from `pos` after `history`) given
    /// the values of `pos`'s moves; at the first position (`ply` 0), also the prover's check of
    /// every move, and the report.
    fn check_ply(
        &mut self,
        puzzle: &Puzzle,
        pos: &Position,
        history: &[Position],
        ply: usize,
        decision: &Decision,
    ) -> Result<Option<DeepReport>, Why> {
        let m = puzzle.line[ply];
        let Some(mine) = decision.of(m).copied() else {
            return Err(Why::Illegal { ply });
        };
        let best_other = decision
            .values
            .iter()
            .filter(|v| v.mv != m)
            .max_by_key(|v| (v.hi, v.lo))
            .copied();
        let second = best_other.map_or(-DECISIVE, |v| v.hi);
        // Another move that wins or keeps a decisive lead, or the line's move not ahead of
        // every other by the deep margin.
        if best_other.is_some_and(|v| v.hi >= DECISIVE) || mine.lo - second < DEEP_MARGIN {
            let other = best_other.map_or('-', |v| v.mv.letter(pos.turn()));
            let why = Why::Deep {
                ply,
                value: mine.lo,
                second,
                other,
            };
            return Err(why);
        }
        if ply == 0 {
            let mut decided = 0;
            let mut proven_win = None;
            for v in &decision.values {
                let (w, depth) = self.prove_move(pos, history, v.mv);
                if w != Win::Unknown {
                    decided += 1;
                }
                let why = match (v.mv == m, w) {
                    (false, Win::Yes) => Some(Why::SecondWin {
                        found: v.mv.letter(pos.turn()),
                    }),
                    (true, Win::No) if puzzle.value >= DECISIVE || mine.lo >= DECISIVE => {
                        Some(Why::NoWin)
                    }
                    (true, Win::Yes) => {
                        proven_win = Some(depth);
                        None
                    }
                    _ => None,
                };
                if let Some(why) = why {
                    return Err(why);
                }
            }
            return Ok(Some(DeepReport {
                value: mine.lo,
                second,
                decided,
                moves: decision.values.len(),
                proven_win,
                plausible_replies: self.plausible_replies(pos, m),
            }));
        }
        Ok(None)
    }
}
