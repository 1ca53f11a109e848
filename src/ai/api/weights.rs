//! The two evaluations' weights: fields, defaults and ranges. Plain data that both builds
//! need (the options read them, the catalogue shows them), apart from the evaluations that
//! use them (`ai::eval::heuristic`, `ai::eval::smoothness`), which only the `ai` feature builds.

use serde::{Deserialize, Serialize};

use super::error::AiError;

/// The knobs of expectimax's evaluation (`ai::eval::heuristic`); defaults are nneonneo/2048-ai's
/// tuned values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EvalWeights {
    /// Added to every line, so a live position always outranks a lost one (worth 0).
    pub lost_penalty: f64,
    pub monotonicity_power: f64,
    pub monotonicity: f64,
    pub sum_power: f64,
    pub sum: f64,
    pub merges: f64,
    pub empty: f64,
}

impl Default for EvalWeights {
    fn default() -> Self {
        EvalWeights {
            lost_penalty: 200_000.0,
            monotonicity_power: 4.0,
            monotonicity: 47.0,
            sum_power: 3.5,
            sum: 11.0,
            merges: 700.0,
            empty: 270.0,
        }
    }
}

impl EvalWeights {
    /// The range of each field: (name, min, max), in declaration order.
    pub const RANGES: [(&'static str, f64, f64); 7] = [
        ("lost_penalty", 0.0, 1e9),
        ("monotonicity_power", 0.0, 8.0),
        ("monotonicity", 0.0, 1e6),
        ("sum_power", 0.0, 8.0),
        ("sum", 0.0, 1e6),
        ("merges", 0.0, 1e6),
        ("empty", 0.0, 1e6),
    ];

    /// The fields' values in [`Self::RANGES`] order.
    pub fn values(&self) -> [f64; 7] {
        [
            self.lost_penalty,
            self.monotonicity_power,
            self.monotonicity,
            self.sum_power,
            self.sum,
            self.merges,
            self.empty,
        ]
    }

    pub fn validate(&self) -> Result<(), AiError> {
        check_ranges(&Self::RANGES, &self.values())
    }
}

/// The weights of minimax's evaluation (`ai::eval::smoothness`). A reconstruction, not the
/// original project's numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MinimaxWeights {
    pub monotonicity: f64,
    pub smoothness: f64,
    pub empty: f64,
    pub max_tile: f64,
    /// Multiplies the highest tile's term when that tile sits in a corner (1 = no bonus).
    pub corner_bonus: f64,
    pub merges: f64,
}

impl Default for MinimaxWeights {
    fn default() -> Self {
        MinimaxWeights {
            monotonicity: 1.0,
            smoothness: 0.1,
            empty: 2.7,
            max_tile: 1.0,
            corner_bonus: 1.6,
            merges: 1.0,
        }
    }
}

impl MinimaxWeights {
    /// The range of each field: (name, min, max).
    pub const RANGES: [(&'static str, f64, f64); 6] = [
        ("monotonicity", 0.0, 1e6),
        ("smoothness", 0.0, 1e6),
        ("empty", 0.0, 1e6),
        ("max_tile", 0.0, 1e6),
        ("corner_bonus", 1.0, 100.0),
        ("merges", 0.0, 1e6),
    ];

    /// The fields' values in [`Self::RANGES`] order.
    pub fn values(&self) -> [f64; 6] {
        [
            self.monotonicity,
            self.smoothness,
            self.empty,
            self.max_tile,
            self.corner_bonus,
            self.merges,
        ]
    }

    pub fn validate(&self) -> Result<(), AiError> {
        check_ranges(&Self::RANGES, &self.values())
    }
}

/// The first weight outside its range, as an error.
fn check_ranges(ranges: &[(&'static str, f64, f64)], values: &[f64]) -> Result<(), AiError> {
    for (&(name, min, max), &value) in ranges.iter().zip(values) {
        if !(min..=max).contains(&value) {
            return Err(AiError::BadWeight {
                name,
                min,
                max,
                got: value,
            });
        }
    }
    Ok(())
}
