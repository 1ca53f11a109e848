//! `td`: the learned player with no search. For each allowed move, the points it scores plus
//! the network's value of the board it leaves; the best one plays (the first in
//! [`Direction::ALL`](crate::direction::Direction::ALL) order among equals). From 32,768 up
//! the board is read downgraded (`eval::downgrade`), points and values on that board. 4x4 only;
//! `best_move` refuses it without a network.

use super::decision::{root_moves, Decision, Strategy};
use crate::ai::api::names::StrategyName;
use crate::ai::eval::downgrade::downgraded;
use crate::ai::eval::learned::clamped;
use crate::ai::ntuple::network::{best_afterstate, tile_score, Network};
use crate::ai::search::bitboard::Bitboard;
use crate::ai::search::clock::Clock;

pub struct Td<'n> {
    pub moves: [bool; 4],
    pub network: Option<&'n Network>,
}

impl Strategy for Td<'_> {
    fn name(&self) -> &'static str {
        StrategyName::Td.name()
    }

    fn decide(&self, cells: &[u8], size: usize, _clock: &dyn Clock) -> Decision {
        let Some(network) = self.network.filter(|_| size == 4) else {
            return Decision::from_values([None; 4], 0, 0);
        };
        let down = downgraded(cells);
        let cells = down.as_deref().unwrap_or(cells);
        let values = if Bitboard::is_exact_for(cells, 1) {
            let board = Bitboard::from_exponents(cells).unwrap_or(clamped(cells));
            best_afterstate(board, self.moves, |after| network.value(after)).1
        } else {
            // Beside a 65,536 tile (past what a nibble holds): the rules on the exact grid,
            // the network on the board read with tiles capped.
            let before = tile_score(clamped(cells));
            root_moves(cells, size, self.moves).map(|after| {
                after.map(|grid| {
                    let board = clamped(grid.cells());
                    tile_score(board).saturating_sub(before) as f64 + network.value(board)
                })
            })
        };
        let evaluated = values.iter().flatten().count() as u64;
        Decision::from_values(values, evaluated, 1)
    }
}
