//! `tablebase walls`: builds a table of reachable positions of a wall formation
//! (`src/ai/endgame/reachable`), forward then backward on every thread, a few layers in memory
//! and the rest in a work folder beside the table (WALLS-tT.work/) until the table is written.
//! `--resume` goes on from the layers there; progress goes to stderr, a line every 10 s.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use game2048::ai::endgame::reachable::build::{build, Progress, Work};
use game2048::ai::endgame::reachable::ReachTable;

use crate::Fail;

#[derive(clap::Args)]
pub struct Args {
    /// The walls: 442 (the top row and the two cells under its end), L3 (a 2x3 corner block)
    /// or 443 (the top row and the cell under its end: five walls, 11 free cells)
    walls: String,
    /// The target exponent: 9 for a 512 made anywhere in the free cells
    #[arg(long)]
    target: u8,
    /// Where the table goes (WALLS-tT.egr)
    #[arg(long, default_value = "tables/reachable")]
    dir: PathBuf,
    /// Go on from the layers in the work folder of a build that stopped (without it, the
    /// folder is cleared first)
    #[arg(long)]
    resume: bool,
    /// Threads (default: every core)
    #[arg(long)]
    threads: Option<usize>,
}

/// A log gets a line at least this often.
const LOG_EVERY: Duration = Duration::from_secs(10);

pub fn run(args: &Args) -> Result<(), Fail> {
    let game = crate::wall_game(&args.walls, args.target, "walls ")?;
    std::fs::create_dir_all(&args.dir)
        .map_err(|e| Fail::run(format!("{}: {e}", args.dir.display())))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| Fail::run(format!("threads: {e}")))?;
    let path = args.dir.join(ReachTable::file_name(&game));
    let work = Work::beside(&path);
    if !args.resume && work.dir().exists() {
        std::fs::remove_dir_all(work.dir())
            .map_err(|e| Fail::run(format!("{}: {e}", work.dir().display())))?;
    }
    let started = Instant::now();
    let mut log = Log::new(&game.name());
    let positions = pool
        .install(|| build(&game, &path, &mut log))
        .map_err(|e| Fail::run(format!("{}: {e}", path.display())))?;
    eprintln!(
        "{}: {positions} positions written to {} in {:.0} s",
        game.name(),
        path.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A progress line every [`LOG_EVERY`].
struct Log {
    name: String,
    last: Instant,
    /// Positions through the forward pass, and through the backward one.
    positions: usize,
    solved: usize,
}

impl Log {
    fn new(name: &str) -> Log {
        Log {
            name: name.to_owned(),
            last: Instant::now(),
            positions: 0,
            solved: 0,
        }
    }
}

impl Progress for Log {
    fn layer(&mut self, pass: &str, sum: u32, positions: usize) {
        let done = if pass == "forward" {
            &mut self.positions
        } else {
            &mut self.solved
        };
        *done += positions;
        let done = *done;
        if self.last.elapsed() >= LOG_EVERY {
            self.last = Instant::now();
            eprintln!(
                "{}: {pass} at sum {} ({} positions so far)",
                self.name,
                2 * sum,
                done
            );
        }
    }

    fn resumed(&mut self, pass: &str, sum: u32) {
        eprintln!(
            "{}: {pass} pass resumed at sum {} from the work folder",
            self.name,
            2 * sum
        );
    }
}
