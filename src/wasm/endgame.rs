//! The endgame set a worker plays with: `loadEndgame` (a packed wall set's file, `*.ews`, and
//! the tile from which the search consults it), `unloadEndgame`. The `ai` build only.
//!
//! As with the network (`search.rs`), the set is this module instance's, not the engine's: the
//! engine takes tables as a value (`Knowledge::tables`), and `bestMove` hands `expectimax-td`
//! the set held here, at the root of its searches, on boards that hold the tile or more.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

use super::convert::{cells_from, js_error, parse, size_from};
use super::reports::search::loaded_endgame;
use crate::ai::endgame::lookup::WallTable;
use crate::ai::endgame::reachable::PackedSet;
use crate::ai::endgame::Tables;
use crate::board::Board;
use crate::direction::Direction;
use crate::limits::MAX_EXPONENT;

thread_local! {
    /// The set `expectimax-td` plays with in this module instance, and its name, if any.
    static ENDGAME: RefCell<Option<(Rc<Tables>, String)>> = const { RefCell::new(None) };
}

/// The set held here and its name (`loadEndgame`'s `set`), if any.
pub(super) fn current() -> Option<(Rc<Tables>, String)> {
    ENDGAME.with(|slot| slot.borrow().clone())
}

/// `loadEndgame(bytes, from)`: reads a file of packed wall sets (a `Uint8Array`: `tablebase
/// walls-sample`'s `*.ews`, or several of them one after another, one a table) and makes them
/// the ones `expectimax-td` plays with in this module (this worker), at the root of its searches
/// from boards that hold a tile of at least `from` (a power of two), as `arena --tables DIR
/// --table-from TILE` plays it. Returns `{bytes, from, positions, set, table}` (bytes: their
/// size in memory; set: each set's checksum in hex, joined by "+"; table: the wall tables they
/// were distilled from, e.g. "443-t10+443-t9"). Throws an Error naming the problem on a bad
/// file (cut short, corrupt, wrong magic or version) or a bad `from`; the sets loaded before,
/// if any, stay.
#[wasm_bindgen(js_name = loadEndgame, unchecked_return_type = "EndgameInfo")]
pub fn load_endgame(bytes: &[u8], from: f64) -> Result<JsValue, JsError> {
    let exponent = (1..=MAX_EXPONENT)
        .find(|&e| 2f64.powi(e.into()) == from)
        .ok_or_else(|| {
            js_error(format!(
                "the endgame set's tile must be a power of two from 2 to 2^{MAX_EXPONENT}, got {from}"
            ))
        })?;
    let sets = PackedSet::read_all(bytes).map_err(js_error)?;
    let name = sets
        .iter()
        .map(|set| format!("{:08x}", set.sum()))
        .collect::<Vec<_>>()
        .join("+");
    let info = parse(&loaded_endgame(&sets, &name, from as u64));
    let tables = Tables::new(sets.into_iter().map(WallTable::Packed).collect()).with_from(exponent);
    ENDGAME.with(|slot| *slot.borrow_mut() = Some((Rc::new(tables), name)));
    Ok(info)
}

/// `endgameMove(cells, size, values)`: the move the set held here plays on a position (tile
/// values) whose root moves a search valued as `values` (`{up, right, down, left}`, a number
/// or null each, as `bestMove` answers): the set's best move where it holds the board and the
/// search scores that move within the margin of its best, else null. A search split by root
/// move over several workers gets the set's move from this call on the merged values, so that
/// the merged answer is the whole search's.
#[wasm_bindgen(js_name = endgameMove, unchecked_return_type = "Direction | null")]
pub fn endgame_move(
    #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] cells: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] size: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<Direction, number | null>")] values: JsValue,
) -> Result<JsValue, JsError> {
    let size = size_from(&size)?;
    let board = Board::from_values(size, &cells_from(&cells)?).map_err(js_error)?;
    let mut read = [None; 4];
    for dir in Direction::ALL {
        let value = js_sys::Reflect::get(&values, &dir.name().into())
            .map_err(|_| js_error("endgameMove: values must be {up, right, down, left}"))?;
        read[dir.index()] = match value.as_f64() {
            Some(v) if v.is_finite() => Some(v),
            _ if value.is_null() || value.is_undefined() => None,
            _ => {
                return Err(js_error(format!(
                    "endgameMove: values.{} must be a finite number or null",
                    dir.name()
                )))
            }
        };
    }
    let dir = current()
        .filter(|_| size == 4)
        .and_then(|(tables, _)| tables.steer(board.cells(), &read));
    Ok(dir.map_or(JsValue::NULL, |d| d.name().into()))
}

/// `unloadEndgame()`: forgets the set; `expectimax-td` plays with the network alone again.
#[wasm_bindgen(js_name = unloadEndgame)]
pub fn unload_endgame() {
    ENDGAME.with(|slot| *slot.borrow_mut() = None);
}
