//! The transposition table: lock-free, sized in MB, with exact keys.
//!
//! A position's key is exact: the 12 pits as the side to move sees them, 6 bits each (72
//! bits), its store (6 bits; the other follows from the 48-seed total) and the side to move —
//! 79 bits (see [`Key::of`]).
//! An entry (`Slot`) is two 64-bit words written without locks: `data` holds the score,
//! depth, bound, move, generation and the top 15 bits of the key (the layout is drawn at
//! `Data`); `check` holds the low 64 key bits XOR `data`. A reader accepts an entry only if
//! both parts of the key match, so a torn write by another thread (one word old, one new) is
//! rejected rather than misread. Entries come in cache-line buckets of four.

use std::sync::atomic::{AtomicU64, Ordering};

use oware_core::{Move, Position};

/// An exact 79-bit position key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    lo: u64,
    hi: u16,
    /// A hash of `lo` and `hi` that picks the bucket (computed once for probe and store).
    mixed: u64,
}

impl Key {
    /// The key of `pos`.
    #[inline]
    pub fn of(pos: &Position) -> Key {
        // The position as the side to move sees it (`packed`: the representation, nothing to
        // compute; the mover's pits, store and turn bit in the low word, the opponent's pits
        // and store in the high word): the pits, the mover's store and the side to move. Every
        // pit holds at most 48 seeds: six bits, so the top two bits of each byte are free. The
        // low word is the mover's six pits and the opponent's first two (over the mover's
        // store and turn bit); bits 0–1 and 2–3 of the opponent's other four pits fill the free
        // bits of bytes 0–3 and 4–7; their bits 4–5 (eight bits, gathered from their bytes),
        // the mover's store and the side to move make `hi`.
        let b = pos.packed();
        let (own, opp) = (b as u64, (b >> 64) as u64);
        let x = own & 0xffff_ffff_ffff | opp << 48;
        let y = (opp >> 16) & 0xffff_ffff;
        let lo = x | (y & 0x0303_0303) << 6 | ((y >> 2) & 0x0303_0303) << 38;
        // Bits 4–5 of the opponent's pit 2 + k sit at bits 8k, 8k + 1 of `t`; the
        // multiplication moves them to bits 24 + 2k, 25 + 2k (shifts 24 − 6k), and every other
        // product lands on bits of its own below 24 or from 32 on: no carry reaches the byte
        // taken.
        let t = (y >> 4) & 0x0303_0303;
        let top = ((t.wrapping_mul(1 << 24 | 1 << 18 | 1 << 12 | 1 << 6) >> 24) & 0xff) as u16;
        let store = (own >> 48) & 0x3f;
        let turn = (own >> 56) & 1;
        let hi = top | (store << 8 | turn << 14) as u16;
        Key {
            lo,
            hi,
            mixed: mix(lo, hi),
        }
    }

    /// Whether a slot's two words, `check` and `data` (see the module docs), hold an entry for
    /// this key: both parts of the key match, and the slot is not empty.
    #[inline(always)]
    fn holds(self, check: u64, data: Data) -> bool {
        !data.is_empty() && check ^ data.0 == self.lo && data.key_hi() == self.hi
    }
}

/// A 64-bit hash of the key's two parts whose high bits (they pick the bucket) depend on every
/// key bit: a multiplicative (Fibonacci) hash.
#[inline]
fn mix(lo: u64, hi: u16) -> u64 {
    (lo ^ u64::from(hi).wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// A lower bound (the search failed high).
    Lower,
    /// An upper bound (the search failed low).
    Upper,
}

/// A decoded table entry.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// Score, as stored (distance-to-win scores relative to the node).
    pub score: i32,
    /// Draft in plies.
    pub depth: i32,
    /// Bound type.
    pub bound: Bound,
    /// Best or refutation move.
    pub mv: Option<Move>,
}

/// The data word of an entry. An empty slot's is 0; a stored entry's is never 0 (its bound
/// field is 1 to 3).
///
/// ```text
///  63          49 48       35 34        29 28   26 25   24 23     16 15             0
/// +--------------+-----------+------------+-------+-------+---------+----------------+
/// | key's top 15 | (unused)  | generation | move  | bound | depth   | score (i16)    |
/// +--------------+-----------+------------+-------+-------+---------+----------------+
/// ```
///
/// `move` is the move's index + 1 (0: none); `bound` is 1 exact, 2 lower, 3 upper;
/// `generation` is the search that wrote it, modulo 64 ([`Tt::new_search`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Data(u64);

impl Data {
    const DEPTH_SHIFT: u32 = 16;
    const BOUND_SHIFT: u32 = 24;
    const MOVE_SHIFT: u32 = 26;
    const GENERATION_SHIFT: u32 = 29;
    const GENERATION_MASK: u64 = 63;
    const KEY_SHIFT: u32 = 49;

    /// The data word of an entry for a key whose top part is `key_hi`.
    #[inline(always)]
    fn new(key_hi: u16, score: i32, depth: i32, bound: Bound, mv: Option<Move>, gen: u64) -> Data {
        let bound_bits: u64 = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let mv_bits = mv.map_or(0, |m| m.index() as u64 + 1);
        Data(
            u64::from(score as i16 as u16)
                | (depth.clamp(0, 255) as u64) << Self::DEPTH_SHIFT
                | bound_bits << Self::BOUND_SHIFT
                | mv_bits << Self::MOVE_SHIFT
                | gen << Self::GENERATION_SHIFT
                | u64::from(key_hi) << Self::KEY_SHIFT,
        )
    }

    /// Whether the slot is empty.
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The top 15 bits of the key.
    #[inline(always)]
    fn key_hi(self) -> u16 {
        (self.0 >> Self::KEY_SHIFT) as u16
    }

    /// The draft in plies.
    #[inline(always)]
    fn depth(self) -> i32 {
        ((self.0 >> Self::DEPTH_SHIFT) & 0xff) as i32
    }

    /// The search that wrote the entry, modulo 64.
    #[inline(always)]
    fn generation(self) -> u64 {
        (self.0 >> Self::GENERATION_SHIFT) & Self::GENERATION_MASK
    }

    /// The entry it holds (not empty).
    #[inline]
    fn entry(self) -> Entry {
        Entry {
            score: i32::from(self.0 as u16 as i16),
            depth: self.depth(),
            bound: match (self.0 >> Self::BOUND_SHIFT) & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            mv: match (self.0 >> Self::MOVE_SHIFT) & 7 {
                0 => None,
                k => Move::new(k as usize - 1),
            },
        }
    }
}

/// One entry's two words (see the module docs).
#[repr(C)]
struct Slot {
    /// The low 64 bits of the key XOR `data`.
    check: AtomicU64,
    /// The entry's data word ([`Data`]).
    data: AtomicU64,
}

impl Slot {
    /// Reads the two words: `(check, data)`.
    #[inline(always)]
    fn load(&self) -> (u64, Data) {
        let data = Data(self.data.load(Ordering::Relaxed));
        (self.check.load(Ordering::Relaxed), data)
    }

    /// Writes an entry for `key`.
    #[inline]
    fn write(&self, key: Key, score: i32, depth: i32, bound: Bound, mv: Option<Move>, gen: u64) {
        let data = Data::new(key.hi, score, depth, bound, mv, gen);
        self.data.store(data.0, Ordering::Relaxed);
        self.check.store(key.lo ^ data.0, Ordering::Relaxed);
    }
}

/// Four entries in one 64-byte cache line.
#[repr(align(64))]
struct Bucket {
    slots: [Slot; 4],
}

const _: () = assert!(std::mem::size_of::<Slot>() == 16);
const _: () = assert!(std::mem::size_of::<Bucket>() == 64 && std::mem::align_of::<Bucket>() == 64);

/// A shared transposition table.
pub struct Tt {
    buckets: memory::Zeroed<Bucket>,
    generation: AtomicU64,
}

impl std::fmt::Debug for Tt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tt({} buckets)", self.buckets.len())
    }
}

/// A table size the machine refused to give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableSizeError {
    /// The size asked for, in MB.
    pub mb: usize,
}

impl std::fmt::Display for TableSizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot allocate a {} MB table", self.mb)
    }
}

impl std::error::Error for TableSizeError {}

impl Tt {
    /// A table of about `mb` megabytes (at least one bucket). Aborts, as `Vec` does, if the
    /// memory cannot be had: use [`Tt::try_new`] for a size that comes from input.
    pub fn new(mb: usize) -> Tt {
        Tt::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mb` megabytes (at least one bucket), or an error if the size overflows
    /// the address space or the allocator refuses it.
    pub fn try_new(mb: usize) -> Result<Tt, TableSizeError> {
        let bytes = mb
            .max(1)
            .checked_mul(1 << 20)
            .ok_or(TableSizeError { mb })?;
        let n = bytes / std::mem::size_of::<Bucket>();
        Ok(Tt {
            buckets: memory::Zeroed::try_new(n).ok_or(TableSizeError { mb })?,
            generation: AtomicU64::new(0),
        })
    }

    /// The size in megabytes.
    pub fn mb(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets.clear();
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> u64 {
        self.generation.load(Ordering::Relaxed) & Data::GENERATION_MASK
    }

    #[inline]
    fn bucket(&self, key: Key) -> &Bucket {
        self.buckets.scaled(key.mixed)
    }

    /// Starts loading `key`'s bucket into the cache, for a probe later.
    #[inline(always)]
    pub fn prefetch(&self, key: Key) {
        memory::prefetch(self.bucket(key));
    }

    /// The entry for `key`, if stored. A bucket's empty slots are its last ones ([`Tt::store`]
    /// fills the first empty slot, and no entry is ever removed but by [`Tt::clear`]), so the
    /// search stops at the first empty slot.
    #[inline(always)]
    pub fn probe(&self, key: Key) -> Option<Entry> {
        let b = self.bucket(key);
        for s in &b.slots {
            let data = Data(s.data.load(Ordering::Relaxed));
            if data.is_empty() {
                return None;
            }
            let check = s.check.load(Ordering::Relaxed);
            if key.holds(check, data) {
                return Some(data.entry());
            }
        }
        None
    }

    /// Stores an entry for `key`.
    #[inline(always)]
    pub fn store(&self, key: Key, score: i32, depth: i32, bound: Bound, mv: Option<Move>) {
        let gen = self.generation();
        let b = self.bucket(key);
        let mut victim = 0;
        let mut victim_value = i32::MAX;
        for (i, s) in b.slots.iter().enumerate() {
            let (check, data) = s.load();
            if data.is_empty() {
                victim = i;
                break;
            }
            if key.holds(check, data) {
                let old = data.entry();
                // Keep a deeper entry of this search unless the new one is exact.
                if old.depth > depth + 2 && bound != Bound::Exact && data.generation() == gen {
                    return;
                }
                let mv = mv.or(old.mv);
                s.write(key, score, depth, bound, mv, gen);
                return;
            }
            let age = ((gen + 64 - data.generation()) & Data::GENERATION_MASK) as i32;
            let value = data.depth() - 8 * age;
            if value < victim_value {
                victim_value = value;
                victim = i;
            }
        }
        b.slots[victim].write(key, score, depth, bound, mv, gen);
    }

    /// Permille of sampled entries written during the current search.
    pub fn hashfull(&self) -> u32 {
        let gen = self.generation();
        let n = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..n] {
            for s in &b.slots {
                let (_, data) = s.load();
                if !data.is_empty() && data.generation() == gen {
                    used += 1;
                }
            }
        }
        (used * 1000 / (4 * n.max(1))) as u32
    }
}

/// The tables' memory, the only `unsafe` code of the engine. A search probes a table at
/// random, so with ordinary 4 KB pages nearly every probe also misses the TLB; on Linux a table
/// of 1 MB or more is given whole 2 MB pages: its allocation is rounded up to a multiple of
/// 2 MB, aligned to 2 MB, and the kernel is asked (`madvise`) to back it with huge pages (on the
/// test machine, a 64 MB table showed as 64 MB of `AnonHugePages` while searching; the search
/// from the start position ran 4.8–6.1 M instead of 3.7–4.0 M nodes/s with huge pages forced on,
/// measured under load). The 1 MB depth-1 table is on one such page too, which `oware bench`
/// measured as about 5 % faster. Elsewhere, or if the kernel declines, the tables work the same
/// on normal pages.
#[allow(unsafe_code)]
mod memory {
    use std::alloc::{alloc, dealloc, Layout};
    use std::marker::PhantomData;
    use std::ptr::NonNull;

    /// Huge page size on x86-64 and arm64 Linux.
    const HUGE_PAGE: usize = 2 << 20;

    /// Asks the processor to start loading the cache line of `x` (a hint: no effect on the
    /// program's meaning; nothing on targets other than x86-64).
    #[inline(always)]
    pub(super) fn prefetch<T>(x: &T) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never faults and writes no memory; SSE is part of x86-64.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                (x as *const T).cast(),
            );
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = x;
    }

    /// The machine's physical memory in bytes, where known.
    fn physical_memory() -> Option<usize> {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: `sysconf` only reads system configuration.
            let (pages, page) = unsafe {
                (
                    libc::sysconf(libc::_SC_PHYS_PAGES),
                    libc::sysconf(libc::_SC_PAGESIZE),
                )
            };
            let pages = usize::try_from(pages).ok()?;
            let page = usize::try_from(page).ok()?;
            pages.checked_mul(page)
        }
        #[cfg(not(target_os = "linux"))]
        None
    }

    /// Types made of atomic integers only, for which all-zero bytes are a valid (empty) value.
    ///
    /// # Safety
    /// An implementor must be valid when all its bytes are zero, and `Send + Sync`.
    pub(super) unsafe trait Zeroable: Send + Sync {}

    // SAFETY: two atomic integers: all-zero is a valid value; atomics are `Send + Sync`.
    unsafe impl Zeroable for super::Slot {}
    // SAFETY: atomic integers only (see above).
    unsafe impl Zeroable for super::Bucket {}

    /// `len` zeroed (empty) values of `T`, owned.
    pub(super) struct Zeroed<T: Zeroable> {
        ptr: NonNull<T>,
        len: usize,
        layout: Layout,
        owns: PhantomData<T>,
    }

    // SAFETY: `Zeroed` owns its memory like a `Box<[T]>`, and `T` is `Send + Sync`.
    unsafe impl<T: Zeroable> Send for Zeroed<T> {}
    // SAFETY: as above; shared access goes through `T`'s atomics.
    unsafe impl<T: Zeroable> Sync for Zeroed<T> {}

    impl<T: Zeroable> Zeroed<T> {
        /// `len` (≥ 1) empty values, or `None` if the size overflows or the allocator refuses
        /// it (the caller reports it; nothing aborts).
        pub(super) fn try_new(len: usize) -> Option<Zeroed<T>> {
            let len = len.max(1);
            let used = len.checked_mul(std::mem::size_of::<T>())?;
            let huge = used >= HUGE_PAGE / 2;
            let (size, align) = if huge {
                (used.checked_next_multiple_of(HUGE_PAGE)?, HUGE_PAGE)
            } else {
                (used, std::mem::align_of::<T>())
            };
            if physical_memory().is_some_and(|m| size > m) {
                // The allocator might grant it (memory is overcommitted), but touching it all
                // below would bring the kernel's out-of-memory killer.
                return None;
            }
            let layout = Layout::from_size_align(size, align).ok()?;
            // SAFETY: `layout` has a non-zero size.
            let raw = unsafe { alloc(layout) };
            let ptr = NonNull::new(raw.cast::<T>())?;
            #[cfg(target_os = "linux")]
            if huge {
                // SAFETY: the range is the allocation just made; the advice only changes how
                // the kernel backs it, not its contents. A refusal (old kernel, huge pages
                // disabled) is harmless, so the result is ignored.
                unsafe {
                    libc::madvise(raw.cast(), size, libc::MADV_HUGEPAGE);
                }
            }
            // SAFETY: the allocation is at least `used` bytes; all-zero bytes are valid values
            // of `T` (`Zeroable`), so after this the memory holds `len` initialised values.
            unsafe { raw.write_bytes(0, used) };
            Some(Zeroed {
                ptr,
                len,
                layout,
                owns: PhantomData,
            })
        }

        /// Empties every value (all bytes zero again).
        pub(super) fn clear(&mut self) {
            // SAFETY: `&mut self` excludes any other access; the `len` values at `ptr` are in
            // the allocation, and all-zero bytes are valid values of `T` (`Zeroable`).
            unsafe { self.ptr.as_ptr().write_bytes(0, self.len) };
        }

        /// The value that `hash` picks: index `hash × len / 2⁶⁴` (the top bits of `hash`,
        /// scaled to the length), without a bounds check.
        #[inline(always)]
        pub(super) fn scaled(&self, hash: u64) -> &T {
            let i = ((u128::from(hash) * self.len as u128) >> 64) as usize;
            debug_assert!(i < self.len);
            // SAFETY: `hash` < 2⁶⁴, so `hash × len / 2⁶⁴` < `len`: `i` is in bounds of the
            // `len` initialised values at `ptr` (see `new`).
            unsafe { &*self.ptr.as_ptr().add(i) }
        }
    }

    impl<T: Zeroable> std::ops::Deref for Zeroed<T> {
        type Target = [T];

        fn deref(&self) -> &[T] {
            // SAFETY: `ptr` points to `len` initialised values owned by `self` (see `new`).
            unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
        }
    }

    impl<T: Zeroable> Drop for Zeroed<T> {
        fn drop(&mut self) {
            // SAFETY: allocated in `new` with this layout, freed once.
            unsafe { dealloc(self.ptr.as_ptr().cast(), self.layout) }
        }
    }
}

/// The table of depth-1 nodes: one entry a slot (direct-mapped), the same entry format.
///
/// Every entry here has depth 1, so the main table's choice of a victim by depth would always
/// pick the same slot of a bucket; a direct-mapped table replaces the entry whose slot the key
/// picks, and its probe and store read one slot instead of four.
pub struct SmallTt {
    slots: memory::Zeroed<Slot>,
}

impl std::fmt::Debug for SmallTt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SmallTt({} slots)", self.slots.len())
    }
}

impl SmallTt {
    /// A table of about `mb` megabytes (at least one slot).
    pub fn new(mb: usize) -> SmallTt {
        let n = ((mb.max(1) << 20) / std::mem::size_of::<Slot>()).max(1);
        SmallTt {
            slots: memory::Zeroed::try_new(n)
                .unwrap_or_else(|| panic!("{}", TableSizeError { mb })),
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.clear();
    }

    #[inline]
    fn slot(&self, key: Key) -> &Slot {
        self.slots.scaled(key.mixed)
    }

    /// Starts loading `key`'s slot into the cache, for a probe later.
    #[inline(always)]
    pub fn prefetch(&self, key: Key) {
        memory::prefetch(self.slot(key));
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: Key) -> Option<Entry> {
        let (check, data) = self.slot(key).load();
        key.holds(check, data).then(|| data.entry())
    }

    /// Stores an entry for `key` in its slot (keeping the old move of the same position if the
    /// new entry has none).
    #[inline(always)]
    pub fn store(&self, key: Key, score: i32, depth: i32, bound: Bound, mv: Option<Move>) {
        let s = self.slot(key);
        let mut mv = mv;
        if mv.is_none() {
            let (check, data) = s.load();
            if key.holds(check, data) {
                mv = data.entry().mv;
            }
        }
        s.write(key, score, depth, bound, mv, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{fen, Rules, Side};

    #[test]
    fn keys_are_exact() {
        let rules = Rules::default();
        let mut seen = std::collections::HashMap::new();
        let mut frontier = vec![Position::start()];
        for _ in 0..5 {
            let mut next = Vec::new();
            for p in frontier {
                for &m in p.legal_moves(&rules).iter() {
                    let c = p.play_unchecked(m, &rules);
                    let k = Key::of(&c);
                    if let Some(old) = seen.insert((k.lo, k.hi), c) {
                        assert_eq!(old, c);
                    }
                    next.push(c);
                }
            }
            frontier = next;
        }
        let a = fen::parse("48-0-0-0-0-0-0-0-0-0-0-0-0-0-N").unwrap();
        let b = fen::parse("0-0-0-0-0-0-0-0-0-0-0-48-0-0-N").unwrap();
        assert_ne!(Key::of(&a), Key::of(&b));
        assert_ne!(Key::of(&a), Key::of(&a.flipped()));
    }

    /// A position from `pits` (48 seeds or fewer on the board), the rest split between the
    /// stores, `south_share` percent of it to South.
    fn setup(pits: [u8; 12], south_share: u32, turn: Side) -> Position {
        let on_board: u32 = pits.iter().map(|&n| u32::from(n)).sum();
        let rest = 48 - on_board;
        let south = (rest * south_share / 100) as u8;
        Position::from_setup(&oware_core::Setup {
            pits,
            stores: oware_core::BySide {
                south,
                north: rest as u8 - south,
            },
            turn,
        })
        .unwrap()
    }

    #[test]
    fn keys_of_extreme_and_random_positions_are_exact() {
        let mut seen = std::collections::HashMap::new();
        let mut check = |p: Position| {
            let k = Key::of(&p);
            if let Some(old) = seen.insert((k.lo, k.hi), p) {
                assert_eq!(old, p);
            }
        };
        // Every count in every pit alone, with both sides to move and stores apart.
        for pit in 0..12 {
            for n in 0..=48u8 {
                for turn in [Side::South, Side::North] {
                    for share in [0, 50, 100] {
                        let mut pits = [0; 12];
                        pits[pit] = n;
                        check(setup(pits, share, turn));
                    }
                }
            }
        }
        // Random boards (a fixed xorshift sequence), seeds dropped one at a time.
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || crate::eval::xorshift(&mut state);
        for _ in 0..200_000 {
            let mut pits = [0u8; 12];
            for _ in 0..next() % 49 {
                pits[(next() % 12) as usize] += 1;
            }
            let x = next();
            let turn = if x & 1 == 0 { Side::South } else { Side::North };
            check(setup(pits, (x >> 8) as u32 % 101, turn));
        }
    }

    #[test]
    fn small_table_keeps_the_last_entry_of_a_slot_and_its_move() {
        let mut tt = SmallTt::new(1);
        let p = Position::start();
        let k = Key::of(&p);
        assert!(tt.probe(k).is_none());
        tt.store(k, 55, 1, Bound::Lower, Move::new(2));
        // A new entry without a move keeps the old move of the same position.
        tt.store(k, -7, 1, Bound::Upper, None);
        let e = tt.probe(k).unwrap();
        assert_eq!(
            (e.score, e.depth, e.bound, e.mv),
            (-7, 1, Bound::Upper, Move::new(2))
        );
        // Another position that falls in the same slot replaces it.
        let rules = Rules::default();
        let mut frontier = vec![p];
        let other = 'found: loop {
            let mut next = Vec::new();
            for q in frontier {
                for &m in q.legal_moves(&rules).iter() {
                    let c = q.play_unchecked(m, &rules);
                    if c != p && std::ptr::eq(tt.slot(Key::of(&c)), tt.slot(k)) {
                        break 'found c;
                    }
                    next.push(c);
                }
            }
            frontier = next;
        };
        tt.store(Key::of(&other), 3, 1, Bound::Exact, None);
        assert!(tt.probe(k).is_none());
        assert_eq!(tt.probe(Key::of(&other)).unwrap().score, 3);
        tt.clear();
        assert!(tt.probe(Key::of(&other)).is_none());
    }

    /// Every field of the data word reads back what was written, at the ends of its range,
    /// and no stored entry's word is the empty one.
    #[test]
    fn data_word_fields_round_trip() {
        for (score, depth, bound, mv, gen, hi) in [
            (-32768, 0, Bound::Exact, None, 0, 0),
            (32767, 255, Bound::Upper, Move::new(5), 63, 0x7fff),
            (-1, 7, Bound::Lower, Move::new(0), 1, 0x4000),
        ] {
            let d = Data::new(hi, score, depth, bound, mv, gen);
            assert!(!d.is_empty());
            let e = d.entry();
            assert_eq!((e.score, e.depth, e.bound, e.mv), (score, depth, bound, mv));
            assert_eq!((d.depth(), d.generation(), d.key_hi()), (depth, gen, hi));
        }
    }

    #[test]
    fn store_and_probe() {
        let tt = Tt::new(1);
        let p = Position::start();
        let k = Key::of(&p);
        assert!(tt.probe(k).is_none());
        tt.store(k, -1234, 7, Bound::Lower, Move::new(3));
        let e = tt.probe(k).unwrap();
        assert_eq!(e.score, -1234);
        assert_eq!(e.depth, 7);
        assert_eq!(e.bound, Bound::Lower);
        assert_eq!(e.mv, Move::new(3));
        assert!(tt.probe(Key::of(&p.flipped())).is_none());
    }

    /// Five positions that share a bucket: the first four fill it (each found by a probe, which
    /// stops at the first empty slot), the fifth replaces one of them and is found too.
    #[test]
    fn a_full_bucket_keeps_four_entries_and_replaces_one() {
        let tt = Tt::new(1);
        let rules = Rules::default();
        let target = tt.bucket(Key::of(&Position::start())) as *const Bucket;
        let mut same = vec![Position::start()];
        let mut frontier = vec![Position::start()];
        while same.len() < 5 {
            let p = frontier.remove(0);
            for &m in p.legal_moves(&rules).iter() {
                let c = p.play_unchecked(m, &rules);
                if std::ptr::eq(tt.bucket(Key::of(&c)), target) && !same.contains(&c) {
                    same.push(c);
                }
                frontier.push(c);
            }
        }
        for (i, p) in same[..4].iter().enumerate() {
            assert!(tt.probe(Key::of(p)).is_none());
            tt.store(Key::of(p), i as i32, 3, Bound::Exact, None);
        }
        for (i, p) in same[..4].iter().enumerate() {
            assert_eq!(tt.probe(Key::of(p)).unwrap().score, i as i32);
        }
        tt.store(Key::of(&same[4]), 99, 3, Bound::Exact, None);
        assert_eq!(tt.probe(Key::of(&same[4])).unwrap().score, 99);
        let kept = same[..4]
            .iter()
            .filter(|p| tt.probe(Key::of(p)).is_some())
            .count();
        assert_eq!(kept, 3);
    }

    #[test]
    fn sizes_that_cannot_be_had_are_errors_not_aborts() {
        // Overflows the address space in bytes.
        assert_eq!(
            Tt::try_new(usize::MAX).unwrap_err(),
            TableSizeError { mb: usize::MAX }
        );
        // 2^60 bytes: more than any machine has; refused by the allocator or the memory check.
        assert!(Tt::try_new(1 << 40).is_err());
        let mut engine = crate::Engine::new(1);
        assert!(engine.set_hash(1 << 40).is_err());
        assert_eq!(engine.hash_mb(), 1, "the old table is kept");
        assert!(crate::Engine::try_new(1 << 40).is_err());
    }

    #[test]
    fn tables_have_the_size_asked_for_and_start_empty() {
        // Sizes below, at and above the 2 MB pages (the allocation is rounded up to whole
        // pages from 1 MB on; the tables use only what was asked for).
        for mb in [1, 2, 3, 5] {
            let tt = Tt::new(mb);
            assert_eq!(tt.mb(), mb);
            assert_eq!(tt.buckets.len(), (mb << 20) / 64);
            assert!(tt
                .buckets
                .iter()
                .all(|b| b.slots.iter().all(|s| s.load() == (0, Data(0)))));
            let small = SmallTt::new(mb);
            assert_eq!(small.slots.len(), (mb << 20) / 16);
            assert!(small.slots.iter().all(|s| s.load() == (0, Data(0))));
        }
        let tiny = memory::Zeroed::<Slot>::try_new(3).unwrap();
        assert_eq!(tiny.len(), 3);
    }
}
