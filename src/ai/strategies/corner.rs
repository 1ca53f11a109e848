//! "Hold the corner": always the first legal move of a fixed order, up, left, right, down.
//! Pressing up and left keeps the big tiles in the top-left corner; right is the fallback
//! that keeps the top row full, and down (which pulls the corner tile out) only when
//! nothing else moves.

use super::decision::{root_moves, Decision, Strategy};
use crate::ai::search::clock::Clock;
use crate::direction::Direction;

/// The preference, most preferred first.
pub const CORNER_ORDER: [Direction; 4] = [
    Direction::Up,
    Direction::Left,
    Direction::Right,
    Direction::Down,
];

pub struct Corner {
    pub moves: [bool; 4],
}

impl Strategy for Corner {
    fn name(&self) -> &'static str {
        "corner"
    }

    /// Each legal move is valued 4 - its rank in [`CORNER_ORDER`] (up 4 ... down 1).
    fn decide(&self, cells: &[u8], size: usize, _clock: &dyn Clock) -> Decision {
        let children = root_moves(cells, size, self.moves);
        let mut values = [None; 4];
        for (rank, dir) in CORNER_ORDER.iter().enumerate() {
            if children[dir.index()].is_some() {
                values[dir.index()] = Some(4.0 - rank as f64);
            }
        }
        Decision::from_values(values, children.iter().flatten().count() as u64, 1)
    }
}
