//! N-tuple networks: the learned evaluation of 4x4 afterstates (Szubert & Jaskowski 2014,
//! Yeh et al. 2016), how they learn by temporal differences, and their weights file.
//!
//! | file | holds |
//! | --- | --- |
//! | [`shape`] | which tuples of cells, how many levels; the 8 symmetries, precomputed indices |
//! | [`network`] | [`Network`]: weights (`f32`, `i16`/`i8` with a scale, or `c8` codes), the value of an afterstate, rewards |
//! | [`sparse`] | `i16` weights held sparse: a bitmap with running counts, and the values that are not 0 |
//! | [`codebook`] | the `c8` codebooks: 256 values per tuple, fitted by weighted 1-D k-means |
//! | [`learn`] | afterstate TD(0) over one game, for one thread or shared between threads; visit counts |
//! | [`format`] | the versioned binary weights file with its checks |
//! | [`read`] | the weights file read as its bytes arrive (the page's download), with the same checks |
//! | `huge` | native only: large tables read at random backed by huge pages (the arena's expanded `i16`, the trainer's weights) |
//!
//! Imports run one way: `shape`, `codebook`, `sparse` <- `network` <- `learn`, `format` <- `read`. Only the
//! search core (the bitboard) is imported from outside; the strategies import this.

pub mod codebook;
pub mod format;
#[cfg(not(target_arch = "wasm32"))]
pub mod huge;
pub mod learn;
pub mod network;
pub mod read;
pub mod shape;
pub mod sparse;

pub use format::{encode, Encoding, WeightsError};
pub use network::{Network, Quantisation, Weights};
pub use read::decode;
pub use shape::{Shape, ShapeError};
