//! Saving and loading a game as JSON. Loading trusts nothing: every field is checked and a
//! bad one is reported by name.
//!
//! Version 2 adds `record`, the game's record as text (see [`crate::record`]); version 1
//! saves, which have none, still load: their record starts at the saved position.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::board::{check_size, Board};
use crate::error::{quoted, GameError};
use crate::game::{Game, Snapshot};
use crate::record::{Mode, Record, Replay};
use crate::rng::GameRng;

pub const FORMAT: &str = "game2048";
pub const VERSION: u32 = 2;
/// The oldest version still read.
pub const OLDEST_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedGame {
    format: String,
    version: u32,
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    record: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedSnapshot {
    cells: Vec<u8>,
    score: u64,
    moves: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rng: Option<[String; 4]>,
}

/// Only the version field, read first so an older save gets a message about its version
/// rather than about whichever field changed.
#[derive(Deserialize)]
struct VersionProbe {
    format: Option<String>,
    #[serde(default)]
    version: VersionField,
}

/// A version as found: a whole number, or anything else (reported, not a parse error).
#[derive(Default)]
enum VersionField {
    Number(u64),
    #[default]
    Other,
}

impl<'de> Deserialize<'de> for VersionField {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = VersionField;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a version number")
            }
            fn visit_u64<E>(self, v: u64) -> Result<VersionField, E> {
                Ok(VersionField::Number(v))
            }
            fn visit_i64<E>(self, _: i64) -> Result<VersionField, E> {
                Ok(VersionField::Other)
            }
            fn visit_f64<E>(self, _: f64) -> Result<VersionField, E> {
                Ok(VersionField::Other)
            }
            fn visit_str<E>(self, _: &str) -> Result<VersionField, E> {
                Ok(VersionField::Other)
            }
            fn visit_bool<E>(self, _: bool) -> Result<VersionField, E> {
                Ok(VersionField::Other)
            }
            fn visit_unit<E>(self) -> Result<VersionField, E> {
                Ok(VersionField::Other)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<VersionField, A::Error> {
                while a.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(VersionField::Other)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<VersionField, A::Error> {
                while a
                    .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(VersionField::Other)
            }
        }
        d.deserialize_any(Visitor)
    }
}

fn rng_to_hex(rng: &GameRng) -> [String; 4] {
    rng.state().map(|w| format!("{w:016x}"))
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
        let saved = SavedGame {
            format: FORMAT.to_string(),
            version: VERSION,
            size: self.board.size() as i64,
            cells: self.board.cells().to_vec(),
            score: self.score,
            moves: self.moves,
            seeded: self.seeded,
            rng: rng_to_hex(&self.rng),
            history: self
                .history
                .iter()
                .skip(skip)
                .map(|s| SavedSnapshot {
                    cells: s.cells.clone(),
                    score: s.score,
                    moves: s.moves,
                    rng: s.rng.as_ref().map(rng_to_hex),
                })
                .collect(),
            record: Some(
                self.record
                    .encode()
                    .unwrap_or_else(|_| unreachable!("a game's record holds the moves it played")),
            ),
        };
        serde_json::to_string(&saved).expect("a saved game always serialises")
    }

    /// Reads a game saved by `to_json`, checking everything.
    pub fn from_json(text: &str) -> Result<Game, GameError> {
        let probe: VersionProbe = serde_json::from_str(text)
            .map_err(|e| GameError::BadState(format!("not readable JSON ({e})")))?;
        if probe.format.as_deref() != Some(FORMAT) {
            return Err(GameError::BadState(format!(
                "format must be {}, got {}",
                quoted(FORMAT),
                probe.format.map_or("nothing".into(), |f| quoted(&f))
            )));
        }
        let version = match probe.version {
            VersionField::Number(v) => Some(v),
            VersionField::Other => None,
        };
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
        let saved: SavedGame =
            serde_json::from_str(text).map_err(|e| GameError::BadState(e.to_string()))?;
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
