//! `tablebase calibrate`: for each table, the games of a run that reach a board it covers, the
//! table's chance at the first such board (the best of its moves), and how many of those games
//! went on to make the tile: a table whose chance falls short of what the player makes from
//! there values a sub-game narrower than the game (docs/ai.md, "The endgame screen").

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use game2048::ai::endgame::Formation;

use crate::cover::load_tables;
use crate::positions::{board, lines};
use crate::Fail;

#[derive(clap::Args)]
pub struct Args {
    /// The games, one JSON line each, as `arena --out` writes them ("seed", "largest")
    games: PathBuf,
    /// Their positions, as `arena --positions` writes them ("seed", "cells"), in play order
    positions: PathBuf,
    /// The tables (*.egt)
    #[arg(long)]
    dir: PathBuf,
    /// The tile a game must make to count as won
    #[arg(long, default_value_t = 32768)]
    tile: u64,
}

#[derive(serde::Deserialize)]
struct Game {
    seed: u64,
    largest: serde_json::Value,
}

#[derive(serde::Deserialize)]
struct Position {
    seed: u64,
    cells: Vec<f64>,
}

/// A table by its formation and target, the order its rows are printed in.
type TableKey = (Formation, u8);

pub fn run(args: &Args) -> Result<(), Fail> {
    let tables = load_tables(&args.dir)?;
    let won: HashMap<u64, bool> = lines::<Game>(&args.games)?
        .into_iter()
        .map(|g| {
            let largest = match &g.largest {
                serde_json::Value::String(s) => s.parse().unwrap_or(0),
                v => v.as_u64().unwrap_or(0),
            };
            (g.seed, largest >= args.tile)
        })
        .collect();
    // (table, seed) -> the table's best chance at the game's first board it covers.
    let mut first: BTreeMap<(TableKey, u64), f64> = BTreeMap::new();
    for p in lines::<Position>(&args.positions)? {
        let Some(b) = board(&p.cells).filter(|_| won.contains_key(&p.seed)) else {
            continue;
        };
        let Some(found) = tables.find(b) else {
            continue;
        };
        let game = found.table.game();
        let key = ((game.formation(), game.target()), p.seed);
        if let Entry::Vacant(slot) = first.entry(key) {
            slot.insert(
                found
                    .chances()
                    .iter()
                    .flatten()
                    .copied()
                    .fold(0.0, f64::max),
            );
        }
    }
    // table -> (games, sum of chances, games won)
    let mut by: BTreeMap<TableKey, (u64, f64, u64)> = BTreeMap::new();
    for (&(table, seed), chance) in &first {
        let row = by.entry(table).or_default();
        row.0 += 1;
        row.1 += chance;
        row.2 += u64::from(won[&seed]);
    }
    println!(
        "{} games, {} of them make {}",
        won.len(),
        won.values().filter(|&&w| w).count(),
        args.tile
    );
    println!(
        "| table | games that reach it | its chance there (mean) | of those, made {} |",
        args.tile
    );
    println!("| --- | --- | --- | --- |");
    for ((formation, target), (games, chances, made)) in by {
        println!(
            "| {} t{target} | {games} | {:.3} | {made} ({:.3}) |",
            formation.name(),
            chances / games as f64,
            made as f64 / games as f64
        );
    }
    Ok(())
}
