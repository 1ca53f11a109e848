//! `arena tune RANGES.json`: the cross-entropy method over the ranges' weights. Each
//! generation samples `--population` candidates from a Gaussian per weight (clamped to the
//! weight's range), plays `--games` games each on seeds shared within the generation and new
//! for each generation, keeps the `--elite` fraction and refits the Gaussians to it.
//!
//! One JSON line per generation is appended to `--out`; a run resumes from the file's last
//! line. Generation g draws from a generator seeded by (`--seed`, g), and the next
//! distribution is always read back from the line just written, so a resumed run writes
//! exactly what an uninterrupted one would.

use std::io::Write;

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::args::Cli;
use crate::fail::Fail;
use crate::play::{play_all, Job};
use crate::ranges::{json_number, round_sig, Rand, Ranges};
use crate::run::setup;
use crate::stats::{games_where, Summary};

#[derive(Clone, Serialize, Deserialize)]
struct Candidate {
    weights: Map<String, Value>,
    objective: f64,
    score_mean: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    generation: Option<u64>,
}

#[derive(Serialize, Deserialize)]
struct Generation {
    generation: u64,
    /// What the run was started with; a resumed run must match it.
    settings: Value,
    seeds: [u64; 2],
    /// The distribution the next generation samples from.
    mean: Map<String, Value>,
    std: Map<String, Value>,
    candidates: Vec<Candidate>,
    best: Candidate,
}

fn settings(cli: &Cli, ranges: &Ranges, elite: usize) -> Value {
    let bounds: Map<String, Value> = ranges
        .weights
        .iter()
        .zip(ranges.bounds())
        .map(|((n, _), (lo, hi))| (n.clone(), json!([json_number(lo), json_number(hi)])))
        .collect();
    json!({
        "options": ranges.options, "bounds": bounds, "objective": cli.objective.name(),
        "population": cli.population, "elite": elite, "games": cli.games, "seed": cli.seed,
        "ai_seed": cli.ai_seed, "size": cli.size, "until": cli.until,
    })
}

fn read_history(out: &str, settings: &Value) -> Result<Vec<Generation>, Fail> {
    let text = match std::fs::read_to_string(out) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Fail::input(format!("--out {out:?}: cannot read: {e}"))),
    };
    let mut history = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let bad = |why: String| Fail::input(format!("--out {out}:{}: {why}", i + 1));
        let g: Generation = serde_json::from_str(line)
            .map_err(|e| bad(format!("not a tune generation line: {e}")))?;
        if g.generation != history.len() as u64 + 1 {
            return Err(bad(format!("generation {} out of order", g.generation)));
        }
        if &g.settings != settings {
            return Err(bad(format!(
                "made with other settings ({}); use the same ones or another --out",
                g.settings
            )));
        }
        history.push(g);
    }
    Ok(history)
}

fn numbers(names: &[String], map: &Map<String, Value>) -> Vec<f64> {
    names
        .iter()
        .map(|n| map.get(n).and_then(Value::as_f64).unwrap_or(0.0))
        .collect()
}

fn named(names: &[String], xs: &[f64]) -> Map<String, Value> {
    names
        .iter()
        .zip(xs)
        .map(|(n, &x)| (n.clone(), json_number(x)))
        .collect()
}

fn better(a: &Candidate, b: &Candidate) -> bool {
    (a.objective, a.score_mean) > (b.objective, b.score_mean)
}

pub fn tune(cli: &Cli, path: &str) -> Result<(), Fail> {
    let ranges = Ranges::load(path)?;
    let names: Vec<String> = ranges.weights.iter().map(|(n, _)| n.clone()).collect();
    let bounds = ranges.bounds();
    let population = cli.population as usize;
    let elite = ((cli.elite * population as f64).ceil() as usize).clamp(1, population);
    let settings = settings(cli, &ranges, elite);
    let out = cli.out.clone().unwrap_or_else(|| "tune.jsonl".into());
    let history = read_history(&out, &settings)?;
    // Checks the options before any game: the middle of every range.
    let middle: Vec<f64> = bounds.iter().map(|(lo, hi)| (lo + hi) / 2.0).collect();
    ranges.player(cli, &middle, 0)?;
    let (mut mean, mut std, mut best) = match history.last() {
        Some(g) => (
            numbers(&names, &g.mean),
            numbers(&names, &g.std),
            Some(g.best.clone()),
        ),
        None => (
            middle,
            bounds.iter().map(|(lo, hi)| (hi - lo) / 4.0).collect(),
            None,
        ),
    };
    let first = history.len() as u64 + 1;
    if first > cli.generations {
        println!("{out} already holds {} generations", history.len());
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&out)
        .map_err(|e| Fail::input(format!("--out {out:?}: cannot open: {e}")))?;
    for g in first..=cli.generations {
        let mut rng = Rand::new(cli.seed, g);
        let points: Vec<Vec<f64>> = (0..population)
            .map(|_| {
                (0..names.len())
                    .map(|w| {
                        let x = mean[w] + std[w] * rng.gaussian();
                        round_sig(x.clamp(bounds[w].0, bounds[w].1), 6)
                    })
                    .collect()
            })
            .collect();
        let mut cli_g = cli.clone();
        cli_g.seed = cli.seed + (g - 1) * cli.games;
        cli_g.ai_seed = cli.ai_seed.map(|s| s + (g - 1) * cli.games);
        let players = points
            .iter()
            .enumerate()
            .map(|(i, p)| ranges.player(&cli_g, p, i))
            .collect::<Result<Vec<_>, Fail>>()?;
        let jobs: Vec<Job> = (0..players.len())
            .flat_map(|player| (0..cli.games).map(move |index| Job { player, index }))
            .collect();
        let tag = format!("generation {g}/{} ", cli.generations);
        let games = play_all(&setup(&cli_g)?, &players, &jobs, &tag, |_, _| Ok(()))?;
        let candidates: Vec<Candidate> = (0..population)
            .map(|c| {
                let s = Summary::of(&games_where(&games, |x| x.config == Some(c)));
                Candidate {
                    weights: named(&names, &points[c]),
                    objective: cli.objective.of(&s),
                    score_mean: s.score_mean(),
                    generation: None,
                }
            })
            .collect();
        let mut order: Vec<usize> = (0..population).collect();
        order.sort_by(|&a, &b| {
            let (ca, cb) = (&candidates[a], &candidates[b]);
            (cb.objective, cb.score_mean)
                .partial_cmp(&(ca.objective, ca.score_mean))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        let chosen = &order[..elite];
        for w in 0..names.len() {
            let xs: Vec<f64> = chosen.iter().map(|&c| points[c][w]).collect();
            let m = xs.iter().sum::<f64>() / xs.len() as f64;
            let var = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / xs.len() as f64;
            // A floor keeps the search from freezing on a lucky early elite.
            let floor = (bounds[w].1 - bounds[w].0) * 0.01;
            mean[w] = round_sig(m, 8);
            std[w] = round_sig(var.sqrt().max(floor), 8);
        }
        let top = Candidate {
            generation: Some(g),
            ..candidates[order[0]].clone()
        };
        let best_now = match best.take() {
            Some(b) if !better(&top, &b) => b,
            _ => top,
        };
        let line = Generation {
            generation: g,
            settings: settings.clone(),
            seeds: [cli_g.seed, cli_g.seed + cli.games - 1],
            mean: named(&names, &mean),
            std: named(&names, &std),
            candidates,
            best: best_now,
        };
        let text = serde_json::to_string(&line).map_err(|e| Fail::run(e.to_string()))?;
        writeln!(file, "{text}")
            .and_then(|()| file.flush())
            .map_err(|e| Fail::run(format!("--out {out:?}: {e}")))?;
        // Continue from the line as written, exactly as a resumed run would.
        let back: Generation = serde_json::from_str(&text).map_err(|e| Fail::run(e.to_string()))?;
        mean = numbers(&names, &back.mean);
        std = numbers(&names, &back.std);
        println!(
            "generation {g}: top {} {:.4} (score mean {:.0})  next mean {}",
            cli.objective.name(),
            back.candidates[order[0]].objective,
            back.candidates[order[0]].score_mean,
            Value::Object(back.mean.clone())
        );
        best = Some(back.best);
    }
    if let Some(b) = best {
        println!(
            "best so far: {} {:.4} (score mean {:.0}, generation {}) weights {}",
            cli.objective.name(),
            b.objective,
            b.score_mean,
            b.generation.unwrap_or(0),
            Value::Object(b.weights)
        );
    }
    Ok(())
}
