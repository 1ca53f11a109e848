//! Every `#[wasm_bindgen]` export, one file per concern, each build's part gated once, here.
//! Thin conversions between JS values and the engine, and JS errors; no rules, no AI logic.
//!
//! | file | exports | build |
//! | --- | --- | --- |
//! | `convert.rs` | none: JS values in (size, seed, mode, cells), reports out, JS errors | all |
//! | `game.rs` | `Game` (new, fromCells, move, undo, toJSON, record, ...), `legalMoves` | all |
//! | `catalog.rs` | `strategies`, `learnedStrategies` | all |
//! | `records.rs` | `Game.fromJSON`, `Game.fromRecord`, `Replay`, `positionProblem` | records, ai |
//! | `search.rs` | `bestMove`, `warmUp`, `loadWeights`, `NetworkLoader`, `unloadWeights` | ai |
//! | `endgame.rs` | `loadEndgame`, `unloadEndgame` (the endgame set `bestMove` plays with) | ai |
//! | `learner.rs` | `Trainer` | ai |
//! | `typescript.rs` | none: the TypeScript types the declarations name (`MoveResult`, `SearchOptions`, ...) | all |
//! | `reports/` | none: the reports' JSON text, written without serde (also built natively, for its tests) | per report |
//!
//! The three builds, named by what they hold (the Makefile; `www/pkg/game2048_<build>.js`):
//! play (no features), the page's first module: new games, moves, undo, saving; records
//! (`records`), play and reading saved games and records back; ai (`ai`, which holds
//! `records`), records and the search and the learner, for the workers, Node and the tools.
//! The files import `convert` and `reports`; `records.rs` adds constructors to `game.rs`'s
//! class; `learner.rs` hands its network to `search.rs`, which holds the one this module
//! instance (a worker) plays with, and reads the endgame set `endgame.rs` holds. Nothing here
//! imports this file back.

#[cfg(target_arch = "wasm32")]
mod catalog;
#[cfg(target_arch = "wasm32")]
mod convert;
#[cfg(all(target_arch = "wasm32", feature = "ai"))]
mod endgame;
#[cfg(target_arch = "wasm32")]
mod game;
#[cfg(all(target_arch = "wasm32", feature = "ai"))]
mod learner;
#[cfg(all(target_arch = "wasm32", feature = "records"))]
mod records;
mod reports;
#[cfg(all(target_arch = "wasm32", feature = "ai"))]
mod search;
#[cfg(target_arch = "wasm32")]
mod typescript;

/// The page's modules (built without `ai`) allocate with talc, a few KB smaller than Rust's
/// default wasm allocator (dlmalloc); the AI's module keeps dlmalloc.
#[cfg(all(target_arch = "wasm32", not(feature = "ai")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
