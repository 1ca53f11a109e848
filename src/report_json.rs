//! The JS API's reports as JSON text, written by hand: a move's transitions (`Game.move`), the
//! tiles to draw (`tiles()`) and the strategy catalogue (`strategies()`). The text is exactly
//! what serde_json writes for the same values (the tests compare the two), so the page sees the
//! same objects; written here, serde_json's writer and the `Serialize` code stay out of the
//! page's first module. Numbers are written by `zmij`, the formatter serde_json itself uses.
//!
//! The page's modules (built without `texts`) carry the catalogue as its finished text instead,
//! [`strategies_text`] and [`learned_text`]: the catalogue without its words never
//! changes at run time, and its text is a tenth of the code and data that build it. A test
//! checks that the files are what the catalogue writes (`UPDATE_EXPECT=1 cargo test
//! report_json` rewrites them after a change to the catalogue).

use std::borrow::Cow;

#[cfg(any(feature = "texts", test))]
use crate::ai::api::catalog::{self, DefaultValue, OptionInfo, StrategyInfo};
use crate::error::write_json_string;
use crate::game::{MoveReport, Spawned, TileMerge, TileMove};

/// An f64 as serde_json writes one: NaN and the infinities as `null`.
fn number(out: &mut String, x: f64) {
    if x.is_finite() {
        out.push_str(zmij::Buffer::new().format_finite(x));
    } else {
        out.push_str("null");
    }
}

fn whole(out: &mut String, n: impl Into<u64>) {
    crate::error::push_decimal(out, n.into());
}

fn index(out: &mut String, n: usize) {
    whole(out, n as u64);
}

/// `"name":`, the opening of a field; a comma first unless it is the object's first.
fn key(out: &mut String, name: &str, first: bool) {
    if !first {
        out.push(',');
    }
    write_json_string(out, name);
    out.push(':');
}

fn list<T>(out: &mut String, items: &[T], write: impl Fn(&mut String, &T)) {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write(out, item);
    }
    out.push(']');
}

fn cell(out: &mut String, at: &[usize; 2]) {
    list(out, at, |out, &n| index(out, n));
}

fn tile_move(out: &mut String, m: &TileMove) {
    out.push('{');
    key(out, "id", true);
    whole(out, m.id);
    key(out, "from", false);
    cell(out, &m.from);
    key(out, "to", false);
    cell(out, &m.to);
    out.push('}');
}

fn tile_merge(out: &mut String, m: &TileMerge) {
    out.push('{');
    key(out, "id", true);
    whole(out, m.id);
    key(out, "value", false);
    number(out, m.value);
    key(out, "at", false);
    cell(out, &m.at);
    key(out, "from", false);
    list(out, &m.from, |out, &id| whole(out, id));
    out.push('}');
}

fn spawned(out: &mut String, s: &Option<Spawned>) {
    match s {
        None => out.push_str("null"),
        Some(s) => {
            out.push('{');
            key(out, "id", true);
            whole(out, s.id);
            key(out, "value", false);
            number(out, s.value);
            key(out, "at", false);
            cell(out, &s.at);
            out.push('}');
        }
    }
}

/// `{moves, merges, spawned, gained}`: what a move did, for the page to animate.
pub fn move_report(report: &MoveReport) -> String {
    let mut out = String::with_capacity(64 + 40 * report.moves.len());
    out.push('{');
    key(&mut out, "moves", true);
    list(&mut out, &report.moves, tile_move);
    key(&mut out, "merges", false);
    list(&mut out, &report.merges, tile_merge);
    key(&mut out, "spawned", false);
    spawned(&mut out, &report.spawned);
    key(&mut out, "gained", false);
    number(&mut out, report.gained);
    out.push('}');
    out
}

/// `[{id, value, row, col}]` from a game's `(id, value, row, col)` tiles.
pub fn tiles(tiles: &[(u32, u64, usize, usize)]) -> String {
    let mut out = String::with_capacity(2 + 40 * tiles.len());
    list(&mut out, tiles, |out, &(id, value, row, col)| {
        out.push('{');
        key(out, "id", true);
        whole(out, id);
        key(out, "value", false);
        number(out, value as f64);
        key(out, "row", false);
        index(out, row);
        key(out, "col", false);
        index(out, col);
        out.push('}');
    });
    out
}

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
    include_str!("catalog-unworded/strategies.json").into()
}

/// `learnedStrategies()`'s text in a build without the catalogue's words.
#[cfg(not(feature = "texts"))]
pub fn learned_text() -> Cow<'static, str> {
    include_str!("catalog-unworded/learned.json").into()
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
        DefaultValue::Directions(dirs) => list(out, dirs, |out, d| write_json_string(out, d)),
        DefaultValue::EvalWeights(w) => weights(out, &EvalWeights::RANGES, &w.values()),
        DefaultValue::MinimaxWeights(w) => weights(out, &MinimaxWeights::RANGES, &w.values()),
    }
}

#[cfg(any(feature = "texts", test))]
fn option(out: &mut String, o: &OptionInfo) {
    out.push('{');
    key(out, "name", true);
    write_json_string(out, o.name);
    key(out, "kind", false);
    write_json_string(out, o.kind);
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
    write_json_string(out, o.description);
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
        write_json_string(out, s.name);
        key(out, "label", false);
        write_json_string(out, s.label);
        key(out, "explanation", false);
        write_json_string(out, s.explanation);
        key(out, "options", false);
        list(out, &s.options, option);
        out.push('}');
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::api::catalog;
    use crate::{Direction, Game};

    /// Every move of a seeded game on each size, until it ends or 400 moves: the text is
    /// serde_json's for the same report, and likewise the tiles after each move.
    #[test]
    fn move_reports_and_tiles_are_serde_json_text() {
        for size in 3..=6 {
            let mut game = Game::new(size, Some(7 + size as u64)).unwrap();
            assert_eq!(
                tiles(&tiles_of(&game)),
                serde_json::to_string(&views(&game)).unwrap()
            );
            let dirs = [
                Direction::Up,
                Direction::Left,
                Direction::Down,
                Direction::Right,
            ];
            let mut played = 0;
            for i in 0..2000 {
                if played == 400 || game.over() {
                    break;
                }
                if let Some(report) = game.play(dirs[i % 4]) {
                    played += 1;
                    assert_eq!(
                        move_report(&report),
                        serde_json::to_string(&report).unwrap()
                    );
                    assert_eq!(
                        tiles(&tiles_of(&game)),
                        serde_json::to_string(&views(&game)).unwrap()
                    );
                }
            }
            assert!(played > 20, "size {size} played only {played} moves");
        }
    }

    #[test]
    fn a_report_with_no_spawn_and_odd_numbers_is_serde_json_text() {
        let report = MoveReport {
            moves: vec![],
            merges: vec![TileMerge {
                id: 9,
                value: 1.5e300,
                at: [0, 1],
                from: [1, 2],
            }],
            spawned: None,
            gained: f64::NAN,
        };
        assert_eq!(
            move_report(&report),
            serde_json::to_string(&report).unwrap()
        );
    }

    #[test]
    fn the_catalogue_is_serde_json_text() {
        let all = catalog::strategies();
        assert!(all
            .iter()
            .any(|s| s.options.iter().any(|o| !o.fields.is_empty())));
        assert_eq!(strategies(&all), serde_json::to_string(&all).unwrap());
        let learned = catalog::learned();
        assert_eq!(
            strategies(&learned),
            serde_json::to_string(&learned).unwrap()
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
    /// cargo test report_json` rewrites them.
    #[test]
    fn the_page_modules_catalogue_files_are_the_catalogue_without_words() {
        let all = unworded(catalog::strategies());
        assert!(all.iter().all(|s| s.explanation.is_empty()));
        expect_test::expect_file!["catalog-unworded/strategies.json"]
            .assert_eq(&format!("{}\n", strategies(&all)));
        expect_test::expect_file!["catalog-unworded/learned.json"]
            .assert_eq(&format!("{}\n", strategies(&unworded(catalog::learned()))));
    }

    fn tiles_of(game: &Game) -> Vec<(u32, u64, usize, usize)> {
        game.tiles()
    }

    /// The page's tile view as the wasm module serialized it before (`TileView`).
    #[derive(serde::Serialize)]
    struct TileView {
        id: u32,
        value: f64,
        row: usize,
        col: usize,
    }

    fn views(game: &Game) -> Vec<TileView> {
        game.tiles()
            .into_iter()
            .map(|(id, value, row, col)| TileView {
                id,
                value: value as f64,
                row,
                col,
            })
            .collect()
    }
}
