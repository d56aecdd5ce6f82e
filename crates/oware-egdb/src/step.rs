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

/// Calls `found` with the rank of every South-to-move arrangement of `n` seeds that reaches the
/// arrangement `pits` (South to move, as stored) by a legal move that captures nothing: the
/// same-level parents whose bounds may change when those of `pits` do.
///
/// Candidates come from undoing a sowing (a superset: every way the seeds could have been
/// sown from an empty pit of the side that moved); each is then played forward by the core,
/// and kept only if the core's move is legal, captures nothing and gives `pits`. So the rules
/// live in one place: this only guesses, the core decides.
pub(crate) fn parents(pits: &[u8; PITS], n: u8, rules: &Rules, found: &mut impl FnMut(u64)) {
    // The position after the parent's move, North to move: `pits` seen from the other side.
    let mut after = [0u8; PITS];
    for (i, p) in after.iter_mut().enumerate() {
        *p = pits[(i + 6) % PITS];
    }
    for origin in 0..6 {
        // A move leaves its pit empty (a lap skips it).
        if after[origin] != 0 {
            continue;
        }
        let mut before = after;
        let mut pit = origin;
        let mut sown = 0u8;
        loop {
            pit = (pit + 1) % PITS;
            if pit == origin {
                pit = (pit + 1) % PITS;
            }
            // Every pit the sowing passed got a seed; once one is empty, longer sowings fail too.
            if before[pit] == 0 {
                break;
            }
            before[pit] -= 1;
            sown += 1;
            before[origin] = sown;
            if is_parent(&before, n, origin, &after, rules) {
                found(index::rank(&before));
            }
            before[origin] = 0;
        }
    }
}

/// Whether South's move from `origin` in `before` is legal, captures nothing and leaves `after`.
fn is_parent(before: &[u8; PITS], n: u8, origin: usize, after: &[u8; PITS], rules: &Rules) -> bool {
    let pos = position(before, n);
    let mv = Move::ALL[origin];
    if !pos.is_legal(mv, rules) {
        return false;
    }
    let child = pos.play_unchecked(mv, rules);
    child.seeds_on_board() == n && child.pits() == *after
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `parents` finds exactly the positions whose expansion has a non-capturing child equal
    /// to the given one, on every arrangement of a few small levels, under both rule sets.
    #[test]
    fn parents_invert_the_non_capturing_moves() {
        for rules in [Rules::ABAPA, Rules::AWARI, Rules::PLAYSTRATEGY] {
            for n in 0..=8u8 {
                let total = index::positions(n) as usize;
                let mut forward: Vec<Vec<u64>> = vec![Vec::new(); total];
                for r in 0..total as u64 {
                    let pits = index::unrank(n, r).unwrap();
                    if let Expansion::Moves { len, children } = expand(&pits, n, &rules) {
                        for c in &children[..len] {
                            if c.captured == 0 {
                                forward[c.rank as usize].push(r);
                            }
                        }
                    }
                }
                for (r, want) in forward.iter_mut().enumerate() {
                    let pits = index::unrank(n, r as u64).unwrap();
                    let mut got = Vec::new();
                    parents(&pits, n, &rules, &mut |p| got.push(p));
                    got.sort_unstable();
                    got.dedup();
                    want.sort_unstable();
                    want.dedup();
                    assert_eq!(&got, want, "rules {rules}, n {n}, rank {r}");
                }
            }
        }
    }
}
