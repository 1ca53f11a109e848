//! The eight symmetries of the square: a wall formation is found on a board in any of them.

use crate::direction::Direction;

/// One of the eight symmetries of the square, as the map from a canonical cell to the board's
/// cell: transpose first, then mirror the rows, then the columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    transpose: bool,
    flip_rows: bool,
    flip_cols: bool,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = {
        let mut all = [Symmetry {
            transpose: false,
            flip_rows: false,
            flip_cols: false,
        }; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Symmetry {
                transpose: i & 4 != 0,
                flip_rows: i & 2 != 0,
                flip_cols: i & 1 != 0,
            };
            i += 1;
        }
        all
    };

    /// The board cell (row-major index) that canonical cell `cell` stands for.
    pub const fn cell(self, cell: u8) -> u8 {
        let (mut r, mut c) = (cell / 4, cell % 4);
        if self.transpose {
            let t = r;
            r = c;
            c = t;
        }
        if self.flip_rows {
            r = 3 - r;
        }
        if self.flip_cols {
            c = 3 - c;
        }
        r * 4 + c
    }

    /// The canonical view of a board given as a nibble per cell.
    pub fn canonical(self, board: u64) -> u64 {
        (0..16u8).fold(0u64, |out, cell| {
            let e = (board >> (4 * u32::from(self.cell(cell)))) & 0xf;
            out | (e << (4 * u32::from(cell)))
        })
    }

    /// The board's move that is `canonical` in the canonical view.
    pub fn direction(self, canonical: Direction) -> Direction {
        let (mut dr, mut dc): (i8, i8) = match canonical {
            Direction::Up => (-1, 0),
            Direction::Down => (1, 0),
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
        };
        if self.transpose {
            (dr, dc) = (dc, dr);
        }
        if self.flip_rows {
            dr = -dr;
        }
        if self.flip_cols {
            dc = -dc;
        }
        match (dr, dc) {
            (-1, 0) => Direction::Up,
            (1, 0) => Direction::Down,
            (0, -1) => Direction::Left,
            _ => Direction::Right,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::search::bitboard::Bitboard;

    #[test]
    fn every_symmetry_maps_moves_as_it_maps_cells() {
        // A board with no symmetry of its own: moving it in the canonical view and mapping back
        // equals moving it on the board by the mapped direction.
        let board = Bitboard(0x0102_0304_0001_2300);
        for sym in Symmetry::ALL {
            let canonical = Bitboard(sym.canonical(board.0));
            for dir in Direction::ALL {
                let moved = canonical.shifted(dir);
                let on_board = board.shifted(sym.direction(dir));
                assert_eq!(sym.canonical(on_board.0), moved.0, "{sym:?} {dir:?}");
            }
        }
        let distinct: std::collections::HashSet<u64> = Symmetry::ALL
            .iter()
            .map(|s| s.canonical(0xfedc_ba98_7654_3210))
            .collect();
        assert_eq!(distinct.len(), 8);
    }
}
