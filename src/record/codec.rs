//! The record as text: `2048r1.` then base64url (no padding) of a bit-packed payload and its
//! CRC-32. One format for the share link's fragment, a downloaded file, the replay page and
//! the tests.
//!
//! The bytes: a varint giving the length of the body in bytes (so that a text cut short is told
//! from a changed one), the body, then 4 bytes, big-endian: the CRC-32 of the prefix's bytes
//! followed by the length and the body. The body, most significant bit first, zero-padded to
//! a whole byte:
//!
//! | field | bits |
//! | --- | --- |
//! | size - 3 | 3 |
//! | mode (0 classic, 1 endless) | 1 |
//! | start score | varint (0 for a new game; a game loaded from a version 1 save starts where it was saved) |
//! | number of moves | varint |
//! | start cells: occupied? | 1 per cell, row-major |
//! | start tiles: exponent - 1 | 7 per occupied cell |
//! | each move: direction | its index among the legal moves (`up, right, down, left` order): 0 bits when one is legal, 1 for two, 2 for three or four |
//! | each move: spawn cell | its index among the empty cells after the slide, row-major: ceil(log2(empty)) bits |
//! | each move: spawn tile | 1 bit: 0 a 2, 1 a 4 |
//!
//! A varint is groups of 7 bits, lowest first, each behind a bit that says whether another
//! follows (the length's groups are whole bytes, as it starts the bytes). The widths depend on
//! the position, which the decoder replays as it reads, so every code is read unambiguously,
//! and only legal moves and empty cells can be written at all.
//!
//! Measured: 0.83 characters a move on 4x4 expectimax games, 1.2 to 1.3 on 8x8 (the ignored
//! test `record_size_per_move`). An arithmetic coder of the same choices would save about
//! 15-20% (the test prints its bound); the fixed widths keep the format a page long.

use crate::board::Board;
use crate::limits::MAX_EXPONENT;

use super::bits::{base64url, from_base64url, width, BitReader, BitWriter, Decoded};
use super::error::{MoveProblem, RecordError};
use super::model::{Mode, Record, RecordedMove, MAGIC, VERSION};
use super::step::{slide, spawn, start_board};
use crate::crc32::crc32;

const EXPONENT_BITS: u32 = 7;

fn prefix() -> String {
    [MAGIC, &crate::error::decimal(VERSION.into()), "."].concat()
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
            // The alphabet a move's direction is coded in.
            let legal = board.legal_directions();
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
        let body = w.into_bytes();
        let mut length = BitWriter::default();
        length.write_varint(body.len() as u64);
        let mut bytes = length.into_bytes();
        bytes.extend_from_slice(&body);
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
        let Decoded { bytes, cut, padded } =
            from_base64url(coded).map_err(|(index, character)| RecordError::BadCharacter {
                index: offset + index,
                character,
            })?;
        let prefix = prefix();
        let mut r = BitReader::new(&bytes);
        let declared = r.read_varint();
        let head = r.bytes_read();
        if !cut && padded && bytes.len() >= 4 {
            let (payload, crc) = bytes.split_at(bytes.len() - 4);
            if crc32(&[prefix.as_bytes(), payload]).to_be_bytes() == crc {
                let actual = payload.len().saturating_sub(head);
                return match declared {
                    Some(d) if d == actual as u64 => parse(&payload[head..]),
                    _ => Err(RecordError::BadLength {
                        declared: declared.unwrap_or_default(),
                        actual,
                    }),
                };
            }
        }
        // The checksum does not match: a text shorter than its length field says was cut
        // short, and reading its body as far as it goes names the move where it ends.
        let whole = declared
            .and_then(|d| usize::try_from(d).ok())
            .and_then(|d| d.checked_add(head + 4));
        match whole {
            None => Err(RecordError::Truncated { at: None, moves: 0 }),
            Some(whole) if cut || bytes.len() < whole => {
                let body = &bytes[head.min(bytes.len())..bytes.len().min(whole - 4)];
                match parse(body) {
                    Err(e @ RecordError::Truncated { .. }) => Err(e),
                    _ => Err(RecordError::Truncated { at: None, moves: 0 }),
                }
            }
            Some(_) => Err(RecordError::BadChecksum),
        }
    }
}

/// The body back into a record, replaying every move.
fn parse(body: &[u8]) -> Result<Record, RecordError> {
    let mut r = BitReader::new(body);
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
        let legal = board.legal_directions();
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

#[cfg(test)]
mod tests {
    //! Texts that only a forger writes: a right checksum over a body that breaks the rules.
    //! (Changed and cut texts are in tests/integration/record.rs, through the public API.)
    use super::*;

    fn forge(body: BitWriter, declared: Option<u64>) -> String {
        let body = body.into_bytes();
        let mut bytes = BitWriter::default();
        bytes.write_varint(declared.unwrap_or(body.len() as u64));
        let mut bytes = bytes.into_bytes();
        bytes.extend_from_slice(&body);
        let crc = crc32(&[prefix().as_bytes(), &bytes]);
        bytes.extend_from_slice(&crc.to_be_bytes());
        prefix() + &base64url(&bytes)
    }

    /// A 3x3 classic header at score 0 with `moves` moves and the start `cells`.
    fn header(moves: u64, cells: &[u8]) -> BitWriter {
        let mut w = BitWriter::default();
        w.write(0, 3);
        w.write(0, 1);
        w.write_varint(0);
        w.write_varint(moves);
        for &e in cells {
            w.write(u64::from(e != 0), 1);
        }
        for &e in cells.iter().filter(|&&e| e != 0) {
            w.write(u64::from(e - 1), EXPONENT_BITS);
        }
        w
    }

    fn error(text: &str) -> String {
        Record::decode(text).unwrap_err().to_string()
    }

    #[test]
    fn a_forged_body_is_refused_naming_the_move_and_the_problem() {
        // One 2 in the top middle: right, down and left are legal (2 bits); code 3 is none.
        let mut w = header(1, &[0, 1, 0, 0, 0, 0, 0, 0, 0]);
        w.write(3, 2);
        assert_eq!(
            error(&forge(w, None)),
            "move 1 is corrupt: direction code 3 names none of the 3 legal moves"
        );

        // A 2 and a 4 in the top row: right and down are legal; down leaves 7 empty cells
        // (3 bits), so index 7 is past them.
        let mut w = header(1, &[1, 2, 0, 0, 0, 0, 0, 0, 0]);
        w.write(1, 1);
        w.write(7, 3);
        assert_eq!(
            error(&forge(w, None)),
            "move 1 is corrupt: spawn index 7 is past the 7 empty cells"
        );

        let full = [1, 2, 1, 2, 1, 2, 1, 2, 1];
        assert_eq!(
            error(&forge(header(1, &full), None)),
            "move 1 cannot be played: the game is over (no move changes the board)"
        );
        // The same position with no moves is a finished game.
        assert!(Record::decode(&forge(header(0, &full), None)).is_ok());
    }

    #[test]
    fn a_forged_header_is_refused() {
        let mut w = BitWriter::default();
        w.write(6, 3);
        w.write(0, 1);
        w.write_varint(0);
        w.write_varint(0);
        assert_eq!(
            error(&forge(w, None)),
            "record has board size 9: sizes run from 3 to 8"
        );

        // One occupied cell holding 2^66 (header() cannot: it takes exponents as u8 cells).
        let mut w = BitWriter::default();
        for (value, width) in [(0, 3), (0, 1), (0, 8), (0, 8), (1, 1), (0, 8), (65, 7)] {
            w.write(value, width);
        }
        assert_eq!(
            error(&forge(w, None)),
            "record's start position: cell 0 holds 2^66, above the largest supported tile 2^65"
        );

        assert_eq!(
            error(&forge(BitWriter::default(), None)),
            "record is cut short: it ends inside its header or its checksum"
        );

        let mut w = header(0, &[1, 0, 0, 0, 0, 0, 0, 0, 0]);
        w.write(0, 8);
        w.write(1, 8);
        assert_eq!(
            error(&forge(w, None)),
            "record is corrupt: data follows its last move"
        );

        let w = header(0, &[1, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(
            error(&forge(w, Some(9))),
            "record is corrupt: its length field says 9 bytes, it holds 5"
        );
    }
}
