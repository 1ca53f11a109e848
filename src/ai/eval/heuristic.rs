//! How good a position looks, after nneonneo/2048-ai: every row and every column scores
//! itself (a bonus per empty cell and per possible merge, a penalty for breaking
//! monotonicity and for the sum of its tiles), and a board scores the sum of its lines.
//! For 4x4 the line scores are a 65,536-entry table; larger boards compute them per line.
//!
//! Powers are computed with multiplications and `sqrt` only (both exact IEEE operations),
//! so native and WebAssembly builds evaluate bit for bit alike and pick the same moves.

use std::sync::OnceLock;

pub use crate::ai::api::weights::EvalWeights;
use crate::ai::search::bitboard::{row_array, transpose, unpack_row, Bitboard, RowArray};
use crate::ai::search::grid::Grid;
use crate::ai::search::position::Position;

/// Exponents the line scorer knows: every exponent a search can make from a valid board
/// (at most 2^65, plus one per move searched) with room to spare.
pub const SCORED_EXPONENTS: usize = 128;

/// `x^p` from multiplications and one square root when `2p` is a whole number (every
/// default), so the result is the same on every platform; `powf` otherwise.
fn portable_pow(x: f64, p: f64) -> f64 {
    let twice = 2.0 * p;
    if twice.fract() != 0.0 {
        return x.powf(p);
    }
    let whole = (p.trunc()) as u32;
    let mut out = (0..whole).fold(1.0, |acc, _| acc * x);
    if p.fract() != 0.0 {
        out *= x.sqrt();
    }
    out
}

/// Scores lines of any length; the powers of every exponent are computed once.
#[derive(Clone, Debug)]
pub struct LineScorer {
    weights: EvalWeights,
    monotonicity_pow: [f64; SCORED_EXPONENTS],
    sum_pow: [f64; SCORED_EXPONENTS],
}

impl LineScorer {
    pub fn new(weights: &EvalWeights) -> LineScorer {
        LineScorer {
            weights: weights.clone(),
            monotonicity_pow: std::array::from_fn(|e| {
                portable_pow(e as f64, weights.monotonicity_power)
            }),
            sum_pow: std::array::from_fn(|e| portable_pow(e as f64, weights.sum_power)),
        }
    }

    pub fn weights(&self) -> &EvalWeights {
        &self.weights
    }

    /// One line's score; `line` holds exponents below [`SCORED_EXPONENTS`].
    pub fn score(&self, line: impl Iterator<Item = u8> + Clone) -> f64 {
        let w = &self.weights;
        let mut sum = 0.0;
        let mut empty = 0u32;
        let mut merges = 0u32;
        let mut prev = 0u8;
        let mut run = 0u32;
        for e in line.clone() {
            sum += self.sum_pow[usize::from(e) % SCORED_EXPONENTS];
            if e == 0 {
                empty += 1;
                continue;
            }
            if prev == e {
                run += 1;
            } else if run > 0 {
                merges += 1 + run;
                run = 0;
            }
            prev = e;
        }
        if run > 0 {
            merges += 1 + run;
        }
        let (mut towards_start, mut towards_end) = (0.0, 0.0);
        let mut previous: Option<u8> = None;
        for e in line {
            if let Some(p) = previous {
                let a = self.monotonicity_pow[usize::from(p) % SCORED_EXPONENTS];
                let b = self.monotonicity_pow[usize::from(e) % SCORED_EXPONENTS];
                if p > e {
                    towards_start += a - b;
                } else {
                    towards_end += b - a;
                }
            }
            previous = Some(e);
        }
        w.lost_penalty + w.empty * f64::from(empty) + w.merges * f64::from(merges)
            - w.monotonicity * f64::min(towards_start, towards_end)
            - w.sum * sum
    }
}

static DEFAULT_TABLE: OnceLock<RowTable> = OnceLock::new();

/// The 4x4 evaluation: one table entry per possible row, rows and columns alike.
pub struct RowTable {
    scores: RowArray<f32>,
}

impl RowTable {
    pub fn new(weights: &EvalWeights) -> RowTable {
        let scorer = LineScorer::new(weights);
        RowTable {
            scores: row_array(|row| scorer.score(unpack_row(row).into_iter()) as f32),
        }
    }

    /// The table for the default weights, built on first use.
    pub fn default_table() -> &'static RowTable {
        DEFAULT_TABLE.get_or_init(|| RowTable::new(&EvalWeights::default()))
    }

    /// Whether [`RowTable::default_table`] is built.
    pub fn default_table_built() -> bool {
        DEFAULT_TABLE.get().is_some()
    }

    #[inline]
    fn rows(&self, x: u64) -> f64 {
        let row = |r: u32| f64::from(self.scores[usize::from((x >> (16 * r)) as u16)]);
        row(0) + row(1) + row(2) + row(3)
    }

    #[inline]
    pub fn evaluate(&self, board: Bitboard) -> f64 {
        self.rows(board.0) + self.rows(transpose(board.0))
    }

    /// [`RowTable::evaluate`] of the board after each move of
    /// [`Direction::ALL`](crate::direction::Direction::ALL) (None where
    /// nothing moves), bit for bit.
    #[inline]
    pub fn evaluate_moves(&self, board: Bitboard) -> [Option<f64>; 4] {
        board.map_moves(|rows, columns| self.rows(rows) + self.rows(columns))
    }
}

/// How expectimax scores a position of type `P`: [`RowTable`] scores the 4x4 [`Bitboard`],
/// [`LineScorer`] the n x n [`Grid`], by the same formula.
pub trait Evaluate<P: Position> {
    fn evaluate(&self, position: P) -> f64;
    /// What `position`, where no move is left, is worth: nothing, unless the evaluation says
    /// otherwise.
    #[inline]
    fn lost(&self, _position: P) -> f64 {
        0.0
    }
    /// The evaluation of each of [`Position::children`]: the leaves under a node one move
    /// above the depth limit.
    #[inline]
    fn evaluate_children(&self, position: P) -> [Option<f64>; 4] {
        position
            .children()
            .map(|next| next.map(|next| self.evaluate(next)))
    }
}

impl Evaluate<Bitboard> for RowTable {
    #[inline]
    fn evaluate(&self, board: Bitboard) -> f64 {
        RowTable::evaluate(self, board)
    }

    #[inline]
    fn evaluate_children(&self, board: Bitboard) -> [Option<f64>; 4] {
        self.evaluate_moves(board)
    }
}

impl Evaluate<Grid> for LineScorer {
    fn evaluate(&self, grid: Grid) -> f64 {
        let n = grid.size();
        let cells = grid.cells();
        let rows: f64 = cells
            .chunks(n)
            .map(|row| self.score(row.iter().copied()))
            .sum();
        let columns: f64 = (0..n)
            .map(|c| self.score(cells.iter().skip(c).step_by(n).copied()))
            .sum();
        rows + columns
    }
}
