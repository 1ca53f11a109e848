//! `tablebase`: builds endgame tables (`src/ai/endgame`), says what a table file holds, and
//! measures how many positions of a run the formations cover. Threads, files and progress
//! live here; the rules of the sub-game and its solution live in the library.
//!
//! ```sh
//! tablebase build snake-7 --target 3..8 --dir tables --resume   # stops and goes on
//! tablebase info tables/snake-7-t8.egt
//! tablebase cover positions.jsonl --dir tables
//! tablebase reach every.jsonl --dir tables --plies 2
//! tablebase distill every.jsonl --dir tables --out tables-distilled/reached.egd
//! tablebase walls 442 --target 9 --dir tables/reachable --resume
//! ```

mod build;
mod calibrate;
mod cover;
mod distill;
mod positions;
mod reach;
mod walls;
mod walls_cover;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "tablebase",
    about = "Builds and reads the endgame tables the learned search consults"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solves a formation's sub-game for each target, a file per target (FORMATION-tT.egt)
    Build(build::Args),
    /// Checks table files and prints what each holds
    Info {
        /// Table files (.egt) and distilled sets (.egd)
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// How many positions of a positions file each formation covers, and the tables in --dir
    Cover(cover::Args),
    /// For each table, the games of a run that reach a board it covers, its chance there, and
    /// how many of them made the tile
    Calibrate(calibrate::Args),
    /// The table values a run's games look up one to three moves ahead of the boards they play, and
    /// how many of one half's a distilled table of the other half's most looked-up values holds
    Reach(reach::Args),
    /// Writes a distilled set (*.egd): the values a run's games look up most, within a budget
    Distill(distill::Args),
    /// Builds a table of the positions a wall formation's play reaches (WALLS-tT.egr)
    Walls(walls::Args),
    /// For each wall table (*.egr), the share of a positions file's boards in its formation
    /// and held by it, by the largest tile, and the spread of its chances there
    WallsCover(walls_cover::Args),
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
        Command::Build(args) => build::run(&args),
        Command::Info { files } => info(&files),
        Command::Cover(args) => cover::run(&args),
        Command::Calibrate(args) => calibrate::run(&args),
        Command::Reach(args) => reach::run(&args),
        Command::Distill(args) => distill::run(&args),
        Command::Walls(args) => walls::run(&args),
        Command::WallsCover(args) => walls_cover::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(fail) => {
            eprintln!("tablebase: {}", fail.message);
            ExitCode::from(fail.code)
        }
    }
}

/// Reads a table file, naming the file in any failure.
pub fn read_table(path: &std::path::Path) -> Result<game2048::ai::endgame::Table, Fail> {
    game2048::ai::endgame::Table::read_file(path).map_err(Fail::input)
}

fn info(files: &[String]) -> Result<(), Fail> {
    for path in files {
        if path.ends_with(".egd") {
            let set = game2048::ai::endgame::distilled::read_file(std::path::Path::new(path))
                .map_err(Fail::input)?;
            for d in set {
                let game = d.game();
                println!(
                    "{path}: {} t{}: {} values of its {} states (distilled); checksum ok",
                    game.formation().name(),
                    game.target(),
                    d.len(),
                    game.states()
                );
            }
            continue;
        }
        let table = read_table(std::path::Path::new(path))?;
        let game = table.game();
        let values = table.values();
        let won = values.iter().filter(|&&v| v > 0).count();
        let mean =
            values.iter().map(|&v| f64::from(v)).sum::<f64>() / 65535.0 / values.len() as f64;
        println!(
            "{path}: {} building {} on cell {}, {} free cells, {} states; {:.1}% with a chance, mean chance {:.3}; checksum ok",
            game.formation().name(),
            1u64 << game.target(),
            game.formation().goal(),
            game.free().len(),
            game.states(),
            100.0 * won as f64 / values.len() as f64,
            mean
        );
    }
    Ok(())
}
