//! `tablebase cover`: how many positions of a positions file (as `arena --positions` writes
//! them) lie in each formation, by the largest tile on the board, and how many the tables in
//! `--dir` cover. The measure behind the choice of formations (docs/ai.md).

use std::collections::BTreeMap;
use std::path::PathBuf;

use game2048::ai::endgame::formation::{Layout, MAX_FIXED, MIN_FIXED};
use game2048::ai::endgame::{Formation, Subgame, Symmetry, Tables};

use crate::positions::{board, lines};
use crate::Fail;

#[derive(clap::Args)]
pub struct Args {
    /// Positions, one JSON line each: {"size":4,"cells":[tile values, row by row]}
    positions: PathBuf,
    /// Also count the positions the tables (*.egt) in this folder cover
    #[arg(long)]
    dir: Option<PathBuf>,
}

#[derive(serde::Deserialize)]
struct Line {
    size: usize,
    cells: Vec<f64>,
}

/// Loads every table in `dir`.
pub fn load_tables(dir: &std::path::Path) -> Result<Tables, Fail> {
    Tables::read_dir(dir).map_err(Fail::input)
}

/// A formation and its chain's end.
type Key = (Formation, u8);

/// The formation with the most fixed tiles (and a tabulable target) the board is in, in any
/// symmetry, the snake's before the parallel one's.
fn formation_of(board: u64) -> Option<Key> {
    (MIN_FIXED..=MAX_FIXED).rev().find_map(|k| {
        Layout::ALL.into_iter().find_map(|layout| {
            let f = Formation::new(layout, k)?;
            Symmetry::ALL.iter().find_map(|s| {
                let t = f.target_in(s.canonical(board))?;
                Subgame::new(f, t).map(|_| (f, t))
            })
        })
    })
}

/// A stage's (largest tile's) positions, those in each formation, and those the tables cover.
type Stage = (u64, BTreeMap<Key, u64>, u64);

pub fn run(args: &Args) -> Result<(), Fail> {
    let tables = args.dir.as_deref().map(load_tables).transpose()?;
    let mut stages: BTreeMap<u8, Stage> = BTreeMap::new();
    for p in lines::<Line>(&args.positions)? {
        let Some(board) = board(&p.cells).filter(|_| p.size == 4) else {
            continue;
        };
        let largest = (0..16).map(|i| (board >> (4 * i)) & 0xf).max().unwrap_or(0) as u8;
        let stage = stages.entry(largest).or_default();
        stage.0 += 1;
        if let Some(key) = formation_of(board) {
            *stage.1.entry(key).or_default() += 1;
        }
        if tables.as_ref().is_some_and(|t| t.find(board).is_some()) {
            stage.2 += 1;
        }
    }
    println!("| largest tile | positions | in a formation | by formation (and chain's end) | covered by the tables |");
    println!("| --- | --- | --- | --- | --- |");
    for (largest, (count, by, covered)) in &stages {
        let inside: u64 = by.values().sum();
        let pct = |n: u64| 100.0 * n as f64 / (*count).max(1) as f64;
        let mut parts: Vec<(Key, u64)> = by.iter().map(|(&k, &n)| (k, n)).collect();
        parts.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
        let detail: Vec<String> = parts
            .iter()
            .take(6)
            .map(|&((f, t), n)| format!("{} at {}: {:.1}%", f.name(), 1u64 << t, pct(n)))
            .collect();
        let covered = if tables.is_some() {
            format!("{:.1}%", pct(*covered))
        } else {
            "-".into()
        };
        println!(
            "| {} | {count} | {:.1}% | {} | {covered} |",
            1u64 << largest,
            pct(inside),
            detail.join(", ")
        );
    }
    Ok(())
}
