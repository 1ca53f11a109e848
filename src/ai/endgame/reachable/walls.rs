//! A wall formation's sub-game: six large tiles stand as walls in fixed cells, the small tiles
//! play in the ten free cells, and the sub-game is won when a free cell holds the target tile
//! (`2^target`), wherever it is; it is lost when no move keeps every wall in place.
//!
//! The walls are masked: any six tiles of at least the target stand in for one another, each
//! as the nibble 15, which never merges (two 15s stay side by side in the row tables, and no
//! free tile reaches 15). So one table serves a formation whose walls are 16384 down to 512
//! and one whose walls are 32768 down to 1024. A move is legal in the sub-game when it changes
//! the board and every wall cell still holds a wall.
//!
//! A position is the free cells' nibbles packed into a key, the first free cell lowest. Every
//! move keeps the free tiles' sum and every spawn adds 2 or 4 to it, so positions fall in
//! layers by that sum (in 2s) and a layer's values depend only on the two layers above it.

use super::symmetry::Symmetry;
use crate::ai::search::bitboard::Bitboard;

/// The chance of a 2 (the rest is a 4), as the game spawns.
pub const P_TWO: f64 = 0.9;

/// Which cells hold the walls, in the canonical view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walls {
    /// The top row and the two cells under its right end: the snake's first six cells, the
    /// formation our player holds (10 free cells: 4 + 4 + 2 by rows from the bottom).
    F442,
    /// A 2x3 block in the top left corner (10 free cells).
    L3,
    /// The top row and the cell under its right end: five walls, 11 free cells (4 + 4 + 3 by
    /// rows from the bottom).
    F443,
}

impl Walls {
    pub const ALL: [Walls; 3] = [Walls::F442, Walls::L3, Walls::F443];

    pub fn name(self) -> &'static str {
        match self {
            Walls::F442 => "442",
            Walls::L3 => "L3",
            Walls::F443 => "443",
        }
    }

    pub fn named(name: &str) -> Option<Walls> {
        Walls::ALL.into_iter().find(|w| w.name() == name)
    }

    /// The wall cells (row-major indices) in the canonical view.
    pub const fn cells(self) -> &'static [u8] {
        match self {
            Walls::F442 => &[0, 1, 2, 3, 6, 7],
            Walls::L3 => &[0, 1, 2, 4, 5, 6],
            Walls::F443 => &[0, 1, 2, 3, 7],
        }
    }

    /// The formation's code in a table file.
    pub fn code(self) -> u8 {
        match self {
            Walls::F442 => 1,
            Walls::L3 => 2,
            Walls::F443 => 3,
        }
    }

    pub fn from_code(code: u8) -> Option<Walls> {
        Walls::ALL.into_iter().find(|w| w.code() == code)
    }

    /// The mask of the wall cells' nibbles.
    pub fn mask(self) -> u64 {
        self.cells()
            .iter()
            .fold(0, |m, &c| m | (0xf << (4 * u32::from(c))))
    }

    /// The free cells, ascending: key nibble `i` is free cell `i`.
    pub fn free(self) -> Vec<u8> {
        let mask = self.mask();
        (0..16u8)
            .filter(|&c| mask >> (4 * u32::from(c)) & 0xf == 0)
            .collect()
    }
}

/// One formation's sub-game at one target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallGame {
    walls: Walls,
    target: u8,
    free: Vec<u8>,
    wall_mask: u64,
}

/// What a move does in the sub-game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A free cell holds the target.
    Won,
    /// The afterstate's key (before the spawn).
    After(u64),
}

impl WallGame {
    /// The sub-game of `walls` making `2^target`; None for a target outside 3..=14 (a spawned
    /// 4 stays below it, and it stays below the walls' nibble).
    pub fn new(walls: Walls, target: u8) -> Option<WallGame> {
        (3..=14).contains(&target).then(|| WallGame {
            walls,
            target,
            free: walls.free(),
            wall_mask: walls.mask(),
        })
    }

    pub fn walls(&self) -> Walls {
        self.walls
    }

    pub fn target(&self) -> u8 {
        self.target
    }

    pub fn free(&self) -> &[u8] {
        &self.free
    }

    /// The name its files and reports use: `442-t9`.
    pub fn name(&self) -> String {
        format!("{}-t{}", self.walls.name(), self.target)
    }

    /// The canonical board of a key: the walls as 15s, the free cells from the key.
    #[inline]
    pub fn board(&self, key: u64) -> u64 {
        let mut board = self.wall_mask;
        for (i, &cell) in self.free.iter().enumerate() {
            board |= (key >> (4 * i) & 0xf) << (4 * u32::from(cell));
        }
        board
    }

    /// The key of a canonical board's free cells.
    #[inline]
    pub fn key(&self, board: u64) -> u64 {
        let mut key = 0;
        for (i, &cell) in self.free.iter().enumerate() {
            key |= (board >> (4 * u32::from(cell)) & 0xf) << (4 * i);
        }
        key
    }

    /// The free tiles' sum in 2s: its layer.
    pub fn layer(&self, key: u64) -> u32 {
        (0..self.free.len())
            .map(|i| (key >> (4 * i)) & 0xf)
            .filter(|&e| e != 0)
            .map(|e| 1u32 << (e - 1))
            .sum()
    }

    /// Each move of [`Direction::ALL`] from position `key`: None where the move is not legal in
    /// the sub-game (it changes nothing or moves a wall).
    #[inline]
    pub fn moves(&self, key: u64) -> [Option<Outcome>; 4] {
        let board = Bitboard(self.board(key));
        let target = u64::from(self.target);
        board.shifted_all().map(|after| {
            let after = after.0;
            if after == board.0 || after & self.wall_mask != self.wall_mask {
                return None;
            }
            let key = self.key(after);
            let won = (0..self.free.len()).any(|i| key >> (4 * i) & 0xf == target);
            Some(if won {
                Outcome::Won
            } else {
                Outcome::After(key)
            })
        })
    }

    /// The moves that change the board of position `key`, as bits of
    /// [`crate::direction::Direction::ALL`]: its legal moves and those that slide a wall. Two
    /// walls never merge here, as two 15s never do.
    pub fn changing(&self, key: u64) -> u8 {
        let board = Bitboard(self.board(key));
        board
            .shifted_all()
            .iter()
            .enumerate()
            .filter(|(_, after)| after.0 != board.0)
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// The free cells of an afterstate that are empty, as key nibble indices.
    #[inline]
    pub fn empty(&self, after: u64) -> impl Iterator<Item = usize> + '_ {
        (0..self.free.len()).filter(move |&i| after >> (4 * i) & 0xf == 0)
    }

    /// The value of a move: 1 when it wins, else the expectation over the spawns of
    /// `value(layer, key)` of each position the spawn makes (the 2s one layer up, the 4s two).
    #[inline]
    pub fn expect(&self, outcome: Outcome, value: &impl Fn(u32, u64) -> f64) -> f64 {
        match outcome {
            Outcome::Won => 1.0,
            Outcome::After(after) => {
                let layer = self.layer(after);
                let (mut total, mut count) = (0.0, 0u32);
                for i in self.empty(after) {
                    total += P_TWO * value(layer + 1, after | 1 << (4 * i));
                    total += (1.0 - P_TWO) * value(layer + 2, after | 2 << (4 * i));
                    count += 1;
                }
                if count == 0 {
                    0.0
                } else {
                    total / f64::from(count)
                }
            }
        }
    }

    /// Where a board (a nibble per cell) is in the formation: the first view, in
    /// [`Symmetry::ALL`]'s order, whose wall cells hold tiles of at least the target and whose
    /// free cells hold only smaller ones; that view's symmetry and key.
    pub fn find(&self, board: u64) -> Option<(Symmetry, u64)> {
        let target = u64::from(self.target);
        Symmetry::ALL.into_iter().find_map(|sym| {
            let walls_stand = self
                .walls
                .cells()
                .iter()
                .all(|&c| board >> (4 * u32::from(sym.cell(c))) & 0xf >= target);
            if !walls_stand {
                return None;
            }
            let mut key = 0;
            for (i, &cell) in self.free.iter().enumerate() {
                let e = board >> (4 * u32::from(sym.cell(cell))) & 0xf;
                if e >= target {
                    return None;
                }
                key |= e << (4 * i);
            }
            Some((sym, key))
        })
    }

    /// The seeds a build starts from: every position of one or two spawned tiles.
    pub fn seeds(&self) -> Vec<u64> {
        let n = self.free.len();
        let mut seeds = Vec::new();
        for i in 0..n {
            for a in 1..=2u64 {
                seeds.push(a << (4 * i));
                for j in i + 1..n {
                    for b in 1..=2u64 {
                        seeds.push(a << (4 * i) | b << (4 * j));
                    }
                }
            }
        }
        seeds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::direction::Direction;

    #[test]
    fn keys_round_trip_through_boards() {
        let game = WallGame::new(Walls::F442, 9).unwrap();
        let key = 0x12_3456_7801;
        assert_eq!(game.key(game.board(key)), key);
        assert_eq!(game.board(0) & game.walls.mask(), game.walls.mask());
    }

    #[test]
    fn a_move_that_slides_a_wall_is_not_legal() {
        let game = WallGame::new(Walls::F442, 9).unwrap();
        // Free cells 4 and 5 (row 1, left) empty: a left move slides the row's walls.
        let key = game.key(game.board(0) | 1 << (4 * 8));
        let moves = game.moves(key);
        assert_eq!(moves[Direction::Left.index()], None);
        // Down slides the top row's left walls into the empty cells 4 and 5.
        assert_eq!(moves[Direction::Down.index()], None);
        assert!(moves[Direction::Right.index()].is_some());
    }
}
