//! The JSON reader: text to a tree of values, each with where it lies in the text, and typed
//! reading of that tree with serde_json's messages, word for word ("missing field `score` at
//! line 1 column 90", "invalid value: integer `-1`, expected u8 ..."), so that a person who
//! fixes a saved game by hand reads what serde_json would tell them.
//!
//! The saved game (`state.rs`) is the JSON the page's records module reads: serde_json's
//! deserializer with derived readers was most of that module (about 26 KB of its 63
//! gzipped), this reader is a few KB. The AI's options, read only in the ai module, go
//! through serde_json (`ai::api::options`).

/// A parsed value, its first byte's offset and the offset just past it (where messages
/// about it point).
pub struct Node {
    pub value: Value,
    pub start: usize,
    pub end: usize,
}

pub enum Value {
    Null,
    Bool(bool),
    /// A whole number that fits u64, as serde_json reads one.
    Unsigned(u64),
    /// A negative whole number that fits i64.
    Signed(i64),
    /// Anything else numeric (a fraction, an exponent, or too large).
    Float(f64),
    Str(String),
    Array(Vec<Node>),
    /// Key, the offset past the key's closing quote, value.
    Object(Vec<(String, usize, Node)>),
}

/// A message and where it points (a byte offset into the text).
pub struct JsonError {
    msg: String,
    at: usize,
}

impl JsonError {
    pub fn new(msg: impl Into<String>, at: usize) -> JsonError {
        JsonError {
            msg: msg.into(),
            at,
        }
    }

    /// serde_json's form: the message, then " at line L column C".
    pub fn describe(&self, text: &str) -> String {
        let before = &text.as_bytes()[..self.at.min(text.len())];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let column = before.iter().rev().take_while(|&&b| b != b'\n').count();
        format!("{} at line {line} column {column}", self.msg)
    }
}

/// Parses one JSON value filling the whole text (white space around it allowed).
pub fn parse(text: &str) -> Result<Node, JsonError> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    let node = p.value(0)?;
    p.space();
    if p.i < p.s.len() {
        return Err(JsonError::new("trailing characters", p.i + 1));
    }
    Ok(node)
}

/// Nesting deeper than this is refused, as serde_json does (128).
const MAX_DEPTH: usize = 128;

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn space(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    /// An error here, after what was read (serde_json's position for the end of the text
    /// and for what it has consumed).
    fn err<T>(&self, msg: &str) -> Result<T, JsonError> {
        Err(JsonError::new(msg, self.i))
    }

    /// An error at the byte about to be read (serde_json's `peek_error`: that byte counts).
    fn peek_err<T>(&self, msg: &str) -> Result<T, JsonError> {
        Err(JsonError::new(msg, self.i + 1))
    }

    /// After a comma: a closing bracket there is serde_json's "trailing comma".
    fn no_trailing_comma(&mut self, close: u8) -> Result<(), JsonError> {
        self.space();
        if self.s.get(self.i) == Some(&close) {
            return self.peek_err("trailing comma");
        }
        Ok(())
    }

    fn value(&mut self, depth: usize) -> Result<Node, JsonError> {
        self.space();
        let start = self.i;
        let Some(&c) = self.s.get(self.i) else {
            return self.err("EOF while parsing a value");
        };
        let value = match c {
            b'n' => self.word(b"null", Value::Null)?,
            b't' => self.word(b"true", Value::Bool(true))?,
            b'f' => self.word(b"false", Value::Bool(false))?,
            b'"' => Value::Str(self.string()?),
            b'-' | b'0'..=b'9' => self.number()?,
            b'[' | b'{' if depth >= MAX_DEPTH => return self.err("recursion limit exceeded"),
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                self.space();
                if self.s.get(self.i) == Some(&b']') {
                    self.i += 1;
                } else {
                    loop {
                        items.push(self.value(depth + 1)?);
                        self.space();
                        match self.s.get(self.i) {
                            Some(b',') => {
                                self.i += 1;
                                self.no_trailing_comma(b']')?;
                            }
                            Some(b']') => {
                                self.i += 1;
                                break;
                            }
                            Some(_) => return self.peek_err("expected `,` or `]`"),
                            None => return self.err("EOF while parsing a list"),
                        }
                    }
                }
                Value::Array(items)
            }
            b'{' => {
                self.i += 1;
                let mut entries = Vec::new();
                self.space();
                if self.s.get(self.i) == Some(&b'}') {
                    self.i += 1;
                } else {
                    loop {
                        self.space();
                        match self.s.get(self.i) {
                            Some(b'"') => {}
                            Some(_) => return self.peek_err("key must be a string"),
                            None => return self.err("EOF while parsing an object"),
                        }
                        let key = self.string()?;
                        let key_end = self.i;
                        self.space();
                        match self.s.get(self.i) {
                            Some(b':') => self.i += 1,
                            Some(_) => return self.peek_err("expected `:`"),
                            None => return self.err("EOF while parsing an object"),
                        }
                        entries.push((key, key_end, self.value(depth + 1)?));
                        self.space();
                        match self.s.get(self.i) {
                            Some(b',') => {
                                self.i += 1;
                                self.no_trailing_comma(b'}')?;
                            }
                            Some(b'}') => {
                                self.i += 1;
                                break;
                            }
                            Some(_) => return self.peek_err("expected `,` or `}`"),
                            None => return self.err("EOF while parsing an object"),
                        }
                    }
                }
                Value::Object(entries)
            }
            _ => return self.peek_err("expected value"),
        };
        Ok(Node {
            value,
            start,
            end: self.i,
        })
    }

    fn word(&mut self, word: &[u8], value: Value) -> Result<Value, JsonError> {
        for &b in word {
            match self.s.get(self.i) {
                Some(&c) if c == b => self.i += 1,
                Some(_) => return self.peek_err("expected ident"),
                None => return self.err("EOF while parsing a value"),
            }
        }
        Ok(value)
    }

    fn number(&mut self) -> Result<Value, JsonError> {
        let start = self.i;
        let negative = self.s[self.i] == b'-';
        if negative {
            self.i += 1;
        }
        let digits = |p: &mut Self| {
            let from = p.i;
            while matches!(p.s.get(p.i), Some(b'0'..=b'9')) {
                p.i += 1;
            }
            p.i - from
        };
        let int_start = self.i;
        let n = digits(self);
        if n == 0 {
            return self.peek_err("invalid number");
        }
        if n > 1 && self.s[int_start] == b'0' {
            return Err(JsonError::new("invalid number", int_start + 2));
        }
        let mut float = false;
        if self.s.get(self.i) == Some(&b'.') {
            self.i += 1;
            float = true;
            if digits(self) == 0 {
                return self.peek_err("invalid number");
            }
        }
        if matches!(self.s.get(self.i), Some(b'e' | b'E')) {
            self.i += 1;
            float = true;
            if matches!(self.s.get(self.i), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if digits(self) == 0 {
                return self.peek_err("invalid number");
            }
        }
        // ASCII digits and signs: always UTF-8.
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or_default();
        if !float {
            if negative {
                if let Ok(v) = text.parse::<i64>() {
                    // serde_json reads "-0" as the float -0.0.
                    return Ok(if v == 0 {
                        Value::Float(-0.0)
                    } else {
                        Value::Signed(v)
                    });
                }
            } else if let Ok(v) = text.parse::<u64>() {
                return Ok(Value::Unsigned(v));
            }
        }
        // A float only ever ends in a message ("floating point `1.5`"): read it as digits
        // times a power of ten, exact while both are (up to 2^53 and 10^22, serde_json's
        // fast path too), else within an ulp or so. core's `f64::from_str` would add its
        // tables to the page's module for that message alone.
        let mut digits_value = 0u64;
        let mut scale = 0i32;
        let mut exp = 0i32;
        let mut in_fraction = false;
        let mut bytes = text.bytes().skip(negative as usize);
        for b in bytes.by_ref() {
            match b {
                // Digits while they fit u64, the rest only scale (serde_json's way).
                b'0'..=b'9' if digits_value <= (u64::MAX - (b - b'0') as u64) / 10 => {
                    digits_value = digits_value * 10 + (b - b'0') as u64;
                    scale -= in_fraction as i32;
                }
                b'0'..=b'9' => scale += !in_fraction as i32,
                b'.' => in_fraction = true,
                _ => break,
            }
        }
        let mut exp_negative = false;
        for b in bytes {
            match b {
                b'-' => exp_negative = true,
                b'+' => {}
                _ => exp = exp.saturating_mul(10).saturating_add((b - b'0') as i32),
            }
        }
        let power = scale.saturating_add(if exp_negative { -exp } else { exp });
        let mut v = digits_value as f64;
        if power >= 0 {
            v *= 10f64.powi(power.min(400));
        } else {
            v /= 10f64.powi((-power).min(400));
        }
        if !v.is_finite() {
            return self.err("number out of range");
        }
        Ok(Value::Float(if negative { -v } else { v }))
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.i += 1; // the opening quote
        let mut out = Vec::new();
        loop {
            let Some(&c) = self.s.get(self.i) else {
                return self.err("EOF while parsing a string");
            };
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = self.s.get(self.i) else {
                        return self.err("EOF while parsing a string");
                    };
                    self.i += 1;
                    let simple = match e {
                        b'"' => b'"',
                        b'\\' => b'\\',
                        b'/' => b'/',
                        b'b' => 8,
                        b'f' => 12,
                        b'n' => b'\n',
                        b'r' => b'\r',
                        b't' => b'\t',
                        b'u' => {
                            let mut ch = self.hex4()?;
                            if (0xD800..0xDC00).contains(&ch) {
                                if self.s.get(self.i..self.i + 2) != Some(b"\\u") {
                                    return self.err("unexpected end of hex escape");
                                }
                                self.i += 2;
                                let low = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&low) {
                                    return self.err("lone leading surrogate in hex escape");
                                }
                                ch = 0x10000 + ((ch - 0xD800) << 10) + (low - 0xDC00);
                            }
                            let Some(ch) = char::from_u32(ch) else {
                                return self.err("lone leading surrogate in hex escape");
                            };
                            out.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
                            continue;
                        }
                        _ => return self.err("invalid escape"),
                    };
                    out.push(simple);
                }
                0..=0x1F => {
                    return self
                        .err("control character (\\u0000-\\u001F) found while parsing a string")
                }
                _ => out.push(c),
            }
        }
        // The text came from a &str and escapes add whole characters: valid UTF-8.
        Ok(String::from_utf8(out).unwrap_or_default())
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let mut v = 0;
        let start = self.i;
        for _ in 0..4 {
            let Some(&c) = self.s.get(self.i) else {
                return self.err("EOF while parsing a string");
            };
            let d = match c {
                b'0'..=b'9' => c - b'0',
                b'a'..=b'f' => c - b'a' + 10,
                b'A'..=b'F' => c - b'A' + 10,
                // serde_json reads the four bytes, then complains.
                _ => return Err(JsonError::new("invalid escape", start + 4)),
            };
            self.i += 1;
            v = v * 16 + d as u32;
        }
        Ok(v)
    }
}

// --- typed reading, with serde's words ---------------------------------------------------

/// What a value is, as serde names an unexpected one.
fn unexpected(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("boolean `{b}`"),
        Value::Unsigned(v) => format!("integer `{v}`"),
        Value::Signed(v) => format!("integer `{v}`"),
        Value::Float(v) => format!("floating point `{}`", float_text(*v)),
        Value::Str(s) => format!("string {}", crate::error::quoted(s)),
        Value::Array(_) => "sequence".into(),
        Value::Object(_) => "map".into(),
    }
}

/// A float as serde shows one: always with a fraction or exponent (`4.0`, `1e300`).
fn float_text(v: f64) -> String {
    if v == 0.0 && v.is_sign_negative() {
        return "-0.0".into();
    }
    let text = crate::error::number_text(v);
    if text.contains(['.', 'e', 'E']) {
        text
    } else {
        format!("{text}.0")
    }
}

/// serde_json points at an array's or object's opening bracket, past a scalar.
pub fn invalid_type(node: &Node, expected: &str) -> JsonError {
    let at = match node.value {
        Value::Array(_) | Value::Object(_) => node.start,
        _ => node.end,
    };
    JsonError::new(
        format!(
            "invalid type: {}, expected {expected}",
            unexpected(&node.value)
        ),
        at,
    )
}

/// A whole number from 0 to `max`, named `expected` ("u8", "u64").
pub fn unsigned(node: &Node, max: u64, expected: &str) -> Result<u64, JsonError> {
    match node.value {
        Value::Unsigned(v) if v <= max => Ok(v),
        Value::Unsigned(_) | Value::Signed(_) => Err(JsonError::new(
            format!(
                "invalid value: {}, expected {expected}",
                unexpected(&node.value)
            ),
            node.end,
        )),
        _ => Err(invalid_type(node, expected)),
    }
}

pub fn signed(node: &Node) -> Result<i64, JsonError> {
    match node.value {
        Value::Signed(v) => Ok(v),
        Value::Unsigned(v) => i64::try_from(v).map_err(|_| {
            JsonError::new(
                format!("invalid value: integer `{v}`, expected i64"),
                node.end,
            )
        }),
        _ => Err(invalid_type(node, "i64")),
    }
}

pub fn boolean(node: &Node) -> Result<bool, JsonError> {
    match node.value {
        Value::Bool(b) => Ok(b),
        _ => Err(invalid_type(node, "a boolean")),
    }
}

pub fn string(node: &Node) -> Result<String, JsonError> {
    match &node.value {
        Value::Str(s) => Ok(s.clone()),
        _ => Err(invalid_type(node, "a string")),
    }
}

pub fn array<'a>(node: &'a Node, expected: &str) -> Result<&'a [Node], JsonError> {
    match &node.value {
        Value::Array(items) => Ok(items),
        _ => Err(invalid_type(node, expected)),
    }
}

/// Four strings, as serde reads `[String; 4]`.
pub fn four_strings(node: &Node) -> Result<[String; 4], JsonError> {
    let items = array(node, "an array of length 4")?;
    if items.len() > 4 {
        return Err(JsonError::new("trailing characters", items[4].start + 1));
    }
    if items.len() < 4 {
        return Err(JsonError::new(
            format!(
                "invalid length {}, expected an array of length 4",
                items.len()
            ),
            node.end,
        ));
    }
    Ok([
        string(&items[0])?,
        string(&items[1])?,
        string(&items[2])?,
        string(&items[3])?,
    ])
}

/// An object's entries, for a struct named `name` (serde: "struct SavedGame").
pub fn object<'a>(node: &'a Node, name: &str) -> Result<&'a [(String, usize, Node)], JsonError> {
    match &node.value {
        Value::Object(entries) => Ok(entries),
        _ => Err(invalid_type(node, &format!("struct {name}"))),
    }
}

/// The fields of a struct read from an object: each once, none unknown when `deny`
/// (serde's `deny_unknown_fields`). Calls `read` with the index of the field in `fields`
/// for every entry, in the text's order; says which were seen. The caller reports missing
/// ones (an array, serde's other form of a struct, needs its first `required` elements).
pub fn fields(
    node: &Node,
    name: &str,
    fields: &[&str],
    required: usize,
    deny: bool,
    mut read: impl FnMut(usize, &Node) -> Result<(), JsonError>,
) -> Result<Vec<bool>, JsonError> {
    let mut seen = vec![false; fields.len()];
    // serde's derived structs also read an array, field by field in order.
    if let Value::Array(items) = &node.value {
        for (k, item) in items.iter().enumerate() {
            if k == fields.len() {
                return Err(JsonError::new("trailing characters", item.start + 1));
            }
            seen[k] = true;
            read(k, item)?;
        }
        if items.len() < required {
            return Err(JsonError::new(
                format!(
                    "invalid length {}, expected struct {name} with {} elements",
                    items.len(),
                    fields.len()
                ),
                node.end,
            ));
        }
        return Ok(seen);
    }
    let entries = object(node, name)?;
    for (key, key_end, value) in entries {
        match fields.iter().position(|f| f == key) {
            Some(k) if seen[k] => {
                return Err(JsonError::new(format!("duplicate field `{key}`"), *key_end))
            }
            Some(k) => {
                seen[k] = true;
                read(k, value)?;
            }
            None if deny => {
                let list: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
                return Err(JsonError::new(
                    format!("unknown field `{key}`, expected one of {}", list.join(", ")),
                    *key_end,
                ));
            }
            None => {}
        }
    }
    Ok(seen)
}

/// serde's message for a required field that is absent, pointing at the object's end.
pub fn missing(node: &Node, field: &str) -> JsonError {
    JsonError::new(format!("missing field `{field}`"), node.end)
}
