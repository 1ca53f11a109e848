//! A distilled wall table: for the positions of a table that play reaches most often, only
//! which moves are the table's best, so that a page can carry it. Where it holds a board it
//! gives the same move as the full table ([`DistilledTable::covers`]: its best moves at chance
//! 1, the other legal moves at 0). Its file, little-endian:
//!
//! | offset | bytes | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `2048ewd\n` |
//! | 8 | 2 | version: 1 |
//! | 10 | 1 | the walls (as in the full table's file) |
//! | 11 | 1 | the target exponent |
//! | 12 | 4 | the tie the best moves were chosen with (`f32`) |
//! | 16 | 8 | the positions' count, N |
//! | 24 | N x 5 or 6 | their keys, ascending, a nibble a free cell |
//! | then | N | their best moves: bit i for the i-th of [`Direction::ALL`], in the canonical view |
//! | end | 4 | CRC-32 of every byte before it |

use std::io::{Read, Write};

use super::file::{Checked, TableError};
use super::symmetry::Symmetry;
use super::table::{key_bytes, read_head, write_head, Covered};
use super::walls::WallGame;
use crate::direction::Direction;

pub const MAGIC: &[u8; 8] = b"2048ewd\n";
pub const VERSION: u16 = 1;

#[derive(Clone, Debug, PartialEq)]
pub struct DistilledTable {
    game: WallGame,
    tie: f32,
    keys: Vec<u64>,
    best: Vec<u8>,
}

/// The moves whose chances lie within `tie` of the best, as bits of [`Direction::ALL`]; none
/// where no move can win. What the tables count as their best moves, whole or distilled.
pub fn best_moves(chances: &[Option<f64>; 4], tie: f64) -> u8 {
    let top = chances.iter().flatten().copied().fold(0.0, f64::max);
    if top <= 0.0 {
        return 0;
    }
    Direction::ALL
        .into_iter()
        .filter(|d| chances[d.index()].is_some_and(|c| c >= top - tie))
        .fold(0, |bits, d| bits | 1 << d.index())
}

/// What a set that names `best` (bits of the canonical view's directions) as the best moves
/// of the position `key`, seen in the board through `sym`, gives the board: the best moves at
/// chance 1, the other legal moves at 0, in the board's directions.
pub(crate) fn covered_by_best(game: &WallGame, sym: Symmetry, key: u64, best: u8) -> Covered {
    let legal = game.moves(key);
    let mut chances = [None; 4];
    for dir in Direction::ALL {
        if legal[dir.index()].is_some() {
            let is_best = best >> dir.index() & 1 == 1;
            chances[sym.direction(dir).index()] = Some(if is_best { 1.0 } else { 0.0 });
        }
    }
    Covered {
        chances,
        held: true,
    }
}

impl DistilledTable {
    /// The table of `entries` (a position's key and its best moves), in any order. A position
    /// without a best move is left out, and so is one where every move that changes the board
    /// is best (none slides a wall): there the search's choice is the table's, held or not.
    pub fn new(game: WallGame, tie: f32, mut entries: Vec<(u64, u8)>) -> DistilledTable {
        entries.retain(|&(key, best)| best != 0 && best != game.changing(key));
        entries.sort_unstable();
        entries.dedup_by_key(|e| e.0);
        let (keys, best) = entries.into_iter().unzip();
        DistilledTable {
            game,
            tie,
            keys,
            best,
        }
    }

    pub fn game(&self) -> &WallGame {
        &self.game
    }

    pub fn tie(&self) -> f32 {
        self.tie
    }

    pub fn positions(&self) -> usize {
        self.keys.len()
    }

    /// Its positions' keys and best moves, keys ascending.
    pub fn entries(&self) -> impl Iterator<Item = (u64, u8)> + '_ {
        self.keys.iter().copied().zip(self.best.iter().copied())
    }

    /// Where the set holds the board (a nibble per cell): its best moves at chance 1, its other
    /// legal moves at 0.
    pub fn covers(&self, board: u64) -> Option<Covered> {
        let (sym, key) = self.game.find(board)?;
        let i = self.keys.binary_search(&key).ok()?;
        Some(covered_by_best(&self.game, sym, key, self.best[i]))
    }

    pub fn write<W: Write>(&self, out: W) -> std::io::Result<W> {
        let mut out = write_head(out, MAGIC, VERSION, &self.game)?;
        out.put(&self.tie.to_le_bytes())?;
        out.put(&(self.keys.len() as u64).to_le_bytes())?;
        let width = key_bytes(&self.game);
        let mut bytes = Vec::with_capacity(self.keys.len() * (width + 1));
        for &key in &self.keys {
            bytes.extend_from_slice(&key.to_le_bytes()[..width]);
        }
        bytes.extend_from_slice(&self.best);
        out.put(&bytes)?;
        out.finish()
    }

    pub fn read<R: Read>(input: R) -> Result<DistilledTable, TableError> {
        let mut input = Checked::new(input);
        let mut head = [0u8; 24];
        let game = read_head(&mut input, &mut head, MAGIC, VERSION)?;
        let tie = f32::from_le_bytes(head[12..16].try_into().expect("4 bytes"));
        let len = u64::from_le_bytes(head[16..24].try_into().expect("8 bytes"));
        if !(0.0..1.0).contains(&tie) || len > 1 << 32 {
            return Err(TableError::BadField(format!("tie {tie}, {len} positions")));
        }
        let width = key_bytes(&game);
        let (mut keys, mut best) = (Vec::new(), Vec::new());
        // In pieces, so that a count a cut file overstates fails at its end.
        let mut piece = Vec::new();
        while (keys.len() as u64) < len {
            let n = (len as usize - keys.len()).min(1 << 20);
            piece.resize(n * width, 0);
            input.take(&mut piece)?;
            keys.extend(piece.chunks_exact(width).map(|b| {
                let mut k = [0u8; 8];
                k[..width].copy_from_slice(b);
                u64::from_le_bytes(k)
            }));
        }
        while (best.len() as u64) < len {
            let n = (len as usize - best.len()).min(1 << 20);
            piece.resize(n, 0);
            input.take(&mut piece)?;
            best.extend_from_slice(&piece);
        }
        input.finish()?;
        if keys.windows(2).any(|w| w[0] >= w[1]) || best.iter().any(|&b| b == 0 || b > 15) {
            return Err(TableError::BadField(
                "keys out of order or a position without a best move".to_owned(),
            ));
        }
        Ok(DistilledTable {
            game,
            tie,
            keys,
            best,
        })
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::ai::endgame::reachable::build::build_in_memory;
    use crate::ai::endgame::reachable::symmetry::Symmetry;
    use crate::ai::endgame::reachable::table::Chances;
    use crate::ai::endgame::reachable::walls::Walls;

    #[test]
    fn a_distilled_table_gives_the_full_tables_best_moves_and_reads_back() {
        let game = WallGame::new(Walls::F443, 4).unwrap();
        let full = build_in_memory(&game).unwrap();
        let tie = 0.001;
        // Every position of the full table, each in a board of walls 32768..2048 seen in one
        // of the eight symmetries in turn.
        let mut entries = Vec::new();
        let mut boards = Vec::new();
        for (_, layer) in full.layers() {
            for (n, &key) in layer.keys.iter().enumerate() {
                let mut board = game.board(key);
                for (i, &cell) in game.walls().cells().iter().enumerate() {
                    board = board & !(0xf << (4 * cell)) | (15 - i as u64) << (4 * cell);
                }
                let board = Symmetry::ALL[n % 8].canonical(board);
                let covered = full.covers(board).expect("in the formation");
                let (_, canonical) = game.find(board).unwrap();
                entries.push((
                    canonical,
                    best_moves(&canonical_chances(&full, canonical), tie),
                ));
                boards.push((board, covered));
            }
        }
        let distilled = DistilledTable::new(game.clone(), tie as f32, entries);
        assert!(distilled.positions() > 1000);
        for (board, covered) in boards {
            let top = covered
                .chances
                .iter()
                .flatten()
                .copied()
                .fold(0.0, f64::max);
            // Every move that changes the board is one of the table's best.
            let shifted = crate::ai::search::bitboard::Bitboard(board).shifted_all();
            let every_move_best = Direction::ALL.into_iter().all(|d| {
                shifted[d.index()].0 == board
                    || covered.chances[d.index()].is_some_and(|c| c >= top - tie)
            });
            match distilled.covers(board) {
                None => assert!(
                    top == 0.0 || every_move_best,
                    "{board:x}: left out only where no move wins or every move is best"
                ),
                Some(d) => {
                    assert!(!every_move_best, "{board:x}: every move is best, yet kept");
                    for dir in Direction::ALL {
                        let full_best =
                            covered.chances[dir.index()].is_some_and(|c| c >= top - tie);
                        assert_eq!(
                            d.chances[dir.index()].is_some(),
                            covered.chances[dir.index()].is_some()
                        );
                        assert_eq!(
                            d.chances[dir.index()] == Some(1.0),
                            full_best,
                            "{board:x} {dir:?}"
                        );
                    }
                }
            }
        }
        let bytes = distilled.write(Vec::new()).unwrap();
        assert_eq!(DistilledTable::read(&bytes[..]).unwrap(), distilled);
        let mut flipped = bytes.clone();
        flipped[30] ^= 1;
        let err = DistilledTable::read(&flipped[..]).unwrap_err().to_string();
        assert!(err.contains("checksum") || err.contains("order"), "{err}");
        let cut = DistilledTable::read(&bytes[..bytes.len() - 3]).unwrap_err();
        assert!(cut.to_string().contains("cut short"), "{cut}");
    }

    /// The chances of each canonical move of position `key`.
    fn canonical_chances(
        full: &crate::ai::endgame::reachable::table::ReachTable,
        key: u64,
    ) -> [Option<f64>; 4] {
        let board = full.game().board(key);
        // The canonical board's walls are 15s: it is its own canonical view.
        full.covers(board).unwrap().chances
    }
}
