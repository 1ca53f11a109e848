//! `tablebase distill`: a distilled table set (`*.egd`, `game2048::ai::endgame::distilled`)
//! of the values a run's games look up most near the boards they play (`reach`'s lookups),
//! as many as a byte budget holds, each worked out from the full tables in `--dir`.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use game2048::ai::endgame::distilled::{write_set, Distilled};
use game2048::ai::endgame::table::ONE;
use game2048::ai::endgame::Solved;

use crate::cover::load_tables;
use crate::positions::{board, lines};
use crate::reach::{count, most_looked_up, split_key};
use crate::Fail;

#[derive(clap::Args)]
pub struct Args {
    /// The games' positions, as `arena --positions` writes them ("cells"), every move
    positions: PathBuf,
    /// The full tables (*.egt) the values come from
    #[arg(long)]
    dir: PathBuf,
    /// How many moves ahead of each played board the lookups are taken (three keeps the
    /// boards the search's leaves reach; docs/ai.md)
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=3))]
    plies: u32,
    /// The file's size in bytes at most
    #[arg(long, default_value_t = 4_000_000)]
    budget: u64,
    /// The distilled set's file (*.egd)
    #[arg(long)]
    out: PathBuf,
}

#[derive(serde::Deserialize)]
struct Position {
    cells: Vec<f64>,
}

pub fn run(args: &Args) -> Result<(), Fail> {
    if args.out.extension().is_none_or(|x| x != "egd") {
        return Err(Fail::input(format!(
            "--out {}: a distilled set's file name ends in .egd",
            args.out.display()
        )));
    }
    let tables = load_tables(&args.dir)?;
    if tables.has_distilled() {
        return Err(Fail::input(format!(
            "--dir {}: holds a distilled set (*.egd); distil from full tables only",
            args.dir.display()
        )));
    }
    let boards: Vec<u64> = lines::<Position>(&args.positions)?
        .iter()
        .filter_map(|p| board(&p.cells))
        .collect();
    let mut counts = HashMap::new();
    let lookups = count(&tables, &boards, args.plies, &mut counts);
    let kept = most_looked_up(&counts, tables.tables().len(), args.budget);
    // Each table's kept states, with their chances from the full table.
    let mut by: BTreeMap<usize, Vec<(u32, u16)>> = BTreeMap::new();
    for key in &kept {
        let (place, state) = split_key(*key);
        let Solved::Full(table) = &tables.tables()[place] else {
            unreachable!("distilled tables refused above")
        };
        let game = table.game();
        let chance = game.after_value(game.board(state), &|i| table.chance(i));
        let state = u32::try_from(state).map_err(|_| {
            Fail::input(format!(
                "{} t{}: {} states, more than a distilled table numbers",
                game.formation().name(),
                game.target(),
                game.states()
            ))
        })?;
        let value = (chance * f64::from(ONE)).round() as u16;
        by.entry(place).or_default().push((state, value));
    }
    let set: Vec<Distilled> = by
        .into_iter()
        .map(|(place, entries)| {
            let game = tables.tables()[place].game().clone();
            Distilled::new(game, entries).expect("distinct states within the sub-game")
        })
        .collect();
    let file = std::fs::File::create(&args.out)
        .map_err(|e| Fail::run(format!("{}: cannot write: {e}", args.out.display())))?;
    write_set(&set, std::io::BufWriter::new(file))
        .map_err(|e| Fail::run(format!("{}: cannot write: {e}", args.out.display())))?;
    let covered: u64 = counts.values().sum();
    let served: u64 = kept.iter().map(|k| counts[k]).sum();
    let bytes = std::fs::metadata(&args.out).map_or(0, |m| m.len());
    println!(
        "{}: {} values of {} sub-games, {bytes} bytes; of {} positions' {lookups} lookups {} moves ahead, {covered} covered, {served} ({:.1}%) held",
        args.out.display(),
        kept.len(),
        set.len(),
        boards.len(),
        args.plies,
        100.0 * served as f64 / covered.max(1) as f64
    );
    Ok(())
}
