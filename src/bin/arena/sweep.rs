//! `arena sweep RANGES.json`: every configuration of a grid (or a random sample) of weights
//! over the same games, then the configurations ranked by an objective.

use std::io::Write;

use serde_json::{json, Value};

use crate::args::Cli;
use crate::fail::{create, Fail};
use crate::jsonl::GameLine;
use crate::ranges::{json_number, Ranges};
use crate::run::play_out;
use crate::stats::{games_where, Objective, Summary};

/// One configuration's standing.
pub struct Entry {
    /// What the ranking calls it: its weights (sweep), spec (compare) or options.
    pub name: Value,
    pub config: Option<usize>,
    pub summary: Summary,
}

impl Entry {
    pub fn of(games: &[GameLine]) -> Entry {
        let first = games.first();
        Entry {
            name: first
                .and_then(|g| g.weights.clone())
                .or_else(|| first.and_then(|g| g.label.clone().map(Value::String)))
                .or_else(|| first.map(|g| g.options.clone()))
                .unwrap_or(Value::Null),
            config: first.and_then(|g| g.config),
            summary: Summary::of(games),
        }
    }
}

/// Entries best first: by the objective, then mean score, then as given.
pub fn rank(entries: &mut [Entry], objective: Objective) {
    entries.sort_by(|a, b| {
        let key = |e: &Entry| (objective.of(&e.summary), e.summary.score_mean());
        let (ka, kb) = (key(a), key(b));
        kb.0.total_cmp(&ka.0).then(kb.1.total_cmp(&ka.1))
    });
}

/// The ranking as printed.
pub fn ranking_lines(entries: &[Entry], objective: Objective) -> Vec<String> {
    let mut lines = vec![format!(
        "{:>4}  {:>6}  {:>12}  {:>10}  {:>5}  weights/options",
        "rank",
        "config",
        objective.name(),
        "score mean",
        "games"
    )];
    for (i, e) in entries.iter().enumerate() {
        let config = e.config.map_or("-".to_string(), |c| c.to_string());
        lines.push(format!(
            "{:>4}  {config:>6}  {:>12.4}  {:>10.0}  {:>5}  {}",
            i + 1,
            objective.of(&e.summary),
            e.summary.score_mean(),
            e.summary.games,
            e.name
        ));
    }
    lines
}

/// The ranking as the summary file holds it.
pub fn ranking_json(entries: &[Entry], objective: Objective) -> Value {
    let rows: Vec<Value> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            json!({
                "rank": i + 1,
                "config": e.config,
                "weights": e.name,
                "objective": json_number(objective.of(&e.summary)),
                "score_mean": json_number(e.summary.score_mean()),
                "score_median": e.summary.score_median(),
                "games": e.summary.games,
                "seeds": [e.summary.seeds.0, e.summary.seeds.1],
            })
        })
        .collect();
    json!({ "objective": objective.name(), "ranking": rows })
}

pub fn sweep(cli: &Cli, path: &str) -> Result<(), Fail> {
    let ranges = Ranges::load(path)?;
    let points = ranges.configs()?;
    let players = points
        .iter()
        .enumerate()
        .map(|(i, p)| ranges.player(cli, p, i))
        .collect::<Result<Vec<_>, Fail>>()?;
    let mut cli = cli.clone();
    let out = cli.out.get_or_insert_with(|| "sweep.jsonl".into()).clone();
    let summary_path = cli.summary.clone().unwrap_or_else(|| {
        format!(
            "{}.summary.json",
            out.strip_suffix(".jsonl").unwrap_or(&out)
        )
    });
    let mut summary_out = create("--summary", &summary_path)?;
    eprintln!(
        "sweep: {} configurations x {} games -> {out}",
        players.len(),
        cli.games
    );
    let (games, _) = play_out(&cli, &players, "")?;
    let mut entries: Vec<Entry> = (0..players.len())
        .map(|c| Entry::of(&games_where(&games, |g| g.config == Some(c))))
        .collect();
    rank(&mut entries, cli.objective);
    for line in ranking_lines(&entries, cli.objective) {
        println!("{line}");
    }
    let text = serde_json::to_string_pretty(&ranking_json(&entries, cli.objective))
        .map_err(|e| Fail::run(e.to_string()))?;
    writeln!(summary_out, "{text}")
        .and_then(|()| summary_out.flush())
        .map_err(|e| Fail::run(format!("--summary {summary_path:?}: {e}")))?;
    println!("games written to {out}, ranking to {summary_path}");
    Ok(())
}
