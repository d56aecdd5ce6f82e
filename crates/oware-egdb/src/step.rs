//! One step of the rules, through the core: the only place the database meets the rules.

use oware_core::{BySide, Move, Position, Rules, Setup, Side, PITS, TOTAL_SEEDS};

use crate::index;

/// A legal move of a South-to-move arrangement and where it leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Child {
    /// The move.
    pub mv: Move,
    /// Seeds it captured (0 for a move that stays on the same level).
    pub captured: u8,
    /// The rank, at level `n - captured`, of the position after it, seen by the new mover.
    pub rank: u64,
}

/// The moves of a position, or its end.
pub(crate) enum Expansion {
    /// No legal move: each player takes their own row; the value is South's row minus North's.
    Terminal(i8),
    /// The legal moves (at least one).
    Moves { len: usize, children: [Child; 6] },
}

/// The position with these pits, South to move, and stores filling up to 48 seeds split as
/// evenly as possible (South gets the smaller half), so that neither store has reached 25 for
/// any `n >= 1` and the game is not over by score. Stores only shift the final score by a
/// constant, so they never change which move is best.
pub(crate) fn position(pits: &[u8; PITS], n: u8) -> Position {
    let rest = TOTAL_SEEDS - n;
    let south = rest / 2;
    Position::from_setup(&Setup {
        pits: *pits,
        stores: BySide::new(south, rest - south),
        turn: Side::South,
    })
    .expect("pits of n seeds plus stores of 48 - n make 48")
}

/// Expands the South-to-move arrangement `pits` of `n` seeds with the core's rules.
pub(crate) fn expand(pits: &[u8; PITS], n: u8, rules: &Rules) -> Expansion {
    let pos = position(pits, n);
    let moves = pos.legal_moves(rules);
    if moves.is_empty() {
        let v = pos.row_seeds(Side::South) as i8 - pos.row_seeds(Side::North) as i8;
        return Expansion::Terminal(v);
    }
    let mut children = [Child {
        mv: Move::ALL[0],
        captured: 0,
        rank: 0,
    }; 6];
    let mut len = 0;
    for &mv in moves.iter() {
        let after = pos.play_unchecked(mv, rules);
        let captured = n - after.seeds_on_board();
        children[len] = Child {
            mv,
            captured,
            rank: index::rank(&after.flipped().pits()),
        };
        len += 1;
    }
    Expansion::Moves { len, children }
}
