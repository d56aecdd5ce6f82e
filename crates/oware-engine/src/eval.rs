//! Static evaluation in centi-seeds from the side to move's point of view.
//!
//! The score is material (captured seeds, 100 a seed) plus a linear combination of board
//! features, each computed as "mine minus the opponent's":
//!
//! | feature      | meaning                                                                   |
//! |--------------|---------------------------------------------------------------------------|
//! | `row`        | seeds on the row (they go to the row's owner if the game ends by no-feed or a cycle) |
//! | `vulnerable` | pits with 1 or 2 seeds on the *opponent's* row minus on mine: capture targets |
//! | `threats`    | moves that end on an opponent pit holding 1 or 2 seeds (a capture now)     |
//! | `kroo`       | pits with 12 or more seeds (a lap round the board, a big capture later)    |
//! | `mobility`   | non-empty pits                                                             |
//! | `reserve`    | moves that stay on the mover's own row (tempo moves that do not feed)       |
//! | `tempo`      | 1 for the side to move                                                      |
//!
//! The weights in [`WEIGHTS`] were fitted to game results; see [`crate::tune`] for how.

use oware_core::{Position, Side};

/// The number of features.
pub const FEATURES: usize = 7;

/// Feature names, in the order of [`features`] and [`WEIGHTS`].
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "row",
    "vulnerable",
    "threats",
    "kroo",
    "mobility",
    "reserve",
    "tempo",
];

/// Weights of the features in centi-seeds (material is fixed at 100 a seed), fitted by
/// [`crate::tune`] to 450 000 positions of 4 000 self-play games at depth 7. Against the
/// hand-set first weights (`[4, 22, -6 (empty pits), 45, 8, 6, 10]`) they scored 88 % in 100
/// games at 30 ms a move (+346 ± 109 Elo).
pub const WEIGHTS: [i32; FEATURES] = [3, -26, 140, 153, 91, 100, -22];

/// Per-side counts: (seeds, 1-2 seed pits, capture threats, kroo pits, non-empty pits, reserve
/// moves). `row` is the side's six pits, `other` the opponent's, one byte each.
#[inline]
fn side_counts(row: u64, other: u64) -> [i32; 6] {
    let mut c = [0i32; 6];
    let mut i = 0;
    while i < 6 {
        let n = ((row >> (8 * i)) & 0xff) as i32;
        c[0] += n;
        c[1] += (n == 1 || n == 2) as i32;
        // Fewer than 12 seeds land `n` pits further on; on the opponent's row that is pit
        // `i + n - 6` there.
        let target = i + n - 6;
        if n < 12 && (0..6).contains(&target) {
            let t = (other >> (8 * target)) & 0xff;
            c[2] += (t == 1 || t == 2) as i32;
        }
        c[3] += (n >= 12) as i32;
        c[4] += (n != 0) as i32;
        c[5] += (n != 0 && n < 6 - i) as i32;
        i += 1;
    }
    c
}

/// The feature vector of `pos`, each "side to move minus opponent" (see the module docs).
#[inline]
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let board = pos.packed_pits();
    let south = (board as u64) & 0xffff_ffff_ffff;
    let north = ((board >> 48) as u64) & 0xffff_ffff_ffff;
    let (me, opp) = match pos.turn() {
        Side::South => (side_counts(south, north), side_counts(north, south)),
        Side::North => (side_counts(north, south), side_counts(south, north)),
    };
    [
        me[0] - opp[0],
        opp[1] - me[1],
        me[2] - opp[2],
        me[3] - opp[3],
        me[4] - opp[4],
        me[5] - opp[5],
        1,
    ]
}

/// Material in centi-seeds: the mover's store minus the opponent's, times 100.
#[inline]
pub fn material(pos: &Position) -> i32 {
    let me = pos.turn();
    100 * (i32::from(pos.store(me)) - i32::from(pos.store(me.other())))
}

/// The weighted row, vulnerable, kroo, mobility and reserve terms of one pit of a side's row
/// (pit `i`, `n` seeds), from that side's view.
const fn pit_value(i: usize, n: usize) -> i32 {
    let mut v = WEIGHTS[0] * n as i32;
    if n == 1 || n == 2 {
        v -= WEIGHTS[1];
    }
    if n >= 12 {
        v += WEIGHTS[3];
    }
    if n != 0 {
        v += WEIGHTS[4];
    }
    if n != 0 && n + i < 6 {
        v += WEIGHTS[5];
    }
    v
}

/// Seeds a pit can hold (all 48 in one pit at most).
const MAX_SEEDS: usize = 48;

/// [`pit_value`] for every pit and seed count.
static PIT_VALUE: [[i32; MAX_SEEDS + 1]; 6] = {
    let mut t = [[0; MAX_SEEDS + 1]; 6];
    let mut i = 0;
    while i < 6 {
        let mut n = 0;
        while n <= MAX_SEEDS {
            t[i][n] = pit_value(i, n);
            n += 1;
        }
        i += 1;
    }
    t
};

/// The opponent's pit a sowing of `n` seeds from pit `i` ends on, as a one in that pit's byte
/// (0 if it ends elsewhere: on the mover's row, or after a lap).
static TARGET: [[u64; MAX_SEEDS + 1]; 6] = {
    let mut t = [[0; MAX_SEEDS + 1]; 6];
    let mut i = 0;
    while i < 6 {
        let mut n = 0;
        while n <= MAX_SEEDS {
            if n < 12 && i + n >= 6 && i + n < 12 {
                t[i][n] = 1 << (8 * (i + n - 6));
            }
            n += 1;
        }
        i += 1;
    }
    t
};

/// A six-bit pit mask spread to 0xff bytes.
static BYTE_MASK: [u64; 64] = {
    let mut t = [0; 64];
    let mut m = 0;
    while m < 64 {
        let mut i = 0;
        while i < 6 {
            if m & (1 << i) != 0 {
                t[m] |= 0xff << (8 * i);
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// One row (six pits, one byte each): the sum of its [`PIT_VALUE`]s, the targets its moves end
/// on (a count per opponent pit, one byte each) and the mask of its pits with 1 or 2 seeds.
#[inline]
fn scan_row(row: u64) -> (i32, u64, usize) {
    let mut value = 0;
    let mut targets = 0;
    let mut weak = 0;
    let mut i = 0;
    while i < 6 {
        let n = ((row >> (8 * i)) & 0xff) as usize;
        value += PIT_VALUE[i][n];
        targets += TARGET[i][n];
        weak |= usize::from(n == 1 || n == 2) << i;
        i += 1;
    }
    (value, targets, weak)
}

/// The static evaluation of `pos` (centi-seeds, side to move's view): `material + WEIGHTS ·
/// features`, computed from per-pit tables.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.packed_pits();
    let (vs, ts, ws) = scan_row((board as u64) & 0xffff_ffff_ffff);
    let (vn, tn, wn) = scan_row(((board >> 48) as u64) & 0xffff_ffff_ffff);
    // Byte sums of at most 6 each: no carries.
    let threats_s = ((ts & BYTE_MASK[wn]).wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32;
    let threats_n = ((tn & BYTE_MASK[ws]).wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32;
    let south = vs - vn + WEIGHTS[2] * (threats_s - threats_n);
    let board_terms = match pos.turn() {
        Side::South => south,
        Side::North => -south,
    };
    material(pos) + board_terms + WEIGHTS[6]
}

/// `material + WEIGHTS · features`, the definition [`evaluate`] computes faster.
#[cfg(test)]
fn evaluate_slow(pos: &Position) -> i32 {
    let f = features(pos);
    let mut s = material(pos);
    for i in 0..FEATURES {
        s += WEIGHTS[i] * f[i];
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_but_for_tempo() {
        let f = features(&Position::start());
        assert_eq!(f, [0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(evaluate(&Position::start()), WEIGHTS[6]);
    }

    #[test]
    fn fast_evaluation_matches_the_features() {
        let rules = oware_core::Rules::default();
        let mut frontier = vec![Position::start()];
        let mut checked = 0;
        for p in [
            "1-7-6-6-5-1-5-5-0-0-3-4-3-2-S",
            "48-0-0-0-0-0-0-0-0-0-0-0-0-0-N",
            "0-0-0-0-0-0-0-0-0-0-0-48-0-0-S",
            "0-0-0-0-1-12-2-0-0-0-0-0-16-17-N",
            "0-0-0-0-1-12-2-0-1-0-0-0-16-16-S",
        ] {
            frontier.push(oware_core::fen::parse(p).unwrap());
        }
        for _ in 0..6 {
            let mut next = Vec::new();
            for p in &frontier {
                assert_eq!(evaluate(p), evaluate_slow(p), "{p:?}");
                checked += 1;
                for &m in p.legal_moves(&rules).iter() {
                    next.push(p.play_unchecked(m, &rules));
                }
            }
            frontier = next;
        }
        assert!(checked > 10_000);
    }

    #[test]
    fn same_for_the_flipped_position() {
        // Flipping swaps the rows and the side to move: the mover's view is unchanged.
        let p = oware_core::fen::parse("1-7-6-6-5-1-5-5-0-0-3-4-3-2-S").unwrap();
        assert_eq!(features(&p), features(&p.flipped()));
        assert_eq!(evaluate(&p), evaluate(&p.flipped()));
        assert_ne!(features(&p)[0], 0);
    }
}
