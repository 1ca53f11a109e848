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
    BadMode(String),
    BadState(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::BadSize(n) => write!(
                f,
                "board size must be a whole number from {} to {}, got {n}",
                crate::limits::MIN_SIZE,
                crate::limits::MAX_SIZE
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
                crate::limits::MAX_EXPONENT
            ),
            GameError::BadDirection(d) => write!(
                f,
                "unknown direction {}: use \"up\", \"right\", \"down\" or \"left\"",
                quoted(d)
            ),
            GameError::BadSeed(s) => write!(
                f,
                "seed must be a whole number from 0 to 2^64-1, got {s}"
            ),
            GameError::BadMode(m) => write!(
                f,
                "unknown mode {}: use \"classic\" or \"endless\"",
                quoted(m)
            ),
            GameError::BadState(msg) => write!(f, "saved game is not valid: {msg}"),
        }
    }
}

impl std::error::Error for GameError {}

/// A string in JSON, escaped as serde_json writes one.
pub fn write_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 15] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A string as a message shows it: quoted and escaped as JSON. (`{:?}` would add core's
/// Debug escaping and its Unicode tables to the page's module.)
pub fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_json_string(&mut out, s);
    out
}

/// A number as a message shows it, much as JavaScript prints it: "3", "-4", "1.5", "NaN",
/// "Infinity". Whole numbers print as integers and the rest as serde_json prints them, through
/// `zmij` (its formatter), which the page's module carries for its reports anyway: `{}` on an
/// f64 would add core's float formatting (about 20 KB) to the page's module.
pub fn number_text(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else if x.fract() == 0.0 && x.abs() < 1.8e19 {
        let digits = (x.abs() as u64).to_string();
        if x < 0.0 {
            format!("-{digits}")
        } else {
            digits
        }
    } else {
        zmij::Buffer::new().format_finite(x).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::{number_text, quoted};

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
