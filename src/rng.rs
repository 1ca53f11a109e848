//! The game's random generator: xoshiro256** seeded through splitmix64.
//! Written out here (rather than taken from rand's `StdRng`) because its whole state must be
//! saved with the game and be the same stream in native code and in wasm, now and later.

use rand::RngCore;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRng {
    s: [u64; 4],
}

fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl GameRng {
    pub fn from_seed(seed: u64) -> GameRng {
        let mut x = seed;
        GameRng {
            s: [
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
            ],
        }
    }

    /// A seed from the operating system (the browser's crypto in wasm).
    pub fn entropy_seed() -> u64 {
        let mut bytes = [0u8; 8];
        // Without entropy the game still has to start; the clock-free fallback only loses
        // unpredictability, never correctness.
        if getrandom::fill(&mut bytes).is_err() {
            return 0x2048_2048_2048_2048;
        }
        u64::from_le_bytes(bytes)
    }

    /// The full state, for saving. Never all zero.
    pub fn state(&self) -> [u64; 4] {
        self.s
    }

    /// Restores a saved state; None for the all-zero state, which xoshiro cannot leave.
    pub fn from_state(s: [u64; 4]) -> Option<GameRng> {
        if s == [0; 4] {
            None
        } else {
            Some(GameRng { s })
        }
    }
}

impl GameRng {
    /// The next 64-bit word of xoshiro256** (the spawn draw in `spawn.rs` takes two).
    pub fn next_word(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }
}

impl RngCore for GameRng {
    fn next_u64(&mut self) -> u64 {
        self.next_word()
    }

    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}
