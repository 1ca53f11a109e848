//! A network's shape: which tuples of cells it looks at, and how many tile values each cell
//! tells apart ("levels": exponents at or above `levels - 1` all read as `levels - 1`, which
//! keeps the tables small). Each tuple is looked at in the 8 symmetries of the 4x4 board
//! (4 rotations, each mirrored too), so a network of 4 tuples reads 32 weights per position.
//!
//! [`Features`] precomputes, for every tuple and symmetry, the nibble shifts of its cells on
//! the 64-bit [`Bitboard`](crate::ai::search::bitboard::Bitboard), so that reading a
//! position's weight indices is shifts, masks and multiply-adds only.

use std::fmt;

use crate::ai::search::bitboard::transpose;

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
/// Stages: a network has 1 to 3, so at most 2 thresholds (the weights file's two bytes).
pub const MAX_STAGES: usize = 3;

/// Which cells (0..16, row-major) each tuple reads, how many exponents a cell tells apart, and
/// the stages: from each threshold up (the exponent of the largest tile of the board), a
/// board reads a table of its own for every tuple (multi-stage weights, Jaśkowski 2018), so
/// the late game learns values the early game does not share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    tuples: Vec<Vec<u8>>,
    levels: u8,
    /// The exponents where stage 1, 2 begin, ascending; empty for one stage.
    stages: Vec<u8>,
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
        Ok(Shape {
            tuples,
            levels,
            stages: Vec::new(),
        })
    }

    /// The same tuples with stages beginning where the largest tile reaches each exponent of
    /// `thresholds` (ascending, 1 to 15, at most 2 of them).
    pub fn with_stages(self, thresholds: Vec<u8>) -> Result<Shape, ShapeError> {
        if thresholds.len() >= MAX_STAGES {
            return Err(ShapeError(format!(
                "a network has 1 to {MAX_STAGES} stages, this one {}",
                thresholds.len() + 1
            )));
        }
        if thresholds.iter().any(|&t| !(1..=15).contains(&t))
            || thresholds.windows(2).any(|w| w[0] >= w[1])
        {
            return Err(ShapeError(format!(
                "stage thresholds are ascending tiles from 2 to 32768, got {}",
                thresholds
                    .iter()
                    .map(|&t| (1u64 << t.min(63)).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            )));
        }
        Ok(Shape {
            stages: thresholds,
            ..self
        })
    }

    /// Reads stage thresholds as tiles, `"16384"` or `"8192,16384"`.
    pub fn parse_stages(text: &str) -> Result<Vec<u8>, ShapeError> {
        text.split(',')
            .map(|tile| match tile.trim().parse::<u32>() {
                Ok(v) if v >= 2 && v.is_power_of_two() => Ok(v.trailing_zeros() as u8),
                _ => Err(ShapeError(format!(
                    "{:?} is not a tile (2, 4, ... 32768) in {text:?}",
                    tile.trim()
                ))),
            })
            .collect()
    }

    /// The exponents where stages 1, 2 begin (empty for one stage).
    pub fn stages(&self) -> &[u8] {
        &self.stages
    }

    /// How many stages: 1 more than thresholds.
    pub fn stage_count(&self) -> usize {
        self.stages.len() + 1
    }

    /// The size of each table, stage by stage, tuple by tuple: the order of the weights.
    pub fn tables(&self) -> Vec<usize> {
        let one: Vec<usize> = (0..self.tuples.len()).map(|t| self.entries_of(t)).collect();
        one.repeat(self.stage_count())
    }

    /// Whether a board of its stage can read weight `i`: a stage below the last holds boards
    /// whose every tile is below the next stage's threshold, so its entries with a cell at or
    /// above it are never read (2 in 5 of the 4x6 network's trained entries, from 16384 up).
    pub fn reachable(&self, i: usize) -> bool {
        let stage = i / self.stage_entries();
        let Some(&next) = self.stages.get(stage) else {
            return true;
        };
        let mut at = i % self.stage_entries();
        let levels = usize::from(self.levels);
        for t in 0..self.tuples.len() {
            let size = self.entries_of(t);
            if at < size {
                let cells = self.tuples[t].len() as u32;
                return (0..cells).all(|k| (at / levels.pow(k)) % levels < usize::from(next));
            }
            at -= size;
        }
        unreachable!("an index below the entries")
    }

    /// The stages as the trainer's `--stages` reads them ("16384"), or "" for one stage.
    pub fn describe_stages(&self) -> String {
        self.stages
            .iter()
            .map(|&t| (1u32 << t).to_string())
            .collect::<Vec<_>>()
            .join(",")
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

    /// Weights in one stage's tables.
    pub fn stage_entries(&self) -> usize {
        (0..self.tuples.len()).map(|t| self.entries_of(t)).sum()
    }

    /// Weights in the whole network.
    pub fn entries(&self) -> usize {
        self.stage_entries() * self.stage_count()
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

/// A run of cells that are neighbours both in a tuple and on the board (cells `c, c+1, ...`
/// listed in that order): with 16 levels it is read in one shift and one mask.
#[derive(Clone, Copy, Debug, Default)]
struct Run {
    /// 4 x the run's first cell: where it sits on the board.
    from: u8,
    /// 4 x the run's first digit: where it goes in the index.
    to: u8,
    /// One nibble per cell of the run.
    mask: u32,
}

/// One tuple: its cells, the same cells as runs, and where its table starts in the network's
/// flat array of weights.
#[derive(Clone, Copy, Debug)]
struct Tuple {
    cells: [u8; MAX_TUPLE],
    len: u8,
    runs: [Run; MAX_TUPLE],
    run_count: u8,
    base: u32,
}

impl Tuple {
    fn new(cells: &[u8], base: usize) -> Tuple {
        let mut runs = [Run::default(); MAX_TUPLE];
        let mut run_count = 0;
        for (k, &cell) in cells.iter().enumerate() {
            if k > 0 && cell == cells[k - 1] + 1 {
                let run: &mut Run = &mut runs[run_count - 1];
                run.mask = (run.mask << 4) | 0xf;
            } else {
                runs[run_count] = Run {
                    from: 4 * cell,
                    to: 4 * k as u8,
                    mask: 0xf,
                };
                run_count += 1;
            }
        }
        let mut padded = [0u8; MAX_TUPLE];
        padded[..cells.len()].copy_from_slice(cells);
        Tuple {
            cells: padded,
            len: cells.len() as u8,
            runs,
            run_count: run_count as u8,
            base: base as u32,
        }
    }

    /// The tuple as at most two runs (the second may be empty: mask 0), when it is.
    fn two_runs(&self) -> Option<[Run; 2]> {
        match self.run_count {
            1 => Some([self.runs[0], Run::default()]),
            2 => Some([self.runs[0], self.runs[1]]),
            _ => None,
        }
    }

    /// With 16 levels the index is the tuple's nibbles side by side.
    #[inline(always)]
    fn index16(&self, board: u64) -> u32 {
        let mut index = 0u32;
        for run in &self.runs[..usize::from(self.run_count)] {
            index |= ((board >> run.from) as u32 & run.mask) << run.to;
        }
        index
    }

    #[inline(always)]
    fn index(&self, board: u64, level: &[u8; 16], levels: u32) -> u32 {
        let mut index = 0u32;
        for &cell in self.cells[..usize::from(self.len)].iter().rev() {
            let e = ((board >> (4 * cell)) & 0xf) as usize;
            index = index * levels + u32::from(level[e]);
        }
        index
    }
}

/// The board's 8 images under the symmetries of the square, in the order of
/// [`symmetric_cell`]: image `s` holds at cell `c` what `board` holds at
/// `symmetric_cell(c, s)`, so that reading a tuple's cells on image `s` reads the tuple
/// turned by `s` on the board. Shifts and masks only.
#[inline(always)]
pub fn symmetries(board: u64) -> [u64; 8] {
    // Rows upside down (row r from row 3 - r).
    let flip = |x: u64| {
        ((x & 0xFFFF) << 48) | ((x & 0xFFFF_0000) << 16) | ((x >> 16) & 0xFFFF_0000) | (x >> 48)
    };
    // Columns right to left (column c from column 3 - c).
    let mirror = |x: u64| {
        let x = ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4) | ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F);
        ((x & 0x00FF_00FF_00FF_00FF) << 8) | ((x >> 8) & 0x00FF_00FF_00FF_00FF)
    };
    let t = transpose(board);
    let ft = flip(t);
    let fb = flip(board);
    [
        board,
        ft,
        mirror(fb),
        mirror(t),
        mirror(board),
        t,
        fb,
        mirror(ft),
    ]
}

/// Every feature (tuple x symmetry) of a shape, ready to turn a bitboard into weight indices.
///
/// A tuple's index reads its cells as digits, the first cell the lowest: with L levels,
/// `sum level(cell k) x L^k`. With 16 levels that is the cells' nibbles side by side, so a
/// tuple whose cells run along the board (`0,1,2,3,4,5`) is read with one shift and mask, and
/// the 8 symmetries are 8 images of the board computed once.
#[derive(Clone, Debug)]
pub struct Features {
    tuples: Vec<Tuple>,
    /// With 16 levels, every tuple as two runs when each is at most two (Yeh's are): then the
    /// 8 images are read with the same shifts, a loop the compiler unrolls and vectorises.
    two_runs: Option<Vec<[Run; 2]>>,
    /// The level of each exponent 0..16: `min(e, levels - 1)`.
    level: [u8; 16],
    levels: u32,
    /// Weights in all (every index is below it).
    entries: usize,
    /// The stages' thresholds (exponents) and one stage's weights: a board of stage s reads
    /// its tables s x `stage_entries` further on.
    stages: Vec<u8>,
    stage_entries: u32,
}

impl Features {
    pub fn new(shape: &Shape) -> Features {
        let mut tuples = Vec::with_capacity(shape.tuples.len());
        let mut base = 0usize;
        for (t, cells) in shape.tuples.iter().enumerate() {
            tuples.push(Tuple::new(cells, base));
            base += shape.entries_of(t);
        }
        let top = shape.levels - 1;
        let two_runs = (shape.levels == 16)
            .then(|| {
                tuples
                    .iter()
                    .map(Tuple::two_runs)
                    .collect::<Option<Vec<_>>>()
            })
            .flatten();
        Features {
            two_runs,
            tuples,
            level: std::array::from_fn(|e| (e as u8).min(top)),
            levels: u32::from(shape.levels),
            entries: shape.entries(),
            stages: shape.stages.clone(),
            stage_entries: shape.stage_entries() as u32,
        }
    }

    /// Which stage `board` is in: how many thresholds its largest tile reaches.
    #[inline]
    pub fn stage(&self, board: u64) -> usize {
        if self.stages.is_empty() {
            return 0;
        }
        let top = crate::ai::search::bitboard::Bitboard(board).max_exponent();
        self.stages.iter().filter(|&&t| top >= t).count()
    }

    /// How many weights the network has: every index [`Features::indices`] writes is below.
    pub fn entries(&self) -> usize {
        self.entries
    }

    /// How many weights a position reads (tuples x 8).
    pub fn count(&self) -> usize {
        self.tuples.len() * 8
    }

    /// Writes the index (into the flat weights) of every feature of `board` to `out`, tuple
    /// by tuple, the 8 symmetries of each in the order of [`symmetric_cell`], and returns how
    /// many there are.
    #[inline]
    pub fn indices(&self, board: u64, out: &mut [u32; MAX_FEATURES]) -> usize {
        let images = symmetries(board);
        let mut k = 0;
        if let Some(runs) = &self.two_runs {
            for (tuple, [a, b]) in self.tuples.iter().zip(runs) {
                let slots: &mut [u32; 8] = (&mut out[k..k + 8])
                    .try_into()
                    .unwrap_or_else(|_| unreachable!("8 slots"));
                for (slot, &image) in slots.iter_mut().zip(&images) {
                    let low = (image >> a.from) as u32 & a.mask;
                    let high = ((image >> b.from) as u32 & b.mask) << b.to;
                    *slot = tuple.base + (low | high);
                }
                k += 8;
            }
        } else if self.levels == 16 {
            for tuple in &self.tuples {
                for &image in &images {
                    out[k] = tuple.base + tuple.index16(image);
                    k += 1;
                }
            }
        } else {
            for tuple in &self.tuples {
                for &image in &images {
                    out[k] = tuple.base + tuple.index(image, &self.level, self.levels);
                    k += 1;
                }
            }
        }
        let stage = self.stage(board) as u32;
        if stage > 0 {
            let offset = stage * self.stage_entries;
            out[..k].iter_mut().for_each(|i| *i += offset);
        }
        k
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
        // Row 0 holds exponents 1, 2, 3, 12 (capped at 9): the first cell is the lowest digit.
        let board = 1 | (2 << 4) | (3 << 8) | (12u64 << 12);
        let mut out = [0; MAX_FEATURES];
        assert_eq!(features.indices(board, &mut out), 8);
        assert_eq!(out[0], ((9 * 10 + 3) * 10 + 2) * 10 + 1);
        // The mirror (symmetry 4) reads the row from the right.
        assert_eq!(out[4], ((10 + 2) * 10 + 3) * 10 + 9);
    }

    /// The index every feature should have, cell by cell from `symmetric_cell`.
    fn slow_indices(shape: &Shape, board: u64) -> Vec<u32> {
        let levels = u32::from(shape.levels());
        let mut out = Vec::new();
        let mut base = 0;
        for (t, tuple) in shape.tuples().iter().enumerate() {
            for s in 0..8 {
                let mut index = 0;
                for &cell in tuple.iter().rev() {
                    let e = (board >> (4 * symmetric_cell(cell, s))) & 0xf;
                    index = index * levels + (e as u32).min(levels - 1);
                }
                out.push(base + index);
            }
            base += shape.entries_of(t) as u32;
        }
        out
    }

    #[test]
    fn fast_indices_agree_with_reading_each_cell_under_each_symmetry() {
        let shapes = [
            Shape::yeh_4x6(16),
            Shape::yeh_4x6(14),
            Shape::small_4x4(16),
            Shape::parse("5,1,2,3,15,0;3,2,1,0;7,11,12,13,14", 16).unwrap(),
            Shape::parse("5,1,2,3,15,0;3,2,1,0", 11).unwrap(),
        ];
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..500 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for shape in &shapes {
                let features = Features::new(shape);
                let mut out = [0; MAX_FEATURES];
                let n = features.indices(x, &mut out);
                assert_eq!(out[..n], slow_indices(shape, x)[..], "{}", shape.describe());
            }
        }
    }
}

#[cfg(test)]
mod stage_tests {
    use super::*;

    /// Boards by their largest tile's exponent, the rest of the board alike.
    fn board_topped(top: u64) -> u64 {
        0x0000_1234_0213_0000 | top
    }

    #[test]
    fn a_board_reads_the_tables_of_the_stage_its_largest_tile_reaches() {
        let one = Shape::yeh_4x6(16);
        let two = one.clone().with_stages(vec![14]).unwrap();
        let three = one.clone().with_stages(vec![13, 14]).unwrap();
        assert_eq!(two.entries(), 2 * one.entries());
        assert_eq!(three.tables().len(), 3 * 4);
        let (f1, f2, f3) = (
            Features::new(&one),
            Features::new(&two),
            Features::new(&three),
        );
        let read = |f: &Features, board| {
            let mut out = [0; MAX_FEATURES];
            let n = f.indices(board, &mut out);
            out[..n].to_vec()
        };
        let stage = one.entries() as u32;
        for (top, in_two, in_three) in [(12, 0, 0), (13, 0, 1), (14, 1, 2), (15, 1, 2)] {
            let board = board_topped(top);
            let base = read(&f1, board);
            let shifted = |s: u32| base.iter().map(|i| i + s * stage).collect::<Vec<_>>();
            assert_eq!(
                read(&f2, board),
                shifted(in_two),
                "2 stages, exponent {top}"
            );
            assert_eq!(
                read(&f3, board),
                shifted(in_three),
                "3 stages, exponent {top}"
            );
            assert!(read(&f3, board)
                .iter()
                .all(|&i| (i as usize) < three.entries()));
        }
    }

    #[test]
    fn a_stage_below_the_last_never_reads_a_tile_from_the_next_threshold_up() {
        let one = Shape::yeh_4x6(16);
        let shape = one.clone().with_stages(vec![13, 14]).unwrap();
        let features = Features::new(&shape);
        let mut read = vec![false; shape.entries()];
        let mut out = [0; MAX_FEATURES];
        // Boards of every stage, tiles 0..=15 at every cell, pseudo-random.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = features.indices(x, &mut out);
            for &i in &out[..n] {
                read[i as usize] = true;
            }
        }
        assert!(read
            .iter()
            .enumerate()
            .all(|(i, &r)| !r || shape.reachable(i)));
        // Stage 0 (below 8192): an entry with a 4096 is reachable, with an 8192 not; the last
        // stage reads any.
        assert!(shape.reachable(12) && !shape.reachable(13));
        assert!(!shape.reachable(shape.stage_entries() + 14));
        assert!(shape.reachable(shape.stage_entries() + 13));
        assert!(shape.reachable(2 * shape.stage_entries() + 15));
        // A one-stage network reads every entry.
        assert!((0..one.entries()).step_by(4097).all(|i| one.reachable(i)));
    }

    #[test]
    fn stages_are_read_as_tiles_and_bad_ones_refused() {
        assert_eq!(Shape::parse_stages("16384").unwrap(), vec![14]);
        assert_eq!(Shape::parse_stages("8192, 16384").unwrap(), vec![13, 14]);
        assert!(Shape::parse_stages("1000")
            .unwrap_err()
            .0
            .contains("\"1000\""));
        let shape = || Shape::yeh_4x6(16);
        assert!(shape()
            .with_stages(vec![14, 13])
            .unwrap_err()
            .0
            .contains("ascending"));
        assert!(shape()
            .with_stages(vec![12, 13, 14])
            .unwrap_err()
            .0
            .contains("1 to 3 stages"));
        assert!(shape().with_stages(vec![16]).is_err());
        assert_eq!(
            shape().with_stages(vec![13, 14]).unwrap().describe_stages(),
            "8192,16384"
        );
    }
}
