//! `tablebase`: builds tables of the positions a wall formation's play reaches
//! (`src/ai/endgame/reachable`), says what a table file holds, and measures how many positions
//! of a run each table holds. Threads, files and progress live here; the rules of the sub-game
//! and its solution live in the library.
//!
//! ```sh
//! tablebase walls 442 --target 9 --dir tables/reachable --resume   # stops and goes on
//! tablebase info tables/reachable/442-t9.egr
//! tablebase walls-cover positions.jsonl --dir tables/reachable
//! tablebase walls-known new.jsonl --known old.jsonl --walls 443 --target 9
//! tablebase walls-distill runs.jsonl --table tables/v9/443-t9.egr --out set/443-t9.ews
//! tablebase walls-sample runs.jsonl --table tables/v9/443-t9.egr --runs 20 --out set/443-t9.ews
//! ```

mod positions;
mod walls;
mod walls_cover;
mod walls_distill;
mod walls_known;
mod walls_sample;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use game2048::ai::endgame::reachable::table::TableReader;
use game2048::ai::endgame::reachable::{WallGame, Walls};

#[derive(Parser)]
#[command(
    name = "tablebase",
    about = "Builds and reads the wall tables the learned search may consult at the root"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Checks wall tables' files and prints what each holds
    Info {
        /// Wall tables (.egr)
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Builds a table of the positions a wall formation's play reaches (WALLS-tT.egr)
    Walls(walls::Args),
    /// For each wall table (*.egr), the share of a positions file's boards in its formation
    /// and held by it, by the largest tile, and the spread of its chances there
    WallsCover(walls_cover::Args),
    /// The share of a positions file's boards in a formation that other runs' boards already
    /// hold: what a set distilled from those runs would find
    WallsKnown(walls_known::Args),
    /// A set small enough for a page (.ewd, or packed: .ews): the positions runs' boards reach
    /// most often in a wall table, each with only its best moves
    WallsDistill(walls_distill::Args),
    /// A set for a page from play-outs of the sub-game as the table plays it, from the boards
    /// where runs' games (every move of each) enter the formation: the positions they reach most
    /// often
    WallsSample(walls_sample::Args),
}

/// The sub-game of formation `walls` at target exponent `target`; bad input names `flag`
/// (how the command line gave the formation) and the formations there are.
pub fn wall_game(walls: &str, target: u8, flag: &str) -> Result<WallGame, Fail> {
    let named = Walls::named(walls).ok_or_else(|| {
        let names: Vec<_> = Walls::ALL.iter().map(|w| w.name()).collect();
        Fail::input(format!(
            "{flag}{walls:?}: expected one of {}",
            names.join(", ")
        ))
    })?;
    WallGame::new(named, target)
        .ok_or_else(|| Fail::input(format!("--target {target}: expected 3..=14")))
}

/// A failure: a message, and the exit code (2 for bad input, 1 otherwise).
pub struct Fail {
    pub code: u8,
    pub message: String,
}

impl Fail {
    pub fn input(message: impl Into<String>) -> Fail {
        Fail {
            code: 2,
            message: message.into(),
        }
    }

    pub fn run(message: impl Into<String>) -> Fail {
        Fail {
            code: 1,
            message: message.into(),
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Info { files } => info(&files),
        Command::Walls(args) => walls::run(&args),
        Command::WallsCover(args) => walls_cover::run(&args),
        Command::WallsKnown(args) => walls_known::run(&args),
        Command::WallsDistill(args) => walls_distill::run(&args),
        Command::WallsSample(args) => walls_sample::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(fail) => {
            eprintln!("tablebase: {}", fail.message);
            ExitCode::from(fail.code)
        }
    }
}

/// Checks each wall table's file (its checksum among the rest) and prints what it holds,
/// reading it through a layer at a time: a table larger than memory is checked too.
fn info(files: &[String]) -> Result<(), Fail> {
    for path in files {
        let named = |e: &dyn std::fmt::Display| Fail::input(format!("{path}: {e}"));
        let file = std::fs::File::open(path).map_err(|e| named(&e))?;
        let reader = TableReader::new(std::io::BufReader::new(file)).map_err(|e| named(&e))?;
        let sizes = reader.sizes().to_vec();
        let game = reader.finish().map_err(|e| named(&e))?;
        let first = sizes.first().map_or(0, |&(sum, _)| sum);
        let last = sizes.last().map_or(0, |&(sum, _)| sum);
        println!(
            "{path}: walls {}, target {}: {} positions in {} layers (free tiles summing {} to {}); checksum ok",
            game.walls().name(),
            1u64 << game.target(),
            sizes.iter().map(|&(_, n)| n).sum::<u64>(),
            sizes.len(),
            2 * first,
            2 * last,
        );
    }
    Ok(())
}
