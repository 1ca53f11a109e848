//! `tablebase reach`: which of the tables' values a run's games look up near the boards they
//! play, and whether the values some games reach serve others: the measure behind a distilled
//! table, one that holds only the states the player reaches (docs/ai.md, "A table the page
//! could carry").
//!
//! From each played board, every board `--plies` moves ahead (each spawn between two moves) is
//! a board just moved, as the search's leaves are; each one a table covers is a lookup of one
//! value, keyed by its table and sub-game state. The games are split by seed: the first half
//! picks the values, the second half is played by games that picked none of them.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;

use game2048::ai::bitboard::Bitboard;
use game2048::ai::endgame::distilled::{overhead, ENTRY_BYTES};
use game2048::ai::endgame::{Formation, Tables};
use rayon::prelude::*;

use crate::cover::load_tables;
use crate::positions::{board, lines};
use crate::Fail;

#[derive(clap::Args)]
pub struct Args {
    /// The games' positions, as `arena --positions` writes them ("seed", "cells"), every move
    positions: PathBuf,
    /// The tables (*.egt)
    #[arg(long)]
    dir: PathBuf,
    /// How many moves ahead of each played board the lookups are taken (the search's leaves
    /// lie two to four ahead; three takes about twenty times as long as two)
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=3))]
    plies: u32,
    /// The distilled table's size in bytes: the most looked-up values of the first half that fit
    #[arg(long, default_value_t = 4_000_000)]
    budget: u64,
}

#[derive(serde::Deserialize)]
struct Position {
    seed: u64,
    cells: Vec<f64>,
}

/// The boards just moved, from `board`: each legal move's.
fn moved(board: u64, out: &mut Vec<u64>) {
    for next in Bitboard(board).shifted_all() {
        if next.0 != board {
            out.push(next.0);
        }
    }
}

/// Every board just moved `plies` moves ahead of `board` (a spawn before each move but the
/// first).
pub fn leaves(board: u64, plies: u32) -> Vec<u64> {
    let mut out = Vec::new();
    moved(board, &mut out);
    for _ in 1..plies {
        let mut next = Vec::new();
        for &after in &out {
            let mut rest = Bitboard(after).empty_mask();
            while rest != 0 {
                let cell = rest.trailing_zeros() / 4;
                rest &= rest - 1;
                for e in [1u64, 2] {
                    moved(after | e << (4 * cell), &mut next);
                }
            }
        }
        out = next;
    }
    out
}

/// The value a table holds for `after`, keyed by the table's place in `tables.tables()` and
/// the sub-game's state ([`split_key`]); None when no table covers it or the sub-game is won
/// there (its value needs no table).
pub fn key(tables: &Tables, after: u64) -> Option<u64> {
    let found = tables.find(after)?;
    let state = found.table.game().after_index(found.board)?;
    Some((found.rank as u64) << 40 | state)
}

/// A [`key`]'s table place and state.
pub fn split_key(key: u64) -> (usize, u64) {
    ((key >> 40) as usize, key & ((1 << 40) - 1))
}

/// Each value's lookups over the boards `positions`, `plies` moves ahead of each, counted on
/// every thread (rayon), into `counts`; the number of boards looked up.
pub fn count(
    tables: &Tables,
    positions: &[u64],
    plies: u32,
    counts: &mut HashMap<u64, u64>,
) -> u64 {
    let (lookups, found) = positions
        .par_chunks(1024)
        .map(|chunk| {
            let mut here: HashMap<u64, u64> = HashMap::new();
            let mut lookups = 0;
            for &b in chunk {
                for after in leaves(b, plies) {
                    lookups += 1;
                    if let Some(k) = key(tables, after) {
                        *here.entry(k).or_default() += 1;
                    }
                }
            }
            (lookups, here)
        })
        .reduce(
            || (0, HashMap::new()),
            |(n, a), (m, b)| {
                let (mut big, small) = if a.len() >= b.len() { (a, b) } else { (b, a) };
                for (k, c) in small {
                    *big.entry(k).or_default() += c;
                }
                (n + m, big)
            },
        );
    for (k, c) in found {
        *counts.entry(k).or_default() += c;
    }
    lookups
}

/// Lookups of one set of games: how many boards were looked up, and each covered value's count.
#[derive(Default)]
struct Half {
    games: HashSet<u64>,
    lookups: u64,
    counts: HashMap<u64, u64>,
}

impl Half {
    fn covered(&self) -> u64 {
        self.counts.values().sum()
    }
}

pub fn run(args: &Args) -> Result<(), Fail> {
    let tables = load_tables(&args.dir)?;
    let positions = lines::<Position>(&args.positions)?;
    let mut seeds: Vec<u64> = positions.iter().map(|p| p.seed).collect();
    seeds.sort_unstable();
    seeds.dedup();
    if seeds.len() < 2 {
        return Err(Fail::input(format!(
            "{}: positions of {} game(s); it takes two or more to split",
            args.positions.display(),
            seeds.len()
        )));
    }
    let split = seeds[seeds.len() / 2];
    let (mut first, mut second) = (Half::default(), Half::default());
    for (half, of_first) in [(&mut first, true), (&mut second, false)] {
        let boards: Vec<u64> = positions
            .iter()
            .filter(|p| (p.seed < split) == of_first)
            .filter_map(|p| {
                half.games.insert(p.seed);
                board(&p.cells)
            })
            .collect();
        half.lookups = count(&tables, &boards, args.plies, &mut half.counts);
    }
    let kept = most_looked_up(&first.counts, tables.tables().len(), args.budget);
    let distilled: HashSet<u64> = kept.iter().copied().collect();
    let all: HashSet<u64> = first.counts.keys().copied().collect();
    let served = |set: &HashSet<u64>| -> u64 {
        second
            .counts
            .iter()
            .filter(|(k, _)| set.contains(k))
            .map(|(_, n)| n)
            .sum()
    };
    let pct = |n: u64, of: u64| 100.0 * n as f64 / of.max(1) as f64;
    println!(
        "lookups {} moves ahead of {} positions of {} games (the first {} pick, the other {} play)",
        args.plies,
        positions.len(),
        seeds.len(),
        first.games.len(),
        second.games.len()
    );
    println!("| games | boards looked up | covered by a table | distinct values | as a distilled table |");
    println!("| --- | --- | --- | --- | --- |");
    for (name, half) in [("first half", &first), ("second half", &second)] {
        let distinct = half.counts.len() as u64;
        println!(
            "| {name} | {} | {} ({:.1}%) | {distinct} | {:.1} MB |",
            half.lookups,
            half.covered(),
            pct(half.covered(), half.lookups),
            (distinct * ENTRY_BYTES) as f64 / 1e6
        );
    }
    let kept = kept.len() as u64;
    println!(
        "second half's covered lookups served by every value of the first half: {:.1}%",
        pct(served(&all), second.covered())
    );
    println!(
        "by the first half's {kept} most looked-up values ({:.1} MB, --budget {}): {:.1}%",
        (kept * ENTRY_BYTES) as f64 / 1e6,
        args.budget,
        pct(served(&distilled), second.covered())
    );
    let mut by: BTreeMap<(Formation, u8), (u64, u64)> = BTreeMap::new();
    for (k, n) in &second.counts {
        let game = tables.tables()[split_key(*k).0].game();
        let row = by.entry((game.formation(), game.target())).or_default();
        row.0 += n;
        row.1 += if distilled.contains(k) { *n } else { 0 };
    }
    println!("| table | second half's covered lookups | served by the distilled table |");
    println!("| --- | --- | --- |");
    for ((formation, target), (n, hit)) in by {
        println!(
            "| {} t{target} | {n} | {:.1}% |",
            formation.name(),
            pct(hit, n)
        );
    }
    Ok(())
}

/// The values looked up most often (ties: the smaller key first) that a distilled file of
/// `budget` bytes holds, beside its header for as many as `tables` sub-games.
pub fn most_looked_up(counts: &HashMap<u64, u64>, tables: usize, budget: u64) -> Vec<u64> {
    let keep = budget.saturating_sub(overhead(tables)) / ENTRY_BYTES;
    let mut ranked: Vec<(u64, u64)> = counts.iter().map(|(&k, &n)| (n, k)).collect();
    ranked.sort_unstable_by_key(|&(n, k)| (std::cmp::Reverse(n), k));
    ranked
        .into_iter()
        .take(keep as usize)
        .map(|(_, k)| k)
        .collect()
}
