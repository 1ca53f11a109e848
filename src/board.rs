//! The n x n board and the rules of a move. Tiles are stored as exponents (1 = 2, 2 = 4, ...;
//! 0 = empty), one byte per cell, row-major.

use crate::direction::Direction;
use crate::error::{decimal, number_text, GameError};
use crate::limits::{MAX_EXPONENT, MAX_SIZE, MIN_SIZE};

/// What one tile did during a move, in cell indices (row-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slide {
    /// A tile slid from one cell to another without merging.
    Move { from: usize, to: usize },
    /// Two tiles met in `to` and became one tile of `exponent`.
    /// `from[0]` is the tile nearer the wall the board moved towards.
    Merge {
        from: [usize; 2],
        to: usize,
        exponent: u8,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: usize,
    cells: Vec<u8>,
}

/// The value of a tile of exponent `e` (saturating: only boards far beyond any real game reach it).
pub fn tile_value(e: u8) -> u64 {
    if e == 0 {
        0
    } else {
        1u64.checked_shl(e as u32).unwrap_or(u64::MAX)
    }
}

/// Reads a tile value as given by JavaScript (a number) into an exponent.
pub fn exponent_of(index: usize, value: f64) -> Result<u8, GameError> {
    if value == 0.0 {
        return Ok(0);
    }
    if !value.is_finite() || value < 2.0 || value.fract() != 0.0 {
        return Err(GameError::NotPowerOfTwo {
            index,
            value: number_text(value),
        });
    }
    let e = value.log2().round();
    if 2f64.powi(e as i32) != value {
        return Err(GameError::NotPowerOfTwo {
            index,
            value: number_text(value),
        });
    }
    if e > MAX_EXPONENT as f64 {
        return Err(GameError::TileTooLarge {
            index,
            value: number_text(value),
        });
    }
    Ok(e as u8)
}

pub fn check_size(size: i64) -> Result<usize, GameError> {
    if (MIN_SIZE as i64..=MAX_SIZE as i64).contains(&size) {
        Ok(size as usize)
    } else {
        Err(GameError::BadSize(size))
    }
}

/// The size, if it is one and `cells` cells fill a board of it.
fn check_shape(size: usize, cells: usize) -> Result<usize, GameError> {
    let size = check_size(size as i64)?;
    if cells != size * size {
        return Err(GameError::BadCellCount {
            size,
            expected: size * size,
            got: cells,
        });
    }
    Ok(size)
}

impl Board {
    pub fn empty(size: usize) -> Result<Board, GameError> {
        let size = check_size(size as i64)?;
        Ok(Board {
            size,
            cells: vec![0; size * size],
        })
    }

    /// A board from exponents (0 = empty, 1 = 2, 2 = 4, ...).
    pub fn from_exponents(size: usize, cells: Vec<u8>) -> Result<Board, GameError> {
        let size = check_shape(size, cells.len())?;
        if let Some(index) = cells.iter().position(|&e| e > MAX_EXPONENT) {
            return Err(GameError::TileTooLarge {
                index,
                value: ["2^", &decimal(cells[index].into())].concat(),
            });
        }
        Ok(Board { size, cells })
    }

    /// A board from tile values (0 = empty, 2, 4, 8, ...), as the JS API takes them.
    pub fn from_values(size: usize, values: &[f64]) -> Result<Board, GameError> {
        let size = check_shape(size, values.len())?;
        let cells = values
            .iter()
            .enumerate()
            .map(|(i, &v)| exponent_of(i, v))
            .collect::<Result<Vec<u8>, _>>()?;
        Ok(Board { size, cells })
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// Exponents, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.size + col]
    }

    pub fn set(&mut self, index: usize, exponent: u8) {
        self.cells[index] = exponent;
    }

    pub fn values(&self) -> impl Iterator<Item = u64> + '_ {
        self.cells.iter().map(|&e| tile_value(e))
    }

    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, &e)| e == 0)
            .map(|(i, _)| i)
    }

    pub fn empty_count(&self) -> usize {
        self.cells.iter().filter(|&&e| e == 0).count()
    }

    pub fn max_exponent(&self) -> u8 {
        self.cells.iter().copied().max().unwrap_or(0)
    }

    /// The cell index of the k-th cell of line `line`, counted from the wall that `dir` moves towards.
    #[inline]
    pub fn line_cell(&self, dir: Direction, line: usize, k: usize) -> usize {
        line_cell(self.size, dir, line, k)
    }

    /// Plays `dir` in place and reports every tile's slide to `sink`.
    /// Returns the points gained, or None (board untouched) when nothing moves.
    pub fn slide_with(&mut self, dir: Direction, sink: impl FnMut(Slide)) -> Option<u64> {
        slide_cells(&mut self.cells, self.size, dir, sink)
    }

    /// Plays `dir` in place; the points gained, or None (board untouched) when nothing moves.
    pub fn slide(&mut self, dir: Direction) -> Option<u64> {
        self.slide_with(dir, |_| {})
    }

    /// The board after `dir` and the points gained, or None when nothing moves.
    pub fn moved(&self, dir: Direction) -> Option<(Board, u64)> {
        let mut next = self.clone();
        next.slide(dir).map(|gained| (next, gained))
    }

    pub fn can_move(&self, dir: Direction) -> bool {
        let n = self.size;
        (0..n).any(|line| {
            let mut prev = 0u8;
            let mut seen_empty = false;
            (0..n).any(|k| {
                let e = self.cells[self.line_cell(dir, line, k)];
                let moves = e != 0 && (seen_empty || e == prev);
                if e == 0 {
                    seen_empty = true;
                }
                prev = e;
                moves
            })
        })
    }

    /// The directions that change the board, in `up, right, down, left` order.
    pub fn legal_directions(&self) -> Vec<Direction> {
        Direction::ALL
            .into_iter()
            .filter(|&d| self.can_move(d))
            .collect()
    }

    /// The largest tile a game on an n x n board can make: 2^(n*n + 1) (every cell holding a
    /// different tile, the last spawn a 4, gives 2^(n*n + 1) at most): 2^10 on 3x3, 2^17 on 4x4.
    pub fn largest_exponent(size: usize) -> u8 {
        (size * size + 1).min(MAX_EXPONENT as usize) as u8
    }

    /// Why a position set up by hand cannot be played from (the board editor): a tile no game
    /// of this size can make, an empty board, or no move that changes it. None when it can.
    pub fn setup_problem(&self) -> Option<String> {
        let largest = Board::largest_exponent(self.size);
        let n = self.size;
        if let Some(index) = self.cells.iter().position(|&e| e > largest) {
            return Some(format!(
                "the tile 2^{} in row {}, column {} is larger than any {n}x{n} game can make (2^{largest})",
                self.cells[index],
                index / n + 1,
                index % n + 1
            ));
        }
        if self.cells.iter().all(|&e| e == 0) {
            return Some("the board is empty: place at least one tile".to_string());
        }
        if self.is_over() {
            return Some(
                "no move can be played: the board is full and no two neighbouring tiles match"
                    .to_string(),
            );
        }
        None
    }

    /// True when no move changes the board.
    pub fn is_over(&self) -> bool {
        !Direction::ALL.iter().any(|&d| self.can_move(d))
    }
}

/// The cell index of the k-th cell of line `line` of an n x n board, counted from the wall
/// that `dir` moves towards.
#[inline]
pub fn line_cell(n: usize, dir: Direction, line: usize, k: usize) -> usize {
    match dir {
        Direction::Left => line * n + k,
        Direction::Right => line * n + (n - 1 - k),
        Direction::Up => k * n + line,
        Direction::Down => (n - 1 - k) * n + line,
    }
}

/// The rules of a move, on the first n*n cells of `cells` (exponents, row-major): every tile
/// slides towards the wall, equal tiles merge once, the pair nearest the wall first. Reports
/// each slide to `sink` (a no-op closure costs nothing) and returns the points gained, or
/// None when nothing moves. The engine's `Board` and the AI's stack boards both use it.
#[inline]
pub fn slide_cells(
    cells: &mut [u8],
    n: usize,
    dir: Direction,
    mut sink: impl FnMut(Slide),
) -> Option<u64> {
    let mut moved = false;
    let mut gained = 0u64;
    let mut idx = [0usize; MAX_SIZE];
    for line in 0..n {
        for (k, slot) in idx.iter_mut().enumerate().take(n) {
            *slot = line_cell(n, dir, line, k);
        }
        // Each output slot remembers where its tile came from (a second source when merged).
        let mut out = [0u8; MAX_SIZE];
        let mut src = [[usize::MAX; 2]; MAX_SIZE];
        let mut filled = 0usize;
        let mut can_merge = false;
        for &cell in idx.iter().take(n) {
            let e = cells[cell];
            if e == 0 {
                continue;
            }
            if can_merge && out[filled - 1] == e {
                out[filled - 1] = e + 1;
                src[filled - 1][1] = cell;
                gained = gained.saturating_add(tile_value(e + 1));
                can_merge = false;
            } else {
                out[filled] = e;
                src[filled][0] = cell;
                filled += 1;
                can_merge = true;
            }
        }
        for k in 0..n {
            let to = idx[k];
            if k < filled {
                let [a, b] = src[k];
                if b != usize::MAX {
                    moved = true;
                    sink(Slide::Merge {
                        from: [a, b],
                        to,
                        exponent: out[k],
                    });
                } else if a != to {
                    moved = true;
                    sink(Slide::Move { from: a, to });
                }
            }
            cells[to] = out[k];
        }
    }
    moved.then_some(gained)
}
