//! The file format: one file per rule set and seed count.
//!
//! ```text
//! offset size  field
//!      0    8  magic "OWAREGDB"
//!      8    4  format version, u32 little-endian (1)
//!     12    1  kind: 0 = exact values, 1 = bounds
//!     13    1  grand slam rule (index in GrandSlam::ALL)
//!     14    1  cycle seeds rule (index in CycleSeeds::ALL)
//!     15    1  n, the seeds on the board
//!     16    1  bytes per entry (1 or 2)
//!     17    7  zero
//!     24    8  count of entries, u64 LE (must be C(n + 11, 11))
//!     32    8  checksum of the entries, u64 LE (see `checksum`)
//!     40   24  zero
//!     64    …  count entries, in rank order (see the `index` module)
//! ```
//!
//! Entries, always from the side to move's point of view:
//! - exact (awari): one byte, the value `v` (−n…n) as a two's complement `i8`;
//! - bounds (abapa), `n <= 21`: one byte, the triangular code `s(s+1)/2 + lo'` of the pair
//!   (`lo`, `lo'`) with `s = lo + lo' <= n` — there are `(n+1)(n+2)/2 <= 253` such pairs;
//! - bounds, `n >= 22`: two bytes, `lo` then `lo'`.

use std::fmt;

use oware_core::{CycleSeeds, GrandSlam, Rules};

use crate::index;

/// The magic bytes opening every file.
pub const MAGIC: [u8; 8] = *b"OWAREGDB";
/// The format version written and accepted.
pub const VERSION: u32 = 1;
/// The header's length in bytes.
pub const HEADER_LEN: usize = 64;
/// The file name extension.
pub const EXTENSION: &str = "egdb";

/// What a table stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// One exact history-free value per position (cycles split the seeds evenly).
    Exact,
    /// Two guarantees (`lo`, `lo'`) per position (cycles give each player their own row).
    Bounds,
}

impl Kind {
    /// The kind of table the rules call for.
    pub fn of(rules: &Rules) -> Kind {
        match rules.cycle_seeds {
            CycleSeeds::Even => Kind::Exact,
            CycleSeeds::OwnRow => Kind::Bounds,
        }
    }
}

/// Whether databases can be built for these rules: every grand slam rule but `to-opponent`
/// (which ends the game and hands the opponent their row, so a move's value is not "the seeds
/// it captured plus the rest of the game").
pub fn supports(rules: &Rules) -> bool {
    rules.grand_slam != GrandSlam::ToOpponent
}

/// The file name stem for a rule set: `abapa` (also for `playstrategy`: the repetition rule
/// does not change the tables), `awari`, or `gs-<grand slam>.cycle-<cycle seeds>`.
pub fn tag(rules: &Rules) -> String {
    match (rules.grand_slam, rules.cycle_seeds) {
        (GrandSlam::NoCapture, CycleSeeds::OwnRow) => "abapa".to_string(),
        (GrandSlam::Illegal, CycleSeeds::Even) => "awari".to_string(),
        (g, c) => format!("gs-{g}.cycle-{c}"),
    }
}

/// The file name of level `n`: `<tag>-<nn>.egdb`.
pub fn file_name(rules: &Rules, n: u8) -> String {
    format!("{}-{n:02}.{EXTENSION}", tag(rules))
}

/// Bytes per entry for a level.
pub fn entry_bytes(kind: Kind, n: u8) -> usize {
    match kind {
        Kind::Exact => 1,
        Kind::Bounds if pair_count(n) <= 256 => 1,
        Kind::Bounds => 2,
    }
}

/// The number of (`lo`, `lo'`) pairs with `lo + lo' <= n`.
fn pair_count(n: u8) -> usize {
    let n = usize::from(n);
    (n + 1) * (n + 2) / 2
}

/// The triangular code of a bounds pair.
#[inline]
pub fn pair_code(lo: u8, lo_opp: u8) -> u8 {
    let s = u16::from(lo) + u16::from(lo_opp);
    (s * (s + 1) / 2 + u16::from(lo_opp)) as u8
}

/// A decoding table for one-byte entries: the (lower, upper) difference bounds of each byte,
/// or `None` where the byte is not a valid entry for level `n`.
pub fn decode_table(kind: Kind, n: u8) -> Box<[Option<(i8, i8)>; 256]> {
    let mut t = Box::new([None; 256]);
    let ni = n as i8;
    match kind {
        Kind::Exact => {
            for v in -ni..=ni {
                t[v as u8 as usize] = Some((v, v));
            }
        }
        Kind::Bounds => {
            if entry_bytes(kind, n) == 1 {
                for lo in 0..=n {
                    for lo_opp in 0..=n - lo {
                        t[usize::from(pair_code(lo, lo_opp))] = Some(diff_bounds(n, lo, lo_opp));
                    }
                }
            }
        }
    }
    t
}

/// Difference bounds from the guarantees: `(2 lo − n, n − 2 lo')`.
#[inline]
pub fn diff_bounds(n: u8, lo: u8, lo_opp: u8) -> (i8, i8) {
    let (n, lo, lo_opp) = (n as i8, lo as i8, lo_opp as i8);
    (2 * lo - n, n - 2 * lo_opp)
}

/// A file header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// What the entries are.
    pub kind: Kind,
    /// The grand slam rule the table was built for.
    pub grand_slam: GrandSlam,
    /// The cycle rule the table was built for.
    pub cycle_seeds: CycleSeeds,
    /// Seeds on the board.
    pub n: u8,
    /// Bytes per entry.
    pub entry_bytes: u8,
    /// Number of entries.
    pub count: u64,
    /// Checksum of the entries.
    pub checksum: u64,
}

/// Why a header is not acceptable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderError(pub String);

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Header {
    /// The header a level of these rules must have (checksum aside).
    pub fn expected(rules: &Rules, n: u8, checksum: u64) -> Header {
        let kind = Kind::of(rules);
        Header {
            kind,
            grand_slam: rules.grand_slam,
            cycle_seeds: rules.cycle_seeds,
            n,
            entry_bytes: entry_bytes(kind, n) as u8,
            count: index::positions(n),
            checksum,
        }
    }

    /// The data length the header announces.
    pub fn data_len(&self) -> u64 {
        self.count * u64::from(self.entry_bytes)
    }

    /// The 64 header bytes.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let mut b = [0u8; HEADER_LEN];
        b[..8].copy_from_slice(&MAGIC);
        b[8..12].copy_from_slice(&VERSION.to_le_bytes());
        b[12] = match self.kind {
            Kind::Exact => 0,
            Kind::Bounds => 1,
        };
        b[13] = GrandSlam::ALL
            .iter()
            .position(|&g| g == self.grand_slam)
            .unwrap_or(0) as u8;
        b[14] = CycleSeeds::ALL
            .iter()
            .position(|&c| c == self.cycle_seeds)
            .unwrap_or(0) as u8;
        b[15] = self.n;
        b[16] = self.entry_bytes;
        b[24..32].copy_from_slice(&self.count.to_le_bytes());
        b[32..40].copy_from_slice(&self.checksum.to_le_bytes());
        b
    }

    /// Parses header bytes and checks them against the rules and level expected.
    pub fn parse(bytes: &[u8], rules: &Rules, n: u8) -> Result<Header, HeaderError> {
        if bytes.len() < HEADER_LEN {
            return Err(HeaderError(format!(
                "file too short for a header ({} bytes)",
                bytes.len()
            )));
        }
        if bytes[..8] != MAGIC {
            return Err(HeaderError("bad magic: not an oware egdb file".into()));
        }
        let version = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
        if version != VERSION {
            return Err(HeaderError(format!(
                "format version {version}, expected {VERSION}"
            )));
        }
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[32..40]);
        let checksum = u64::from_le_bytes(word);
        let want = Header::expected(rules, n, checksum);
        if bytes[..HEADER_LEN] != want.to_bytes() {
            return Err(HeaderError(format!(
                "header does not match rules {rules} and n = {n} (kind, rules, n, entry size or count differ)"
            )));
        }
        Ok(want)
    }

    /// Checks that a level file of `len` bytes holds exactly the entries the header announces
    /// (the header and `count` entries of `entry_bytes`).
    pub fn check_len(&self, len: u64) -> Result<(), HeaderError> {
        let want = HEADER_LEN as u64 + self.data_len();
        if len != want {
            return Err(HeaderError(format!("length {len} bytes, expected {want}")));
        }
        Ok(())
    }

    /// Checks the entries' checksum `sum` (of [`checksum`]) against the header's.
    pub fn check_sum(&self, sum: u64) -> Result<(), HeaderError> {
        if sum != self.checksum {
            return Err(HeaderError(format!(
                "checksum {sum:016x}, header says {:016x}",
                self.checksum
            )));
        }
        Ok(())
    }
}

/// Checks a whole level file held in memory, as the file reader checks one on disk: the header
/// ([`Header::parse`], for `rules` and level `n`), the length ([`Header::check_len`]) and the
/// checksum ([`Header::check_sum`]). Returns the header and the entries. Any bytes give an
/// answer, never a panic: `n` above [`index::MAX_SEEDS`] is refused too.
pub fn parse_level<'a>(
    bytes: &'a [u8],
    rules: &Rules,
    n: u8,
) -> Result<(Header, &'a [u8]), HeaderError> {
    if n > index::MAX_SEEDS {
        return Err(HeaderError(format!(
            "level {n}: at most {} seeds",
            index::MAX_SEEDS
        )));
    }
    let header = Header::parse(bytes, rules, n)?;
    header.check_len(bytes.len() as u64)?;
    let data = &bytes[HEADER_LEN..];
    header.check_sum(checksum(data))?;
    Ok((header, data))
}

/// The checksum of a table's entries: a 64-bit multiply–rotate hash over little-endian words,
/// the tail bytes zero-padded, and the length mixed in last. [`Checksum`] computes the same
/// piece by piece.
pub fn checksum(data: &[u8]) -> u64 {
    let mut c = Checksum::new();
    c.update(data);
    c.finish()
}

const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

/// [`checksum`] over data that comes in pieces (a file read in chunks).
#[derive(Debug, Clone)]
pub struct Checksum {
    lanes: [u64; 4],
    len: u64,
    pending: [u8; 32],
    pending_len: usize,
}

impl Default for Checksum {
    fn default() -> Self {
        Checksum::new()
    }
}

impl Checksum {
    /// Nothing hashed yet.
    pub fn new() -> Checksum {
        Checksum {
            lanes: [
                0x243f_6a88_85a3_08d3u64,
                0x1319_8a2e_0370_7344,
                0xa409_3822_299f_31d0,
                0x082e_fa98_ec4e_6c89,
            ],
            len: 0,
            pending: [0; 32],
            pending_len: 0,
        }
    }

    fn block(&mut self, c: &[u8]) {
        for (i, lane) in self.lanes.iter_mut().enumerate() {
            let mut w = [0u8; 8];
            w.copy_from_slice(&c[8 * i..8 * i + 8]);
            *lane = (*lane ^ u64::from_le_bytes(w))
                .wrapping_mul(MIX)
                .rotate_left(29);
        }
    }

    /// Hashes the next piece.
    pub fn update(&mut self, mut data: &[u8]) {
        self.len += data.len() as u64;
        if self.pending_len > 0 {
            let k = (32 - self.pending_len).min(data.len());
            self.pending[self.pending_len..self.pending_len + k].copy_from_slice(&data[..k]);
            self.pending_len += k;
            data = &data[k..];
            if self.pending_len < 32 {
                return;
            }
            let block = self.pending;
            self.block(&block);
            self.pending_len = 0;
        }
        let mut chunks = data.chunks_exact(32);
        for c in &mut chunks {
            self.block(c);
        }
        let rest = chunks.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.pending_len = rest.len();
    }

    /// The checksum of everything hashed.
    pub fn finish(&self) -> u64 {
        let mut tail = [0u8; 32];
        tail[..self.pending_len].copy_from_slice(&self.pending[..self.pending_len]);
        let mut h = self.len;
        for (i, lane) in self.lanes.iter().enumerate() {
            let mut w = [0u8; 8];
            w.copy_from_slice(&tail[8 * i..8 * i + 8]);
            let l = (*lane ^ u64::from_le_bytes(w))
                .wrapping_mul(MIX)
                .rotate_left(29);
            h = (h ^ l).wrapping_mul(MIX).rotate_left(31);
        }
        h ^ (h >> 32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_codes_are_dense_and_distinct() {
        for n in 0..=21u8 {
            let t = decode_table(Kind::Bounds, n);
            assert_eq!(t.iter().filter(|e| e.is_some()).count(), pair_count(n));
        }
        assert_eq!(entry_bytes(Kind::Bounds, 21), 1);
        assert_eq!(entry_bytes(Kind::Bounds, 22), 2);
    }

    #[test]
    fn header_round_trips() {
        let h = Header::expected(&Rules::ABAPA, 7, 42);
        assert_eq!(Header::parse(&h.to_bytes(), &Rules::ABAPA, 7), Ok(h));
        assert!(Header::parse(&h.to_bytes(), &Rules::AWARI, 7).is_err());
        assert!(Header::parse(&h.to_bytes(), &Rules::ABAPA, 8).is_err());
    }

    #[test]
    fn a_level_in_memory_is_checked_whole() {
        let data = vec![0u8; index::positions(2) as usize];
        let h = Header::expected(&Rules::ABAPA, 2, checksum(&data));
        let mut file = h.to_bytes().to_vec();
        file.extend_from_slice(&data);
        let (got, entries) = parse_level(&file, &Rules::ABAPA, 2).unwrap();
        assert_eq!((got, entries.len()), (h, data.len()));
        let err = |bytes: &[u8], n: u8| parse_level(bytes, &Rules::ABAPA, n).unwrap_err().0;
        assert!(err(&file[..file.len() - 1], 2).contains("length"));
        assert!(err(&file[..10], 2).contains("too short"));
        let mut longer = file.clone();
        longer.push(0);
        assert!(err(&longer, 2).contains("length"));
        let mut flipped = file.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert!(err(&flipped, 2).contains("checksum"));
        assert!(err(&file, 3).contains("does not match"));
        assert!(err(&file, 200).contains("at most 48"));
        assert!(err(&[], 0).contains("too short"));
    }

    #[test]
    fn checksum_sees_every_byte() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7) as u8).collect();
        let base = checksum(&data);
        for i in [0, 31, 32, 500, 999] {
            let mut d = data.clone();
            d[i] ^= 1;
            assert_ne!(checksum(&d), base);
        }
        assert_ne!(checksum(&data[..999]), base);
    }

    #[test]
    fn checksum_in_pieces_is_the_same() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 13 + 5) as u8).collect();
        let whole = checksum(&data);
        for cuts in [&[0usize][..], &[1, 2, 40], &[31, 32, 33, 999], &[500]] {
            let mut c = Checksum::new();
            let mut at = 0;
            for &cut in cuts {
                c.update(&data[at..cut]);
                at = cut;
            }
            c.update(&data[at..]);
            assert_eq!(c.finish(), whole, "cuts {cuts:?}");
        }
    }
}
