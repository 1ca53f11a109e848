//! Dynamic Monte Carlo: [`MonteCarlo`](super::montecarlo::MonteCarlo) with the number of
//! roll-outs per move growing with how hard the position is, so that easy positions (an
//! open board of small tiles, where almost any move is fine) cost little and crowded
//! positions with big tiles, where one mistake ends the game, get the attention:
//!
//! k_eff = min(10,000, ceil(k * (1 + 3 * filled / cells) * max(1, level - 6)))
//!
//! where `filled / cells` is the share of occupied cells and `level` the highest tile's
//! exponent (6 = 64). An empty board rolls out k times per move; a full board whose
//! highest tile is 2048 (level 11) 20 k times.

use super::clock::Clock;
use super::montecarlo::evaluate_moves;
use super::options::MAX_K;
use super::{Decision, Strategy};

/// Roll-outs per root move for base `k` on this position (see the module comment).
pub fn effective_k(k: u32, cells: &[u8]) -> u32 {
    let filled = cells.iter().filter(|&&e| e != 0).count() as f64;
    let crowding = 1.0 + 3.0 * filled / cells.len().max(1) as f64;
    let level = f64::from(cells.iter().copied().max().unwrap_or(0));
    let size = (level - 6.0).max(1.0);
    let k_eff = (f64::from(k) * crowding * size).ceil();
    k_eff.min(f64::from(MAX_K)).max(f64::from(k)) as u32
}

pub struct DynamicMonteCarlo {
    /// Roll-outs per root move on the easiest position; more on harder ones.
    pub k: u32,
    pub seed: u64,
    pub moves: [bool; 4],
}

impl Strategy for DynamicMonteCarlo {
    fn name(&self) -> &'static str {
        "montecarlo-dynamic"
    }

    fn decide(&self, cells: &[u8], size: usize, _clock: &dyn Clock) -> Decision {
        evaluate_moves(
            cells,
            size,
            effective_k(self.k, cells),
            self.seed,
            self.moves,
        )
    }
}
