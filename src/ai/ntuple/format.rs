//! The weights file: one network, versioned, checked. Little-endian throughout.
//!
//! | offset | bytes | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `2048ntw\n` |
//! | 8 | 2 | version: 1; 2 for `c8`; 3 for encoding 2; 4 for stages (a reader of version 4 reads all four) |
//! | 10 | 1 | levels (2..16: exponents told apart per cell) |
//! | 11 | 1 | tuples T (1..16) |
//! | 12 | 1 | quantisation: 0 `f32`, 1 `i16`, 2 `i8`, 3 `c8` (version 2) |
//! | 13 | 1 | encoding: 0 raw, 1 zero runs, 2 planes (version 3) |
//! | 14 | 2 | version 4: the exponents where stages 1 and 2 begin (0: no such stage); else 0 |
//! | 16 | 4 | scale (`f32`; weight = stored value x scale; 1 for `f32` and `c8`) |
//! | 20 | 8 | payload length in bytes |
//! | 28 | T x (1 + cells) | each tuple: its cell count, then its cells (0..15, row-major), the one that is the highest digit of the tuple's index first (a [`Shape`] lists them lowest first) |
//! | .. | payload | `c8` only: a codebook of 256 `f32` per table (S stages x T tuples; the weight = its book[code]); then the weights (codes for `c8`), stage by stage, tuple by tuple, in the table order of `shape.rs` |
//! | end | 4 | CRC-32 of every byte before it |
//!
//! Encoding 1 (zero runs) stores the weights as pairs: a LEB128 count of zero weights, a
//! LEB128 count of literal weights, then those weights. Entries training never reached stay 0,
//! and a 6-tuple network leaves most of them there, so this halves a file or better.
//!
//! Encoding 2 (planes) stores first where the weights that are not 0 lie, as pairs: a LEB128
//! count of zero weights, a LEB128 count of weights that are not 0, until the pairs cover every
//! weight. Then those weights' bytes a byte at a time: every weight's first (lowest) byte in
//! order, then every weight's second, and so on. A weight's high bytes are mostly alike, so
//! gzip packs the planes better than the weights' bytes side by side: an `i16` 4x6 network
//! with 5.3 M weights kept is 9.4 MB gzipped this way, 11.7 MB with zero runs. A reader learns how many values
//! follow before they arrive, and `i16` weights read straight into their sparse form.
//!
//! Files of the first three kinds are written as version 1, byte for byte as before `c8`;
//! `c8` as version 2; any file with encoding 2 as version 3; a network of more than one stage
//! as version 4, whatever its encoding.
//!
//! Reading ([`read`](super::read)) checks, in order: the magic, the version, that the file is as long as its header
//! says, the checksum, then the shape and the payload; each failure is a [`WeightsError`] that
//! names it.

use std::fmt;

use super::network::{Network, Weights};
use crate::crc32::crc32;

pub const MAGIC: &[u8; 8] = b"2048ntw\n";
/// The newest version written and read (version 1 files still read).
pub const VERSION: u16 = 4;
pub(crate) const HEADER: usize = 28;

/// How the weights sit in the payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Raw,
    ZeroRuns,
    /// Where the weights that are not 0 lie, then their bytes plane by plane (version 3).
    Planes,
}

impl Encoding {
    pub const ALL: [Encoding; 3] = [Encoding::Raw, Encoding::ZeroRuns, Encoding::Planes];
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

/// Byte `plane` of weight `i` as stored (0 the lowest).
fn weight_byte(weights: &Weights, i: usize, plane: usize) -> u8 {
    match weights {
        Weights::F32(v) => v[i].to_le_bytes()[plane],
        Weights::I16 { values, .. } => values.get(i).to_le_bytes()[plane],
        Weights::I8 { values, .. } => values[i] as u8,
        Weights::C8 { codes, .. } => codes[i],
    }
}

/// The weight `i` as its stored bytes.
fn weight_bytes(weights: &Weights, i: usize, out: &mut Vec<u8>) {
    match weights {
        Weights::F32(v) => out.extend_from_slice(&v[i].to_le_bytes()),
        Weights::I16 { values, .. } => out.extend_from_slice(&values.get(i).to_le_bytes()),
        Weights::I8 { values, .. } => out.push(values[i] as u8),
        Weights::C8 { codes, .. } => out.push(codes[i]),
    }
}

fn is_zero(weights: &Weights, i: usize) -> bool {
    match weights {
        Weights::F32(v) => v[i].to_bits() == 0,
        Weights::I16 { values, .. } => values.get(i) == 0,
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
        Encoding::Planes => {
            // Each run of weights that are not 0: its first weight and its end.
            let mut runs = Vec::new();
            let mut i = 0;
            loop {
                let zeros_from = i;
                while i < n && is_zero(weights, i) {
                    i += 1;
                }
                let values_from = i;
                while i < n && !is_zero(weights, i) {
                    i += 1;
                }
                put_leb(&mut out, (values_from - zeros_from) as u64);
                put_leb(&mut out, (i - values_from) as u64);
                runs.push(values_from..i);
                if i == n {
                    break;
                }
            }
            for plane in 0..weights.quantisation().width() {
                for run in &runs {
                    out.extend(run.clone().map(|i| weight_byte(weights, i, plane)));
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
    let stages = shape.stages();
    let version: u16 = match (encoding, quant) {
        _ if !stages.is_empty() => 4,
        (Encoding::Planes, _) => 3,
        (_, 3) => 2,
        _ => 1,
    };
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
        Encoding::Planes => 2,
    });
    out.extend_from_slice(&[
        stages.first().copied().unwrap_or(0),
        stages.get(1).copied().unwrap_or(0),
    ]);
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
