//! A record replayed: every position, reachable by move number in both directions at once.
//! A 20,000-move 8x8 game keeps 1.3 MB of boards, so no checkpoints are needed.

use crate::board::{Board, Slide};
use crate::limits::WIN_EXPONENT;

use super::error::RecordError;
use super::model::{Mode, Record, RecordedMove};
use super::step::{slide, spawn, start_board};

#[derive(Clone, Debug)]
pub struct Replay {
    size: usize,
    mode: Mode,
    /// Position k (0 = the start, k = after move k) at `k * cells..(k + 1) * cells`.
    positions: Vec<u8>,
    scores: Vec<u64>,
    moves: Vec<RecordedMove>,
}

impl Replay {
    /// Plays every move of `record`, checking each; the error names the first bad one.
    pub fn new(record: &Record) -> Result<Replay, RecordError> {
        let mut board = start_board(record.size, &record.start)?;
        let cells = board.cells().len();
        let mut positions = Vec::with_capacity(cells * (record.moves.len() + 1));
        let mut scores = Vec::with_capacity(record.moves.len() + 1);
        let mut score = record.start_score;
        positions.extend_from_slice(board.cells());
        scores.push(score);
        for (i, m) in record.moves.iter().enumerate() {
            score = score.saturating_add(slide(&mut board, m.dir, i + 1)?);
            spawn(
                &mut board,
                usize::from(m.spawn_cell),
                m.spawn_exponent,
                i + 1,
            )?;
            positions.extend_from_slice(board.cells());
            scores.push(score);
        }
        Ok(Replay {
            size: record.size,
            mode: record.mode,
            positions,
            scores,
            moves: record.moves.clone(),
        })
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// How many moves the record holds; positions run from 0 (the start) to this.
    pub fn moves(&self) -> usize {
        self.moves.len()
    }

    /// The exponents (row-major) after move `n` (0: the start); None past the last move.
    pub fn cells(&self, n: usize) -> Option<&[u8]> {
        let cells = self.size * self.size;
        self.positions.get(n * cells..(n + 1) * cells)
    }

    /// The position after move `n` as a board.
    pub fn board(&self, n: usize) -> Option<Board> {
        let cells = self.cells(n)?.to_vec();
        Some(
            Board::from_exponents(self.size, cells).unwrap_or_else(|_| {
                unreachable!("replayed positions are boards of the record's size")
            }),
        )
    }

    /// The score after move `n`.
    pub fn score(&self, n: usize) -> Option<u64> {
        self.scores.get(n).copied()
    }

    /// Move `n` (1-based): its direction and spawn.
    pub fn recorded(&self, n: usize) -> Option<RecordedMove> {
        n.checked_sub(1).and_then(|i| self.moves.get(i)).copied()
    }

    /// What the tiles did in move `n` (1-based), in the cells of position `n - 1`: each tile's
    /// slide or merge, as `Board::slide_with` reports them (tiles that stay are not listed). For
    /// a replay that animates its steps; the spawn is `recorded(n)`'s.
    pub fn slides(&self, n: usize) -> Option<Vec<Slide>> {
        let dir = self.recorded(n)?.dir;
        let mut board = self.board(n - 1)?;
        let mut out = Vec::new();
        board.slide_with(dir, |s| out.push(s));
        Some(out)
    }

    /// True when a 2048 tile (or larger) is on the board after move `n`.
    pub fn won(&self, n: usize) -> Option<bool> {
        Some(self.cells(n)?.iter().any(|&e| e >= WIN_EXPONENT))
    }

    /// True when no move changes the last position.
    pub fn over(&self) -> bool {
        self.board(self.moves()).is_some_and(|b| b.is_over())
    }
}
