//! Building the missing levels in the background, while the tables are in use.
//!
//! [`Background::start`] runs [`build`] level by level (smallest first) on a thread of its own,
//! at the lowest scheduling priority (nice 19 on Unix, inherited by the build's worker
//! threads), with fewer workers than cores and a memory budget. After each level it calls
//! [`Egdb::refresh`] on the handle it was given, so probes use the level at once. A restart
//! resumes where it stopped: levels are written to a temporary file and renamed, so a level
//! file is either whole or absent, and [`build`] keeps every level already there and valid.
//! A failure (read-only or full disk, a damaged lower level) ends the build with a warning in
//! the log and a [`Phase::Failed`] status; the tables already there keep working.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crate::build::{build, BuildEvent, BuildOptions};
use crate::index::{self, MAX_SEEDS};
use crate::table::Egdb;

/// The largest level built by default: 16 seeds, 30 MB on disk, at most about 460 MB of memory
/// while level 16 is solved, under a minute of one core on an idle machine (figures in
/// `docs/egdb.md`, "Tables out of the box"). Level 18 would need 1.2 GB and level 20 2.9 GB.
pub const DEFAULT_MAX_SEEDS: u8 = 16;

/// The default memory budget of a background build: 1 GiB.
pub const DEFAULT_MEMORY: u64 = 1 << 30;

/// How to build in the background.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BackgroundOptions {
    /// Build levels `0..=max_seeds`.
    pub max_seeds: u8,
    /// Worker threads (0: half the cores, at least one).
    pub threads: usize,
    /// Memory budget for the level being solved (see [`BuildOptions::memory`]).
    pub memory: u64,
    /// The nice value of the build's threads (Unix; 19 is the lowest priority).
    pub nice: i32,
}

impl Default for BackgroundOptions {
    fn default() -> Self {
        BackgroundOptions {
            max_seeds: DEFAULT_MAX_SEEDS,
            threads: 0,
            memory: DEFAULT_MEMORY,
            nice: 19,
        }
    }
}

impl BackgroundOptions {
    /// The worker threads used: [`BackgroundOptions::threads`], or half the cores (at least 1).
    pub fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1)),
            t => t,
        }
    }
}

/// Where a background build is.
#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    /// Checking the levels already there.
    Starting,
    /// Solving a level.
    Building {
        /// The level.
        n: u8,
        /// Its positions.
        positions: u64,
        /// The round, from 1 (0 before the first progress report).
        round: u32,
        /// Positions done in this round.
        done: u64,
        /// Positions this round looks at.
        total: u64,
    },
    /// Every level up to the target is there.
    Done,
    /// Stopped on request before the target.
    Stopped,
    /// Failed; the levels built so far are kept.
    Failed(String),
}

/// The state of a background build: what is usable and what is being built.
#[derive(Debug, Clone, PartialEq)]
pub struct BuildStatus {
    /// The largest level to build.
    pub target: u8,
    /// The levels probes use now: `0..=available`.
    pub available: Option<u8>,
    /// What the builder is doing.
    pub phase: Phase,
}

impl BuildStatus {
    /// Whether the build has ended (done, stopped or failed).
    pub fn is_finished(&self) -> bool {
        matches!(self.phase, Phase::Done | Phase::Stopped | Phase::Failed(_))
    }
}

impl fmt::Display for BuildStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let have = match self.available {
            Some(m) => format!("0–{m} seeds available"),
            None => "none available yet".to_string(),
        };
        match &self.phase {
            Phase::Starting => write!(f, "building (up to {} seeds): {have}", self.target),
            Phase::Building { n, done, total, .. } => {
                let pct = if *total == 0 {
                    0.0
                } else {
                    100.0 * *done as f64 / *total as f64
                };
                write!(
                    f,
                    "building (up to {} seeds): {have}, level {n} at {pct:.0} % of this round",
                    self.target
                )
            }
            Phase::Done => write!(f, "complete up to {} seeds", self.target),
            Phase::Stopped => write!(f, "build stopped: {have}"),
            Phase::Failed(why) => write!(f, "build failed: {why}; {have}"),
        }
    }
}

struct Shared {
    status: Mutex<BuildStatus>,
    stop: AtomicBool,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A build running in the background; see the module docs. Dropping the handle does not stop
/// the build: call [`Background::stop`].
pub struct Background {
    shared: Arc<Shared>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl fmt::Debug for Background {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Background")
            .field("status", &self.status())
            .finish()
    }
}

impl Background {
    /// Starts building the levels of `egdb`'s rules missing from its folder, up to
    /// `options.max_seeds`, into that folder. Returns at once.
    pub fn start(egdb: Arc<Egdb>, options: BackgroundOptions) -> Background {
        let target = options.max_seeds.min(MAX_SEEDS);
        let shared = Arc::new(Shared {
            status: Mutex::new(BuildStatus {
                target,
                available: egdb.max_seeds(),
                phase: Phase::Starting,
            }),
            stop: AtomicBool::new(false),
        });
        let worker = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("egdb-build".into())
            .spawn(move || run(&egdb, options, target, &worker));
        let thread = match thread {
            Ok(t) => Some(t),
            Err(e) => {
                let why = format!("cannot start the build thread: {e}");
                tracing::warn!("endgame tables: {why}");
                lock(&shared.status).phase = Phase::Failed(why);
                None
            }
        };
        Background {
            shared,
            thread: Mutex::new(thread),
        }
    }

    /// What is available and being built.
    pub fn status(&self) -> BuildStatus {
        lock(&self.shared.status).clone()
    }

    /// Asks the build to stop when the level being solved is written (a level is solved in
    /// one go; a process that exits sooner leaves only a temporary file, ignored and
    /// overwritten by the next build).
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// Waits for the build to end; its final status.
    pub fn wait(&self) -> BuildStatus {
        if let Some(t) = lock(&self.thread).take() {
            let _ = t.join();
        }
        self.status()
    }
}

/// Lowers the calling thread's priority; threads it starts inherit it (Linux).
fn lower_priority(nice: i32) {
    #[cfg(unix)]
    if let Err(e) = rustix::process::setpriority_process(None, nice) {
        tracing::warn!("endgame tables: cannot lower the build's priority: {e}");
    }
    #[cfg(not(unix))]
    let _ = nice;
}

fn run(egdb: &Egdb, options: BackgroundOptions, target: u8, shared: &Shared) {
    lower_priority(options.nice);
    let set = |phase: Phase| {
        let mut s = lock(&shared.status);
        s.available = egdb.max_seeds();
        s.phase = phase;
    };
    let threads = options.thread_count();
    tracing::info!(
        "endgame tables: building up to {target} seeds in {} ({threads} thread(s), nice {}, {} MiB budget)",
        egdb.dir().display(),
        options.nice,
        options.memory >> 20
    );
    for n in 0..=target {
        if shared.stop.load(Ordering::Relaxed) {
            tracing::info!("endgame tables: build stopped before level {n}");
            set(Phase::Stopped);
            return;
        }
        let build_options = BuildOptions {
            max_seeds: n,
            threads,
            memory: options.memory,
        };
        let result = build(egdb.dir(), egdb.rules(), &build_options, &mut |e| match e {
            BuildEvent::Started { n: m, positions } if *m == n => set(Phase::Building {
                n,
                positions: *positions,
                round: 0,
                done: 0,
                total: *positions,
            }),
            BuildEvent::Progress {
                n: m,
                round,
                done,
                total,
                ..
            } if *m == n => set(Phase::Building {
                n,
                positions: index::positions(n),
                round: *round,
                done: *done,
                total: *total,
            }),
            BuildEvent::Finished(s) => tracing::info!(
                "endgame tables: level {} built in {:.1} s ({} bytes)",
                s.stats.n,
                s.time.as_secs_f64(),
                s.file_bytes
            ),
            _ => {}
        });
        if let Err(e) = result {
            egdb.refresh();
            let why = e.to_string();
            tracing::warn!(
                "endgame tables: background build stopped at level {n}: {why}; the server goes on with {}",
                egdb.status()
            );
            set(Phase::Failed(why));
            return;
        }
        egdb.refresh();
        set(Phase::Starting);
    }
    tracing::info!("endgame tables: {}", egdb.status());
    set(Phase::Done);
}
