//! The search core: boards the searches play on and what a search spends.
//!
//! - [`position`]: the [`Position`](position::Position) trait every board implements;
//! - [`bitboard`]: the 4x4 board in a `u64` and its row tables (the hot path);
//! - [`grid`]: the exact n x n board for every size (and 4x4 beyond 32,768);
//! - `transposition`: the per-thread table of chance nodes;
//! - [`budget`]: node and time budgets, iterative deepening; [`clock`]: the only time source;
//! - [`seeding`]: the random strategies' generators, seeded by (seed, position).
//!
//! Imports run one way: `position` <- `bitboard`, `grid`; `clock` <- `budget`.

pub mod bitboard;
pub mod budget;
pub mod clock;
pub mod grid;
pub mod position;
pub mod seeding;
pub(crate) mod transposition;
