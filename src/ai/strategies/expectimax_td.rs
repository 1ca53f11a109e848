//! `expectimax-td`: expectimax's search (the same budgets, depth rule, transposition table
//! and cut-offs: `expectimax::run`) with a network as the evaluation ([`NetworkEval`]). 4x4
//! only; `best_move` refuses it without a network.

use super::decision::{Decision, Strategy};
use super::expectimax::{adaptive_depth, run, MAX_DEPTH};
use crate::ai::api::names::StrategyName;
use crate::ai::api::options::SearchOptions;
use crate::ai::eval::learned::NetworkEval;
use crate::ai::ntuple::network::Network;
use crate::ai::search::bitboard::Bitboard;
use crate::ai::search::clock::Clock;
use crate::ai::search::grid::Grid;

pub struct ExpectimaxTd<'n> {
    pub options: SearchOptions,
    pub network: Option<&'n Network>,
}

impl Strategy for ExpectimaxTd<'_> {
    fn name(&self) -> &'static str {
        StrategyName::ExpectimaxTd.name()
    }

    fn decide(&self, cells: &[u8], size: usize, clock: &dyn Clock) -> Decision {
        let Some(network) = self.network.filter(|_| size == 4) else {
            return Decision::from_values([None; 4], 0, 0);
        };
        let eval = NetworkEval::new(network);
        let o = &self.options;
        if Bitboard::is_exact_for(cells, MAX_DEPTH) {
            if let Some(board) = Bitboard::from_exponents(cells) {
                let depth = o
                    .depth
                    .unwrap_or_else(|| adaptive_depth(board.distinct_tiles()));
                return run(board, &eval, depth, o.budget, o.moves, clock);
            }
        }
        let grid = Grid::new(size, cells);
        let depth = o
            .depth
            .unwrap_or_else(|| adaptive_depth(grid.distinct_tiles()));
        run(grid, &eval, depth, o.budget, o.moves, clock)
    }
}
