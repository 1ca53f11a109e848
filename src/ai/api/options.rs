//! What a caller asks of the AI, read from JSON (or a JS object) such as
//! `{"strategy":"expectimax","ms":50}`, `{"strategy":"montecarlo","k":200,"seed":"7"}` or
//! `{"strategy":"minimax","depth":3,"weights":{"smoothness":0.2}}`.
//! Everything is checked here, so the strategies never see a bad value.
//!
//! Which options a strategy reads is [`StrategyName::options`]; `moves` is everyone's. An
//! option a strategy has no use for is an error naming both ("k is not an option of
//! expectimax"), except `seed`: every strategy accepts it and the deterministic ones ignore
//! it, so that a page may send one seed whatever the strategy.

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

use super::error::AiError;
pub use super::names::StrategyName;
use super::weights::{EvalWeights, MinimaxWeights};
use crate::direction::Direction;

/// The node budget when the options name none: about 100 moves a second natively.
pub const DEFAULT_NODES: u64 = 50_000;
pub const MAX_NODES: u64 = 1_000_000_000;
pub const MAX_MS: f64 = 60_000.0;
/// Roll-outs per root move for Monte Carlo (the base for the dynamic variant).
pub const DEFAULT_K: u32 = 100;
pub const MAX_K: u32 = 10_000;
/// Minimax's depth (in moves of the player) when the options name none.
pub const DEFAULT_MINIMAX_DEPTH: u32 = 4;
/// Minimax's node cap per move when the options name none. On 8x8 minimax visits 0.7 to 2
/// million nodes a second natively, measured on open, half-full and crowded boards, and
/// WebAssembly runs at about 60% of that: 800,000 nodes is 0.4 to 1.1 s natively, under 2 s
/// in a browser, whatever the depth asked.
pub const DEFAULT_MINIMAX_NODES: u64 = 800_000;
/// The Monte Carlo strategies' cap per move on the moves played in roll-outs (root moves
/// included) when the options name none. On 8x8 every roll-out plays 1,001 moves, at 1.9
/// to 2.6 million moves a second natively (open, half-full and crowded boards) and about
/// as fast in WebAssembly under Node: 2,000,000 moves is 0.8 s natively
/// and 0.8 to 1.3 s in wasm, where k = 1,000 uncapped took 1.6 s (plain) to 7 s (dynamic).
/// On 4x4 at k = 100 decisions on positions from real games play at most 48,000 (plain)
/// and 480,000 (dynamic) moves, so the cap never binds there.
pub const DEFAULT_MONTECARLO_NODES: u64 = 2_000_000;
/// The largest seed a JSON number may carry exactly (larger ones come as decimal strings).
pub const MAX_NUMBER_SEED: u64 = 1 << 53;
/// The deepest search (in moves, the root move included) any option can ask for.
pub const MAX_DEPTH: u32 = 12;

/// How much a search may spend per move (the search spends it in `budget.rs`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// At most this many nodes per move (the first, shallowest iteration always completes).
    Nodes(u64),
    /// About this many milliseconds per move.
    Millis(f64),
}

/// Everything any strategy may be asked; each strategy reads its own fields
/// ([`StrategyName::options`]) and the others keep their defaults.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(try_from = "OptionsInput")]
pub struct SearchOptions {
    pub strategy: StrategyName,
    /// Expectimax and minimax-id (nodes or ms); minimax and Monte Carlo (nodes: their cap).
    pub budget: Budget,
    /// The deepest search in moves (root move included); None lets the strategy decide
    /// (expectimax: by the position; minimax: [`DEFAULT_MINIMAX_DEPTH`]; minimax-id: 12).
    pub depth: Option<u32>,
    /// Expectimax's evaluation (the JSON `weights` when the strategy is expectimax).
    pub weights: EvalWeights,
    /// Minimax's evaluation (the JSON `weights` when the strategy is minimax or minimax-id).
    pub minimax_weights: MinimaxWeights,
    /// Monte Carlo roll-outs per root move (the minimum for the dynamic variant).
    pub k: u32,
    /// With the position, seeds the random strategies' generator.
    pub seed: u64,
    /// Which root moves to consider, in [`Direction::ALL`] order (all by default): several
    /// workers split the root moves of one position between them this way.
    pub moves: [bool; 4],
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions::nodes(DEFAULT_NODES)
    }
}

/// The budget a strategy gets when the options name none: minimax's or Monte Carlo's cap, else
/// [`DEFAULT_NODES`] (which the strategies without a budget ignore).
pub fn default_budget(strategy: StrategyName) -> Budget {
    match strategy {
        StrategyName::Minimax => Budget::Nodes(DEFAULT_MINIMAX_NODES),
        StrategyName::MonteCarlo | StrategyName::MonteCarloDynamic => {
            Budget::Nodes(DEFAULT_MONTECARLO_NODES)
        }
        _ => Budget::Nodes(DEFAULT_NODES),
    }
}

impl SearchOptions {
    /// Expectimax with a node budget.
    pub fn nodes(nodes: u64) -> SearchOptions {
        SearchOptions {
            strategy: StrategyName::Expectimax,
            budget: Budget::Nodes(nodes),
            depth: None,
            weights: EvalWeights::default(),
            minimax_weights: MinimaxWeights::default(),
            k: DEFAULT_K,
            seed: 0,
            moves: [true; 4],
        }
    }

    /// Expectimax with a time budget.
    pub fn millis(ms: f64) -> SearchOptions {
        SearchOptions {
            budget: Budget::Millis(ms),
            ..SearchOptions::nodes(DEFAULT_NODES)
        }
    }

    /// `strategy` with every option at its default.
    pub fn of(strategy: StrategyName) -> SearchOptions {
        SearchOptions {
            strategy,
            budget: default_budget(strategy),
            ..SearchOptions::default()
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
        if let Budget::Millis(_) = self.budget {
            if !self.strategy.reads("ms") {
                return Err(AiError::NotAnOption {
                    option: "ms",
                    strategy: self.strategy,
                });
            }
        }
        match self.budget {
            Budget::Nodes(n) => check("nodes", n as f64, 1.0, MAX_NODES as f64, true)?,
            Budget::Millis(ms) => check("ms", ms, 1.0, MAX_MS, false)?,
        };
        if let Some(depth) = self.depth {
            check("depth", f64::from(depth), 1.0, f64::from(MAX_DEPTH), true)?;
        }
        check("k", f64::from(self.k), 1.0, f64::from(MAX_K), true)?;
        if self.moves == [false; 4] {
            return Err(no_moves());
        }
        self.weights.validate()?;
        self.minimax_weights.validate()
    }
}

fn no_moves() -> AiError {
    AiError::BadOptions("moves must name at least one direction".into())
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
/// given (-5, 1.5, NaN from JavaScript) rather than as a type error. `weights` waits for the
/// strategy to say which kind it is; `seed` may be a number or a string.
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
    weights: Option<Value>,
    #[serde(default)]
    moves: Option<Vec<String>>,
    #[serde(default)]
    k: Option<f64>,
    #[serde(default)]
    seed: Option<Value>,
}

/// Weights as a JSON object, or as a string holding one (text typed into a settings box).
fn read_weights<T: DeserializeOwned>(value: Value) -> Result<T, AiError> {
    let value = match value {
        Value::String(text) => serde_json::from_str(&text)
            .map_err(|e| AiError::BadOptions(format!("weights: not valid JSON: {e}")))?,
        other => other,
    };
    if !value.is_object() {
        return Err(AiError::BadOptions(format!(
            "weights must be an object such as {{\"empty\": 2}}, got {value}"
        )));
    }
    serde_json::from_value(value).map_err(|e| AiError::BadOptions(format!("weights: {e}")))
}

fn read_seed(value: &Value) -> Result<u64, AiError> {
    let seed = match value {
        Value::Number(n) => n.as_u64().or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && (0.0..=MAX_NUMBER_SEED as f64).contains(f))
                .map(|f| f as u64)
        }),
        Value::String(s) => s.trim().parse::<u64>().ok(),
        _ => None,
    };
    match seed {
        Some(n) if n <= MAX_NUMBER_SEED || value.is_string() => Ok(n),
        _ => Err(AiError::BadSeed(value.to_string())),
    }
}

fn read_moves(names: &[String]) -> Result<[bool; 4], AiError> {
    let mut moves = [false; 4];
    for name in names {
        let dir: Direction = name
            .parse()
            .map_err(|e: crate::error::GameError| AiError::BadOptions(format!("moves: {e}")))?;
        moves[dir.index()] = true;
    }
    if names.is_empty() {
        return Err(no_moves());
    }
    Ok(moves)
}

impl TryFrom<OptionsInput> for SearchOptions {
    type Error = AiError;

    fn try_from(input: OptionsInput) -> Result<Self, AiError> {
        let name = input.strategy.as_deref().unwrap_or("expectimax");
        let strategy =
            StrategyName::parse(name).ok_or_else(|| AiError::UnknownStrategy(name.to_string()))?;
        let given = [
            ("ms", input.ms.is_some()),
            ("nodes", input.nodes.is_some()),
            ("depth", input.depth.is_some()),
            ("weights", input.weights.is_some()),
            ("k", input.k.is_some()),
        ];
        if let Some((option, _)) = given
            .into_iter()
            .find(|&(option, given)| given && !strategy.reads(option))
        {
            return Err(AiError::NotAnOption { option, strategy });
        }
        let budget = match (input.ms, input.nodes) {
            (Some(_), Some(_)) => return Err(AiError::BothBudgets),
            (Some(ms), None) => Budget::Millis(check("ms", ms, 1.0, MAX_MS, false)?),
            (None, Some(n)) => {
                Budget::Nodes(check("nodes", n, 1.0, MAX_NODES as f64, true)? as u64)
            }
            (None, None) => default_budget(strategy),
        };
        let depth = match input.depth {
            Some(d) => Some(check("depth", d, 1.0, f64::from(MAX_DEPTH), true)? as u32),
            None => None,
        };
        let k = match input.k {
            Some(k) => check("k", k, 1.0, f64::from(MAX_K), true)? as u32,
            None => DEFAULT_K,
        };
        let seed = match &input.seed {
            Some(value) => read_seed(value)?,
            None => 0,
        };
        let moves = match &input.moves {
            Some(names) => read_moves(names)?,
            None => [true; 4],
        };
        let mut weights = EvalWeights::default();
        let mut minimax_weights = MinimaxWeights::default();
        if let Some(value) = input.weights {
            match strategy {
                StrategyName::Minimax | StrategyName::MinimaxId => {
                    minimax_weights = read_weights(value)?;
                }
                _ => weights = read_weights(value)?,
            }
        }
        let options = SearchOptions {
            strategy,
            budget,
            depth,
            weights,
            minimax_weights,
            k,
            seed,
            moves,
        };
        options.weights.validate()?;
        options.minimax_weights.validate()?;
        Ok(options)
    }
}
