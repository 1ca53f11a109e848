//! What every file of the bindings shares: JS values read into the engine's (a board size, a
//! seed, a mode, cells), reports handed back as JS values, and the JS errors, each message
//! naming the problem and what was given.
//!
//! Every build carries this file, the play module too: its messages are put together
//! without `core::fmt` (`GameError::message`, `error::decimal`), which that module then does
//! not carry. Only [`js_error`], for the records' and the AI's errors, goes through `Display`.

use wasm_bindgen::prelude::*;

use crate::board::check_size;
use crate::error::{decimal, number_text, quoted, GameError};
use crate::record::Mode;

/// An Error for the records' and the AI's problems (records, options), through `Display`.
#[cfg(feature = "records")]
pub fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// An Error for bad input to the first board's API: its message put together without
/// `core::fmt`, which the play module then does not carry (`GameError::message`).
pub fn game_error(e: GameError) -> JsError {
    JsError::new(&e.message())
}

/// An Error with this message.
pub fn bad_input(message: &str) -> JsError {
    JsError::new(message)
}

/// A report's JSON text (`wasm::reports`) to a JS value: plain objects, null for None.
pub fn parse(text: &str) -> JsValue {
    // Not `expect`: its message would print the JS error through `Debug`, which brings
    // wasm-bindgen's debug-string glue and core's formatting into the page's module.
    js_sys::JSON::parse(text).unwrap_or_else(|_| unreachable!("the reports are valid JSON"))
}

pub fn size_from(value: &JsValue) -> Result<usize, JsError> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && n.abs() < 1e15 => check_size(n as i64).map_err(game_error),
        _ => Err(bad_input(
            &[
                "board size must be a whole number from ",
                &decimal(crate::limits::MIN_SIZE as u64),
                " to ",
                &decimal(crate::limits::MAX_SIZE as u64),
                ", got ",
                &describe(value),
            ]
            .concat(),
        )),
    }
}

pub fn describe(value: &JsValue) -> String {
    if let Some(s) = value.as_string() {
        quoted(&s)
    } else if let Some(n) = value.as_f64() {
        number_text(n)
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// undefined/null: no seed (random game); a BigInt, a whole number or a decimal string: that seed.
pub fn seed_from(value: &JsValue) -> Result<Option<u64>, JsError> {
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
pub fn mode_from(value: &JsValue) -> Result<Mode, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(Mode::Classic);
    }
    match value.as_string() {
        Some(s) => s.parse().map_err(game_error),
        None => Err(game_error(GameError::BadMode(describe(value)))),
    }
}

pub fn cells_from(value: &JsValue) -> Result<Vec<f64>, JsError> {
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
