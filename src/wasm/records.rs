//! Reading back what the play module writes: `Game.fromJSON` (a saved game), `Game.fromRecord`
//! (a game continued from a record), `Replay` (a record replayed and checked, position by
//! position, for the replay page and the review), and `positionProblem` (the editor's check
//! of a hand-made position). The `records` build and the `ai` build, which holds it: the
//! page loads this module when a saved game is there, or for a record.

use wasm_bindgen::prelude::*;

use super::convert::{cells_from, describe, js_error, parse, seed_from, size_from};
use super::game::WasmGame;
use super::reports::records::recorded_move;
use crate::board::{tile_value, Board, Slide};
use crate::game::Game;
use crate::record::{Record, RecordError, Replay};

/// A record's text, or a clear error for anything else.
fn record_from(value: &JsValue) -> Result<Record, JsError> {
    let text = value.as_string().ok_or_else(|| {
        js_error(format!(
            "a game record must be a string, got {}",
            describe(value)
        ))
    })?;
    Record::decode(&text).map_err(js_error)
}

/// A move or position number: undefined/null gives None, else a whole number from 0.
fn number_from(value: &JsValue, what: &str) -> Result<Option<usize>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(&n) => {
            Ok(Some(n as usize))
        }
        _ => Err(js_error(format!(
            "{what} must be a whole number from 0, got {}",
            describe(value)
        ))),
    }
}

/// `Game`'s constructors from saved text (the rest of the class is in `game.rs`).
#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// `Game.fromRecord(text, moveNumber?, seed?)`: the game at move `moveNumber` of a record
    /// (0: its start; absent: its last move), to play on; its own record keeps the moves
    /// before. Throws an Error naming the move and the problem.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(js_name = moveNumber, unchecked_optional_param_type = "number | null")]
        move_number: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Seed | null")] seed: JsValue,
    ) -> Result<WasmGame, JsError> {
        let record = record_from(&text)?;
        let upto = number_from(&move_number, "move number")?;
        let seed = seed_from(&seed)?;
        Game::from_record(&record, upto, seed)
            .map(|inner| WasmGame { inner })
            .map_err(js_error)
    }

    /// `Game.fromJSON(text)`: a game saved by `toJSON`; throws an Error naming what is wrong.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<WasmGame, JsError> {
        let text = text.as_string().ok_or_else(|| {
            js_error(format!(
                "saved game must be a string of JSON, got {}",
                describe(&text)
            ))
        })?;
        Game::from_json(&text)
            .map(|inner| WasmGame { inner })
            .map_err(js_error)
    }
}

/// A record replayed and checked: every position by number, 0 (the start) to `length`.
#[wasm_bindgen(js_name = Replay)]
pub struct WasmReplay {
    inner: Replay,
}

impl WasmReplay {
    fn position(&self, n: JsValue) -> Result<usize, JsError> {
        let moves = self.inner.moves();
        match number_from(&n, "position number")? {
            Some(n) if n <= moves => Ok(n),
            Some(asked) => Err(js_error(RecordError::PastEnd { asked, moves })),
            None => Err(js_error(format!(
                "position number must be a whole number from 0 to {moves}, got {}",
                describe(&n)
            ))),
        }
    }
}

#[wasm_bindgen(js_class = Replay)]
impl WasmReplay {
    /// `new Replay(text)`: throws an Error naming the move and the problem.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<WasmReplay, JsError> {
        let record = record_from(&text)?;
        let inner = Replay::new(&record).map_err(js_error)?;
        Ok(WasmReplay { inner })
    }

    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.inner.size()
    }

    #[wasm_bindgen(getter, unchecked_return_type = "Mode")]
    pub fn mode(&self) -> String {
        self.inner.mode().name().to_string()
    }

    /// How many moves the record holds.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.inner.moves()
    }

    /// True when no move changes the last position.
    #[wasm_bindgen(getter)]
    pub fn over(&self) -> bool {
        self.inner.over()
    }

    /// Tile values after move `n` (0: the start), row-major.
    pub fn cells(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    ) -> Result<Vec<f64>, JsError> {
        let n = self.position(n)?;
        let cells = self.inner.cells(n).unwrap_or_default();
        Ok(cells.iter().map(|&e| tile_value(e) as f64).collect())
    }

    pub fn score(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    ) -> Result<f64, JsError> {
        let n = self.position(n)?;
        Ok(self.inner.score(n).unwrap_or_default() as f64)
    }

    /// True when a 2048 tile (or larger) is on the board after move `n`.
    pub fn won(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    ) -> Result<bool, JsError> {
        let n = self.position(n)?;
        Ok(self.inner.won(n).unwrap_or_default())
    }

    /// Move `n` (1 to `length`): `{dir, spawn: {value, at: [row, col]}}`.
    #[wasm_bindgen(js_name = "move", unchecked_return_type = "RecordedMove")]
    pub fn recorded(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    ) -> Result<JsValue, JsError> {
        let number = self.position(n)?;
        let m = self
            .inner
            .recorded(number)
            .ok_or_else(|| js_error("move 0 is the start: moves are numbered from 1"))?;
        Ok(parse(&recorded_move(&m, self.inner.size())))
    }

    /// What the tiles did in move `n` (1 to `length`), to animate it: a flat list of triples
    /// `from, to, exponent` (cell indices, row-major, of position n - 1): exponent 0 for a tile
    /// that slid, else the merged tile's exponent (a merge lists both its tiles). Tiles that
    /// stay are not listed. (Numbers, not objects: a few bytes of the page's module.)
    pub fn slides(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    ) -> Result<Vec<u32>, JsError> {
        let number = self.position(n)?;
        let slides = self
            .inner
            .slides(number)
            .ok_or_else(|| js_error("move 0 is the start: moves are numbered from 1"))?;
        let mut out = Vec::with_capacity(slides.len() * 3);
        for s in slides {
            match s {
                Slide::Move { from, to } => out.extend([from as u32, to as u32, 0]),
                Slide::Merge { from, to, exponent } => {
                    for f in from {
                        out.extend([f as u32, to as u32, u32::from(exponent)]);
                    }
                }
            }
        }
        Ok(out)
    }
}

/// `positionProblem(cells, size)`: why a hand-made position cannot be played from (a tile too
/// large for the size, an empty board, no move), as words; undefined when it can. Throws on cells
/// that are not tiles.
#[wasm_bindgen(js_name = positionProblem)]
pub fn position_problem(
    #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] cells: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] size: JsValue,
) -> Result<Option<String>, JsError> {
    let size = size_from(&size)?;
    let board = Board::from_values(size, &cells_from(&cells)?).map_err(js_error)?;
    Ok(board.setup_problem())
}
