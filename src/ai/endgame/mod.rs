//! Endgame tables: the sub-game left once six large tiles stand as walls in a fixed formation,
//! solved over the positions its play reaches.
//!
//! - [`reachable`]: a wall formation's sub-game, its tables of reachable positions, their
//!   builder and their file;
//! - [`lookup`]: the tables a search consults, and the move a table gives a board at the root.
//!
//! Imports run one way: `reachable` <- `lookup`.

pub mod lookup;
pub mod reachable;

pub use lookup::{Tables, WallCounts, WALL_MARGIN, WALL_TIE};
pub use reachable::{ReachTable, Symmetry, TableError, WallGame, Walls};
