//! Opening and probing: [`Egdb`].

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use memmap2::Mmap;
use oware_core::{Position, Rules, Side, PITS};

use crate::format::{self, Header, Kind, HEADER_LEN};
use crate::index::{self, MAX_SEEDS};
use crate::Bounds;

/// Why a database directory could not be opened.
#[derive(Debug)]
pub enum OpenError {
    /// The rules have no databases (the `to-opponent` grand slam rule).
    UnsupportedRules(Rules),
    /// A file or the directory could not be read.
    Io {
        /// The path concerned.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// A file's header is wrong: not a table, another format version, rules or seed count.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
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
            OpenError::Io { path, source } => write!(f, "cannot read {}: {source}", path.display()),
            OpenError::Corrupt { path, reason } => {
                write!(f, "corrupt endgame database {}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpenError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Why a probe failed. Errors are remembered: a level that failed to map fails every probe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProbeError {
    /// The level's file could not be read or mapped.
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error, as text.
        message: String,
    },
    /// The level's file is damaged: wrong length, checksum or an invalid entry.
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

/// One mapped, checked level.
pub(crate) struct Level {
    path: PathBuf,
    n: u8,
    entry_bytes: usize,
    map: Mmap,
    table: Box<[Option<(i8, i8)>; 256]>,
}

impl Level {
    /// Maps a level file and checks its header, length and checksum.
    pub(crate) fn map(path: &Path, rules: &Rules, n: u8) -> Result<Level, ProbeError> {
        let io_err = |e: io::Error| ProbeError::Io {
            path: path.to_path_buf(),
            message: e.to_string(),
        };
        let corrupt = |reason: String| ProbeError::Corrupt {
            path: path.to_path_buf(),
            reason,
        };
        let file = File::open(path).map_err(io_err)?;
        let map = map_file(&file).map_err(io_err)?;
        let header = Header::parse(&map, rules, n).map_err(|e| corrupt(e.0))?;
        let want = HEADER_LEN as u64 + header.data_len();
        if map.len() as u64 != want {
            return Err(corrupt(format!(
                "length {} bytes, expected {want}",
                map.len()
            )));
        }
        let sum = format::checksum(&map[HEADER_LEN..]);
        if sum != header.checksum {
            return Err(corrupt(format!(
                "checksum {sum:016x}, header says {:016x}",
                header.checksum
            )));
        }
        Ok(Level {
            path: path.to_path_buf(),
            n,
            entry_bytes: usize::from(header.entry_bytes),
            map,
            table: format::decode_table(Kind::of(rules), n),
        })
    }

    /// The (lower, upper) difference bounds of entry `i`.
    #[inline]
    pub(crate) fn get(&self, i: u64) -> Result<(i8, i8), ProbeError> {
        let data = &self.map[HEADER_LEN..];
        let i = i as usize;
        let decoded = if self.entry_bytes == 1 {
            data.get(i).and_then(|&b| self.table[usize::from(b)])
        } else {
            match data.get(2 * i..2 * i + 2) {
                Some(&[lo, lo_opp]) if u16::from(lo) + u16::from(lo_opp) <= u16::from(self.n) => {
                    Some(format::diff_bounds(self.n, lo, lo_opp))
                }
                _ => None,
            }
        };
        decoded.ok_or_else(|| ProbeError::Corrupt {
            path: self.path.clone(),
            reason: format!("entry {i} is out of range or invalid"),
        })
    }
}

#[allow(unsafe_code)]
fn map_file(file: &File) -> io::Result<Mmap> {
    // SAFETY: the mapping is read-only and tables are never written in place: the builder
    // writes a temporary file and renames it over the old one, so a mapped file's contents do
    // not change under us unless someone edits a table by hand while it is in use. Every byte
    // read through the map is validated (checksum at open, range check at each probe).
    unsafe { Mmap::map(file) }
}

struct Slot {
    path: PathBuf,
    level: OnceLock<Result<Level, ProbeError>>,
}

/// The endgame databases of one rule set in one directory. `Send + Sync`: share it freely.
///
/// [`Egdb::open`] reads the headers of the levels present (`<rules>-00.egdb`, `<rules>-01.egdb`,
/// …, stopping at the first missing one); each level is mapped and its checksum checked the
/// first time it is probed.
pub struct Egdb {
    dir: PathBuf,
    rules: Rules,
    slots: Vec<Slot>,
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

impl Egdb {
    /// Opens the tables for `rules` in `dir`. An empty or missing directory is not an error:
    /// [`Egdb::max_seeds`] is then `None`.
    pub fn open(dir: &Path, rules: &Rules) -> Result<Egdb, OpenError> {
        if !format::supports(rules) {
            return Err(OpenError::UnsupportedRules(*rules));
        }
        let mut slots = Vec::new();
        for n in 0..=MAX_SEEDS {
            let path = dir.join(format::file_name(rules, n));
            let mut bytes = [0u8; HEADER_LEN];
            let read = File::open(&path).and_then(|mut f| {
                let mut got = 0;
                while got < HEADER_LEN {
                    match f.read(&mut bytes[got..])? {
                        0 => break,
                        k => got += k,
                    }
                }
                Ok(got)
            });
            let got = match read {
                Ok(got) => got,
                Err(e) if e.kind() == io::ErrorKind::NotFound => break,
                Err(source) => return Err(OpenError::Io { path, source }),
            };
            if let Err(e) = Header::parse(&bytes[..got], rules, n) {
                return Err(OpenError::Corrupt { path, reason: e.0 });
            }
            slots.push(Slot {
                path,
                level: OnceLock::new(),
            });
        }
        Ok(Egdb {
            dir: dir.to_path_buf(),
            rules: *rules,
            slots,
        })
    }

    /// The directory the tables were opened from.
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

    /// The largest `n` such that the levels `0..=n` are all present.
    pub fn max_seeds(&self) -> Option<u8> {
        self.slots.len().checked_sub(1).map(|n| n as u8)
    }

    pub(crate) fn level(&self, n: u8) -> Result<&Level, ProbeError> {
        let slot = &self.slots[usize::from(n)];
        slot.level
            .get_or_init(|| Level::map(&slot.path, &self.rules, n))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Maps and checks every level now (instead of at its first probe).
    pub fn load_all(&self) -> Result<(), ProbeError> {
        for n in 0..self.slots.len() {
            self.level(n as u8)?;
        }
        Ok(())
    }

    /// The bounds of a position's value, or `Ok(None)` when it has more seeds on the board than
    /// [`Egdb::max_seeds`]. Stores do not matter.
    pub fn probe(&self, pos: &Position) -> Result<Option<Bounds>, ProbeError> {
        let pits = south_to_move_pits(pos);
        let n = pos.seeds_on_board();
        if usize::from(n) >= self.slots.len() {
            return Ok(None);
        }
        let (lo, hi) = self.level(n)?.get(index::rank(&pits))?;
        Ok(Some(Bounds { lo, hi }))
    }

    /// The bounds of an arrangement of `n` seeds, South to move, or `Ok(None)` above
    /// [`Egdb::max_seeds`]. `pits` must hold `n` seeds.
    pub fn probe_pits(&self, pits: &[u8; PITS]) -> Result<Option<Bounds>, ProbeError> {
        let n: u32 = pits.iter().map(|&p| u32::from(p)).sum();
        if n as usize >= self.slots.len() {
            return Ok(None);
        }
        let (lo, hi) = self.level(n as u8)?.get(index::rank(pits))?;
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
