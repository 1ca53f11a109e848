//! Tables of reachable positions: a wall formation's sub-game ([`walls`]), found on a board in
//! any of the eight symmetries ([`symmetry`]), solved over only the positions its play reaches
//! from small seeds, stored by layer of tile sum with each position's chance ([`table`], its
//! checksummed file [`file`]), and built forward then backward on every thread ([`build`],
//! native only); a distilled set of the positions play reaches most often keeps only each one's
//! best moves ([`distilled`]), and packs them in under 2 bytes a position for a page
//! ([`packed`]); play-outs of the sub-game as a table plays it ([`sample`], native only) show
//! which positions a set should keep.
//!
//! Imports run one way: `symmetry` <- `walls`, `file` <- `table` <- `build`, `table` <-
//! `distilled` <- `packed`, `distilled` <- `sample`.

#[cfg(not(target_arch = "wasm32"))]
pub mod build;
pub mod distilled;
pub mod file;
#[cfg(not(target_arch = "wasm32"))]
pub mod mapped;
pub mod packed;
#[cfg(not(target_arch = "wasm32"))]
pub mod sample;
pub mod symmetry;
pub mod table;
pub mod walls;

pub use distilled::DistilledTable;
pub use file::TableError;
#[cfg(not(target_arch = "wasm32"))]
pub use mapped::MappedTable;
pub use packed::PackedSet;
pub use symmetry::Symmetry;
pub use table::{Chances, Covered, ReachTable};
pub use walls::{WallGame, Walls};
