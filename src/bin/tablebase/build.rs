//! `tablebase build`: each layer's states solved on every thread (rayon), a checkpoint written
//! every few minutes and at the end of the build (FORMATION-tT.egc beside the table, removed
//! once the table is written), progress on stderr: a bar on a terminal, else a plain line
//! every 10 s.

use std::io::{BufWriter, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use game2048::ai::endgame::formation::{MAX_FIXED, MIN_FIXED, MIN_PARALLEL};
use game2048::ai::endgame::{Builder, Formation, Subgame, Table};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::{read_table, Fail};

#[derive(clap::Args)]
pub struct Args {
    /// The formation: snake-N, the first N cells of the snake fixed (6..12), or parallel-N,
    /// the first N of the parallel path (7..12; docs/ai.md, "Endgame tables")
    formation: String,
    /// The target exponents (the chain's end: 8 for 256), one (8) or a range (3..8)
    #[arg(long)]
    target: String,
    /// Where the tables and checkpoints go
    #[arg(long, default_value = "tables")]
    dir: PathBuf,
    /// Go on from a checkpoint left by a stopped build (without it, a checkpoint is refused)
    #[arg(long)]
    resume: bool,
    /// Threads (default: every core)
    #[arg(long)]
    threads: Option<usize>,
    /// Minutes between checkpoints
    #[arg(long, default_value_t = 5.0)]
    checkpoint_minutes: f64,
}

/// A log gets a line at least this often.
const LOG_EVERY: Duration = Duration::from_secs(10);

pub fn parse_formation(name: &str) -> Result<Formation, Fail> {
    Formation::named(name).ok_or_else(|| {
        Fail::input(format!(
            "formation {name:?}: expected snake-{MIN_FIXED} .. snake-{MAX_FIXED} or parallel-{MIN_PARALLEL} .. parallel-{MAX_FIXED}"
        ))
    })
}

fn parse_targets(text: &str, formation: Formation) -> Result<Vec<u8>, Fail> {
    let bad = || {
        Fail::input(format!(
            "--target {text:?}: expected an exponent or a range such as 3..{} (3..={} for {})",
            formation.max_target(),
            formation.max_target(),
            formation.name()
        ))
    };
    let (low, high) = match text.split_once("..") {
        Some((a, b)) => (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?),
        None => {
            let t: u8 = text.parse().map_err(|_| bad())?;
            (t, t)
        }
    };
    if low > high
        || Subgame::new(formation, low).is_none()
        || Subgame::new(formation, high).is_none()
    {
        return Err(bad());
    }
    Ok((low..=high).collect())
}

pub fn run(args: &Args) -> Result<(), Fail> {
    let formation = parse_formation(&args.formation)?;
    let targets = parse_targets(&args.target, formation)?;
    if args.checkpoint_minutes.is_nan() || args.checkpoint_minutes <= 0.0 {
        return Err(Fail::input(
            "--checkpoint-minutes: expected a number above 0",
        ));
    }
    std::fs::create_dir_all(&args.dir)
        .map_err(|e| Fail::run(format!("{}: {e}", args.dir.display())))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| Fail::run(format!("threads: {e}")))?;
    for target in targets {
        let game = Subgame::new(formation, target).expect("checked");
        pool.install(|| build_one(game, args))?;
    }
    Ok(())
}

fn build_one(game: Subgame, args: &Args) -> Result<(), Fail> {
    let table_path = args.dir.join(Table::file_name(&game));
    let checkpoint_path = table_path.with_extension("egc");
    let name = format!("{} t{}", game.formation().name(), game.target());
    if table_path.exists() {
        let table = read_table(&table_path)?;
        if table.game() == &game {
            eprintln!("{name}: {} is built already", table_path.display());
            return Ok(());
        }
    }
    let mut builder = if checkpoint_path.exists() {
        if !args.resume {
            return Err(Fail::input(format!(
                "{} holds a stopped build: pass --resume to go on from it, or remove it",
                checkpoint_path.display()
            )));
        }
        let file = std::fs::File::open(&checkpoint_path)
            .map_err(|e| Fail::run(format!("{}: {e}", checkpoint_path.display())))?;
        let builder = Builder::resume(std::io::BufReader::with_capacity(1 << 20, file))
            .map_err(|e| Fail::input(format!("{}: {e}", checkpoint_path.display())))?;
        if builder.game() != &game {
            return Err(Fail::input(format!(
                "{}: another sub-game's checkpoint",
                checkpoint_path.display()
            )));
        }
        builder
    } else {
        Builder::new(game)
    };
    let (solved, total) = builder.progress();
    let mut progress = Progress::new(&name, solved, total);
    let every = Duration::from_secs_f64(args.checkpoint_minutes * 60.0);
    let mut saved = Instant::now();
    while let Some((sum, states)) = builder.next_layer() {
        let values: Vec<f32> = {
            let b = &builder;
            states.par_iter().map(|&i| b.solve(i)).collect()
        };
        builder.store(sum, &states, &values);
        progress.add(states.len() as u64);
        if saved.elapsed() >= every && !builder.done() {
            write_atomically(&checkpoint_path, |w| builder.write_checkpoint(w).map(drop))?;
            saved = Instant::now();
        }
    }
    progress.finish();
    let table = builder.finish();
    write_atomically(&table_path, |w| table.write(w).map(drop))?;
    if checkpoint_path.exists() {
        std::fs::remove_file(&checkpoint_path)
            .map_err(|e| Fail::run(format!("{}: {e}", checkpoint_path.display())))?;
    }
    eprintln!("{name}: wrote {}", table_path.display());
    Ok(())
}

/// Writes `path` through a temporary file beside it, renamed over it once whole, so that a
/// build killed while writing leaves the last whole file.
fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<std::fs::File>) -> std::io::Result<()>,
) -> Result<(), Fail> {
    let tmp = path.with_extension("tmp");
    let fail = |e: std::io::Error| Fail::run(format!("{}: {e}", path.display()));
    let file = std::fs::File::create(&tmp).map_err(fail)?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    write(&mut out).map_err(fail)?;
    out.into_inner()
        .map_err(|e| fail(e.into_error()))?
        .sync_all()
        .map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}

struct Progress {
    name: String,
    total: u64,
    done: u64,
    start: Instant,
    start_done: u64,
    last: Instant,
    bar: Option<ProgressBar>,
}

impl Progress {
    fn new(name: &str, done: u64, total: u64) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{prefix} [{wide_bar}] {percent}%  {per_sec}  {elapsed} ETA {eta}",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            bar.set_prefix(name.to_string());
            bar.set_position(done);
            bar
        });
        let now = Instant::now();
        Progress {
            name: name.to_string(),
            total,
            done,
            start: now,
            start_done: done,
            last: now,
            bar,
        }
    }

    fn add(&mut self, states: u64) {
        self.done += states;
        match &self.bar {
            Some(bar) => bar.set_position(self.done),
            None if self.last.elapsed() >= LOG_EVERY => {
                self.last = Instant::now();
                eprintln!("{}", self.line());
            }
            None => {}
        }
    }

    fn line(&self) -> String {
        let elapsed = self.start.elapsed().as_secs_f64();
        let rate = (self.done - self.start_done) as f64 / elapsed.max(1e-9);
        let eta = (self.total - self.done) as f64 / rate.max(1e-9);
        format!(
            "{}: {}/{} states ({:.1}%)  {:.0} states/s  elapsed {elapsed:.0}s  ETA {eta:.0}s",
            self.name,
            self.done,
            self.total,
            100.0 * self.done as f64 / self.total.max(1) as f64,
            rate
        )
    }

    fn finish(self) {
        match self.bar {
            Some(bar) => bar.finish(),
            None => eprintln!("{}", self.line()),
        }
    }
}
