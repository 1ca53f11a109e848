//! Every `#[wasm_bindgen]` export: conversions between JS values and the engine, and JS errors.
//! No rules live here.

#[cfg(any(feature = "records", feature = "ai"))]
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(feature = "texts")]
use crate::ai;
use crate::board::{check_size, Board};
#[cfg(feature = "records")]
use crate::board::{tile_value, Slide};
use crate::error::{decimal, number_text, quoted, GameError};
use crate::record::Mode;
#[cfg(feature = "records")]
use crate::record::{Record, RecordError, Replay};
use crate::{Direction, Game};

/// An Error for the core's and the AI's problems (records, options), through `Display`.
#[cfg(any(feature = "records", feature = "ai"))]
fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// An Error for bad input to the first board's API: its message put together without
/// `core::fmt`, which the lite module then does not carry (`GameError::message`).
fn game_error(e: GameError) -> JsError {
    JsError::new(&e.message())
}

/// An Error with this message.
fn bad_input(message: &str) -> JsError {
    JsError::new(message)
}

/// JSON text to a JS value: plain objects, null for None.
fn parse(text: &str) -> JsValue {
    // Not `expect`: its message would print the JS error through `Debug`, which brings
    // wasm-bindgen's debug-string glue and core's formatting into the page's module.
    js_sys::JSON::parse(text).unwrap_or_else(|_| unreachable!("the reports are valid JSON"))
}

/// Plain data to a JS value, through serde_json's text: for the core's and the AI's reports.
/// The lite module's reports (`move`, `tiles`, `strategies`) are written by hand
/// (`report_json`), so that serde_json's writer stays out of the first page's module.
#[cfg(any(feature = "records", feature = "ai"))]
fn to_js<T: Serialize>(value: &T) -> JsValue {
    let text = serde_json::to_string(value).expect("engine reports are plain data");
    js_sys::JSON::parse(&text).unwrap_or_else(|_| unreachable!("serde_json writes valid JSON"))
}

fn size_from(value: &JsValue) -> Result<usize, JsError> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && n.abs() < 1e15 => check_size(n as i64).map_err(game_error),
        _ => Err(bad_input(
            &[
                "board size must be a whole number from ",
                &decimal(crate::MIN_SIZE as u64),
                " to ",
                &decimal(crate::MAX_SIZE as u64),
                ", got ",
                &describe(value),
            ]
            .concat(),
        )),
    }
}

fn describe(value: &JsValue) -> String {
    if let Some(s) = value.as_string() {
        quoted(&s)
    } else if let Some(n) = value.as_f64() {
        number_text(n)
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// undefined/null: no seed (random game); a BigInt, a whole number or a decimal string: that seed.
fn seed_from(value: &JsValue) -> Result<Option<u64>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    if value.is_bigint() {
        // Read through its decimal text, which the message shows too (`u64::try_from` would
        // add three more imports to the page's glue).
        let text = bigint_text(value);
        return match text.as_deref().map(str::parse::<u64>) {
            Some(Ok(n)) => Ok(Some(n)),
            _ => Err(game_error(GameError::BadSeed(
                text.map_or_else(|| "a BigInt".into(), |s| s + "n"),
            ))),
        };
    }
    if let Some(n) = value.as_f64() {
        if n.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(&n) {
            return Ok(Some(n as u64));
        }
    }
    if let Some(s) = value.as_string() {
        if let Ok(n) = s.trim().parse::<u64>() {
            return Ok(Some(n));
        }
    }
    Err(game_error(GameError::BadSeed(describe(value))))
}

/// A BigInt's decimal text ("-12"), without the "n".
fn bigint_text(value: &JsValue) -> Option<String> {
    js_sys::BigInt::from(value.clone())
        .to_string(10)
        .ok()
        .and_then(|s| s.as_string())
}

/// undefined/null: classic; else "classic" or "endless".
fn mode_from(value: &JsValue) -> Result<Mode, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(Mode::Classic);
    }
    match value.as_string() {
        Some(s) => s.parse().map_err(game_error),
        None => Err(game_error(GameError::BadMode(describe(value)))),
    }
}

#[cfg(feature = "records")]
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

#[cfg(feature = "records")]
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

fn cells_from(value: &JsValue) -> Result<Vec<f64>, JsError> {
    if !value.is_object() {
        return Err(bad_input(
            &[
                "cells must be an array of tile values, got ",
                &describe(value),
            ]
            .concat(),
        ));
    }
    js_sys::Array::from(value)
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_f64().ok_or_else(|| {
                bad_input(
                    &[
                        "cell ",
                        &decimal(i as u64),
                        " is ",
                        &describe(&v),
                        ", not a number",
                    ]
                    .concat(),
                )
            })
        })
        .collect()
}

/// A game of 2048 (the README's "The JavaScript API" gives the whole API).
#[wasm_bindgen(js_name = Game)]
pub struct WasmGame {
    inner: Game,
}

#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// `new Game(size, seed?, mode?)`: a new game with two tiles; mode "classic" (default)
    /// or "endless" labels its record.
    #[wasm_bindgen(constructor)]
    pub fn new(size: JsValue, seed: JsValue, mode: JsValue) -> Result<WasmGame, JsError> {
        let size = size_from(&size)?;
        let seed = seed_from(&seed)?;
        let mode = mode_from(&mode)?;
        let inner = Game::new(size, seed).map_err(game_error)?.with_mode(mode);
        Ok(WasmGame { inner })
    }

    /// `Game.fromCells(size, cells, seed?, mode?)`: a game from tile values, row-major (0 = empty).
    #[wasm_bindgen(js_name = fromCells)]
    pub fn from_cells(
        size: JsValue,
        cells: JsValue,
        seed: JsValue,
        mode: JsValue,
    ) -> Result<WasmGame, JsError> {
        let size = size_from(&size)?;
        let board = Board::from_values(size, &cells_from(&cells)?).map_err(game_error)?;
        let seed = seed_from(&seed)?;
        let mode = mode_from(&mode)?;
        Ok(WasmGame {
            inner: Game::from_board(board, seed).with_mode(mode),
        })
    }

    #[cfg(feature = "records")]
    /// `Game.fromRecord(text, moveNumber?, seed?)`: the game at move `moveNumber` of a record
    /// (0: its start; absent: its last move), to play on; its own record keeps the moves
    /// before. Throws an Error naming the move and the problem.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        text: JsValue,
        move_number: JsValue,
        seed: JsValue,
    ) -> Result<WasmGame, JsError> {
        let record = record_from(&text)?;
        let upto = number_from(&move_number, "move number")?;
        let seed = seed_from(&seed)?;
        Game::from_record(&record, upto, seed)
            .map(|inner| WasmGame { inner })
            .map_err(js_error)
    }

    /// `g.record()`: the game's record as text (`2048r1.` ...), for a link, a file or a replay.
    pub fn record(&self) -> String {
        self.inner
            .record()
            .encode()
            .unwrap_or_else(|_| unreachable!("a game's record holds the moves it played"))
    }

    /// "classic" or "endless": the label the record carries.
    #[wasm_bindgen(getter)]
    pub fn mode(&self) -> String {
        self.inner.mode().name().to_string()
    }

    #[wasm_bindgen(setter)]
    pub fn set_mode(&mut self, mode: JsValue) -> Result<(), JsError> {
        self.inner.set_mode(mode_from(&mode)?);
        Ok(())
    }

    #[cfg(feature = "records")]
    /// `Game.fromJSON(text)`: a game saved by `toJSON`; throws an Error naming what is wrong.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(text: JsValue) -> Result<WasmGame, JsError> {
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

    /// `g.move(dir)`: null when nothing moves, else the transitions to animate.
    #[wasm_bindgen(js_name = "move")]
    pub fn play(&mut self, dir: &str) -> Result<JsValue, JsError> {
        let dir: Direction = dir.parse().map_err(game_error)?;
        Ok(match self.inner.play(dir) {
            Some(report) => parse(&crate::report_json::move_report(&report)),
            None => JsValue::NULL,
        })
    }

    /// Tile values, row-major (0 = empty).
    pub fn cells(&self) -> Vec<f64> {
        self.inner.board().values().map(|v| v as f64).collect()
    }

    /// `[{id, value, row, col}]` for rendering.
    pub fn tiles(&self) -> JsValue {
        parse(&crate::report_json::tiles(&self.inner.tiles()))
    }

    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// The game as JSON text; `maxHistory` bounds the undo history kept (the latest moves).
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self, max_history: Option<u32>) -> String {
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

#[cfg(feature = "records")]
#[derive(Serialize)]
struct SpawnView {
    value: f64,
    at: [usize; 2],
}

#[cfg(feature = "records")]
#[derive(Serialize)]
struct RecordedMoveView {
    dir: &'static str,
    spawn: SpawnView,
}

#[cfg(feature = "records")]
/// A record replayed and checked: every position by number, 0 (the start) to `length`.
#[wasm_bindgen(js_name = Replay)]
pub struct WasmReplay {
    inner: Replay,
}

#[cfg(feature = "records")]
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

#[cfg(feature = "records")]
#[wasm_bindgen(js_class = Replay)]
impl WasmReplay {
    /// `new Replay(text)`: throws an Error naming the move and the problem.
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue) -> Result<WasmReplay, JsError> {
        let record = record_from(&text)?;
        let inner = Replay::new(&record).map_err(js_error)?;
        Ok(WasmReplay { inner })
    }

    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.inner.size()
    }

    #[wasm_bindgen(getter)]
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
    pub fn cells(&self, n: JsValue) -> Result<Vec<f64>, JsError> {
        let n = self.position(n)?;
        let cells = self.inner.cells(n).unwrap_or_default();
        Ok(cells.iter().map(|&e| tile_value(e) as f64).collect())
    }

    pub fn score(&self, n: JsValue) -> Result<f64, JsError> {
        let n = self.position(n)?;
        Ok(self.inner.score(n).unwrap_or_default() as f64)
    }

    /// True when a 2048 tile (or larger) is on the board after move `n`.
    pub fn won(&self, n: JsValue) -> Result<bool, JsError> {
        let n = self.position(n)?;
        Ok(self.inner.won(n).unwrap_or_default())
    }

    /// Move `n` (1 to `length`): `{dir, spawn: {value, at: [row, col]}}`.
    #[wasm_bindgen(js_name = "move")]
    pub fn recorded(&self, n: JsValue) -> Result<JsValue, JsError> {
        let number = self.position(n)?;
        let m = self
            .inner
            .recorded(number)
            .ok_or_else(|| js_error("move 0 is the start: moves are numbered from 1"))?;
        let size = self.inner.size();
        let cell = usize::from(m.spawn_cell);
        Ok(to_js(&RecordedMoveView {
            dir: m.dir.name(),
            spawn: SpawnView {
                value: tile_value(m.spawn_exponent) as f64,
                at: [cell / size, cell % size],
            },
        }))
    }
    /// What the tiles did in move `n` (1 to `length`), to animate it: a flat list of triples
    /// `from, to, exponent` (cell indices, row-major, of position n - 1): exponent 0 for a tile
    /// that slid, else the merged tile's exponent (a merge lists both its tiles). Tiles that
    /// stay are not listed. (Numbers, not objects: a few bytes of the page's module.)
    pub fn slides(&self, n: JsValue) -> Result<Vec<u32>, JsError> {
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

/// `strategies()`: every strategy as `{name, label, explanation, options: [{name, kind, min,
/// max, default, description, fields?}]}`, weakest first, for building a settings panel.
#[wasm_bindgen]
pub fn strategies() -> JsValue {
    #[cfg(feature = "texts")]
    let text = &crate::report_json::strategies(&ai::catalog::strategies());
    // The page's modules: the catalogue's finished text (`report_json`).
    #[cfg(not(feature = "texts"))]
    let text = crate::report_json::UNWORDED_STRATEGIES;
    parse(text)
}

/// `learnedStrategies()`: the strategies that play once a network is loaded (`td`,
/// `expectimax-td`), in the shape of `strategies()`. Not in `strategies()`: without a network
/// they cannot play.
#[wasm_bindgen(js_name = learnedStrategies)]
pub fn learned_strategies() -> JsValue {
    #[cfg(feature = "texts")]
    let text = &crate::report_json::strategies(&ai::catalog::learned());
    // The page's modules: the catalogue's finished text (`report_json`).
    #[cfg(not(feature = "texts"))]
    let text = crate::report_json::UNWORDED_LEARNED;
    parse(text)
}

/// `legalMoves(cells, size)`: the directions (in `up, right, down, left` order) that change the
/// board given as tile values; `[]` when the game is over. Throws on a bad position.
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(cells: JsValue, size: JsValue) -> Result<Vec<String>, JsError> {
    let size = size_from(&size)?;
    let board = Board::from_values(size, &cells_from(&cells)?).map_err(game_error)?;
    Ok(board
        .legal_directions()
        .into_iter()
        .map(|dir| dir.name().to_string())
        .collect())
}

#[cfg(feature = "records")]
/// `positionProblem(cells, size)`: why a hand-made position cannot be played from (a tile too
/// large for the size, an empty board, no move), as words; undefined when it can. Throws on cells
/// that are not tiles.
#[wasm_bindgen(js_name = positionProblem)]
pub fn position_problem(cells: JsValue, size: JsValue) -> Result<Option<String>, JsError> {
    let size = size_from(&size)?;
    let board = Board::from_values(size, &cells_from(&cells)?).map_err(js_error)?;
    Ok(board.setup_problem())
}

/// `bestMove` and its clock: only in the module with the search (the worker's).
#[cfg(feature = "ai")]
mod search {
    use wasm_bindgen::prelude::*;

    use super::{cells_from, describe, js_error, size_from, to_js};
    use crate::ai::{self, SearchOptions};
    use crate::board::Board;

    #[wasm_bindgen]
    extern "C" {
        /// `performance.now()`: the search's clock in a page or a worker (and in Node).
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        fn performance_now() -> f64;
    }

    /// `warmUp()`: builds the search's move and evaluation tables now (a worker calls it when
    /// it starts), so that the first search does not pay for them.
    #[wasm_bindgen(js_name = warmUp)]
    pub fn warm_up() {
        ai::warm_up();
    }

    /// `loadWeights(bytes)`: reads a network's weights file (a `Uint8Array`) and makes it the
    /// one `td` and `expectimax-td` play with in this module (this worker). Returns `{shape,
    /// levels, quantisation, weights, bytes}` (bytes: its weights in memory). Throws an Error
    /// naming the problem on a bad file (cut short, corrupt, wrong magic or version); the
    /// network loaded before, if any, stays.
    #[wasm_bindgen(js_name = loadWeights)]
    pub fn load_weights(bytes: &[u8]) -> Result<JsValue, JsError> {
        let network = ai::ntuple::loaded::load(bytes).map_err(js_error)?;
        Ok(to_js(&serde_json::json!({
            "shape": network.shape().describe(),
            "levels": network.shape().levels(),
            "quantisation": network.weights().quantisation().name(),
            "weights": network.weights().len(),
            "bytes": network.memory_bytes(),
        })))
    }

    /// `unloadWeights()`: forgets the network; the learned strategies are unavailable again.
    #[wasm_bindgen(js_name = unloadWeights)]
    pub fn unload_weights() {
        ai::ntuple::loaded::unload();
    }

    /// `bestMove(cells, size, options)`: the AI's move for a position given as tile values.
    /// Returns `{dir, values: {up, right, down, left}, nodes, depth, ms}`; `dir` is null when no
    /// move changes the board. Throws an Error naming the problem on a bad position or options.
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(cells: JsValue, size: JsValue, options: JsValue) -> Result<JsValue, JsError> {
        let size = size_from(&size)?;
        let board = Board::from_values(size, &cells_from(&cells)?).map_err(js_error)?;
        let options: SearchOptions = if options.is_undefined() || options.is_null() {
            SearchOptions::default()
        } else if options.is_object() && !js_sys::Array::is_array(&options) {
            // JSON would turn NaN and Infinity into null, which reads as "not given", and has
            // no BigInt: a BigInt (a seed) travels as its decimal string.
            let plain = js_sys::Object::new();
            for entry in js_sys::Object::entries(options.unchecked_ref()).iter() {
                let pair: js_sys::Array = entry.unchecked_into();
                let (key, mut value) = (pair.get(0), pair.get(1));
                if let Some(n) = value.as_f64().filter(|n| !n.is_finite()) {
                    return Err(js_error(format!(
                        "bad AI options: {} must be a finite number, got {n}",
                        describe(&key).trim_matches('"')
                    )));
                }
                if value.is_bigint() {
                    value = js_sys::BigInt::from(value)
                        .to_string(10)
                        .map_or(JsValue::NULL, JsValue::from);
                }
                js_sys::Reflect::set(&plain, &key, &value)
                    .map_err(|_| js_error("bad AI options: not plain data"))?;
            }
            let text = js_sys::JSON::stringify(&plain)
                .ok()
                .and_then(|t| t.as_string())
                .ok_or_else(|| js_error("bad AI options: not plain data"))?;
            SearchOptions::from_json(&text).map_err(js_error)?
        } else {
            return Err(js_error(format!(
                "AI options must be an object such as {{ strategy: \"expectimax\", ms: 50 }}, got {}",
                describe(&options)
            )));
        };
        let clock = performance_now;
        let decision = ai::best_move(board.cells(), size, &options, &clock).map_err(js_error)?;
        Ok(to_js(&decision))
    }
}

/// `Trainer`: TD learning in the page (the learn page's worker), over the same learner as the
/// native `train` (`src/ai/ntuple/learn.rs`). Only in the module with the search.
#[cfg(feature = "ai")]
mod learner {
    use wasm_bindgen::prelude::*;

    use super::{js_error, to_js};
    use crate::ai::ntuple::learn::{train_game, Method};
    use crate::ai::ntuple::{self, decode, encode, Encoding, Network, Quantisation, Shape};
    use crate::rng::GameRng;

    #[wasm_bindgen]
    pub struct Trainer {
        network: Network,
        alpha: f32,
        seed: u64,
        games: u64,
        path: Vec<(u64, u32)>,
    }

    #[wasm_bindgen]
    impl Trainer {
        /// `new Trainer(shape, levels, alpha, seed)`: a network of every weight 0. shape: "4x4",
        /// "4x6" or cells as the trainer's `--shape`; levels 2..16; alpha above 0. Throws an
        /// Error naming the problem.
        #[wasm_bindgen(constructor)]
        pub fn new(shape: &str, levels: u8, alpha: f32, seed: u32) -> Result<Trainer, JsError> {
            let shape = Shape::parse(shape, levels).map_err(js_error)?;
            Trainer::of(Network::new(shape, 0.0), alpha, seed)
        }

        /// `Trainer.fromFile(bytes, alpha, seed, games)`: goes on from a weights file (f32
        /// only: the others lost precision).
        #[wasm_bindgen(js_name = fromFile)]
        pub fn from_file(
            bytes: &[u8],
            alpha: f32,
            seed: u32,
            games: f64,
        ) -> Result<Trainer, JsError> {
            let network = decode(bytes).map_err(js_error)?;
            if network.weights().quantisation() != Quantisation::F32 {
                return Err(JsError::new(
                    "only an f32 weights file can be trained further",
                ));
            }
            let mut t = Trainer::of(network, alpha, seed)?;
            t.games = games.max(0.0) as u64;
            Ok(t)
        }

        fn of(network: Network, alpha: f32, seed: u32) -> Result<Trainer, JsError> {
            if !(alpha.is_finite() && alpha > 0.0 && alpha <= 1.0) {
                return Err(JsError::new("alpha must be above 0 and at most 1"));
            }
            Ok(Trainer {
                network,
                alpha,
                seed: u64::from(seed),
                games: 0,
                path: Vec::new(),
            })
        }

        /// `train(n)`: plays and learns from n more games; returns `[{score, largest, moves}]`.
        pub fn train(&mut self, n: u32) -> JsValue {
            let features = self.network.features().clone();
            let weights = self
                .network
                .weights_mut()
                .unwrap_or_else(|| unreachable!("a trainer's weights are f32"));
            let mut out = Vec::with_capacity(n as usize);
            for _ in 0..n {
                // Game i from (seed, i) alone, as the native trainer's `game_rng`.
                let mut rng = GameRng::from_seed(
                    self.seed.rotate_left(32) ^ self.games.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                );
                let e = train_game(
                    &features,
                    weights,
                    &mut rng,
                    &Method::td0(self.alpha),
                    &mut self.path,
                );
                self.games += 1;
                out.push(serde_json::json!({
                    "score": e.score,
                    "largest": 1u64 << e.max_exponent,
                    "moves": e.moves,
                }));
            }
            to_js(&out)
        }

        /// Games learned from so far.
        #[wasm_bindgen(getter)]
        pub fn games(&self) -> f64 {
            self.games as f64
        }

        /// `save(quantisation)`: the network as a weights file ("f32", "i16", "i8", or "c8"
        /// with evenly spaced codebooks: the native trainer's export fits them to play).
        pub fn save(&self, quantisation: &str) -> Result<Vec<u8>, JsError> {
            let q = Quantisation::parse(quantisation)
                .ok_or_else(|| JsError::new("quantisation is f32, i16, i8 or c8"))?;
            Ok(encode(&self.network.quantised(q), Encoding::ZeroRuns))
        }

        /// `useForPlay()`: makes the current network the one `td` and `expectimax-td` play with in
        /// this module (a copy: training goes on without changing it).
        #[wasm_bindgen(js_name = useForPlay)]
        pub fn use_for_play(&self) {
            ntuple::loaded::install(self.network.quantised(Quantisation::F32));
        }
    }
}
