//! The learned evaluation for expectimax: a position (an afterstate at every leaf of the
//! search) is worth the points its tiles already made ([`tile_score`]) plus the network's
//! estimate of the points still to come. Along any line of play the first term grows by
//! exactly the rewards taken, so leaves at different depths compare fairly. A lost position is
//! worth its tiles' points alone (the heuristic's is worth 0).

use crate::ai::ntuple::network::{tile_score, Network};
use crate::ai::search::bitboard::{Bitboard, NIBBLE_MAX};
use crate::ai::search::grid::Grid;

use super::heuristic::Evaluate;

/// A network as an expectimax evaluation.
pub struct NetworkEval<'n>(pub &'n Network);

impl NetworkEval<'_> {
    #[inline]
    pub fn score(&self, board: Bitboard) -> f64 {
        tile_score(board) as f64 + self.0.value(board)
    }
}

/// A 4x4 grid as a bitboard, tiles above 32,768 read as 32,768 (the network's levels stop
/// well below).
pub fn clamped(cells: &[u8]) -> Bitboard {
    Bitboard(cells.iter().take(16).enumerate().fold(0u64, |b, (i, &e)| {
        b | (u64::from(e.min(NIBBLE_MAX)) << (4 * i))
    }))
}

impl Evaluate<Bitboard> for NetworkEval<'_> {
    #[inline]
    fn evaluate(&self, board: Bitboard) -> f64 {
        self.score(board)
    }

    /// The points its tiles made and nothing more to come: a line that loses keeps the rewards
    /// taken on it, so the search weighs the expected score, as the network learned to.
    #[inline]
    fn lost(&self, board: Bitboard) -> f64 {
        tile_score(board) as f64
    }
}

/// Positions too close to 65,536 for the bitboard (the search then runs on the exact grid).
impl Evaluate<Grid> for NetworkEval<'_> {
    fn evaluate(&self, grid: Grid) -> f64 {
        self.score(clamped(grid.cells()))
    }

    fn lost(&self, grid: Grid) -> f64 {
        tile_score(clamped(grid.cells())) as f64
    }
}
