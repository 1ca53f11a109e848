//! The limits of a board: sizes and tiles. A file of their own, so that the modules which
//! read them never import the crate root (which re-exports those modules).

pub const MIN_SIZE: usize = 3;
pub const MAX_SIZE: usize = 8;
/// The largest tile any board can hold: 2^65, reachable (in principle) only on 8x8.
pub const MAX_EXPONENT: u8 = 65;
/// The exponent of the winning tile, 2048.
pub const WIN_EXPONENT: u8 = 11;
