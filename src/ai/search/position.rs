//! What a search needs of a board, whatever its representation: the 4x4
//! [`Bitboard`](super::bitboard::Bitboard) and the n x n [`Grid`](super::grid::Grid) both
//! implement it. How a position is scored is the evaluations' business
//! (`crate::ai::eval`), not the board's.

use crate::direction::Direction;

/// A board the searches can play on.
pub trait Position: Copy {
    /// The position after `dir`, or None when nothing moves.
    fn after(self, dir: Direction) -> Option<Self>;
    /// [`Position::after`] for each move of [`Direction::ALL`].
    #[inline]
    fn children(self) -> [Option<Self>; 4] {
        Direction::ALL.map(|dir| self.after(dir))
    }
    /// One bit per empty cell (which bit stands for which cell is the position's business).
    fn empty_slots(self) -> u64;
    /// The position with a tile of `exponent` put in the empty cell of bit `slot`.
    fn with_tile(self, slot: u32, exponent: u8) -> Self;
    /// A key for the transposition table (the position itself, or a 64-bit hash of it).
    fn key(self) -> u64;
}
