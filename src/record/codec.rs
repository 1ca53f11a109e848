//! The record as text: `2048r1.` then base64url (no padding) of a bit-packed payload and its
//! CRC-32. One format for the share link's fragment, a downloaded file, the replay page and
//! the tests.
//!
//! The payload, most significant bit first, zero-padded to a whole byte:
//!
//! | field | bits |
//! | --- | --- |
//! | size - 3 | 3 |
//! | mode (0 classic, 1 endless) | 1 |
//! | start score | varint: groups of 7 bits, lowest first, each behind a "more" bit |
//! | number of moves | varint |
//! | start cells: occupied? | 1 per cell, row-major |
//! | start tiles: exponent - 1 | 7 per occupied cell |
//! | each move: direction | its index among the legal moves (`up, right, down, left` order): 0 bits when one is legal, 1 for two, 2 for three or four |
//! | each move: spawn cell | its index among the empty cells after the slide, row-major: ceil(log2(empty)) bits |
//! | each move: spawn tile | 1 bit: 0 a 2, 1 a 4 |
//!
//! Then 4 bytes, big-endian: the CRC-32 of the prefix's bytes followed by the payload's. The
//! widths depend on the position, which the decoder replays as it reads, so every code is
//! read unambiguously, and only legal moves and empty cells can be written at all.

use crate::board::Board;
use crate::limits::MAX_EXPONENT;

use super::bits::{base64url, crc32, from_base64url, width, Base64Error, BitReader, BitWriter};
use super::error::{MoveProblem, RecordError};
use super::model::{Mode, Record, RecordedMove, MAGIC, VERSION};
use super::step::{legal_directions, slide, spawn, start_board};

const EXPONENT_BITS: u32 = 7;

fn prefix() -> String {
    format!("{MAGIC}{VERSION}.")
}

impl Record {
    /// The record as text. Fails (naming the move) when the record breaks the rules: a move
    /// that changes nothing, a spawn on a tile or outside the board, a spawn that is not a 2
    /// or a 4.
    pub fn encode(&self) -> Result<String, RecordError> {
        let mut board = start_board(self.size, &self.start)?;
        let mut w = BitWriter::default();
        w.write((self.size - crate::limits::MIN_SIZE) as u64, 3);
        w.write(u64::from(self.mode == Mode::Endless), 1);
        w.write_varint(self.start_score);
        w.write_varint(self.moves.len() as u64);
        for &e in board.cells() {
            w.write(u64::from(e != 0), 1);
        }
        for &e in board.cells().iter().filter(|&&e| e != 0) {
            w.write(u64::from(e - 1), EXPONENT_BITS);
        }
        for (i, m) in self.moves.iter().enumerate() {
            let number = i + 1;
            let legal = legal_directions(&board);
            slide(&mut board, m.dir, number)?;
            let code = legal.iter().position(|&d| d == m.dir).unwrap_or_default();
            w.write(code as u64, width(legal.len()));
            let empty = board.empty_count();
            let cell = usize::from(m.spawn_cell);
            let index = board.cells()[..cell.min(board.cells().len())]
                .iter()
                .filter(|&&e| e == 0)
                .count();
            spawn(&mut board, cell, m.spawn_exponent, number)?;
            w.write(index as u64, width(empty));
            w.write(u64::from(m.spawn_exponent == 2), 1);
        }
        let mut bytes = w.into_bytes();
        let prefix = prefix();
        let crc = crc32(&[prefix.as_bytes(), &bytes]);
        bytes.extend_from_slice(&crc.to_be_bytes());
        Ok(prefix + &base64url(&bytes))
    }

    /// Reads a record's text, checking everything: the prefix and version, the characters,
    /// the checksum, and every move against the rules. Spaces around the text are ignored.
    pub fn decode(text: &str) -> Result<Record, RecordError> {
        let text = text.trim();
        let rest = text.strip_prefix(MAGIC).ok_or(RecordError::NotARecord)?;
        let (version, coded) = rest.split_once('.').ok_or(RecordError::NotARecord)?;
        if version != VERSION.to_string() {
            return Err(RecordError::UnknownVersion(
                version.chars().take(20).collect(),
            ));
        }
        let offset = MAGIC.len() + version.len() + 1;
        let bad_character = |index: usize, character| RecordError::BadCharacter {
            index: offset + index,
            character,
        };
        let (bytes, cut) = match from_base64url(coded) {
            Ok(bytes) => (bytes, false),
            Err(Base64Error::BadCharacter(i, c)) => return Err(bad_character(i, c)),
            Err(Base64Error::Cut) => match from_base64url(&coded[..coded.len() - 1]) {
                Ok(bytes) => (bytes, true),
                Err(Base64Error::BadCharacter(i, c)) => return Err(bad_character(i, c)),
                Err(Base64Error::Cut) => unreachable!("one character less is never cut"),
            },
        };
        let prefix = prefix();
        if !cut && bytes.len() >= 4 {
            let (payload, crc) = bytes.split_at(bytes.len() - 4);
            if crc32(&[prefix.as_bytes(), payload]).to_be_bytes() == crc {
                return parse(payload);
            }
        }
        // The checksum does not match, or the text was cut inside a character group. Reading
        // the payload as far as it goes tells a text cut short (which ends inside a move) from
        // a changed one.
        let payload = &bytes[..bytes.len().saturating_sub(if cut { 0 } else { 4 })];
        match parse(payload) {
            Err(e @ RecordError::Truncated { .. }) => Err(e),
            _ if cut => Err(RecordError::Truncated { at: None, moves: 0 }),
            _ => Err(RecordError::BadChecksum),
        }
    }
}

/// The payload (without its checksum) back into a record, replaying every move.
fn parse(payload: &[u8]) -> Result<Record, RecordError> {
    let mut r = BitReader::new(payload);
    let header = |value: Option<u64>| value.ok_or(RecordError::Truncated { at: None, moves: 0 });
    let size = header(r.read(3))? as usize + crate::limits::MIN_SIZE;
    let mode = if header(r.read(1))? == 1 {
        Mode::Endless
    } else {
        Mode::Classic
    };
    let start_score = header(r.read_varint())?;
    let moves = header(r.read_varint())?;
    if size > crate::limits::MAX_SIZE {
        return Err(RecordError::BadSize(size));
    }
    let mut start = Vec::with_capacity(size * size);
    for _ in 0..size * size {
        start.push(header(r.read(1))? as u8);
    }
    for (cell, e) in start.iter_mut().enumerate().filter(|(_, e)| **e != 0) {
        let exponent = header(r.read(EXPONENT_BITS))? + 1;
        if exponent > u64::from(MAX_EXPONENT) {
            return Err(RecordError::BadStart(format!(
                "cell {cell} holds 2^{exponent}, above the largest supported tile 2^{MAX_EXPONENT}"
            )));
        }
        *e = exponent as u8;
    }
    let mut board: Board = start_board(size, &start)?;
    let mut record = Record {
        size,
        mode,
        start,
        start_score,
        moves: Vec::new(),
    };
    for number in 1..=moves {
        let number = number as usize;
        let cut = RecordError::Truncated {
            at: Some(number),
            moves,
        };
        let legal = legal_directions(&board);
        if legal.is_empty() {
            let problem = MoveProblem::GameOver;
            return Err(RecordError::Move { number, problem });
        }
        let code = r.read(width(legal.len())).ok_or(cut.clone())?;
        let Some(&dir) = legal.get(code as usize) else {
            let problem = MoveProblem::BadDirectionCode {
                code,
                legal: legal.len(),
            };
            return Err(RecordError::Move { number, problem });
        };
        slide(&mut board, dir, number)?;
        let empty: Vec<usize> = board.empty_cells().collect();
        let index = r.read(width(empty.len())).ok_or(cut.clone())?;
        let Some(&cell) = empty.get(index as usize) else {
            let problem = MoveProblem::BadSpawnIndex {
                index,
                empty: empty.len(),
            };
            return Err(RecordError::Move { number, problem });
        };
        let spawn_exponent = r.read(1).ok_or(cut)? as u8 + 1;
        spawn(&mut board, cell, spawn_exponent, number)?;
        record.moves.push(RecordedMove {
            dir,
            spawn_cell: cell as u8,
            spawn_exponent,
        });
    }
    if !r.at_end() {
        return Err(RecordError::TrailingData);
    }
    Ok(record)
}
