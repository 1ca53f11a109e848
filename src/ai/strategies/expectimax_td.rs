//! `expectimax-td`: expectimax's search (the same budgets, depth rule, transposition table
//! and cut-offs: `expectimax::run`) with a network as the evaluation ([`NetworkEval`]), on
//! the board as the network reads it: downgraded from 32,768 up (`eval::downgrade`). 4x4
//! only; `best_move` refuses it without a network.

use super::decision::{Decision, Strategy};
use super::expectimax::{adaptive_depth, run, MAX_DEPTH};
use crate::ai::api::names::StrategyName;
use crate::ai::api::options::SearchOptions;
use crate::ai::endgame::Tables;
use crate::ai::eval::downgrade::downgraded;
use crate::ai::eval::learned::NetworkEval;
use crate::ai::ntuple::network::{tile_points, Network};
use crate::ai::search::bitboard::Bitboard;
use crate::ai::search::clock::Clock;
use crate::ai::search::grid::Grid;

pub struct ExpectimaxTd<'n> {
    pub options: SearchOptions,
    pub network: Option<&'n Network>,
    /// Wall tables: where one holds the position, its move is played when the search scores it
    /// within the tables' margin ([`Tables::steer`]), only from the stage they apply to
    /// ([`Tables::apply_to`]).
    pub tables: Option<&'n Tables>,
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
        let moves = o.moves;
        // From 32,768 up the search runs on the downgraded board; its values get back the
        // points downgrading took away.
        let down = downgraded(cells);
        let taken = down
            .as_deref()
            .map_or(0, |d| tile_points(cells) - tile_points(d)) as f64;
        let cells = down.as_deref().unwrap_or(cells);
        let eval = NetworkEval::new(network);
        let mut decision = match Bitboard::from_exponents(cells) {
            Some(board) if Bitboard::is_exact_for(cells, MAX_DEPTH) => {
                let depth = o
                    .depth
                    .unwrap_or_else(|| adaptive_depth(board.distinct_tiles()));
                run(board, &eval, depth, o.budget, moves, clock)
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
        if let Some(tables) = tables {
            if let Some(dir) = tables.steer(original_cells, &decision.values) {
                decision.dir = Some(dir);
            }
        }
        decision
    }
}
