//! From a position and options to a move: what an AI decides ([`Decision`]), the one
//! [`Strategy`] trait every strategy implements, and [`best_move`], which checks the request
//! and runs the strategy it names.

use serde::Serialize;

use super::clock::Clock;
use super::expectimax::{self, Position};
use super::generic::Grid;
use super::options::{self, SearchOptions, StrategyName};
use super::{
    bitboard, corner, cycle, eval, greedy, minimax, minimax_id, montecarlo, montecarlo_dynamic,
    random, AiError,
};
use crate::direction::Direction;
use crate::{MAX_EXPONENT, MAX_SIZE, MIN_SIZE};

/// What an AI chose, and why. Serializes as the JS API's
/// `{ dir: "left" | null, values: { up, right, down, left }, nodes, depth, ms }`
/// (a value is null for a move that changes nothing).
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The move to play; None when no move changes the board.
    pub dir: Option<Direction>,
    /// The value of each move in [`Direction::ALL`] order; None for a move that changes nothing.
    pub values: [Option<f64>; 4],
    /// Positions visited.
    pub nodes: u64,
    /// The depth (in moves) of the deepest completed search; 0 when no move exists.
    pub depth: u32,
    /// Wall time the decision took, by the caller's clock.
    pub ms: f64,
}

impl Serialize for Decision {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeStruct};

        struct Values<'a>(&'a [Option<f64>; 4]);
        impl Serialize for Values<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(4))?;
                for (dir, value) in Direction::ALL.iter().zip(self.0) {
                    map.serialize_entry(dir.name(), value)?;
                }
                map.end()
            }
        }

        let mut s = serializer.serialize_struct("Decision", 5)?;
        s.serialize_field("dir", &self.dir.map(Direction::name))?;
        s.serialize_field("values", &Values(&self.values))?;
        s.serialize_field("nodes", &self.nodes)?;
        s.serialize_field("depth", &self.depth)?;
        s.serialize_field("ms", &self.ms)?;
        s.end()
    }
}

impl Decision {
    /// The decision that plays the highest of `values`, the first in [`Direction::ALL`]
    /// order among equals (the rule by which the page's worker pool merges split searches);
    /// `depth` is reported only when there is a move.
    pub fn from_values(values: [Option<f64>; 4], nodes: u64, depth: u32) -> Decision {
        let mut dir = None;
        let mut best = f64::NEG_INFINITY;
        for (d, value) in Direction::ALL.iter().zip(values) {
            if let Some(v) = value {
                if dir.is_none() || v > best {
                    best = v;
                    dir = Some(*d);
                }
            }
        }
        Decision {
            dir,
            values,
            nodes,
            depth: if dir.is_some() { depth } else { 0 },
            ms: 0.0,
        }
    }
}

/// The position after each move of [`Direction::ALL`] that `moves` allows; None where it
/// is not allowed or changes nothing.
pub(crate) fn root_moves(cells: &[u8], size: usize, moves: [bool; 4]) -> [Option<Grid>; 4] {
    let grid = Grid::new(size, cells);
    Direction::ALL.map(|dir| {
        if moves[dir.index()] {
            grid.after(dir)
        } else {
            None
        }
    })
}

/// A way of choosing moves. Every strategy is a pure function of the position, its options
/// and (only under a time budget) the clock.
pub trait Strategy {
    fn name(&self) -> &'static str;
    /// `cells` are exponents of a `size` x `size` board, already checked.
    fn decide(&self, cells: &[u8], size: usize, clock: &dyn Clock) -> Decision;
}

/// Expectimax with a node or time budget; see [`expectimax`].
pub struct Expectimax {
    pub options: SearchOptions,
}

impl Strategy for Expectimax {
    fn name(&self) -> &'static str {
        StrategyName::Expectimax.name()
    }

    fn decide(&self, cells: &[u8], size: usize, clock: &dyn Clock) -> Decision {
        let o = &self.options;
        expectimax::search(cells, size, &o.weights, o.depth, o.budget, o.moves, clock)
    }
}

/// The strategy `options` name, configured by them.
pub fn strategy(options: &SearchOptions) -> Box<dyn Strategy> {
    let moves = options.moves;
    let seed = options.seed;
    let k = options.k;
    match options.strategy {
        StrategyName::Random => Box::new(random::RandomMove { seed, moves }),
        StrategyName::Corner => Box::new(corner::Corner { moves }),
        StrategyName::Cycle => Box::new(cycle::Cycle { moves }),
        StrategyName::Greedy => Box::new(greedy::Greedy { moves }),
        StrategyName::MonteCarlo => Box::new(montecarlo::MonteCarlo { k, seed, moves }),
        StrategyName::MonteCarloDynamic => {
            Box::new(montecarlo_dynamic::DynamicMonteCarlo { k, seed, moves })
        }
        StrategyName::Minimax => Box::new(minimax::Minimax {
            depth: options.depth.unwrap_or(options::DEFAULT_MINIMAX_DEPTH),
            weights: options.minimax_weights.clone(),
            moves,
        }),
        StrategyName::MinimaxId => Box::new(minimax_id::MinimaxId {
            budget: options.budget,
            max_depth: options.depth.unwrap_or(expectimax::MAX_DEPTH),
            weights: options.minimax_weights.clone(),
            moves,
        }),
        StrategyName::Expectimax => Box::new(Expectimax {
            options: options.clone(),
        }),
    }
}

/// Builds the 4x4 tables (about 1 MiB, a few milliseconds) now, e.g. when a worker starts,
/// instead of during the first search.
pub fn warm_up() {
    bitboard::Bitboard::warm_up();
    eval::RowTable::default_table();
}

/// Checks a position given as exponents (0 empty, 1 = 2, 2 = 4, ...), row-major.
pub fn check_position(cells: &[u8], size: usize) -> Result<(), AiError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(AiError::BadSize(size));
    }
    if cells.len() != size * size {
        return Err(AiError::BadCellCount {
            size,
            got: cells.len(),
        });
    }
    if let Some(index) = cells.iter().position(|&e| e > MAX_EXPONENT) {
        return Err(AiError::BadExponent {
            index,
            exponent: cells[index],
        });
    }
    Ok(())
}

/// The move the AI `options` name would play on `cells` (exponents, row-major).
///
/// Except under a time budget (expectimax and minimax-id with `ms`) the decision depends only
/// on the position and the options, natively and in WebAssembly alike; the clock is read only before and after, to report `ms`
/// (pass [`NoClock`](super::NoClock) to have it never read).
pub fn best_move(
    cells: &[u8],
    size: usize,
    options: &SearchOptions,
    clock: &dyn Clock,
) -> Result<Decision, AiError> {
    check_position(cells, size)?;
    options.validate()?;
    let start = clock.now_ms();
    let mut decision = strategy(options).decide(cells, size, clock);
    decision.ms = (clock.now_ms() - start).max(0.0);
    Ok(decision)
}
