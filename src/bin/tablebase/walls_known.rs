//! `tablebase walls-known`: how many of a positions file's boards in a wall formation were
//! already seen in other runs' boards. That is the share of boards a set distilled from those
//! runs would hold, which decides whether a set small enough for a page can carry a table's
//! gain. It needs no table: a board's position in the formation is its key (`WallGame::find`).

use std::collections::HashSet;
use std::path::PathBuf;

use game2048::ai::endgame::reachable::WallGame;

use crate::positions::{board, lines};
use crate::Fail;

#[derive(clap::Args)]
pub struct Args {
    /// The boards to look up, one JSON line each (as `arena --positions` writes them)
    positions: PathBuf,
    /// Boards a set would be distilled from, in files of the same kind: each file joins the
    /// set in turn, and each gets a line saying how much the set then holds
    #[arg(long, required = true)]
    known: Vec<PathBuf>,
    /// The formation (442, L3 or 443)
    #[arg(long)]
    walls: String,
    /// Its target exponent (9 for 512)
    #[arg(long)]
    target: u8,
}

#[derive(serde::Deserialize)]
struct Line {
    size: usize,
    cells: Vec<f64>,
}

/// A distilled entry's bytes: a position's key and its best moves.
pub const ENTRY_BYTES: usize = 7;

/// The keys of a file's boards that lie in the formation, in order, repeats kept.
fn keys(game: &WallGame, path: &std::path::Path) -> Result<Vec<u64>, Fail> {
    Ok(lines::<Line>(path)?
        .into_iter()
        .filter(|p| p.size == 4)
        .filter_map(|p| board(&p.cells))
        .filter_map(|b| game.find(b).map(|(_, key)| key))
        .collect())
}

pub fn run(args: &Args) -> Result<(), Fail> {
    let game = crate::wall_game(&args.walls, args.target, "--walls ")?;
    let looked_up = keys(&game, &args.positions)?;
    println!(
        "{}: {} boards of {} in the formation",
        game.name(),
        looked_up.len(),
        args.positions.display()
    );
    println!("| known so far | distinct positions | a set of them at {ENTRY_BYTES} bytes each | boards found in it |");
    println!("| --- | --- | --- | --- |");
    let mut set = HashSet::new();
    for path in &args.known {
        set.extend(keys(&game, path)?);
        let found = looked_up.iter().filter(|k| set.contains(*k)).count();
        println!(
            "| {} | {} | {:.1} MB | {:.1}% |",
            path.display(),
            set.len(),
            (set.len() * ENTRY_BYTES) as f64 / 1e6,
            100.0 * found as f64 / looked_up.len().max(1) as f64
        );
    }
    Ok(())
}
