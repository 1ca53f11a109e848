//! What the page shows about each strategy: a short label, a paragraph in plain words (what
//! it assumes, what it costs) and its options with their ranges and defaults, so that a
//! settings panel can be built from data. The wasm module exports it as `strategies()`.

use serde::Serialize;

use super::names::StrategyName;
use super::options::{
    DEFAULT_K, DEFAULT_MINIMAX_DEPTH, DEFAULT_MINIMAX_NODES, DEFAULT_MONTECARLO_NODES,
    DEFAULT_NODES, MAX_DEPTH, MAX_K, MAX_MS, MAX_NODES, MAX_NUMBER_SEED,
};
use super::weights::{EvalWeights, MinimaxWeights};

/// One option of one strategy.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionInfo {
    pub name: &'static str,
    /// "integer", "number", "seed" (a whole number up to 2^53 or a decimal string),
    /// "directions" (a list of "up", "right", "down", "left") or "weights" (an object).
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    /// The value used when the option is not given.
    pub default: DefaultValue,
    pub description: &'static str,
    /// For "weights": each field, as an option of kind "number".
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<OptionInfo>,
}

/// An option's default, serialized as plain JSON (`null`, a number, a list of directions or
/// a weights object). A typed value rather than a `serde_json::Value`: the page's module then
/// carries no `Value` machinery.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum DefaultValue {
    /// null: decided by the position, or no default because another option is used instead.
    Null,
    Integer(u64),
    Number(f64),
    Directions([&'static str; 4]),
    EvalWeights(EvalWeights),
    MinimaxWeights(MinimaxWeights),
}

impl DefaultValue {
    pub fn is_null(&self) -> bool {
        *self == DefaultValue::Null
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StrategyInfo {
    pub name: &'static str,
    pub label: &'static str,
    pub explanation: &'static str,
    pub options: Vec<OptionInfo>,
}

/// The catalogue's words (explanations, option descriptions): kept in a build with the
/// `texts` feature (the ai module, native builds); the page's own modules (play and records)
/// carry empty strings instead, and the page reads the explanations from
/// `www/pkg/strategy-texts/`, which `make build` writes from the ai module. (The page's modules
/// do not build the catalogue at all: they return its text, `src/wasm/catalog-unworded/`, which
/// `wasm::reports`' test checks against this catalogue without its words.)
const fn words(text: &'static str) -> &'static str {
    if cfg!(feature = "texts") {
        text
    } else {
        ""
    }
}

fn option(
    name: &'static str,
    kind: &'static str,
    range: Option<(f64, f64)>,
    default: DefaultValue,
    description: &'static str,
) -> OptionInfo {
    OptionInfo {
        name,
        kind,
        min: range.map(|r| r.0),
        max: range.map(|r| r.1),
        default,
        description: words(description),
        fields: Vec::new(),
    }
}

fn weight_fields(ranges: &[(&'static str, f64, f64)], defaults: &[f64]) -> Vec<OptionInfo> {
    ranges
        .iter()
        .zip(defaults)
        .map(|(&(name, min, max), &value)| {
            option(
                name,
                "number",
                Some((min, max)),
                DefaultValue::Number(value),
                "",
            )
        })
        .collect()
}

fn weights_option(strategy: StrategyName) -> OptionInfo {
    let (fields, default, description) = if strategy == StrategyName::Expectimax {
        let weights = EvalWeights::default();
        (
            weight_fields(&EvalWeights::RANGES, &weights.values()),
            DefaultValue::EvalWeights(weights),
            "the evaluation's weights (nneonneo/2048-ai's tuned values by default); \
             fields left out keep their default",
        )
    } else {
        let weights = MinimaxWeights::default();
        (
            weight_fields(&MinimaxWeights::RANGES, &weights.values()),
            DefaultValue::MinimaxWeights(weights),
            "the evaluation's weights (our reconstruction of the first student project's); \
             fields left out keep their default",
        )
    };
    OptionInfo {
        fields,
        ..option("weights", "weights", None, default, description)
    }
}

fn option_info(strategy: StrategyName, name: &'static str) -> OptionInfo {
    match name {
        "ms" => option(
            "ms",
            "number",
            Some((1.0, MAX_MS)),
            DefaultValue::Null,
            "time budget per move in milliseconds (give ms or nodes, not both)",
        ),
        "nodes" if strategy == StrategyName::Minimax => option(
            "nodes",
            "integer",
            Some((1.0, MAX_NODES as f64)),
            DefaultValue::Integer(DEFAULT_MINIMAX_NODES),
            "the most positions one move may visit: the search deepens one move at a time \
             up to depth and plays the deepest depth it finished within this cap (the \
             default keeps any depth on 8x8 within about 2 seconds in a browser); the same \
             move natively and in the browser",
        ),
        "nodes"
            if matches!(
                strategy,
                StrategyName::MonteCarlo | StrategyName::MonteCarloDynamic
            ) =>
        {
            option(
                "nodes",
                "integer",
                Some((1.0, MAX_NODES as f64)),
                DefaultValue::Integer(DEFAULT_MONTECARLO_NODES),
                "the most moves one decision may play in its random games, counting every \
                 move of every game: the games are played in rounds, one more for each move \
                 in turn, and once a round ends at or over this cap the moves are judged on \
                 the games played so far (at least one each); the default keeps any k on \
                 8x8 within about 2 seconds in a browser and is not reached on 4x4 at \
                 k = 100; the same move natively and in the browser",
            )
        }
        "nodes" => option(
            "nodes",
            "integer",
            Some((1.0, MAX_NODES as f64)),
            DefaultValue::Integer(DEFAULT_NODES),
            "node budget per move: the same move natively and in the browser \
             (give ms or nodes, not both)",
        ),
        "depth" => match strategy {
            StrategyName::Minimax => option(
                "depth",
                "integer",
                Some((1.0, f64::from(MAX_DEPTH))),
                DefaultValue::Integer(DEFAULT_MINIMAX_DEPTH.into()),
                "moves looked ahead; each one more multiplies the cost by about the number \
                 of spawns the adversary can choose (the node cap may stop it sooner)",
            ),
            StrategyName::MinimaxId => option(
                "depth",
                "integer",
                Some((1.0, f64::from(MAX_DEPTH))),
                DefaultValue::Integer(MAX_DEPTH.into()),
                "the deepest iteration, in moves; the budget usually stops it first",
            ),
            _ => option(
                "depth",
                "integer",
                Some((1.0, f64::from(MAX_DEPTH))),
                DefaultValue::Null,
                "the deepest search in moves (by default chosen from the position)",
            ),
        },
        "k" => option(
            "k",
            "integer",
            Some((1.0, f64::from(MAX_K))),
            DefaultValue::Integer(DEFAULT_K.into()),
            if strategy == StrategyName::MonteCarloDynamic {
                "roll-outs per move on the easiest positions; harder ones get more, \
                 up to 10,000"
            } else {
                "random games played to the end after each move"
            },
        ),
        "seed" => option(
            "seed",
            "seed",
            Some((0.0, MAX_NUMBER_SEED as f64)),
            DefaultValue::Integer(0),
            "with the position, seeds the random choices: the same seed and position give \
             the same move (a decimal string carries seeds up to 2^64-1)",
        ),
        "moves" => option(
            "moves",
            "directions",
            None,
            DefaultValue::Directions(["up", "right", "down", "left"]),
            "only these root moves are considered (workers split a position this way)",
        ),
        "weights" => weights_option(strategy),
        other => unreachable!("no description for option {other}"),
    }
}

fn about(strategy: StrategyName) -> (&'static str, &'static str) {
    match strategy {
        StrategyName::Random => ("Random", RANDOM),
        StrategyName::Corner => ("Corner", CORNER),
        StrategyName::Cycle => ("Cycle", CYCLE),
        StrategyName::Greedy => ("Greedy", GREEDY),
        StrategyName::MonteCarlo => ("Monte Carlo", MONTE_CARLO),
        StrategyName::MonteCarloDynamic => ("Dynamic Monte Carlo", MONTE_CARLO_DYNAMIC),
        StrategyName::Minimax => ("Minimax", MINIMAX),
        StrategyName::MinimaxId => ("Minimax, iterative deepening", MINIMAX_ID),
        StrategyName::Expectimax => ("Expectimax", EXPECTIMAX),
        StrategyName::Td => ("Learned (TD network)", TD),
        StrategyName::ExpectimaxTd => ("Expectimax with the learned network", EXPECTIMAX_TD),
    }
}

/// One strategy's description.
pub fn info(strategy: StrategyName) -> StrategyInfo {
    let (label, explanation) = about(strategy);
    StrategyInfo {
        name: strategy.name(),
        label,
        explanation: words(explanation),
        options: strategy
            .options()
            .iter()
            .map(|&name| option_info(strategy, name))
            .collect(),
    }
}

/// Every strategy that plays with nothing loaded, weakest and cheapest first (the page's
/// picker).
pub fn strategies() -> Vec<StrategyInfo> {
    StrategyName::ALL.into_iter().map(info).collect()
}

/// The strategies that play once a trained network is loaded ([`StrategyName::LEARNED`]).
pub fn learned() -> Vec<StrategyInfo> {
    StrategyName::LEARNED.into_iter().map(info).collect()
}

const RANDOM: &str = "Plays a uniformly random move among those that change the board. It \
assumes nothing and looks at nothing beyond which moves are legal, so it costs next to \
nothing, and it plays badly: games usually end with a 128 or 256 tile. It is the baseline \
every other strategy has to beat. The choice is drawn from the seed and the position, so \
the same seed replays the same game.";

const CORNER: &str = "Always plays the first legal move of the order up, left, right, \
down: the human habit of keeping the biggest tiles in the top-left corner, where they merge \
in a chain. Down, which pulls the corner tile out, comes only when nothing else moves. It \
looks only at which moves are legal, so it is instant; it does better than random but \
stalls once the corner row fills with tiles that cannot merge.";

const CYCLE: &str = "Plays up, right, down, left in turn, skipping moves that change \
nothing. Its place in the cycle comes from the position itself, half the sum of the tiles \
modulo 4: every spawned 2 moves it on by one step (a 4 by two). It assumes nothing about \
the board and costs nothing; shaking the tiles in every direction merges a few of them, \
and that is all it does.";

const GREEDY: &str = "Plays the move that leaves the most empty cells, that is, the one \
that merges the most tiles right now (ties go to up, then right, left, down). It assumes \
that merging now is always good and never looks past the next tile, so it is instant but \
short-sighted: it happily pulls a big tile out of its corner for one merge.";

const MONTE_CARLO: &str = "For each legal move, plays it and then finishes the game k \
times with random moves and random tiles, and chooses the move whose games scored most on \
average. It assumes nothing about what a good position looks like: the random games judge. \
It costs k whole games per move (more on big boards, where random games last longer, up to \
1,000 moves each); k = 100 takes a millisecond or two on 4x4 and reached 2048 in 3 of 5 \
test games. A cap on the moves played in all these games (nodes) bounds each decision: on \
big boards it stops after the round of games that reaches it, so any k stays within a \
second or two. More games make a steadier judge, but random play undervalues orderly \
boards, so it stays below the search strategies.";

const MONTE_CARLO_DYNAMIC: &str = "Monte Carlo that spends its games where they matter: \
k is the number of games per move on an open board of small tiles, and it grows with the \
share of occupied cells and the size of the highest tile: k x (1 + 3 x occupied/cells) x \
max(1, level - (cells/4 + 2)), where level is the highest tile's log2 (on 4x4 the second \
factor starts above 64), at most 10,000 per move. Easy early moves stay fast; on 4x4 the \
crowded positions around 2048, where one mistake ends the game, get twenty times the \
games. The same cap on moves played (nodes) keeps a decision within a second or two on big \
boards.";

const MINIMAX: &str = "Looks depth moves ahead assuming the worst: after each of its \
moves the game puts a 2 or a 4 on whichever empty cell hurts most (alpha-beta pruning skips \
lines that cannot change the choice). Positions are scored by our reconstruction of the \
first student project's evaluation: rows and columns that rise or fall steadily, smooth \
neighbours, empty cells, the highest tile (a bonus in a corner) and merges waiting between \
big tiles. The real game places tiles at random, so this is pessimistic, and the cost \
grows fast with depth and with empty cells. A node cap (nodes) bounds each move: the search \
deepens one move at a time and plays the deepest depth it finished within the cap, so a \
deep search on a big open board stays a second or two.";

const MINIMAX_ID: &str = "Minimax that deepens one move at a time within a time (ms) or \
node budget and plays the choice of the deepest search it finished. As in ov3y's \
well-known 2048 AI, the adversary only tries the tiles that disturb the board most (least \
smooth, most scattered), which cuts its choices from every empty cell to a handful and lets \
the search look much further ahead for the same cost. Same evaluation and weights as \
Minimax; a node budget gives the same move in every browser.";

const EXPECTIMAX: &str = "Looks ahead averaging over the tiles as the game really places \
them (a 2 nine times in ten, a 4 otherwise, on any empty cell) instead of assuming the \
worst, and scores positions with nneonneo's tuned evaluation: rows and columns that rise \
or fall steadily, empty cells, merges within reach. A 64-bit board with precomputed row \
tables makes each move a few table lookups, and unlikely branches are cut, so it searches \
deep within its budget (ms or nodes; the depth follows the position). The strongest here.";

const TD: &str = "A player that learned the game by playing it, hundreds of thousands of \
times, with no advice from us. It holds an n-tuple network: tables that give a value to \
every pattern of tiles in a few groups of 4 to 6 cells, looked at in all eight rotations \
and mirror images of the board. After each game the values were nudged towards what \
actually followed (temporal-difference learning). To move, it looks one move ahead only: \
for each move, the points it scores plus the network's value of the board it leaves, and \
plays the best. No search, so it is instant; it plays 4x4 only, and only once its weights \
file is loaded.";

const EXPECTIMAX_TD: &str = "Expectimax, averaging over where the next tile lands as the \
game really places it, but judging the positions at the end of its look-ahead with the \
learned network (the points so far plus the network's estimate of the points to come) \
instead of a hand-tuned formula. Same budgets as Expectimax (ms or nodes; the depth follows \
the position). 4x4 only, once the network's weights file is loaded.";
