//! The record's byte-level tools, written out because each is a few lines: a bit writer and
//! reader (most significant bit first), and base64url without padding.

/// Bits appended most significant first; the last byte is padded with zeros.
#[derive(Default)]
pub struct BitWriter {
    bytes: Vec<u8>,
    /// Bits used in the last byte (0 = a new byte starts at the next bit).
    used: u32,
}

impl BitWriter {
    /// Writes the low `width` bits of `value` (width <= 64).
    pub fn write(&mut self, value: u64, width: u32) {
        for i in (0..width).rev() {
            if self.used == 0 {
                self.bytes.push(0);
            }
            let bit = ((value >> i) & 1) as u8;
            *self.bytes.last_mut().expect("a byte was pushed") |= bit << (7 - self.used);
            self.used = (self.used + 1) % 8;
        }
    }

    /// A whole number in groups of 7 bits, lowest first, each behind a bit saying "more".
    pub fn write_varint(&mut self, mut value: u64) {
        loop {
            let group = value & 0x7f;
            value >>= 7;
            self.write(u64::from(value != 0), 1);
            self.write(group, 7);
            if value == 0 {
                return;
            }
        }
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

/// Reads what [`BitWriter`] wrote; `None` when the bytes run out.
pub struct BitReader<'a> {
    bytes: &'a [u8],
    bit: usize,
}

impl<'a> BitReader<'a> {
    pub fn new(bytes: &'a [u8]) -> BitReader<'a> {
        BitReader { bytes, bit: 0 }
    }

    pub fn read(&mut self, width: u32) -> Option<u64> {
        if self.bit + width as usize > self.bytes.len() * 8 {
            return None;
        }
        let mut value = 0u64;
        for _ in 0..width {
            let byte = self.bytes[self.bit / 8];
            value = (value << 1) | u64::from((byte >> (7 - self.bit % 8)) & 1);
            self.bit += 1;
        }
        Some(value)
    }

    /// `None` when the bytes run out or the number passes 64 bits.
    pub fn read_varint(&mut self) -> Option<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let more = self.read(1)?;
            let group = self.read(7)?;
            if shift == 63 && group > 1 {
                return None;
            }
            value |= group << shift;
            if more == 0 {
                return Some(value);
            }
        }
        None
    }

    /// Whole bytes read so far (the current one counts once a bit of it is read).
    pub fn bytes_read(&self) -> usize {
        self.bit.div_ceil(8)
    }

    /// True when only the zero padding of the last byte is left.
    pub fn at_end(&self) -> bool {
        let rest = self.bytes.len() * 8 - self.bit;
        rest < 8 && (rest == 0 || self.bytes[self.bit / 8] & (0xff >> (self.bit % 8)) == 0)
    }
}

/// The bits needed to tell `k` choices apart: 0 for one, 1 for two, 2 for three or four...
pub fn width(k: usize) -> u32 {
    if k <= 1 {
        0
    } else {
        usize::BITS - (k - 1).leading_zeros()
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// base64url (RFC 4648 section 5) without padding: safe in a URL's fragment and a file name.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |w, (i, &b)| w | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(word >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// A base64url text read: its bytes, whether it was `cut` (its last character group holds
/// a single character, 6 bits, which no byte count gives: that character is dropped), and
/// whether it is `padded` as written (the last character's unused bits are zero; a text
/// whose are not was changed or cut there).
#[derive(Debug, PartialEq, Eq)]
pub struct Decoded {
    pub bytes: Vec<u8>,
    pub cut: bool,
    pub padded: bool,
}

/// Reads base64url; the error is the first character outside it and its index among the
/// text's characters.
pub fn from_base64url(text: &str) -> Result<Decoded, (usize, char)> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    let (mut word, mut bits) = (0u32, 0u32);
    for (i, c) in text.chars().enumerate() {
        let value = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '-' => 62,
            '_' => 63,
            _ => return Err((i, c)),
        };
        word = (word << 6) | value;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((word >> bits) as u8);
            word &= (1 << bits) - 1;
        }
    }
    // 2 or 4 bits left over are the padding of a last partial group; 6 is a cut text.
    let cut = bits == 6;
    Ok(Decoded {
        bytes: out,
        cut,
        padded: !cut && word == 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_matches_rfc_4648_vectors() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64url(plain.as_bytes()), coded);
            let decoded = from_base64url(coded).unwrap();
            assert_eq!(decoded.bytes, plain.as_bytes());
            assert!(!decoded.cut && decoded.padded);
        }
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
        let cut = from_base64url("Zm9vY").unwrap();
        assert_eq!(
            (&cut.bytes[..], cut.cut, cut.padded),
            (&b"foo"[..], true, false)
        );
        // "Zh" decodes to "f" too, but only "Zg" is written: a changed padding bit is told.
        let changed = from_base64url("Zh").unwrap();
        assert_eq!(
            (&changed.bytes[..], changed.cut, changed.padded),
            (&b"f"[..], false, false)
        );
        assert_eq!(from_base64url("Zm+v"), Err((2, '+')));
    }

    #[test]
    fn bits_and_varints_come_back() {
        let mut w = BitWriter::default();
        w.write(5, 3);
        w.write_varint(0);
        w.write_varint(300);
        w.write_varint(u64::MAX);
        w.write(1, 1);
        let bytes = w.into_bytes();
        let mut r = BitReader::new(&bytes);
        assert_eq!(r.read(3), Some(5));
        assert_eq!(r.read_varint(), Some(0));
        assert_eq!(r.read_varint(), Some(300));
        assert_eq!(r.read_varint(), Some(u64::MAX));
        assert_eq!(r.read(1), Some(1));
        assert!(r.at_end());
        assert_eq!(r.read(8), None);
        assert_eq!(
            [width(1), width(2), width(3), width(4), width(5)],
            [0, 1, 2, 2, 3]
        );
        assert_eq!(width(64), 6);
    }
}
