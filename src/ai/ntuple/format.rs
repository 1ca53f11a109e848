//! The weights file: one network, versioned, checked. Little-endian throughout.
//!
//! | offset | bytes | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `2048ntw\n` |
//! | 8 | 2 | version: 1, or 2 for `c8` (a reader of version 2 reads both) |
//! | 10 | 1 | levels (2..16: exponents told apart per cell) |
//! | 11 | 1 | tuples T (1..16) |
//! | 12 | 1 | quantisation: 0 `f32`, 1 `i16`, 2 `i8`, 3 `c8` (version 2) |
//! | 13 | 1 | encoding: 0 raw, 1 zero runs |
//! | 14 | 2 | reserved, 0 |
//! | 16 | 4 | scale (`f32`; weight = stored value x scale; 1 for `f32` and `c8`) |
//! | 20 | 8 | payload length in bytes |
//! | 28 | T x (1 + cells) | each tuple: its cell count, then its cells (0..15, row-major), the one that is the highest digit of the tuple's index first (a [`Shape`] lists them lowest first) |
//! | .. | payload | `c8` only: T codebooks of 256 `f32` (tuple t's weight = its book[code]); then the weights (codes for `c8`), tuple by tuple, in the table order of `shape.rs` |
//! | end | 4 | CRC-32 of every byte before it |
//!
//! Encoding 1 (zero runs) stores the weights as pairs: a LEB128 count of zero weights, a
//! LEB128 count of literal weights, then those weights. Entries training never reached stay 0,
//! and a 6-tuple network leaves most of them there, so this halves a file or better.
//!
//! Files of the first three kinds are written as version 1, byte for byte as before `c8`.
//!
//! Reading checks, in order: the magic, the version, that the file is as long as its header
//! says, the checksum, then the shape and the payload; each failure is a [`WeightsError`] that
//! names it.

use std::fmt;

use super::network::{Network, Weights};
use crate::record::crc32;

pub const MAGIC: &[u8; 8] = b"2048ntw\n";
/// The newest version written and read (version 1 files still read).
pub const VERSION: u16 = 2;
pub(crate) const HEADER: usize = 28;

/// How the weights sit in the payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Raw,
    ZeroRuns,
}

/// What is wrong with a weights file.
#[derive(Clone, Debug, PartialEq)]
pub enum WeightsError {
    /// Shorter than the fixed header, or than the header says.
    Truncated {
        expected: u64,
        got: usize,
    },
    BadMagic,
    BadVersion(u16),
    /// The bytes are not those written (the checksum does not match).
    BadChecksum,
    /// Longer than the header says.
    TrailingBytes(usize),
    /// A field with a value no writer makes.
    BadField(String),
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Truncated { expected, got } => write!(
                f,
                "weights file is cut short: {got} bytes where its header needs {expected} \
                 (an interrupted download?)"
            ),
            WeightsError::BadMagic => write!(
                f,
                "not a weights file: it does not start with the magic \"2048ntw\""
            ),
            WeightsError::BadVersion(v) => write!(
                f,
                "weights file version {v} is not one this game reads (it reads versions 1 to \
                 {VERSION})"
            ),
            WeightsError::BadChecksum => write!(
                f,
                "weights file is corrupt: its checksum does not match (the bytes were changed)"
            ),
            WeightsError::TrailingBytes(n) => {
                write!(f, "weights file is corrupt: {n} bytes follow its end")
            }
            WeightsError::BadField(what) => write!(f, "weights file is corrupt: {what}"),
        }
    }
}

impl std::error::Error for WeightsError {}

fn put_leb(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// The weight `i` as its stored bytes.
fn weight_bytes(weights: &Weights, i: usize, out: &mut Vec<u8>) {
    match weights {
        Weights::F32(v) => out.extend_from_slice(&v[i].to_le_bytes()),
        Weights::I16 { values, .. } => out.extend_from_slice(&values[i].to_le_bytes()),
        Weights::I8 { values, .. } => out.push(values[i] as u8),
        Weights::C8 { codes, .. } => out.push(codes[i]),
    }
}

fn is_zero(weights: &Weights, i: usize) -> bool {
    match weights {
        Weights::F32(v) => v[i].to_bits() == 0,
        Weights::I16 { values, .. } => values[i] == 0,
        Weights::I8 { values, .. } => values[i] == 0,
        Weights::C8 { codes, .. } => codes[i] == 0,
    }
}

fn payload(weights: &Weights, encoding: Encoding) -> Vec<u8> {
    let n = weights.len();
    let mut out = Vec::new();
    if let Weights::C8 { books, .. } = weights {
        for value in books.iter().flatten() {
            out.extend_from_slice(&value.to_le_bytes());
        }
    }
    match encoding {
        Encoding::Raw => {
            for i in 0..n {
                weight_bytes(weights, i, &mut out);
            }
        }
        Encoding::ZeroRuns => {
            let mut i = 0;
            while i < n {
                let zeros_from = i;
                while i < n && is_zero(weights, i) {
                    i += 1;
                }
                let literals_from = i;
                // A literal run ends at the first run of 4 zeros (shorter ones cost less inline).
                while i < n && !(i + 4 <= n && (i..i + 4).all(|j| is_zero(weights, j))) {
                    i += 1;
                }
                put_leb(&mut out, (literals_from - zeros_from) as u64);
                put_leb(&mut out, (i - literals_from) as u64);
                for j in literals_from..i {
                    weight_bytes(weights, j, &mut out);
                }
            }
        }
    }
    out
}

/// The file for `network`, its weights as they are (quantise first with
/// [`Network::quantised`]).
pub fn encode(network: &Network, encoding: Encoding) -> Vec<u8> {
    let weights = network.weights();
    let shape = network.shape();
    let (quant, scale) = match weights {
        Weights::F32(_) => (0u8, 1.0f32),
        Weights::I16 { scale, .. } => (1, *scale),
        Weights::I8 { scale, .. } => (2, *scale),
        Weights::C8 { .. } => (3, 1.0),
    };
    let version: u16 = if quant == 3 { 2 } else { 1 };
    let body = payload(weights, encoding);
    let mut out = Vec::with_capacity(HEADER + 64 + body.len() + 4);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&version.to_le_bytes());
    out.push(shape.levels());
    out.push(shape.tuples().len() as u8);
    out.push(quant);
    out.push(match encoding {
        Encoding::Raw => 0,
        Encoding::ZeroRuns => 1,
    });
    out.extend_from_slice(&[0, 0]);
    out.extend_from_slice(&scale.to_le_bytes());
    out.extend_from_slice(&(body.len() as u64).to_le_bytes());
    // The file lists a tuple's cells highest digit first, the network lowest first.
    for tuple in shape.tuples() {
        out.push(tuple.len() as u8);
        out.extend(tuple.iter().rev());
    }
    out.extend_from_slice(&body);
    let crc = crc32(&[&out]);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// Reads a weights file, checking everything (see the module's text for the order): a
/// [`Reader`](super::read::Reader) given every byte at once.
pub fn decode(bytes: &[u8]) -> Result<Network, WeightsError> {
    let mut reader = super::read::Reader::new();
    reader.push(bytes)?;
    reader.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::ntuple::network::Quantisation;
    use crate::ai::ntuple::shape::Shape;

    fn network() -> Network {
        let mut net = Network::new(Shape::parse("0,1,2,3;0,1,4,5", 8).unwrap(), 0.0);
        for (i, w) in net.weights_mut().unwrap().iter_mut().enumerate() {
            // Runs of zeros between trained entries, as after training.
            if i % 97 < 30 {
                *w = (i as f32 * 0.37).sin() * 1000.0;
            }
        }
        net
    }

    fn file() -> Vec<u8> {
        encode(&network(), Encoding::ZeroRuns)
    }

    fn c8_file() -> Vec<u8> {
        encode(&network().quantised(Quantisation::C8), Encoding::ZeroRuns)
    }

    /// `bytes` with its checksum made to match again (a writer's bug, not a changed byte).
    fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
        let n = bytes.len() - 4;
        let crc = crc32(&[&bytes[..n]]);
        bytes[n..].copy_from_slice(&crc.to_le_bytes());
        bytes
    }

    #[test]
    fn every_quantisation_and_encoding_reads_back_exactly() {
        for q in Quantisation::ALL {
            for e in [Encoding::Raw, Encoding::ZeroRuns] {
                let net = network().quantised(q);
                let back = decode(&encode(&net, e)).unwrap();
                assert_eq!(back.shape(), net.shape(), "{q:?} {e:?}");
                assert_eq!(back.weights(), net.weights(), "{q:?} {e:?}");
            }
        }
        let raw = encode(&network(), Encoding::Raw).len();
        let runs = file().len();
        assert!(runs < raw * 2 / 3, "zero runs {runs} bytes, raw {raw}");
    }

    #[test]
    fn a_truncated_file_says_it_is_cut_short() {
        let bytes = file();
        for cut in [1, 4, 9, 20, HEADER + 3, bytes.len() / 2, bytes.len() - 1] {
            let err = decode(&bytes[..cut]).unwrap_err();
            assert!(
                matches!(err, WeightsError::Truncated { .. }),
                "cut at {cut}: {err}"
            );
            assert!(err.to_string().contains("cut short"));
        }
    }

    #[test]
    fn a_changed_byte_fails_the_checksum() {
        let bytes = file();
        for at in [16, 40, bytes.len() / 2, bytes.len() - 5, bytes.len() - 1] {
            let mut changed = bytes.clone();
            changed[at] ^= 0x10;
            let err = decode(&changed).unwrap_err();
            assert_eq!(err, WeightsError::BadChecksum, "byte {at}");
            assert!(err.to_string().contains("checksum"));
        }
    }

    #[test]
    fn a_foreign_file_has_the_wrong_magic() {
        let mut bytes = file();
        bytes[0] = b'P';
        assert_eq!(decode(&bytes).unwrap_err(), WeightsError::BadMagic);
        assert_eq!(decode(b"").unwrap_err(), WeightsError::BadMagic);
        let err = decode(b"<!doctype html><html>not found</html>").unwrap_err();
        assert!(err.to_string().contains("not a weights file"), "{err}");
    }

    #[test]
    fn another_version_is_named() {
        let mut bytes = file();
        bytes[8] = 9;
        let err = decode(&bytes).unwrap_err();
        assert_eq!(err, WeightsError::BadVersion(9));
        assert!(err.to_string().contains("version 9"), "{err}");
    }

    #[test]
    fn the_old_kinds_stay_version_1_and_c8_is_version_2() {
        for q in [Quantisation::F32, Quantisation::I16, Quantisation::I8] {
            let bytes = encode(&network().quantised(q), Encoding::ZeroRuns);
            assert_eq!(&bytes[8..10], &[1, 0], "{q:?}");
        }
        let bytes = c8_file();
        assert_eq!(&bytes[8..10], &[2, 0]);
        assert_eq!(bytes[12], 3);
        let back = decode(&bytes).unwrap();
        assert_eq!(back.weights().quantisation(), Quantisation::C8);
        // A byte per weight plus 2 codebooks of 256 values.
        assert_eq!(back.memory_bytes(), back.weights().len() + 2 * 1024);
    }

    #[test]
    fn c8_values_are_the_weights_nearest_codebook_entries() {
        let net = network();
        let c8 = net.quantised(Quantisation::C8);
        let back = decode(&encode(&c8, Encoding::ZeroRuns)).unwrap();
        let mut worst = 0f32;
        for i in 0..net.weights().len() {
            let (w, q) = (net.weights().get(i), back.weights().get(i));
            if w == 0.0 {
                assert_eq!(q, 0.0, "weight {i}: an untrained weight stays 0");
            }
            worst = worst.max((w - q).abs());
        }
        // 2 x 2,401 entries of sines x 1,000 in 255 values a tuple: steps of about 8.
        assert!(worst < 10.0, "a weight moved by {worst}");
    }

    #[test]
    fn a_truncated_c8_file_says_it_is_cut_short() {
        let bytes = c8_file();
        // Inside the header, the codebooks, the codes, and the checksum.
        for cut in [
            9,
            HEADER + 3,
            HEADER + 12 + 500,
            bytes.len() / 2,
            bytes.len() - 1,
        ] {
            let err = decode(&bytes[..cut]).unwrap_err();
            assert!(
                matches!(err, WeightsError::Truncated { .. }),
                "cut at {cut}: {err}"
            );
        }
    }

    #[test]
    fn a_changed_byte_in_a_c8_file_fails_the_checksum() {
        let bytes = c8_file();
        // A codebook value, a code, the checksum itself.
        for at in [HEADER + 12 + 1024 + 7, bytes.len() - 100, bytes.len() - 2] {
            let mut changed = bytes.clone();
            changed[at] ^= 0x01;
            assert_eq!(
                decode(&changed).unwrap_err(),
                WeightsError::BadChecksum,
                "byte {at}"
            );
        }
    }

    #[test]
    fn c8_in_a_version_1_file_or_a_later_version_is_named() {
        let mut bytes = c8_file();
        bytes[8] = 1;
        let err = decode(&resealed(bytes)).unwrap_err();
        assert!(err.to_string().contains("c8) in a version 1 file"), "{err}");
        let mut bytes = c8_file();
        bytes[8] = 3;
        let err = decode(&bytes).unwrap_err();
        assert_eq!(err, WeightsError::BadVersion(3));
        assert!(err.to_string().contains("versions 1 to 2"), "{err}");
    }

    #[test]
    fn a_codebook_that_is_not_numbers_is_named() {
        let mut bytes = c8_file();
        // Tuple 2's codebook, entry 5: a NaN.
        let at = HEADER + 2 * 5 + 1024 + 5 * 4;
        bytes[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
        let err = decode(&resealed(bytes)).unwrap_err();
        assert!(
            err.to_string().contains("tuple 2's codebook holds NaN"),
            "{err}"
        );
    }

    #[test]
    fn a_c8_payload_shorter_than_its_codebooks_is_named() {
        // A writer's bug: the payload length says 100 bytes, the file is as long as that.
        let bytes = c8_file();
        let start = HEADER + 2 * 5;
        let mut short = bytes[..start].to_vec();
        short[20..28].copy_from_slice(&100u64.to_le_bytes());
        short.extend_from_slice(&bytes[start..start + 100]);
        short.extend_from_slice(&[0; 4]);
        let err = decode(&resealed(short)).unwrap_err();
        assert!(
            err.to_string().contains("the codebooks alone need 2048"),
            "{err}"
        );
    }

    #[test]
    fn bytes_after_the_end_are_refused() {
        let mut bytes = file();
        bytes.extend_from_slice(b"xx");
        assert_eq!(decode(&bytes).unwrap_err(), WeightsError::TrailingBytes(2));
    }

    #[test]
    fn a_bad_field_under_a_good_checksum_is_named() {
        // A writer's bug: quantisation 7, with a checksum made to match.
        let mut bytes = file();
        bytes[12] = 7;
        let n = bytes.len() - 4;
        let crc = crc32(&[&bytes[..n]]);
        bytes[n..].copy_from_slice(&crc.to_le_bytes());
        let err = decode(&bytes).unwrap_err();
        assert!(err.to_string().contains("quantisation 7"), "{err}");
        assert!(err.to_string().contains("3 c8"), "{err}");
    }
}
