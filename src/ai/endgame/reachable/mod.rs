//! Tables of reachable positions: a wall formation's sub-game ([`walls`]), solved over only the
//! positions its play reaches from small seeds, stored by layer of tile sum with each
//! position's chance ([`table`]), and built forward then backward on every thread
//! ([`build`], native only).
//!
//! Imports run one way: `walls` <- `table` <- `build`.

#[cfg(not(target_arch = "wasm32"))]
pub mod build;
pub mod table;
pub mod walls;

pub use table::{Covered, ReachTable};
pub use walls::{WallGame, Walls};
