//! The AIs: pure functions from a position (and options) to a move. The page runs them in a
//! Web Worker through `bestMove`, the arena natively through [`best_move`].
//!
//! Five layers, each importing only the ones above it (the order `tools/check/import-cycles.mjs`
//! checks, with the crate's other layers):
//!
//! | layer | folder | holds |
//! | --- | --- | --- |
//! | API (always built) | [`api`] | strategy names, [`options`] (checked), [`error`], [`weights`], [`catalog`] |
//! | search core | [`search`] | [`Position`](search::position::Position), the 4x4 [`bitboard`], the exact n x n [`grid`], the transposition table, [`budget`]s, the [`clock`], [`seeding`] |
//! | endgame tables | [`endgame`] | wall formations, their tables of reachable positions (builder, file), the move a table gives at the root |
//! | learned evaluation | [`ntuple`] | n-tuple networks, TD learning, the weights file |
//! | evaluations | [`eval`] | expectimax's heuristic tables ([`eval::heuristic`]), minimax's evaluation ([`eval::smoothness`]), a network as evaluation |
//! | strategies | [`strategies`] | one file per strategy behind [`Strategy`]; [`best_move`] dispatches, handing the learned ones the network it is given |
//!
//! [`warm_up`] builds every table the searches read. Without the `ai` feature (the page's
//! play and records modules) only [`api`] is built: what the strategy picker shows, no search.
//!
//! This file only declares and re-exports (the paths `game2048::ai::...` that callers use);
//! nothing under `src/ai` imports it back.

pub mod api;
#[cfg(feature = "ai")]
pub mod endgame;
#[cfg(feature = "ai")]
pub mod eval;
#[cfg(feature = "ai")]
pub mod ntuple;
#[cfg(feature = "ai")]
pub mod search;
#[cfg(feature = "ai")]
pub mod strategies;
#[cfg(feature = "ai")]
mod tables;

pub use api::error::AiError;
pub use api::options::{Budget, SearchOptions, StrategyName};
pub use api::weights::{EvalWeights, MinimaxWeights};
pub use api::{catalog, error, options, weights};

// Short paths for callers outside src/ai (the arena, tests, benches, bindings).
#[cfg(all(feature = "ai", not(target_arch = "wasm32")))]
pub use search::clock::SystemClock;
#[cfg(feature = "ai")]
pub use search::clock::{Clock, NoClock};
#[cfg(feature = "ai")]
pub use search::{bitboard, budget, clock, grid, seeding};
#[cfg(feature = "ai")]
pub use strategies::decision::{Decision, Strategy};
#[cfg(feature = "ai")]
pub use strategies::dispatch::{
    best_move, best_move_with, check_available, check_position, strategy, Knowledge,
};
#[cfg(feature = "ai")]
pub use strategies::expectimax::Expectimax;
#[cfg(feature = "ai")]
pub use strategies::{
    corner, cycle, expectimax, expectimax_td, greedy, minimax, minimax_id, montecarlo,
    montecarlo_dynamic, random, td,
};
#[cfg(feature = "ai")]
pub use tables::{tables_built, warm_up};
