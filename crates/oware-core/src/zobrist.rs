//! Zobrist keys from a fixed seed, generated at compile time: hashes are the same on every run.

use crate::Side;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// Keys for 12 pits × 49 counts, then 2 stores × 49 counts, then the side.
const KEYS: [u64; 12 * 49 + 2 * 49 + 1] = {
    let mut keys = [0u64; 12 * 49 + 2 * 49 + 1];
    let mut state = 0x0a0a_0a0a_2024_0048u64;
    let mut i = 0;
    while i < keys.len() {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    keys
};

const STORE_BASE: usize = 12 * 49;
const SIDE_KEY: usize = STORE_BASE + 2 * 49;

/// The key of pit `pit` holding `count` seeds (count ≤ 48).
#[inline]
pub fn pit_key(pit: usize, count: u8) -> u64 {
    KEYS[pit * 49 + usize::from(count)]
}

/// The key of `side`'s store holding `count` seeds.
#[inline]
pub fn store_key(side: Side, count: u8) -> u64 {
    KEYS[STORE_BASE + side.index() * 49 + usize::from(count)]
}

/// The key XORed in when North is to move.
#[inline]
pub fn side_key() -> u64 {
    KEYS[SIDE_KEY]
}

pub(crate) fn hash(pits: &[u8; 12], stores: [u8; 2], turn: Side) -> u64 {
    let mut h = store_key(Side::South, stores[0]) ^ store_key(Side::North, stores[1]);
    for (i, &n) in pits.iter().enumerate() {
        h ^= pit_key(i, n);
    }
    if turn == Side::North {
        h ^= side_key();
    }
    h
}
