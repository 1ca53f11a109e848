//! `strategies()` and `learnedStrategies()`: the strategy catalogue as `[{name, label,
//! explanation, options: [{name, kind, min, max, default, description, fields?}]}]`.
//!
//! The page's modules (built without `texts`) carry the catalogue as its finished text,
//! `catalog-unworded/*.json`: the catalogue without its words never changes at run time, and
//! its text is a tenth of the code and data that build it. A test checks that the files are
//! what the catalogue writes (`UPDATE_EXPECT=1 cargo test wasm::reports` rewrites them after a
//! change to the catalogue). The `ai` build (`texts`) writes the catalogue whole.

use std::borrow::Cow;

#[cfg(any(feature = "texts", test))]
use crate::ai::api::catalog::{self, DefaultValue, OptionInfo, StrategyInfo};
#[cfg(any(feature = "texts", test))]
use crate::json::write::{key, list, number, string, whole};

/// `strategies()`'s text: the catalogue, written.
#[cfg(feature = "texts")]
pub fn strategies_text() -> Cow<'static, str> {
    strategies(&catalog::strategies()).into()
}

/// `learnedStrategies()`'s text: the learned strategies' catalogue, written.
#[cfg(feature = "texts")]
pub fn learned_text() -> Cow<'static, str> {
    strategies(&catalog::learned()).into()
}

/// `strategies()`'s text in a build without the catalogue's words (`texts`): the catalogue's,
/// explanations and descriptions empty, as finished text.
#[cfg(not(feature = "texts"))]
pub fn strategies_text() -> Cow<'static, str> {
    include_str!("../catalog-unworded/strategies.json").into()
}

/// `learnedStrategies()`'s text in a build without the catalogue's words.
#[cfg(not(feature = "texts"))]
pub fn learned_text() -> Cow<'static, str> {
    include_str!("../catalog-unworded/learned.json").into()
}

#[cfg(any(feature = "texts", test))]
/// Weights as an object, their fields in declaration order (the order of their `RANGES`).
fn weights(out: &mut String, ranges: &[(&str, f64, f64)], values: &[f64]) {
    out.push('{');
    for (i, ((name, _, _), &value)) in ranges.iter().zip(values).enumerate() {
        key(out, name, i == 0);
        number(out, value);
    }
    out.push('}');
}

#[cfg(any(feature = "texts", test))]
fn default_value(out: &mut String, value: &DefaultValue) {
    use crate::ai::api::weights::{EvalWeights, MinimaxWeights};
    match value {
        DefaultValue::Null => out.push_str("null"),
        DefaultValue::Integer(n) => whole(out, *n),
        DefaultValue::Number(x) => number(out, *x),
        DefaultValue::Directions(dirs) => list(out, dirs, |out, d| string(out, d)),
        DefaultValue::EvalWeights(w) => weights(out, &EvalWeights::RANGES, &w.values()),
        DefaultValue::MinimaxWeights(w) => weights(out, &MinimaxWeights::RANGES, &w.values()),
    }
}

#[cfg(any(feature = "texts", test))]
fn option(out: &mut String, o: &OptionInfo) {
    out.push('{');
    key(out, "name", true);
    string(out, o.name);
    key(out, "kind", false);
    string(out, o.kind);
    if let Some(min) = o.min {
        key(out, "min", false);
        number(out, min);
    }
    if let Some(max) = o.max {
        key(out, "max", false);
        number(out, max);
    }
    key(out, "default", false);
    default_value(out, &o.default);
    key(out, "description", false);
    string(out, o.description);
    if !o.fields.is_empty() {
        key(out, "fields", false);
        list(out, &o.fields, option);
    }
    out.push('}');
}

#[cfg(any(feature = "texts", test))]
/// `[{name, label, explanation, options}]`: the strategy catalogue.
pub fn strategies(list_of: &[StrategyInfo]) -> String {
    let mut out = String::with_capacity(4096);
    list(&mut out, list_of, |out, s| {
        out.push('{');
        key(out, "name", true);
        string(out, s.name);
        key(out, "label", false);
        string(out, s.label);
        key(out, "explanation", false);
        string(out, s.explanation);
        key(out, "options", false);
        list(out, &s.options, option);
        out.push('}');
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the `ai` build's `strategies()` and `learnedStrategies()` return (native tests
    /// build with `texts`): serde_json's text for the catalogue.
    #[test]
    fn the_catalogue_is_serde_json_text() {
        let all = catalog::strategies();
        assert!(all
            .iter()
            .any(|s| s.options.iter().any(|o| !o.fields.is_empty())));
        assert_eq!(strategies_text(), serde_json::to_string(&all).unwrap());
        assert_eq!(
            learned_text(),
            serde_json::to_string(&catalog::learned()).unwrap()
        );
    }

    /// The catalogue as a build without `texts` has it: explanations and descriptions empty.
    fn unworded(list: Vec<StrategyInfo>) -> Vec<StrategyInfo> {
        fn option(o: OptionInfo) -> OptionInfo {
            OptionInfo {
                description: "",
                fields: o.fields.into_iter().map(option).collect(),
                ..o
            }
        }
        list.into_iter()
            .map(|s| StrategyInfo {
                explanation: "",
                options: s.options.into_iter().map(option).collect(),
                ..s
            })
            .collect()
    }

    /// The page's modules return these files' text as the catalogue: they must be what the
    /// catalogue writes without its words. After a change to the catalogue, `UPDATE_EXPECT=1
    /// cargo test wasm::reports` rewrites them.
    #[test]
    fn the_page_modules_catalogue_files_are_the_catalogue_without_words() {
        let all = unworded(catalog::strategies());
        assert!(all.iter().all(|s| s.explanation.is_empty()));
        expect_test::expect_file!["../catalog-unworded/strategies.json"]
            .assert_eq(&format!("{}\n", strategies(&all)));
        expect_test::expect_file!["../catalog-unworded/learned.json"]
            .assert_eq(&format!("{}\n", strategies(&unworded(catalog::learned()))));
    }
}
