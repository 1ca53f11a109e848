//! Smoothness and monotonicity: minimax's evaluation, a reconstruction of the first student
//! project's heuristic (its exact weights are lost; the default [`MinimaxWeights`] are ours,
//! in the units of ov3y/2048-AI, whose terms it shares). Everything is measured in levels (log2 of a
//! tile, i.e. exponents):
//!
//! - monotonicity: in every row and column, walking over the tiles (empty cells skipped),
//!   the smaller of the total rise and the total fall is a penalty: a line that only rises
//!   or only falls costs nothing;
//! - smoothness: the level difference between each tile and its nearest tile to the right
//!   and below is a penalty;
//! - empty cells: (count)^0.8;
//! - the highest tile's level, times `corner_bonus` (1.6) when one of them is in a corner;
//! - merges: each pair of equal tiles that a move would merge, from 64 up, scores
//!   level^1.5 - 10.
//!
//! Every term uses only +, -, *, / and sqrt (the 0.8 power is a table built by bisection),
//! so native and WebAssembly builds evaluate bit for bit alike.

use std::sync::OnceLock;

pub use crate::ai::api::weights::MinimaxWeights;
use crate::limits::MAX_SIZE;

/// Merges of tiles from this level (64) up score.
const MERGE_FROM: u8 = 6;

static EMPTY_POWERS: OnceLock<[f64; MAX_SIZE * MAX_SIZE + 1]> = OnceLock::new();

/// Builds the table of powers of empty counts now rather than on first use.
pub fn warm_up() {
    empty_powers();
}

/// Whether the table of powers of empty counts is built.
pub fn tables_built() -> bool {
    EMPTY_POWERS.get().is_some()
}

/// `x^0.8` for x = 0..=64 as the fifth root of x^4, found by bisection: only exact IEEE
/// operations, so the same bits everywhere (`powf` comes from different libms).
fn empty_powers() -> &'static [f64; MAX_SIZE * MAX_SIZE + 1] {
    EMPTY_POWERS.get_or_init(|| {
        std::array::from_fn(|x| {
            if x == 0 {
                return 0.0;
            }
            let target = (x * x * x * x) as f64;
            let (mut lo, mut hi) = (0.0f64, x as f64 + 1.0);
            for _ in 0..128 {
                let mid = 0.5 * (lo + hi);
                if mid * mid * mid * mid * mid < target {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            hi
        })
    })
}

/// What one row or column contributes, before weighting.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LineTerms {
    /// min(total rise, total fall) over the line's tiles.
    pub monotonicity: f64,
    /// Sum of level differences between neighbouring tiles.
    pub smoothness: f64,
    /// Sum of level^1.5 - 10 over the pairs a move would merge, from 64 up.
    pub merges: f64,
}

/// `level^1.5 - 10` for a merge of two tiles of `level` (from [`MERGE_FROM`] up), else 0.
fn merge_value(level: u8) -> f64 {
    if level < MERGE_FROM {
        return 0.0;
    }
    let l = f64::from(level);
    l * l.sqrt() - 10.0
}

/// The terms of the line of `n` cells starting at `start`, `step` apart.
#[inline]
pub fn line_terms(cells: &[u8], start: usize, step: usize, n: usize) -> LineTerms {
    let (mut rise, mut fall, mut smooth, mut merges) = (0u32, 0u32, 0u32, 0.0);
    let mut prev = 0u8;
    let mut paired = false;
    for k in 0..n {
        let e = cells[start + k * step];
        if e == 0 {
            continue;
        }
        if prev != 0 {
            if e > prev {
                rise += u32::from(e - prev);
            } else {
                fall += u32::from(prev - e);
            }
            smooth += u32::from(e.abs_diff(prev));
            if e == prev && !paired {
                merges += merge_value(e);
                paired = true;
            } else {
                paired = false;
            }
        }
        prev = e;
    }
    LineTerms {
        monotonicity: f64::from(rise.min(fall)),
        smoothness: f64::from(smooth),
        merges,
    }
}

/// The weighted sum of a line's terms (the part of the evaluation rows and columns carry).
#[inline]
pub fn line_score(weights: &MinimaxWeights, t: LineTerms) -> f64 {
    weights.merges * t.merges
        - weights.monotonicity * t.monotonicity
        - weights.smoothness * t.smoothness
}

/// The whole-board terms: empty cells and the highest tile.
#[inline]
pub fn board_score(weights: &MinimaxWeights, empty: usize, max_level: u8, in_corner: bool) -> f64 {
    let corner = if in_corner { weights.corner_bonus } else { 1.0 };
    weights.empty * empty_powers()[empty.min(MAX_SIZE * MAX_SIZE)]
        + weights.max_tile * f64::from(max_level) * corner
}

/// The evaluation of a `n` x `n` board of exponents (row-major): rows, then columns, then
/// the whole-board terms, always summed in that order.
pub fn evaluate(weights: &MinimaxWeights, cells: &[u8], n: usize) -> f64 {
    let mut total = 0.0;
    for r in 0..n {
        total += line_score(weights, line_terms(cells, r * n, 1, n));
    }
    for c in 0..n {
        total += line_score(weights, line_terms(cells, c, n, n));
    }
    let cells = &cells[..n * n];
    let empty = cells.iter().filter(|&&e| e == 0).count();
    let max_level = cells.iter().copied().max().unwrap_or(0);
    let corners = [0, n - 1, n * (n - 1), n * n - 1];
    let in_corner = max_level > 0 && corners.iter().any(|&i| cells[i] == max_level);
    total + board_score(weights, empty, max_level, in_corner)
}

/// The smoothness penalty alone (sum of level differences between neighbouring tiles).
pub fn smoothness(cells: &[u8], n: usize) -> u32 {
    let mut total = 0.0;
    for i in 0..n {
        total += line_terms(cells, i * n, 1, n).smoothness;
        total += line_terms(cells, i, n, n).smoothness;
    }
    total as u32
}

/// The number of groups of equal, orthogonally connected tiles (ov3y's "islands"): high
/// when equal tiles are scattered and cannot merge.
pub fn islands(cells: &[u8], n: usize) -> u32 {
    let mut seen = 0u64;
    let mut stack = [0u8; MAX_SIZE * MAX_SIZE];
    let mut count = 0;
    for start in 0..n * n {
        if cells[start] == 0 || seen & (1 << start) != 0 {
            continue;
        }
        count += 1;
        let level = cells[start];
        seen |= 1 << start;
        stack[0] = start as u8;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let i = usize::from(stack[top]);
            let (r, c) = (i / n, i % n);
            let neighbours = [
                (r > 0).then(|| i - n),
                (r + 1 < n).then(|| i + n),
                (c > 0).then(|| i - 1),
                (c + 1 < n).then(|| i + 1),
            ];
            for j in neighbours.into_iter().flatten() {
                if cells[j] == level && seen & (1 << j) == 0 {
                    seen |= 1 << j;
                    stack[top] = j as u8;
                    top += 1;
                }
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_of_empty_counts() {
        let p = empty_powers();
        assert_eq!(p[0], 0.0);
        assert_eq!(p[1], 1.0);
        for (x, &got) in p.iter().enumerate().skip(2) {
            let exact = (x as f64).powf(0.8);
            assert!((got - exact).abs() < 1e-12, "{x}: {got} vs {exact}");
        }
    }

    #[test]
    fn line_terms_skip_empty_cells() {
        // 2, _, 8, 4 -> levels 1, 3, 2: rise 2, fall 1, smoothness 3.
        let t = line_terms(&[1, 0, 3, 2], 0, 1, 4);
        assert_eq!((t.monotonicity, t.smoothness, t.merges), (1.0, 3.0, 0.0));
        // 64 64 64: one merge of level 6 (6^1.5 - 10), not two.
        let t = line_terms(&[6, 6, 0, 6], 0, 1, 4);
        assert!((t.merges - (6f64.powf(1.5) - 10.0)).abs() < 1e-12);
        // 32 32 merge but score nothing.
        assert_eq!(line_terms(&[5, 5, 0, 0], 0, 1, 4).merges, 0.0);
    }

    #[test]
    fn islands_count_groups_of_equal_tiles() {
        let cells = [1, 1, 2, 0, 1, 2, 2, 0, 0, 0, 0, 3, 3, 0, 0, 3];
        assert_eq!(islands(&cells, 4), 4);
    }
}
