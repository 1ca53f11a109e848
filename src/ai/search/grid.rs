//! Any board the bitboard cannot hold: sizes 3 and 5..8, and 4x4 positions at or near
//! 65,536. A [`Grid`] is a byte per cell on the stack, so the search allocates nothing.

use super::position::Position;
use crate::board::slide_cells;
use crate::direction::Direction;
use crate::limits::MAX_SIZE;

const CELLS: usize = MAX_SIZE * MAX_SIZE;

/// An n x n board of exponents, row-major; cells past n*n stay 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    size: usize,
    cells: [u8; CELLS],
}

impl Grid {
    /// `cells` must hold `size * size` exponents and `size` be at most [`MAX_SIZE`]
    /// (the entry point has checked both).
    pub fn new(size: usize, cells: &[u8]) -> Grid {
        let mut grid = Grid {
            size,
            cells: [0; CELLS],
        };
        grid.cells[..cells.len()].copy_from_slice(cells);
        grid
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.size * self.size]
    }

    /// Plays `dir` by the game's rules (the engine's own slide); false, and nothing
    /// changed, when nothing moves.
    #[inline]
    pub fn slide(&mut self, dir: Direction) -> bool {
        slide_cells(&mut self.cells, self.size, dir, |_| {}).is_some()
    }

    pub fn distinct_tiles(&self) -> u32 {
        let seen = self
            .cells()
            .iter()
            .filter(|&&e| e != 0)
            .fold(0u128, |seen, &e| seen | (1u128 << (e & 127)));
        seen.count_ones()
    }
}

impl Position for Grid {
    fn after(self, dir: Direction) -> Option<Self> {
        let mut next = self;
        next.slide(dir).then_some(next)
    }

    fn empty_slots(self) -> u64 {
        self.cells()
            .iter()
            .enumerate()
            .filter(|(_, &e)| e == 0)
            .fold(0u64, |mask, (i, _)| mask | (1 << i))
    }

    fn with_tile(mut self, slot: u32, exponent: u8) -> Self {
        self.cells[slot as usize] = exponent;
        self
    }

    fn key(self) -> u64 {
        let mut hash = self.size as u64;
        for chunk in self.cells.chunks_exact(8) {
            let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
            hash = (hash.rotate_left(23) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        hash ^ (hash >> 29)
    }
}
