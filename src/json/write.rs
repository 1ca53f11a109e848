//! The JSON writer: the pieces every hand-written JSON text is made of (strings, whole
//! numbers, other numbers, keys, lists), each written exactly as serde_json writes it, so
//! that text written here reads the same wherever serde_json's was read before. Numbers go
//! through `itoa` and `zmij` (serde_json's own formatters), never `core::fmt`: the page's
//! play module carries no formatting machinery.

/// A string, quoted and escaped as serde_json escapes one.
pub fn string(out: &mut String, s: &str) {
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

/// A whole number in decimal. Not inlined: the AI's module is built for speed, and every
/// call site would otherwise carry its own copy of `itoa`'s digit loop.
#[inline(never)]
pub fn whole(out: &mut String, n: u64) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// An f64 as serde_json writes one (`4.0`, `0.1`, `1e300`): NaN and the infinities as `null`.
pub fn number(out: &mut String, x: f64) {
    if x.is_finite() {
        out.push_str(zmij::Buffer::new().format_finite(x));
    } else {
        out.push_str("null");
    }
}

pub fn boolean(out: &mut String, b: bool) {
    out.push_str(if b { "true" } else { "false" });
}

/// `"name":`, the opening of a field; a comma first unless it is the object's first.
pub fn key(out: &mut String, name: &str, first: bool) {
    if !first {
        out.push(',');
    }
    string(out, name);
    out.push(':');
}

/// `[a,b,...]`, each item written by `write`.
pub fn list<I: IntoIterator>(out: &mut String, items: I, write: impl Fn(&mut String, I::Item)) {
    out.push('[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write(out, item);
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::{list, number, string, whole};

    fn written(write: impl Fn(&mut String)) -> String {
        let mut out = String::new();
        write(&mut out);
        out
    }

    /// Strings with every escape, and numbers of every kind, are serde_json's text.
    #[test]
    fn strings_and_numbers_are_serde_json_text() {
        for s in [
            "",
            "up",
            "a \"b\" \\ c",
            "\n\r\t\u{8}\u{c}",
            "\u{0}\u{1f}\u{7f}",
            "é ∞ 🂡",
        ] {
            assert_eq!(written(|o| string(o, s)), serde_json::to_string(s).unwrap());
        }
        for n in [0, 7, 1 << 40, u64::MAX] {
            assert_eq!(written(|o| whole(o, n)), n.to_string());
        }
        for x in [
            0.0,
            -0.0,
            4.0,
            0.5,
            -2.25,
            1e-7,
            1.5e300,
            2f64.powi(70),
            -1e21,
            0.1 + 0.2,
            f64::NAN,
            f64::INFINITY,
        ] {
            assert_eq!(
                written(|o| number(o, x)),
                serde_json::to_string(&x).unwrap(),
                "{x}"
            );
        }
        assert_eq!(written(|o| list(o, [1u64, 2, 3], whole)), "[1,2,3]");
    }
}
