//! The strategy catalogue, for building a settings panel: `strategies()` and
//! `learnedStrategies()`. Every build: the page's modules return the catalogue without its
//! words (explanations, option descriptions), which the AI panel reads from
//! `www/pkg/strategy-texts/` instead; the `ai` build writes it whole (`texts`).

use wasm_bindgen::prelude::*;

use super::convert::parse;
use super::reports::catalog;

/// `strategies()`: every strategy as `{name, label, explanation, options: [{name, kind, min,
/// max, default, description, fields?}]}`, weakest first, for building a settings panel.
#[wasm_bindgen(unchecked_return_type = "StrategyInfo[]")]
pub fn strategies() -> JsValue {
    parse(&catalog::strategies_text())
}

/// `learnedStrategies()`: the strategies that play once a network is loaded (`td`,
/// `expectimax-td`), in the shape of `strategies()`. Not in `strategies()`: without a network
/// they cannot play.
#[wasm_bindgen(js_name = learnedStrategies, unchecked_return_type = "StrategyInfo[]")]
pub fn learned_strategies() -> JsValue {
    parse(&catalog::learned_text())
}
