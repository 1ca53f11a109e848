//! `tablebase walls-distill`: a set small enough for a page, from a wall table and the boards
//! of runs (as `arena --positions` writes them): the positions those boards reach most often,
//! each with only its best moves (`src/ai/endgame/reachable/distilled.rs`), packed for a page
//! where the file is a `.ews` (`packed.rs`). The table is read
//! through a layer at a time, so a table larger than memory distils as well.

use std::collections::HashMap;
use std::io::BufReader;
use std::path::PathBuf;

use game2048::ai::endgame::reachable::distilled::best_moves;
use game2048::ai::endgame::reachable::table::TableReader;
use game2048::ai::endgame::reachable::walls::Outcome;
use game2048::ai::endgame::reachable::{DistilledTable, PackedSet};

use crate::positions::{board, lines};
use crate::Fail;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub set: SetArgs,
}

/// What every command that writes a set is given: `walls-distill`'s and `walls-sample`'s.
#[derive(clap::Args)]
pub struct SetArgs {
    /// Runs' boards, one JSON line each (as `arena --positions` writes them)
    #[arg(required = true)]
    pub positions: Vec<PathBuf>,
    /// The wall table (.egr) to distil
    #[arg(long)]
    pub table: PathBuf,
    /// Where the set goes: a .ewd file (7 bytes a position), or a packed .ews (under 2, the
    /// page's)
    #[arg(long)]
    pub out: PathBuf,
    /// Keep at most this many positions, those reached most often
    #[arg(long)]
    pub most: Option<usize>,
    /// Moves whose chances lie within this of the best are best alike (as the arena's
    /// --table-tie)
    #[arg(long, default_value_t = game2048::ai::endgame::lookup::WALL_TIE)]
    pub tie: f64,
}

#[derive(serde::Deserialize)]
struct Line {
    size: usize,
    cells: Vec<f64>,
}

pub fn run(args: &Args) -> Result<(), Fail> {
    let args = &args.set;
    let open = || {
        let file = std::fs::File::open(&args.table)
            .map_err(|e| Fail::input(format!("{}: {e}", args.table.display())))?;
        TableReader::new(BufReader::with_capacity(1 << 20, file))
            .map_err(|e| Fail::input(format!("{}: {e}", args.table.display())))
    };
    let mut reader = open()?;
    let game = reader.game().clone();
    // The positions the boards reach, by how often.
    let mut seen: HashMap<u64, u64> = HashMap::new();
    for path in &args.positions {
        for line in lines::<Line>(path)? {
            let key = (line.size == 4)
                .then(|| board(&line.cells))
                .flatten()
                .and_then(|b| game.find(b));
            if let Some((_, key)) = key {
                *seen.entry(key).or_default() += 1;
            }
        }
    }
    let mut kept: Vec<(u64, u64)> = seen.into_iter().collect();
    kept.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    kept.truncate(args.most.unwrap_or(usize::MAX));
    // The chances each kept position's moves need: the position's own and its spawns'.
    // None until the table is read through, then each one's chance where the table holds it.
    let mut needed: HashMap<u64, Option<f64>> = HashMap::new();
    for &(key, _) in &kept {
        needed.insert(key, None);
        for outcome in game.moves(key).into_iter().flatten() {
            if let Outcome::After(after) = outcome {
                for i in game.empty(after) {
                    needed.insert(after | 1 << (4 * i), None);
                    needed.insert(after | 2 << (4 * i), None);
                }
            }
        }
    }
    let bad = |e| Fail::input(format!("{}: {e}", args.table.display()));
    while let Some((_, layer)) = reader.layer().map_err(bad)? {
        for (&key, &chance) in layer.keys.iter().zip(&layer.chances) {
            if let Some(c) = needed.get_mut(&key) {
                *c = Some(f64::from(chance) / f64::from(u16::MAX));
            }
        }
    }
    reader.finish().map_err(bad)?;
    let entries: Vec<(u64, u8)> = kept
        .iter()
        .filter(|(key, _)| needed[key].is_some())
        .map(|&(key, _)| {
            let reached = |_: u32, k: u64| needed.get(&k).copied().flatten().unwrap_or(0.0);
            let chances = game.moves(key).map(|o| o.map(|o| game.expect(o, &reached)));
            (key, best_moves(&chances, args.tie))
        })
        .collect();
    write_set(
        DistilledTable::new(game, args.tie as f32, entries),
        &args.out,
        kept.len(),
    )
}

/// Writes the set to `out`, packed where it is a `.ews`, and says how many positions of the
/// `seen` it holds and in how many bytes.
pub fn write_set(set: DistilledTable, out: &std::path::Path, seen: usize) -> Result<(), Fail> {
    let failed = |e: std::io::Error| Fail::run(format!("{}: {e}", out.display()));
    let file = std::io::BufWriter::new(std::fs::File::create(out).map_err(failed)?);
    let positions = if out.extension().is_some_and(|x| x == "ews") {
        let packed = PackedSet::pack(&set);
        packed.write(file).map_err(failed)?;
        packed.positions()
    } else {
        set.write(file).map_err(failed)?;
        set.positions()
    };
    let bytes = std::fs::metadata(out).map_or(0, |m| m.len());
    println!(
        "{}: {positions} positions of {seen} seen, {bytes} bytes",
        out.display()
    );
    Ok(())
}
