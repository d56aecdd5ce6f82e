//! One level of the tables, loaded and checked: its entries in memory or read from its file,
//! and the decoding of an entry into bounds.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use oware_core::Rules;

use super::ProbeError;
use crate::format::{self, Header, Kind, HEADER_LEN};

/// Where a level's entries are read from.
enum Data {
    /// The whole level (header and entries) in memory, checked.
    Memory(Box<[u8]>),
    /// The open file, read entry by entry with positioned reads.
    File(File),
}

/// One loaded, checked level.
pub(crate) struct Level {
    path: PathBuf,
    n: u8,
    entry_bytes: usize,
    data: Data,
    table: Box<[Option<(i8, i8)>; 256]>,
}

/// Reads into `buf` at `offset` until it is full or the file ends; the bytes read.
pub(super) fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        #[cfg(unix)]
        let k = std::os::unix::fs::FileExt::read_at(file, &mut buf[got..], offset + got as u64);
        #[cfg(windows)]
        let k =
            std::os::windows::fs::FileExt::seek_read(file, &mut buf[got..], offset + got as u64);
        // WebAssembly in a browser has no files: nothing is ever opened there.
        #[cfg(not(any(unix, windows)))]
        let k: io::Result<usize> = {
            let _ = (file, offset);
            Err(io::ErrorKind::Unsupported.into())
        };
        match k {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

impl Level {
    /// Reads a level file whole into memory and checks its header, length and checksum (what
    /// the builder uses for the levels below the one it solves).
    pub(crate) fn read(path: &Path, rules: &Rules, n: u8) -> Result<Level, ProbeError> {
        Level::load(path, rules, n, u64::MAX)
    }

    /// Opens a level file and checks its header, length and checksum; reads it into memory
    /// when its entries take at most `in_memory_max` bytes.
    pub(crate) fn load(
        path: &Path,
        rules: &Rules,
        n: u8,
        in_memory_max: u64,
    ) -> Result<Level, ProbeError> {
        let io_err = |e: io::Error| ProbeError::Io {
            path: path.to_path_buf(),
            message: e.to_string(),
        };
        let corrupt = |reason: String| ProbeError::Corrupt {
            path: path.to_path_buf(),
            reason,
        };
        let file = File::open(path).map_err(io_err)?;
        let mut head = [0u8; HEADER_LEN];
        let got = read_at(&file, &mut head, 0).map_err(io_err)?;
        let header = Header::parse(&head[..got], rules, n).map_err(|e| corrupt(e.0))?;
        let want = header.data_len();
        let len = file.metadata().map_err(io_err)?.len();
        header.check_len(len).map_err(|e| corrupt(e.0))?;
        let shrank = |got: u64| {
            corrupt(format!(
                "file shrank while being read: {got} of {want} entry bytes"
            ))
        };
        if want <= in_memory_max {
            // The whole file, then the checks of a level in memory (`from_bytes`): one parser.
            let size = usize::try_from(len).map_err(|_| corrupt("too big for memory".into()))?;
            let mut buf = vec![0u8; size];
            let got = read_at(&file, &mut buf, 0).map_err(io_err)?;
            if got < size {
                return Err(shrank(got.saturating_sub(HEADER_LEN) as u64));
            }
            return Level::from_bytes(buf, rules, n, path.to_path_buf());
        }
        let mut hasher = format::Checksum::new();
        let mut buf = vec![0u8; 1 << 20];
        let mut at = 0u64;
        while at < want {
            let k = (want - at).min(buf.len() as u64) as usize;
            let got = read_at(&file, &mut buf[..k], HEADER_LEN as u64 + at).map_err(io_err)?;
            if got < k {
                return Err(shrank(at + got as u64));
            }
            hasher.update(&buf[..k]);
            at += k as u64;
        }
        header
            .check_sum(hasher.finish())
            .map_err(|e| corrupt(e.0))?;
        Ok(Level {
            path: path.to_path_buf(),
            n,
            entry_bytes: usize::from(header.entry_bytes),
            data: Data::File(file),
            table: format::decode_table(Kind::of(rules), n),
        })
    }

    /// A whole level file's bytes (header and entries), checked by [`format::parse_level`]
    /// (header, length, checksum) and kept in memory; `path` names it in errors.
    pub(crate) fn from_bytes(
        bytes: Vec<u8>,
        rules: &Rules,
        n: u8,
        path: PathBuf,
    ) -> Result<Level, ProbeError> {
        let header = match format::parse_level(&bytes, rules, n) {
            Ok((header, _)) => header,
            Err(e) => return Err(ProbeError::Corrupt { path, reason: e.0 }),
        };
        Ok(Level {
            path,
            n,
            entry_bytes: usize::from(header.entry_bytes),
            data: Data::Memory(bytes.into_boxed_slice()),
            table: format::decode_table(Kind::of(rules), n),
        })
    }

    /// Whether the entries are in memory (rather than read from the file at each probe).
    pub(crate) fn in_memory(&self) -> bool {
        matches!(self.data, Data::Memory(_))
    }

    /// The (lower, upper) difference bounds of entry `i`.
    #[inline]
    pub(crate) fn get(&self, i: u64) -> Result<(i8, i8), ProbeError> {
        let mut pair = [0u8; 2];
        let bytes: &[u8] = match &self.data {
            Data::Memory(data) => usize::try_from(i)
                .ok()
                .and_then(|i| i.checked_mul(self.entry_bytes))
                .and_then(|at| data.get(HEADER_LEN + at..HEADER_LEN + at + self.entry_bytes))
                .unwrap_or(&[]),
            Data::File(file) => {
                let buf = &mut pair[..self.entry_bytes];
                let offset = HEADER_LEN as u64 + i * self.entry_bytes as u64;
                match read_at(file, buf, offset) {
                    Ok(k) if k == buf.len() => buf,
                    Ok(_) => {
                        return Err(ProbeError::Io {
                            path: self.path.clone(),
                            message: format!("entry {i} is past the end: the file shrank"),
                        })
                    }
                    Err(e) => {
                        return Err(ProbeError::Io {
                            path: self.path.clone(),
                            message: format!("reading entry {i}: {e}"),
                        })
                    }
                }
            }
        };
        let decoded = match *bytes {
            [b] => self.table[usize::from(b)],
            [lo, lo_opp] if u16::from(lo) + u16::from(lo_opp) <= u16::from(self.n) => {
                Some(format::diff_bounds(self.n, lo, lo_opp))
            }
            _ => None,
        };
        decoded.ok_or_else(|| ProbeError::Corrupt {
            path: self.path.clone(),
            reason: format!("entry {i} is out of range or invalid"),
        })
    }
}
