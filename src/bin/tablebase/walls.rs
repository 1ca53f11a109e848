//! `tablebase walls`: builds a table of reachable positions of a wall formation
//! (`src/ai/endgame/reachable`), forward then backward on every thread. The forward pass's
//! positions are kept beside the table as a checkpoint (WALLS-tT.fwd, a table whose chances
//! are all 0) until the table is written, so that `--resume` solves from them; progress goes
//! to stderr, a line every 10 s.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use game2048::ai::endgame::reachable::build::{backward, forward, table_of};
use game2048::ai::endgame::reachable::{ReachTable, WallGame, Walls};

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
    /// Solve from the forward pass's checkpoint where one is there
    #[arg(long)]
    resume: bool,
    /// Threads (default: every core)
    #[arg(long)]
    threads: Option<usize>,
}

/// A log gets a line at least this often.
const LOG_EVERY: Duration = Duration::from_secs(10);

pub fn run(args: &Args) -> Result<(), Fail> {
    let walls = Walls::named(&args.walls).ok_or_else(|| {
        let names: Vec<_> = Walls::ALL.iter().map(|w| w.name()).collect();
        Fail::input(format!(
            "walls {:?}: expected one of {}",
            args.walls,
            names.join(", ")
        ))
    })?;
    let game = WallGame::new(walls, args.target)
        .ok_or_else(|| Fail::input(format!("--target {}: expected 3..=14", args.target)))?;
    std::fs::create_dir_all(&args.dir)
        .map_err(|e| Fail::run(format!("{}: {e}", args.dir.display())))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| Fail::run(format!("threads: {e}")))?;
    let path = args.dir.join(ReachTable::file_name(&game));
    let checkpoint = path.with_extension("fwd");
    let started = Instant::now();
    let mut log = Log::new(&game.name());
    let layers = if args.resume && checkpoint.exists() {
        let positions = ReachTable::read_file(&checkpoint).map_err(Fail::input)?;
        if positions.game() != &game {
            return Err(Fail::input(format!(
                "{}: a checkpoint of another table",
                checkpoint.display()
            )));
        }
        eprintln!(
            "{}: forward pass read from {}",
            game.name(),
            checkpoint.display()
        );
        let mut layers = vec![Vec::new(); positions.layers().next().map_or(0, |(s, _)| s as usize)];
        layers.extend(positions.layers().map(|(_, l)| l.keys.clone()));
        layers
    } else {
        let layers =
            pool.install(|| forward(&game, &game.seeds(), |s, n| log.note("forward", s, n)));
        let zeros = layers.iter().map(|l| vec![0.0; l.len()]).collect();
        table_of(&game, layers.clone(), zeros)
            .write_file(&checkpoint)
            .map_err(|e| Fail::run(format!("{}: {e}", checkpoint.display())))?;
        layers
    };
    let positions: usize = layers.iter().map(Vec::len).sum();
    eprintln!(
        "{}: {positions} positions in {} layers after {:.0} s",
        game.name(),
        layers.len(),
        started.elapsed().as_secs_f64()
    );
    let values = pool.install(|| backward(&game, &layers, |s, n| log.note("backward", s, n)));
    let table = table_of(&game, layers, values);
    table
        .write_file(&path)
        .map_err(|e| Fail::run(format!("{}: {e}", path.display())))?;
    let _ = std::fs::remove_file(&checkpoint);
    eprintln!(
        "{}: written to {} in {:.0} s",
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
    done: usize,
}

impl Log {
    fn new(name: &str) -> Log {
        Log {
            name: name.to_owned(),
            last: Instant::now(),
            done: 0,
        }
    }

    fn note(&mut self, pass: &str, sum: u32, positions: usize) {
        self.done += positions;
        if self.last.elapsed() >= LOG_EVERY {
            self.last = Instant::now();
            eprintln!(
                "{}: {pass} at sum {} ({} positions so far)",
                self.name,
                2 * sum,
                self.done
            );
        }
    }
}
