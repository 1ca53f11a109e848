//! What a game record holds: the board size, the mode, the start position and every move
//! with the tile it spawned. The spawns themselves are stored, so a record never depends on
//! the random generator that drew them.

use std::fmt;
use std::str::FromStr;

use crate::direction::Direction;
use crate::error::GameError;

/// A record's text starts with this, then the version and a dot: `2048r1.`.
pub const MAGIC: &str = "2048r";
/// The version this build writes and reads.
pub const VERSION: u32 = 1;

/// Classic stops at the win screen (the page offers "Keep going"); Endless never does. The
/// rules are the same: the mode is carried so that a replay shows what the player saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    #[default]
    Classic,
    Endless,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Classic => "classic",
            Mode::Endless => "endless",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Mode {
    type Err = GameError;

    fn from_str(s: &str) -> Result<Mode, GameError> {
        match s {
            "classic" => Ok(Mode::Classic),
            "endless" => Ok(Mode::Endless),
            other => Err(GameError::BadMode(other.to_string())),
        }
    }
}

/// One move of a record: the direction played and the tile that spawned after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RecordedMove {
    pub dir: Direction,
    /// The spawned tile's cell, row-major.
    pub spawn_cell: u8,
    /// 1 for a 2, 2 for a 4.
    pub spawn_exponent: u8,
}

/// A game as played: enough to replay it exactly. `start` is the position before move 1
/// (exponents, row-major), `start_score` the score there (0 for every new game).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    pub size: usize,
    pub mode: Mode,
    pub start: Vec<u8>,
    pub start_score: u64,
    pub moves: Vec<RecordedMove>,
}

impl Record {
    /// A record with no moves yet, starting from `start` at `start_score`.
    pub fn starting_at(size: usize, mode: Mode, start: Vec<u8>, start_score: u64) -> Record {
        Record {
            size,
            mode,
            start,
            start_score,
            moves: Vec::new(),
        }
    }
}
