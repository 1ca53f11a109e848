//! The endgame set a worker plays with: `loadEndgame` (a distilled set's file, `*.egd`, and the
//! tile from which the search consults it), `unloadEndgame`. The `ai` build only.
//!
//! As with the network (`search.rs`), the set is this module instance's, not the engine's: the
//! engine takes tables as a value (`Knowledge::tables`), and `bestMove` hands `expectimax-td`
//! the set held here, at its leaves, on boards that hold the tile or more.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

use super::convert::{js_error, parse};
use super::reports::search::loaded_endgame;
use crate::ai::endgame::distilled::read_set;
use crate::ai::endgame::{Solved, Tables, Use};

thread_local! {
    /// The distilled set `expectimax-td` plays with in this module instance, if any.
    static ENDGAME: RefCell<Option<Rc<Tables>>> = const { RefCell::new(None) };
}

/// The set held here, if any.
pub(super) fn current() -> Option<Rc<Tables>> {
    ENDGAME.with(|slot| slot.borrow().clone())
}

/// The largest tile a 4x4 board's bitboard holds, which the tables read: 2^15.
const LARGEST_FROM: u32 = 15;

/// `loadEndgame(bytes, from)`: reads a distilled set's file (a `Uint8Array`, not compressed)
/// and makes it the one `expectimax-td` plays with in this module (this worker), at the
/// leaves of its searches from boards that hold a tile of at least `from` (a power of two,
/// 2..32768). Returns `{set, tables, values, bytes, from}` (set: the file's checksum in hex, as
/// the arena's game lines name it; tables: its sub-games; values: the chances it holds;
/// bytes: its size in memory). Throws an Error naming the problem on a bad file (cut short,
/// corrupt, wrong magic or version) or a bad `from`; the set loaded before, if any, stays.
#[wasm_bindgen(js_name = loadEndgame, unchecked_return_type = "EndgameInfo")]
pub fn load_endgame(bytes: &[u8], from: f64) -> Result<JsValue, JsError> {
    let exponent = (1..=LARGEST_FROM)
        .find(|&e| f64::from(1u32 << e) == from)
        .ok_or_else(|| {
            js_error(format!(
                "the endgame set's tile must be a power of two from 2 to {}, got {from}",
                1u32 << LARGEST_FROM
            ))
        })?;
    let set = read_set(bytes).map_err(js_error)?;
    let tables = Tables::of(set.into_iter().map(Solved::Distilled).collect())
        .with_use(Use::Leaves)
        .with_from(exponent as u8);
    let info = parse(&loaded_endgame(&tables, from as u64));
    ENDGAME.with(|slot| *slot.borrow_mut() = Some(Rc::new(tables)));
    Ok(info)
}

/// `unloadEndgame()`: forgets the set; `expectimax-td` plays with the network alone again.
#[wasm_bindgen(js_name = unloadEndgame)]
pub fn unload_endgame() {
    ENDGAME.with(|slot| *slot.borrow_mut() = None);
}
