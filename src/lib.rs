//! 2048: the rules, the game state and the AIs. Compiled natively (tests, arena) and to
//! WebAssembly (the page); every `#[wasm_bindgen]` export lives in `wasm.rs`.

pub mod ai;
pub mod board;
pub mod direction;
pub mod error;
pub mod game;
pub mod rng;
pub mod spawn;
pub mod state;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use board::{Board, Slide};
pub use direction::Direction;
pub use error::GameError;
pub use game::{Game, MoveReport};

pub const MIN_SIZE: usize = 3;
pub const MAX_SIZE: usize = 8;
/// The largest tile any board can hold: 2^65, reachable (in principle) only on 8x8.
pub const MAX_EXPONENT: u8 = 65;
/// The exponent of the winning tile, 2048.
pub const WIN_EXPONENT: u8 = 11;
