use std::fmt;

/// Everything that can be wrong with input handed to the engine.
/// Each message names the problem so that a person reading it in a console can fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    BadSize(i64),
    BadCellCount {
        size: usize,
        expected: usize,
        got: usize,
    },
    NotPowerOfTwo {
        index: usize,
        value: String,
    },
    TileTooLarge {
        index: usize,
        value: String,
    },
    BadDirection(String),
    BadSeed(String),
    BadState(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::BadSize(n) => write!(
                f,
                "board size must be a whole number from {} to {}, got {n}",
                crate::MIN_SIZE,
                crate::MAX_SIZE
            ),
            GameError::BadCellCount {
                size,
                expected,
                got,
            } => write!(
                f,
                "a {size}x{size} board needs {expected} cells, got {got}"
            ),
            GameError::NotPowerOfTwo { index, value } => write!(
                f,
                "cell {index} holds {value}, which is not a tile: tiles are powers of two from 2 up (0 = empty)"
            ),
            GameError::TileTooLarge { index, value } => write!(
                f,
                "cell {index} holds {value}, above the largest supported tile 2^{}",
                crate::MAX_EXPONENT
            ),
            GameError::BadDirection(d) => write!(
                f,
                "unknown direction {d:?}: use \"up\", \"right\", \"down\" or \"left\""
            ),
            GameError::BadSeed(s) => write!(
                f,
                "seed must be a whole number from 0 to 2^64-1, got {s}"
            ),
            GameError::BadState(msg) => write!(f, "saved game is not valid: {msg}"),
        }
    }
}

impl std::error::Error for GameError {}
