//! `expectimax-td`: expectimax's search (the same budgets, depth rule, transposition table
//! and cut-offs: `expectimax::run`) with a network as the evaluation ([`NetworkEval`]), on
//! the board as the network reads it: downgraded from 32,768 up (`eval::downgrade`). 4x4
//! only; `best_move` refuses it without a network.

use super::decision::{Decision, Strategy};
use super::expectimax::{adaptive_depth, run, MAX_DEPTH};
use crate::ai::api::names::StrategyName;
use crate::ai::api::options::SearchOptions;
use crate::ai::endgame::reachable::Walls;
use crate::ai::endgame::{Breaks, Tables, Use};
use crate::ai::eval::downgrade::downgraded;
use crate::ai::eval::holding::{Hold, Holding};
use crate::ai::eval::learned::NetworkEval;
use crate::ai::ntuple::network::{tile_points, Network};
use crate::ai::search::bitboard::Bitboard;
use crate::ai::search::clock::Clock;
use crate::ai::search::grid::Grid;
use crate::ai::search::position::Position;
use crate::direction::Direction;

pub struct ExpectimaxTd<'n> {
    pub options: SearchOptions,
    pub network: Option<&'n Network>,
    /// Endgame tables: where one covers the position, its chances decide the move
    /// ([`Use::Root`]), or value the leaves it covers ([`Use::Leaves`]); only from the stage
    /// they apply to ([`Tables::apply_to`]).
    pub tables: Option<&'n Tables>,
}

/// How far below the best chance a move's may be and the search still weigh it. Within it the
/// search decides: moves the table cannot tell apart (two sure ones, most often) differ in
/// what they leave for later, which the sub-game does not see.
const CHANCE_SLACK: f64 = 0.05;

/// Holding the walls, a search whose best move is worth at most this many times the points
/// the board's tiles made (nothing left to come) finds every move lost.
const LOOKS_LOST: f64 = 1.01;

/// The moves a covering table lets the search weigh, when its sub-game can still be won: those
/// whose chance of winning it is within [`CHANCE_SLACK`] of the best, and those that break its
/// formation under [`Breaks::Searched`]. Every worker of a split
/// root finds the same table and the same moves. None when no table covers the position or
/// every chance there is 0.
fn table_moves(tables: &Tables, cells: &[u8]) -> Option<[bool; 4]> {
    let board = Bitboard::from_exponents(cells)?;
    let chances = tables.chances(board.0)?;
    let best = chances.iter().flatten().copied().fold(0.0, f64::max);
    let breaking = tables.breaks() == Breaks::Searched;
    (best > 0.0).then(|| chances.map(|c| c.map_or(breaking, |c| c >= best - CHANCE_SLACK)))
}

impl Strategy for ExpectimaxTd<'_> {
    fn name(&self) -> &'static str {
        StrategyName::ExpectimaxTd.name()
    }

    fn decide(&self, cells: &[u8], size: usize, clock: &dyn Clock) -> Decision {
        let Some(network) = self.network.filter(|_| size == 4) else {
            return Decision::from_values([None; 4], 0, 0);
        };
        let o = &self.options;
        let tables = self.tables.filter(|t| t.apply_to(cells));
        let original_cells = cells;
        // Where a table covers the board, the moves it rules out are worth less than any the
        // search weighs (a search's value is above 0).
        let at_root = tables.filter(|t| t.uses() == Use::Root);
        let allowed = at_root.and_then(|t| table_moves(t, cells));
        let moves = match allowed {
            Some(allowed) => std::array::from_fn(|i| o.moves[i] && allowed[i]),
            None => o.moves,
        };
        // From 32,768 up the search runs on the downgraded board; its values get back the
        // points downgrading took away.
        let down = downgraded(cells);
        let taken = down
            .as_deref()
            .map_or(0, |d| tile_points(cells) - tile_points(d)) as f64;
        let cells = down.as_deref().unwrap_or(cells);
        let eval = match tables.filter(|t| t.uses() == Use::Leaves) {
            Some(tables) => NetworkEval::with_tables(network, tables),
            None => NetworkEval::new(network),
        };
        let mut decision = match Bitboard::from_exponents(cells) {
            Some(board) if Bitboard::is_exact_for(cells, MAX_DEPTH) => {
                let depth = o
                    .depth
                    .unwrap_or_else(|| adaptive_depth(board.distinct_tiles()));
                let hold = tables
                    .and_then(|t| t.hold())
                    .and_then(|from| Hold::find(board, Walls::F442, from));
                let held = hold.map(|hold| {
                    let held = Holding { inner: &eval, hold };
                    run(board, &held, depth, o.budget, moves, clock)
                });
                // Holding the walls, every move may look lost: then search without the rule.
                let made = tile_points(cells) as f64;
                match held {
                    Some(d) if d.values.iter().flatten().any(|&v| v > made * LOOKS_LOST) => d,
                    _ => run(board, &eval, depth, o.budget, moves, clock),
                }
            }
            _ => {
                let grid = Grid::new(size, cells);
                let depth = o
                    .depth
                    .unwrap_or_else(|| adaptive_depth(grid.distinct_tiles()));
                run(grid, &eval, depth, o.budget, moves, clock)
            }
        };
        for value in decision.values.iter_mut().flatten() {
            *value += taken;
        }
        // A wall table that holds the board picks the move, checked by the search's values.
        let board = Bitboard::from_exponents(original_cells);
        if let Some(dir) = tables
            .zip(board)
            .and_then(|(t, b)| t.wall_move(b.0, &decision.values))
        {
            decision.dir = Some(dir);
        }
        if allowed.is_some() {
            let original = Bitboard::from_exponents(cells);
            for dir in Direction::ALL {
                let i = dir.index();
                if o.moves[i] && !moves[i] && original.is_some_and(|b| b.after(dir).is_some()) {
                    decision.values[i] = Some(0.0);
                }
            }
            decision = Decision::from_values(decision.values, decision.nodes, decision.depth);
        }
        decision
    }
}
