//! Opening and probing: [`Egdb`].
//!
//! # Reading a file that may change under us
//!
//! Nothing stops someone from truncating or rewriting a table file while a process probes it
//! (`cp` onto it truncates first). A memory map of a file that shrinks turns the next read of a
//! lost page into `SIGBUS`, which kills the process, and no check before the read can rule that
//! out (the file can shrink between the check and the read). So the tables are never mapped:
//!
//! - a level of at most [`OpenOptions::in_memory_max`] bytes (256 MiB by default: every level
//!   up to 21 seeds) is read whole into memory the first time it is probed, and its checksum
//!   checked. Whatever happens to the file afterwards, probes answer from the copy: the old data.
//! - a larger level stays on disk; its checksum is checked by a streaming read at the first
//!   probe and each probe reads its entry with a positioned read (`pread`) of one or two bytes.
//!   A file that shrank gives a short read, which is an error value ([`ProbeError::Io`]); a file
//!   that was rewritten gives the new file's bytes, still range-checked (a valid table of the same
//!   rules and level has the same bytes: the builder is deterministic).
//!
//! Levels appear while a process runs (a background build) and damaged ones are rebuilt:
//! [`Egdb::refresh`] looks at the folder again, and a level that failed is tried again once its
//! file has changed.
//!
//! # Levels from bytes
//!
//! A WebAssembly engine in a browser has no files: the page downloads the small levels and hands
//! their bytes over, [`Egdb::from_levels`]. Each is checked by the same function that checks a
//! file read into memory ([`format::parse_level`]: header, length, checksum), so the two ways in
//! cannot drift apart; bytes that are not a level give an error, never a panic. Such tables have
//! no folder: [`Egdb::refresh`] changes nothing and [`Egdb::status`] says "in memory".

use std::fmt;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use arc_swap::ArcSwapOption;
use oware_core::{Position, Rules, Side, PITS};

use crate::format::{self, Header, Kind, HEADER_LEN};
use crate::index::{self, MAX_SEEDS};
use crate::Bounds;

mod level;
use level::read_at;
pub(crate) use level::Level;

/// Why tables could not be opened. Files are not looked at here: a missing folder, missing or
/// damaged levels are reported by [`Egdb::status`] instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenError {
    /// The rules have no databases (the `to-opponent` grand slam rule).
    UnsupportedRules(Rules),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::UnsupportedRules(r) => {
                write!(
                    f,
                    "no endgame databases for rules {r} (grand slam to-opponent)"
                )
            }
        }
    }
}

impl std::error::Error for OpenError {}

/// Why levels given as bytes ([`Egdb::from_levels`]) were refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FromBytesError {
    /// The rules have no databases (the `to-opponent` grand slam rule).
    UnsupportedRules(Rules),
    /// A level was given twice.
    Duplicate(u8),
    /// A level's bytes are not a level of these rules and this seed count (header, length or
    /// checksum), or the seed count is above 48.
    Corrupt {
        /// The level (seeds on the board) the bytes were given as.
        n: u8,
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for FromBytesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FromBytesError::UnsupportedRules(r) => OpenError::UnsupportedRules(*r).fmt(f),
            FromBytesError::Duplicate(n) => write!(f, "endgame table level {n} given twice"),
            FromBytesError::Corrupt { n, reason } => {
                write!(f, "endgame table level {n} refused: {reason}")
            }
        }
    }
}

impl std::error::Error for FromBytesError {}

/// Why a probe failed. Errors are remembered: a level that failed to load fails every probe
/// until its file changes and [`Egdb::refresh`] runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProbeError {
    /// The level's file could not be read (or shrank while in use).
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error, as text.
        message: String,
    },
    /// The level's file is damaged: wrong header, length, checksum or an invalid entry.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::Io { path, message } => {
                write!(f, "cannot read {}: {message}", path.display())
            }
            ProbeError::Corrupt { path, reason } => {
                write!(f, "corrupt endgame database {}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for ProbeError {}

/// How [`Egdb::open_with`] reads levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenOptions {
    /// Levels whose entries take at most this many bytes are read into memory at their first
    /// probe; bigger ones are read entry by entry from the file. Default 256 MiB (every level
    /// up to 21 seeds, 226 MB in all up to 20).
    pub in_memory_max: u64,
}

impl Default for OpenOptions {
    fn default() -> Self {
        OpenOptions {
            in_memory_max: 256 << 20,
        }
    }
}

/// What a level's file looked like: its length and modification time. A failed level is tried
/// again when this changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
}

impl Stamp {
    fn of(path: &Path) -> Option<Stamp> {
        let m = std::fs::metadata(path).ok()?;
        Some(Stamp {
            len: m.len(),
            modified: m.modified().ok(),
        })
    }
}

/// A level that was loaded, or why it could not be.
struct Loaded {
    level: Result<Arc<Level>, ProbeError>,
    stamp: Option<Stamp>,
}

struct Slot {
    path: PathBuf,
    /// `None` until the first probe (or after a failed level's file changed).
    loaded: ArcSwapOption<Loaded>,
    /// Held while the level is being read, so that it is read once.
    loading: Mutex<()>,
    /// What the last look at the folder found for this level's header.
    found: Mutex<Found>,
}

/// What a look at the folder found for one level's file.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Found {
    Missing,
    Header,
    BadHeader(String),
    Unreadable(String),
}

/// What one level looks like now (see [`Egdb::status`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LevelState {
    /// No file.
    Missing,
    /// The file's header is right; the entries are checked at the first probe.
    Found,
    /// Loaded and checked: probes answer.
    Loaded {
        /// Whether the entries are in memory (else read from the file at each probe).
        in_memory: bool,
    },
    /// The file is damaged (header, length, checksum): probes of this level fail.
    Damaged(String),
    /// The file cannot be read.
    Unreadable(String),
}

impl LevelState {
    /// Whether probes of this level can answer (or will, once loaded).
    pub fn is_usable(&self) -> bool {
        matches!(self, LevelState::Found | LevelState::Loaded { .. })
    }
}

/// One level's file and state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelStatus {
    /// Seeds on the board.
    pub n: u8,
    /// Its file.
    pub path: PathBuf,
    /// What was found.
    pub state: LevelState,
}

/// What a table folder holds for one rule set: see [`Egdb::status`]. Its `Display` is one line
/// for logs and status bars, e.g. `abapa tables 0–12 seeds in /x/egdb; level 13 damaged: …`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// The folder.
    pub dir: PathBuf,
    /// Whether the folder exists.
    pub dir_exists: bool,
    /// Whether the tables were given as bytes ([`Egdb::from_levels`]) rather than read from a
    /// folder (`dir` is then empty).
    pub in_memory: bool,
    /// The rules.
    pub rules: Rules,
    /// The levels probes use: `0..=max_seeds`.
    pub max_seeds: Option<u8>,
    /// Levels `0..=max_seeds`, then the first level that is not usable (missing, damaged or
    /// unreadable) if any.
    pub levels: Vec<LevelStatus>,
}

impl Status {
    /// The levels whose files are there but cannot be used, with why.
    pub fn problems(&self) -> Vec<&LevelStatus> {
        self.levels
            .iter()
            .filter(|l| matches!(l.state, LevelState::Damaged(_) | LevelState::Unreadable(_)))
            .collect()
    }

    /// Whether there is something to warn about: no folder, no tables, or a damaged level.
    pub fn is_degraded(&self) -> bool {
        (!self.in_memory && !self.dir_exists)
            || self.max_seeds.is_none()
            || !self.problems().is_empty()
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dir = self.dir.display();
        let rules = format::tag(&self.rules);
        match self.max_seeds {
            None if self.in_memory => write!(f, "no {rules} endgame tables in memory")?,
            Some(max) if self.in_memory => {
                write!(f, "{rules} endgame tables 0–{max} seeds in memory")?
            }
            _ if !self.dir_exists => write!(f, "no {rules} endgame tables: {dir} does not exist")?,
            None => write!(f, "no {rules} endgame tables in {dir}")?,
            Some(max) => write!(f, "{rules} endgame tables 0–{max} seeds in {dir}")?,
        }
        for l in self.problems() {
            match &l.state {
                LevelState::Damaged(why) => write!(f, "; level {} damaged: {why}", l.n)?,
                LevelState::Unreadable(why) => write!(f, "; level {} unreadable: {why}", l.n)?,
                _ => {}
            }
        }
        Ok(())
    }
}

/// The endgame databases of one rule set in one directory. `Send + Sync`: share it freely.
///
/// [`Egdb::open`] reads the headers of the levels present (`<rules>-00.egdb`, `<rules>-01.egdb`,
/// …, stopping at the first missing or damaged one); each level is loaded and its checksum
/// checked the first time it is probed. [`Egdb::refresh`] picks up levels added since.
/// [`Egdb::from_levels`] makes one from levels' bytes instead (a browser has no folder).
pub struct Egdb {
    dir: PathBuf,
    /// Made from bytes ([`Egdb::from_levels`]): no folder to look at.
    in_memory: bool,
    rules: Rules,
    options: OpenOptions,
    /// Levels `0..count` are probed; above, probes answer `Ok(None)`.
    count: AtomicUsize,
    slots: Vec<Slot>,
    /// Serialises [`Egdb::refresh`].
    refreshing: Mutex<()>,
}

impl fmt::Debug for Egdb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Egdb")
            .field("dir", &self.dir)
            .field("rules", &self.rules)
            .field("max_seeds", &self.max_seeds())
            .finish()
    }
}

/// Reads a level file's header and checks it.
fn look(path: &Path, rules: &Rules, n: u8) -> Found {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Found::Missing,
        Err(e) => return Found::Unreadable(e.to_string()),
    };
    let mut head = [0u8; HEADER_LEN];
    match read_at(&file, &mut head, 0) {
        Ok(got) => match Header::parse(&head[..got], rules, n) {
            Ok(_) => Found::Header,
            Err(e) => Found::BadHeader(e.0),
        },
        Err(e) => Found::Unreadable(e.to_string()),
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Egdb {
    /// Opens the tables for `rules` in `dir`. A missing, empty or partly damaged directory is
    /// not an error: [`Egdb::max_seeds`] covers the levels that are usable and
    /// [`Egdb::status`] says what was found.
    pub fn open(dir: &Path, rules: &Rules) -> Result<Egdb, OpenError> {
        Egdb::open_with(dir, rules, OpenOptions::default())
    }

    /// [`Egdb::open`] with options.
    pub fn open_with(dir: &Path, rules: &Rules, options: OpenOptions) -> Result<Egdb, OpenError> {
        if !format::supports(rules) {
            return Err(OpenError::UnsupportedRules(*rules));
        }
        let slots = (0..=MAX_SEEDS)
            .map(|n| Slot {
                path: dir.join(format::file_name(rules, n)),
                loaded: ArcSwapOption::empty(),
                loading: Mutex::new(()),
                found: Mutex::new(Found::Missing),
            })
            .collect();
        let egdb = Egdb {
            dir: dir.to_path_buf(),
            in_memory: false,
            rules: *rules,
            options,
            count: AtomicUsize::new(0),
            slots,
            refreshing: Mutex::new(()),
        };
        egdb.refresh();
        Ok(egdb)
    }

    /// Tables for `rules` from levels' bytes: each `(n, bytes)` is the whole file of level `n`
    /// (as `oware egdb build` writes it), checked as a file is ([`format::parse_level`]:
    /// header, length, checksum). Probes cover `0..=k`, where level `k + 1` is the first not
    /// given (none given: no tables, `max_seeds` is `None`). Any bytes that are not a valid
    /// level of these rules refuse the whole set, naming the level; nothing is kept.
    pub fn from_levels(rules: &Rules, levels: Vec<(u8, Vec<u8>)>) -> Result<Egdb, FromBytesError> {
        if !format::supports(rules) {
            return Err(FromBytesError::UnsupportedRules(*rules));
        }
        let mut given: Vec<Option<Arc<Level>>> = vec![None; usize::from(MAX_SEEDS) + 1];
        for (n, bytes) in levels {
            let name = PathBuf::from(format::file_name(rules, n));
            let level = Level::from_bytes(bytes, rules, n, name).map_err(|e| match e {
                ProbeError::Corrupt { reason, .. }
                | ProbeError::Io {
                    message: reason, ..
                } => FromBytesError::Corrupt { n, reason },
            })?;
            let slot = &mut given[usize::from(n)];
            if slot.is_some() {
                return Err(FromBytesError::Duplicate(n));
            }
            *slot = Some(Arc::new(level));
        }
        let count = given.iter().take_while(|l| l.is_some()).count();
        let slots = given
            .into_iter()
            .enumerate()
            .map(|(n, level)| Slot {
                path: PathBuf::from(format::file_name(rules, n as u8)),
                found: Mutex::new(if level.is_some() {
                    Found::Header
                } else {
                    Found::Missing
                }),
                loaded: ArcSwapOption::new(level.map(|l| {
                    Arc::new(Loaded {
                        level: Ok(l),
                        stamp: None,
                    })
                })),
                loading: Mutex::new(()),
            })
            .collect();
        Ok(Egdb {
            dir: PathBuf::new(),
            in_memory: true,
            rules: *rules,
            options: OpenOptions::default(),
            count: AtomicUsize::new(count),
            slots,
            refreshing: Mutex::new(()),
        })
    }

    /// Looks at the folder again: levels written since (by a build) become usable, a level
    /// whose file disappeared or broke stops being probed unless it is loaded already (a loaded
    /// level in memory keeps answering from its copy), and a level that failed is tried again
    /// at its next probe if its file changed. Returns whether [`Egdb::max_seeds`] changed.
    /// Tables made from bytes ([`Egdb::from_levels`]) have no folder: nothing changes.
    pub fn refresh(&self) -> bool {
        if self.in_memory {
            return false;
        }
        let _guard = lock(&self.refreshing);
        let before = self.count.load(Ordering::Acquire);
        let mut count = 0;
        for (n, slot) in self.slots.iter().enumerate() {
            let n = n as u8;
            let found = look(&slot.path, &self.rules, n);
            if let Some(loaded) = slot.loaded.load_full() {
                if loaded.level.is_err() && loaded.stamp != Stamp::of(&slot.path) {
                    slot.loaded.store(None);
                }
            }
            let usable = match slot.loaded.load().as_deref() {
                Some(Loaded { level: Ok(l), .. }) => l.in_memory() || found == Found::Header,
                Some(Loaded { level: Err(_), .. }) => false,
                None => found == Found::Header,
            };
            *lock(&slot.found) = found;
            if !usable {
                break;
            }
            count += 1;
        }
        self.count.store(count, Ordering::Release);
        count != before
    }

    /// The directory the tables were opened from (empty for tables made from bytes).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The rules of these tables.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether the tables hold exact values (cycles split evenly) rather than bounds.
    pub fn is_exact(&self) -> bool {
        Kind::of(&self.rules) == Kind::Exact
    }

    /// The largest `n` such that the levels `0..=n` are all present (as of the last
    /// [`Egdb::refresh`]).
    pub fn max_seeds(&self) -> Option<u8> {
        self.count
            .load(Ordering::Acquire)
            .checked_sub(1)
            .map(|n| n as u8)
    }

    /// What the folder holds: the usable levels, the first one that is not and why. Reflects
    /// the last [`Egdb::refresh`] and the levels loaded since; [`Egdb::load_all`] first checks
    /// every level's entries.
    pub fn status(&self) -> Status {
        let count = self.count.load(Ordering::Acquire);
        let mut levels = Vec::new();
        for (n, slot) in self.slots.iter().enumerate() {
            let state = match slot.loaded.load().as_deref() {
                Some(Loaded { level: Ok(l), .. }) => LevelState::Loaded {
                    in_memory: l.in_memory(),
                },
                Some(Loaded {
                    level: Err(ProbeError::Corrupt { reason, .. }),
                    ..
                }) => LevelState::Damaged(reason.clone()),
                Some(Loaded {
                    level: Err(ProbeError::Io { message, .. }),
                    ..
                }) => LevelState::Unreadable(message.clone()),
                None => match &*lock(&slot.found) {
                    Found::Missing => LevelState::Missing,
                    Found::Header => LevelState::Found,
                    Found::BadHeader(why) => LevelState::Damaged(why.clone()),
                    Found::Unreadable(why) => LevelState::Unreadable(why.clone()),
                },
            };
            let stop = n >= count;
            if !(stop && state == LevelState::Missing) {
                levels.push(LevelStatus {
                    n: n as u8,
                    path: slot.path.clone(),
                    state,
                });
            }
            if stop {
                break;
            }
        }
        Status {
            dir: self.dir.clone(),
            dir_exists: !self.in_memory && self.dir.is_dir(),
            in_memory: self.in_memory,
            rules: self.rules,
            max_seeds: self.max_seeds(),
            levels,
        }
    }

    /// Level `n`, loaded (and checked) at the first call.
    pub(crate) fn level(&self, n: u8) -> Result<Arc<Level>, ProbeError> {
        let slot = &self.slots[usize::from(n)];
        if let Some(loaded) = slot.loaded.load_full() {
            return loaded.level.clone();
        }
        self.load_slot(n);
        match slot.loaded.load_full() {
            Some(loaded) => loaded.level.clone(),
            None => Err(ProbeError::Io {
                path: slot.path.clone(),
                message: "level unloaded while in use".into(),
            }),
        }
    }

    /// Reads level `n` into its slot (once, whoever asks first).
    #[cold]
    fn load_slot(&self, n: u8) {
        let slot = &self.slots[usize::from(n)];
        let _guard = lock(&slot.loading);
        if slot.loaded.load().is_none() && self.in_memory {
            // Tables from bytes have no folder: a level not given is never read from one.
            let level = Err(ProbeError::Io {
                path: slot.path.clone(),
                message: "level not given".into(),
            });
            slot.loaded
                .store(Some(Arc::new(Loaded { level, stamp: None })));
        } else if slot.loaded.load().is_none() {
            let stamp = Stamp::of(&slot.path);
            let level =
                Level::load(&slot.path, &self.rules, n, self.options.in_memory_max).map(Arc::new);
            if let Err(e) = &level {
                tracing::warn!("endgame table level {n} unusable: {e}");
            }
            slot.loaded.store(Some(Arc::new(Loaded { level, stamp })));
        }
    }

    /// Loads and checks every level now (instead of at its first probe); the first error.
    /// Then looks at the folder again ([`Egdb::refresh`]), so that [`Egdb::max_seeds`] stops
    /// below the first damaged level and [`Egdb::status`] says why.
    pub fn load_all(&self) -> Result<(), ProbeError> {
        let mut first = Ok(());
        for n in 0..self.count.load(Ordering::Acquire) {
            if let Err(e) = self.with_level(n as u8, |_| Ok(())) {
                first = Err(e);
                break;
            }
        }
        self.refresh();
        first
    }

    /// Runs `f` on level `n`, loading it first if needed.
    #[inline]
    fn with_level<T>(
        &self,
        n: u8,
        f: impl FnOnce(&Level) -> Result<T, ProbeError>,
    ) -> Result<T, ProbeError> {
        let slot = &self.slots[usize::from(n)];
        {
            let guard = slot.loaded.load();
            if let Some(loaded) = guard.as_deref() {
                return match &loaded.level {
                    Ok(level) => f(level),
                    Err(e) => Err(e.clone()),
                };
            }
        }
        self.load_slot(n);
        let guard = slot.loaded.load();
        match guard.as_deref().map(|l| &l.level) {
            Some(Ok(level)) => f(level),
            Some(Err(e)) => Err(e.clone()),
            None => Err(ProbeError::Io {
                path: slot.path.clone(),
                message: "level unloaded while in use".into(),
            }),
        }
    }

    /// The bounds of a position's value, or `Ok(None)` when it has more seeds on the board than
    /// [`Egdb::max_seeds`]. Stores do not matter.
    pub fn probe(&self, pos: &Position) -> Result<Option<Bounds>, ProbeError> {
        let n = pos.seeds_on_board();
        if usize::from(n) >= self.count.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let pits = south_to_move_pits(pos);
        let (lo, hi) = self.with_level(n, |l| l.get(index::rank(&pits)))?;
        Ok(Some(Bounds { lo, hi }))
    }

    /// The bounds of an arrangement of `n` seeds, South to move, or `Ok(None)` above
    /// [`Egdb::max_seeds`]. `pits` must hold `n` seeds.
    pub fn probe_pits(&self, pits: &[u8; PITS]) -> Result<Option<Bounds>, ProbeError> {
        let n: u32 = pits.iter().map(|&p| u32::from(p)).sum();
        if n as usize >= self.count.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let (lo, hi) = self.with_level(n as u8, |l| l.get(index::rank(pits)))?;
        Ok(Some(Bounds { lo, hi }))
    }
}

/// The pits seen by the side to move, as if South: North-to-move positions are flipped.
#[inline]
pub(crate) fn south_to_move_pits(pos: &Position) -> [u8; PITS] {
    match pos.turn() {
        Side::South => pos.pits(),
        Side::North => pos.flipped().pits(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn egdb_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<Egdb>();
    }
}
