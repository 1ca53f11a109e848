//! Saving and loading a game as JSON. Loading trusts nothing: every field is checked and a
//! bad one is reported by name.
//!
//! Version 2 adds `record`, the game's record as text (see [`crate::record`]); version 1
//! saves, which have none, still load: their record starts at the saved position.

use std::collections::VecDeque;

use crate::board::{check_size, Board};
use crate::error::{quoted, GameError};
use crate::game::{Game, Snapshot};
use crate::json::read::{self, JsonError, Node, Value};
use crate::json::write;
use crate::record::{Mode, Record, Replay};
use crate::rng::GameRng;

pub const FORMAT: &str = "game2048";
pub const VERSION: u32 = 2;
/// The oldest version still read.
pub const OLDEST_VERSION: u32 = 1;

/// The saved game as JSON holds it (read by hand, `read::read`: every field checked, unknown
/// ones refused, serde's messages).
struct SavedGame {
    size: i64,
    /// Exponents, row-major (0 = empty, 1 = 2, ...).
    cells: Vec<u8>,
    score: u64,
    moves: u64,
    seeded: bool,
    /// The generator's state as four hex words (JSON numbers cannot hold 64 bits in JS).
    rng: [String; 4],
    /// Oldest first.
    history: Vec<SavedSnapshot>,
    /// The record's text (version 2 on; the record holds the mode).
    record: Option<String>,
}

struct SavedSnapshot {
    cells: Vec<u8>,
    score: u64,
    moves: u64,
    rng: Option<[String; 4]>,
}

const GAME_FIELDS: [&str; 10] = [
    "format", "version", "size", "cells", "score", "moves", "seeded", "rng", "history", "record",
];
const SNAPSHOT_FIELDS: [&str; 4] = ["cells", "score", "moves", "rng"];

fn cells_of(node: &Node) -> Result<Vec<u8>, JsonError> {
    read::array(node, "a sequence")?
        .iter()
        .map(|c| read::unsigned(c, u8::MAX as u64, "u8").map(|v| v as u8))
        .collect()
}

fn u64_of(node: &Node) -> Result<u64, JsonError> {
    read::unsigned(node, u64::MAX, "u64")
}

/// `Option<T>`: null is None.
fn optional<T>(
    node: &Node,
    read: impl FnOnce(&Node) -> Result<T, JsonError>,
) -> Result<Option<T>, JsonError> {
    match node.value {
        Value::Null => Ok(None),
        _ => read(node).map(Some),
    }
}

fn snapshot_of(node: &Node) -> Result<SavedSnapshot, JsonError> {
    let (mut cells, mut score, mut moves, mut rng) = (None, None, None, None);
    read::fields(node, "SavedSnapshot", &SNAPSHOT_FIELDS, 3, true, |k, v| {
        match k {
            0 => cells = Some(cells_of(v)?),
            1 => score = Some(u64_of(v)?),
            2 => moves = Some(u64_of(v)?),
            _ => rng = optional(v, read::four_strings)?,
        }
        Ok(())
    })?;
    Ok(SavedSnapshot {
        cells: cells.ok_or_else(|| read::missing(node, "cells"))?,
        score: score.ok_or_else(|| read::missing(node, "score"))?,
        moves: moves.ok_or_else(|| read::missing(node, "moves"))?,
        rng,
    })
}

/// The whole saved game, once its format and version are known good.
fn saved_of(node: &Node) -> Result<SavedGame, JsonError> {
    let (mut size, mut cells, mut score, mut moves) = (None, None, None, None);
    let (mut seeded, mut rng, mut history, mut record) = (None, None, None, None);
    let seen = read::fields(node, "SavedGame", &GAME_FIELDS, 9, true, |k, v| {
        match k {
            0 => drop(read::string(v)?),
            1 => drop(read::unsigned(v, u32::MAX as u64, "u32")?),
            2 => size = Some(read::signed(v)?),
            3 => cells = Some(cells_of(v)?),
            4 => score = Some(u64_of(v)?),
            5 => moves = Some(u64_of(v)?),
            6 => seeded = Some(read::boolean(v)?),
            7 => rng = Some(read::four_strings(v)?),
            8 => {
                history = Some(
                    read::array(v, "a sequence")?
                        .iter()
                        .map(snapshot_of)
                        .collect::<Result<Vec<_>, _>>()?,
                )
            }
            _ => record = optional(v, read::string)?,
        }
        Ok(())
    })?;
    for (k, name) in GAME_FIELDS.iter().enumerate().take(2) {
        if !seen[k] {
            return Err(read::missing(node, name));
        }
    }
    Ok(SavedGame {
        size: size.ok_or_else(|| read::missing(node, "size"))?,
        cells: cells.ok_or_else(|| read::missing(node, "cells"))?,
        score: score.ok_or_else(|| read::missing(node, "score"))?,
        moves: moves.ok_or_else(|| read::missing(node, "moves"))?,
        seeded: seeded.ok_or_else(|| read::missing(node, "seeded"))?,
        rng: rng.ok_or_else(|| read::missing(node, "rng"))?,
        history: history.ok_or_else(|| read::missing(node, "history"))?,
        record,
    })
}

/// The format and the version, read first so an older save gets a message about its
/// version rather than about whichever field changed. The version is a whole number or
/// None (anything else, or absent: reported, not a parse error).
fn probe(node: &Node) -> Result<(Option<String>, Option<u64>), JsonError> {
    let (mut format, mut version) = (None, None);
    read::fields(
        node,
        "VersionProbe",
        &["format", "version"],
        0,
        false,
        |k, v| {
            match k {
                0 => format = optional(v, read::string)?,
                _ => {
                    if let Value::Unsigned(n) = v.value {
                        version = Some(n);
                    }
                }
            }
            Ok(())
        },
    )?;
    Ok((format, version))
}

fn write_cells(out: &mut String, cells: &[u8]) {
    write::list(out, cells, |out, &c| write::whole(out, c.into()));
}

fn write_rng(out: &mut String, rng: &GameRng) {
    write::list(out, rng_to_hex(rng), |out, word| write::string(out, &word));
}

fn rng_to_hex(rng: &GameRng) -> [String; 4] {
    rng.state().map(hex_word)
}

/// A 64-bit word as 16 lowercase hex digits (what `{:016x}` writes, without `core::fmt`).
fn hex_word(w: u64) -> String {
    (0..16)
        .rev()
        .map(|i| char::from(b"0123456789abcdef"[((w >> (4 * i)) & 15) as usize]))
        .collect()
}

fn rng_from_hex(words: &[String; 4], field: &str) -> Result<GameRng, GameError> {
    let mut state = [0u64; 4];
    for (slot, word) in state.iter_mut().zip(words) {
        *slot = u64::from_str_radix(word, 16).map_err(|_| {
            GameError::BadState(format!(
                "{field} holds {}, not a 64-bit hex word",
                quoted(word)
            ))
        })?;
    }
    GameRng::from_state(state)
        .ok_or_else(|| GameError::BadState(format!("{field} is all zero, which no game reaches")))
}

fn check_position(size: usize, cells: Vec<u8>, score: u64, what: &str) -> Result<Board, GameError> {
    let board = Board::from_exponents(size, cells).map_err(|e| match e {
        GameError::BadCellCount { expected, got, .. } => GameError::BadState(format!(
            "{what} has {got} cells, a {size}x{size} board has {expected}"
        )),
        other => GameError::BadState(format!("{what}: {other}")),
    })?;
    if !score.is_multiple_of(4) {
        return Err(GameError::BadState(format!(
            "{what} has score {score}, but every merge adds a multiple of 4"
        )));
    }
    // No lower bound from the tiles: a game started from given cells (`fromCells`) holds
    // large tiles at score 0, and its save must load.
    Ok(board)
}

impl Game {
    /// The game as JSON, with at most `max_history` moves of undo history (the most recent).
    pub fn to_json(&self, max_history: Option<usize>) -> String {
        let keep = max_history.unwrap_or(usize::MAX).min(self.history.len());
        let skip = self.history.len() - keep;
        // serde_json's compact form, field by field, as the derived writer wrote it.
        let mut out = String::with_capacity(256 + keep * 80);
        out.push('{');
        write::key(&mut out, "format", true);
        write::string(&mut out, FORMAT);
        write::key(&mut out, "version", false);
        write::whole(&mut out, VERSION.into());
        write::key(&mut out, "size", false);
        write::whole(&mut out, self.board.size() as u64);
        write::key(&mut out, "cells", false);
        write_cells(&mut out, self.board.cells());
        write::key(&mut out, "score", false);
        write::whole(&mut out, self.score);
        write::key(&mut out, "moves", false);
        write::whole(&mut out, self.moves);
        write::key(&mut out, "seeded", false);
        write::boolean(&mut out, self.seeded);
        write::key(&mut out, "rng", false);
        write_rng(&mut out, &self.rng);
        write::key(&mut out, "history", false);
        write::list(&mut out, self.history.iter().skip(skip), |out, s| {
            out.push('{');
            write::key(out, "cells", true);
            write_cells(out, &s.cells);
            write::key(out, "score", false);
            write::whole(out, s.score);
            write::key(out, "moves", false);
            write::whole(out, s.moves);
            if let Some(rng) = &s.rng {
                write::key(out, "rng", false);
                write_rng(out, rng);
            }
            out.push('}');
        });
        write::key(&mut out, "record", false);
        write::string(
            &mut out,
            &self
                .record
                .encode()
                .unwrap_or_else(|_| unreachable!("a game's record holds the moves it played")),
        );
        out.push('}');
        out
    }

    /// Reads a game saved by `to_json`, checking everything.
    pub fn from_json(text: &str) -> Result<Game, GameError> {
        let unreadable =
            |e: JsonError| GameError::BadState(format!("not readable JSON ({})", e.describe(text)));
        let root = read::parse(text).map_err(unreadable)?;
        let (format, version) = probe(&root).map_err(unreadable)?;
        if format.as_deref() != Some(FORMAT) {
            return Err(GameError::BadState(format!(
                "format must be {}, got {}",
                quoted(FORMAT),
                format.map_or("nothing".into(), |f| quoted(&f))
            )));
        }
        match version {
            Some(v) if (OLDEST_VERSION as u64..=VERSION as u64).contains(&v) => {}
            Some(v) if v < OLDEST_VERSION as u64 => {
                return Err(GameError::BadState(format!(
                    "version {v} is older than this game reads (version {OLDEST_VERSION})"
                )))
            }
            Some(v) => {
                return Err(GameError::BadState(format!(
                    "version {v} is newer than this game reads (version {VERSION})"
                )))
            }
            None => {
                return Err(GameError::BadState(
                    "version is missing or not a whole number".into(),
                ))
            }
        }
        let saved = saved_of(&root).map_err(|e| GameError::BadState(e.describe(text)))?;
        let size = check_size(saved.size).map_err(|e| GameError::BadState(e.to_string()))?;
        let board = check_position(size, saved.cells, saved.score, "the board")?;
        let rng = rng_from_hex(&saved.rng, "rng")?;
        if saved.history.len() as u64 > saved.moves {
            return Err(GameError::BadState(format!(
                "history holds {} moves, but only {} were played",
                saved.history.len(),
                saved.moves
            )));
        }
        let mut history = VecDeque::with_capacity(saved.history.len());
        let mut last = (0u64, 0u64);
        for (i, s) in saved.history.into_iter().enumerate() {
            let what = format!("history entry {i}");
            if (s.moves, s.score) < last || s.moves >= saved.moves || s.score > saved.score {
                return Err(GameError::BadState(format!(
                    "{what} (move {}, score {}) is out of order with the game",
                    s.moves, s.score
                )));
            }
            last = (s.moves, s.score);
            let board = check_position(size, s.cells, s.score, &what)?;
            let rng = match &s.rng {
                Some(words) => Some(rng_from_hex(words, &format!("{what} rng"))?),
                None if saved.seeded => {
                    return Err(GameError::BadState(format!(
                        "{what} has no rng, which a seeded game keeps"
                    )))
                }
                None => None,
            };
            history.push_back(Snapshot {
                cells: board.cells().to_vec(),
                score: s.score,
                moves: s.moves,
                rng,
            });
        }
        let record = match (version, saved.record) {
            (Some(1), None) => {
                Record::starting_at(size, Mode::Classic, board.cells().to_vec(), saved.score)
            }
            (Some(1), Some(_)) => {
                return Err(GameError::BadState(
                    "record is not part of a version 1 save".into(),
                ))
            }
            (_, None) => {
                return Err(GameError::BadState(format!(
                    "record is missing, which a version {VERSION} save holds"
                )))
            }
            (_, Some(text)) => check_record(&text, &board, saved.score, saved.moves, &history)?,
        };
        Ok(Game::restore(
            board,
            saved.score,
            saved.moves,
            rng,
            saved.seeded,
            history,
            record,
        ))
    }
}

/// The saved record, which must end on the saved position and agree with the undo history
/// where both reach (undo takes a move off the record for every entry it uses).
fn check_record(
    text: &str,
    board: &Board,
    score: u64,
    moves: u64,
    history: &VecDeque<Snapshot>,
) -> Result<Record, GameError> {
    let record = Record::decode(text).map_err(|e| GameError::BadState(format!("record: {e}")))?;
    if record.size != board.size() {
        return Err(GameError::BadState(format!(
            "record is of a {0}x{0} board, the game of a {1}x{1} one",
            record.size,
            board.size()
        )));
    }
    let replay = Replay::new(&record).map_err(|e| GameError::BadState(format!("record: {e}")))?;
    let last = replay.moves();
    if last as u64 > moves {
        return Err(GameError::BadState(format!(
            "record holds {last} moves, but only {moves} were played"
        )));
    }
    if replay.cells(last) != Some(board.cells()) || replay.score(last) != Some(score) {
        return Err(GameError::BadState(
            "record does not end on the saved board and score".into(),
        ));
    }
    for (back, snapshot) in history.iter().rev().take(last).enumerate() {
        let n = last - 1 - back;
        if replay.cells(n) != Some(&snapshot.cells[..]) || replay.score(n) != Some(snapshot.score) {
            return Err(GameError::BadState(format!(
                "history entry {} is not the record's position after move {n}",
                history.len() - 1 - back
            )));
        }
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::hex_word;

    #[test]
    fn hex_words_are_what_format_writes() {
        for w in [
            0,
            1,
            0xf,
            0x10,
            0xdead_beef,
            0x0123_4567_89ab_cdef,
            u64::MAX,
            1 << 63,
        ] {
            assert_eq!(hex_word(w), format!("{w:016x}"));
        }
    }
}
