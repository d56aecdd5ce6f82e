//! The seeded generator behind every random choice: SplitMix64, small and reproducible on
//! every platform.

/// A SplitMix64 generator. The same seed gives the same numbers everywhere.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number from `0` to `n - 1` (`n` at least 1), by the multiply-shift method.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The seed of game `index` of a run seeded with `seed`: each game has its own stream, so a
/// run's games do not depend on how they are shared among threads.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    Rng::new(seed ^ index.wrapping_mul(0xd1b5_4a32_d192_ed03)).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[rng.below(6)] += 1;
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
    }

    #[test]
    fn same_seed_same_numbers() {
        let a: Vec<u64> = (0..5).map(|i| game_seed(42, i)).collect();
        let b: Vec<u64> = (0..5).map(|i| game_seed(42, i)).collect();
        assert_eq!(a, b);
        assert_ne!(game_seed(42, 0), game_seed(43, 0));
        let u = Rng::new(1).unit();
        assert!((0.0..1.0).contains(&u));
    }
}
