//! Reproducible randomness for the random strategies: a generator seeded from the caller's
//! `seed` and a hash of the position, so the same position and options give the same move
//! natively and in WebAssembly, and different positions draw different numbers.

use rand::RngCore;

use crate::rng::GameRng;

/// The splitmix64 finalizer: a bijective mix of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A hash of an n x n position (exponents, row-major).
pub fn position_hash(cells: &[u8], size: usize) -> u64 {
    let mut hash = mix(size as u64 ^ 0x2048);
    for chunk in cells.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        hash = mix(hash ^ u64::from_le_bytes(word)).wrapping_add(0x9E37_79B9_7F4A_7C15);
    }
    hash
}

/// The generator for `stream` (e.g. a root move) of this seed and position. Streams are
/// independent, so a root move's draws do not depend on which other moves are searched.
pub fn rng_for(seed: u64, cells: &[u8], size: usize, stream: u64) -> GameRng {
    let key = mix(seed) ^ position_hash(cells, size) ^ mix(stream.wrapping_add(0xA5A5_A5A5));
    GameRng::from_seed(key)
}

/// A number in 0..n (n >= 1), from the high bits (multiply-shift; the bias is below 2^-32 n).
#[inline]
pub fn below(rng: &mut GameRng, n: u32) -> u32 {
    (((rng.next_u64() >> 32) * u64::from(n)) >> 32) as u32
}

/// A number in [0, 1) with 53 random bits.
pub fn unit(rng: &mut GameRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}
