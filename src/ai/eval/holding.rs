//! Holding a wall formation: an evaluation that counts a leaf as lost (worth only the points
//! its tiles made, [`Evaluate::lost`]) when a wall has left the wall cells, so that the search
//! prunes the lines that move a wall. A wall has left when the tiles on the wall cells sum to
//! less than at the root: a wall sliding out leaves a smaller tile or none behind it, while a
//! tile merging into the chain, or two walls merging, only adds to the sum.

use super::heuristic::Evaluate;
use crate::ai::endgame::reachable::symmetry::Symmetry;
use crate::ai::endgame::reachable::Walls;
use crate::ai::search::bitboard::Bitboard;
use crate::ai::search::position::Position;

/// The wall cells a board holds its formation on, and the sum they must keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hold {
    cells: [u8; 6],
    floor: u64,
}

#[inline]
fn tile(board: u64, cell: u8) -> u64 {
    match (board >> (4 * u32::from(cell))) & 0xf {
        0 => 0,
        e => 1 << e,
    }
}

impl Hold {
    /// Where the board holds `walls`' formation: the first view whose wall cells hold six tiles
    /// of at least `2^from`, none smaller than any free tile.
    pub fn find(board: Bitboard, walls: Walls, from: u8) -> Option<Hold> {
        let b = board.0;
        Symmetry::ALL.into_iter().find_map(|sym| {
            let cells: [u8; 6] = std::array::from_fn(|i| sym.cell(walls.cells()[i]));
            let least = cells.iter().map(|&c| tile(b, c)).min()?;
            let largest_free = (0..16u8)
                .filter(|c| !cells.contains(c))
                .map(|c| tile(b, c))
                .max()?;
            (least >= 1 << from && largest_free <= least).then(|| Hold {
                cells,
                floor: cells.iter().map(|&c| tile(b, c)).sum(),
            })
        })
    }

    /// Whether the walls still stand on `board`.
    #[inline]
    pub fn stands(&self, board: u64) -> bool {
        self.cells.iter().map(|&c| tile(board, c)).sum::<u64>() >= self.floor
    }
}

/// `inner`, with the leaves where the walls of `hold` no longer stand counted as lost.
pub struct Holding<'e, E> {
    pub inner: &'e E,
    pub hold: Hold,
}

impl<E: Evaluate<Bitboard>> Evaluate<Bitboard> for Holding<'_, E> {
    #[inline]
    fn evaluate(&self, board: Bitboard) -> f64 {
        if self.hold.stands(board.0) {
            self.inner.evaluate(board)
        } else {
            self.inner.lost(board)
        }
    }

    #[inline]
    fn lost(&self, board: Bitboard) -> f64 {
        self.inner.lost(board)
    }

    #[inline]
    fn evaluate_children(&self, board: Bitboard) -> [Option<f64>; 4] {
        let values = self.inner.evaluate_children(board);
        let children = board.children();
        std::array::from_fn(|i| {
            let (value, child) = (values[i]?, children[i]?);
            Some(if self.hold.stands(child.0) {
                value
            } else {
                self.inner.lost(child)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(cells: [u8; 16]) -> Bitboard {
        Bitboard::from_exponents(&cells).unwrap()
    }

    #[test]
    fn a_wall_sliding_out_breaks_the_hold_and_a_merge_into_the_chain_keeps_it() {
        // 442 walls: the top row (14 13 12 11) and the second row's right end (9 10).
        let b = board([14, 13, 12, 11, 0, 0, 9, 10, 1, 0, 9, 0, 0, 0, 0, 1]);
        let hold = Hold::find(b, Walls::F442, 8).expect("the walls stand");
        assert!(hold.stands(b.0));
        // Left slides the second row's walls out of their cells.
        let left = b.shifted(crate::direction::Direction::Left);
        assert!(!hold.stands(left.0));
        // Up merges the free 512 under the wall 512 into it.
        let up = b.shifted(crate::direction::Direction::Up);
        assert!(hold.stands(up.0));
        // A free tile above the smallest wall: no hold.
        let big = board([14, 13, 12, 11, 0, 0, 9, 10, 11, 0, 1, 0, 0, 0, 0, 1]);
        assert_eq!(Hold::find(big, Walls::F442, 8), None);
    }
}
