//! Iterative deepening negamax with principal variation search, aspiration windows, a shared
//! transposition table, hash move / captures / killers / history ordering, late move reductions
//! and a capture quiescence search. Several threads share the table (lazy SMP).
//!
//! Scores are centi-seeds from the side to move's view; game ends and database-proven results
//! have scores of their own (see [`crate::score`]).
//!
//! Cycles: a position that repeats one already on the path (the game's history since the last
//! capture, then the search path) ends the game there, scored by the rules' cycle allocation
//! (abapa: each side takes its own row). This is exact under `repetition first`; under `third`
//! it assumes a side happy with the cycle can repeat it again.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use oware_core::{Move, Position, Rules};

use crate::clock::Instant;
use crate::eval::evaluate;
use crate::limits::TimePlan;
use crate::ordering::{self, captured, MoveOrder};
use crate::score::{self, from_tt, to_tt, INF, MATE, MAX_PLY, PROVEN};
use crate::tt::{Bound, Key, SmallTt, Tt};
use crate::Info;

/// The move of bit `k` of a move set (below 6; larger values read as move 5). The move's index
/// is then known to be below 6, so arrays indexed by it need no bounds check, and the conversion
/// is neither a check nor a table load (a table load was on the path from the best ordering key
/// to the next child).
#[inline(always)]
fn move_at(k: u32) -> Move {
    Move::clamped(k as usize)
}

/// The moves of a move set (bit i for move i), in pit order, lowest bit first.
#[inline(always)]
fn moves_in(mut bits: u8) -> impl Iterator<Item = Move> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let m = move_at(bits.trailing_zeros());
            bits &= bits - 1;
            m
        })
    })
}

/// The largest of six ordering keys, compared as a tree (three comparisons deep rather than
/// six in a chain: the move loop waits for it).
#[inline(always)]
fn best_key(keys: &[i32; 6]) -> i32 {
    let max = |a: i32, b: i32| if b > a { b } else { a };
    max(
        max(max(keys[0], keys[1]), max(keys[2], keys[3])),
        max(keys[4], keys[5]),
    )
}

/// Slots of the path filter ([`Worker::is_repetition`]'s quick answer).
const REP_SLOTS: usize = 1 << 12;

/// A position's slot in the path filter: a hash of its packed word (pits, stores, turn).
#[inline]
fn rep_slot(pos: &Position) -> usize {
    let b = pos.packed();
    let x = b as u64 ^ ((b >> 64) as u64).rotate_left(29);
    (x.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 52) as usize
}

/// Late move reductions by depth and move number: `round(ln(depth) · ln(i + 1) / 2)`, computed
/// once per process (384 logarithms were a tenth of the cost of a short search's set-up).
static LMR: std::sync::LazyLock<[[u8; 6]; 64]> = std::sync::LazyLock::new(|| {
    std::array::from_fn(|d| {
        std::array::from_fn(|i| {
            let l = (d.max(1) as f64).ln() * ((i + 1) as f64).ln() / 2.0;
            (l + 0.5) as u8
        })
    })
});

/// State shared by all search threads.
pub(crate) struct Shared<'a> {
    pub tt: &'a Tt,
    /// The table of depth-1 nodes.
    pub shallow: &'a SmallTt,
    pub rules: Rules,
    pub stop: &'a AtomicBool,
    pub halt: AtomicBool,
    pub nodes: AtomicU64,
    pub start: Instant,
    pub plan: TimePlan,
    pub node_limit: Option<u64>,
    pub max_depth: i32,
    pub infinite: bool,
    pub egdb: Option<&'a crate::egdb::Prober>,
    /// Whether inner nodes sow all their children on entry to prefetch their table entries
    /// (see [`Worker::sow_children`]): with a main table larger than the caches.
    pub prefetch: bool,
}

/// What [`Worker::search_move`] needs of the node it searches a move of.
struct Node {
    depth: i32,
    ply: usize,
    pv_node: bool,
    alpha: i32,
    beta: i32,
    best: i32,
    best_move: Option<Move>,
    /// The quiet moves searched so far, bit i for move i (their history is lowered on a
    /// cut-off).
    quiets: u8,
}

/// The root moves and their children.
#[derive(Clone, Copy)]
struct RootMove {
    mv: Move,
    child: Position,
    score: i32,
}

/// A search thread's working memory, kept by the [`crate::Engine`] from one search to the next:
/// allocated once, and only the parts whose contents matter are reset (see [`Worker::new`]).
/// Allocating and filling about 50 KB for each search was 1 % of the bench's instructions.
pub(crate) struct Scratch {
    ord: MoveOrder,
    path: Vec<Position>,
    on_path: Box<[u16; REP_SLOTS]>,
    kids: Box<[[Position; 6]; MAX_PLY + 1]>,
    pv: Box<[[Move; MAX_PLY]; MAX_PLY + 1]>,
}

impl Scratch {
    /// Memory for one search thread.
    pub(crate) fn new() -> Scratch {
        Scratch {
            ord: MoveOrder::new(),
            path: Vec::with_capacity(MAX_PLY + 64),
            on_path: Box::new([0; REP_SLOTS]),
            kids: Box::new([[Position::start(); 6]; MAX_PLY + 1]),
            pv: Box::new([[Move::ALL[0]; MAX_PLY]; MAX_PLY + 1]),
        }
    }
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Scratch")
    }
}

/// One search thread.
pub(crate) struct Worker<'a, 'b> {
    sh: &'b Shared<'a>,
    id: usize,
    /// Nodes searched since the last addition to the shared count.
    unflushed: u64,
    seldepth: usize,
    ord: MoveOrder,
    path: Vec<Position>,
    /// How many positions of `path` fall in each slot of [`rep_slot`]: a position whose slot is
    /// empty repeats nothing, without scanning the path.
    on_path: Box<[u16; REP_SLOTS]>,
    /// Children sown for ordering, one row per ply (reused: no per-node initialisation).
    kids: Box<[[Position; 6]; MAX_PLY + 1]>,
    pv: Box<[[Move; MAX_PLY]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    stopped: bool,
    /// Unflushed nodes from which [`Worker::check_stop`] polls: 1024, or 0 once stopped.
    poll_at: u64,
    can_stop: bool,
}

impl<'a, 'b> Worker<'a, 'b> {
    /// A worker whose path starts with `history` (positions before the root, oldest first),
    /// working in `scratch`: its move ordering and path are reset; the rows of children and of
    /// the principal variation are always written before they are read, so they are left as
    /// they are.
    pub(crate) fn new(
        sh: &'b Shared<'a>,
        id: usize,
        history: &[Position],
        scratch: Scratch,
    ) -> Self {
        let Scratch {
            mut ord,
            mut path,
            mut on_path,
            kids,
            pv,
        } = scratch;
        ord.clear();
        path.clear();
        path.extend_from_slice(history);
        on_path.fill(0);
        for p in history {
            on_path[rep_slot(p)] += 1;
        }
        Worker {
            sh,
            id,
            unflushed: 0,
            seldepth: 0,
            ord,
            path,
            on_path,
            kids,
            pv,
            pv_len: [0; MAX_PLY + 1],
            stopped: false,
            poll_at: 1024,
            can_stop: false,
        }
    }

    /// The worker's memory, for the next search.
    pub(crate) fn into_scratch(self) -> Scratch {
        Scratch {
            ord: self.ord,
            path: self.path,
            on_path: self.on_path,
            kids: self.kids,
            pv: self.pv,
        }
    }

    fn total_nodes(&self) -> u64 {
        self.sh.nodes.load(Ordering::Relaxed) + self.unflushed
    }

    /// Whether the search must stop: one comparison a node, the rest every 1024 nodes, and at
    /// every node once stopped (`poll_at` is then 0).
    #[inline(always)]
    fn check_stop(&mut self) -> bool {
        self.unflushed >= self.poll_at && self.flush_and_poll()
    }

    /// Adds the nodes counted since the last call to the shared count and checks the stop
    /// flag and the node and time limits (kept out of the nodes' code); whether stopped.
    #[cold]
    #[inline(never)]
    fn flush_and_poll(&mut self) -> bool {
        self.sh.nodes.fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
        if !self.stopped && self.can_stop {
            self.poll();
        }
        if self.stopped {
            self.poll_at = 0;
        }
        self.stopped
    }

    /// Sets `stopped` if the stop flag is raised or a node or time limit is reached.
    fn poll(&mut self) {
        if self.sh.halt.load(Ordering::Relaxed) || self.sh.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        } else if self.id == 0 {
            let over_nodes = self
                .sh
                .node_limit
                .is_some_and(|n| self.sh.nodes.load(Ordering::Relaxed) >= n);
            let over_time = self
                .sh
                .plan
                .hard
                .is_some_and(|h| self.sh.start.elapsed() >= h);
            if over_nodes || over_time {
                self.sh.halt.store(true, Ordering::Relaxed);
                self.stopped = true;
            }
        }
    }

    /// Whether `pos` repeats a position on the path since the last capture.
    #[inline(always)]
    fn is_repetition(&self, pos: &Position) -> bool {
        self.on_path[rep_slot(pos)] != 0 && self.scan_path(pos)
    }

    /// The path scan behind [`Worker::is_repetition`], for positions the filter cannot rule out.
    #[cold]
    #[inline(never)]
    fn scan_path(&self, pos: &Position) -> bool {
        let seeds = pos.seeds_on_board();
        let mut i = self.path.len();
        while i >= 2 {
            i -= 2;
            let p = &self.path[i];
            if p.seeds_on_board() != seeds {
                return false;
            }
            if p == pos {
                return true;
            }
        }
        false
    }

    /// Puts `pos` on the path; returns its filter slot, for [`Worker::pop_path`].
    #[inline]
    fn push_path(&mut self, pos: &Position) -> usize {
        let slot = rep_slot(pos);
        self.on_path[slot] += 1;
        self.path.push(*pos);
        slot
    }

    /// Takes the last position, whose filter slot is `slot`, off the path.
    #[inline(always)]
    fn pop_path(&mut self, slot: usize) {
        if self.path.pop().is_some() {
            self.on_path[slot] -= 1;
        }
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = len;
    }

    /// Sows the moves of `rest` that may capture into `kids[ply]` (by move index; their bits
    /// in the result's second part) and keys the captures among them
    /// ([`ordering::capture_key`]). Returns the
    /// captures' bits and the bits of the moves sown.
    #[inline(always)]
    fn key_captures(
        &mut self,
        pos: &Position,
        rest: u8,
        presown: u8,
        ply: usize,
        keys: &mut [i32; 6],
    ) -> (u8, u8) {
        let rules = &self.sh.rules;
        let sown = pos.capture_candidates() & rest;
        let mut captures = 0u8;
        for m in moves_in(sown) {
            let k = m.index();
            let child = if presown & (1 << k) != 0 {
                self.kids[ply][k]
            } else {
                let child = pos.play_unchecked(m, rules);
                self.kids[ply][k] = child;
                child
            };
            let c = captured(pos, &child);
            if c > 0 {
                captures |= 1 << k;
                keys[k] = ordering::capture_key(c, k);
            }
        }
        (captures, sown)
    }

    /// Sows every legal move of `pos`, a node at `depth` ≥ 2 (its children probe a table), into
    /// `kids[ply]` and starts loading the children's table entries (the main table's, or the
    /// depth-1 table's if `depth` is 2). Done on entering the node, it overlaps the cache
    /// misses of the node's own probe and of its children's, which then find their entries in
    /// the cache: with a table larger than the processor's caches, a probe's cache miss was the
    /// largest stall of the search. The children never searched (after a cut-off) are the cost,
    /// so this is done only with a main table larger than the caches ([`Shared::prefetch`]; the
    /// search is compiled twice, with and without it). Returns the moves sown.
    #[inline(always)]
    fn sow_children(&mut self, pos: &Position, ply: usize, depth: i32) -> u8 {
        let rules = &self.sh.rules;
        let moves = pos.legal_mask(rules);
        let candidates = pos.capture_candidates();
        for m in moves_in(moves) {
            let k = m.index();
            // A move that is not a capture candidate captures nothing.
            let child = if candidates & (1 << k) != 0 {
                pos.play_unchecked(m, rules)
            } else {
                pos.play_quiet_unchecked(m)
            };
            self.kids[ply][k] = child;
            let key = Key::of(&child);
            if depth == 2 {
                self.sh.shallow.prefetch(key);
            } else {
                self.sh.tt.prefetch(key);
            }
        }
        moves
    }

    /// Searches `pos` (not the root) to `depth` plies within (alpha, beta): the quiescence
    /// search at depth 0 and below, else a full node. Split so that leaves, the most numerous
    /// nodes, skip the table and a full node's set-up.
    #[inline(always)]
    fn negamax<const PREFETCH: bool>(
        &mut self,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if depth <= 0 {
            self.leaf(pos, alpha, beta, ply)
        } else {
            self.interior::<PREFETCH>(pos, depth, alpha, beta, ply)
        }
    }

    /// What every node does first: counts it, then settles it without a search if it can (a
    /// stop, a repetition, the game's end, the ply limit, mate distance, an exact database
    /// value). `Err(score)` is the node's score; `Ok` gives its legal moves (a bit set) and
    /// narrowed window.
    #[inline(always)]
    fn enter(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<(u8, i32, i32), i32> {
        self.count(pos, ply)?;
        self.settle(pos, alpha, beta, ply)
    }

    /// The first part of [`Worker::enter`]: counts the node; `Err` on a stop or a repetition.
    #[inline(always)]
    fn count(&mut self, pos: &Position, ply: usize) -> Result<(), i32> {
        self.pv_len[ply] = ply;
        if self.check_stop() {
            return Err(0);
        }
        self.tally(ply);
        if self.is_repetition(pos) {
            let rules = &self.sh.rules;
            return Err(score::game_end(&pos.cycle_outcome(rules), pos, ply));
        }
        Ok(())
    }

    /// Counts a node at `ply` (in the nodes and in `seldepth`).
    #[inline(always)]
    fn tally(&mut self, ply: usize) {
        self.unflushed += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
    }

    /// The second part of [`Worker::enter`]: the legal moves, or the score of a node settled
    /// by the game's end, the ply limit, mate distance or the database.
    #[inline(always)]
    fn settle(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> Result<(u8, i32, i32), i32> {
        let rules = &self.sh.rules;
        let moves = pos.legal_mask(rules);
        if moves == 0 {
            return Err(pos
                .outcome(rules)
                .map_or(0, |o| score::game_end(&o, pos, ply)));
        }
        if ply >= MAX_PLY - 2 {
            return Err(evaluate(pos));
        }
        // Mate distance pruning.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return Err(alpha);
        }
        if let Some(eg) = self.sh.egdb {
            if let Some(score) = probe_cut(eg, pos, alpha, beta, ply) {
                return Err(score);
            }
        }
        Ok((moves, alpha, beta))
    }

    /// A node at the ply limit, where [`Worker::settle`] evaluates it (unless it is settled
    /// otherwise first). Checked on entering a node, before any array is indexed by the ply: the
    /// nodes' code then needs no bounds checks on it.
    #[cold]
    #[inline(never)]
    fn at_ply_limit(&mut self, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        match self.enter(pos, alpha, beta, ply) {
            Ok(_) => evaluate(pos),
            Err(score) => score,
        }
    }

    /// A node at depth 0 or below: the quiescence search, without the table.
    fn leaf(&mut self, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        if ply >= MAX_PLY - 2 {
            return self.at_ply_limit(pos, alpha, beta, ply);
        }
        match self.enter(pos, alpha, beta, ply) {
            Ok((moves, alpha, beta)) => self.qsearch(pos, moves, alpha, beta, ply),
            Err(score) => score,
        }
    }

    /// A node with `depth` > 0 plies to go.
    fn interior<const PREFETCH: bool>(
        &mut self,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if ply >= MAX_PLY - 2 {
            return self.at_ply_limit(pos, alpha, beta, ply);
        }
        let rules = &self.sh.rules;
        // The table is probed first so that a cache miss overlaps the work below (repetition
        // check, move generation). Depth-1 nodes have their own small table (see `SHALLOW_MB`).
        let key = Key::of(pos);
        let entry = if depth <= 1 {
            self.sh.shallow.probe(key)
        } else {
            self.sh.tt.probe(key)
        };
        if let Err(score) = self.count(pos, ply) {
            return score;
        }
        let presown = if PREFETCH && depth >= 2 {
            self.sow_children(pos, ply, depth)
        } else {
            0
        };
        // A table cut-off before the moves are generated: a position is stored only after a
        // search, so never when the game is over there.
        if let Some(e) = entry {
            if beta - alpha == 1 && e.depth >= depth {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let (moves, alpha, beta) = match self.settle(pos, alpha, beta, ply) {
            Ok(node) => node,
            Err(score) => return score,
        };
        let pv_node = beta - alpha > 1;
        let hash_move = entry.and_then(|e| e.mv.filter(|&m| moves & (1 << m.index()) != 0));

        // The hash move is searched first, before anything is known of the others; their
        // ordering keys come after it, only if it does not cut off. Only moves that may capture
        // are sown for their keys (to know what they take); the others are sown when their turn
        // comes. A key packs the ordering value with 7 − the move's index, so the
        // largest key is the best move, the first in pit order among equals, found without
        // branches.
        let alpha0 = alpha;
        let mut node = Node {
            depth,
            ply,
            pv_node,
            alpha,
            beta,
            best: -INF,
            best_move: None,
            quiets: 0,
        };
        let slot = self.push_path(pos);
        let mut done = false;
        let mut searched = 0;
        if let Some(m) = hash_move {
            let child = if presown & (1 << m.index()) != 0 {
                self.kids[ply][m.index()]
            } else {
                pos.play_unchecked(m, rules)
            };
            done = self.search_move::<PREFETCH>(&mut node, pos, m, &child, 0);
            searched = 1;
        }
        if !done {
            // Captures first, largest first; the quiet moves are keyed only when no capture is
            // left (most nodes are settled before that). Every capture key exceeds every quiet
            // key, so this is the order a single sort would give.
            let mut keys = [i32::MIN; 6];
            let hash_bit = hash_move.map_or(0, |m| 1u8 << m.index());
            let rest = moves & !hash_bit;
            let (mut captures_left, sown) = self.key_captures(pos, rest, presown, ply, &mut keys);
            let mut unkeyed = rest & !captures_left;
            for i in searched..moves.count_ones() as usize {
                if captures_left == 0 && unkeyed != 0 {
                    self.ord.quiet_keys(pos, unkeyed, ply, &mut keys);
                    unkeyed = 0;
                }
                let top = best_key(&keys);
                let m = move_at(ordering::key_move(top));
                let k = m.index();
                keys[k] = i32::MIN;
                captures_left &= !(1 << k);
                // A move not sown for its key is not a capture candidate: it captures nothing.
                let child = if (sown | presown) & (1 << k) != 0 {
                    self.kids[ply][k]
                } else {
                    pos.play_quiet_unchecked(m)
                };
                if self.search_move::<PREFETCH>(&mut node, pos, m, &child, i) {
                    break;
                }
            }
        }
        self.pop_path(slot);
        if self.stopped {
            return 0;
        }
        let bound = bound_of(node.best, alpha0, beta);
        let (score, mv) = (to_tt(node.best, ply), node.best_move.or(hash_move));
        if depth <= 1 {
            self.sh.shallow.store(key, score, depth, bound, mv);
        } else {
            self.sh.tt.store(key, score, depth, bound, mv);
        }
        node.best
    }

    /// Searches move `m` of `pos` (leading to `child`), the `i`-th tried at this node: a full
    /// window for the first, else a null window (reduced for a late quiet move), re-searched
    /// if it beats alpha. Updates the node's best score, window and move-ordering statistics;
    /// `true` when the node is done (a cut-off, or the search was stopped).
    #[inline(always)]
    fn search_move<const PREFETCH: bool>(
        &mut self,
        node: &mut Node,
        pos: &Position,
        m: Move,
        child: &Position,
        i: usize,
    ) -> bool {
        let Node {
            depth,
            ply,
            pv_node,
            alpha,
            beta,
            ..
        } = *node;
        let capture = captured(pos, child) > 0;
        let new_depth = depth - 1;
        let score = if i == 0 {
            -self.negamax::<PREFETCH>(child, new_depth, -beta, -alpha, ply + 1)
        } else {
            let mut r = 0;
            if depth >= 3 && i >= 2 && !capture && !self.ord.is_killer(m, ply) {
                r = self.reduction(depth, i, pv_node);
            }
            let mut s =
                -self.negamax::<PREFETCH>(child, new_depth - r, -alpha - 1, -alpha, ply + 1);
            if s > alpha && r > 0 {
                s = -self.negamax::<PREFETCH>(child, new_depth, -alpha - 1, -alpha, ply + 1);
            }
            if s > alpha && s < beta {
                s = -self.negamax::<PREFETCH>(child, new_depth, -beta, -alpha, ply + 1);
            }
            s
        };
        if self.stopped {
            return true;
        }
        if score > node.best {
            node.best = score;
            if score > alpha {
                node.best_move = Some(m);
                node.alpha = score;
                if pv_node {
                    self.update_pv(ply, m);
                }
                if score >= beta {
                    if !capture {
                        self.ord.cutoff(pos, m, ply, depth, moves_in(node.quiets));
                    }
                    return true;
                }
            }
        }
        // No branch on whether the move captured.
        node.quiets |= u8::from(!capture) << m.index();
        false
    }

    /// The reduction of the `i`-th move of a node at `depth` (≥ 3): ln(depth)·ln(move
    /// number)/2, rounded, one more off the principal variation; never into the quiescence
    /// search. Out of line: most moves are not reduced, and inlined, its table lookup was
    /// set up before the move loop of every node.
    #[inline(never)]
    fn reduction(&self, depth: i32, i: usize, pv_node: bool) -> i32 {
        let r = i32::from(LMR[depth.min(63) as usize][i.min(5)]) + i32::from(!pv_node);
        r.clamp(1, depth - 2)
    }

    /// Captures only, with a stand-pat evaluation. Captures remove seeds, so no cycle can occur.
    /// The stand-pat test is inlined into the callers: most quiescence nodes end there, without
    /// a call.
    #[inline(always)]
    fn qsearch(&mut self, pos: &Position, moves: u8, alpha: i32, beta: i32, ply: usize) -> i32 {
        // (The caller counted the node and its ply in `seldepth`.)
        let stand = evaluate(pos);
        if stand >= beta || ply >= MAX_PLY - 2 {
            return stand;
        }
        // The legal moves that may capture: without one, the stand-pat score is the value.
        let candidates = pos.capture_candidates() & moves;
        if candidates == 0 {
            return stand;
        }
        self.captures(pos, candidates, stand, alpha.max(stand), beta, ply)
    }

    /// The captures of [`Worker::qsearch`] once the stand-pat score `stand` is below `beta`,
    /// among `candidates` (the legal moves that may capture, not none).
    #[inline(never)]
    fn captures(
        &mut self,
        pos: &Position,
        candidates: u8,
        stand: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let rules = &self.sh.rules;
        // Captures, largest first (in pit order among equals), in this ply's row of `kids`.
        let mut seeds = [0u8; 6];
        let mut n = 0;
        // In pit order.
        for m in moves_in(candidates) {
            let child = pos.play_unchecked(m, rules);
            let c = captured(pos, &child);
            if c > 0 {
                let caps = &mut self.kids[ply];
                let mut j = n;
                while j > 0 && seeds[j - 1] < c {
                    seeds[j] = seeds[j - 1];
                    caps[j] = caps[j - 1];
                    j -= 1;
                }
                seeds[j] = c;
                caps[j] = child;
                n += 1;
            }
        }
        let mut best = stand;
        for i in 0..n {
            let child = self.kids[ply][i];
            self.tally(ply + 1);
            let cm = child.legal_mask(rules);
            let score = if cm == 0 {
                -child
                    .outcome(rules)
                    .map_or(0, |o| score::game_end(&o, &child, ply + 1))
            } else if let Some((s, _)) = self
                .sh
                .egdb
                .and_then(|e| e.probe(&child, ply + 1))
                .filter(|(lo, hi)| lo == hi)
            {
                -s
            } else {
                -self.qsearch(&child, cm, -beta, -alpha, ply + 1)
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// One iteration at the root.
    fn root<const PREFETCH: bool>(
        &mut self,
        root: &Position,
        moves: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv_len[0] = 0;
        let mut best = -INF;
        let alpha0 = alpha;
        let slot = self.push_path(root);
        for i in 0..moves.len() {
            let RootMove { mv, child, .. } = moves[i];
            let score = if i == 0 {
                -self.negamax::<PREFETCH>(&child, depth - 1, -beta, -alpha, 1)
            } else {
                let mut s = -self.negamax::<PREFETCH>(&child, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && s < beta {
                    s = -self.negamax::<PREFETCH>(&child, depth - 1, -beta, -alpha, 1);
                }
                s
            };
            if self.stopped {
                break;
            }
            moves[i].score = if score > alpha { score } else { -INF };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(0, mv);
                    // Move the new best to the front, keeping the others' order.
                    moves[..=i].rotate_right(1);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.pop_path(slot);
        if !self.stopped {
            let bound = bound_of(best, alpha0, beta);
            let best_move = (best > alpha0).then(|| moves[0].mv);
            self.sh
                .tt
                .store(Key::of(root), to_tt(best, 0), depth, bound, best_move);
        }
        best
    }

    /// Iterative deepening from `root`. The main thread (id 0) reports through `on_info` and
    /// returns the best move and last completed iteration.
    pub(crate) fn iterate(
        &mut self,
        root: &Position,
        on_info: &mut dyn FnMut(&Info),
    ) -> (Option<Move>, Info) {
        let rules = &self.sh.rules;
        let mut moves: Vec<RootMove> = root
            .legal_moves(rules)
            .iter()
            .map(|&m| {
                let child = root.play_unchecked(m, rules);
                RootMove {
                    mv: m,
                    child,
                    score: i32::from(captured(root, &child)),
                }
            })
            .collect();
        moves.sort_by_key(|r| -r.score);
        if self.id > 0 && moves.len() > 1 {
            let k = self.id % (moves.len() - 1);
            moves[1..].rotate_left(k);
        }
        let mut info = Info {
            depth: 0,
            seldepth: 0,
            score: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
            hashfull: 0,
        };
        let mut best = moves.first().map(|r| r.mv);
        if moves.is_empty() {
            return (None, info);
        }
        let mut prev: i32 = 0;
        let mut depth = 1 + (self.id & 1) as i32;
        while depth <= self.sh.max_depth {
            self.seldepth = 0;
            let mut delta = 25;
            let (mut a, mut b) = if depth >= 4 && prev.abs() < PROVEN {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                // Two instances of the search, with and without the prefetch of children.
                let s = if self.sh.prefetch {
                    self.root::<true>(root, &mut moves, depth, a, b)
                } else {
                    self.root::<false>(root, &mut moves, depth, a, b)
                };
                if self.stopped {
                    break s;
                }
                if s <= a && a > -INF {
                    b = (a + b) / 2;
                    a = if s <= -PROVEN {
                        -INF
                    } else {
                        (s - delta).max(-INF)
                    };
                } else if s >= b && b < INF {
                    b = if s >= PROVEN {
                        INF
                    } else {
                        (s + delta).min(INF)
                    };
                } else {
                    break s;
                }
                delta *= 3;
            };
            if self.stopped {
                // A move that finished above the old best in the unfinished iteration is kept.
                if self.pv_len[0] > 0 && moves[0].score > -INF && self.id == 0 {
                    best = Some(moves[0].mv);
                    info.pv = self.pv[0][..self.pv_len[0]].to_vec();
                }
                break;
            }
            self.can_stop = true;
            prev = score;
            best = Some(moves[0].mv);
            if self.id == 0 {
                info = Info {
                    depth: depth as u32,
                    seldepth: self.seldepth.max(depth as usize) as u32,
                    score,
                    nodes: self.total_nodes(),
                    time: self.sh.start.elapsed(),
                    pv: self.pv[0][..self.pv_len[0]].to_vec(),
                    hashfull: 0,
                };
                if info.pv.is_empty() {
                    info.pv.push(moves[0].mv);
                }
                on_info(&info);
                if self
                    .sh
                    .plan
                    .soft
                    .is_some_and(|s| self.sh.start.elapsed() >= s)
                {
                    break;
                }
                if !self.sh.infinite && moves.len() == 1 && self.sh.plan.hard.is_some() {
                    break;
                }
                // A proven result needs no deeper search (unless asked to go on).
                if !self.sh.infinite
                    && score::game_end_plies(score).is_some_and(|plies| depth >= 2 + plies)
                {
                    break;
                }
            }
            if self.sh.halt.load(Ordering::Relaxed) {
                break;
            }
            depth += 1;
        }
        self.sh.nodes.fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
        info.nodes = self.sh.nodes.load(Ordering::Relaxed);
        info.time = self.sh.start.elapsed();
        (best, info)
    }
}

/// The score of a node the endgame database settles within (alpha, beta), if it does. Out of
/// line: without a database, the nodes' code only tests for one.
#[inline(never)]
fn probe_cut(
    eg: &crate::egdb::Prober,
    pos: &Position,
    alpha: i32,
    beta: i32,
    ply: usize,
) -> Option<i32> {
    let (lo, hi) = eg.probe(pos, ply)?;
    if lo == hi || lo >= beta {
        Some(lo)
    } else if hi <= alpha {
        Some(hi)
    } else {
        None
    }
}

/// What a node's best score says about its true value, given the window it was searched with.
fn bound_of(best: i32, alpha0: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha0 {
        Bound::Exact
    } else {
        Bound::Upper
    }
}
