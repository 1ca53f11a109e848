//! Temporal-difference learning on afterstates (Szubert & Jaskowski 2014): play a game with
//! the 1-ply policy (reward + value of the afterstate), then walk it backwards, moving each
//! afterstate's value towards the next move's reward plus the next afterstate's (just
//! updated) value, and the last one towards 0 (as moporgic/TDL2048 does).
//!
//! The weights are any [`Table`]: a `[f32]` for one thread, [`SharedTable`] (relaxed atomics:
//! lock-free, racy by design, as the fast public trainers) for several threads playing into
//! one network at once. Deterministic for one thread: every random number comes from the
//! [`GameRng`] given, through the game's own spawn draw.

use std::sync::atomic::{AtomicU32, Ordering};

use super::network::best_afterstate;
use super::shape::{Features, MAX_FEATURES};
use crate::ai::search::bitboard::Bitboard;
use crate::rng::GameRng;
use crate::spawn;

/// Weights a learner reads and writes.
pub trait Table {
    fn get(&self, i: usize) -> f32;
    fn add(&mut self, i: usize, delta: f32);
}

impl Table for [f32] {
    #[inline]
    fn get(&self, i: usize) -> f32 {
        self[i]
    }
    #[inline]
    fn add(&mut self, i: usize, delta: f32) {
        self[i] += delta;
    }
}

/// `f32` weights shared by threads: each read and write is atomic on its own (relaxed), a
/// read-modify-write is not (an update may be lost when two threads touch one weight at once:
/// rare, and harmless to learning, but it makes a run with threads unrepeatable).
pub struct SharedTable<'a>(pub &'a [AtomicU32]);

impl Table for SharedTable<'_> {
    #[inline]
    fn get(&self, i: usize) -> f32 {
        f32::from_bits(self.0[i].load(Ordering::Relaxed))
    }
    #[inline]
    fn add(&mut self, i: usize, delta: f32) {
        let cell = &self.0[i];
        let old = f32::from_bits(cell.load(Ordering::Relaxed));
        cell.store((old + delta).to_bits(), Ordering::Relaxed);
    }
}

/// The value of `board` under `table`, summed in feature order (as
/// [`Network::value`](super::network::Network::value) does for `f32` weights).
#[inline]
pub fn value<T: Table + ?Sized>(features: &Features, table: &T, board: u64) -> f32 {
    let mut index = [0u32; MAX_FEATURES];
    let n = features.indices(board, &mut index);
    index[..n].iter().map(|&i| table.get(i as usize)).sum()
}

/// Adds `delta` to every weight `board` reads; returns the new value.
#[inline]
fn update<T: Table + ?Sized>(features: &Features, table: &mut T, board: u64, delta: f32) -> f32 {
    let mut index = [0u32; MAX_FEATURES];
    let n = features.indices(board, &mut index);
    let mut sum = 0.0;
    for &i in &index[..n] {
        table.add(i as usize, delta);
        sum += table.get(i as usize);
    }
    sum
}

/// How one game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Episode {
    pub score: u64,
    /// The largest tile's exponent at the end.
    pub max_exponent: u8,
    pub moves: u32,
}

/// Places one spawn on `board` by the game's draw (which needs an empty cell).
pub fn spawn_on(board: Bitboard, rng: &mut GameRng) -> Bitboard {
    let mut empty = board.empty_mask();
    let draw = spawn::draw(rng, empty.count_ones() as usize);
    for _ in 0..draw.empty_index {
        empty &= empty - 1;
    }
    Bitboard(board.0 | (u64::from(draw.exponent) << empty.trailing_zeros()))
}

/// A new game's board: two spawns on the empty board.
pub fn start(rng: &mut GameRng) -> Bitboard {
    let b = spawn_on(Bitboard(0), rng);
    spawn_on(b, rng)
}

fn max_exponent(board: Bitboard) -> u8 {
    board.to_exponents().into_iter().max().unwrap_or(0)
}

/// Plays one game with the 1-ply policy of `table`, handing each afterstate chosen and its
/// reward to `chosen`.
fn episode<T: Table + ?Sized>(
    features: &Features,
    table: &T,
    rng: &mut GameRng,
    mut chosen: impl FnMut(u64, u32),
) -> Episode {
    let mut board = start(rng);
    let mut moves = 0;
    let mut score = 0u64;
    loop {
        let (best, _) = best_afterstate(board, [true; 4], |after| {
            f64::from(value(features, table, after.0))
        });
        let Some((_, after, reward)) = best else {
            break;
        };
        moves += 1;
        score += u64::from(reward);
        chosen(after.0, reward);
        board = spawn_on(after, rng);
    }
    Episode {
        score,
        max_exponent: max_exponent(board),
        moves,
    }
}

/// Plays one game with the 1-ply policy of `table` and learns from it with step `alpha` per
/// afterstate (shared among its features). `path` is scratch space, reused between games.
pub fn train_game<T: Table + ?Sized>(
    features: &Features,
    table: &mut T,
    rng: &mut GameRng,
    alpha: f32,
    path: &mut Vec<(u64, u32)>,
) -> Episode {
    path.clear();
    let game = episode(features, &*table, rng, |after, reward| {
        path.push((after, reward))
    });
    let step = alpha / features.count() as f32;
    let mut target = 0.0f32;
    for &(after, reward) in path.iter().rev() {
        let error = target - value(features, table, after);
        target = reward as f32 + update(features, table, after, step * error);
    }
    game
}

/// Plays one game with the 1-ply policy of `table`, learning nothing.
pub fn play_game<T: Table + ?Sized>(features: &Features, table: &T, rng: &mut GameRng) -> Episode {
    episode(features, table, rng, |_, _| {})
}

/// How often each weight is read by the afterstates the 1-ply policy of `table` chooses over
/// `games` games (game g from the generator seeded `seed + g`): the importance the `c8`
/// codebooks are fitted with.
pub fn visit_counts(features: &Features, table: &[f32], games: u64, seed: u64) -> Vec<u32> {
    let mut counts = vec![0u32; table.len()];
    let mut index = [0u32; MAX_FEATURES];
    for g in 0..games {
        let mut rng = GameRng::from_seed(seed.wrapping_add(g));
        episode(features, table, &mut rng, |after, _| {
            let n = features.indices(after, &mut index);
            for &i in &index[..n] {
                counts[i as usize] = counts[i as usize].saturating_add(1);
            }
        });
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::ntuple::network::{warm_up, Network};
    use crate::ai::ntuple::shape::Shape;

    #[test]
    fn learning_raises_the_score_of_a_small_network() {
        warm_up();
        let mut net = Network::new(Shape::small_4x4(12), 0.0);
        let features = net.features().clone();
        let weights = net.weights_mut().unwrap();
        let mut rng = GameRng::from_seed(1);
        let mut path = Vec::new();
        let mean = |games: &[Episode]| {
            games.iter().map(|g| g.score as f64).sum::<f64>() / games.len() as f64
        };
        let first: Vec<Episode> = (0..200)
            .map(|_| train_game(&features, weights, &mut rng, 0.1, &mut path))
            .collect();
        for _ in 0..3000 {
            train_game(&features, weights, &mut rng, 0.1, &mut path);
        }
        let last: Vec<Episode> = (0..200)
            .map(|_| train_game(&features, weights, &mut rng, 0.1, &mut path))
            .collect();
        assert!(
            mean(&last) > 1.5 * mean(&first),
            "mean score {} after 3,200 games, {} in the first 200",
            mean(&last),
            mean(&first)
        );
    }

    #[test]
    fn one_thread_repeats_exactly_from_a_seed() {
        warm_up();
        let run = || {
            let mut net = Network::new(Shape::small_4x4(12), 0.0);
            let features = net.features().clone();
            let weights = net.weights_mut().unwrap();
            let mut rng = GameRng::from_seed(9);
            let mut path = Vec::new();
            let games: Vec<Episode> = (0..50)
                .map(|_| train_game(&features, weights, &mut rng, 0.1, &mut path))
                .collect();
            (games, net.weights().clone())
        };
        assert_eq!(run(), run());
    }
}
