//! Formations: where the large tiles sit while the small ones build the next link of the
//! chain. A formation is a prefix of a path in its canonical orientation, the snake's (along the
//! top row, back along the second, and so on) or the parallel one's (the second row the same way
//! as the first): its first `fixed` cells hold the large tiles, the next cell on the path is the
//! goal, where a tile equal to the chain's end must appear. On a real board a formation is found
//! in any of the eight symmetries ([`Symmetry`]).

use crate::direction::Direction;

/// The snake path from the top-left corner, as row-major cell indices: the top row left to
/// right, the second right to left, the third left to right, the last right to left.
pub const SNAKE: [u8; 16] = [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 15, 14, 13, 12];

/// The parallel path: the top row and the second left to right, then back along the third and
/// on along the last. Once the top row is whole the player builds its second row from the
/// corner's side (docs/ai.md, "The endgame screen"); the goal at the second row's far end
/// collapses the row onto the top row's end.
pub const PARALLEL: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 11, 10, 9, 8, 12, 13, 14, 15];

/// The fewest and most large tiles a formation fixes: with fewer than 6 the sub-game's free
/// cells (11 or more) hold more states than these machines can tabulate; with more than 12
/// fewer than four cells are left to play in.
pub const MIN_FIXED: usize = 6;
pub const MAX_FIXED: usize = 12;

/// The fewest a parallel formation fixes: with 7 the goal is the second row's far end; with
/// fewer the goal's tile would sit mid-row, and collapsing it runs towards the corner.
pub const MIN_PARALLEL: usize = 7;

/// The path a formation's large tiles follow; the snake's orders first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Layout {
    Snake,
    Parallel,
}

impl Layout {
    /// Each layout by the name its formations carry (`snake-7`, `parallel-7`).
    pub const ALL: [Layout; 2] = [Layout::Snake, Layout::Parallel];

    pub fn name(self) -> &'static str {
        match self {
            Layout::Snake => "snake",
            Layout::Parallel => "parallel",
        }
    }

    pub const fn path(self) -> &'static [u8; 16] {
        match self {
            Layout::Snake => &SNAKE,
            Layout::Parallel => &PARALLEL,
        }
    }

    /// The fewest large tiles its formations fix.
    pub fn min_fixed(self) -> usize {
        match self {
            Layout::Snake => MIN_FIXED,
            Layout::Parallel => MIN_PARALLEL,
        }
    }
}

/// The first `fixed` cells of a layout's path hold large tiles; the next one is the goal.
/// Formations order by layout, then by fixed tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Formation {
    layout: Layout,
    fixed: usize,
}

impl Formation {
    /// The snake formation with `fixed` large tiles (MIN_FIXED..=MAX_FIXED), None outside that.
    pub fn snake(fixed: usize) -> Option<Formation> {
        Formation::new(Layout::Snake, fixed)
    }

    /// The formation of `layout` with `fixed` large tiles (its min_fixed..=MAX_FIXED), None
    /// outside that.
    pub fn new(layout: Layout, fixed: usize) -> Option<Formation> {
        (layout.min_fixed()..=MAX_FIXED)
            .contains(&fixed)
            .then_some(Formation { layout, fixed })
    }

    /// The formation a name gives (`snake-7`, `parallel-8`), None for any other.
    pub fn named(name: &str) -> Option<Formation> {
        let (layout, fixed) = name.split_once('-')?;
        let layout = Layout::ALL.into_iter().find(|l| l.name() == layout)?;
        Formation::new(layout, fixed.parse().ok()?)
    }

    pub fn layout(self) -> Layout {
        self.layout
    }

    /// How many large tiles it fixes.
    pub fn fixed_count(self) -> usize {
        self.fixed
    }

    /// The fixed cells in chain order (canonical, row-major indices); the last is the chain's end.
    pub fn fixed(self) -> &'static [u8] {
        &self.layout.path()[..self.fixed]
    }

    /// The cell beside the chain's end where the next tile of the chain is to be built.
    pub fn goal(self) -> u8 {
        self.layout.path()[self.fixed]
    }

    /// The cells the small tiles play in, in ascending order.
    pub fn free(self) -> Vec<u8> {
        let mut free: Vec<u8> = self.layout.path()[self.fixed..].to_vec();
        free.sort_unstable();
        free
    }

    /// The largest chain-end exponent a table of this formation can have: the sub-game keeps
    /// the fixed tiles apart as exponents 15 down to `16 - fixed`, all above every free tile.
    pub fn max_target(self) -> u8 {
        (15 - self.fixed) as u8
    }

    /// The chain's end's exponent (the target of the sub-game that builds on it) when the
    /// canonical board `c` (a nibble per cell) is in this formation: the fixed cells hold a
    /// chain, each tile larger than the next along the path, so that the goal's tile, once
    /// built, merges down the whole chain; every free tile is at most the chain's end and the
    /// goal's below it. None otherwise.
    pub fn target_in(self, c: u64) -> Option<u8> {
        let nibble = |cell: u8| ((c >> (4 * u32::from(cell))) & 0xf) as u8;
        let chain = self.fixed();
        let descending = chain.windows(2).all(|w| nibble(w[0]) > nibble(w[1]));
        let target = nibble(chain[self.fixed - 1]);
        let free_fit = self.layout.path()[self.fixed..]
            .iter()
            .all(|&cell| nibble(cell) <= target);
        (descending && target > 0 && free_fit && nibble(self.goal()) < target).then_some(target)
    }

    /// Its name in files and messages: `snake-7` for seven fixed tiles along the snake.
    pub fn name(self) -> String {
        format!("{}-{}", self.layout.name(), self.fixed)
    }
}

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

    #[test]
    fn a_snake_formation_splits_the_board_into_fixed_goal_and_free() {
        let f = Formation::snake(7).unwrap();
        assert_eq!(f.fixed(), &[0, 1, 2, 3, 7, 6, 5]);
        assert_eq!(f.goal(), 4);
        assert_eq!(f.free(), vec![4, 8, 9, 10, 11, 12, 13, 14, 15]);
        assert_eq!(f.max_target(), 8);
        assert!(Formation::snake(5).is_none() && Formation::snake(13).is_none());
        assert_eq!(Formation::named("snake-7"), Some(f));
    }

    #[test]
    fn a_parallel_formation_runs_its_second_row_from_the_corner_side() {
        let f = Formation::new(Layout::Parallel, 7).unwrap();
        assert_eq!(f.fixed(), &[0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(f.goal(), 7);
        assert_eq!(f.free(), vec![7, 8, 9, 10, 11, 12, 13, 14, 15]);
        assert_eq!(f.name(), "parallel-7");
        assert_eq!(Formation::named("parallel-7"), Some(f));
        assert_eq!(Formation::new(Layout::Parallel, 8).unwrap().goal(), 11);
        assert!(Formation::named("parallel-6").is_none() && Formation::named("spiral-7").is_none());
        // 16384 8192 4096 2048 / 1024 512 256 _ : the goal builds 256 beside the chain's end.
        let rows: [[u64; 4]; 4] = [[14, 13, 12, 11], [10, 9, 8, 0], [1, 2, 0, 0], [0, 0, 3, 1]];
        let c = rows
            .iter()
            .flatten()
            .enumerate()
            .fold(0, |b, (i, &e)| b | e << (4 * i));
        assert_eq!(f.target_in(c), Some(8));
        assert_eq!(Formation::snake(7).unwrap().target_in(c), None);
    }
}
