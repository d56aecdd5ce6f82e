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

/// Bit 7 of each of the six bytes.
const HIGH: u64 = 0x8080_8080_8080;
/// One in each of the six bytes.
const ONES: u64 = 0x0101_0101_0101;

/// Bit 7 set in each byte of `row` (six pits, at most 48 seeds each) holding at least `k` seeds
/// (1 ≤ k ≤ 128): adding `128 − k` carries into bit 7 exactly then, never into the next byte.
#[inline]
const fn at_least(row: u64, k: u64) -> u64 {
    (row + (0x80 - k) * ONES) & HIGH
}

/// The number of bytes with bit 7 set in a [`HIGH`]-masked word.
#[inline]
const fn count(high: u64) -> i32 {
    (((high >> 7).wrapping_mul(ONES) >> 40) & 0xff) as i32
}

/// One row (six pits, one byte each), all its terms but the capture threats (row, vulnerable,
/// kroo, mobility, reserve, weighted, from the row owner's view), and bit 7 set in the bytes
/// of its pits holding 1 or 2 seeds.
#[inline]
fn scan_row(row: u64) -> (i32, u64) {
    let seeds = ((row.wrapping_mul(ONES) >> 40) & 0xff) as i32;
    let non_empty = at_least(row, 1);
    let weak = non_empty & !at_least(row, 3);
    let kroo = at_least(row, 12);
    // A non-empty pit i whose seeds stay on the row: fewer than 6 − i.
    let reserve = non_empty & !((row + 0x7f7e_7d7c_7b7a) & HIGH);
    let value = WEIGHTS[0] * seeds - WEIGHTS[1] * count(weak)
        + WEIGHTS[3] * count(kroo)
        + WEIGHTS[4] * count(non_empty)
        + WEIGHTS[5] * count(reserve);
    (value, weak)
}

/// Seeds a pit can hold (all 48 in one pit at most).
const MAX_SEEDS: usize = 48;

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

/// The moves of `row` that end (without a lap) on a pit of `weak` (bit 7 set in the bytes of
/// the opponent's pits holding 1 or 2 seeds).
#[inline]
fn threats(row: u64, weak: u64) -> i32 {
    // Per opponent pit, the number of moves ending there (at most 6: no carries).
    let mut targets = 0;
    let mut i = 0;
    while i < 6 {
        targets += TARGET[i][((row >> (8 * i)) & 0xff) as usize];
        i += 1;
    }
    let weak_bytes = (weak >> 7) * 0xff;
    (((targets & weak_bytes).wrapping_mul(ONES) >> 40) & 0xff) as i32
}

/// The static evaluation of `pos` (centi-seeds, side to move's view): `material + WEIGHTS ·
/// features`, computed a row at a time with byte-parallel arithmetic.
#[inline(always)]
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.packed_pits();
    let south = (board as u64) & 0xffff_ffff_ffff;
    let north = ((board >> 48) as u64) & 0xffff_ffff_ffff;
    let (vs, ws) = scan_row(south);
    let (vn, wn) = scan_row(north);
    let threats = threats(south, wn) - threats(north, ws);
    let south = vs - vn + WEIGHTS[2] * threats;
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
