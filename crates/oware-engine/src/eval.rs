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

/// Feature names, in the order of [`features`] and [`WEIGHTS`] (the `tune` example prints the
/// fitted weights by these names).
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

/// Seeds a pit can hold (all 48 in one pit at most).
const MAX_SEEDS: usize = 48;

/// The first bit of North's lanes in a [`PIT`] entry (South's start at bit 0).
const NORTH_LANES: usize = 24;
/// The first bit of the weighted terms in a [`PIT`] entry.
const SCORE_SHIFT: u32 = 48;

/// `PIT[p][n]`: what pit `p` (0–11) holding `n` seeds adds to the sum [`row_terms`] makes of its
/// row, three fields packed in one word. Bits 0–47 are twelve 4-bit lanes, one per pit of the
/// board, South's in bits 0–23 and North's in bits 24–47; with `i` the pit's place on its row
/// (0–5, in sowing order):
///
/// * in the opponent's lanes, a 1 in lane `j` if a move from this pit ends on the opponent's pit
///   `j` (fewer than 12 seeds and `6 ≤ i + n ≤ 11`, as in [`features`]);
/// * in its own row's lanes, all ones in lane `i` if the pit holds 1 or 2 seeds (a capture target
///   for the opponent);
/// * bits 48–63: the pit's share of its row's weighted terms (row, vulnerable, kroo, mobility,
///   reserve, from the row owner's view), two's complement.
///
/// Adding up a row's six entries never carries from a lane or field into the next: at most six
/// moves end on one pit (6 < 16), a weak lane is set by its own pit only, and the score is on
/// top, where the carries out fall off the word: its 16 bits are the row's sum modulo 2¹⁶, which
/// is exact read back as an `i16` because every share is below 2¹⁵ / 6 (checked when the table is
/// built). Counts above 48 cannot occur; their entries are there only so that indexing by a `u8`
/// needs no bounds check.
static PIT: [[u64; 256]; 12] = {
    let mut t = [[0; 256]; 12];
    let mut p = 0;
    while p < 12 {
        let (own, opponent) = if p < 6 {
            (0, NORTH_LANES)
        } else {
            (NORTH_LANES, 0)
        };
        let i = p % 6;
        let mut n = 0;
        while n <= MAX_SEEDS {
            let mut e = 0u64;
            if n < 12 && i + n >= 6 && i + n < 12 {
                e |= 1 << (opponent + 4 * (i + n - 6));
            }
            let weak = n == 1 || n == 2;
            if weak {
                e |= 0xf << (own + 4 * i);
            }
            let score = WEIGHTS[0] * n as i32 - WEIGHTS[1] * weak as i32
                + WEIGHTS[3] * (n >= 12) as i32
                + WEIGHTS[4] * (n != 0) as i32
                + WEIGHTS[5] * (n != 0 && n < 6 - i) as i32;
            assert!(6 * score.abs() < 1 << 15);
            e |= (score as i64 as u64) << SCORE_SHIFT;
            t[p][n] = e;
            n += 1;
        }
        p += 1;
    }
    t
};

/// The sum of the [`PIT`] entries of a row's six pits (`entries`: their rows of the table,
/// `pits`: their seeds).
#[inline(always)]
fn row_terms(entries: &[[u64; 256]], pits: &[u8]) -> u64 {
    let mut sum = 0u64;
    for (entries, &n) in entries.iter().zip(pits) {
        sum = sum.wrapping_add(entries[usize::from(n)]);
    }
    sum
}

/// The weighted terms of a [`row_terms`] sum: its top 16 bits, sign-extended by the arithmetic
/// shift.
#[inline(always)]
fn score(terms: u64) -> i32 {
    ((terms as i64) >> SCORE_SHIFT) as i32
}

/// South's capture threats minus North's (moves ending on an opponent's pit holding 1 or 2
/// seeds), from the [`row_terms`] sums of the two rows.
#[inline(always)]
fn threats(south: u64, north: u64) -> i32 {
    // In each lane the AND keeps the number of moves ending on that pit if the pit is weak:
    // each side's moves are in its opponent's lanes and its weak pits in its own, so lanes 0–5
    // count North's moves onto weak South pits and lanes 6–11 South's onto weak North pits
    // (bits 48 and up are junk).
    let hits = south & north;
    // Multiplying by 16¹⁰ · (1 + 16 + … + 16⁵) adds lane j into lanes j + 10 to j + 15, so
    // lane 15 of the 128-bit product (bits 60–63) gets the sum of lanes 0–5, North's threats,
    // and lane 21 (bits 84–87) the sum of lanes 6–11, South's. No carry reaches either: below
    // lane 15 only North's moves land (six at most), and each of lanes 16–20 gets at most 12
    // moves (six of each side), so all that lies below lane 21 stays below 16²¹. The lanes above
    // (with the junk) are masked off.
    let product = u128::from(hits) * (0x11_1111 << 40);
    let south_threats = (product >> 84) & 0xf;
    let north_threats = (product as u64) >> 60;
    south_threats as i32 - north_threats as i32
}

/// The static evaluation of `pos` (centi-seeds, side to move's view): `material + WEIGHTS ·
/// features`, computed with one table load per pit (see `PIT`) from the board as the side to
/// move sees it (its row where South's would be).
#[inline(always)]
pub fn evaluate(pos: &Position) -> i32 {
    // The board as the mover sees it, its row first: the table's South entries for its row and
    // North's for the opponent's (the table treats both sides alike), with no sign to flip.
    // (`packed`: the mover's pits in bytes 0–5 and store in byte 6, the opponent's in bytes
    // 8–13 and 14.)
    let b = pos.packed().to_le_bytes();
    let mine = row_terms(&PIT[..6], &b[..6]);
    let theirs = row_terms(&PIT[6..], &b[8..14]);
    let material = 100 * (i32::from(b[6]) - i32::from(b[14]));
    material + score(mine) - score(theirs) + WEIGHTS[2] * threats(mine, theirs) + WEIGHTS[6]
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

/// The next number of a xorshift64 sequence (deterministic: for self-play openings and tests).
pub fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
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

    /// The position with these pits and side to move, the other seeds split between the stores.
    fn board(pits: [u8; 12], turn: Side) -> Position {
        let left = 48 - pits.iter().sum::<u8>();
        let stores = oware_core::BySide::new(left / 3, left - left / 3);
        Position::from_setup(&oware_core::Setup { pits, stores, turn }).unwrap()
    }

    #[test]
    fn fast_evaluation_matches_on_edge_cases() {
        // Each pit holding each possible count, the others empty, or holding 1 and 2 seeds
        // (capture targets) as far as the seeds go.
        for p in 0..12 {
            for n in 0..=48u8 {
                for turn in Side::ALL {
                    let mut pits = [0; 12];
                    pits[p] = n;
                    let p0 = board(pits, turn);
                    assert_eq!(evaluate(&p0), evaluate_slow(&p0), "{p0:?}");
                    for small in [1, 2] {
                        let mut pits = pits;
                        let mut left = 48 - n;
                        for (q, pit) in pits.iter_mut().enumerate() {
                            if q != p && left >= small {
                                *pit = small;
                                left -= small;
                            }
                        }
                        let p1 = board(pits, turn);
                        assert_eq!(evaluate(&p1), evaluate_slow(&p1), "{p1:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn fast_evaluation_matches_on_random_boards() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || super::xorshift(&mut state);
        for _ in 0..200_000 {
            // Up to 48 seeds dropped one at a time into a random subset of the pits, so that
            // both few big pits and many small ones come up.
            let seeds = next() % 49;
            let subset = (next() % 4095 + 1) as u16;
            let mut pits = [0u8; 12];
            let mut dropped = 0;
            while dropped < seeds {
                let p = (next() % 12) as usize;
                if subset & (1 << p) != 0 {
                    pits[p] += 1;
                    dropped += 1;
                }
            }
            let turn = Side::ALL[(next() & 1) as usize];
            let pos = board(pits, turn);
            assert_eq!(evaluate(&pos), evaluate_slow(&pos), "{pos:?}");
        }
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
