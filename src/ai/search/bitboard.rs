//! The 4x4 hot path: a whole board in one `u64`, one nibble per cell (cell `i` = row-major
//! index, bits `4i..4i+4`), and 65,536-entry row tables built once, so that a move is four
//! table lookups (two transposes more for up and down).
//!
//! A nibble holds exponents 0..=15, i.e. tiles up to 32,768. Two 32,768 tiles would merge
//! into 65,536, which a nibble cannot hold, so the tables never merge two 15s (they stay side
//! by side) and [`Bitboard::is_exact_for`] tells the search whether a position is far enough
//! from 65,536 for that never to matter; positions that are not (and any board already
//! holding 2^16 or 2^17) go to the generic search instead, which stores a byte per cell.

use std::sync::OnceLock;

use super::position::Position;
use crate::direction::Direction;

/// The largest exponent a nibble holds: 2^15 = 32,768.
pub const NIBBLE_MAX: u8 = 15;

/// One nibble per cell: the lowest four bits hold cell 0 (top left), row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

/// A value for every 16-bit row. Fixed-size, so that indexing with a `u16` needs no bounds
/// check (which the hot loops would otherwise pay for, in WebAssembly most of all).
pub(crate) type RowArray<T> = Box<[T; 1 << 16]>;

/// A [`RowArray`] filled by `f(row)`.
pub(crate) fn row_array<T: Copy + Default>(f: impl Fn(u16) -> T) -> RowArray<T> {
    let mut out: RowArray<T> = vec![T::default(); 1 << 16]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector holds 2^16 values"));
    for row in 0..=u16::MAX {
        out[usize::from(row)] = f(row);
    }
    out
}

struct MoveTables {
    left: RowArray<u16>,
    right: RowArray<u16>,
}

static MOVE_TABLES: OnceLock<MoveTables> = OnceLock::new();

fn move_tables() -> &'static MoveTables {
    MOVE_TABLES.get_or_init(|| MoveTables {
        left: row_array(|row| pack_row(slide_line_left(unpack_row(row)))),
        right: row_array(|row| {
            let [a, b, c, d] = unpack_row(row);
            let moved = slide_line_left([d, c, b, a]);
            pack_row([moved[3], moved[2], moved[1], moved[0]])
        }),
    })
}

/// The four exponents of a 16-bit row, nearest the left wall first.
pub fn unpack_row(row: u16) -> [u8; 4] {
    [0, 1, 2, 3].map(|c| ((row >> (4 * c)) & 0xf) as u8)
}

pub fn pack_row(line: [u8; 4]) -> u16 {
    line.iter()
        .enumerate()
        .fold(0u16, |row, (c, &e)| row | (u16::from(e & 0xf) << (4 * c)))
}

/// One row moved left by the game's rules. Two 15s do not merge (see the module comment).
fn slide_line_left(line: [u8; 4]) -> [u8; 4] {
    let mut out = [0u8; 4];
    let mut filled = 0;
    let mut can_merge = false;
    for e in line.into_iter().filter(|&e| e != 0) {
        if can_merge && out[filled - 1] == e && e < NIBBLE_MAX {
            out[filled - 1] = e + 1;
            can_merge = false;
        } else {
            out[filled] = e;
            filled += 1;
            can_merge = true;
        }
    }
    out
}

/// Swaps rows and columns: cell (r, c) goes to (c, r).
#[inline]
pub fn transpose(x: u64) -> u64 {
    let a1 = x & 0xF0F0_0F0F_F0F0_0F0F;
    let a2 = x & 0x0000_F0F0_0000_F0F0;
    let a3 = x & 0x0F0F_0000_0F0F_0000;
    let a = a1 | (a2 << 12) | (a3 >> 12);
    let b1 = a & 0xFF00_FF00_00FF_00FF;
    let b2 = a & 0x00FF_00FF_0000_0000;
    let b3 = a & 0x0000_0000_FF00_FF00;
    b1 | (b2 >> 24) | (b3 << 24)
}

#[inline]
fn rows_through(x: u64, table: &[u16; 1 << 16]) -> u64 {
    let row = |r: u32| u64::from(table[usize::from((x >> (16 * r)) as u16)]) << (16 * r);
    row(0) | row(1) | row(2) | row(3)
}

impl Bitboard {
    /// Packs exponents (row-major, 16 of them); None when one does not fit in a nibble.
    pub fn from_exponents(cells: &[u8]) -> Option<Bitboard> {
        if cells.len() != 16 || cells.iter().any(|&e| e > NIBBLE_MAX) {
            return None;
        }
        let bits = cells
            .iter()
            .enumerate()
            .fold(0u64, |b, (i, &e)| b | (u64::from(e) << (4 * i)));
        Some(Bitboard(bits))
    }

    pub fn to_exponents(self) -> [u8; 16] {
        std::array::from_fn(|i| ((self.0 >> (4 * i)) & 0xf) as u8)
    }

    /// True when no move sequence within `plies` moves (each followed by a spawn of at most 4)
    /// can merge two 32,768 tiles: that needs a tile sum of at least 65,536.
    pub fn is_exact_for(cells: &[u8], plies: u32) -> bool {
        if cells.len() != 16 || cells.iter().any(|&e| e > NIBBLE_MAX) {
            return false;
        }
        let sum: u64 = cells
            .iter()
            .map(|&e| if e == 0 { 0 } else { 1u64 << e })
            .sum();
        sum + 4 * u64::from(plies) < 1 << 16
    }

    /// The board after `dir` (the same board when nothing moves).
    #[inline]
    pub fn shifted(self, dir: Direction) -> Bitboard {
        let t = move_tables();
        Bitboard(match dir {
            Direction::Left => rows_through(self.0, &t.left),
            Direction::Right => rows_through(self.0, &t.right),
            Direction::Up => transpose(rows_through(transpose(self.0), &t.left)),
            Direction::Down => transpose(rows_through(transpose(self.0), &t.right)),
        })
    }

    /// The board after each move of [`Direction::ALL`] (the same board where nothing moves):
    /// [`Bitboard::shifted`] four times, transposing once for up and down together.
    #[inline]
    pub fn shifted_all(self) -> [Bitboard; 4] {
        let t = move_tables();
        let columns = transpose(self.0);
        let mut out = [self; 4];
        for dir in Direction::ALL {
            out[dir.index()] = Bitboard(match dir {
                Direction::Left => rows_through(self.0, &t.left),
                Direction::Right => rows_through(self.0, &t.right),
                Direction::Up => transpose(rows_through(columns, &t.left)),
                Direction::Down => transpose(rows_through(columns, &t.right)),
            });
        }
        out
    }

    /// `score(board)` for the board after each move of [`Direction::ALL`] (None where nothing
    /// moves), where `score(x)` sees the board as `x` and as `transpose(x)`: the evaluation
    /// of every child at five transposes rather than seven.
    #[inline]
    pub(crate) fn map_moves(self, score: impl Fn(u64, u64) -> f64) -> [Option<f64>; 4] {
        let t = move_tables();
        let columns = transpose(self.0);
        let mut out = [None; 4];
        for dir in Direction::ALL {
            out[dir.index()] = match dir {
                Direction::Left | Direction::Right => {
                    let table = if dir == Direction::Left {
                        &t.left
                    } else {
                        &t.right
                    };
                    let next = rows_through(self.0, table);
                    (next != self.0).then(|| score(next, transpose(next)))
                }
                Direction::Up | Direction::Down => {
                    let table = if dir == Direction::Up {
                        &t.left
                    } else {
                        &t.right
                    };
                    let next = rows_through(columns, table);
                    (next != columns).then(|| score(transpose(next), next))
                }
            };
        }
        out
    }

    /// One bit per empty cell, at bit `4i` for cell `i`.
    #[inline]
    pub fn empty_mask(self) -> u64 {
        let x = self.0;
        !(x | (x >> 1) | (x >> 2) | (x >> 3)) & 0x1111_1111_1111_1111
    }

    #[inline]
    pub fn empty_count(self) -> u32 {
        self.empty_mask().count_ones()
    }

    /// The largest tile's exponent (0 on an empty board).
    #[inline]
    pub fn max_exponent(self) -> u8 {
        (0..16)
            .map(|i| (self.0 >> (4 * i)) as u8 & 15)
            .max()
            .unwrap_or(0)
    }

    /// How many different tile values are on the board.
    pub fn distinct_tiles(self) -> u32 {
        let mut seen = 0u32;
        let mut x = self.0;
        while x != 0 {
            seen |= 1 << (x & 0xf);
            x >>= 4;
        }
        (seen & !1).count_ones()
    }

    /// Builds the move tables now rather than on first use.
    pub fn warm_up() {
        move_tables();
    }

    /// Whether the move tables are built.
    pub fn tables_built() -> bool {
        MOVE_TABLES.get().is_some()
    }
}

impl Position for Bitboard {
    #[inline]
    fn after(self, dir: Direction) -> Option<Self> {
        let next = self.shifted(dir);
        (next != self).then_some(next)
    }

    #[inline]
    fn children(self) -> [Option<Self>; 4] {
        self.shifted_all()
            .map(|next| (next != self).then_some(next))
    }

    #[inline]
    fn empty_slots(self) -> u64 {
        self.empty_mask()
    }

    #[inline]
    fn with_tile(self, slot: u32, exponent: u8) -> Self {
        Bitboard(self.0 | (u64::from(exponent) << slot))
    }

    #[inline]
    fn key(self) -> u64 {
        self.0
    }
}
