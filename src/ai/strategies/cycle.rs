//! Cycles through up, right, down, left, skipping moves that change nothing.
//!
//! A strategy is a pure function of the position, so the place in the cycle comes from the
//! position: (sum of tiles / 2) mod 4. Every move adds one spawned tile, a 2 (nine times in
//! ten) advancing the cycle by one step and a 4 by two; merges keep the sum. So in a game the
//! moves come up, right, down, left in turn, now and then skipping one.

use super::decision::{root_moves, Decision, Strategy};
use crate::ai::search::clock::Clock;
use crate::direction::Direction;

pub const CYCLE: [Direction; 4] = [
    Direction::Up,
    Direction::Right,
    Direction::Down,
    Direction::Left,
];

/// (sum of tiles / 2) mod 4, from the exponents: only 2s (1) and 4s (2) count, every larger
/// tile adds a multiple of 4. No overflow, whatever the tiles.
pub fn phase(cells: &[u8]) -> usize {
    cells
        .iter()
        .map(|&e| match e {
            1 => 1,
            2 => 2,
            _ => 0,
        })
        .sum::<usize>()
        % 4
}

pub struct Cycle {
    pub moves: [bool; 4],
}

impl Strategy for Cycle {
    fn name(&self) -> &'static str {
        "cycle"
    }

    /// The move at the cycle's place is valued 4, the next in the cycle 3, and so on.
    fn decide(&self, cells: &[u8], size: usize, _clock: &dyn Clock) -> Decision {
        let children = root_moves(cells, size, self.moves);
        let start = phase(cells);
        let mut values = [None; 4];
        for step in 0..4 {
            let dir = CYCLE[(start + step) % 4];
            if children[dir.index()].is_some() {
                values[dir.index()] = Some(4.0 - step as f64);
            }
        }
        Decision::from_values(values, children.iter().flatten().count() as u64, 1)
    }
}
