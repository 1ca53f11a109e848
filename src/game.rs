//! A game in progress: the board with stable tile ids, the score, spawns from the game's own
//! random generator, the undo history, and the record of the line played.

use std::collections::VecDeque;

use serde::Serialize;

use crate::board::{tile_value, Board, Slide};
use crate::direction::Direction;
use crate::error::GameError;
use crate::limits::WIN_EXPONENT;
use crate::record::{Mode, Record, RecordedMove};
use crate::rng::GameRng;
use crate::spawn;

/// How many moves back undo reaches. A snapshot of an 8x8 board costs about 100 bytes.
pub const HISTORY_LIMIT: usize = 100_000;

/// A cell as (row, column).
pub type At = [usize; 2];

/// The (row, column) of a row-major cell index on an n x n board.
fn at(n: usize, index: usize) -> At {
    [index / n, index % n]
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TileMove {
    pub id: u32,
    pub from: At,
    pub to: At,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TileMerge {
    /// The id of the new, merged tile.
    pub id: u32,
    pub value: f64,
    pub at: At,
    /// The ids of the two tiles that merged; both disappear.
    pub from: [u32; 2],
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spawned {
    pub id: u32,
    pub value: f64,
    pub at: At,
}

/// Everything a move did, for the page to animate. `moves` lists every tile whose cell
/// changed, merge sources included (their `to` is the merge cell).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveReport {
    pub moves: Vec<TileMove>,
    pub merges: Vec<TileMerge>,
    pub spawned: Option<Spawned>,
    pub gained: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Snapshot {
    pub cells: Vec<u8>,
    pub score: u64,
    pub moves: u64,
    /// Kept only for seeded games, so that undo and the same move replay the same spawn.
    pub rng: Option<GameRng>,
}

#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) board: Board,
    ids: Vec<u32>,
    next_id: u32,
    pub(crate) score: u64,
    pub(crate) moves: u64,
    pub(crate) rng: GameRng,
    pub(crate) seeded: bool,
    pub(crate) history: VecDeque<Snapshot>,
    /// The line played from the record's start to this position: a move pushes, undo pops.
    pub(crate) record: Record,
}

impl Game {
    /// A new game with two spawned tiles. Without a seed, the generator is seeded from entropy.
    pub fn new(size: usize, seed: Option<u64>) -> Result<Game, GameError> {
        let mut game = Game::from_board(Board::empty(size)?, seed);
        game.spawn();
        game.spawn();
        game.record.start = game.board.cells().to_vec();
        Ok(game)
    }

    /// A game that starts from a given position (nothing is spawned).
    pub fn from_board(board: Board, seed: Option<u64>) -> Game {
        let rng = GameRng::from_seed(seed.unwrap_or_else(GameRng::entropy_seed));
        let record = Record::starting_at(board.size(), Mode::Classic, board.cells().to_vec(), 0);
        Game::restore(board, 0, 0, rng, seed.is_some(), VecDeque::new(), record)
    }

    /// The same game labelled with `mode` (its record carries it; the rules do not change).
    pub fn with_mode(mut self, mode: Mode) -> Game {
        self.record.mode = mode;
        self
    }

    pub(crate) fn restore(
        board: Board,
        score: u64,
        moves: u64,
        rng: GameRng,
        seeded: bool,
        history: VecDeque<Snapshot>,
        record: Record,
    ) -> Game {
        let mut game = Game {
            ids: vec![0; board.cells().len()],
            board,
            next_id: 1,
            score,
            moves,
            rng,
            seeded,
            history,
            record,
        };
        game.assign_fresh_ids();
        game
    }

    fn assign_fresh_ids(&mut self) {
        for i in 0..self.ids.len() {
            self.ids[i] = if self.board.cells()[i] != 0 {
                self.take_id()
            } else {
                0
            };
        }
    }

    fn take_id(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1).max(1);
        id
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    pub fn score(&self) -> u64 {
        self.score
    }

    pub fn moves(&self) -> u64 {
        self.moves
    }

    pub fn seeded(&self) -> bool {
        self.seeded
    }

    pub fn mode(&self) -> Mode {
        self.record.mode
    }

    pub fn set_mode(&mut self, mode: Mode) {
        self.record.mode = mode;
    }

    /// The game's record: from its start (a new game's first two tiles) to this position,
    /// the line actually played (an undone move is not in it).
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// True while a 2048 tile (or larger) is on the board.
    pub fn won(&self) -> bool {
        self.board.max_exponent() >= WIN_EXPONENT
    }

    pub fn over(&self) -> bool {
        self.board.is_over()
    }

    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    /// How many moves undo can take back.
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// Tile ids by cell, row-major (0 = empty).
    pub fn ids(&self) -> &[u32] {
        &self.ids
    }

    /// Plays a move: slides, merges, scores and spawns. None when nothing moves (nothing changes).
    pub fn play(&mut self, dir: Direction) -> Option<MoveReport> {
        let snapshot = Snapshot {
            cells: self.board.cells().to_vec(),
            score: self.score,
            moves: self.moves,
            rng: self.seeded.then(|| self.rng.clone()),
        };
        let n = self.board.size();
        let old_ids = std::mem::take(&mut self.ids);
        let mut new_ids = vec![0u32; old_ids.len()];
        let mut report = MoveReport {
            moves: Vec::new(),
            merges: Vec::new(),
            spawned: None,
            gained: 0.0,
        };
        let mut next_id = self.next_id;
        let at = |i: usize| at(n, i);
        let gained = self.board.slide_with(dir, |slide| match slide {
            Slide::Move { from, to } => {
                new_ids[to] = old_ids[from];
                report.moves.push(TileMove {
                    id: old_ids[from],
                    from: at(from),
                    to: at(to),
                });
            }
            Slide::Merge { from, to, exponent } => {
                for &source in &from {
                    if source != to {
                        report.moves.push(TileMove {
                            id: old_ids[source],
                            from: at(source),
                            to: at(to),
                        });
                    }
                }
                let id = next_id;
                next_id = next_id.wrapping_add(1).max(1);
                new_ids[to] = id;
                report.merges.push(TileMerge {
                    id,
                    value: tile_value(exponent) as f64,
                    at: at(to),
                    from: [old_ids[from[0]], old_ids[from[1]]],
                });
            }
        });
        self.next_id = next_id;
        let Some(gained) = gained else {
            self.ids = old_ids;
            return None;
        };
        // Tiles no slide mentioned stayed in their cell with their id.
        for (i, id) in new_ids.iter_mut().enumerate() {
            if *id == 0 && self.board.cells()[i] != 0 {
                *id = old_ids[i];
            }
        }
        self.ids = new_ids;
        self.score = self.score.saturating_add(gained);
        self.moves += 1;
        report.gained = gained as f64;
        report.spawned = self.spawn().map(|(cell, exponent, spawned)| {
            self.record.moves.push(RecordedMove {
                dir,
                spawn_cell: cell as u8,
                spawn_exponent: exponent,
            });
            spawned
        });
        if self.history.len() == HISTORY_LIMIT {
            self.history.pop_front();
        }
        self.history.push_back(snapshot);
        Some(report)
    }

    /// Puts a 2 (p = 0.9) or a 4 (p = 0.1) on a uniformly chosen empty cell, by the one
    /// spawn draw of [`spawn`](crate::spawn).
    /// Returns the cell and exponent too, for the record.
    fn spawn(&mut self) -> Option<(usize, u8, Spawned)> {
        let empty: Vec<usize> = self.board.empty_cells().collect();
        if empty.is_empty() {
            return None;
        }
        let draw = spawn::draw(&mut self.rng, empty.len());
        let (index, exponent) = (empty[draw.empty_index], draw.exponent);
        self.board.set(index, exponent);
        let id = self.take_id();
        self.ids[index] = id;
        let spawned = Spawned {
            id,
            value: tile_value(exponent) as f64,
            at: at(self.board.size(), index),
        };
        Some((index, exponent, spawned))
    }

    /// Takes back the last move and its spawn. In a seeded game the generator goes back too,
    /// so the same move spawns the same tile again; otherwise it moves on.
    pub fn undo(&mut self) -> bool {
        let Some(snapshot) = self.history.pop_back() else {
            return false;
        };
        self.board = Board::from_exponents(self.board.size(), snapshot.cells)
            // (not `expect`: that would print the error with Debug, which the wasm need not carry)
            .unwrap_or_else(|_| unreachable!("history holds boards of the game's own size"));
        self.score = snapshot.score;
        self.moves = snapshot.moves;
        if self.record.moves.pop().is_none() {
            // Back past the record's start (a game loaded from a save that had no record):
            // the record starts again here.
            self.record.start = self.board.cells().to_vec();
            self.record.start_score = self.score;
        }
        if let Some(rng) = snapshot.rng {
            self.rng = rng;
        }
        self.assign_fresh_ids();
        true
    }

    /// Tiles for rendering: (id, value, row, col).
    pub fn tiles(&self) -> Vec<(u32, u64, usize, usize)> {
        let n = self.board.size();
        self.board
            .cells()
            .iter()
            .enumerate()
            .filter(|(_, &e)| e != 0)
            .map(|(i, &e)| {
                let [row, col] = at(n, i);
                (self.ids[i], tile_value(e), row, col)
            })
            .collect()
    }
}
