//! One recorded move, checked: the rules' verdict on a direction, and the spawn's cell and
//! tile. Encoding, decoding and replaying all go through these, so they agree on what a
//! legal record is.

use crate::board::Board;
use crate::direction::Direction;

use super::error::{MoveProblem, RecordError};

fn at_move(number: usize, problem: MoveProblem) -> RecordError {
    RecordError::Move { number, problem }
}

/// Slides `board` for move `number` (1-based); the points gained.
pub fn slide(board: &mut Board, dir: Direction, number: usize) -> Result<u64, RecordError> {
    board.slide(dir).ok_or_else(|| {
        let problem = if board.is_over() {
            MoveProblem::GameOver
        } else {
            MoveProblem::NothingMoves(dir)
        };
        at_move(number, problem)
    })
}

/// Puts move `number`'s spawn on `board`.
pub fn spawn(
    board: &mut Board,
    cell: usize,
    exponent: u8,
    number: usize,
) -> Result<(), RecordError> {
    let cells = board.cells().len();
    if cell >= cells {
        return Err(at_move(number, MoveProblem::SpawnOutside { cell, cells }));
    }
    if board.cells()[cell] != 0 {
        let size = board.size();
        return Err(at_move(number, MoveProblem::SpawnOnTile { cell, size }));
    }
    if !(1..=2).contains(&exponent) {
        return Err(at_move(number, MoveProblem::BadTile(exponent)));
    }
    board.set(cell, exponent);
    Ok(())
}

/// The start position as a board, checked.
pub fn start_board(size: usize, start: &[u8]) -> Result<Board, RecordError> {
    crate::board::check_size(size as i64).map_err(|_| RecordError::BadSize(size))?;
    Board::from_exponents(size, start.to_vec()).map_err(|e| RecordError::BadStart(e.message()))
}
