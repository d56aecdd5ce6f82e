//! The dense index: a combinatorial rank over the arrangements of `n` seeds in 12 pits.
//!
//! An arrangement `p[0..12]` of `n` seeds (pits in sowing order, South's `A`–`F` then North's
//! `a`–`f`, South to move) is the same thing as a choice of 11 "bar" places among `n + 11`:
//! `b[i] = p[0] + … + p[i] + i` for `i = 0..11`, strictly increasing. Its rank is the
//! combinatorial number system (colexicographic rank) of those bars:
//!
//! ```text
//! rank(p) = Σ_{i=0}^{10} C(b[i], i + 1)
//! ```
//!
//! which is a bijection from the `C(n + 11, 11)` arrangements onto `0 .. C(n + 11, 11)`. Rank 0
//! has every seed in North's `f` (pit 11), the last rank every seed in South's `A` (pit 0). The
//! scheme is part of the file format (version 1) and will not change within it.

use std::ops::Range;

use oware_core::PITS;
use rayon::prelude::*;

/// The largest seed count the index supports (the whole game).
pub const MAX_SEEDS: u8 = 48;

const ROWS: usize = MAX_SEEDS as usize + PITS + 1;

/// `BINOM[k][j] = C(k, j)` for `k <= 60`, `j <= 12`.
static BINOM: [[u64; PITS + 1]; ROWS] = {
    let mut t = [[0u64; PITS + 1]; ROWS];
    let mut k = 0;
    while k < ROWS {
        t[k][0] = 1;
        let mut j = 1;
        while j <= PITS && j <= k {
            t[k][j] = t[k - 1][j - 1] + if j < k { t[k - 1][j] } else { 0 };
            j += 1;
        }
        k += 1;
    }
    t
};

/// `C(k, j)`, zero when `j > k`.
#[inline]
pub fn binomial(k: usize, j: usize) -> u64 {
    BINOM[k][j]
}

/// The number of arrangements of `n` seeds in the 12 pits: `C(n + 11, 11)`.
pub fn positions(n: u8) -> u64 {
    binomial(usize::from(n) + PITS - 1, PITS - 1)
}

/// The number of arrangements of `n` seeds where North (the side that just moved, South being
/// to move) has at least one empty pit: every arrangement but those with a seed in each of
/// North's six pits, `C(n + 11, 11) − C(n + 5, 11)`.
pub fn positions_after_move(n: u8) -> u64 {
    let full = if n >= 6 { positions(n - 6) } else { 0 };
    positions(n) - full
}

/// Whether North, the side that just moved, has an empty pit: the arrangements that can occur
/// after a move (a move empties the mover's pit and a capture only empties opponent pits).
#[inline]
pub fn is_after_move(pits: &[u8; PITS]) -> bool {
    pits[6..].contains(&0)
}

/// The rank of an arrangement (any seed count up to 48).
#[inline]
pub fn rank(pits: &[u8; PITS]) -> u64 {
    let mut b = 0usize;
    let mut r = 0u64;
    for (i, &p) in pits[..PITS - 1].iter().enumerate() {
        b += usize::from(p);
        r += BINOM[b + i][i + 1];
    }
    r
}

/// The arrangement of `n` seeds with rank `r`, or `None` when `r >= positions(n)`.
pub fn unrank(n: u8, mut r: u64) -> Option<[u8; PITS]> {
    if n > MAX_SEEDS || r >= positions(n) {
        return None;
    }
    let mut bars = [0usize; PITS];
    let mut upper = usize::from(n) + PITS - 1; // exclusive bound for bar i
    for i in (0..PITS - 1).rev() {
        // The largest b < upper with C(b, i + 1) <= r.
        let mut b = upper - 1;
        while BINOM[b][i + 1] > r {
            b -= 1;
        }
        r -= BINOM[b][i + 1];
        bars[i] = b;
        upper = b;
    }
    let mut pits = [0u8; PITS];
    let mut prev: isize = -1;
    for i in 0..PITS - 1 {
        pits[i] = (bars[i] as isize - prev - 1) as u8;
        prev = bars[i] as isize;
    }
    pits[PITS - 1] = (usize::from(n) + PITS - 2 - bars[PITS - 2]) as u8;
    Some(pits)
}

/// Steps to the arrangement of the next rank (same seed count); returns `false` (and leaves
/// `pits` unspecified) after the last one.
#[inline]
pub fn advance(pits: &mut [u8; PITS]) -> bool {
    let mut s = pits[0];
    for k in 1..PITS {
        if pits[k] > 0 {
            pits[..k - 1].iter_mut().for_each(|p| *p = 0);
            pits[k - 1] = s + 1;
            pits[k] -= 1;
            return true;
        }
        s += pits[k];
    }
    false
}

/// The arrangements of `n` seeds whose ranks lie in `ranks`, in rank order, each with its
/// rank: the first found by [`unrank`], each next one by [`advance`] (a few instructions).
/// Ranks from [`positions`]`(n)` on are left out (all of them when `n` > [`MAX_SEEDS`]).
pub fn arrangements(n: u8, ranks: Range<u64>) -> Arrangements {
    let end = if n > MAX_SEEDS {
        0
    } else {
        ranks.end.min(positions(n))
    };
    let start = ranks.start.min(end);
    Arrangements {
        pits: unrank(n, start).unwrap_or([0; PITS]),
        rank: start,
        end,
    }
}

/// The iterator of [`arrangements`]: `(rank, pits)` in rank order.
#[derive(Debug, Clone)]
pub struct Arrangements {
    /// The arrangement of `rank` (unspecified once `rank == end`).
    pits: [u8; PITS],
    rank: u64,
    end: u64,
}

impl Iterator for Arrangements {
    type Item = (u64, [u8; PITS]);

    #[inline]
    fn next(&mut self) -> Option<(u64, [u8; PITS])> {
        if self.rank >= self.end {
            return None;
        }
        let item = (self.rank, self.pits);
        self.rank += 1;
        if self.rank < self.end {
            advance(&mut self.pits);
        }
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.end - self.rank).unwrap_or(usize::MAX);
        (n, Some(n))
    }
}

impl ExactSizeIterator for Arrangements {}

/// Level `n` cut into chunks of `size` consecutive ranks, the chunks in parallel (rayon), each
/// walked in rank order: how the builder, the statistics and the verifier go over a level.
pub(crate) fn par_chunks(n: u8, size: u64) -> impl ParallelIterator<Item = Arrangements> {
    let total = positions(n);
    (0..total.div_ceil(size))
        .into_par_iter()
        .map(move |c| arrangements(n, c * size..(c + 1) * size))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(positions(0), 1);
        assert_eq!(positions(1), 12);
        assert_eq!(positions(12), 1_352_078);
        assert_eq!(positions(24), 417_225_900);
        assert_eq!(positions_after_move(5), positions(5));
        assert_eq!(positions_after_move(6), positions(6) - 1);
    }

    #[test]
    fn rank_unrank_advance_agree() {
        for n in 0..=7u8 {
            let mut pits = unrank(n, 0).unwrap();
            assert_eq!(pits[PITS - 1], n);
            let mut after = 0;
            for r in 0..positions(n) {
                assert_eq!(
                    pits.iter().map(|&p| u32::from(p)).sum::<u32>(),
                    u32::from(n)
                );
                assert_eq!(rank(&pits), r);
                assert_eq!(unrank(n, r), Some(pits));
                after += u64::from(is_after_move(&pits));
                let more = advance(&mut pits);
                assert_eq!(more, r + 1 < positions(n));
            }
            assert_eq!(after, positions_after_move(n));
            assert_eq!(unrank(n, positions(n)), None);
        }
        // The iterator walks the same arrangements, from any rank, chunked or not.
        for n in [0u8, 3, 6] {
            let all: Vec<_> = arrangements(n, 0..u64::MAX).collect();
            assert_eq!(all.len() as u64, positions(n));
            for (r, pits) in &all {
                assert_eq!(unrank(n, *r), Some(*pits));
            }
            let chunked: Vec<_> = par_chunks(n, 7).flatten_iter().collect();
            assert_eq!(chunked, all);
            let middle: Vec<_> = arrangements(n, 5..9).collect();
            assert_eq!(middle, all[5.min(all.len())..9.min(all.len())]);
        }
        let mut last = [0u8; PITS];
        last[0] = 48;
        assert_eq!(rank(&last), positions(48) - 1);
        assert_eq!(unrank(48, positions(48) - 1), Some(last));
    }
}
