//! 2048: the rules, the game state and the AIs. Compiled natively (tests, arena) and to
//! WebAssembly (the page); every `#[wasm_bindgen]` export lives in `wasm.rs`.

pub mod ai;
pub mod board;
pub mod direction;
pub mod error;
mod from_record;
pub mod game;
pub mod limits;
pub mod record;
#[cfg(any(target_arch = "wasm32", test))]
mod report_json;
pub mod rng;
pub mod spawn;
pub mod state;
#[cfg(not(target_arch = "wasm32"))]
pub mod svg;

#[cfg(target_arch = "wasm32")]
mod wasm;

/// The page's main-thread modules (built without `ai`) allocate with talc, a few KB smaller
/// than Rust's default wasm allocator (dlmalloc); the AI's module keeps dlmalloc.
#[cfg(all(target_arch = "wasm32", not(feature = "ai")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

pub use board::{Board, Slide};
pub use direction::Direction;
pub use error::GameError;
pub use game::{Game, MoveReport};
pub use limits::{MAX_EXPONENT, MAX_SIZE, MIN_SIZE, WIN_EXPONENT};
pub use record::{Mode, Record, RecordError, RecordedMove, Replay};
