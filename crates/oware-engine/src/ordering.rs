//! Move ordering: hash move first, then captures (largest first), killers, and history.

use std::hint::select_unpredictable;

use oware_core::{Move, Position};

use crate::score::MAX_PLY;

/// Killer moves (two per ply) and a history table of quiet moves that caused cut-offs.
///
/// History is indexed by side, pit and the seeds in that pit (capped at 23): in Oware a pit and
/// its seed count decide where the sowing ends, which is what makes a move good.
pub(crate) struct MoveOrder {
    killers: Box<[[Option<Move>; 2]; MAX_PLY + 1]>,
    history: Box<[[[i32; 24]; 6]; 2]>,
}

/// Ordering value of captures (plus seeds captured × 1000): above every quiet move's.
const CAPTURE: i32 = 1 << 24;
/// Ordering value of the first killer (the second gets one less): above every history value.
const KILLER: i32 = 1 << 20;

/// The ordering key of move `i` (below 6) with ordering value `value`: the value shifted left
/// by 3 with 7 − `i` in the low bits, so that the largest key is the best move, the first in
/// pit order among equals, found without branches; [`key_move`] reads the move back.
#[inline(always)]
fn key(value: i32, i: usize) -> i32 {
    value << 3 | (7 - i as i32)
}

/// The index of the move whose key is `key` (see [`key`]).
#[inline(always)]
pub(crate) fn key_move(key: i32) -> u32 {
    7 - (key & 7) as u32
}

/// The ordering key of move `i`, a capture of `seeds` seeds: above every quiet move's key,
/// larger captures first.
#[inline(always)]
pub(crate) fn capture_key(seeds: u8, i: usize) -> i32 {
    key(CAPTURE + 1000 * i32::from(seeds), i)
}

impl MoveOrder {
    pub(crate) fn new() -> MoveOrder {
        MoveOrder {
            killers: Box::new([[None; 2]; MAX_PLY + 1]),
            history: Box::new([[[0; 24]; 6]; 2]),
        }
    }

    /// Forgets the killers and history (a new search).
    pub(crate) fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill([[0; 24]; 6]);
    }

    #[inline]
    fn hist_index(pos: &Position, m: Move) -> (usize, usize, usize) {
        // The pit's byte shifted out of the mover's row (its bytes 0–5: register shifts, no
        // bounds check).
        let own = pos.packed() as u64;
        let seeds = ((own >> (8 * m.index())) as u8).min(23);
        (pos.turn().index(), m.index(), usize::from(seeds))
    }

    /// Writes the ordering key of each quiet move of `quiets` (bit i for move i) of `pos` at
    /// `ply` into `keys[i]` (see [`key`]): the first killer, the second, else the move's
    /// history. Out of line: a
    /// node needs it only once its captures are searched, and inlined into the move loop, its
    /// set-up was hoisted before the loop, paid by every node.
    #[inline(never)]
    pub(crate) fn quiet_keys(&self, pos: &Position, quiets: u8, ply: usize, keys: &mut [i32; 6]) {
        let own = pos.packed() as u64;
        let history = &self.history[pos.turn().index()];
        // All six pits, without a loop over the quiet moves (how many there are is data the
        // processor cannot predict); keys of other moves are left as they are.
        for (i, slot) in keys.iter_mut().enumerate() {
            let seeds = ((own >> (8 * i)) as u8).min(23);
            let k = key(history[i][usize::from(seeds)], i);
            *slot = select_unpredictable(quiets & (1 << i) != 0, k, *slot);
        }
        // The killers, second then first (a move may be both), if quiet here: written over
        // their slot whatever it holds, the slot's own value written back if not (no branch).
        let [first, second] = self.killers[ply];
        for (killer, value) in [(second, KILLER - 1), (first, KILLER)] {
            let i = killer.map_or(0, Move::index);
            let quiet = killer.is_some() && quiets & (1 << i) != 0;
            keys[i] = select_unpredictable(quiet, key(value, i), keys[i]);
        }
    }

    /// Whether `m` is a killer at `ply`.
    #[inline]
    pub(crate) fn is_killer(&self, m: Move, ply: usize) -> bool {
        self.killers[ply].contains(&Some(m))
    }

    /// Records a quiet cut-off move; `tried` are the quiet moves searched before it.
    pub(crate) fn cutoff(
        &mut self,
        pos: &Position,
        m: Move,
        ply: usize,
        depth: i32,
        tried: impl Iterator<Item = Move>,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = (depth * depth).min(400);
        let (s, i, n) = Self::hist_index(pos, m);
        Self::update(&mut self.history[s][i][n], bonus);
        for q in tried {
            let (s, i, n) = Self::hist_index(pos, q);
            Self::update(&mut self.history[s][i][n], -bonus);
        }
    }

    #[inline]
    fn update(h: &mut i32, bonus: i32) {
        // Gravity: keeps values within ±16384, below the killer keys.
        *h += bonus - *h * bonus.abs() / 16384;
    }
}

/// The seeds `m` captured, given the position before and after.
#[inline]
pub(crate) fn captured(before: &Position, after: &Position) -> u8 {
    // The mover's store before, the opponent's after (the side that moved).
    after.relative_stores()[1] - before.relative_stores()[0]
}
