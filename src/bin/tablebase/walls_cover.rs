//! `tablebase walls-cover`: for each wall table (*.egr) in `--dir`, how many positions of a
//! positions file (as `arena --positions` writes them) lie in its formation and how many it
//! holds, by the largest tile on the board, and how its chances spread there: the best move's
//! chance, and how often the best move's chance stands clear of the next legal move's.

use std::collections::BTreeMap;
use std::path::PathBuf;

use game2048::ai::endgame::reachable::{Chances, MappedTable};

use crate::positions::{board, lines};
use crate::Fail;

#[derive(clap::Args)]
pub struct Args {
    /// Positions, one JSON line each: {"size":4,"cells":[tile values, row by row]}
    positions: PathBuf,
    /// The folder of wall tables (*.egr)
    #[arg(long, default_value = "tables/reachable")]
    dir: PathBuf,
}

#[derive(serde::Deserialize)]
struct Line {
    size: usize,
    cells: Vec<f64>,
}

/// Upper ends of the best chance's bins.
const BINS: [f64; 4] = [0.5, 0.9, 0.99, f64::INFINITY];
/// A best move whose chance is this far above the next move's stands clear of it.
const CLEAR: f64 = 0.01;

#[derive(Default)]
struct Stage {
    positions: u64,
    in_formation: u64,
    held: u64,
    bins: [u64; BINS.len()],
    clear: u64,
}

pub fn run(args: &Args) -> Result<(), Fail> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&args.dir)
        .map_err(|e| Fail::input(format!("{}: {e}", args.dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "egr"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(Fail::input(format!(
            "{}: no wall table (*.egr): build one with tablebase walls",
            args.dir.display()
        )));
    }
    let positions: Vec<u64> = lines::<Line>(&args.positions)?
        .into_iter()
        .filter(|p| p.size == 4)
        .filter_map(|p| board(&p.cells))
        .collect();
    println!("| table | largest tile | positions | in its formation | held | best chance <0.5 / 0.5-0.9 / 0.9-0.99 / 0.99+ (of held) | best clear of the next by {CLEAR} |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for path in &paths {
        let table = MappedTable::open(path).map_err(Fail::input)?;
        let mut stages: BTreeMap<u8, Stage> = BTreeMap::new();
        for &b in &positions {
            let largest = (0..16).map(|i| (b >> (4 * i)) & 0xf).max().unwrap_or(0) as u8;
            let stage = stages.entry(largest).or_default();
            stage.positions += 1;
            let Some(covered) = table.covers(b) else {
                continue;
            };
            stage.in_formation += 1;
            if !covered.held {
                continue;
            }
            stage.held += 1;
            let mut chances: Vec<f64> = covered.chances.iter().flatten().copied().collect();
            chances.sort_by(|a, b| b.total_cmp(a));
            let top = chances.first().copied().unwrap_or(0.0);
            let bin = BINS.iter().position(|&end| top < end).unwrap_or(0);
            stage.bins[bin] += 1;
            if chances.len() < 2 || top - chances[1] >= CLEAR {
                stage.clear += 1;
            }
        }
        for (largest, s) in &stages {
            let pct = |n: u64, of: u64| 100.0 * n as f64 / of.max(1) as f64;
            let bins: Vec<String> = s
                .bins
                .iter()
                .map(|&n| format!("{:.0}%", pct(n, s.held)))
                .collect();
            println!(
                "| {} | {} | {} | {:.1}% | {:.1}% | {} | {:.1}% |",
                table.game().name(),
                1u64 << largest,
                s.positions,
                pct(s.in_formation, s.positions),
                pct(s.held, s.positions),
                bins.join(" / "),
                pct(s.clear, s.held)
            );
        }
    }
    Ok(())
}
