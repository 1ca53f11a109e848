//! Dynamic Monte Carlo: [`MonteCarlo`](super::montecarlo::MonteCarlo) with the number of
//! roll-outs per move growing with how hard the position is, so that easy positions (an
//! open board of small tiles, where almost any move is fine) cost little and crowded
//! positions with big tiles, where one mistake ends the game, get the attention:
//!
//! k_eff = min(10,000, ceil(k * (1 + 3 * filled / cells) * max(1, level - (cells / 4 + 2))))
//!
//! where `filled / cells` is the share of occupied cells and `level` the highest tile's
//! exponent. On 4x4 the level term starts above 64 (level 6): an empty board rolls out k
//! times per move, a full one whose highest tile is 2048 (level 11) 20 k times. Larger
//! boards hold larger tiles before they get tight, so the level term starts later there
//! (6x6: above 2048, 8x8: above 2^18).
//!
//! The cap on moves played in roll-outs (`nodes`) binds as for plain Monte Carlo: rounds of
//! one roll-out per move until each move has k_eff or the cap is reached.

use super::decision::{Decision, Strategy};
use super::montecarlo::evaluate_moves;
use crate::ai::api::options::MAX_K;
use crate::ai::search::clock::Clock;

/// Roll-outs per root move for base `k` on this position (see the module comment).
pub fn effective_k(k: u32, cells: &[u8]) -> u32 {
    let filled = cells.iter().filter(|&&e| e != 0).count() as f64;
    let crowding = 1.0 + 3.0 * filled / cells.len().max(1) as f64;
    let level = f64::from(cells.iter().copied().max().unwrap_or(0));
    let easy_level = (cells.len() / 4 + 2) as f64;
    let tiles = (level - easy_level).max(1.0);
    let k_eff = (f64::from(k) * crowding * tiles).ceil();
    k_eff.min(f64::from(MAX_K)).max(f64::from(k)) as u32
}

pub struct DynamicMonteCarlo {
    /// Roll-outs per root move on the easiest position; more on harder ones.
    pub k: u32,
    /// The cap on moves played in roll-outs per decision (see [`super::montecarlo`]).
    pub nodes: u64,
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
            self.nodes,
            self.seed,
            self.moves,
        )
    }
}
