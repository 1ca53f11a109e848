//! `Game`: a game of 2048 as the page plays it (new games, moves and their transitions,
//! undo, saving, its record as text), and `legalMoves`. Every build: the play module is this
//! file and `catalog.rs`. Reading a saved game or a record back (`Game.fromJSON`,
//! `Game.fromRecord`) is in `records.rs`, an `impl` of its own on the same class.

use wasm_bindgen::prelude::*;

use super::convert::{cells_from, game_error, mode_from, parse, seed_from, size_from};
use super::reports::game::{move_report, tiles};
use crate::board::Board;
use crate::direction::Direction;
use crate::game::Game;

/// A game of 2048 (docs/embed.md, "The engine's JavaScript API", gives the whole API).
#[wasm_bindgen(js_name = Game)]
pub struct WasmGame {
    pub(super) inner: Game,
}

#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// `new Game(size, seed?, mode?)`: a new game with two tiles; mode "classic" (default)
    /// or "endless" labels its record.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] size: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Seed | null")] seed: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Mode | null")] mode: JsValue,
    ) -> Result<WasmGame, JsError> {
        let size = size_from(&size)?;
        let seed = seed_from(&seed)?;
        let mode = mode_from(&mode)?;
        let inner = Game::new(size, seed).map_err(game_error)?.with_mode(mode);
        Ok(WasmGame { inner })
    }

    /// `Game.fromCells(size, cells, seed?, mode?)`: a game from tile values, row-major (0 = empty).
    #[wasm_bindgen(js_name = fromCells)]
    pub fn from_cells(
        #[wasm_bindgen(unchecked_param_type = "number")] size: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] cells: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Seed | null")] seed: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Mode | null")] mode: JsValue,
    ) -> Result<WasmGame, JsError> {
        let size = size_from(&size)?;
        let board = Board::from_values(size, &cells_from(&cells)?).map_err(game_error)?;
        let seed = seed_from(&seed)?;
        let mode = mode_from(&mode)?;
        Ok(WasmGame {
            inner: Game::from_board(board, seed).with_mode(mode),
        })
    }

    /// `g.record()`: the game's record as text (`2048r1.` ...), for a link, a file or a replay.
    pub fn record(&self) -> String {
        self.inner
            .record()
            .encode()
            .unwrap_or_else(|_| unreachable!("a game's record holds the moves it played"))
    }

    /// "classic" or "endless": the label the record carries.
    #[wasm_bindgen(getter, unchecked_return_type = "Mode")]
    pub fn mode(&self) -> String {
        self.inner.mode().name().to_string()
    }

    #[wasm_bindgen(setter)]
    pub fn set_mode(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Mode")] mode: JsValue,
    ) -> Result<(), JsError> {
        self.inner.set_mode(mode_from(&mode)?);
        Ok(())
    }

    /// `g.move(dir)`: null when nothing moves, else the transitions to animate.
    #[wasm_bindgen(js_name = "move", unchecked_return_type = "MoveResult | null")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Direction")] dir: &str,
    ) -> Result<JsValue, JsError> {
        let dir: Direction = dir.parse().map_err(game_error)?;
        Ok(match self.inner.play(dir) {
            Some(report) => parse(&move_report(&report)),
            None => JsValue::NULL,
        })
    }

    /// Tile values, row-major (0 = empty).
    pub fn cells(&self) -> Vec<f64> {
        self.inner.board().values().map(|v| v as f64).collect()
    }

    /// `[{id, value, row, col}]` for rendering.
    #[wasm_bindgen(unchecked_return_type = "Tile[]")]
    pub fn tiles(&self) -> JsValue {
        parse(&tiles(&self.inner.tiles()))
    }

    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// The game as JSON text; `maxHistory` bounds the undo history kept (the latest moves).
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(
        &self,
        #[wasm_bindgen(js_name = maxHistory)] max_history: Option<u32>,
    ) -> String {
        self.inner.to_json(max_history.map(|m| m as usize))
    }

    #[wasm_bindgen(getter)]
    pub fn score(&self) -> f64 {
        self.inner.score() as f64
    }

    #[wasm_bindgen(getter)]
    pub fn won(&self) -> bool {
        self.inner.won()
    }

    #[wasm_bindgen(getter)]
    pub fn over(&self) -> bool {
        self.inner.over()
    }

    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.inner.size()
    }

    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> f64 {
        self.inner.moves() as f64
    }

    #[wasm_bindgen(getter, js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.inner.can_undo()
    }

    #[wasm_bindgen(getter)]
    pub fn seeded(&self) -> bool {
        self.inner.seeded()
    }
}

/// `legalMoves(cells, size)`: the directions (in `up, right, down, left` order) that change the
/// board given as tile values; `[]` when the game is over. Throws on a bad position.
#[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "Direction[]")]
pub fn legal_moves(
    #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] cells: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] size: JsValue,
) -> Result<Vec<String>, JsError> {
    let size = size_from(&size)?;
    let board = Board::from_values(size, &cells_from(&cells)?).map_err(game_error)?;
    Ok(board
        .legal_directions()
        .into_iter()
        .map(|dir| dir.name().to_string())
        .collect())
}
