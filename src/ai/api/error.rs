//! What can be wrong with a request to an AI, in words a person reading a console follows.

use std::fmt;

use super::names::StrategyName;

/// Everything that can be wrong with a request to an AI. Each message names the offending
/// option or cell and what would be accepted, for a person reading it in a console.
#[derive(Clone, Debug, PartialEq)]
pub enum AiError {
    UnknownStrategy(String),
    /// An option the named strategy has no use for (e.g. `k` for expectimax).
    NotAnOption {
        option: &'static str,
        strategy: StrategyName,
    },
    /// A budget or limit outside its range (or not a whole number where one is needed).
    BadNumber {
        name: &'static str,
        min: f64,
        max: f64,
        got: f64,
        whole: bool,
    },
    BothBudgets,
    BadWeight {
        name: &'static str,
        min: f64,
        max: f64,
        got: f64,
    },
    /// A seed that is neither a whole JSON number up to 2^53 nor a decimal string of a u64.
    BadSeed(String),
    /// The options could not be read at all (unknown field, wrong type, not JSON...).
    BadOptions(String),
    BadSize(usize),
    BadCellCount {
        size: usize,
        got: usize,
    },
    BadExponent {
        index: usize,
        exponent: u8,
    },
    /// A learned strategy asked for before any network was loaded.
    NoNetwork(StrategyName),
    /// A learned strategy asked for on a board other than 4x4.
    FourByFourOnly {
        strategy: StrategyName,
        size: usize,
    },
}

impl fmt::Display for AiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AiError::UnknownStrategy(name) => {
                let known: Vec<String> = StrategyName::ALL
                    .iter()
                    .chain(&StrategyName::LEARNED)
                    .map(|s| format!("{:?}", s.name()))
                    .collect();
                write!(
                    f,
                    "unknown strategy {name:?}: use one of {}",
                    known.join(", ")
                )
            }
            AiError::NotAnOption { option, strategy } => write!(
                f,
                "{option} is not an option of {} (its options: {})",
                strategy.name(),
                strategy.options().join(", ")
            ),
            AiError::BadNumber {
                name,
                min,
                max,
                got,
                whole,
            } => {
                let kind = if *whole { " a whole number" } else { "" };
                write!(f, "{name} must be{kind} between {min} and {max}, got {got}")
            }
            AiError::BothBudgets => {
                write!(f, "give one budget, either ms or nodes, not both")
            }
            AiError::BadWeight {
                name,
                min,
                max,
                got,
            } => write!(
                f,
                "weights.{name} must be between {min} and {max}, got {got}"
            ),
            AiError::BadSeed(got) => write!(
                f,
                "seed must be a whole number from 0 to 2^53, or a decimal string from \"0\" to \
                 \"18446744073709551615\", got {got}"
            ),
            AiError::BadOptions(msg) => write!(f, "bad AI options: {msg}"),
            AiError::BadSize(size) => write!(
                f,
                "size must be between {} and {}, got {size}",
                crate::limits::MIN_SIZE,
                crate::limits::MAX_SIZE
            ),
            AiError::BadCellCount { size, got } => write!(
                f,
                "cells: expected {} values for a {size}x{size} board, got {got}",
                size * size
            ),
            AiError::BadExponent { index, exponent } => write!(
                f,
                "cells[{index}]: exponent {exponent} is above the largest tile 2^{}",
                crate::limits::MAX_EXPONENT
            ),
            AiError::NoNetwork(strategy) => write!(
                f,
                "{} plays with a trained network and none is loaded: load a weights file \
                 first (loadWeights(bytes) in JavaScript, --network FILE in the arena)",
                strategy.name()
            ),
            AiError::FourByFourOnly { strategy, size } => write!(
                f,
                "{} is unavailable on {size}x{size}: its network was trained on 4x4 boards \
                 and plays only those",
                strategy.name()
            ),
        }
    }
}

impl std::error::Error for AiError {}
