//! Verification: every stored entry against one step of the rules.

use rayon::prelude::*;

use crate::index;
use crate::step::{expand, Expansion};
use crate::table::{Egdb, ProbeError};

/// The result of verifying one level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyReport {
    /// Seeds on the board.
    pub n: u8,
    /// Entries checked.
    pub checked: u64,
    /// Entries inconsistent with their children.
    pub failed: u64,
    /// The ranks of the first few failures (at most 10), for a closer look.
    pub failures: Vec<u64>,
}

/// Checks every entry of level `n` (which must be present) for Bellman consistency with its
/// children: `L = max(c − H(child))` and `H = max(c − L(child))` over the legal moves, the
/// own-row value where there is none (for exact tables `L = H = v`). Consistency is necessary,
/// not sufficient (a cycle of equal wrong values would pass): the tests compare against an
/// independent solver for that.
pub fn verify_level(egdb: &Egdb, n: u8) -> Result<VerifyReport, ProbeError> {
    let level = egdb.level(n)?;
    let rules = egdb.rules();
    // Map the lower levels up front so that errors surface here.
    for k in 0..n {
        egdb.level(k)?;
    }
    const CHUNK: u64 = 1 << 13;
    let (checked, failed, mut failures) = index::par_chunks(n, CHUNK)
        .map(|chunk| {
            let (mut checked, mut failed, mut failures) = (0u64, 0u64, Vec::new());
            for (i, pits) in chunk {
                let stored = level.get(i)?;
                let want = match expand(&pits, n, rules) {
                    Expansion::Terminal(v) => (v, v),
                    Expansion::Moves { len, children } => {
                        let (mut l, mut h) = (i8::MIN, i8::MIN);
                        for child in &children[..len] {
                            let c = child.captured as i8;
                            let (cl, ch) = egdb.level(n - child.captured)?.get(child.rank)?;
                            l = l.max(c - ch);
                            h = h.max(c - cl);
                        }
                        (l, h)
                    }
                };
                checked += 1;
                if want != stored {
                    failed += 1;
                    if failures.len() < 10 {
                        failures.push(i);
                    }
                }
            }
            Ok((checked, failed, failures))
        })
        .try_reduce(
            || (0, 0, Vec::new()),
            |a, b| {
                let mut f = a.2;
                f.extend(b.2);
                Ok((a.0 + b.0, a.1 + b.1, f))
            },
        )?;
    failures.sort_unstable();
    failures.truncate(10);
    Ok(VerifyReport {
        n,
        checked,
        failed,
        failures,
    })
}
