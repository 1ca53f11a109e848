//! An n-tuple network: a value for every afterstate (the board after a move, before the
//! spawn), the sum of one weight per feature (tuple x symmetry). Trained in `f32`; shipped
//! and kept in memory as `f32`, or quantised to `i16` or `i8` with one scale (the integer
//! weights are summed exactly, then scaled once, so native and WebAssembly agree bit for bit;
//! `i16` is held [sparse](super::sparse), only the weights that are not 0),
//! or to `c8`: a byte per weight indexing its tuple's codebook of 256 `f32` values (see
//! [`codebook`](super::codebook); summed in `f32` in feature order, the same on both).
//!
//! Also here: the game score as a function of the board ([`tile_score`]), from which a
//! move's reward is a difference, and the 1-ply choice [`best_afterstate`].

use std::sync::OnceLock;

use super::shape::{Features, Shape, MAX_FEATURES};
use super::sparse::Sparse;
use crate::ai::search::bitboard::{row_array, unpack_row, Bitboard, RowArray};
use crate::direction::Direction;

/// How the weights are stored, in the file and in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantisation {
    F32,
    I16,
    I8,
    /// A byte per weight, into a codebook of 256 values per tuple.
    C8,
}

impl Quantisation {
    pub const ALL: [Quantisation; 4] = [
        Quantisation::F32,
        Quantisation::I16,
        Quantisation::I8,
        Quantisation::C8,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Quantisation::F32 => "f32",
            Quantisation::I16 => "i16",
            Quantisation::I8 => "i8",
            Quantisation::C8 => "c8",
        }
    }

    pub fn parse(text: &str) -> Option<Quantisation> {
        Quantisation::ALL.into_iter().find(|q| q.name() == text)
    }

    /// Bytes per weight.
    pub fn width(self) -> usize {
        match self {
            Quantisation::F32 => 4,
            Quantisation::I16 => 2,
            Quantisation::I8 | Quantisation::C8 => 1,
        }
    }
}

/// The weights, flat: tuple 0's table, then tuple 1's, ...
#[derive(Clone, Debug, PartialEq)]
pub enum Weights {
    F32(Vec<f32>),
    /// Weight = value x scale; held sparse (only the values that are not 0).
    I16 {
        values: Sparse,
        scale: f32,
    },
    I8 {
        values: Vec<i8>,
        scale: f32,
    },
    /// Weight = `books[t][code]` for an entry of tuple t's table; `entries[t]` is that
    /// table's length (the tables follow each other in `codes`).
    C8 {
        codes: Vec<u8>,
        books: Vec<[f32; 256]>,
        entries: Vec<usize>,
    },
}

impl Weights {
    pub fn len(&self) -> usize {
        match self {
            Weights::F32(v) => v.len(),
            Weights::I16 { values, .. } => values.len(),
            Weights::I8 { values, .. } => values.len(),
            Weights::C8 { codes, .. } => codes.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn quantisation(&self) -> Quantisation {
        match self {
            Weights::F32(_) => Quantisation::F32,
            Weights::I16 { .. } => Quantisation::I16,
            Weights::I8 { .. } => Quantisation::I8,
            Weights::C8 { .. } => Quantisation::C8,
        }
    }

    /// Weight `i` as a float.
    pub fn get(&self, i: usize) -> f32 {
        match self {
            Weights::F32(v) => v[i],
            Weights::I16 { values, scale } => f32::from(values.get(i)) * scale,
            Weights::I8 { values, scale } => f32::from(values[i]) * scale,
            Weights::C8 {
                codes,
                books,
                entries,
            } => {
                let (mut t, mut start) = (0, 0);
                while i >= start + entries[t] {
                    start += entries[t];
                    t += 1;
                }
                books[t][usize::from(codes[i])]
            }
        }
    }
}

/// A network: its shape, the features read from it, and the weights.
#[derive(Clone, Debug)]
pub struct Network {
    shape: Shape,
    features: Features,
    weights: Weights,
    /// Which values these are: no two networks of one process share it unless their values are
    /// the same (a clone, an expanded copy); changing the weights takes a new one.
    id: u64,
}

/// A fresh [`Network::id`].
fn next_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Network {
    /// A network of `shape` with every weight `init`.
    pub fn new(shape: Shape, init: f32) -> Network {
        let weights = Weights::F32(vec![init; shape.entries()]);
        Network::from_parts(shape, weights).unwrap_or_else(|| unreachable!("sized by the shape"))
    }

    /// A network from a shape and weights; None when their sizes differ.
    pub fn from_parts(shape: Shape, weights: Weights) -> Option<Network> {
        if let Weights::C8 { books, entries, .. } = &weights {
            let tables = shape.tables();
            if books.len() != tables.len() || *entries != tables {
                return None;
            }
        }
        (weights.len() == shape.entries()).then(|| Network {
            features: Features::new(&shape),
            shape,
            weights,
            id: next_id(),
        })
    }

    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    pub fn features(&self) -> &Features {
        &self.features
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The weights to learn into; None once quantised.
    /// Which values this network holds: the key of its values cached by the search
    /// ([`NetworkEval`](crate::ai::eval::learned::NetworkEval)).
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The weights to change (f32 only): the network takes a new [`Network::id`].
    pub fn weights_mut(&mut self) -> Option<&mut [f32]> {
        self.id = next_id();
        match &mut self.weights {
            Weights::F32(v) => Some(v),
            _ => None,
        }
    }

    /// The same network, its `i16` weights held dense as well ([`Sparse::expand`]): natively a
    /// search reads them more than twice as fast, with the same values. Other storage is
    /// dense already.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn expanded(mut self) -> Network {
        if let Weights::I16 { values, .. } = &mut self.weights {
            values.expand();
        }
        self
    }

    /// Bytes the weights take in memory.
    pub fn memory_bytes(&self) -> usize {
        match &self.weights {
            Weights::C8 { books, codes, .. } => books.len() * 256 * 4 + codes.len(),
            Weights::I16 { values, .. } => values.memory_bytes(),
            w => w.len() * w.quantisation().width(),
        }
    }

    /// The value of an afterstate: the score still to come, as the network estimates it.
    #[inline]
    pub fn value(&self, board: Bitboard) -> f64 {
        let mut index = [0u32; MAX_FEATURES];
        let n = self.features.indices(board.0, &mut index);
        let index = &index[..n];
        match &self.weights {
            Weights::F32(w) => f64::from(sum_f32(w, index)),
            Weights::I16 { values, scale } => {
                let sum: i64 = index
                    .iter()
                    .map(|&i| i64::from(values.get(i as usize)))
                    .sum();
                sum as f64 * f64::from(*scale)
            }
            Weights::I8 { values, scale } => {
                let sum: i64 = index.iter().map(|&i| i64::from(values[i as usize])).sum();
                sum as f64 * f64::from(*scale)
            }
            Weights::C8 { codes, books, .. } => {
                // Features come tuple by tuple, 8 symmetries each (see `Features::new`), from
                // the tables of the board's stage.
                let first = self.features.stage(board.0) * self.shape.tuples().len();
                let sum: f32 = index
                    .iter()
                    .enumerate()
                    .map(|(k, &i)| books[first + k / 8][usize::from(codes[i as usize])])
                    .sum();
                f64::from(sum)
            }
        }
    }

    /// The same network with its weights stored as `q` (`i16`, `i8`: each rounded to the
    /// nearest step of one scale, the largest weight's magnitude over 32,767 or 127; `c8`:
    /// each tuple's codebook evenly spaced, a scale per tuple, its largest weight's magnitude
    /// over 127: [`Network::quantised_c8`] fits them to play instead, as the trainer's export
    /// does, and the k-means stays out of the page's wasm, which only calls this).
    pub fn quantised(&self, q: Quantisation) -> Network {
        let floats = self.floats();
        if q == Quantisation::C8 {
            return self.with_books(&floats, |tuple| {
                let top = tuple.iter().fold(0f32, |m, w| m.max(w.abs()));
                let step = if top > 0.0 { top / 127.0 } else { 1.0 };
                let mut values = [0f32; 256];
                for (k, v) in values.iter_mut().enumerate().skip(1) {
                    *v = (k as f32 - 128.0) * step;
                }
                super::codebook::Book { values }
            });
        }
        let top = floats.iter().fold(0f32, |m, w| m.max(w.abs()));
        let weights = match q {
            Quantisation::F32 => Weights::F32(floats),
            Quantisation::I16 => {
                let scale = if top > 0.0 { top / 32_767.0 } else { 1.0 };
                let values: Vec<i16> = floats
                    .iter()
                    .map(|w| (w / scale).round().clamp(-32_767.0, 32_767.0) as i16)
                    .collect();
                Weights::I16 {
                    values: Sparse::from_dense(&values),
                    scale,
                }
            }
            Quantisation::C8 => unreachable!("returned above"),
            Quantisation::I8 => {
                let scale = if top > 0.0 { top / 127.0 } else { 1.0 };
                Weights::I8 {
                    values: floats
                        .iter()
                        .map(|w| (w / scale).round().clamp(-127.0, 127.0) as i8)
                        .collect(),
                    scale,
                }
            }
        };
        Network {
            shape: self.shape.clone(),
            features: self.features.clone(),
            weights,
            id: next_id(),
        }
    }
}

impl Network {
    fn floats(&self) -> Vec<f32> {
        (0..self.weights.len())
            .map(|i| self.weights.get(i))
            .collect()
    }

    /// The same network as `c8`: for each tuple, 256 values fitted to its weights by 1-D
    /// k-means (Lloyd), each weight counting `importance[i]` (e.g. how often play reads it,
    /// [`visit_counts`](super::learn::visit_counts)); code 0 is exactly 0, and every weight
    /// that is 0 (never trained) keeps it.
    pub fn quantised_c8(&self, importance: &[f32]) -> Network {
        let floats = self.floats();
        let mut start = 0;
        self.with_books(&floats, |tuple| {
            let book = super::codebook::fit(tuple, &importance[start..start + tuple.len()]);
            start += tuple.len();
            book
        })
    }

    /// `floats` as `c8`, each tuple's codebook from `book_of` (its weights).
    fn with_books(
        &self,
        floats: &[f32],
        mut book_of: impl FnMut(&[f32]) -> super::codebook::Book,
    ) -> Network {
        let mut codes = Vec::with_capacity(floats.len());
        let mut books = Vec::new();
        let mut entries = Vec::new();
        let mut start = 0;
        for size in self.shape.tables() {
            let end = start + size;
            let book = book_of(&floats[start..end]);
            codes.extend(floats[start..end].iter().map(|&w| book.code(w)));
            books.push(book.values);
            entries.push(end - start);
            start = end;
        }
        Network {
            shape: self.shape.clone(),
            features: self.features.clone(),
            weights: Weights::C8 {
                codes,
                books,
                entries,
            },
            id: next_id(),
        }
    }
}

/// The sum of `w` at `index`, in order (the trainer sums the same way).
#[inline]
pub fn sum_f32(w: &[f32], index: &[u32]) -> f32 {
    index.iter().map(|&i| w[i as usize]).sum()
}

static TILE_SCORES: OnceLock<RowArray<u32>> = OnceLock::new();

/// Each row's share of [`tile_score`].
fn tile_scores() -> &'static RowArray<u32> {
    TILE_SCORES.get_or_init(|| row_array(|row| tile_points(&unpack_row(row)) as u32))
}

/// The points tiles of these exponents made, counted as [`tile_score`] counts them (a tile 2^e
/// is worth (e - 1) x 2^e), for any exponents, 65,536 and up included.
pub fn tile_points(cells: &[u8]) -> u64 {
    cells
        .iter()
        .filter(|&&e| e >= 2)
        .map(|&e| (u64::from(e) - 1) << e)
        .sum()
}

/// The score a game has when it made this board from 2s only: a tile 2^e is worth
/// (e - 1) x 2^e, the points its merges earned. So a move's reward is
/// `tile_score(after) - tile_score(before)` exactly (a spawned 4 counts 4 it did not earn,
/// the same for every move from one position).
#[inline]
pub fn tile_score(board: Bitboard) -> u64 {
    let t = tile_scores();
    (0..4)
        .map(|r| u64::from(t[usize::from((board.0 >> (16 * r)) as u16)]))
        .sum()
}

/// A move chosen by [`best_afterstate`]: its direction, afterstate and reward.
pub type Chosen = (Direction, Bitboard, u32);

/// The 1-ply choice: among the moves `allowed` (in [`Direction::ALL`] order) that change
/// `board`, the one whose reward plus `value(afterstate)` is largest (the first among equals).
/// Returns the move, its afterstate and reward, and every move's reward + value.
#[inline]
pub fn best_afterstate(
    board: Bitboard,
    allowed: [bool; 4],
    mut value: impl FnMut(Bitboard) -> f64,
) -> (Option<Chosen>, [Option<f64>; 4]) {
    let before = tile_score(board);
    let mut values = [None; 4];
    let mut best: Option<Chosen> = None;
    let mut best_value = f64::NEG_INFINITY;
    for (dir, after) in Direction::ALL.into_iter().zip(board.shifted_all()) {
        if after == board || !allowed[dir.index()] {
            continue;
        }
        let reward = (tile_score(after) - before) as u32;
        let v = f64::from(reward) + value(after);
        values[dir.index()] = Some(v);
        if best.is_none() || v > best_value {
            best_value = v;
            best = Some((dir, after, reward));
        }
    }
    (best, values)
}

/// Builds the tables the network reads besides its weights (the board's move tables and
/// the tile scores).
pub fn warm_up() {
    Bitboard::warm_up();
    tile_scores();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::ntuple::shape::Shape;

    fn board(cells: [u8; 16]) -> Bitboard {
        Bitboard::from_exponents(&cells).unwrap()
    }

    #[test]
    fn reward_is_the_difference_of_tile_scores() {
        // 2+2 -> 4 (4 points), 8+8 -> 16 (16 points).
        let b = board([1, 1, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        let after = b.shifted(Direction::Left);
        assert_eq!(tile_score(after) - tile_score(b), 20);
    }

    #[test]
    fn a_c8_value_sums_each_features_own_tuples_codebook() {
        // Two tuples whose weights lie far apart, so that their codebooks differ.
        let mut net = Network::new(Shape::parse("0,1,2,3;4,5,6,7", 8).unwrap(), 0.0);
        for (i, x) in net.weights_mut().unwrap().iter_mut().enumerate() {
            let tuple_offset = if i < 4096 { 0.0 } else { -5000.0 };
            *x = tuple_offset + ((i * 7919) % 1000) as f32;
        }
        let c8 = net.quantised_c8(&vec![1.0; net.weights().len()]);
        let b = board([1, 2, 3, 0, 5, 0, 1, 0, 0, 4, 0, 0, 9, 0, 0, 2]);
        let mut index = [0u32; MAX_FEATURES];
        let n = c8.features().indices(b.0, &mut index);
        let sum: f32 = index[..n]
            .iter()
            .map(|&i| c8.weights().get(i as usize))
            .sum();
        assert_eq!(c8.value(b), f64::from(sum));
        assert!((c8.value(b) - net.value(b)).abs() < 100.0);
    }

    #[test]
    fn an_i16_network_holds_only_the_weights_that_are_not_0() {
        // A 6-tuple at 16 levels (16.8 M entries), trained in 1 place in 100.
        let mut net = Network::new(Shape::parse("0,1,2,3,4,5", 16).unwrap(), 0.0);
        for (i, x) in net.weights_mut().unwrap().iter_mut().enumerate() {
            if i % 100 == 7 {
                *x = (i % 5000) as f32 - 2500.0;
            }
        }
        let i16 = net.quantised(Quantisation::I16);
        let entries = net.weights().len();
        let kept = entries / 100 + 1;
        // A quarter of a byte an entry for the bitmap and counts, 2 a kept weight.
        assert!(
            i16.memory_bytes() <= entries / 4 + 2 * kept,
            "{} bytes",
            i16.memory_bytes()
        );
        let b = board([1, 2, 3, 0, 5, 0, 1, 0, 0, 4, 0, 0, 9, 0, 0, 2]);
        let full = |b: Bitboard| {
            let mut index = [0u32; MAX_FEATURES];
            let n = net.features().indices(b.0, &mut index);
            let w = net.weights();
            index[..n].iter().map(|&i| w.get(i as usize)).sum::<f32>()
        };
        for i in [0, 6, 7, 107, 108, entries - 93] {
            let (got, want) = (i16.weights().get(i), net.weights().get(i));
            assert!((got - want).abs() < 0.05, "weight {i}: {got} for {want}");
        }
        assert!((i16.value(b) - f64::from(full(b))).abs() < 1.0);
    }

    #[test]
    fn the_value_is_the_same_in_all_eight_symmetries() {
        let shape = Shape::parse("0,1,2,3,4,5;0,1,4,5", 16).unwrap();
        let mut net = Network::new(shape, 0.0);
        let w = net.weights_mut().unwrap();
        for (i, x) in w.iter_mut().enumerate() {
            *x = ((i * 7919) % 1000) as f32 / 10.0;
        }
        let cells = [1, 2, 3, 0, 5, 0, 1, 0, 0, 4, 0, 0, 9, 0, 0, 2];
        let v = net.value(board(cells));
        for s in 0..8 {
            let mut moved = [0u8; 16];
            for (c, &e) in cells.iter().enumerate() {
                moved[usize::from(super::super::shape::symmetric_cell(c as u8, s))] = e;
            }
            assert!((net.value(board(moved)) - v).abs() < 1e-3, "symmetry {s}");
        }
        for q in [Quantisation::I16, Quantisation::I8, Quantisation::C8] {
            let qv = net.quantised(q).value(board(cells));
            assert!((qv - v).abs() < v * 0.05, "{q:?}: {qv} against {v}");
        }
    }
}
