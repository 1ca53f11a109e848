//! Minimax with iterative deepening, after ov3y/2048-AI: depth 1, 2, 3... while a time or
//! node budget lasts, the last completed depth deciding. The adversary only tries the
//! spawns that hurt most by a cheap measure (smoothness penalty plus number of islands of
//! equal tiles), which cuts its branching from 2 x empty cells to a handful and lets the
//! search see much deeper than plain [`Minimax`](super::minimax::Minimax).
//!
//! A node budget counts positions and never reads the clock, so it picks the same move
//! natively and in WebAssembly; a time budget reads the [`Clock`] every 1,024 nodes.

use super::decision::{Decision, Strategy};
use super::minimax::{Root, Search};
use crate::ai::eval::smoothness::MinimaxWeights;
use crate::ai::search::budget::{deepen, Budget, Control};
use crate::ai::search::clock::Clock;

pub struct MinimaxId {
    pub budget: Budget,
    /// The deepest iteration (in player moves).
    pub max_depth: u32,
    pub weights: MinimaxWeights,
    pub moves: [bool; 4],
}

impl Strategy for MinimaxId {
    fn name(&self) -> &'static str {
        "minimax-id"
    }

    fn decide(&self, cells: &[u8], size: usize, clock: &dyn Clock) -> Decision {
        let root = Root::new(cells, size);
        let mut control = Control::new(self.budget, clock);
        let deepened = deepen(self.max_depth, &mut control, |depth, control| {
            let mut search = Search {
                weights: &self.weights,
                control,
                prune: true,
            };
            root.search(&mut search, depth, self.moves)
        });
        Decision::from_values(deepened.values, control.nodes(), deepened.depth)
    }
}
