//! Temporal-difference learning on afterstates (Szubert & Jaskowski 2014): play a game with
//! the 1-ply policy (reward + value of the afterstate), then walk it backwards, moving each
//! afterstate's value towards its target, the last one towards 0 (as moporgic/TDL2048 does).
//!
//! What a game teaches is a [`Method`]:
//! - **TD(λ)**: the target of afterstate t is the λ-return, built backwards from the
//!   (just updated) value of the next afterstate: `r + (1 - λ) V(next) + λ G(next)`.
//!   λ = 0 is TD(0): `r + V(next)`.
//! - **Temporal coherence** (Beal & Smith 1999; Jaśkowski 2018): each weight learns at
//!   `alpha x |E| / A`, where E sums the changes asked of it and A their sizes, so weights
//!   whose errors keep one sign learn fast and those that only jitter slow down, with no
//!   schedule to tune. The accumulators sit beside each weight ([`Coherent`]).
//! - **Online TD(0)**: each afterstate learns as soon as the next move is chosen (TDL2048's
//!   default "forward" mode), rather than in the backward pass after the game.
//! - **Restart**: when a game ends after at least `min_moves` moves, play again from the
//!   afterstate `at` of the way through it (a fresh spawn on it), and so on until a stretch
//!   is shorter than `min_moves`: the late game, which whole games rarely reach, is trained
//!   as often as the early one (moporgic/TDL2048's restart mode).
//!
//! The weights are any [`Table`]: a `[f32]`, [`SharedTable`] (relaxed atomics: lock-free,
//! racy by design, as the fast public trainers) for several threads playing into one network
//! at once, or [`Coherent`] for temporal coherence. Deterministic for one thread: every
//! random number comes from the [`GameRng`] given, through the game's own spawn draw.

use std::sync::atomic::{AtomicU32, Ordering};

use super::network::tile_score;
use super::shape::{Features, MAX_FEATURES};
use crate::ai::search::bitboard::Bitboard;
use crate::rng::GameRng;
use crate::spawn;

/// Weights a learner reads and writes, by the indices of one position's features.
pub trait Table {
    /// The sum of the weights at `index`, in order.
    fn sum(&self, index: &[u32]) -> f32;
    /// Asks each weight at `index` to move by `delta` (a [`Coherent`] table scales it);
    /// returns their new sum.
    fn update(&mut self, index: &[u32], delta: f32) -> f32;
    /// Hints that the weight at `i` is about to be read.
    #[inline(always)]
    fn prefetch(&self, i: u32) {
        let _ = i;
    }
}

/// Hints the processor to bring the line holding `*p` into its caches.
#[inline(always)]
fn prefetch_line<T>(p: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults and changes nothing but the caches.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((p as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

impl Table for [f32] {
    #[inline]
    fn sum(&self, index: &[u32]) -> f32 {
        index.iter().map(|&i| self[i as usize]).sum()
    }
    #[inline]
    fn update(&mut self, index: &[u32], delta: f32) -> f32 {
        let mut sum = 0.0;
        for &i in index {
            let w = &mut self[i as usize];
            *w += delta;
            sum += *w;
        }
        sum
    }
}

#[inline(always)]
fn load(cell: &AtomicU32) -> f32 {
    f32::from_bits(cell.load(Ordering::Relaxed))
}

#[inline(always)]
fn store(cell: &AtomicU32, x: f32) {
    cell.store(x.to_bits(), Ordering::Relaxed)
}

/// `f32` weights shared by threads: each read and write is atomic on its own (relaxed: a plain
/// load or store on the machines we train on), a read-modify-write is not (an update may be
/// lost when two threads touch one weight at once: rare, and harmless to learning, but it makes
/// a run with threads unrepeatable).
pub struct SharedTable<'a>(&'a [AtomicU32]);

impl<'a> SharedTable<'a> {
    /// The table of `weights`, read through `features`' indices.
    ///
    /// # Panics
    /// When `weights` is shorter than the network `features` index.
    pub fn new(weights: &'a [AtomicU32], features: &Features) -> SharedTable<'a> {
        assert!(
            weights.len() >= features.entries(),
            "weights too few for the shape"
        );
        SharedTable(weights)
    }

    #[inline(always)]
    fn at(&self, i: u32) -> &AtomicU32 {
        // SAFETY: every index comes from the `Features` checked in `new`, so is below
        // `features.entries() <= self.0.len()`.
        unsafe { self.0.get_unchecked(i as usize) }
    }
}

impl Table for SharedTable<'_> {
    #[inline(always)]
    fn prefetch(&self, i: u32) {
        prefetch_line(self.at(i));
    }
    #[inline]
    fn sum(&self, index: &[u32]) -> f32 {
        index.iter().map(|&i| load(self.at(i))).sum()
    }
    #[inline]
    fn update(&mut self, index: &[u32], delta: f32) -> f32 {
        let mut sum = 0.0;
        for &i in index {
            let cell = self.at(i);
            let w = load(cell) + delta;
            store(cell, w);
            sum += w;
        }
        sum
    }
}

/// A weight with its temporal-coherence accumulators, side by side so that an update touches
/// one cache line: E (the changes asked, summed) and A (their sizes, summed).
#[derive(Default)]
#[repr(C)]
pub struct CoherentWeight {
    pub weight: AtomicU32,
    pub sum: AtomicU32,
    pub size: AtomicU32,
}

/// Keeps the coherence `|E| / A` of a weight never asked to move at 1, with no branch.
const COHERENCE_FLOOR: f32 = f32::MIN_POSITIVE;

/// Weights learning by temporal coherence, shared by threads as [`SharedTable`] is. With
/// `LEARN` false the table learns nothing: an update only adds to the accumulators, as the
/// same update would, so that play with a network read from a file rebuilds them (its weights
/// kept as they are) before it learns on.
pub struct Coherent<'a, const LEARN: bool = true>(&'a [CoherentWeight]);

/// The accumulators of a network being rebuilt from its own play: see [`Coherent`].
pub type Rebuilding<'a> = Coherent<'a, false>;

impl<'a, const LEARN: bool> Coherent<'a, LEARN> {
    /// The table of `weights`, read through `features`' indices.
    ///
    /// # Panics
    /// When `weights` is shorter than the network `features` index.
    pub fn new(weights: &'a [CoherentWeight], features: &Features) -> Coherent<'a, LEARN> {
        assert!(
            weights.len() >= features.entries(),
            "weights too few for the shape"
        );
        Coherent(weights)
    }

    #[inline(always)]
    fn at(&self, i: u32) -> &CoherentWeight {
        // SAFETY: as `SharedTable::at`: indices from the `Features` checked in `new`.
        unsafe { self.0.get_unchecked(i as usize) }
    }
}

impl<const LEARN: bool> Table for Coherent<'_, LEARN> {
    #[inline(always)]
    fn prefetch(&self, i: u32) {
        prefetch_line(self.at(i));
    }
    #[inline]
    fn sum(&self, index: &[u32]) -> f32 {
        index.iter().map(|&i| load(&self.at(i).weight)).sum()
    }
    #[inline]
    fn update(&mut self, index: &[u32], delta: f32) -> f32 {
        let mut sum = 0.0;
        for &i in index {
            let c = self.at(i);
            let (e, a) = (load(&c.sum), load(&c.size));
            let mut w = load(&c.weight);
            if LEARN {
                w += delta * ((e.abs() + COHERENCE_FLOOR) / (a + COHERENCE_FLOOR));
                store(&c.weight, w);
            }
            store(&c.sum, e + delta);
            store(&c.size, a + delta.abs());
            sum += w;
        }
        sum
    }
}

/// The value of `board` under `table`, summed in feature order (as
/// [`Network::value`](super::network::Network::value) does for `f32` weights).
#[inline]
pub fn value<T: Table + ?Sized>(features: &Features, table: &T, board: u64) -> f32 {
    let mut index = [0u32; MAX_FEATURES];
    let n = features.indices(board, &mut index);
    table.sum(&index[..n])
}

/// Restarting from the middle of a game (see the module's text).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Restart {
    /// A stretch of play shorter than this ends the game.
    pub min_moves: usize,
    /// Where the next stretch starts, as a share of the last one's afterstates (0..1).
    pub at: f32,
}

impl Restart {
    /// moporgic/TDL2048's defaults: stretches of at least 10 moves, restarting half-way.
    pub const DEFAULT: Restart = Restart {
        min_moves: 10,
        at: 0.5,
    };
}

/// How a game is learned from (see the module's text).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Method {
    /// The step per afterstate, shared among its features.
    pub alpha: f32,
    /// TD(λ)'s λ, 0..=1.
    pub lambda: f32,
    pub restart: Option<Restart>,
    /// Learn while playing (TD(0) only: λ is ignored), rather than in a backward pass after
    /// each stretch: faster, since each update finds its weights in the cache.
    pub online: bool,
    /// Learn only from where the game's largest tile first reaches this exponent: the moves
    /// before are played by the 1-ply policy and not learned (a late stage's training).
    pub start_at: Option<u8>,
}

impl Method {
    /// Plain TD(0) on whole games.
    pub fn td0(alpha: f32) -> Method {
        Method {
            alpha,
            lambda: 0.0,
            restart: None,
            online: false,
            start_at: None,
        }
    }
}

/// How one game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Episode {
    /// The first stretch's score: the whole game, from its start to its end.
    pub score: u64,
    /// The largest tile's exponent at the end of the first stretch.
    pub max_exponent: u8,
    /// The first stretch's moves.
    pub moves: u32,
    /// Moves learned from, restarts included.
    pub trained: u32,
    /// The largest tile's exponent over every stretch.
    pub deepest: u8,
    /// Stretches played: 1 without restarts.
    pub stretches: u32,
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

/// Games (at most this many) [`reach`] plays for one that reaches its tile.
pub const REACH_TRIES: u32 = 1000;

/// The first board (after its spawn) whose largest tile is 2^`exponent` or more, in a game
/// played from the start by the 1-ply policy of `table`, learning nothing; a game that ends
/// first is followed by another with the same generator. None after [`REACH_TRIES`] games that
/// all end first (a network that cannot get there): the chain then learns nothing, so that no
/// board below the tile is ever learned.
fn reach<T: Table + ?Sized>(
    features: &Features,
    table: &T,
    rng: &mut GameRng,
    exponent: u8,
) -> Option<Bitboard> {
    let mut scratch = [[0u32; MAX_FEATURES]; 4];
    for _ in 0..REACH_TRIES {
        let mut board = start(rng);
        while let Some(c) = choose(features, table, board, &mut scratch) {
            board = spawn_on(c.after, rng);
            if board.max_exponent() >= exponent {
                return Some(board);
            }
        }
    }
    None
}

/// One stretch of play.
struct Stretch {
    score: u64,
    moves: u32,
    end: Bitboard,
}

/// Asks the memory for the weight at `i` ahead of its use (a hint; nothing elsewhere).
#[inline(always)]
fn prefetch<T: Table + ?Sized>(table: &T, index: &[u32]) {
    for &i in index {
        table.prefetch(i);
    }
}

/// The 1-ply choice from `board`: the afterstate whose reward plus value is largest (the first
/// among equals, in [`Direction::ALL`](crate::Direction::ALL) order), with its reward; None
/// when no move changes the board. Every child's indices are read first and their weights
/// asked for, so that the four children's cache misses overlap.
#[inline(always)]
fn choose<T: Table + ?Sized>(
    features: &Features,
    table: &T,
    board: Bitboard,
    scratch: &mut [[u32; MAX_FEATURES]; 4],
) -> Option<Choice> {
    let children = board.shifted_all();
    let mut n = 0;
    for (d, &after) in children.iter().enumerate() {
        if after != board {
            n = features.indices(after.0, &mut scratch[d]);
            prefetch(table, &scratch[d][..n]);
        }
    }
    let before = tile_score(board);
    let mut best: Option<Choice> = None;
    let mut best_value = f64::NEG_INFINITY;
    for (d, &after) in children.iter().enumerate() {
        if after == board {
            continue;
        }
        let reward = (tile_score(after) - before) as u32;
        // In f64, as the `td` player compares (`network::best_afterstate`).
        let value = table.sum(&scratch[d][..n]);
        let v = f64::from(reward) + f64::from(value);
        if best.is_none() || v > best_value {
            best_value = v;
            best = Some(Choice {
                after,
                reward,
                child: d,
                features: n,
                value,
            });
        }
    }
    best
}

/// A move [`choose`] picked.
struct Choice {
    after: Bitboard,
    reward: u32,
    /// Which of the scratch buffers holds its indices, and how many.
    child: usize,
    features: usize,
    /// Its afterstate's value.
    value: f32,
}

/// Plays from `board` to the end with the 1-ply policy of `table`, handing each afterstate
/// chosen and its reward to `chosen`.
#[inline]
fn play_from<T: Table + ?Sized>(
    features: &Features,
    table: &T,
    mut board: Bitboard,
    rng: &mut GameRng,
    mut chosen: impl FnMut(u64, u32),
) -> Stretch {
    let mut moves = 0;
    let mut score = 0u64;
    let mut scratch = [[0u32; MAX_FEATURES]; 4];
    while let Some(Choice { after, reward, .. }) = choose(features, table, board, &mut scratch) {
        moves += 1;
        score += u64::from(reward);
        chosen(after.0, reward);
        board = spawn_on(after, rng);
    }
    Stretch {
        score,
        moves,
        end: board,
    }
}

/// Plays from `board` to the end, learning as it goes (online TD(0)): once the move after an
/// afterstate is chosen, that afterstate moves towards the move's reward plus the new
/// afterstate's value, while its weights are still in the cache; the last one towards 0.
/// Pushes each afterstate and reward to `path` (for a restart).
#[inline]
fn play_online<T: Table + ?Sized>(
    features: &Features,
    table: &mut T,
    mut board: Bitboard,
    rng: &mut GameRng,
    step: f32,
    path: &mut Vec<(u64, u32)>,
) -> Stretch {
    let mut moves = 0;
    let mut score = 0u64;
    let mut scratch = [[0u32; MAX_FEATURES]; 4];
    let mut last = [0u32; MAX_FEATURES];
    let mut count = 0;
    loop {
        let choice = choose(features, &*table, board, &mut scratch);
        let target = choice.as_ref().map_or(0.0, |c| c.reward as f32 + c.value);
        if count > 0 {
            let error = target - table.sum(&last[..count]);
            table.update(&last[..count], step * error);
        }
        let Some(c) = choice else {
            break;
        };
        count = c.features;
        last[..count].copy_from_slice(&scratch[c.child][..count]);
        moves += 1;
        score += u64::from(c.reward);
        path.push((c.after.0, c.reward));
        board = spawn_on(c.after, rng);
    }
    Stretch {
        score,
        moves,
        end: board,
    }
}

/// Walks `path` (afterstates and the rewards that made them) backwards, moving each
/// afterstate's value towards its λ-return.
#[inline]
fn learn_backwards<T: Table + ?Sized>(
    features: &Features,
    table: &mut T,
    path: &[(u64, u32)],
    step: f32,
    lambda: f32,
) {
    // Software pipelining: the indices of the afterstate one step further back are read and
    // their weights asked for while this one is learned.
    let mut index = [[0u32; MAX_FEATURES]; 2];
    let Some(&(last, _)) = path.last() else {
        return;
    };
    let n = features.indices(last, &mut index[0]);
    // The target of the afterstate being learned: 0 for the last one.
    let mut target = 0.0f32;
    for t in (0..path.len()).rev() {
        // Afterstate t's indices sit in buffer `now`; t - 1's go to the other.
        let now = (path.len() - 1 - t) % 2;
        let [first, second] = &mut index;
        let (current, ahead) = if now == 0 {
            (first, second)
        } else {
            (second, first)
        };
        if t > 0 {
            features.indices(path[t - 1].0, ahead);
            prefetch(&*table, &ahead[..n]);
        }
        let current = &current[..n];
        let error = target - table.sum(current);
        let updated = table.update(current, step * error);
        // The next one back (made by the move before this one) aims at this move's reward
        // plus this afterstate's new value, mixed with this one's own target by λ.
        target = path[t].1 as f32 + (1.0 - lambda) * updated + lambda * target;
    }
}

/// Plays one game with the 1-ply policy of `table` and learns from it by `method` (restarts
/// included). `path` is scratch space, reused between games.
pub fn train_game<T: Table + ?Sized>(
    features: &Features,
    table: &mut T,
    rng: &mut GameRng,
    method: &Method,
    path: &mut Vec<(u64, u32)>,
) -> Episode {
    train_game_traced(features, table, rng, method, path, |_, _| {})
}

/// [`train_game`], handing each stretch's first board and its afterstates to `stretch`.
fn train_game_traced<T: Table + ?Sized>(
    features: &Features,
    table: &mut T,
    rng: &mut GameRng,
    method: &Method,
    path: &mut Vec<(u64, u32)>,
    mut stretch_played: impl FnMut(Bitboard, &[(u64, u32)]),
) -> Episode {
    let step = method.alpha / features.count() as f32;
    let mut board = match method.start_at {
        Some(exponent) => match reach(features, &*table, rng, exponent) {
            Some(board) => board,
            None => return Episode::default(),
        },
        None => start(rng),
    };
    let mut episode = Episode::default();
    loop {
        path.clear();
        let stretch = if method.online {
            play_online(features, table, board, rng, step, path)
        } else {
            let stretch = play_from(features, &*table, board, rng, |after, reward| {
                path.push((after, reward))
            });
            learn_backwards(features, table, path, step, method.lambda);
            stretch
        };
        stretch_played(board, path);
        let top = stretch.end.max_exponent();
        if episode.stretches == 0 {
            episode.score = stretch.score;
            episode.moves = stretch.moves;
            episode.max_exponent = top;
        }
        episode.stretches += 1;
        episode.trained += stretch.moves;
        episode.deepest = episode.deepest.max(top);
        match method.restart {
            Some(r) if path.len() >= r.min_moves.max(1) => {
                let at = ((path.len() - 1) as f32 * r.at.clamp(0.0, 1.0)) as usize;
                board = spawn_on(Bitboard(path[at].0), rng);
            }
            _ => break,
        }
    }
    episode
}

/// Plays one game with the 1-ply policy of `table`, learning nothing.
pub fn play_game<T: Table + ?Sized>(features: &Features, table: &T, rng: &mut GameRng) -> Episode {
    let s = play_from(features, table, start(rng), rng, |_, _| {});
    let top = s.end.max_exponent();
    Episode {
        score: s.score,
        max_exponent: top,
        moves: s.moves,
        trained: 0,
        deepest: top,
        stretches: 1,
    }
}

/// How often each weight is read by the afterstates the 1-ply policy of `table` chooses over
/// `games` games (game g from the generator seeded `seed + g`): the importance the `c8`
/// codebooks are fitted with.
pub fn visit_counts(features: &Features, table: &[f32], games: u64, seed: u64) -> Vec<u32> {
    let mut counts = vec![0u32; table.len()];
    let mut index = [0u32; MAX_FEATURES];
    for g in 0..games {
        let mut rng = GameRng::from_seed(seed.wrapping_add(g));
        play_from(features, table, start(&mut rng), &mut rng, |after, _| {
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
    use crate::ai::ntuple::shape::Features;
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
            .map(|_| train_game(&features, weights, &mut rng, &Method::td0(0.1), &mut path))
            .collect();
        for _ in 0..3000 {
            train_game(&features, weights, &mut rng, &Method::td0(0.1), &mut path);
        }
        let last: Vec<Episode> = (0..200)
            .map(|_| train_game(&features, weights, &mut rng, &Method::td0(0.1), &mut path))
            .collect();
        assert!(
            mean(&last) > 1.5 * mean(&first),
            "mean score {} after 3,200 games, {} in the first 200",
            mean(&last),
            mean(&first)
        );
    }

    /// Boards whose 16 cells all differ, so that no two of their features share an index.
    fn distinct_boards(count: usize) -> Vec<u64> {
        let mut rng = GameRng::from_seed(7);
        (0..count)
            .map(|_| {
                let mut cells: Vec<u64> = (0..16).collect();
                for i in (1..16).rev() {
                    cells.swap(i, (rng.next_word() % (i as u64 + 1)) as usize);
                }
                cells
                    .iter()
                    .enumerate()
                    .fold(0, |b, (i, &e)| b | e << (4 * i))
            })
            .collect()
    }

    /// Learns `path` backwards once from zero weights; each afterstate's value afterwards.
    fn values_after_learning(path: &[(u64, u32)], alpha: f32, lambda: f32) -> Vec<f32> {
        let features = Features::new(&Shape::small_4x4(16));
        let mut table = vec![0.0f32; features.entries()];
        let mut all = Vec::new();
        for &(b, _) in path {
            let mut index = [0; MAX_FEATURES];
            let n = features.indices(b, &mut index);
            all.extend_from_slice(&index[..n]);
        }
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(
            all.len(),
            count,
            "the test needs features that share no weight"
        );
        let step = alpha / features.count() as f32;
        learn_backwards(&features, &mut table[..], path, step, lambda);
        path.iter()
            .map(|&(b, _)| value(&features, &table[..], b))
            .collect()
    }

    #[test]
    fn td_lambda_moves_each_afterstate_towards_its_lambda_return() {
        let boards = distinct_boards(4);
        let rewards = [4, 8, 16, 32];
        let path: Vec<(u64, u32)> = boards.iter().copied().zip(rewards).collect();
        let close = |a: &[f32], b: &[f32]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-3);
        // The last afterstate aims at 0; afterstate t at r(t+1) + (1-λ) V'(t+1) + λ G(t+1),
        // where V' is the value just learned and G the λ-return just used.
        for lambda in [0.0f32, 0.5, 1.0] {
            let mut expected = vec![0.0f32; 4];
            let mut target = 0.0f32;
            for t in (0..4).rev() {
                expected[t] = 0.5 * target;
                target = rewards[t] as f32 + (1.0 - lambda) * expected[t] + lambda * target;
            }
            let got = values_after_learning(&path, 0.5, lambda);
            assert!(
                close(&got, &expected),
                "λ {lambda}: {got:?}, expected {expected:?}"
            );
        }
        // λ = 1 is Monte Carlo: half of the rewards still to come (alpha 0.5 from 0).
        let mc = values_after_learning(&path, 0.5, 1.0);
        assert!(close(&mc, &[28.0, 24.0, 16.0, 0.0]), "{mc:?}");
        // λ = 0 is TD(0): half of the next reward plus the next value just learned.
        let td0 = values_after_learning(&path, 0.5, 0.0);
        assert!(close(&td0, &[12.0, 16.0, 16.0, 0.0]), "{td0:?}");
    }

    #[test]
    fn coherence_slows_a_weight_whose_errors_cancel_and_keeps_one_whose_errors_agree() {
        let cells: Vec<CoherentWeight> = (0..2).map(|_| CoherentWeight::default()).collect();
        let mut table = Coherent(&cells);
        let w = |table: &Coherent, i: u32| load(&table.at(i).weight);
        // Asked the same way three times: each step whole (|E| / A = 1).
        for k in 1..=3 {
            table.update(&[0], 1.0);
            assert!((w(&table, 0) - k as f32).abs() < 1e-6);
        }
        // Asked up, then down: the third request finds |E| / A = 0 and barely moves it.
        table.update(&[1], 1.0);
        table.update(&[1], -1.0);
        let before = w(&table, 1);
        table.update(&[1], 1.0);
        assert!(
            (w(&table, 1) - before).abs() < 1e-6,
            "{} to {}",
            before,
            w(&table, 1)
        );
        // Then the requests agree again and it speeds up: +1 of E over A = 3.
        table.update(&[1], 1.0);
        assert!((w(&table, 1) - before - 1.0 / 3.0).abs() < 1e-6);
    }

    #[test]
    fn a_rebuilding_table_moves_no_weight_and_leaves_the_accumulators_as_learning_would() {
        // Made as the trainer makes them.
        let features = Features::new(&Shape::small_4x4(2));
        let n = features.entries();
        let learned: Vec<CoherentWeight> = (0..n).map(|_| CoherentWeight::default()).collect();
        let rebuilt: Vec<CoherentWeight> = (0..n).map(|_| CoherentWeight::default()).collect();
        store(&rebuilt[0].weight, 5.0);
        let mut learning = Coherent::<true>::new(&learned, &features);
        let mut rebuilding = Rebuilding::new(&rebuilt, &features);
        for delta in [1.0, -0.5, 2.0] {
            learning.update(&[0], delta);
            let sum = rebuilding.update(&[0, 1], delta);
            assert!(
                (sum - 5.0).abs() < 1e-6,
                "the weights' sum, unchanged: {sum}"
            );
        }
        assert_eq!(load(&rebuilt[0].weight), 5.0);
        assert_eq!(load(&rebuilt[1].weight), 0.0);
        for (a, b) in [
            (&learned[0].sum, &rebuilt[0].sum),
            (&learned[0].size, &rebuilt[0].size),
        ] {
            assert_eq!(load(a), load(b));
        }
        assert_eq!(load(&rebuilt[1].size), 3.5);
        // After it, the same weight learns at |E| / A = 2.5 / 3.5 of a step, not a whole one.
        let mut after: Coherent = Coherent(&rebuilt);
        after.update(&[0], 1.0);
        assert!((load(&rebuilt[0].weight) - (5.0 + 2.5 / 3.5)).abs() < 1e-5);
    }

    #[test]
    fn a_restart_goes_on_from_the_middle_of_the_last_stretch() {
        warm_up();
        let mut net = Network::new(Shape::small_4x4(12), 0.0);
        let features = net.features().clone();
        let weights = net.weights_mut().unwrap();
        let method = Method {
            restart: Some(Restart::DEFAULT),
            ..Method::td0(0.1)
        };
        let mut rng = GameRng::from_seed(3);
        let mut path = Vec::new();
        let mut stretches: Vec<(Bitboard, Vec<(u64, u32)>)> = Vec::new();
        let game = train_game_traced(&features, weights, &mut rng, &method, &mut path, |b, p| {
            stretches.push((b, p.to_vec()))
        });
        assert!(stretches.len() >= 3, "{} stretches", stretches.len());
        assert_eq!(game.stretches as usize, stretches.len());
        assert_eq!(game.moves as usize, stretches[0].1.len());
        assert_eq!(
            game.trained as usize,
            stretches.iter().map(|s| s.1.len()).sum::<usize>()
        );
        for pair in stretches.windows(2) {
            let (last, next) = (&pair[0].1, pair[1].0);
            // The middle afterstate of the last stretch, with one tile spawned on it.
            let middle = Bitboard(last[(last.len() - 1) / 2].0);
            let spawned = next.0 ^ middle.0;
            assert_eq!(middle.0 & spawned, 0, "the restart keeps every tile");
            assert_eq!(
                middle.empty_count(),
                next.empty_count() + 1,
                "one tile spawned"
            );
            assert!(last.len() >= 10, "a stretch this short ends the game");
        }
        assert!(stretches.last().unwrap().1.len() < 10);
    }

    #[test]
    fn learning_from_a_tile_on_starts_there_and_leaves_the_earlier_stage_alone() {
        warm_up();
        // Stage 1 from 64 on, every weight 1 to begin with.
        let shape = Shape::small_4x4(12).with_stages(vec![6]).unwrap();
        let mut net = Network::new(shape, 1.0);
        let half = net.shape().stage_entries();
        let features = net.features().clone();
        let weights = net.weights_mut().unwrap();
        let method = Method {
            restart: Some(Restart::DEFAULT),
            start_at: Some(6),
            ..Method::td0(0.1)
        };
        for seed in 0..5 {
            let mut firsts = Vec::new();
            train_game_traced(
                &features,
                &mut *weights,
                &mut GameRng::from_seed(seed),
                &method,
                &mut Vec::new(),
                |b, _| firsts.push(b),
            );
            // Every stretch starts from a board that holds the tile (a chain's first, where
            // its game reached it; the others, restarts after it).
            assert!(firsts.iter().all(|&b| b.max_exponent() >= 6), "seed {seed}");
        }
        assert!(weights[..half].iter().all(|&w| w == 1.0), "stage 0 learned");
        assert!(
            weights[half..].iter().any(|&w| w != 1.0),
            "stage 1 learned nothing"
        );
        // A tile this network never reaches (32768): the chain learns nothing rather than any
        // board below it.
        let before = weights.to_vec();
        let never = Method {
            start_at: Some(15),
            ..method
        };
        let game = train_game(
            &features,
            weights,
            &mut GameRng::from_seed(9),
            &never,
            &mut Vec::new(),
        );
        assert_eq!(game, Episode::default());
        assert!(*weights == *before, "a board below the tile was learned");
    }

    #[test]
    fn online_learning_raises_the_score_too() {
        warm_up();
        let mut net = Network::new(Shape::small_4x4(12), 0.0);
        let features = net.features().clone();
        let weights = net.weights_mut().unwrap();
        let method = Method {
            online: true,
            ..Method::td0(0.1)
        };
        let mut rng = GameRng::from_seed(1);
        let mut path = Vec::new();
        let mut mean = |n: usize, weights: &mut [f32]| {
            (0..n)
                .map(|_| train_game(&features, weights, &mut rng, &method, &mut path).score as f64)
                .sum::<f64>()
                / n as f64
        };
        let first = mean(200, weights);
        mean(3000, weights);
        let last = mean(200, weights);
        assert!(
            last > 1.5 * first,
            "{last} after 3,200 games, {first} in the first 200"
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
                .map(|_| train_game(&features, weights, &mut rng, &Method::td0(0.1), &mut path))
                .collect();
            (games, net.weights().clone())
        };
        assert_eq!(run(), run());
    }
}
