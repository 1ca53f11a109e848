//! What several test files share.

/// SplitMix64: a tiny seeded generator, so the tests need no RNG crate.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A board of `size` with about a third of its cells empty and exponents 1..=max.
    pub fn board(&mut self, size: usize, max: u8) -> Vec<u8> {
        (0..size * size)
            .map(|_| {
                if self.below(3) == 0 {
                    0
                } else {
                    1 + self.below(u64::from(max)) as u8
                }
            })
            .collect()
    }
}
