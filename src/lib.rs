//! 2048: the rules, the game state and the AIs. Compiled natively (tests, arena) and to
//! WebAssembly (the page); every `#[wasm_bindgen]` export lives in `wasm/`.

pub mod ai;
pub mod board;
mod crc32;
pub mod direction;
pub mod error;
mod from_record;
pub mod game;
mod json;
pub mod limits;
pub mod record;
pub mod rng;
pub mod spawn;
pub mod state;
#[cfg(not(target_arch = "wasm32"))]
pub mod svg;

// The bindings are wasm-only; their reports (`wasm/reports/`) are tested natively too.
#[cfg(any(target_arch = "wasm32", test))]
mod wasm;

pub use board::{Board, Slide};
pub use direction::Direction;
pub use error::GameError;
pub use game::{Game, MoveReport};
pub use limits::{MAX_EXPONENT, MAX_SIZE, MIN_SIZE, WIN_EXPONENT};
pub use record::{Mode, Record, RecordError, RecordedMove, Replay};
