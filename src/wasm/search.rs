//! The search, for the AI's worker: `bestMove` (the AI's move for a position, by the options'
//! strategy and budget, on `performance.now()`'s clock), `warmUp`, and the network the learned
//! strategies play with (`loadWeights`, `NetworkLoader` for a file read as it arrives,
//! `unloadWeights`). The `ai` build only.
//!
//! The network is this module's, not the engine's: the engine takes it as a value
//! (`ai::best_move(.., network, ..)`), and a module instance (a worker) holds one at a time
//! here, between the `loadWeights` that gives it and the `bestMove`s that play with it.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

use super::convert::{cells_from, describe, js_error, parse, size_from};
use super::endgame;
use super::reports::search::{decision, loaded_network};
use crate::ai::ntuple::network::{self, Network};
use crate::ai::ntuple::read::{decode, Reader};
use crate::ai::{self, Knowledge, SearchOptions, StrategyName};
use crate::board::Board;

thread_local! {
    /// The network `td` and `expectimax-td` play with in this module instance, if any.
    static NETWORK: RefCell<Option<Rc<Network>>> = const { RefCell::new(None) };
}

/// Makes `network` the one this module's learned strategies play with, replacing any other.
pub(super) fn play_with(network: Network) -> Rc<Network> {
    network::warm_up();
    let network = Rc::new(network);
    NETWORK.with(|slot| *slot.borrow_mut() = Some(network.clone()));
    network
}

fn current_network() -> Option<Rc<Network>> {
    NETWORK.with(|slot| slot.borrow().clone())
}

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
#[wasm_bindgen(js_name = loadWeights, unchecked_return_type = "WeightsInfo")]
pub fn load_weights(bytes: &[u8]) -> Result<JsValue, JsError> {
    let network = play_with(decode(bytes).map_err(js_error)?);
    Ok(parse(&loaded_network(&network)))
}

/// `new NetworkLoader()`: reads a weights file as its bytes arrive, so that a worker never
/// holds the whole file (a download decompressed as it streams in): `push(chunk)` each chunk
/// (a `Uint8Array`), then `finish()`, which makes the network the one `td` and
/// `expectimax-td` play with and returns `loadWeights`'s `{shape, ...}`. `push` throws at once
/// on a foreign file, an unknown version or bytes past the end; `finish` throws on a file cut
/// short or corrupt, with `loadWeights`'s messages. On any error the network loaded before,
/// if any, stays, and the loader takes nothing more. `received` counts the bytes pushed;
/// `expected` is the file's length once its header has arrived (else undefined).
#[wasm_bindgen]
pub struct NetworkLoader {
    reader: Option<Reader>,
}

#[wasm_bindgen]
impl NetworkLoader {
    #[wasm_bindgen(constructor)]
    pub fn new() -> NetworkLoader {
        NetworkLoader {
            reader: Some(Reader::new()),
        }
    }

    pub fn push(&mut self, chunk: &[u8]) -> Result<(), JsError> {
        let reader = self.reader.as_mut().ok_or_else(|| js_error(DONE))?;
        if let Err(e) = reader.push(chunk) {
            self.reader = None;
            return Err(js_error(e));
        }
        Ok(())
    }

    #[wasm_bindgen(unchecked_return_type = "WeightsInfo")]
    pub fn finish(&mut self) -> Result<JsValue, JsError> {
        let reader = self.reader.take().ok_or_else(|| js_error(DONE))?;
        let network = play_with(reader.finish().map_err(js_error)?);
        Ok(parse(&loaded_network(&network)))
    }

    #[wasm_bindgen(getter)]
    pub fn received(&self) -> f64 {
        self.reader.as_ref().map_or(0.0, |r| r.received() as f64)
    }

    #[wasm_bindgen(getter)]
    pub fn expected(&self) -> Option<f64> {
        self.reader.as_ref()?.expected().map(|n| n as f64)
    }
}

impl Default for NetworkLoader {
    fn default() -> NetworkLoader {
        NetworkLoader::new()
    }
}

const DONE: &str = "this NetworkLoader has finished or failed: start a new one";

/// `unloadWeights()`: forgets the network; the learned strategies are unavailable again.
#[wasm_bindgen(js_name = unloadWeights)]
pub fn unload_weights() {
    NETWORK.with(|slot| *slot.borrow_mut() = None);
}

/// `bestMove(cells, size, options?)`: the AI's move for a position given as tile values.
/// Returns `{dir, values: {up, right, down, left}, nodes, depth, ms}`, and `endgame` (the set's
/// name, `loadEndgame`'s `set`) where `expectimax-td` consulted the endgame set this module
/// holds; `dir` is null when no move changes the board. Without options (undefined or null): expectimax, 50,000 nodes.
/// Throws an Error naming the problem on a bad position or options.
#[wasm_bindgen(js_name = bestMove, unchecked_return_type = "BestMove")]
pub fn best_move(
    #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] cells: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] size: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions | null")] options: JsValue,
) -> Result<JsValue, JsError> {
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
    let network = current_network();
    // The set plays with the learned search alone, where it applies.
    let endgame = endgame::current().filter(|(t, _)| {
        options.strategy == StrategyName::ExpectimaxTd && size == 4 && t.apply_to(board.cells())
    });
    let knowledge = Knowledge {
        network: network.as_deref(),
        tables: endgame.as_ref().map(|(t, _)| &**t),
    };
    let chosen =
        ai::best_move_with(board.cells(), size, &options, knowledge, &clock).map_err(js_error)?;
    let answer = parse(&decision(&chosen));
    if let Some((_, name)) = endgame {
        js_sys::Reflect::set(&answer, &"endgame".into(), &name.into())
            .map_err(|_| js_error("bestMove: its answer could not be written"))?;
    }
    Ok(answer)
}
