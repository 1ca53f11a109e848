//! What a caller may ask of the AIs and what the page shows about them: strategy names,
//! options (checked), their errors, the evaluations' weights and the catalogue. Plain data,
//! built with or without the `ai` feature (the page's play and records modules have no search).
//!
//! Imports run one way: `names` <- `error` <- `weights` <- `options` <- `catalog`.

pub mod catalog;
pub mod error;
pub mod names;
pub mod options;
pub mod weights;
