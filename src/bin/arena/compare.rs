//! `arena compare SPEC...`: several strategies over the same games, their tables side by
//! side and, with `--svg`, a chart.
//!
//! A spec is `NAME[:KEY=VALUE,...]`: `expectimax:nodes=20000`, `greedy`, `montecarlo:k=100`,
//! `minimax:depth=4,weights=@w.json`, `expectimax:weights={"empty":300,"merges":500}`. Each
//! pair becomes an AI option; a VALUE is JSON if it reads as JSON, the JSON in a file for
//! `@FILE`, else a string. Commas inside `{}`, `[]` or quotes do not split pairs. One key is
//! the arena's, not an AI option: `network=FILE`, the network a learned strategy plays with
//! in this spec's games (`td:network=a.ntw td:network=b.ntw` compares two networks);
//! without it, `--network`'s.

use std::io::Write;

use serde_json::{Map, Value};

use game2048::ai::StrategyName;

use crate::args::{json_or_file, Cli};
use crate::chart;
use crate::fail::{create, Fail};
use crate::networks::{self, Networks};
use crate::play::Player;
use crate::run::play_out;
use crate::stats::{columns, games_where, Summary};

/// The AI options a spec names.
pub fn parse_spec(spec: &str) -> Result<Map<String, Value>, Fail> {
    let bad = |why: &str| Fail::input(format!("spec {spec:?}: {why}"));
    let (name, pairs) = spec.split_once(':').unwrap_or((spec, ""));
    if name.is_empty() || name.contains('=') {
        return Err(bad(
            "must start with a strategy name, as in expectimax:nodes=2000",
        ));
    }
    let mut options = Map::new();
    options.insert("strategy".into(), name.into());
    for pair in split_top_level(pairs) {
        let Some((key, value)) = pair.split_once('=') else {
            return Err(bad(&format!("{pair:?} is not KEY=VALUE")));
        };
        if key.is_empty() || key == "strategy" {
            return Err(bad(&format!("{key:?} is not an option name")));
        }
        let value = if value.starts_with('@') {
            json_or_file(value).map_err(|e| Fail::input(format!("spec {spec:?}: {key}: {e}")))?
        } else {
            serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.into()))
        };
        if options.insert(key.into(), value).is_some() {
            return Err(bad(&format!("{key} given twice")));
        }
    }
    Ok(options)
}

/// Splits at commas outside brackets, braces and double quotes; no empty parts.
fn split_top_level(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut quoted, mut start) = (Vec::new(), 0i32, false, 0);
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '{' | '[' if !quoted => depth += 1,
            '}' | ']' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts.retain(|p| !p.is_empty());
    parts
}

pub fn compare(cli: &Cli, specs: &[String]) -> Result<(), Fail> {
    let mut players = Vec::new();
    let mut read = Networks::default();
    for spec in specs {
        if specs.iter().filter(|s| *s == spec).count() > 1 {
            return Err(Fail::input(format!("spec {spec:?} given twice")));
        }
        let origin = format!("spec {spec:?}");
        let mut options = parse_spec(spec)?;
        let network = options.remove(networks::SPEC_KEY);
        let mut player = Player::new(options, cli.ai_seed, cli.seed, &origin)?;
        if let Some(path) = network {
            let Some(path) = path.as_str().filter(|p| !p.is_empty()) else {
                return Err(Fail::input(format!(
                    "{origin}: {} must be a file's path, got {path}",
                    networks::SPEC_KEY
                )));
            };
            let learned = player
                .search_options(0)
                .is_ok_and(|o| o.strategy.needs_network());
            if !learned {
                let learned = StrategyName::LEARNED.map(StrategyName::name).join(", ");
                return Err(Fail::input(format!(
                    "{origin}: {} is for the strategies that play with one ({learned})",
                    networks::SPEC_KEY
                )));
            }
            let from = format!("{origin}: {} {path}", networks::SPEC_KEY);
            player.network = Some(read.get(path, cli.sparse, &from)?);
        }
        player.label = Some(spec.clone());
        players.push(player);
    }
    // Open the chart file before playing, so a bad path fails fast.
    let mut svg_out = match &cli.svg {
        Some(path) => Some((path, create("--svg", path)?)),
        None => None,
    };
    let (games, _) = play_out(cli, &players, "")?;
    let summaries: Vec<Summary> = (0..players.len())
        .map(|p| {
            let label = players[p].label.as_ref();
            Summary::of(&games_where(&games, |g| g.label.as_ref() == label))
        })
        .collect();
    let first = &summaries[0];
    let until = cli
        .until
        .map(|t| format!("  until {t}"))
        .unwrap_or_default();
    println!(
        "games {}  size {}{until}  seeds {}..{}",
        first.games, cli.size, first.seeds.0, first.seeds.1
    );
    for line in columns(specs, &summaries, !cli.no_timing) {
        println!("{line}");
    }
    if let Some((path, mut out)) = svg_out.take() {
        let title = format!(
            "{} games, {n}x{n}, seeds {}..{}",
            first.games,
            first.seeds.0,
            first.seeds.1,
            n = cli.size
        );
        out.write_all(chart::compare_svg(&title, specs, &summaries).as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| Fail::run(format!("--svg {path:?}: {e}")))?;
        println!("chart written to {path}");
    }
    Ok(())
}
