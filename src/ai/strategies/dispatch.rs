//! From a position and options to a move: [`best_move`] checks the request and runs the
//! strategy [`strategy`] builds from the options. The one module that imports every strategy.

use super::corner::Corner;
use super::cycle::Cycle;
use super::decision::{Decision, Strategy};
use super::expectimax::Expectimax;
use super::expectimax_td::ExpectimaxTd;
use super::greedy::Greedy;
use super::minimax::Minimax;
use super::minimax_id::MinimaxId;
use super::montecarlo::MonteCarlo;
use super::montecarlo_dynamic::DynamicMonteCarlo;
use super::random::RandomMove;
use super::td::Td;
use crate::ai::api::error::AiError;
use crate::ai::api::names::StrategyName;
use crate::ai::api::options::{self, Budget, SearchOptions};
use crate::ai::endgame::Tables;
use crate::ai::ntuple::network::Network;
use crate::ai::search::clock::Clock;
use crate::limits::{MAX_EXPONENT, MAX_SIZE, MIN_SIZE};

/// What the learned strategies play with beside the position, passed in as values: the
/// network (`td`, `expectimax-td`) and the endgame tables (`expectimax-td`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Knowledge<'k> {
    pub network: Option<&'k Network>,
    pub tables: Option<&'k Tables>,
}

impl<'k> Knowledge<'k> {
    /// A network and no tables.
    pub fn network(network: Option<&'k Network>) -> Knowledge<'k> {
        Knowledge {
            network,
            tables: None,
        }
    }
}

/// The strategy `options` name, configured by them; the learned ones play with `knowledge`.
pub fn strategy<'n>(options: &SearchOptions, knowledge: Knowledge<'n>) -> Box<dyn Strategy + 'n> {
    let network = knowledge.network;
    let moves = options.moves;
    let seed = options.seed;
    let k = options.k;
    // `validate` refuses ms for these; were it skipped, the strategy's default cap holds.
    let cap = |default| match options.budget {
        Budget::Nodes(n) => n,
        Budget::Millis(_) => default,
    };
    match options.strategy {
        StrategyName::Random => Box::new(RandomMove { seed, moves }),
        StrategyName::Corner => Box::new(Corner { moves }),
        StrategyName::Cycle => Box::new(Cycle { moves }),
        StrategyName::Greedy => Box::new(Greedy { moves }),
        StrategyName::MonteCarlo => Box::new(MonteCarlo {
            k,
            nodes: cap(options::DEFAULT_MONTECARLO_NODES),
            seed,
            moves,
        }),
        StrategyName::MonteCarloDynamic => Box::new(DynamicMonteCarlo {
            k,
            nodes: cap(options::DEFAULT_MONTECARLO_NODES),
            seed,
            moves,
        }),
        StrategyName::Minimax => Box::new(Minimax {
            depth: options.depth.unwrap_or(options::DEFAULT_MINIMAX_DEPTH),
            nodes: cap(options::DEFAULT_MINIMAX_NODES),
            weights: options.minimax_weights.clone(),
            moves,
        }),
        StrategyName::MinimaxId => Box::new(MinimaxId {
            budget: options.budget,
            max_depth: options.depth.unwrap_or(options::MAX_DEPTH),
            weights: options.minimax_weights.clone(),
            moves,
        }),
        StrategyName::Expectimax => Box::new(Expectimax {
            options: options.clone(),
            tables: knowledge.tables,
        }),
        StrategyName::Td => Box::new(Td { moves, network }),
        StrategyName::ExpectimaxTd => Box::new(ExpectimaxTd {
            options: options.clone(),
            network,
            tables: knowledge.tables,
        }),
    }
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

/// Whether the strategy can play here: the learned ones need a network and a 4x4 board.
pub fn check_available(
    options: &SearchOptions,
    size: usize,
    network: Option<&Network>,
) -> Result<(), AiError> {
    let strategy = options.strategy;
    if !strategy.needs_network() {
        return Ok(());
    }
    if size != 4 {
        return Err(AiError::FourByFourOnly { strategy, size });
    }
    if network.is_none() {
        return Err(AiError::NoNetwork(strategy));
    }
    Ok(())
}

/// The move the AI `options` name would play on `cells` (exponents, row-major); `td` and
/// `expectimax-td` play with `network` (the others ignore it).
///
/// Except under a time budget (expectimax and minimax-id with `ms`) the decision depends only
/// on the position and the options, natively and in WebAssembly alike; the clock is read only before and after, to report `ms`
/// (pass [`NoClock`](crate::ai::search::clock::NoClock) to have it never read).
pub fn best_move(
    cells: &[u8],
    size: usize,
    options: &SearchOptions,
    network: Option<&Network>,
    clock: &dyn Clock,
) -> Result<Decision, AiError> {
    best_move_with(cells, size, options, Knowledge::network(network), clock)
}

/// [`best_move`] with everything the learned strategies may play with: `expectimax-td` also
/// consults the endgame tables in `knowledge`.
pub fn best_move_with(
    cells: &[u8],
    size: usize,
    options: &SearchOptions,
    knowledge: Knowledge<'_>,
    clock: &dyn Clock,
) -> Result<Decision, AiError> {
    check_position(cells, size)?;
    options.validate()?;
    check_available(options, size, knowledge.network)?;
    let start = clock.now_ms();
    let mut decision = strategy(options, knowledge).decide(cells, size, clock);
    decision.ms = (clock.now_ms() - start).max(0.0);
    Ok(decision)
}
