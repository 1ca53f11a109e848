//! Evaluations: how good a position looks, for the searches to compare leaves.
//!
//! - [`heuristic`]: expectimax's evaluation after nneonneo/2048-ai (65,536-entry row tables
//!   for 4x4, the same formula per line on larger boards);
//! - [`smoothness`]: minimax's evaluation (monotonicity, smoothness, empty cells, highest tile,
//!   merges), and the spawn measures minimax-id prunes with;
//! - [`learned`]: a trained n-tuple network as expectimax's evaluation;
//! - [`downgrade`]: how the learned player reads a board from 32,768 up;
//!
//! They read the search core (boards), the API's weights and the networks; nothing here
//! imports a strategy.

pub mod downgrade;
pub mod heuristic;
pub mod learned;
pub mod smoothness;

pub use heuristic::{EvalWeights, Evaluate, LineScorer, RowTable, SCORED_EXPONENTS};
