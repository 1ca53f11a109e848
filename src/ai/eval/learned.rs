//! The learned evaluation for expectimax: a position (an afterstate at every leaf of the
//! search) is worth the points its tiles already made ([`tile_score`]) plus the network's
//! estimate of the points still to come. Along any line of play the first term grows by
//! exactly the rewards taken, so leaves at different depths compare fairly. A lost position is
//! worth its tiles' points alone (the heuristic's is worth 0).

use crate::ai::ntuple::network::{tile_score, Network};
use crate::ai::search::bitboard::{Bitboard, NIBBLE_MAX};
use crate::ai::search::grid::Grid;

use super::heuristic::Evaluate;

/// A network as an expectimax evaluation, with this thread's cache of its values.
pub struct NetworkEval<'n> {
    network: &'n Network,
    /// Which values `score` gives, the key of its cached ones: the network's id.
    key: u64,
    /// This thread's [`CACHE`], found once per search rather than at every leaf (the lookup
    /// took a fifth of a search's time). A raw pointer makes the evaluation neither `Send` nor
    /// `Sync`: it lives and dies on the thread whose cache it points at.
    cache: *mut Slot,
}

type Slot = (u64, u64, f64);

// The values of the boards a thread evaluated last, by key (network) and board, one slot per board
// hash (direct-mapped). A search meets the same afterstate again and again at its leaves (two
// orders of the same moves and spawns, and the next move's search): a slot read from this
// 768 KB, which the caches hold, costs far less than the network's 32 reads scattered over its
// tables. The value is the one the network gives, so every decision is the same as without it;
// on this machine `arena --strategy expectimax-td --nodes 80000` plays 1.46 times as many moves
// a second (docs/arena.md, "Speed of the learned search").
const CACHE_BITS: u32 = 15;
const EMPTY: Slot = (0, 0, 0.0); // id 0: no network has it

std::thread_local! {
    // Boxed, so its address stays put for as long as the thread lives.
    static CACHE: std::cell::UnsafeCell<Box<[Slot]>> =
        std::cell::UnsafeCell::new(vec![EMPTY; 1 << CACHE_BITS].into_boxed_slice());
}

impl<'n> NetworkEval<'n> {
    /// `network` as an evaluation on this thread.
    pub fn new(network: &'n Network) -> NetworkEval<'n> {
        // SAFETY: the pointer is to this thread's slots, which live as long as the thread; the
        // evaluation cannot leave the thread (a raw pointer is neither Send nor Sync), and
        // `score` holds no reference across calls, so no two references to a slot overlap.
        let cache = CACHE.with(|c| unsafe { (*c.get()).as_mut_ptr() });
        NetworkEval {
            network,
            key: network.id(),
            cache,
        }
    }

    #[inline]
    pub fn score(&self, board: Bitboard) -> f64 {
        let id = self.key;
        let slot = (board.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CACHE_BITS)) as usize;
        // SAFETY: `slot` is below 2^CACHE_BITS, the slots' count; see `new` for the pointer.
        let entry = unsafe { &mut *self.cache.add(slot) };
        let (b, n, value) = *entry;
        if b == board.0 && n == id {
            return value;
        }
        let future = self.network.value(board);
        let value = tile_score(board) as f64 + future;
        *entry = (board.0, id, value);
        value
    }
}

/// A 4x4 grid as a bitboard, tiles above 32,768 read as 32,768 (the network's levels stop
/// well below).
pub fn clamped(cells: &[u8]) -> Bitboard {
    Bitboard(cells.iter().take(16).enumerate().fold(0u64, |b, (i, &e)| {
        b | (u64::from(e.min(NIBBLE_MAX)) << (4 * i))
    }))
}

impl Evaluate<Bitboard> for NetworkEval<'_> {
    #[inline]
    fn evaluate(&self, board: Bitboard) -> f64 {
        self.score(board)
    }

    /// The points its tiles made and nothing more to come: a line that loses keeps the rewards
    /// taken on it, so the search weighs the expected score, as the network learned to.
    #[inline]
    fn lost(&self, board: Bitboard) -> f64 {
        tile_score(board) as f64
    }
}

/// Positions too close to 65,536 for the bitboard (the search then runs on the exact grid).
impl Evaluate<Grid> for NetworkEval<'_> {
    fn evaluate(&self, grid: Grid) -> f64 {
        self.score(clamped(grid.cells()))
    }

    fn lost(&self, grid: Grid) -> f64 {
        tile_score(clamped(grid.cells())) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::ntuple::Shape;

    #[test]
    fn a_value_is_the_networks_own_whatever_was_evaluated_before() {
        let board = Bitboard(0x0000_0000_0012_3456);
        let mut a = Network::new(Shape::small_4x4(12), 1.0);
        let b = Network::new(Shape::small_4x4(12), 2.0);
        let direct = |n: &Network| tile_score(board) as f64 + n.value(board);
        assert_eq!(NetworkEval::new(&a).score(board), direct(&a));
        // Another network, the same board: its own value, not the one kept for the first.
        assert_eq!(NetworkEval::new(&b).score(board), direct(&b));
        assert_ne!(direct(&a), direct(&b));
        // The first network's weights changed, right after its value was kept: its new value.
        assert_eq!(NetworkEval::new(&a).score(board), direct(&a));
        a.weights_mut().unwrap().iter_mut().for_each(|w| *w = 3.0);
        assert_eq!(NetworkEval::new(&a).score(board), direct(&a));
        // A clone holds the same values and may read them.
        let c = b.clone();
        assert_eq!(NetworkEval::new(&c).score(board), direct(&b));
    }
}
