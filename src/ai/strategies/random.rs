//! A uniformly random legal move: the baseline every other strategy must beat.
//!
//! Each direction draws a number from a generator seeded by (seed, position); the legal
//! move with the highest draw plays. That is a uniform choice among the legal moves, and
//! the values stay the same when the worker pool splits the root moves between workers.

use super::decision::{root_moves, Decision, Strategy};
use crate::ai::search::clock::Clock;
use crate::ai::search::seeding::{rng_for, unit};

pub struct RandomMove {
    pub seed: u64,
    pub moves: [bool; 4],
}

impl Strategy for RandomMove {
    fn name(&self) -> &'static str {
        "random"
    }

    fn decide(&self, cells: &[u8], size: usize, _clock: &dyn Clock) -> Decision {
        let mut rng = rng_for(self.seed, cells, size, 0);
        let draws = [(); 4].map(|_| unit(&mut rng));
        let children = root_moves(cells, size, self.moves);
        let mut i = 0;
        let values = children.map(|next| {
            let draw = draws[i];
            i += 1;
            next.map(|_| draw)
        });
        Decision::from_values(values, children.iter().flatten().count() as u64, 1)
    }
}
