//! Endgame tables: the sub-game left once the large tiles sit in a fixed formation, solved
//! exactly. A table holds, for every arrangement of small tiles in the free cells, the chance
//! of building the chain's next tile on the goal cell under best play without moving a large
//! tile; the learned search consults it where a board matches.
//!
//! - [`formation`]: which cells are fixed and which is the goal, along the snake's path or the
//!   parallel one, and the eight symmetries;
//! - [`subgame`]: the sub-game's rules, its states numbered without hashing, one state's value;
//! - [`build`]: solving every state, layer by layer, with checkpoints;
//! - [`table`]: a solved table and its file;
//! - [`distilled`]: the chances a player's games reach, chosen from a full table, and their file;
//! - [`lookup`]: which table covers a board, and each move's chance there;
//! - [`reachable`]: tables of only the positions a wall formation's play reaches, their
//!   builder and their file.
//!
//! Imports run one way: `formation` <- `subgame` <- `table` <- `distilled`, `build`, `lookup`.

pub mod build;
pub mod distilled;
pub mod formation;
pub mod lookup;
pub mod reachable;
pub mod subgame;
pub mod table;

pub use build::Builder;
pub use distilled::Distilled;
pub use formation::{Formation, Symmetry};
pub use lookup::{Breaks, Solved, Tables, Use};
pub use subgame::Subgame;
pub use table::{Table, TableError};
