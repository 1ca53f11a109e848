//! What a caller asks of the AI, read from JSON (or a JS object) such as
//! `{"strategy":"expectimax","ms":50}` or `{"strategy":"expectimax","nodes":200000}`.
//! Everything is checked here, so the searches never see a bad value.

use serde::Deserialize;

use super::budget::Budget;
use super::error::AiError;
use super::eval::EvalWeights;
use super::expectimax::MAX_DEPTH;
use crate::direction::Direction;

/// The node budget when the options name none: about 100 moves a second natively.
pub const DEFAULT_NODES: u64 = 50_000;
pub const MAX_NODES: u64 = 1_000_000_000;
pub const MAX_MS: f64 = 60_000.0;

/// The strategies there are; names may grow, existing ones keep working.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrategyName {
    Expectimax,
}

impl StrategyName {
    pub fn name(self) -> &'static str {
        match self {
            StrategyName::Expectimax => "expectimax",
        }
    }

    pub fn parse(name: &str) -> Result<StrategyName, AiError> {
        match name {
            "expectimax" => Ok(StrategyName::Expectimax),
            other => Err(AiError::UnknownStrategy(other.to_string())),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(try_from = "OptionsInput")]
pub struct SearchOptions {
    pub strategy: StrategyName,
    pub budget: Budget,
    /// The deepest search in moves (root move included); None lets the position decide.
    pub depth: Option<u32>,
    pub weights: EvalWeights,
    /// Which root moves to search, in [`Direction::ALL`] order (all by default): several
    /// workers split the root moves of one position between them this way.
    pub moves: [bool; 4],
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions::nodes(DEFAULT_NODES)
    }
}

impl SearchOptions {
    pub fn nodes(nodes: u64) -> SearchOptions {
        SearchOptions {
            strategy: StrategyName::Expectimax,
            budget: Budget::Nodes(nodes),
            depth: None,
            weights: EvalWeights::default(),
            moves: [true; 4],
        }
    }

    pub fn millis(ms: f64) -> SearchOptions {
        SearchOptions {
            budget: Budget::Millis(ms),
            ..SearchOptions::nodes(DEFAULT_NODES)
        }
    }

    pub fn from_json(json: &str) -> Result<SearchOptions, AiError> {
        let input: OptionsInput = serde_json::from_str(json).map_err(|e| {
            // serde_json appends " at line 1 column 40"; the message itself is the news.
            let text = e.to_string();
            match text.rfind(" at line ") {
                Some(cut) if e.is_data() => AiError::BadOptions(text[..cut].to_string()),
                _ => AiError::BadOptions(text),
            }
        })?;
        SearchOptions::try_from(input)
    }

    /// Checks options built in Rust (JSON input is checked while it is read).
    pub fn validate(&self) -> Result<(), AiError> {
        match self.budget {
            Budget::Nodes(n) => check("nodes", n as f64, 1.0, MAX_NODES as f64, true)?,
            Budget::Millis(ms) => check("ms", ms, 1.0, MAX_MS, false)?,
        };
        if let Some(depth) = self.depth {
            check("depth", f64::from(depth), 1.0, f64::from(MAX_DEPTH), true)?;
        }
        self.weights.validate()
    }
}

fn check(name: &'static str, got: f64, min: f64, max: f64, whole: bool) -> Result<f64, AiError> {
    let fits = got.is_finite() && (min..=max).contains(&got) && !(whole && got.fract() != 0.0);
    if fits {
        Ok(got)
    } else {
        Err(AiError::BadNumber {
            name,
            min,
            max,
            got,
            whole,
        })
    }
}

/// The options as written; numbers are read as f64 so that a wrong one can be reported as
/// given (-5, 1.5, NaN from JavaScript) rather than as a type error.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OptionsInput {
    #[serde(default)]
    strategy: Option<String>,
    #[serde(default)]
    ms: Option<f64>,
    #[serde(default)]
    nodes: Option<f64>,
    #[serde(default)]
    depth: Option<f64>,
    #[serde(default)]
    weights: Option<EvalWeights>,
    #[serde(default)]
    moves: Option<Vec<String>>,
}

impl TryFrom<OptionsInput> for SearchOptions {
    type Error = AiError;

    fn try_from(input: OptionsInput) -> Result<Self, AiError> {
        let strategy = StrategyName::parse(input.strategy.as_deref().unwrap_or("expectimax"))?;
        let budget = match (input.ms, input.nodes) {
            (Some(_), Some(_)) => return Err(AiError::BothBudgets),
            (Some(ms), None) => Budget::Millis(check("ms", ms, 1.0, MAX_MS, false)?),
            (None, Some(n)) => {
                Budget::Nodes(check("nodes", n, 1.0, MAX_NODES as f64, true)? as u64)
            }
            (None, None) => Budget::Nodes(DEFAULT_NODES),
        };
        let depth = match input.depth {
            Some(d) => Some(check("depth", d, 1.0, f64::from(MAX_DEPTH), true)? as u32),
            None => None,
        };
        let moves = match input.moves {
            None => [true; 4],
            Some(names) => {
                let mut moves = [false; 4];
                for name in &names {
                    let dir: Direction = name.parse().map_err(|e: crate::GameError| {
                        AiError::BadOptions(format!("moves: {e}"))
                    })?;
                    moves[dir.index()] = true;
                }
                if names.is_empty() {
                    return Err(AiError::BadOptions(
                        "moves must name at least one direction".into(),
                    ));
                }
                moves
            }
        };
        let options = SearchOptions {
            strategy,
            budget,
            depth,
            weights: input.weights.unwrap_or_default(),
            moves,
        };
        options.weights.validate()?;
        Ok(options)
    }
}
