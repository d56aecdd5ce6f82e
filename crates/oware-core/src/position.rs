use std::fmt;

use crate::outcome::{AgreementError, EndReason, Outcome, Score};
use crate::rules::{CycleSeeds, GrandSlam, Rules};
use crate::{BySide, Move, MoveList, Side};

/// The number of pits on the board.
pub const PITS: usize = 12;
/// The number of seeds in a game.
pub const TOTAL_SEEDS: u8 = 48;
/// Captured seeds that win the game.
pub const WINNING_SCORE: u8 = 25;

/// A position as plain data, possibly invalid. [`Position::from_setup`] validates it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Seed counts in pit order: `A`–`F` (South, 0–5) then `a`–`f` (North, 6–11).
    pub pits: [u8; PITS],
    /// Captured seeds.
    pub stores: BySide<u8>,
    /// The side to move.
    pub turn: Side,
}

impl Setup {
    /// The start position: four seeds in every pit, South to move.
    pub const fn start() -> Setup {
        Setup {
            pits: [4; PITS],
            stores: BySide::new(0, 0),
            turn: Side::South,
        }
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::start()
    }
}

/// Why a [`Setup`] is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// Pits and stores do not add up to 48 seeds.
    SeedCount {
        /// The seeds found.
        found: u32,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::SeedCount { found } => {
                write!(f, "pits and stores hold {found} seeds, expected 48")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    /// The game is already over.
    GameOver,
    /// The pit holds no seeds.
    EmptyPit {
        /// The pit's letter.
        pit: char,
    },
    /// The opponent's row is empty and this move does not reach it while another move does.
    MustFeed {
        /// The side that must be fed.
        opponent: Side,
    },
    /// Under the `illegal` grand slam rule: the move would capture every opponent seed while
    /// another move exists.
    GrandSlam,
    /// The move letter belongs to the side not on move.
    WrongSide {
        /// The side to move.
        turn: Side,
    },
    /// The move text's capture suffix (`C+2`) differs from what the move captures: the record
    /// was probably played under other rules.
    WrongCapture {
        /// The move's letter.
        pit: char,
        /// The count the text gives.
        written: u8,
        /// The seeds the move takes into the mover's store.
        actual: u8,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::EmptyPit { pit } => write!(f, "pit {pit} is empty"),
            PlayError::MustFeed { opponent } => write!(f, "must feed {opponent}"),
            PlayError::GrandSlam => f.write_str(
                "a grand slam (capturing every opponent seed) is illegal while another move exists",
            ),
            PlayError::WrongSide { turn } => write!(f, "it is {turn}'s turn"),
            PlayError::WrongCapture {
                pit,
                written,
                actual,
            } => write!(
                f,
                "{pit}+{written} is written, but {pit} captures {actual} seed{} here \
                 (a record played under other rules?)",
                if *actual == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for PlayError {}

/// What one move did, seed by seed: for animations and annotations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveDetail {
    /// The absolute pit emptied.
    pub from: usize,
    /// The absolute pits that received a seed, in sowing order (as many as seeds sown).
    pub sown: Vec<usize>,
    /// The absolute pits captured, from the last seed's pit backwards.
    pub captured_pits: Vec<usize>,
    /// Seeds captured (into the mover's store).
    pub captured: u8,
    /// Whether the move is a grand slam (it would capture every seed of the opponent).
    pub grand_slam: bool,
    /// The position after the move.
    pub after: Position,
}

/// A valid position: 12 pits, two stores, the side to move. Small and `Copy`.
///
/// Everything is packed one byte each into a `u128` (16 bytes: one copy, one comparison), so
/// that a sowing is a handful of arithmetic operations whatever the number of seeds. It is kept
/// as the side to move sees the board. Each 64-bit word is one side's: its six pits in bytes
/// 0–5 in sowing order, its store in byte 6, and in byte 7 a bit that says whose turn it is
/// (0 when South is to move). The low word is the mover's (the pit of move `i` in byte `i`),
/// the high word the opponent's, whose byte 7 holds the opposite bit. A move turns the board
/// around by swapping the two words, which swaps the rows and the stores and flips the turn at
/// once (free: the processor only renames registers). So the rules' code never asks whose turn
/// it is: one sowing table, one capture test, one evaluation for both sides. The public
/// accessors ([`Position::pits`], [`Position::store`], …) speak of the board as it stands
/// (South's pits `A`–`F` first); [`Position::packed`] gives the word itself.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: u128,
}

/// The pits' bytes of a position's word.
const PIT_BYTES: u128 = 0xffff_ffff_ffff << 64 | 0xffff_ffff_ffff;
/// Where the stores are in a position's word: the mover's, then the opponent's.
const STORE_AT: [u32; 2] = [48, 112];
/// The turn's bit in a position's word (the high word has the opposite one at bit 120).
const TURN_AT: u32 = 56;

/// One seed in the mover's pit `q` (0–11: its own pits, then the opponent's).
const fn one_at(q: usize) -> u128 {
    1u128 << (8 * byte_of(q))
}

/// The byte of a board holding the mover's pit `q` (0–11: its own pits, then the opponent's).
#[inline(always)]
const fn byte_of(q: usize) -> usize {
    if q < 6 {
        q
    } else {
        q + 2
    }
}

/// `SOWING[64 i + n]`: what sowing `n` seeds (n ≤ 48) from the mover's pit `i` adds to a board,
/// as a number: one at each pit a seed falls in (laps of 11 skip pit `i`), minus `n` at `i`
/// (wrapping: added to a board whose pit `i` holds `n` seeds, the borrow the subtraction stands
/// for cancels, and every byte ends exact). Whole sowings, laps included: no division, no
/// branch on the count. Rows of 64, as [`LAST_SHIFT`]'s: one index for both.
const SOWING: [u128; 64 * 6] = SOWING_TABLES.0;

/// `LAST_SHIFT[64 i + n]`: where the last of `n` seeds sown from the mover's pit `i` lands, as
/// the shift that brings that pit's byte to the top of the opponent's row (`opp_word`): 56 − 8j
/// when it is the opponent's pit j, else [`NO_CAPTURE`] (the mover's own row, or `n` = 0).
const LAST_SHIFT: [u8; 64 * 6] = SOWING_TABLES.1;

/// [`SOWING`] and [`LAST_SHIFT`], filled by one walk of every sowing, seed by seed.
const SOWING_TABLES: ([u128; 64 * 6], [u8; 64 * 6]) = {
    let mut sowing = [0u128; 64 * 6];
    let mut last = [NO_CAPTURE; 64 * 6];
    let mut p = 0;
    while p < 6 {
        let mut pit = p;
        let mut n = 1;
        while n <= TOTAL_SEEDS as usize {
            pit = (pit + 1) % PITS;
            if pit == p {
                pit = (pit + 1) % PITS;
            }
            sowing[64 * p + n] = sowing[64 * p + n - 1]
                .wrapping_add(one_at(pit))
                .wrapping_sub(one_at(p));
            if pit >= 6 {
                last[64 * p + n] = (56 - 8 * (pit - 6)) as u8;
            }
            n += 1;
        }
        p += 1;
    }
    (sowing, last)
};

/// [`LAST_SHIFT`] of a sowing that ends on the mover's row: at least 64.
const NO_CAPTURE: u8 = 0xff;

/// The seeds in the mover's pit `q` (0–11: its own pits, then the opponent's).
#[inline]
fn byte(board: u128, q: usize) -> u8 {
    (board >> (8 * byte_of(q))) as u8
}

/// The board as the other side sees it: the two words swapped (rows, stores, turn's bits).
#[inline(always)]
const fn turned(board: u128) -> u128 {
    board.rotate_left(64)
}

/// The mover's word: its pit j in byte j, its store in byte 6, the turn's bit in byte 7.
#[inline(always)]
fn own_word(board: u128) -> u64 {
    board as u64
}

/// The opponent's word: its pit j in byte j, its store in byte 6, the opposite bit in byte 7.
#[inline(always)]
fn opp_word(board: u128) -> u64 {
    (board >> 64) as u64
}

/// The six pits of a side's word.
const ROW: u64 = 0xffff_ffff_ffff;

/// The pits in board order (South's pit j in byte j, North's from byte 6 on, bytes 12–15
/// zero) of a board as `side`, to move, sees it.
#[inline]
fn in_board_order(board: u128, side: Side) -> u128 {
    let (south, north) = match side {
        Side::South => (own_word(board), opp_word(board)),
        Side::North => (opp_word(board), own_word(board)),
    };
    u128::from(south & ROW) | u128::from(north & ROW) << 48
}

/// A side's word: its pits (the six low bytes of `row`), its store, and the turn's bit.
const fn side_word(row: u64, store: u8, turn_bit: u64) -> u64 {
    (row & ROW) | (store as u64) << 48 | turn_bit << TURN_AT
}

/// The seeds of a row held in the six low bytes of `row` (the others 0).
#[inline]
fn row_sum(row: u64) -> u8 {
    // Sum of six bytes: every byte is at most 48, so no partial sum overflows a byte.
    (row.wrapping_mul(0x0101_0101_0101) >> 40) as u8
}

/// The seeds on the mover's row.
#[inline]
fn own_seeds(board: u128) -> u8 {
    row_sum(own_word(board) & ROW)
}

/// The seeds on the opponent's row.
#[inline]
fn opp_seeds(board: u128) -> u8 {
    row_sum(opp_word(board) & ROW)
}

/// The bits 0–5 of `x` from the high bits (bit 7) of its six low bytes, its only bits set.
#[inline]
fn gather_high_bits(x: u64) -> u8 {
    debug_assert_eq!(x & !HIGH_BITS, 0);
    // Bit 8a + 7 times 2^(51-7b) lands on bit 58 + a + 7(a − b): on 58 + a for a = b, the top six
    // bits, which no other product reaches (for a ≠ b, a + 7(a − b) is below 0 or above 5). No
    // two products share a bit (8(a − a') = 7(b − b') only for a = a'), so nothing carries, and
    // the shift leaves six bits: no mask.
    const M: u64 = (1 << 51) | (1 << 44) | (1 << 37) | (1 << 30) | (1 << 23) | (1 << 16);
    (x.wrapping_mul(M) >> 58) as u8
}

/// Adding this sets bit 7 of each byte holding at least 1 seed (counts are at most 48).
const NON_EMPTY: u64 = 0x7f7f_7f7f_7f7f;
/// Adding this sets bit 7 of byte i when it holds at least 6 − i seeds: enough to reach the
/// opponent's row.
const REACHES: u64 = 0x7f7e_7d7c_7b7a;
const HIGH_BITS: u64 = 0x8080_8080_8080;
/// Adding this sets bit 7 of each byte holding at least 3 seeds.
const AT_LEAST_3: u64 = 0x7d7d_7d7d_7d7d;

/// Bit 7 of byte 7: always set in [`Position::capture_candidates`]' mask of weak pits (the byte
/// of the sowings with a lap).
const TOP_BYTE_HIGH: u64 = 0x80 << 56;

/// `CAPTURE_ENDS[64 i + n]`: where a sowing of `n` seeds from the mover's pit `i` ends, for
/// [`Position::capture_candidates`], as bit `i` of a byte: byte j when it ends on the opponent's
/// pit j (read from [`LAST_SHIFT`]), byte 7 for a sowing with a lap (`n` ≥ 12: sow it to know),
/// none when it ends on the mover's row or `n` is 0. The last row runs to `n` = 255: any byte
/// indexes the table without a bounds check.
const CAPTURE_ENDS: [u64; 64 * 5 + 256] = {
    let mut t = [0u64; 64 * 5 + 256];
    let mut i = 0;
    while i < 6 {
        let mut n = 1;
        while 64 * i + n < t.len() && (n < 64 || i == 5) {
            if n >= 12 {
                t[64 * i + n] = 1 << (56 + i);
            } else if LAST_SHIFT[64 * i + n] != NO_CAPTURE {
                // The shift is 56 − 8j for the opponent's pit j.
                let j = (56 - LAST_SHIFT[64 * i + n] as usize) / 8;
                t[64 * i + n] = 1 << (8 * j + i);
            }
            n += 1;
        }
        i += 1;
    }
    t
};

/// The board after sowing a move, and the move's capture chain before any grand slam rule.
struct Sowing {
    /// The board after sowing, nothing captured yet (the mover's view).
    board: u128,
    /// `0xff` in each byte (pit) of the capture chain; 0 when the move captures nothing.
    chain: u128,
    /// The seeds in the chain.
    seeds: u8,
    /// Whether the chain holds every seed of the opponent (never when the chain is empty).
    grand_slam: bool,
    /// Whether the chain is not empty: a constant on each path out of the sowing, which the
    /// compiler follows (at least 2 `seeds` then, which it cannot know).
    captures: bool,
}

/// One in every byte of a `u64`.
const ONES: u64 = 0x0101_0101_0101_0101;

impl Position {
    /// The start position.
    pub const fn start() -> Position {
        // South to move: its word's turn bit 0, North's 1.
        Position {
            board: 0x0100_0404_0404_0404_0000_0404_0404_0404,
        }
    }

    /// Validates a setup: 48 seeds in all.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let found = setup.pits.iter().map(|&n| u32::from(n)).sum::<u32>()
            + u32::from(setup.stores.south)
            + u32::from(setup.stores.north);
        if found != u32::from(TOTAL_SEEDS) {
            return Err(PositionError::SeedCount { found });
        }
        let mut bytes = [0u8; 16];
        bytes[..PITS].copy_from_slice(&setup.pits);
        let pits = u128::from_le_bytes(bytes);
        let south = (pits as u64, setup.stores.south);
        let north = ((pits >> 48) as u64, setup.stores.north);
        let (own, opp) = match setup.turn {
            Side::South => (south, north),
            Side::North => (north, south),
        };
        // The mover's word has the turn's bit (1 when North is to move), the other the opposite.
        let bit = u64::from(setup.turn == Side::North);
        let own = side_word(own.0, own.1, bit);
        let opp = side_word(opp.0, opp.1, 1 - bit);
        Ok(Position {
            board: u128::from(own) | u128::from(opp) << 64,
        })
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        Setup {
            pits: self.pits(),
            stores: self.stores(),
            turn: self.turn(),
        }
    }

    /// Seed counts in pit order `A`–`F`, `a`–`f`.
    pub fn pits(&self) -> [u8; PITS] {
        let bytes = self.packed_pits().to_le_bytes();
        let mut pits = [0; PITS];
        pits.copy_from_slice(&bytes[..PITS]);
        pits
    }

    /// The seeds in absolute pit `pit` (0–11). Panics if `pit` ≥ 12.
    #[inline]
    pub fn pit(&self, pit: usize) -> u8 {
        assert!(pit < PITS, "pit index out of range");
        self.packed_pits().to_le_bytes()[pit]
    }

    /// The pits packed one byte each (pit i in bits 8i..8i+8): a compact key.
    #[inline]
    pub fn packed_pits(&self) -> u128 {
        in_board_order(self.board, self.turn())
    }

    /// The whole position as one number, as the side to move sees it: bytes 0–5 its pits (the
    /// pit of move `i` in byte `i`), byte 6 its store, byte 7 0 if South is to move and 1 if
    /// North is; bytes 8–13 the opponent's pits (in its move order), byte 14 its store, byte
    /// 15 the other of 0 and 1. The representation itself: no work to read, and equal
    /// positions give equal numbers.
    #[inline]
    pub fn packed(&self) -> u128 {
        self.board
    }

    /// The pits as the side to move sees them: [`Position::packed`] with only the pits' bytes
    /// (0–5 its own, 8–13 the opponent's), the others 0.
    #[inline]
    pub fn relative_pits(&self) -> u128 {
        self.board & PIT_BYTES
    }

    /// The stores as the side to move sees them: its own, then the opponent's.
    #[inline]
    pub fn relative_stores(&self) -> [u8; 2] {
        STORE_AT.map(|at| (self.board >> at) as u8)
    }

    /// Captured seeds of both sides.
    #[inline]
    pub fn stores(&self) -> BySide<u8> {
        let [mover, other] = self.relative_stores();
        match self.turn() {
            Side::South => BySide::new(mover, other),
            Side::North => BySide::new(other, mover),
        }
    }

    /// Captured seeds of `side`.
    #[inline]
    pub fn store(&self, side: Side) -> u8 {
        self.relative_stores()[usize::from(side != self.turn())]
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Side {
        if (self.board >> TURN_AT) as u8 & 1 == 0 {
            Side::South
        } else {
            Side::North
        }
    }

    /// Seeds on `side`'s row.
    #[inline]
    pub fn row_seeds(&self, side: Side) -> u8 {
        if side == self.turn() {
            own_seeds(self.board)
        } else {
            opp_seeds(self.board)
        }
    }

    /// Seeds on the board.
    #[inline]
    pub fn seeds_on_board(&self) -> u8 {
        let [mover, other] = self.relative_stores();
        TOTAL_SEEDS - mover - other
    }

    /// The same position seen from the other side: rows and stores swapped, the other side to
    /// move. Flipping twice gives the position back.
    pub fn flipped(&self) -> Position {
        // The new mover sees what the old one saw: only the turn's bits change.
        Position {
            board: self.board ^ (1 << TURN_AT | 1 << (TURN_AT + 64)),
        }
    }

    /// Sows `m` (a non-empty pit of the mover) and finds its capture chain.
    #[inline(always)]
    fn sow(&self, m: Move) -> Sowing {
        let (board, k) = self.sown_board(m);
        let mut s = Sowing {
            board,
            chain: 0,
            seeds: 0,
            grand_slam: false,
            captures: false,
        };
        let shift = u32::from(LAST_SHIFT[k]);
        if shift >= 64 {
            return s;
        }
        let row = opp_word(board);
        // The last pit's byte moved to the top byte (7): the pits after it fall off the top, and
        // the bytes shifted in at the bottom (at least two: the shift is at least 16) read as
        // empty pits, which end any chain at the row's first pit.
        let x = row << shift;
        // Bit 7 of each byte holding other than 2 or 3 seeds (the pits that stop a chain): `^ 2`
        // turns 2 and 3 into 0 and 1 and anything else (at most 48) into 2..=50, and adding 0x7e
        // carries into bit 7 exactly from 2 on, never out of the byte.
        let stops = ((x ^ (2 * ONES)) + 0x7e * ONES) & (0x80 * ONES);
        if stops >> 63 != 0 {
            return s;
        }
        // The chain runs from the top byte down to the highest stop: the bits above that stop's
        // bit. (`| 1` changes nothing, byte 0 always being a stop, but tells the compiler that
        // the value is not 0.)
        let highest_stop = 63 - (stops | 1).leading_zeros();
        let chain = (u64::MAX - 1) << highest_stop;
        // The seeds of the chain: the multiplication adds every byte into the top one (at most
        // 6 × 3 seeds, no carry).
        s.seeds = ((x & chain).wrapping_mul(ONES) >> 56) as u8;
        // The chain back in row position, then in board position.
        let chain = chain >> shift;
        s.grand_slam = row & 0xffff_ffff_ffff & !chain == 0;
        s.chain = u128::from(chain) << 64;
        s.captures = true;
        s
    }

    /// The board after sowing `m`, before any capture, and the move's index into [`SOWING`] and
    /// [`LAST_SHIFT`].
    #[inline(always)]
    fn sown_board(&self, m: Move) -> (u128, usize) {
        let from = m.index();
        let n = usize::from(byte(self.board, from));
        debug_assert!(n > 0);
        // One index for both tables (`n & 63` changes no count, at most 48).
        let k = 64 * from + (n & 63);
        // Each lap and the last seeds empty their share of pit `from`, which ends empty.
        (self.board.wrapping_add(SOWING[k]), k)
    }

    /// Plays `m`, a legal move that [`Position::capture_candidates`] leaves out (it certainly
    /// captures nothing): the sowing alone, without looking for a capture. For move loops that
    /// have the candidates at hand; the result for any other move is unspecified (debug builds
    /// check it), never undefined behaviour.
    #[inline]
    pub fn play_quiet_unchecked(&self, m: Move) -> Position {
        debug_assert_eq!(self.capture_candidates() & (1 << m.index()), 0);
        self.after_capture(self.sown_board(m).0, 0, 0)
    }

    /// Whether playing `m` (a non-empty pit of the mover) would capture every opponent seed.
    pub fn is_grand_slam(&self, m: Move) -> bool {
        byte(self.board, m.index()) > 0 && self.sow(m).grand_slam
    }

    /// Whether `m` (a non-empty pit of the mover) may capture: `false` means it certainly
    /// captures nothing. A fast path for move ordering and quiescence search, without sowing: a
    /// sowing of fewer than 12 seeds puts exactly one seed in its last pit, so it can only
    /// capture when that pit is the opponent's and holds 1 or 2 seeds now. Larger sowings answer
    /// `true` (sow them to know), and so may a capture the grand slam rule cancels.
    #[inline]
    pub fn may_capture(&self, m: Move) -> bool {
        let from = m.index();
        let n = usize::from(byte(self.board, from));
        if n >= 12 {
            return true;
        }
        let last = (from + n) % PITS;
        let c = byte(self.board, last);
        last >= 6 && (c == 1 || c == 2)
    }

    /// The mover's moves (bit i for move i) that may capture: [`Position::may_capture`] for all
    /// six pits at once (empty pits excluded), without a branch.
    #[inline]
    pub fn capture_candidates(&self) -> u8 {
        let opp = opp_word(self.board);
        // Bit 7 of byte j for each opponent pit j holding 1 or 2 seeds, and of byte 7 (the
        // turn's bit: adding 0x80 sets its bit 7, adding 0 in the other sum leaves it clear).
        let weak =
            (opp + (NON_EMPTY | TOP_BYTE_HIGH)) & !(opp + AT_LEAST_3) & (HIGH_BITS | TOP_BYTE_HIGH);
        // The same bytes filled with 0x7f: 0x80 − 1 in each, no borrow between bytes.
        let keep = weak - (weak >> 7);
        // Where each own pit's sowing ends, one table entry a pit (see `CAPTURE_ENDS`). No two
        // entries share a bit: an addition is an or. The counts read as bytes (one load each, no
        // shifts, no bounds check).
        let pits = self.board.to_le_bytes();
        let mut ends = 0;
        for i in 0..6 {
            ends += CAPTURE_ENDS[64 * i + usize::from(pits[i])];
        }
        // Kept: the ends on a weak pit, and the sowings with a lap. Each pit's bit i is in one
        // byte at most, so adding every byte into the top one (the multiplication) carries nothing.
        ((ends & keep).wrapping_mul(ONES) >> 56) as u8
    }

    /// Plays `m` without checking that it is legal. The result for an illegal move is
    /// unspecified (an empty pit may panic in debug builds), never undefined behaviour.
    #[inline]
    pub fn play_unchecked(&self, m: Move, rules: &Rules) -> Position {
        self.apply(&self.sow(m), rules)
    }

    /// [`Position::play_unchecked`] without a branch on the capture: the same position for
    /// every legal move (tested against it), computed with masks where `play_unchecked` takes
    /// early exits. For loops over unpredictable moves (random playouts), where a mispredicted
    /// branch costs more than the work it skips; the search keeps the branching version, whose
    /// exits suit its move ordering. Only a grand slam (rare) takes a branch.
    #[inline]
    pub fn play_unchecked_branchless(&self, m: Move, rules: &Rules) -> Position {
        let (board, k) = self.sown_board(m);
        let shift = u32::from(LAST_SHIFT[k]);
        let row = opp_word(board);
        // As in `sow`, with the exits turned into masks: `x`'s top byte is the last pit when the
        // sowing ends on the opponent's row (else the shift is taken modulo 64 and `ends_there`
        // clears the chain).
        let ends_there = u64::from(shift < 64).wrapping_neg();
        let x = row << (shift & 63);
        // Wrapping: only where the sowing ends on the opponent's row (no carry out, as in
        // `sow`) does the sum count; elsewhere it is masked off.
        let stops = ((x ^ (2 * ONES)).wrapping_add(0x7e * ONES)) & (0x80 * ONES);
        let captures = ends_there & ((stops >> 63) ^ 1).wrapping_neg();
        let highest_stop = 63 - ((stops & !(1 << 63)) | 1).leading_zeros();
        let chain = ((u64::MAX - 1) << highest_stop) & captures;
        let seeds = ((x & chain).wrapping_mul(ONES) >> 56) as u8;
        let chain = chain >> (shift & 63);
        // `&`, not `&&`: one branch, almost never taken (a capture is no rare event, a grand
        // slam is).
        if (chain != 0) & (row & ROW & !chain == 0) {
            return self.settle_grand_slam(board, u128::from(chain) << 64, seeds, rules);
        }
        self.after_capture(board, u128::from(chain) << 64, seeds)
    }

    /// The position after sowing `s`, with its capture settled by the grand slam rule.
    #[inline(always)]
    fn apply(&self, s: &Sowing, rules: &Rules) -> Position {
        if !s.captures {
            // The usual case, nothing captured: with constant zeros, the compiler drops the mask
            // and the addition (and jumps here straight from the sowing's early exits).
            return self.after_capture(s.board, 0, 0);
        }
        if s.grand_slam {
            return self.settle_grand_slam(s.board, s.chain, s.seeds, rules);
        }
        self.after_capture(s.board, s.chain, s.seeds)
    }

    /// The position after sowing `board` and capturing `chain`, `seeds` seeds, as usual: turned
    /// around for the opponent, who moves next.
    #[inline(always)]
    fn after_capture(&self, board: u128, chain: u128, seeds: u8) -> Position {
        // The mover's store gains `seeds` (no store exceeds 48: no carry out of its byte); the
        // swap of the words gives the rows, the stores and the turn to the opponent.
        Position {
            board: turned((board & !chain) + (u128::from(seeds) << STORE_AT[0])),
        }
    }

    /// The position after sowing `board` when its capture `chain` (`seeds` seeds) is a grand
    /// slam, settled by the rule ([`GrandSlam::Illegal`] captures as usual). Rare: kept out of
    /// line, so that the usual path builds its position in registers.
    #[cold]
    #[inline(never)]
    fn settle_grand_slam(&self, board: u128, chain: u128, seeds: u8, rules: &Rules) -> Position {
        // `board` keeps the stores and the turn's bits; the pits and the stores change here.
        let to_store = |seeds: u8, side: usize| u128::from(seeds) << STORE_AT[side];
        let board = match rules.grand_slam {
            GrandSlam::Illegal => return self.after_capture(board, chain, seeds),
            GrandSlam::NoCapture => board,
            GrandSlam::ToOpponent => {
                (board & !PIT_BYTES) + to_store(seeds, 0) + to_store(own_seeds(board), 1)
            }
            GrandSlam::LeaveLast | GrandSlam::LeaveFirst => {
                // The chain is one run of bytes: its last pit (in sowing order) is the byte whose
                // next byte up is not in the chain, its first the byte whose next byte down is not.
                let keep = if rules.grand_slam == GrandSlam::LeaveLast {
                    chain & !(chain >> 8)
                } else {
                    chain & !(chain << 8)
                };
                (board & !(chain & !keep)) + to_store(seeds - opp_seeds(board & keep), 0)
            }
        };
        Position {
            board: turned(board),
        }
    }

    /// Whether a player has won by capture (25 or more) — the game is over whatever the board.
    #[inline]
    pub fn is_decided_by_score(&self) -> bool {
        // Both stores at once: adding 128 − 25 to a store (at most 48) sets its bit 7 exactly
        // from 25 on, without a carry into the next byte.
        const AT_LEAST_25: u128 = ((128 - WINNING_SCORE as u128) << STORE_AT[0])
            | ((128 - WINNING_SCORE as u128) << STORE_AT[1]);
        const BIT_7: u128 = 0x80 << STORE_AT[0] | 0x80 << STORE_AT[1];
        (self.board + AT_LEAST_25) & BIT_7 != 0
    }

    /// The legal moves, in pit order; empty when the game is over.
    ///
    /// A move must feed an empty opponent if any move can; under [`GrandSlam::Illegal`] grand
    /// slams are removed unless every legal move is one.
    #[inline]
    pub fn legal_moves(&self, rules: &Rules) -> MoveList {
        // One list built at the end, from the bit set alone: copied whole from the table (the
        // gather leaves six bits: no mask before the look-up).
        MoveList::from_mask(self.legal_mask(rules))
    }

    /// The legal moves as a bit set (bit i for move i): [`Position::legal_moves`] without the
    /// list, for loops that only test and count moves.
    #[inline]
    pub fn legal_mask(&self, rules: &Rules) -> u8 {
        // The words unmasked: the sum's bytes 6 and 7 are dropped by the mask (byte 5 does not
        // carry), and the shift drops them from the opponent's word.
        let own = own_word(self.board);
        let add = if opp_word(self.board) << 16 == 0 {
            REACHES
        } else {
            NON_EMPTY
        };
        let mut mask = gather_high_bits((own + add) & HIGH_BITS);
        if self.is_decided_by_score() {
            mask = 0;
        }
        if rules.grand_slam == GrandSlam::Illegal && mask != 0 {
            return self.without_grand_slams(mask);
        }
        mask
    }

    /// The moves of `mask` (bit i for move i) but its grand slams, unless every move is one
    /// (the [`GrandSlam::Illegal`] rule). Kept out of line so that [`Position::legal_moves`]
    /// stays small.
    #[inline(never)]
    fn without_grand_slams(&self, mask: u8) -> u8 {
        let mut kept = mask;
        for &m in MoveList::from_mask(mask).iter() {
            if self.sow(m).grand_slam {
                kept &= !(1 << m.index());
            }
        }
        if kept == 0 {
            mask
        } else {
            kept
        }
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move, rules: &Rules) -> bool {
        self.check_move(m, rules).is_ok()
    }

    /// Checks `m`, saying why it is illegal.
    pub fn check_move(&self, m: Move, rules: &Rules) -> Result<(), PlayError> {
        let legal = self.legal_moves(rules);
        if legal.contains(&m) {
            return Ok(());
        }
        if legal.is_empty() {
            return Err(PlayError::GameOver);
        }
        if byte(self.board, m.index()) == 0 {
            return Err(PlayError::EmptyPit {
                pit: m.letter(self.turn()),
            });
        }
        if opp_seeds(self.board) == 0 {
            return Err(PlayError::MustFeed {
                opponent: self.turn().other(),
            });
        }
        Err(PlayError::GrandSlam)
    }

    /// Plays `m` if it is legal.
    pub fn play(&self, m: Move, rules: &Rules) -> Result<Position, PlayError> {
        self.check_move(m, rules)?;
        Ok(self.play_unchecked(m, rules))
    }

    /// Plays `m` if it is legal and says what it did, seed by seed.
    pub fn explain(&self, m: Move, rules: &Rules) -> Result<MoveDetail, PlayError> {
        self.check_move(m, rules)?;
        let s = self.sow(m);
        let after = self.apply(&s, rules);
        let turn = self.turn();
        let from = m.pit(turn);
        let n = usize::from(byte(self.board, m.index()));
        let sown = (0..n).map(|k| (from + k % 11 + 1) % PITS).collect();
        // The chain in board order, as `packed_pits` has it.
        let chain = in_board_order(s.chain, turn);
        let captured_pits = (0..PITS)
            .rev()
            .filter(|&p| (chain >> (8 * p)) as u8 != 0 && after.pit(p) == 0)
            .collect();
        Ok(MoveDetail {
            from,
            sown,
            captured_pits,
            captured: after.store(turn) - self.store(turn),
            grand_slam: s.grand_slam,
            after,
        })
    }

    /// How the game ends here if it is over by the position alone (25 captured, 24–24, or the
    /// player to move cannot move), or `None`. Cycles depend on history: see [`crate::Game`].
    pub fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        let stores = self.stores().map(Score::seeds);
        if self.is_decided_by_score() {
            return Some(Outcome {
                reason: EndReason::Capture,
                scores: stores,
            });
        }
        if !self.legal_moves(rules).is_empty() {
            return None;
        }
        if self.board & PIT_BYTES == 0 {
            return Some(Outcome {
                reason: EndReason::Draw,
                scores: stores,
            });
        }
        Some(Outcome {
            reason: EndReason::NoFeed,
            scores: self.own_row_allocation(),
        })
    }

    fn own_row_allocation(&self) -> BySide<Score> {
        BySide::new(
            Score::seeds(self.store(Side::South) + self.row_seeds(Side::South)),
            Score::seeds(self.store(Side::North) + self.row_seeds(Side::North)),
        )
    }

    /// The outcome if a cycle ends the game here, allocating the seeds left by `rules`.
    pub fn cycle_outcome(&self, rules: &Rules) -> Outcome {
        let scores = match rules.cycle_seeds {
            CycleSeeds::OwnRow => self.own_row_allocation(),
            CycleSeeds::Even => {
                let board = self.seeds_on_board();
                BySide::new(
                    Score::from_halves(2 * self.store(Side::South) + board),
                    Score::from_halves(2 * self.store(Side::North) + board),
                )
            }
        };
        Outcome {
            reason: EndReason::Cycle,
            scores,
        }
    }

    /// The outcome if the players agree here that the game cycles: each takes the seeds on
    /// their own row (whatever `rules` say a repetition gives). Refused when the game is over
    /// by the position alone or a row is empty (South's checked first). Cycles by repetition
    /// depend on history: see [`crate::Game::agree_cycle`].
    pub fn agreed_cycle_outcome(&self, rules: &Rules) -> Result<Outcome, AgreementError> {
        if self.outcome(rules).is_some() {
            return Err(AgreementError::GameOver);
        }
        if let Some(side) = Side::ALL.into_iter().find(|&s| self.row_seeds(s) == 0) {
            return Err(AgreementError::EmptyRow { side });
        }
        Ok(Outcome {
            reason: EndReason::AgreedCycle,
            scores: self.own_row_allocation(),
        })
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", crate::fen::write(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position number `k` of a fixed random sequence (xorshift on `state`): the 48 seeds
    /// dropped one by one over `slots[k % slots.len()]` consecutive slots of the 12 pits and 2
    /// stores, from a random one (few slots: many small counts, empty pits, large sowings);
    /// South to move for even `k`.
    fn random_position(state: &mut u64, k: usize, slots: &[usize]) -> Position {
        let mut next = || {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            *state as usize
        };
        let n = slots[k % slots.len()];
        let offset = next() % 14;
        let mut counts = [0u8; 14];
        for _ in 0..TOTAL_SEEDS {
            counts[(offset + next() % n) % 14] += 1;
        }
        let mut pits = [0; PITS];
        pits.copy_from_slice(&counts[..PITS]);
        pos(pits, [counts[12], counts[13]], Side::ALL[k % 2])
    }

    fn pos(pits: [u8; 12], stores: [u8; 2], turn: Side) -> Position {
        Position::from_setup(&Setup {
            pits,
            stores: BySide::new(stores[0], stores[1]),
            turn,
        })
        .unwrap()
    }

    #[test]
    fn first_move() {
        let p = Position::start()
            .play(Move::new(5).unwrap(), &Rules::ABAPA)
            .unwrap();
        assert_eq!(p.pits(), [4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4]);
        assert_eq!(p.turn(), Side::North);
    }

    #[test]
    fn twelve_seeds_skip_origin_and_capture() {
        // South's F holds 12: sows a..f, A..E (skipping F), and the 12th lands in a.
        let p = pos([0, 0, 0, 0, 0, 12, 1, 5, 5, 5, 5, 5], [5, 5], Side::South);
        let d = p.explain(Move::new(5).unwrap(), &Rules::ABAPA).unwrap();
        assert_eq!(d.sown.len(), 12);
        assert!(!d.sown.contains(&5));
        assert_eq!(*d.sown.last().unwrap(), 6);
        // a: 1 + 2 = 3 -> captured.
        assert_eq!(d.captured, 3);
        assert_eq!(d.after.pit(5), 0);
        assert_eq!(d.after.store(Side::South), 8);
    }

    #[test]
    fn twenty_three_seeds_skip_twice() {
        let p = pos([23, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 0], [0, 0], Side::South);
        let after = p.play(Move::new(0).unwrap(), &Rules::ABAPA).unwrap();
        assert_eq!(after.pit(0), 0);
        assert_eq!(after.pit(1), 3); // 2 laps + the 23rd seed
        assert_eq!(after.pit(2), 2);
    }

    #[test]
    fn chain_stops_at_row_boundary() {
        // North's a, b hold 1, 2; South's F(5) has 2 -> lands on b... use E with 3 seeds.
        let p = pos([0, 0, 0, 0, 3, 0, 1, 2, 1, 6, 0, 4], [15, 16], Side::South);
        // E sows F, a, b: a=2, b=3 -> capture b and a, stop at boundary.
        let d = p.explain(Move::new(4).unwrap(), &Rules::ABAPA).unwrap();
        assert_eq!(d.captured, 5);
        assert_eq!(d.captured_pits, vec![7, 6]);
    }

    #[test]
    fn must_feed() {
        let p = pos([1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0], [20, 25], Side::South);
        // Decided by score: no moves.
        assert!(p.legal_moves(&Rules::ABAPA).is_empty());
        let p = pos([1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0], [22, 23], Side::South);
        assert_eq!(p.legal_moves(&Rules::ABAPA).letters(Side::South), "F");
        assert_eq!(
            p.play(Move::new(0).unwrap(), &Rules::ABAPA),
            Err(PlayError::MustFeed {
                opponent: Side::North
            })
        );
        let p = pos([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [22, 24], Side::South);
        let o = p.outcome(&Rules::ABAPA).unwrap();
        assert_eq!(o.reason, EndReason::NoFeed);
        assert_eq!(o.scores.south, Score::seeds(24));
    }

    #[test]
    fn grand_slam_variants() {
        // F (1 seed) makes a = 2 but North keeps b: an ordinary capture, not a slam.
        let p = pos([0, 0, 0, 3, 0, 1, 1, 1, 0, 0, 0, 0], [20, 22], Side::South);
        assert!(!p.is_grand_slam(Move::new(5).unwrap()));
        assert_eq!(
            p.play(Move::new(5).unwrap(), &Rules::ABAPA)
                .unwrap()
                .store(Side::South),
            22
        );
        // E (3 seeds) sows F, a, b: a = 2 and b = 3 are every seed North has.
        let p = pos([0, 0, 0, 0, 3, 0, 1, 2, 0, 0, 0, 0], [20, 22], Side::South);
        let e = Move::new(4).unwrap(); // sows F, a, b -> a=2, b=3: both captured = every seed
        assert!(p.is_grand_slam(e));
        let r = |g| Rules {
            grand_slam: g,
            ..Rules::ABAPA
        };
        let none = p.play(e, &r(GrandSlam::NoCapture)).unwrap();
        assert_eq!(none.store(Side::South), 20);
        assert_eq!(none.pits()[6..8], [2, 3]);
        let all = p.play(e, &r(GrandSlam::Illegal));
        // Another move does not exist (only E has seeds), so the slam is forced and captures.
        assert_eq!(all.unwrap().store(Side::South), 25);
        let to_opp = p.play(e, &r(GrandSlam::ToOpponent)).unwrap();
        assert_eq!(to_opp.stores(), BySide::new(25, 23));
        assert_eq!(to_opp.seeds_on_board(), 0);
        let last = p.play(e, &r(GrandSlam::LeaveLast)).unwrap();
        assert_eq!(last.store(Side::South), 22);
        assert_eq!(last.pit(7), 3);
        let first = p.play(e, &r(GrandSlam::LeaveFirst)).unwrap();
        assert_eq!(first.store(Side::South), 23);
        assert_eq!(first.pit(6), 2);
    }

    #[test]
    fn illegal_grand_slam_when_another_move_exists() {
        let p = pos([1, 0, 0, 0, 3, 0, 1, 2, 0, 0, 0, 0], [19, 22], Side::South);
        let rules = Rules::AWARI;
        assert_eq!(p.legal_moves(&rules).letters(Side::South), "A");
        assert_eq!(
            p.play(Move::new(4).unwrap(), &rules),
            Err(PlayError::GrandSlam)
        );
        assert_eq!(p.legal_moves(&Rules::ABAPA).letters(Side::South), "AE");
    }

    #[test]
    fn may_capture_never_misses_a_capture() {
        let all = [
            Rules::ABAPA,
            Rules::AWARI,
            Rules {
                grand_slam: GrandSlam::ToOpponent,
                ..Rules::ABAPA
            },
            Rules {
                grand_slam: GrandSlam::LeaveLast,
                ..Rules::ABAPA
            },
            Rules {
                grand_slam: GrandSlam::LeaveFirst,
                ..Rules::ABAPA
            },
        ];
        let mut frontier = vec![
            Position::start(),
            pos([0, 0, 0, 0, 0, 12, 1, 5, 5, 5, 5, 5], [5, 5], Side::South),
            pos([23, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 0], [0, 0], Side::South),
            pos([0, 0, 0, 0, 3, 0, 1, 2, 0, 0, 0, 0], [20, 22], Side::South),
            pos([1, 2, 1, 0, 0, 0, 0, 0, 1, 13, 0, 4], [14, 12], Side::North),
        ];
        let (mut checked, mut captures) = (0, 0);
        for _ in 0..6 {
            let mut next = Vec::new();
            for p in &frontier {
                for rules in &all {
                    for &m in p.legal_moves(rules).iter() {
                        let child = p.play_unchecked(m, rules);
                        let took = child.store(p.turn()) != p.store(p.turn());
                        assert!(p.may_capture(m) || !took, "{p:?} {m:?} {rules:?}");
                        assert_eq!(
                            p.capture_candidates() & (1 << m.index()) != 0,
                            p.may_capture(m),
                            "{p:?} {m:?}"
                        );
                        checked += 1;
                        captures += usize::from(took);
                    }
                }
                for m in Move::ALL {
                    let empty = p.pit(m.pit(p.turn())) == 0;
                    assert!(!empty || p.capture_candidates() & (1 << m.index()) == 0);
                }
                for &m in p.legal_moves(&Rules::ABAPA).iter() {
                    next.push(p.play_unchecked(m, &Rules::ABAPA));
                }
            }
            frontier = next;
        }
        assert!(checked > 10_000 && captures > 100, "{checked} {captures}");
    }

    /// The mover's view (`relative_pits`, `relative_stores`, `packed`) is the board as it
    /// stands, read from the side to move: its pits by move, the opponent's by its moves, stores
    /// mover first, the turn's bits; a flip keeps all but the turn, and a setup built back from
    /// the accessors is the same position.
    #[test]
    fn relative_view_agrees_with_the_board() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for k in 0..20_000 {
            let p = random_position(&mut state, k, &[14, 9, 4, 2]);
            let (me, them) = (p.turn(), p.turn().other());
            let rel = p.relative_pits().to_le_bytes();
            for m in Move::ALL {
                assert_eq!(rel[m.index()], p.pit(m.pit(me)), "{p:?}");
                assert_eq!(rel[8 + m.index()], p.pit(m.pit(them)), "{p:?}");
            }
            assert_eq!(&rel[6..8], &[0, 0]);
            assert_eq!(&rel[14..], &[0, 0]);
            assert_eq!(p.relative_stores(), [p.store(me), p.store(them)]);
            let word = p.packed().to_le_bytes();
            assert_eq!([word[6], word[14]], p.relative_stores());
            let north = u8::from(me == Side::North);
            assert_eq!([word[7], word[15]], [north, 1 - north]);
            assert_eq!(
                p.packed() & !(0xffff << 48 | 0xffff << 112),
                p.relative_pits()
            );
            assert_eq!(p.flipped().relative_pits(), p.relative_pits());
            assert_eq!(p.flipped().turn(), them);
            assert_eq!(p.flipped().relative_stores(), p.relative_stores());
            assert_eq!(Position::from_setup(&p.to_setup()), Ok(p));
        }
    }

    /// The branchless play is the play: every non-empty pit of random positions (many small
    /// counts, chains, grand slams, laps) under every grand slam rule.
    #[test]
    fn branchless_play_agrees_with_play_unchecked() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut captures = 0;
        for k in 0..100_000 {
            let p = random_position(&mut state, k, &[14, 14, 9, 4, 2]);
            let turn = p.turn();
            for m in Move::ALL {
                if p.pit(m.pit(turn)) == 0 {
                    continue;
                }
                for &grand_slam in GrandSlam::ALL {
                    let rules = Rules {
                        grand_slam,
                        ..Rules::default()
                    };
                    let want = p.play_unchecked(m, &rules);
                    assert_eq!(p.play_unchecked_branchless(m, &rules), want, "{p:?} {m:?}");
                    captures += usize::from(want.store(turn) != p.store(turn));
                }
            }
        }
        assert!(captures > 50_000, "{captures}");
    }

    #[test]
    fn capture_candidates_agree_with_may_capture() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut seen = [0usize; 2];
        for k in 0..200_000 {
            // Many pits of 1 or 2 seeds, empty pits and large sowings.
            let p = random_position(&mut state, k, &[14, 14, 9, 4, 2]);
            let turn = p.turn();
            let candidates = p.capture_candidates();
            assert_eq!(candidates & 0xc0, 0, "{p:?}");
            for m in Move::ALL {
                let want = p.pit(m.pit(turn)) > 0 && p.may_capture(m);
                assert_eq!(candidates & (1 << m.index()) != 0, want, "{p:?} {m:?}");
                seen[usize::from(want)] += 1;
                // A move left out captures nothing: the quiet play is the whole play.
                if !want && p.pit(m.pit(turn)) > 0 {
                    let rules = Rules::default();
                    assert_eq!(p.play_quiet_unchecked(m), p.play_unchecked(m, &rules));
                }
            }
        }
        assert!(seen[0] > 100_000 && seen[1] > 100_000, "{seen:?}");
    }

    /// The rules played the slow way, seed by seed and pit by pit: the reference for
    /// [`Position::play_unchecked`]. Returns the position after `m` and whether it is a grand slam.
    fn reference_play(p: &Position, m: Move, rules: &Rules) -> (Position, bool) {
        let mut pits = p.pits();
        let mut stores = [p.store(Side::South), p.store(Side::North)];
        let mover = p.turn();
        let from = m.pit(mover);
        let mut pit = from;
        for _ in 0..std::mem::take(&mut pits[from]) {
            pit = (pit + 1) % PITS;
            if pit == from {
                pit = (pit + 1) % PITS;
            }
            pits[pit] += 1;
        }
        let mut chain = Vec::new();
        while Side::owner_of(pit) != mover && (pits[pit] == 2 || pits[pit] == 3) {
            chain.push(pit);
            if pit.is_multiple_of(6) {
                break;
            }
            pit -= 1;
        }
        let row = mover.other().first_pit()..mover.other().first_pit() + 6;
        let grand_slam =
            !chain.is_empty() && row.clone().all(|q| chain.contains(&q) || pits[q] == 0);
        let take = |pits: &mut [u8; PITS], stores: &mut [u8; 2], pit: usize| {
            stores[mover.index()] += std::mem::take(&mut pits[pit]);
        };
        match (grand_slam, rules.grand_slam) {
            (true, GrandSlam::NoCapture) => {}
            (true, GrandSlam::ToOpponent) => {
                for &q in &chain {
                    take(&mut pits, &mut stores, q);
                }
                let own = mover.first_pit();
                for seeds in &mut pits[own..own + 6] {
                    stores[mover.other().index()] += std::mem::take(seeds);
                }
            }
            (true, GrandSlam::LeaveLast) => {
                for &q in &chain[1..] {
                    take(&mut pits, &mut stores, q);
                }
            }
            (true, GrandSlam::LeaveFirst) => {
                for &q in &chain[..chain.len() - 1] {
                    take(&mut pits, &mut stores, q);
                }
            }
            _ => {
                for &q in &chain {
                    take(&mut pits, &mut stores, q);
                }
            }
        }
        let next = pos(pits, stores, mover.other());
        (next, grand_slam)
    }

    #[test]
    fn sowing_agrees_with_the_reference() {
        let all = [
            GrandSlam::NoCapture,
            GrandSlam::Illegal,
            GrandSlam::ToOpponent,
            GrandSlam::LeaveLast,
            GrandSlam::LeaveFirst,
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let (mut slams, mut captures) = (0, 0);
        for k in 0..200_000 {
            // Often small counts (captures and grand slams) and large sowings.
            let p = random_position(&mut state, k, &[14, 14, 9, 4]);
            let turn = p.turn();
            for m in Move::ALL {
                if p.pit(m.pit(turn)) == 0 {
                    continue;
                }
                for &g in &all {
                    let rules = Rules {
                        grand_slam: g,
                        ..Rules::ABAPA
                    };
                    let (want, slam) = reference_play(&p, m, &rules);
                    assert_eq!(p.play_unchecked(m, &rules), want, "{p:?} {m:?} {g:?}");
                    assert_eq!(p.is_grand_slam(m), slam, "{p:?} {m:?}");
                    slams += usize::from(slam);
                    captures += usize::from(want.store(turn) != p.store(turn));
                }
            }
        }
        assert!(slams > 1000 && captures > 100_000, "{slams} {captures}");
    }

    #[test]
    fn flip_round_trips() {
        let p = pos([0, 0, 0, 0, 3, 0, 1, 2, 1, 6, 0, 4], [15, 16], Side::South);
        let f = p.flipped();
        assert_eq!(f.pits(), [1, 2, 1, 6, 0, 4, 0, 0, 0, 0, 3, 0]);
        assert_eq!(f.stores(), BySide::new(16, 15));
        assert_eq!(f.turn(), Side::North);
        assert_eq!(f.flipped(), p);
    }
}
