//! [`GameError`]: everything that can be wrong with input to the engine, each message naming
//! the problem; and the message helpers (quoted strings, whole numbers, numbers as JavaScript
//! prints them) that put messages together without `core::fmt`, which the page's play module
//! does not carry. They write through the JSON writer (`json::write`): a message quotes a
//! string as JSON does.

use std::fmt;

use crate::json;

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
    BadMode(String),
    BadState(String),
}

impl GameError {
    /// The message, put together without `core::fmt`: the page's first module formats no
    /// other text, and `write!` would add core's formatting machinery (a few KB) to it.
    /// `Display` writes the same text.
    #[inline(never)]
    pub fn message(&self) -> String {
        match self {
            GameError::BadSize(n) => [
                "board size must be a whole number from ",
                &decimal(crate::limits::MIN_SIZE as u64),
                " to ",
                &decimal(crate::limits::MAX_SIZE as u64),
                ", got ",
                &signed(*n),
            ]
            .concat(),
            GameError::BadCellCount {
                size,
                expected,
                got,
            } => {
                let size = decimal(*size as u64);
                [
                    "a ",
                    &size,
                    "x",
                    &size,
                    " board needs ",
                    &decimal(*expected as u64),
                    " cells, got ",
                    &decimal(*got as u64),
                ]
                .concat()
            }
            GameError::NotPowerOfTwo { index, value } => [
                "cell ",
                &decimal(*index as u64),
                " holds ",
                value,
                ", which is not a tile: tiles are powers of two from 2 up (0 = empty)",
            ]
            .concat(),
            GameError::TileTooLarge { index, value } => [
                "cell ",
                &decimal(*index as u64),
                " holds ",
                value,
                ", above the largest supported tile 2^",
                &decimal(crate::limits::MAX_EXPONENT.into()),
            ]
            .concat(),
            GameError::BadDirection(d) => [
                "unknown direction ",
                &quoted(d),
                ": use \"up\", \"right\", \"down\" or \"left\"",
            ]
            .concat(),
            GameError::BadSeed(s) => {
                ["seed must be a whole number from 0 to 2^64-1, got ", s].concat()
            }
            GameError::BadMode(m) => [
                "unknown mode ",
                &quoted(m),
                ": use \"classic\" or \"endless\"",
            ]
            .concat(),
            GameError::BadState(msg) => ["saved game is not valid: ", msg].concat(),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for GameError {}

/// A string as a message shows it: quoted and escaped as JSON. (`{:?}` would add core's
/// Debug escaping and its Unicode tables to the page's module.)
pub fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    json::write::string(&mut out, s);
    out
}

/// A whole number in decimal (`itoa`: the page's first module carries no `core::fmt`).
pub fn decimal(n: u64) -> String {
    let mut out = String::new();
    json::write::whole(&mut out, n);
    out
}

/// A signed whole number in decimal.
pub fn signed(n: i64) -> String {
    if n < 0 {
        ["-", &decimal(n.unsigned_abs())].concat()
    } else {
        decimal(n as u64)
    }
}

/// A number as a message shows it, much as JavaScript prints it: "3", "-4", "1.5", "NaN",
/// "Infinity". Whole numbers print as integers and the rest as serde_json prints them (the
/// JSON writer's `zmij`, which the page's module carries for its reports anyway): `{}` on an
/// f64 would add core's float formatting (about 20 KB) to the page's module.
pub fn number_text(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else if x.fract() == 0.0 && x.abs() < 1.8e19 {
        let digits = decimal(x.abs() as u64);
        if x < 0.0 {
            ["-", &digits].concat()
        } else {
            digits
        }
    } else {
        let mut out = String::new();
        json::write::number(&mut out, x);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{number_text, quoted, signed, GameError};
    use crate::limits::{MAX_EXPONENT, MAX_SIZE, MIN_SIZE};

    /// Each message, put together without `core::fmt`, is the text `write!` made of it before.
    #[test]
    fn messages_read_as_formatted_before() {
        let s = |x: &str| x.to_string();
        let cases = [
            (
                GameError::BadSize(-7),
                format!("board size must be a whole number from {MIN_SIZE} to {MAX_SIZE}, got -7"),
            ),
            (
                GameError::BadSize(i64::MIN),
                format!(
                    "board size must be a whole number from {MIN_SIZE} to {MAX_SIZE}, got {}",
                    i64::MIN
                ),
            ),
            (
                GameError::BadCellCount {
                    size: 4,
                    expected: 16,
                    got: 15,
                },
                s("a 4x4 board needs 16 cells, got 15"),
            ),
            (
                GameError::NotPowerOfTwo {
                    index: 12,
                    value: s("3"),
                },
                s("cell 12 holds 3, which is not a tile: tiles are powers of two from 2 up (0 = empty)"),
            ),
            (
                GameError::TileTooLarge {
                    index: 0,
                    value: s("2^70"),
                },
                format!("cell 0 holds 2^70, above the largest supported tile 2^{MAX_EXPONENT}"),
            ),
            (
                GameError::BadDirection(s("side\"ways")),
                s(r#"unknown direction "side\"ways": use "up", "right", "down" or "left""#),
            ),
            (
                GameError::BadSeed(s("-1")),
                s("seed must be a whole number from 0 to 2^64-1, got -1"),
            ),
            (
                GameError::BadMode(s("zen")),
                s(r#"unknown mode "zen": use "classic" or "endless""#),
            ),
            (
                GameError::BadState(s("rng is all zero")),
                s("saved game is not valid: rng is all zero"),
            ),
        ];
        for (error, text) in cases {
            assert_eq!(error.message(), text);
            assert_eq!(error.to_string(), text, "Display writes the message");
        }
        for n in [0, 1, -1, 42, -1234567890123, i64::MAX, i64::MIN] {
            assert_eq!(signed(n), n.to_string());
        }
    }

    /// Messages quote strings and print numbers as serde_json writes them (as they did when
    /// serde_json wrote them): every escape, and numbers that are not whole.
    #[test]
    fn quoted_strings_and_numbers_are_serde_json_text() {
        let strings = [
            "",
            "up",
            "a \"b\" \\ c",
            "\n\r\t\u{8}\u{c}",
            "\u{0}\u{1f}\u{7f}",
            "é ∞ 🂡",
        ];
        for s in strings {
            assert_eq!(quoted(s), serde_json::to_string(s).unwrap(), "{s:?}");
        }
        for x in [0.5, -2.25, 1e-7, 1.5e300, 2f64.powi(70), -1e21, 0.1 + 0.2] {
            assert_eq!(number_text(x), serde_json::to_string(&x).unwrap(), "{x}");
        }
        assert_eq!(number_text(3.0), "3");
        assert_eq!(number_text(f64::NEG_INFINITY), "-Infinity");
    }
}
