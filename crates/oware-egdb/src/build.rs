//! The builder: retrograde analysis by rounds over a worklist, one level after the other.
//!
//! Level `n` is solved once the levels below are on disk: captures lead to them (their values
//! are final), non-capturing moves stay on level `n`. For each position the builder keeps the
//! pair `(L, H)` of difference bounds, starting from `(−n, n)`, and replaces them by
//! `L = max(c − H(child))`, `H = max(c − L(child))` over the legal moves (`c` the seeds
//! captured), or the own-row value where there is no legal move. Round 1 evaluates every
//! position; when a position's bounds change, its same-level parents (found by undoing sowings,
//! each checked forward by the core) are marked, and later rounds evaluate only marked
//! positions, in place (Gauss–Seidel: a parent the round has not reached yet is evaluated in
//! the same round), alternating direction. Both sequences are monotone — `L` only rises, `H`
//! only falls, every value read lies between the start and the fixpoint — so parallel in-place
//! updates are sound and the order does not change the limits: the least fixpoint of `L` and
//! the greatest of `H` (see the crate docs for what they mean). A round with nothing marked
//! ends the level.
//!
//! Memory: two bytes per position for the bounds and two bits for the marks; where the budget
//! allows, [`CACHE_BYTES_PER_POSITION`] more per position keep the same-level children and the
//! captures' value from round 1, so that later rounds read bounds instead of sowing again.

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
    /// Bytes a level may use for its child cache ([`CACHE_BYTES_PER_POSITION`] a position):
    /// levels that fit are solved several times faster; the others use two bytes and two bits
    /// a position. 0 never caches.
    pub cache_bytes: u64,
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
        if let Ok(level) = Level::map(&path, rules, n) {
            on_event(&BuildEvent::Kept { n });
            levels.push(level);
            continue;
        }
        let start = Instant::now();
        on_event(&BuildEvent::Started {
            n,
            positions: index::positions(n),
        });
        // The cache holds ranks in 32 bits (levels up to 30 seeds).
        let cache = index::positions(n) < u64::from(NO_KID)
            && index::positions(n).saturating_mul(CACHE_BYTES_PER_POSITION) <= options.cache_bytes;
        let (values, rounds) = solve(n, rules, &levels, cache, start, &pool, on_event)?;
        let data = pool.install(|| encode(n, Kind::of(rules), &values));
        drop(values);
        write_level(
            &path,
            &Header::expected(rules, n, format::checksum(&data)),
            &data,
        )?;
        drop(data);
        let level = Level::map(&path, rules, n)?;
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

/// Ranks a round works on: one bit per position of the level.
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

/// No same-level child: padding in a [`Kids`] entry.
const NO_KID: u32 = u32::MAX;

/// What round 1 learns about a position and later rounds reuse, when memory allows: the
/// ranks of its same-level children and the best its captures give (lower levels are final).
#[derive(Clone, Copy)]
struct Kids {
    same: [u32; 6],
    /// `pack(L, H)` of the captures alone; `i8::MIN` halves when there is none.
    caps: u16,
}

/// Bytes per position of the child cache.
pub const CACHE_BYTES_PER_POSITION: u64 = std::mem::size_of::<Kids>() as u64;

/// Solves level `n`: the converged `(L, H)` array and the number of rounds.
///
/// Round 1 expands every position in rank order. A later round re-evaluates only the
/// positions that have a same-level child whose bounds changed in the round before: when a
/// position's bounds change, its same-level parents are found by undoing sowings
/// ([`crate::step::parents`], checked forward by the core) and marked for the next round.
/// Positions whose children did not change cannot change, so the rounds stop at the same
/// fixpoint as full sweeps would, visiting a fraction of the level.
///
/// Memory: two bytes per position for the bounds and two bits for the marks, nothing per
/// edge. When `cache` is set, round 1 also keeps each position's same-level children and
/// capture value ([`CACHE_BYTES_PER_POSITION`] bytes), so that later rounds read a few
/// bounds instead of sowing every move again: several times faster for that memory.
fn solve(
    n: u8,
    rules: &Rules,
    lower: &[Level],
    cache: bool,
    start: Instant,
    pool: &rayon::ThreadPool,
    on_event: &mut dyn FnMut(&BuildEvent),
) -> Result<(Vec<AtomicU16>, u32), BuildError> {
    let total = index::positions(n);
    let ni = n as i8;
    let vals: Vec<AtomicU16> = pool.install(|| {
        (0..total)
            .into_par_iter()
            .map(|_| AtomicU16::new(pack(-ni, ni)))
            .collect()
    });
    let mut kids: Vec<Kids> = if cache {
        pool.install(|| {
            (0..total)
                .into_par_iter()
                .map(|_| Kids {
                    same: [NO_KID; 6],
                    caps: pack(i8::MIN, i8::MIN),
                })
                .collect()
        })
    } else {
        Vec::new()
    };
    // Marks for the round running and the next one, swapped after each round.
    let mut todo = Bits::new(pool, total);
    let mut next = Bits::new(pool, total);
    // Stores new bounds for rank `r` (arrangement `pits`) and marks its parents; `false` when
    // they did not change.
    let update = |pits: &[u8; PITS], r: u64, (l, h): (i8, i8), mark: &dyn Fn(u64)| -> bool {
        let iu = r as usize;
        let (l0, h0) = unpack(vals[iu].load(Relaxed));
        let (l, h) = (l.max(l0), h.min(h0));
        if (l, h) == (l0, h0) {
            return false;
        }
        vals[iu].store(pack(l, h), Relaxed);
        parents(pits, n, rules, &mut |p| mark(p));
        true
    };
    // The bounds of `pits` from its children, found by the core; fills `entry` if given.
    let expand_bounds =
        |pits: &[u8; PITS], entry: Option<&mut Kids>| -> Result<(i8, i8), ProbeError> {
            match expand(pits, n, rules) {
                Expansion::Terminal(v) => Ok((v, v)),
                Expansion::Moves { len, children } => {
                    let (mut l, mut h) = (i8::MIN, i8::MIN);
                    let (mut cap_l, mut cap_h) = (i8::MIN, i8::MIN);
                    let mut same = [NO_KID; 6];
                    let mut k = 0;
                    for child in &children[..len] {
                        let c = child.captured as i8;
                        let (cl, ch) = if child.captured == 0 {
                            same[k] = child.rank as u32;
                            k += 1;
                            unpack(vals[child.rank as usize].load(Relaxed))
                        } else {
                            let v = lower[usize::from(n - child.captured)].get(child.rank)?;
                            cap_l = cap_l.max(c - v.1);
                            cap_h = cap_h.max(c - v.0);
                            v
                        };
                        l = l.max(c - ch);
                        h = h.max(c - cl);
                    }
                    if let Some(e) = entry {
                        *e = Kids {
                            same,
                            caps: pack(cap_l, cap_h),
                        };
                    }
                    Ok((l, h))
                }
            }
        };
    let mut round = 0u32;
    loop {
        round += 1;
        let first = round == 1;
        let round_total = if first { total } else { todo.count(pool) };
        if round_total == 0 {
            return Ok((vals, round - 1));
        }
        let done = AtomicU64::new(0);
        let changed = AtomicU64::new(0);
        let kids_ref = &mut kids;
        let work = || -> Result<(), ProbeError> {
            if first {
                // Each task owns CHUNK ranks and, with the cache, their entries.
                let mut slots = kids_ref.chunks_mut(CHUNK as usize);
                let tasks: Vec<(u64, Option<&mut [Kids]>)> = (0..total.div_ceil(CHUNK))
                    .map(|c| (c, slots.next()))
                    .collect();
                tasks.into_par_iter().try_for_each(|(c, mut slots)| {
                    let begin = c * CHUNK;
                    let end = (begin + CHUNK).min(total);
                    let mut pits = index::unrank(n, begin).expect("rank below the level's count");
                    let mut ch = 0u64;
                    for r in begin..end {
                        if r > begin {
                            index::advance(&mut pits);
                        }
                        let entry = slots.as_mut().map(|s| &mut s[(r - begin) as usize]);
                        let b = expand_bounds(&pits, entry)?;
                        // No marks: round 2 takes every position anyway (below).
                        ch += u64::from(update(&pits, r, b, &|_| {}));
                    }
                    done.fetch_add(end - begin, Relaxed);
                    changed.fetch_add(ch, Relaxed);
                    Ok(())
                })
            } else {
                let kids = &*kids_ref;
                // Gauss–Seidel: a parent the round has not reached yet (ahead in this round's
                // direction) is marked for this round, the others for the next. A mark that
                // lands in a word already taken stays there and is carried over below.
                let backwards = round % 2 == 0;
                let (todo, next) = (&todo, &next);
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
                    let (mut seen, mut ch) = (0u64, 0u64);
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
                            let b = if cache {
                                let e = &kids[r as usize];
                                if e.same[0] == NO_KID {
                                    // Terminal, or only captures: final since round 1.
                                    continue;
                                }
                                let (mut l, mut h) = unpack(e.caps);
                                for &kid in &e.same {
                                    if kid == NO_KID {
                                        break;
                                    }
                                    let (kl, kh) = unpack(vals[kid as usize].load(Relaxed));
                                    l = l.max(-kh);
                                    h = h.max(-kl);
                                }
                                let (l0, h0) = unpack(vals[r as usize].load(Relaxed));
                                if (l.max(l0), h.min(h0)) == (l0, h0) {
                                    continue;
                                }
                                seek(n, &mut pits, &mut at, r);
                                (l, h)
                            } else {
                                seek(n, &mut pits, &mut at, r);
                                expand_bounds(&pits, None)?
                            };
                            ch += u64::from(update(&pits, r, b, &mark(r)));
                        }
                    }
                    done.fetch_add(seen, Relaxed);
                    changed.fetch_add(ch, Relaxed);
                    Ok(())
                })
            }
        };
        let mut report = || {
            on_event(&BuildEvent::Progress {
                n,
                round,
                done: done.load(Relaxed),
                total: round_total,
                elapsed: start.elapsed(),
            })
        };
        // Small rounds (the long tail) run without a reporting thread.
        if round_total >= 1 << 20 {
            run_with_progress(pool, work, &mut report)?;
        } else {
            pool.install(work)?;
        }
        if first {
            // Round 1 changes about half the positions, whose parents are most of the rest:
            // round 2 takes them all, without undoing a sowing per change.
            pool.install(|| {
                next.0.par_iter().enumerate().for_each(|(w, word)| {
                    let begin = w as u64 * 64;
                    let bits = (total - begin).min(64);
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
        // Marks left in words the round had taken already belong to the next round.
        pool.install(|| {
            todo.0.par_iter().zip(&next.0).for_each(|(t, x)| {
                let left = t.swap(0, Relaxed);
                if left != 0 {
                    x.fetch_or(left, Relaxed);
                }
            })
        });
        std::mem::swap(&mut todo, &mut next);
        on_event(&BuildEvent::Round {
            n,
            round,
            visited: round_total,
            changed: changed.into_inner(),
        });
    }
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
