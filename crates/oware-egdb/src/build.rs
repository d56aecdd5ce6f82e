//! The builder: retrograde analysis by iterated sweeps, one level after the other.
//!
//! Level `n` is solved once the levels below are on disk: captures lead to them (their values
//! are final), non-capturing moves stay on level `n`. For each position the builder keeps the
//! pair `(L, H)` of difference bounds, starting from `(−n, n)`, and sweeps the level in rank
//! order replacing them by `L = max(c − H(child))`, `H = max(c − L(child))` over the legal moves
//! (`c` the seeds captured), or the own-row value where there is no legal move. Updates are in
//! place (Gauss–Seidel, several threads), which is sound because both sequences are monotone:
//! `L` only rises, `H` only falls, and every value read lies between the start and the fixpoint.
//! A sweep that changes nothing ends the level; positions with `L = H` are final and skipped.
//! The limits are the least fixpoint of `L` and the greatest of `H`: see the crate docs for
//! what they mean.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI8, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use oware_core::Rules;
use rayon::prelude::*;

use crate::format::{self, Header, Kind, HEADER_LEN};
use crate::index::{self, MAX_SEEDS};
use crate::stats::{level_stats_of, LevelStats};
use crate::step::{expand, Expansion};
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
    /// Progress within a sweep (a few times a second).
    Progress {
        /// The level.
        n: u8,
        /// The sweep, from 1.
        sweep: u32,
        /// Positions visited in this sweep.
        done: u64,
        /// Positions in the level.
        total: u64,
        /// Time since the level started.
        elapsed: Duration,
    },
    /// A sweep finished.
    Sweep {
        /// The level.
        n: u8,
        /// The sweep, from 1.
        sweep: u32,
        /// Positions whose bounds changed.
        changed: u64,
        /// Positions with `L < H` after the sweep.
        open: u64,
    },
    /// Level `n` is solved and written.
    Finished(LevelSummary),
}

/// What building one level did.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelSummary {
    /// The level's statistics.
    pub stats: LevelStats,
    /// Sweeps until nothing changed (the last one changes nothing).
    pub sweeps: u32,
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
        let (lo, hi, sweeps) = solve(n, rules, &levels, start, &pool, on_event)?;
        let data = pool.install(|| encode(n, Kind::of(rules), &lo, &hi));
        drop((lo, hi));
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
            sweeps,
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

/// Solves level `n`: the converged `(L, H)` arrays and the number of sweeps.
fn solve(
    n: u8,
    rules: &Rules,
    lower: &[Level],
    start: Instant,
    pool: &rayon::ThreadPool,
    on_event: &mut dyn FnMut(&BuildEvent),
) -> Result<(Vec<AtomicI8>, Vec<AtomicI8>, u32), BuildError> {
    let total = index::positions(n);
    let ni = n as i8;
    let (lo, hi): (Vec<AtomicI8>, Vec<AtomicI8>) = pool.install(|| {
        (0..total)
            .into_par_iter()
            .map(|_| (AtomicI8::new(-ni), AtomicI8::new(ni)))
            .unzip()
    });
    let chunks = total.div_ceil(CHUNK);
    let mut sweep = 0u32;
    loop {
        sweep += 1;
        let done = AtomicU64::new(0);
        let changed = AtomicU64::new(0);
        let open = AtomicU64::new(0);
        let first = sweep == 1;
        let work = || {
            (0..chunks).into_par_iter().try_for_each(|c| {
                let begin = c * CHUNK;
                let end = (begin + CHUNK).min(total);
                let mut pits = index::unrank(n, begin).expect("rank below the level's count");
                let (mut ch, mut op) = (0u64, 0u64);
                for i in begin..end {
                    if i > begin {
                        index::advance(&mut pits);
                    }
                    let iu = i as usize;
                    let (l0, h0) = (lo[iu].load(Relaxed), hi[iu].load(Relaxed));
                    if l0 == h0 && !first {
                        continue;
                    }
                    let (l, h) = match expand(&pits, n, rules) {
                        Expansion::Terminal(v) => (v, v),
                        Expansion::Moves { len, children } => {
                            let (mut l, mut h) = (i8::MIN, i8::MIN);
                            for child in &children[..len] {
                                let c = child.captured as i8;
                                let (cl, chh) = if child.captured == 0 {
                                    let r = child.rank as usize;
                                    (lo[r].load(Relaxed), hi[r].load(Relaxed))
                                } else {
                                    lower[usize::from(n - child.captured)].get(child.rank)?
                                };
                                l = l.max(c - chh);
                                h = h.max(c - cl);
                            }
                            (l.max(l0), h.min(h0))
                        }
                    };
                    if (l, h) != (l0, h0) {
                        lo[iu].store(l, Relaxed);
                        hi[iu].store(h, Relaxed);
                        ch += 1;
                    }
                    op += u64::from(l < h);
                }
                done.fetch_add(end - begin, Relaxed);
                changed.fetch_add(ch, Relaxed);
                open.fetch_add(op, Relaxed);
                Ok::<(), ProbeError>(())
            })
        };
        let result = run_with_progress(pool, work, &mut || {
            on_event(&BuildEvent::Progress {
                n,
                sweep,
                done: done.load(Relaxed),
                total,
                elapsed: start.elapsed(),
            })
        });
        result?;
        let changed = changed.into_inner();
        on_event(&BuildEvent::Sweep {
            n,
            sweep,
            changed,
            open: open.into_inner(),
        });
        if changed == 0 {
            return Ok((lo, hi, sweep));
        }
    }
}

/// Runs `work` on `pool` from a helper thread while this thread reports progress every 250 ms.
fn run_with_progress<T: Send>(
    pool: &rayon::ThreadPool,
    work: impl FnOnce() -> T + Send,
    report: &mut dyn FnMut(),
) -> T {
    std::thread::scope(|s| {
        let h = s.spawn(|| pool.install(work));
        while !h.is_finished() {
            std::thread::sleep(Duration::from_millis(50));
            report();
            for _ in 0..4 {
                if h.is_finished() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        h.join().expect("solver thread panicked")
    })
}

/// The file entries of a solved level.
fn encode(n: u8, kind: Kind, lo: &[AtomicI8], hi: &[AtomicI8]) -> Vec<u8> {
    let eb = format::entry_bytes(kind, n);
    let mut data = vec![0u8; lo.len() * eb];
    data.par_chunks_mut(eb * CHUNK as usize)
        .enumerate()
        .for_each(|(c, out)| {
            let begin = c * CHUNK as usize;
            for (k, e) in out.chunks_mut(eb).enumerate() {
                let (l, h) = (lo[begin + k].load(Relaxed), hi[begin + k].load(Relaxed));
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
