//! Why a record was refused. Each message names the move (1-based, "move 1,204") when a move
//! is at fault, and the problem, for a person reading it on the page.

use std::fmt;

use crate::direction::Direction;
use crate::error::quoted;

use super::model::{MAGIC, VERSION};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The text does not start with the prefix at all.
    NotARecord,
    /// The prefix names a version this build does not read (as written).
    UnknownVersion(String),
    /// A character outside base64url, at this index of the payload text.
    BadCharacter {
        index: usize,
        character: char,
    },
    /// The text ends early: inside move `at` of `moves` (None: inside the header).
    Truncated {
        at: Option<usize>,
        moves: u64,
    },
    BadChecksum,
    /// The length field disagrees with the payload (a forged text with a right checksum).
    BadLength {
        declared: u64,
        actual: usize,
    },
    /// Bytes after the last move.
    TrailingData,
    BadSize(usize),
    /// The start position or score, explained.
    BadStart(String),
    Move {
        number: usize,
        problem: MoveProblem,
    },
    /// A move number asked of a record (to continue from) past its last move.
    PastEnd {
        asked: usize,
        moves: usize,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveProblem {
    /// The direction changes nothing.
    NothingMoves(Direction),
    /// No direction changes anything.
    GameOver,
    /// A direction code past the legal moves (only a forged text has one).
    BadDirectionCode {
        code: u64,
        legal: usize,
    },
    /// A spawn index past the empty cells (only a forged text has one).
    BadSpawnIndex {
        index: u64,
        empty: usize,
    },
    SpawnOutside {
        cell: usize,
        cells: usize,
    },
    SpawnOnTile {
        cell: usize,
        size: usize,
    },
    BadTile(u8),
}

/// A count as people write it: 1,204.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl fmt::Display for MoveProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveProblem::NothingMoves(dir) => write!(f, "cannot be played: nothing moves {dir}"),
            MoveProblem::GameOver => {
                write!(
                    f,
                    "cannot be played: the game is over (no move changes the board)"
                )
            }
            MoveProblem::BadDirectionCode { code, legal } => write!(
                f,
                "is corrupt: direction code {code} names none of the {legal} legal moves"
            ),
            MoveProblem::BadSpawnIndex { index, empty } => write!(
                f,
                "is corrupt: spawn index {index} is past the {empty} empty cells"
            ),
            MoveProblem::SpawnOutside { cell, cells } => write!(
                f,
                "spawns on cell {cell}, outside the board's {cells} cells"
            ),
            MoveProblem::SpawnOnTile { cell, size } => write!(
                f,
                "spawns on cell {cell} (row {}, column {}), which holds a tile",
                cell / size + 1,
                cell % size + 1
            ),
            MoveProblem::BadTile(e) => write!(
                f,
                "spawns a tile of exponent {e}: a spawn is a 2 (exponent 1) or a 4 (exponent 2)"
            ),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotARecord => write!(
                f,
                "not a game record: a record starts with {}",
                quoted(&format!("{MAGIC}{VERSION}."))
            ),
            RecordError::UnknownVersion(v) => write!(
                f,
                "record version {} is not one this game reads (it reads version {})",
                quoted(v),
                VERSION
            ),
            RecordError::BadCharacter { index, character } => write!(
                f,
                "record is corrupt: character {} at position {} is not base64url",
                quoted(&character.to_string()),
                grouped(*index as u64)
            ),
            RecordError::Truncated {
                at: Some(at),
                moves,
            } => write!(
                f,
                "record is cut short: it ends inside move {} of {}",
                grouped(*at as u64),
                grouped(*moves)
            ),
            RecordError::Truncated { at: None, .. } => write!(
                f,
                "record is cut short: it ends inside its header or its checksum"
            ),
            RecordError::BadChecksum => write!(
                f,
                "record is corrupt: its checksum does not match (the text was changed)"
            ),
            RecordError::BadLength { declared, actual } => write!(
                f,
                "record is corrupt: its length field says {} bytes, it holds {}",
                grouped(*declared),
                grouped(*actual as u64)
            ),
            RecordError::TrailingData => {
                write!(f, "record is corrupt: data follows its last move")
            }
            RecordError::BadSize(n) => write!(
                f,
                "record has board size {n}: sizes run from {} to {}",
                crate::limits::MIN_SIZE,
                crate::limits::MAX_SIZE
            ),
            RecordError::BadStart(why) => write!(f, "record's start position: {why}"),
            RecordError::Move { number, problem } => {
                write!(f, "move {} {problem}", grouped(*number as u64))
            }
            RecordError::PastEnd { asked, moves } => write!(
                f,
                "move {} is past the record's last move ({})",
                grouped(*asked as u64),
                grouped(*moves as u64)
            ),
        }
    }
}

impl std::error::Error for RecordError {}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn thousands_are_grouped() {
        for (n, text) in [
            (0, "0"),
            (999, "999"),
            (1_204, "1,204"),
            (20_000, "20,000"),
            (1_234_567, "1,234,567"),
        ] {
            assert_eq!(grouped(n), text);
        }
    }
}
