//! The builder: retrograde analysis, one level after the other.
//!
//! Level `n` is solved once the levels below are on disk: captures lead to them (their values
//! are final), non-capturing moves stay on level `n`. For each position the builder keeps the
//! pair `(L, H)` of difference bounds, starting from `(−n, n)`, and replaces them by
//! `L = max(c − H(child))`, `H = max(c − L(child))` over the legal moves (`c` the seeds
//! captured), or the own-row value where there is no legal move. Updates are in place
//! (Gauss–Seidel, several threads), which is sound because both sequences are monotone: `L`
//! only rises, `H` only falls, and every value read lies between the start and the fixpoint,
//! so the order does not change the limits — the least fixpoint of `L` and the greatest of `H`
//! (see the crate docs for what they mean). Two ways to reach them, chosen per level by the
//! memory budget:
//!
//! - **Sweeps** ([`Solving::by_sweeps`]), when the level fits: the first sweep expands every position
//!   with the core and keeps, for each position still open, its same-level children and the
//!   value of its captures (32 bytes); later sweeps read only those, alternating direction, and
//!   from the third on skip a position unless a child changed in the previous sweep or so far
//!   in this one (one bit per position and sweep). The fastest here: the open list is read in
//!   order and the change bits stay in cache.
//! - **Worklist** ([`Solving::by_worklist`]), for levels too big for that: two bytes and two bits per
//!   position. When a position's bounds change its same-level parents (found by undoing
//!   sowings, each checked forward by the core) are marked, and only marked positions are
//!   evaluated again, re-expanded by the core each time.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use oware_core::{Rules, PITS};
use rayon::prelude::*;

use crate::format::{self, Header, Kind, HEADER_LEN};
use crate::index::{self, MAX_SEEDS};
use crate::stats::{level_stats_of, LevelStats};
use crate::step::{expand, parents, Expansion};
use crate::table::{Level, ProbeError};

/// Why a build failed.
#[derive(Debug)]
pub enum BuildError {
    /// The rules have no databases (the `to-opponent` grand slam rule).
    UnsupportedRules(Rules),
    /// More than 48 seeds asked for.
    TooManySeeds(u8),
    /// The thread pool could not be created.
    Threads(String),
    /// A file could not be written or read.
    Io {
        /// The path concerned.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// A lower level (already built) failed to load.
    Probe(ProbeError),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::UnsupportedRules(r) => {
                write!(
                    f,
                    "no endgame databases for rules {r} (grand slam to-opponent)"
                )
            }
            BuildError::TooManySeeds(n) => write!(f, "{n} seeds asked for, at most {MAX_SEEDS}"),
            BuildError::Threads(e) => write!(f, "cannot start the thread pool: {e}"),
            BuildError::Io { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
            BuildError::Probe(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BuildError {}

impl From<ProbeError> for BuildError {
    fn from(e: ProbeError) -> Self {
        BuildError::Probe(e)
    }
}

/// Build settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildOptions {
    /// Build levels `0..=max_seeds`.
    pub max_seeds: u8,
    /// Worker threads; 0 for one per core.
    pub threads: usize,
    /// Bytes a level may use while it is solved. A level whose sweeps fit
    /// ([`SWEEP_BYTES_PER_POSITION`] a position at most) is solved by sweeps over its open
    /// positions with their children cached; a bigger one by the worklist, which needs about
    /// two bytes a position but sows every move again at each evaluation. 0 always uses the
    /// worklist.
    pub memory: u64,
}

/// What a build reports as it goes. Events are delivered on the calling thread.
#[derive(Debug, Clone)]
pub enum BuildEvent {
    /// Level `n` is already on disk and valid: kept.
    Kept {
        /// The level.
        n: u8,
    },
    /// Level `n` starts.
    Started {
        /// The level.
        n: u8,
        /// Its positions.
        positions: u64,
    },
    /// Progress within a round (a few times a second).
    Progress {
        /// The level.
        n: u8,
        /// The round, from 1.
        round: u32,
        /// Positions evaluated so far in this round.
        done: u64,
        /// Positions this round evaluates (the whole level in round 1).
        total: u64,
        /// Time since the level started.
        elapsed: Duration,
    },
    /// A round finished.
    Round {
        /// The level.
        n: u8,
        /// The round, from 1.
        round: u32,
        /// Positions evaluated.
        visited: u64,
        /// Positions whose bounds changed (their parents make the next round).
        changed: u64,
    },
    /// Level `n` is solved and written.
    Finished(LevelSummary),
}

/// What building one level did.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelSummary {
    /// The level's statistics.
    pub stats: LevelStats,
    /// Rounds until nothing changed.
    pub rounds: u32,
    /// Wall time for solving and writing.
    pub time: Duration,
    /// The file written.
    pub path: PathBuf,
    /// Its size in bytes.
    pub file_bytes: u64,
}

/// Builds (or completes) the tables of `rules` in `dir` up to `options.max_seeds`. Levels
/// already present and valid are kept, so an interrupted build resumes at the first missing
/// level; a level is written (to a temporary file, then renamed) as soon as it is solved.
pub fn build(
    dir: &Path,
    rules: &Rules,
    options: &BuildOptions,
    on_event: &mut dyn FnMut(&BuildEvent),
) -> Result<Vec<LevelSummary>, BuildError> {
    if !format::supports(rules) {
        return Err(BuildError::UnsupportedRules(*rules));
    }
    if options.max_seeds > MAX_SEEDS {
        return Err(BuildError::TooManySeeds(options.max_seeds));
    }
    fs::create_dir_all(dir).map_err(|source| BuildError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| BuildError::Threads(e.to_string()))?;
    let mut levels: Vec<Level> = Vec::new();
    let mut summaries = Vec::new();
    for n in 0..=options.max_seeds {
        let path = dir.join(format::file_name(rules, n));
        if let Ok(level) = Level::read(&path, rules, n) {
            on_event(&BuildEvent::Kept { n });
            levels.push(level);
            continue;
        }
        let start = Instant::now();
        on_event(&BuildEvent::Started {
            n,
            positions: index::positions(n),
        });
        let values = start_bounds(n, &pool);
        let solving = Solving {
            n,
            rules,
            lower: &levels,
            vals: &values,
            start,
            pool: &pool,
        };
        let rounds = if sweeps_fit(n, options.memory) {
            solving.by_sweeps(on_event)?
        } else {
            solving.by_worklist(on_event)?
        };
        let data = pool.install(|| encode(n, Kind::of(rules), &values));
        drop(values);
        write_level(
            &path,
            &Header::expected(rules, n, format::checksum(&data)),
            &data,
        )?;
        drop(data);
        let level = Level::read(&path, rules, n)?;
        let stats = pool.install(|| level_stats_of(&level, rules, n))?;
        let summary = LevelSummary {
            stats,
            rounds,
            time: start.elapsed(),
            file_bytes: (HEADER_LEN as u64) + level_data_len(rules, n),
            path,
        };
        on_event(&BuildEvent::Finished(summary.clone()));
        summaries.push(summary);
        levels.push(level);
    }
    Ok(summaries)
}

/// Whether level `n` is solved by sweeps within `memory` bytes (see [`BuildOptions::memory`]).
pub fn sweeps_fit(n: u8, memory: u64) -> bool {
    let total = index::positions(n);
    // The open list holds ranks in 32 bits (levels up to 30 seeds).
    total < u64::from(NO_KID) && total.saturating_mul(SWEEP_BYTES_PER_POSITION) <= memory
}

fn level_data_len(rules: &Rules, n: u8) -> u64 {
    Header::expected(rules, n, 0).data_len()
}

const CHUNK: u64 = 1 << 12;

/// `(L, H)` in one word, so that a child's bounds are one memory access.
#[inline]
fn pack(l: i8, h: i8) -> u16 {
    u16::from(l as u8) | u16::from(h as u8) << 8
}

#[inline]
fn unpack(w: u16) -> (i8, i8) {
    (w as u8 as i8, (w >> 8) as u8 as i8)
}

/// A set of ranks of a level, one bit each: the positions a round (or sweep) is to look at.
struct Bits(Vec<AtomicU64>);

impl Bits {
    fn new(pool: &rayon::ThreadPool, total: u64) -> Bits {
        Bits(pool.install(|| {
            (0..total.div_ceil(64))
                .into_par_iter()
                .map(|_| AtomicU64::new(0))
                .collect()
        }))
    }

    #[inline]
    fn set(&self, r: u64) {
        let (word, bit) = (&self.0[(r / 64) as usize], 1 << (r % 64));
        // A plain read first: most parents are marked already, and the read-modify-write
        // costs more than the read.
        if word.load(Relaxed) & bit == 0 {
            word.fetch_or(bit, Relaxed);
        }
    }

    #[inline]
    fn get(&self, r: u64) -> bool {
        self.0[(r / 64) as usize].load(Relaxed) & 1 << (r % 64) != 0
    }

    fn clear(&self, pool: &rayon::ThreadPool) {
        pool.install(|| self.0.par_iter().for_each(|w| w.store(0, Relaxed)));
    }

    /// Marks every rank below `total`.
    fn fill(&self, pool: &rayon::ThreadPool, total: u64) {
        pool.install(|| {
            self.0.par_iter().enumerate().for_each(|(w, word)| {
                let bits = (total - w as u64 * 64).min(64);
                word.store(
                    if bits == 64 {
                        u64::MAX
                    } else {
                        (1 << bits) - 1
                    },
                    Relaxed,
                );
            })
        });
    }

    /// Moves the marks of `self` into `other` (a union), leaving `self` empty.
    fn move_into(&self, other: &Bits, pool: &rayon::ThreadPool) {
        pool.install(|| {
            self.0.par_iter().zip(&other.0).for_each(|(t, x)| {
                let left = t.swap(0, Relaxed);
                if left != 0 {
                    x.fetch_or(left, Relaxed);
                }
            })
        });
    }

    fn count(&self, pool: &rayon::ThreadPool) -> u64 {
        pool.install(|| {
            self.0
                .par_iter()
                .map(|w| u64::from(w.load(Relaxed).count_ones()))
                .sum()
        })
    }
}

/// Words of [`Bits`] a task takes at a time (4096 positions).
const CHUNK_WORDS: usize = (CHUNK / 64) as usize;

/// Steps from the arrangement of rank `at` to rank `r >= at` by [`index::advance`] when `r` is
/// near, by [`index::unrank`] otherwise.
#[inline]
fn seek(n: u8, pits: &mut [u8; PITS], at: &mut Option<u64>, r: u64) {
    match *at {
        Some(a) if r >= a && r - a <= 24 => {
            for _ in a..r {
                index::advance(pits);
            }
        }
        _ => *pits = index::unrank(n, r).expect("rank below the level's count"),
    }
    *at = Some(r);
}

/// No child: padding in [`Open::kids`].
const NO_KID: u32 = u32::MAX;

/// A position still open after the first sweep, with what later sweeps need: the best the
/// captures give (final, from lower levels) and the ranks of its same-level children.
#[derive(Clone, Copy)]
struct Open {
    rank: u32,
    cap_l: i8,
    cap_h: i8,
    kids: [u32; 6],
}

/// The bounds of every position of level `n` before solving: `(−n, n)`, nothing known.
fn start_bounds(n: u8, pool: &rayon::ThreadPool) -> Vec<AtomicU16> {
    let ni = n as i8;
    pool.install(|| {
        (0..index::positions(n))
            .into_par_iter()
            .map(|_| AtomicU16::new(pack(-ni, ni)))
            .collect()
    })
}

/// The level being solved: what every step reads, and the bounds it tightens.
struct Solving<'a> {
    n: u8,
    rules: &'a Rules,
    /// The levels below, final.
    lower: &'a [Level],
    /// The bounds `(L, H)` of every position of the level, packed ([`pack`]).
    vals: &'a [AtomicU16],
    /// When the level started (for the progress reports).
    start: Instant,
    /// The worker threads.
    pool: &'a rayon::ThreadPool,
}

impl Solving<'_> {
    /// The bounds of the arrangement `pits` from its children, found by the core: same-level
    /// children from `vals`, captures from the `lower` levels (final); the own-row value when
    /// there is no legal move. With `entry`, also records the same-level children and the
    /// captures' best value there.
    fn child_bounds(
        &self,
        pits: &[u8; PITS],
        mut entry: Option<&mut Open>,
    ) -> Result<(i8, i8), ProbeError> {
        let n = self.n;
        let (len, children) = match expand(pits, n, self.rules) {
            Expansion::Terminal(v) => return Ok((v, v)),
            Expansion::Moves { len, children } => (len, children),
        };
        let (mut l, mut h) = (i8::MIN, i8::MIN);
        let mut k = 0;
        for child in &children[..len] {
            let c = child.captured as i8;
            let (cl, ch) = if child.captured == 0 {
                if let Some(e) = entry.as_deref_mut() {
                    e.kids[k] = child.rank as u32;
                    k += 1;
                }
                unpack(self.vals[child.rank as usize].load(Relaxed))
            } else {
                let v = self.lower[usize::from(n - child.captured)].get(child.rank)?;
                if let Some(e) = entry.as_deref_mut() {
                    e.cap_l = e.cap_l.max(c - v.1);
                    e.cap_h = e.cap_h.max(c - v.0);
                }
                v
            };
            l = l.max(c - ch);
            h = h.max(c - cl);
        }
        Ok((l, h))
    }

    /// Tightens the bounds of rank `r` by `(l, h)` (`L` only rises, `H` only falls): the
    /// bounds now, and whether they changed. Only the task that owns rank `r` writes it.
    #[inline]
    fn tighten(&self, r: usize, (l, h): (i8, i8)) -> ((i8, i8), bool) {
        let (l0, h0) = unpack(self.vals[r].load(Relaxed));
        let (l, h) = (l.max(l0), h.min(h0));
        let changed = (l, h) != (l0, h0);
        if changed {
            self.vals[r].store(pack(l, h), Relaxed);
        }
        ((l, h), changed)
    }
}

impl Solving<'_> {
    /// Solves the level by sweeps over the open positions with their children cached, leaving the
    /// converged bounds in `level.vals`: the number of sweeps. Used when the level's open list fits
    /// the memory budget ([`SWEEP_BYTES_PER_POSITION`] a position at most; ranks in 32 bits,
    /// see [`sweeps_fit`]).
    ///
    /// The first sweep ([`first_sweep`]) expands every position with the core; positions it
    /// leaves open (`L < H`) are remembered with their same-level children and the value of their
    /// captures, so that later sweeps ([`later_sweep`]) are a few array reads per position.
    fn by_sweeps(&self, on_event: &mut dyn FnMut(&BuildEvent)) -> Result<u32, BuildError> {
        let (level, n, start, pool) = (self, self.n, self.start, self.pool);
        let total = index::positions(n);
        // Positions changed by a later sweep, one bit each, in two alternating sets (see
        // `later_sweep`).
        let marks = [Bits::new(pool, total), Bits::new(pool, total)];
        let mut open_lists: Vec<Vec<Open>> = Vec::new();
        let mut sweep = 0u32;
        loop {
            sweep += 1;
            let tally = Tally::default();
            let sweep_total = if sweep == 1 {
                total
            } else {
                open_lists.iter().map(|v| v.len() as u64).sum()
            };
            let mut report = || on_event(&tally.progress(n, sweep, sweep_total, start));
            if sweep == 1 {
                open_lists = run_with_progress(pool, || first_sweep(level, &tally), &mut report)?;
            } else {
                let lists = &mut open_lists;
                let work = || later_sweep(level, lists, &marks, sweep, &tally);
                run_with_progress(pool, work, &mut report);
                // The marks of this sweep become the previous ones; the older ones are cleared.
                marks[(sweep % 2) as usize].clear(pool);
            }
            let changed = tally.changed.into_inner();
            on_event(&BuildEvent::Round {
                n,
                round: sweep,
                visited: sweep_total,
                changed,
            });
            if changed == 0 {
                return Ok(sweep);
            }
        }
    }

    /// Solves the level with little memory, leaving the converged bounds in `level.vals`: the
    /// number of rounds.
    ///
    /// Round 1 ([`worklist_first_round`]) expands every position in rank order. A later round
    /// ([`worklist_round`]) re-evaluates only the positions that have a same-level child whose
    /// bounds changed in the round before: when a position's bounds change, its same-level parents
    /// are found by undoing sowings ([`crate::step::parents`], checked forward by the core) and
    /// marked for the next round. Positions whose children did not change cannot change, so the
    /// rounds stop at the same fixpoint as full sweeps would, visiting a fraction of the level.
    ///
    /// Memory: two bytes per position for the bounds and two bits for the marks, nothing per
    /// edge or per open position; each evaluation sows the moves again, so this is slower than
    /// [`Solving::by_sweeps`] where that fits.
    fn by_worklist(&self, on_event: &mut dyn FnMut(&BuildEvent)) -> Result<u32, BuildError> {
        let (level, n, start, pool) = (self, self.n, self.start, self.pool);
        let total = index::positions(n);
        // Marks for the round running and the next one, swapped after each round.
        let mut todo = Bits::new(pool, total);
        let mut next = Bits::new(pool, total);
        let mut round = 0u32;
        loop {
            round += 1;
            let first = round == 1;
            let round_total = if first { total } else { todo.count(pool) };
            if round_total == 0 {
                return Ok(round - 1);
            }
            let tally = Tally::default();
            let work = || {
                if first {
                    worklist_first_round(level, &tally)
                } else {
                    worklist_round(level, &todo, &next, round, &tally)
                }
            };
            // Small rounds (the long tail) run without a reporting thread.
            if round_total >= 1 << 20 {
                let mut report = || on_event(&tally.progress(n, round, round_total, start));
                run_with_progress(pool, work, &mut report)?;
            } else {
                pool.install(work)?;
            }
            if first {
                // Round 1 changes about half the positions, whose parents are most of the rest:
                // round 2 takes them all, without undoing a sowing per change.
                next.fill(pool, total);
            }
            // Marks left in words the round had taken already belong to the next round.
            todo.move_into(&next, pool);
            std::mem::swap(&mut todo, &mut next);
            on_event(&BuildEvent::Round {
                n,
                round,
                visited: round_total,
                changed: tally.changed.into_inner(),
            });
        }
    }
}

/// The counts of a round (or sweep) in progress, added to by its tasks and read by the
/// progress reports.
#[derive(Default)]
struct Tally {
    /// Positions evaluated.
    done: AtomicU64,
    /// Positions whose bounds changed.
    changed: AtomicU64,
}

impl Tally {
    fn add(&self, done: u64, changed: u64) {
        self.done.fetch_add(done, Relaxed);
        self.changed.fetch_add(changed, Relaxed);
    }

    /// The progress event of round `round` of level `n`, `total` positions to evaluate.
    fn progress(&self, n: u8, round: u32, total: u64, start: Instant) -> BuildEvent {
        BuildEvent::Progress {
            n,
            round,
            done: self.done.load(Relaxed),
            total,
            elapsed: start.elapsed(),
        }
    }
}

/// The first sweep of [`Solving::by_sweeps`]: evaluates every position of the level with the core,
/// in rank order, and returns (one list a chunk, in rank order) the positions it leaves open
/// that have a same-level child, with those children and the best value of their captures.
/// A position without a same-level child has its final bounds already.
fn first_sweep(level: &Solving, tally: &Tally) -> Result<Vec<Vec<Open>>, ProbeError> {
    index::par_chunks(level.n, CHUNK)
        .map(|chunk| {
            let done = chunk.len() as u64;
            let mut changed = 0u64;
            let mut list = Vec::new();
            for (r, pits) in chunk {
                let mut entry = Open {
                    rank: r as u32,
                    cap_l: i8::MIN,
                    cap_h: i8::MIN,
                    kids: [NO_KID; 6],
                };
                let bounds = level.child_bounds(&pits, Some(&mut entry))?;
                let ((l, h), ch) = level.tighten(r as usize, bounds);
                changed += u64::from(ch);
                if l < h && entry.kids[0] != NO_KID {
                    list.push(entry);
                }
            }
            tally.add(done, changed);
            Ok::<_, ProbeError>(list)
        })
        .collect()
}

/// Sweep `sweep` (≥ 2) of [`Solving::by_sweeps`]: evaluates the open positions from their cached
/// children and drops those that closed. Sweeps alternate direction (backwards on even
/// sweeps), which shortens chains of dependencies in both orders. From the third sweep on, a
/// position is skipped unless a child changed in the previous sweep or so far in this one:
/// its bounds cannot move. (The second sweep evaluates everything, covering changes made
/// during the first.) Sweep `k` marks its changes into `marks[(k + 1) % 2]` and reads
/// `marks[k % 2]`, the marks of sweep `k − 1`.
fn later_sweep(
    level: &Solving,
    open_lists: &mut [Vec<Open>],
    marks: &[Bits; 2],
    sweep: u32,
    tally: &Tally,
) {
    let backwards = sweep.is_multiple_of(2);
    let skip = sweep >= 3;
    let (prev, cur) = (
        &marks[(sweep % 2) as usize],
        &marks[1 - (sweep % 2) as usize],
    );
    let marked = |r: u64| prev.get(r) || cur.get(r);
    let vals = level.vals;
    open_lists.par_iter_mut().for_each(|list| {
        let mut changed = 0u64;
        let len = list.len();
        for k in 0..len {
            let e = &list[if backwards { len - 1 - k } else { k }];
            let kids = e.kids.iter().take_while(|&&kid| kid != NO_KID);
            if skip && !kids.clone().any(|&kid| marked(u64::from(kid))) {
                continue;
            }
            let (mut l, mut h) = (e.cap_l, e.cap_h);
            for &kid in kids {
                let (kl, kh) = unpack(vals[kid as usize].load(Relaxed));
                l = l.max(-kh);
                h = h.max(-kl);
            }
            if level.tighten(e.rank as usize, (l, h)).1 {
                cur.set(u64::from(e.rank));
                changed += 1;
            }
        }
        list.retain(|e| {
            let (l, h) = unpack(vals[e.rank as usize].load(Relaxed));
            l < h
        });
        tally.add(len as u64, changed);
    })
}

/// Bytes per position the sweeps may need: the bounds, an open-list entry (a rank, the
/// captures' value, six children) and two bits.
pub const SWEEP_BYTES_PER_POSITION: u64 = std::mem::size_of::<Open>() as u64 + 2 + 1;

/// Round 1 of [`Solving::by_worklist`]: evaluates every position of the level, in rank order. It
/// marks nothing: round 2 takes every position anyway.
fn worklist_first_round(level: &Solving, tally: &Tally) -> Result<(), ProbeError> {
    index::par_chunks(level.n, CHUNK).try_for_each(|chunk| {
        let done = chunk.len() as u64;
        let mut changed = 0u64;
        for (r, pits) in chunk {
            let bounds = level.child_bounds(&pits, None)?;
            changed += u64::from(level.tighten(r as usize, bounds).1);
        }
        tally.add(done, changed);
        Ok(())
    })
}

/// Round `round` (≥ 2) of [`Solving::by_worklist`]: evaluates the positions marked in `todo`
/// (clearing them), forwards on odd rounds and backwards on even ones; when a position's
/// bounds change, its same-level parents are marked. Gauss–Seidel: a parent the round has not
/// reached yet (ahead in this round's direction) is marked in `todo` for this round, the others
/// in `next` for the next. A mark that lands in a word already taken stays there; the caller
/// carries it over.
fn worklist_round(
    level: &Solving,
    todo: &Bits,
    next: &Bits,
    round: u32,
    tally: &Tally,
) -> Result<(), ProbeError> {
    let n = level.n;
    let backwards = round.is_multiple_of(2);
    let mark = |r: u64| {
        move |p: u64| {
            if (p > r) != backwards && p != r {
                todo.set(p)
            } else {
                next.set(p)
            }
        }
    };
    let chunks = todo.0.len().div_ceil(CHUNK_WORDS);
    (0..chunks).into_par_iter().try_for_each(|i| {
        let c = if backwards { chunks - 1 - i } else { i };
        let words = &todo.0[c * CHUNK_WORDS..((c + 1) * CHUNK_WORDS).min(todo.0.len())];
        let mut pits = [0u8; PITS];
        let mut at = None;
        let (mut seen, mut changed) = (0u64, 0u64);
        for j in 0..words.len() {
            let k = if backwards { words.len() - 1 - j } else { j };
            let mut bits = words[k].swap(0, Relaxed);
            let base = ((c * CHUNK_WORDS + k) * 64) as u64;
            while bits != 0 {
                let bit = if backwards {
                    63 - bits.leading_zeros()
                } else {
                    bits.trailing_zeros()
                };
                bits &= !(1u64 << bit);
                let r = base + u64::from(bit);
                seen += 1;
                seek(n, &mut pits, &mut at, r);
                let bounds = level.child_bounds(&pits, None)?;
                if level.tighten(r as usize, bounds).1 {
                    parents(&pits, n, level.rules, &mut mark(r));
                    changed += 1;
                }
            }
        }
        tally.add(seen, changed);
        Ok(())
    })
}

/// Runs `work` on `pool` from a helper thread while this thread calls `report` every 250 ms.
fn run_with_progress<T: Send>(
    pool: &rayon::ThreadPool,
    work: impl FnOnce() -> T + Send,
    report: &mut dyn FnMut(),
) -> T {
    std::thread::scope(|s| {
        let (tx, rx) = std::sync::mpsc::channel();
        s.spawn(move || {
            let _ = tx.send(pool.install(work));
        });
        loop {
            match rx.recv_timeout(Duration::from_millis(250)) {
                Ok(v) => return v,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => report(),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    panic!("solver thread panicked")
                }
            }
        }
    })
}

/// The file entries of a solved level.
fn encode(n: u8, kind: Kind, vals: &[AtomicU16]) -> Vec<u8> {
    let eb = format::entry_bytes(kind, n);
    let mut data = vec![0u8; vals.len() * eb];
    data.par_chunks_mut(eb * CHUNK as usize)
        .enumerate()
        .for_each(|(c, out)| {
            let begin = c * CHUNK as usize;
            for (k, e) in out.chunks_mut(eb).enumerate() {
                let (l, h) = unpack(vals[begin + k].load(Relaxed));
                match kind {
                    Kind::Exact => {
                        // The value with endless play counting 0 (see the crate docs).
                        let v = if l >= 1 {
                            l
                        } else if h <= -1 {
                            h
                        } else {
                            0
                        };
                        e[0] = v as u8;
                    }
                    Kind::Bounds => {
                        let lo_m = ((l + n as i8) / 2) as u8;
                        let lo_o = ((n as i8 - h) / 2) as u8;
                        if eb == 1 {
                            e[0] = format::pair_code(lo_m, lo_o);
                        } else {
                            e[0] = lo_m;
                            e[1] = lo_o;
                        }
                    }
                }
            }
        });
    data
}

fn write_level(path: &Path, header: &Header, data: &[u8]) -> Result<(), BuildError> {
    let tmp = path.with_extension("egdb.tmp");
    let io_err = |source| BuildError::Io {
        path: tmp.clone(),
        source,
    };
    let mut f = File::create(&tmp).map_err(io_err)?;
    f.write_all(&header.to_bytes()).map_err(io_err)?;
    f.write_all(data).map_err(io_err)?;
    f.sync_all().map_err(io_err)?;
    drop(f);
    fs::rename(&tmp, path).map_err(|source| BuildError::Io {
        path: path.to_path_buf(),
        source,
    })
}
