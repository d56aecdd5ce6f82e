//! Level statistics: counts, exact share, value histogram.

use oware_core::Rules;
use rayon::prelude::*;

use crate::format::Kind;
use crate::index;
use crate::table::{Egdb, Level, ProbeError};

/// The statistics of one level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelStats {
    /// Seeds on the board.
    pub n: u8,
    /// Positions over all arrangements: `C(n + 11, 11)`.
    pub all: u64,
    /// Positions where the side that just moved has an empty pit (the ones that can occur
    /// after a move).
    pub after_move: u64,
    /// Exact entries (`lo + lo' = n`) among the after-move positions.
    pub exact: u64,
    /// Exact entries among all positions.
    pub exact_all: u64,
    /// Exact tables only: `histogram[v + n]` counts the after-move positions of value `v`.
    pub histogram: Option<Vec<u64>>,
}

impl LevelStats {
    /// The share of exact entries among the after-move positions, 0–1.
    pub fn exact_share(&self) -> f64 {
        if self.after_move == 0 {
            1.0
        } else {
            self.exact as f64 / self.after_move as f64
        }
    }
}

/// The statistics of level `n` (which must be present: `n <= egdb.max_seeds()`).
pub fn level_stats(egdb: &Egdb, n: u8) -> Result<LevelStats, ProbeError> {
    level_stats_of(&*egdb.level(n)?, egdb.rules(), n)
}

struct Acc {
    exact: u64,
    exact_all: u64,
    after: u64,
    hist: Vec<u64>,
}

pub(crate) fn level_stats_of(
    level: &Level,
    rules: &Rules,
    n: u8,
) -> Result<LevelStats, ProbeError> {
    let total = index::positions(n);
    const CHUNK: u64 = 1 << 14;
    let width = 2 * usize::from(n) + 1;
    let acc = index::par_chunks(n, CHUNK)
        .map(|chunk| {
            let mut a = Acc {
                exact: 0,
                exact_all: 0,
                after: 0,
                hist: vec![0; width],
            };
            for (i, pits) in chunk {
                let (l, h) = level.get(i)?;
                let after = index::is_after_move(&pits);
                a.exact_all += u64::from(l == h);
                if after {
                    a.after += 1;
                    a.exact += u64::from(l == h);
                    if l == h {
                        a.hist[(l as isize + n as isize) as usize] += 1;
                    }
                }
            }
            Ok(a)
        })
        .try_reduce(
            || Acc {
                exact: 0,
                exact_all: 0,
                after: 0,
                hist: vec![0; width],
            },
            |mut x, y| {
                x.exact += y.exact;
                x.exact_all += y.exact_all;
                x.after += y.after;
                x.hist.iter_mut().zip(&y.hist).for_each(|(a, b)| *a += b);
                Ok(x)
            },
        )?;
    debug_assert_eq!(acc.after, index::positions_after_move(n));
    Ok(LevelStats {
        n,
        all: total,
        after_move: acc.after,
        exact: acc.exact,
        exact_all: acc.exact_all,
        histogram: (Kind::of(rules) == Kind::Exact).then_some(acc.hist),
    })
}
