//! A network's shape: which tuples of cells it looks at, and how many tile values each cell
//! tells apart ("levels": exponents at or above `levels - 1` all read as `levels - 1`, which
//! keeps the tables small). Each tuple is looked at in the 8 symmetries of the 4x4 board
//! (4 rotations, each mirrored too), so a network of 4 tuples reads 32 weights per position.
//!
//! [`Features`] precomputes, for every tuple and symmetry, the nibble shifts of its cells on
//! the 64-bit [`Bitboard`](crate::ai::search::bitboard::Bitboard), so that reading a
//! position's weight indices is shifts, masks and multiply-adds only.

use std::fmt;

/// The fewest and most cells in a tuple.
pub const MIN_TUPLE: usize = 4;
pub const MAX_TUPLE: usize = 6;
/// At most this many tuples (8 symmetries each: 128 weights read per position).
pub const MAX_TUPLES: usize = 16;
/// The most features (tuple x symmetry) a shape can have.
pub const MAX_FEATURES: usize = MAX_TUPLES * 8;
/// Levels: 2 (empty or not) up to 16 (every exponent a nibble holds, to 32,768).
pub const MIN_LEVELS: u8 = 2;
pub const MAX_LEVELS: u8 = 16;

/// Which cells (0..16, row-major) each tuple reads, and how many exponents a cell tells apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    tuples: Vec<Vec<u8>>,
    levels: u8,
}

/// Why a shape is not one a network can have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeError(pub String);

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShapeError {}

impl Shape {
    /// A shape after checking it: 1 to 16 tuples of 4 to 6 distinct cells below 16, 2 to 16
    /// levels.
    pub fn new(tuples: Vec<Vec<u8>>, levels: u8) -> Result<Shape, ShapeError> {
        if tuples.is_empty() || tuples.len() > MAX_TUPLES {
            return Err(ShapeError(format!(
                "a network has 1 to {MAX_TUPLES} tuples, this one {}",
                tuples.len()
            )));
        }
        for (t, tuple) in tuples.iter().enumerate() {
            if !(MIN_TUPLE..=MAX_TUPLE).contains(&tuple.len()) {
                return Err(ShapeError(format!(
                    "tuple {} has {} cells: a tuple has {MIN_TUPLE} to {MAX_TUPLE}",
                    t + 1,
                    tuple.len()
                )));
            }
            if let Some(&cell) = tuple.iter().find(|&&c| c >= 16) {
                return Err(ShapeError(format!(
                    "tuple {} names cell {cell}: cells are 0 to 15 (row by row)",
                    t + 1
                )));
            }
            for (i, c) in tuple.iter().enumerate() {
                if tuple[..i].contains(c) {
                    return Err(ShapeError(format!("tuple {} names cell {c} twice", t + 1)));
                }
            }
        }
        if !(MIN_LEVELS..=MAX_LEVELS).contains(&levels) {
            return Err(ShapeError(format!(
                "levels must be {MIN_LEVELS} to {MAX_LEVELS}, got {levels}"
            )));
        }
        Ok(Shape { tuples, levels })
    }

    /// The four 6-tuples of Yeh et al. 2016 (also ziap/2048-tdl's): a row and two cells of
    /// the next, for the edge and the second row, and a 2x3 rectangle at the edge and inside.
    pub fn yeh_4x6(levels: u8) -> Shape {
        Shape::new(
            vec![
                vec![0, 1, 2, 3, 4, 5],
                vec![4, 5, 6, 7, 8, 9],
                vec![0, 1, 2, 4, 5, 6],
                vec![4, 5, 6, 8, 9, 10],
            ],
            levels,
        )
        .unwrap_or_else(|e| unreachable!("a fixed shape: {e}"))
    }

    /// Two straight and two square 4-tuples: a small network (a few hundred KB) that learns
    /// in minutes.
    pub fn small_4x4(levels: u8) -> Shape {
        Shape::new(
            vec![
                vec![0, 1, 2, 3],
                vec![4, 5, 6, 7],
                vec![0, 1, 4, 5],
                vec![1, 2, 5, 6],
            ],
            levels,
        )
        .unwrap_or_else(|e| unreachable!("a fixed shape: {e}"))
    }

    /// Reads `"0,1,2,3,4,5;4,5,6,7,8,9"` (tuples separated by `;`, cells by `,`) or a name:
    /// `4x6` (Yeh's four 6-tuples), `4x4` (the small one).
    pub fn parse(text: &str, levels: u8) -> Result<Shape, ShapeError> {
        match text.trim() {
            "4x6" => return Shape::new(Shape::yeh_4x6(levels).tuples, levels),
            "4x4" => return Shape::new(Shape::small_4x4(levels).tuples, levels),
            _ => {}
        }
        let tuples = text
            .split(';')
            .map(|tuple| {
                tuple
                    .split(',')
                    .map(|cell| {
                        cell.trim().parse::<u8>().map_err(|_| {
                            ShapeError(format!(
                                "{:?} is not a cell number (0 to 15) in {text:?}",
                                cell.trim()
                            ))
                        })
                    })
                    .collect::<Result<Vec<u8>, ShapeError>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Shape::new(tuples, levels)
    }

    pub fn tuples(&self) -> &[Vec<u8>] {
        &self.tuples
    }

    pub fn levels(&self) -> u8 {
        self.levels
    }

    /// Weights in tuple `t`'s table: levels^cells.
    pub fn entries_of(&self, t: usize) -> usize {
        (self.levels as usize).pow(self.tuples[t].len() as u32)
    }

    /// Weights in the whole network.
    pub fn entries(&self) -> usize {
        (0..self.tuples.len()).map(|t| self.entries_of(t)).sum()
    }

    /// The shape as [`Shape::parse`] reads it.
    pub fn describe(&self) -> String {
        self.tuples
            .iter()
            .map(|t| {
                t.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join(";")
    }
}

/// Cell `cell` (row-major) under symmetry `s` (0..8): the 4 rotations, then each mirrored.
pub fn symmetric_cell(cell: u8, s: usize) -> u8 {
    let (r, c) = (cell / 4, cell % 4);
    let (r, c) = match s {
        0 => (r, c),
        1 => (c, 3 - r),
        2 => (3 - r, 3 - c),
        3 => (3 - c, r),
        4 => (r, 3 - c),
        5 => (c, r),
        6 => (3 - r, c),
        _ => (3 - c, 3 - r),
    };
    r * 4 + c
}

/// One tuple under one symmetry: where its cells sit on the bitboard, and where its table
/// starts in the network's flat array of weights.
#[derive(Clone, Copy, Debug)]
struct Feature {
    shifts: [u8; MAX_TUPLE],
    len: u8,
    base: u32,
}

/// Every feature of a shape, ready to turn a bitboard into weight indices.
#[derive(Clone, Debug)]
pub struct Features {
    features: Vec<Feature>,
    /// The level of each exponent 0..16: `min(e, levels - 1)`.
    level: [u8; 16],
    levels: usize,
}

impl Features {
    pub fn new(shape: &Shape) -> Features {
        let mut features = Vec::with_capacity(shape.tuples.len() * 8);
        let mut base = 0usize;
        for (t, tuple) in shape.tuples.iter().enumerate() {
            for s in 0..8 {
                let mut shifts = [0u8; MAX_TUPLE];
                for (k, &cell) in tuple.iter().enumerate() {
                    shifts[k] = 4 * symmetric_cell(cell, s);
                }
                features.push(Feature {
                    shifts,
                    len: tuple.len() as u8,
                    base: base as u32,
                });
            }
            base += shape.entries_of(t);
        }
        let top = shape.levels - 1;
        Features {
            features,
            level: std::array::from_fn(|e| (e as u8).min(top)),
            levels: usize::from(shape.levels),
        }
    }

    /// How many weights a position reads (tuples x 8).
    pub fn count(&self) -> usize {
        self.features.len()
    }

    /// Writes the index (into the flat weights) of every feature of `board` to `out` and
    /// returns how many there are.
    #[inline]
    pub fn indices(&self, board: u64, out: &mut [u32; MAX_FEATURES]) -> usize {
        for (slot, f) in out.iter_mut().zip(&self.features) {
            let mut index = 0usize;
            for &shift in &f.shifts[..usize::from(f.len)] {
                let e = ((board >> shift) & 0xf) as usize;
                index = index * self.levels + usize::from(self.level[e]);
            }
            *slot = f.base + index as u32;
        }
        self.features.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_eight_distinct_permutations() {
        let mut seen = Vec::new();
        for s in 0..8 {
            let image: Vec<u8> = (0..16).map(|c| symmetric_cell(c, s)).collect();
            let mut sorted = image.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..16).collect::<Vec<u8>>(), "symmetry {s}");
            assert!(!seen.contains(&image), "symmetry {s} repeats another");
            seen.push(image);
        }
    }

    #[test]
    fn bad_shapes_are_refused_with_the_reason() {
        let err = |text: &str, levels| Shape::parse(text, levels).unwrap_err().0;
        assert!(err("0,1,2", 16).contains("3 cells"));
        assert!(err("0,1,2,3,4,5,6", 16).contains("7 cells"));
        assert!(err("0,1,2,16", 16).contains("cell 16"));
        assert!(err("0,1,2,2", 16).contains("twice"));
        assert!(err("0,1,x,3", 16).contains("\"x\""));
        assert!(err("0,1,2,3", 17).contains("levels"));
        assert!(Shape::parse("4x6", 14).is_ok());
        assert_eq!(Shape::parse("4x4", 16).unwrap().entries(), 4 * 65_536);
    }

    #[test]
    fn indices_read_the_tuple_cells_in_order_with_capped_levels() {
        let shape = Shape::parse("0,1,2,3", 10).unwrap();
        let features = Features::new(&shape);
        // Row 0 holds exponents 1, 2, 3, 12 (capped at 9).
        let board = 1 | (2 << 4) | (3 << 8) | (12u64 << 12);
        let mut out = [0; MAX_FEATURES];
        assert_eq!(features.indices(board, &mut out), 8);
        assert_eq!(out[0], ((10 + 2) * 10 + 3) * 10 + 9);
        // The mirror (symmetry 4) reads the row from the right.
        assert_eq!(out[4], ((9 * 10 + 3) * 10 + 2) * 10 + 1);
    }
}
