//! One move ahead: the move that leaves the most empty cells (before the spawn), i.e. the
//! one that merges the most tiles. Ties go to up, then right, then left, then down.

use super::decision::{root_moves, Decision, Strategy};
use crate::ai::search::clock::Clock;
use crate::direction::Direction;

/// Who wins a tie, first first.
pub const TIE_ORDER: [Direction; 4] = [
    Direction::Up,
    Direction::Right,
    Direction::Left,
    Direction::Down,
];

pub struct Greedy {
    pub moves: [bool; 4],
}

impl Strategy for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    /// A move's value is the number of empty cells it leaves plus 0.3, 0.2, 0.1 or 0 by
    /// [`TIE_ORDER`], so the highest value is the greedy move even across split workers.
    fn decide(&self, cells: &[u8], size: usize, _clock: &dyn Clock) -> Decision {
        let children = root_moves(cells, size, self.moves);
        let mut values = [None; 4];
        for (rank, dir) in TIE_ORDER.iter().enumerate() {
            if let Some(next) = children[dir.index()] {
                let empty = next.cells().iter().filter(|&&e| e == 0).count();
                values[dir.index()] = Some(empty as f64 + 0.1 * (3 - rank) as f64);
            }
        }
        Decision::from_values(values, children.iter().flatten().count() as u64, 1)
    }
}
